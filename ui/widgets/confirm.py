"""The one reset-and-confirm block: a button that asks before it throws work away.

A first click shows a warning with "yes" and "no"; "yes" runs the reset (through the workspace's saving, so a
store that refuses it is reported in the saved line) and both answers go back to the plain button. Used by the
label tables' "Start again" on the RAG, agreement and judge pages.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ui.frame.state import run_saving, t


def confirm_reset(state_key: str, label: str, warning: str, reset: Callable[[], None], *, disabled: bool = False,
                  widget_key: str | None = None) -> None:
    """Draw the reset button, or the question it asks, under ``state_key`` (True while it asks).

    ``widget_key`` names the three buttons (``<widget_key>``, ``_yes``, ``_no``); without it they are keyed by their
    labels, as Streamlit does.
    """
    def key(suffix: str) -> str | None:
        return None if widget_key is None else f"{widget_key}{suffix}"

    if st.session_state.get(state_key):
        st.warning(warning)
        yes, no = st.columns(2)
        if yes.button(t("common.reset_yes"), type="primary", key=key("_yes")):
            run_saving(reset)
            st.session_state[state_key] = False
            st.rerun()
        if no.button(t("common.reset_no"), key=key("_no")):
            st.session_state[state_key] = False
            st.rerun()
    elif st.button(label, width="stretch", disabled=disabled, key=key("")):
        st.session_state[state_key] = True
        st.rerun()
