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
from ui.i18n import format_count, format_number, format_percent, number_style
from uncase_core.errors import InputError
from uncase_core.shared.numbers import read_typed_number

CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)  # the confidence levels the pages offer
_LAST = "_number_box_last_"  # session state prefix: the last number a box read


def decimal_mark(lang: str) -> str:
    return number_style(lang).decimal_mark


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
        said = problem or t("common.number_blank")
        said = said if said.rstrip().endswith((".", "!", "?")) else said.rstrip() + "."  # two sentences, not one
        st.error(f"{said} {t('common.number_kept', value=shown)}")
        value = last
    st.session_state[_LAST + key] = value
    return int(value) if whole else float(value)


def _decimals(step: float) -> int:
    """The decimals a step needs: 0.05 -> 2, 0.5 -> 1, 1 -> 0."""
    text = f"{step:.10f}".rstrip("0")
    return len(text.split(".")[1]) if "." in text else 0


def slider_options(low: float, high: float, step: float) -> list[float]:
    """``low`` to ``high`` by ``step``, each rounded to the step's decimals (0.1 + 0.2 is 0.3 here)."""
    count = round((high - low) / step)
    decimals = _decimals(step) + 2
    return [round(low + i * step, decimals) for i in range(count + 1)]


def slider_label(value: float, lang: str, step: float, percent: bool = False) -> str:
    """How a slider shows ``value``: ``0,65`` or ``65 %`` in Spanish, ``0.65`` or ``65%`` in English."""
    if percent:
        return format_percent(value, lang, max(_decimals(step) - 2, 0))
    return format_number(value, lang, _decimals(step))


def number_slider(key: str, default: float, label: str, low: float, high: float, step: float, *,
                  percent: bool = False, container: Any = st, **kwargs: Any) -> float:
    """A kept slider from ``low`` to ``high`` by ``step`` that writes its numbers with the reader's marks.

    Streamlit's ``st.slider`` formats with printf patterns or the browser's locale, never the page's language: a
    Spanish page showed ``0.65`` beside cards saying ``0,65``. This is ``st.select_slider`` over the same steps,
    each shown by :func:`slider_label`. A stored value between steps (from an older slider) moves to the nearest
    step. ``kwargs`` go to the widget (``on_change``, ``args``, ``help``)."""
    lang = language()
    options = slider_options(low, high, step)

    def nearest(value: Any) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return min(options, key=lambda option: abs(option - value))
        return nearest(default)

    workspace = current_workspace()
    stored = workspace.setting(key)
    if stored is not None and stored not in options:
        save_settings({key: nearest(stored)})
    if key in st.session_state and st.session_state[key] not in options:
        st.session_state[key] = nearest(st.session_state[key])
    return float(kept(container.select_slider, key, nearest(default), label, options=options,
                      format_func=lambda value: slider_label(value, lang, step, percent), **kwargs))
