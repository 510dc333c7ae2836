"""An error nobody caught: a short message with an id for the person, the full traceback with that id in the log.

Streamlit 1.67 calls ``on_script_error`` (given to ``st.App`` in ``serve.py``) for every uncaught exception
in a page script, a widget callback or a fragment, in the session's script thread, after it has logged the
traceback itself; returning True keeps its own exception box off the page. ``client.showErrorDetails =
"none"`` in ``.streamlit/config.toml`` is the floor where ``serve.py`` is not used (``streamlit run app.py``):
Streamlit's own redacted message, in English, without an id.
"""

from __future__ import annotations

import logging
import secrets

import streamlit as st

from ui.i18n import LANGUAGES, guess_language, translate

LOGGER = logging.getLogger("uncase.errors")
ID_BYTES = 4  # 8 hex digits: enough to find one error among a workshop's, short enough to read out


def new_error_id() -> str:
    return secrets.token_hex(ID_BYTES)


def _language() -> str:
    workspace = st.session_state.get("workspace")
    chosen = getattr(workspace, "language", None)
    if chosen in LANGUAGES:
        return chosen
    try:
        return guess_language(st.context.locale)
    except Exception:  # no browser context
        return guess_language(None)


def report_error(error: BaseException) -> bool:
    """Log ``error`` with a new id and show the person that id; True: Streamlit shows nothing more."""
    error_id = new_error_id()
    LOGGER.error("error %s: %s", error_id, type(error).__name__, exc_info=error)
    try:
        st.error(translate(_language(), "page_crash.message", id=error_id))
    except Exception:  # drawing failed too: the log has it; let Streamlit show its redacted box
        LOGGER.exception("error %s: could not show its message", error_id)
        return False
    return True
