"""Shared page set-up: language, sidebar navigation, and widget values that survive page switches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from ui.i18n import LANGUAGES, guess_language, translate

LANGUAGE_KEY = "language"
_LANGUAGE_WIDGET = "language_widget"
_KEPT = "kept_widget_values"

PAGES = (
    ("app.py", "nav.home", ":material/home:"),
    ("pages/1_rag_diagnosis.py", "nav.rag", ":material/troubleshoot:"),
    ("pages/2_conversation_quality.py", "nav.conversations", ":material/forum:"),
    ("pages/3_summary_autoevaluation.py", "nav.summaries", ":material/summarize:"),
    ("pages/4_rubric_lab.py", "nav.rubrics", ":material/rule:"),
    ("pages/5_dataset_workbench.py", "nav.datasets", ":material/dataset:"),
    ("pages/6_threshold_explorer.py", "nav.thresholds", ":material/tune:"),
    ("pages/7_sample_size_planner.py", "nav.planner", ":material/straighten:"),
    ("pages/8_annotator_agreement.py", "nav.agreement", ":material/group:"),
)
# The home page's one-line summary of each module, in the order of PAGES[1:].
SUMMARIES = ("home.rag_summary", "home.conv_summary", "home.sum_summary", "home.rub_summary", "home.wb_summary",
             "home.thr_summary", "home.plan_summary", "home.agr_summary")


def language() -> str:
    return st.session_state.get(LANGUAGE_KEY, "en")


def t(key: str, **values: object) -> str:
    """Translate ``key`` into the session's language."""
    return translate(language(), key, **values)


def kept(widget: Callable[..., Any], key: str, default: Any, *args: Any, **kwargs: Any) -> Any:
    """Draw ``widget`` under ``key`` and keep its value when the user visits another page.

    Streamlit forgets a widget's value when a run does not draw it; the value is copied
    to plain session state after each run and restored before the widget is drawn.
    """
    store = st.session_state.setdefault(_KEPT, {})
    if key not in st.session_state:
        st.session_state[key] = store.get(key, default)
    value = widget(*args, key=key, **kwargs)
    store[key] = value
    return value


def keep(key: str) -> None:
    """Copy a kept widget's value to the store now, from a callback of a run that will not draw it."""
    st.session_state.setdefault(_KEPT, {})[key] = st.session_state[key]


def set_kept(key: str, value: Any) -> None:
    """Set a kept widget's value; call before the widget is drawn in this run."""
    st.session_state.setdefault(_KEPT, {})[key] = value
    st.session_state[key] = value


def forget(*keys: str) -> None:
    """Drop kept values so their widgets start again from their defaults."""
    store = st.session_state.setdefault(_KEPT, {})
    for key in keys:
        store.pop(key, None)
        st.session_state.pop(key, None)


def setup_page(title_key: str) -> str:
    """Call first on every page: page config, language, navigation. Returns the language."""
    st.set_page_config(page_title=translate(language(), title_key), page_icon="🔎", layout="wide")
    if LANGUAGE_KEY not in st.session_state:
        try:
            locale = st.context.locale
        except Exception:  # no browser context (tests, bare mode)
            locale = None
        st.session_state[LANGUAGE_KEY] = guess_language(locale)
    if _LANGUAGE_WIDGET not in st.session_state:
        st.session_state[_LANGUAGE_WIDGET] = st.session_state[LANGUAGE_KEY]
    with st.sidebar:
        chosen = st.radio(
            "Language · Idioma",
            options=list(LANGUAGES),
            format_func=LANGUAGES.__getitem__,
            key=_LANGUAGE_WIDGET,
            horizontal=True,
        )
        st.session_state[LANGUAGE_KEY] = chosen
        st.markdown(f"**{t('nav.heading')}**")
        for path, label_key, icon in PAGES:
            st.page_link(path, label=t(label_key), icon=icon)
        st.divider()
    return chosen
