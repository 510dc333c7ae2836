"""What a page says while the server is away, in the reader's language.

Streamlit's frontend opens its own dialog when the connection drops ("Connection error ... Are you connected to the
internet?"), in English only and with no way to reword it (its texts are built into the frontend bundle). The dialog
is the only one Streamlit opens while the app is not connected, and the app root says its connection state
(``data-test-connection-state``), so a style rule drawn with every page puts our catalogue's words in its place
while the connection is down: that the page comes back by itself, that what was saved is kept, and that a click or
key made meanwhile is not sent (Streamlit drops it without a word). The rule is CSS only: it keeps working while the
server is away, since the page's elements, and this style among them, stay in the browser.
"""

from __future__ import annotations

import streamlit as st

from ui.i18n import translate

# Every dialog Streamlit shows while the app root is not connected is its connection-error dialog.
_DOWN = 'body:has([data-testid="stApp"][data-test-connection-state]:not([data-test-connection-state="CONNECTED"]))'
_DIALOG = f'{_DOWN} section[role="dialog"]'


def css_string(text: str) -> str:
    """``text`` as a CSS string literal: everything but letters, digits and spaces as a hex escape, so no quote,
    backslash, newline or ``</style>`` can end the string or the style block. Each escape ends with the one space
    CSS takes as its end (a space after it would otherwise be eaten)."""
    return '"' + "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in text) + '"'


def outage_style(lang: str) -> str:
    """The ``<style>`` block that rewords Streamlit's connection-error dialog in ``lang``."""
    title, message = (css_string(translate(lang, f"outage.{part}")) for part in ("title", "message"))
    return (
        "<style>"
        # The title's own words shrink to nothing; the dialog's accessible name, taken from the title by
        # aria-labelledby, still begins with them (no style can drop a referenced element's text from it).
        f"{_DIALOG} h2 {{ font-size: 0; }}"
        f"{_DIALOG} h2::after {{ content: {title}; font-size: 1.5rem; }}"
        f"{_DIALOG} h2 + div > * {{ display: none; }}"
        f"{_DIALOG} h2 + div::after {{ content: {message}; display: block; white-space: pre-line; }}"
        "</style>"
    )


def outage_words(lang: str) -> None:
    """Call once a run (the frame does): the connection-error dialog, should it open, in the reader's language."""
    st.html(outage_style(lang))
