"""Number boxes that take the reader's decimal mark: ``23,1`` in Spanish, ``23.1`` in English.

Streamlit's ``st.number_input`` reads only a decimal point (``23,1`` becomes 231) and refuses a number outside its
bounds in English whatever the page's language. :func:`number_box` is a text box read by
:func:`uncase_core.shared.numbers.read_typed_number`: the text as typed is kept in the workspace like any widget's
value; a text that cannot be read shows the refusal under the box in the reader's language, and the page goes on
with the last number it read (said in the message), so nothing on screen changes silently.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import current_workspace, kept, language, save_settings, t
from ui.i18n import format_count, format_number
from uncase_core.errors import InputError
from uncase_core.shared.numbers import read_typed_number

_LAST = "_number_box_last_"  # session state prefix: the last number a box read


def decimal_mark(lang: str) -> str:
    return "," if lang == "es" else "."


def number_text(value: float, lang: str, whole: bool = False, decimals: int = 2) -> str:
    """``value`` as a box shows it: ``1234`` or ``23,1`` (no digit grouping, which reads back ambiguously)."""
    if whole:
        return str(int(value))
    text = format_number(value, lang, decimals)
    mark = decimal_mark(lang)
    return text.rstrip("0").rstrip(mark) if mark in text else text


def read_box(text: str, lang: str, where: str, **bounds: Any) -> tuple[float | None, str | None]:
    """The number in a box's ``text`` and None, or None and the refusal in ``lang`` (one markdown line)."""
    try:
        return read_typed_number(text, decimal_mark(lang), where, **bounds), None
    except InputError as error:
        return None, error_text(error, lang)


def number_box(key: str, default: float, label: str, *, whole: bool = False, low: float | None = None,
               high: float | None = None, decimals: int = 2, help: str | None = None) -> float:
    """A kept text box for a number between ``low`` and ``high``; returns the number it holds (an int if ``whole``).

    A blank box or a text that cannot be read returns the last number the box read (the default at first), with
    the refusal and that number shown under the box."""
    lang = language()
    workspace = current_workspace()
    stored = workspace.setting(key)
    if isinstance(stored, int | float) and not isinstance(stored, bool):  # stored by the number box it replaces
        save_settings({key: number_text(stored, lang, whole, decimals)})
    text = kept(st.text_input, key, number_text(default, lang, whole, decimals), label, help=help)
    value, problem = read_box(text or "", lang, "", whole=whole, low=low, high=high)
    last = st.session_state.get(_LAST + key, default)
    if value is None:
        shown = format_count(int(last), lang) if whole else number_text(last, lang, False, decimals)
        st.error(f"{problem or t('common.number_blank')} {t('common.number_kept', value=shown)}")
        value = last
    st.session_state[_LAST + key] = value
    return int(value) if whole else float(value)
