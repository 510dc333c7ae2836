"""The RAG page's settings: thresholds, weights and aggregation, gates and confidence, in the sidebar; the
``rag.Settings`` they make."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import forget, kept, language, t
from ui.i18n import format_percent, translate
from ui.views.rag.view import metric_name, weights_caption
from ui.widgets.numbers import number_slider
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.rag import evaluation as rag

CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)
SETTING_KEYS = tuple(
    [f"rag_threshold_{n}" for n in rag.METRICS] + [f"rag_weight_{n}" for n in rag.METRICS]
    + [f"rag_gate_on_{n}" for n in rag.METRICS] + [f"rag_gate_{n}" for n in rag.METRICS]
    + ["rag_aggregation", "rag_confidence"]
)


def current_settings(show_errors: bool = True) -> rag.Settings:
    """The settings in the sidebar widgets' session state (drawn earlier in this run or in the last full run)."""
    state = st.session_state
    thresholds = {n: state[f"rag_threshold_{n}"] for n in rag.METRICS}
    weights = {n: state[f"rag_weight_{n}"] for n in rag.METRICS}
    gates = {n: state[f"rag_gate_{n}"] for n in rag.METRICS if state.get(f"rag_gate_on_{n}")}
    aggregation, confidence = state["rag_aggregation"], state["rag_confidence"]
    try:
        return rag.Settings.build(thresholds, weights, aggregation, gates, confidence)
    except InputError as error:
        if show_errors:
            st.error(t("rag.settings_error", message=error_text(error, language())))
        return rag.Settings.build(thresholds, None, aggregation, gates, confidence)


def draw_settings(rerun_results: Callable[[str], None], lang: str) -> None:
    """The settings block (call inside ``with st.sidebar``), drawn in full runs only.

    A threshold, gate value, aggregation or confidence change calls ``rerun_results`` (it reruns just the result
    fragments): the sidebar and the label tables stay as they are in the browser, which halves the work of each
    move for the server and the browser alike. Weights and gate switches redraw the sidebar, so they rerun the page.
    """
    st.subheader(t("common.settings"))
    with st.expander(t("rag.thresholds"), expanded=True):
        for n in rag.METRICS:
            number_slider(f"rag_threshold_{n}", rag.DEFAULT_THRESHOLDS[n], metric_name(n), 0.0, 1.0, 0.05,
                          percent=True, on_change=rerun_results, args=(f"rag_threshold_{n}",))
    with st.expander(t("rag.weights")):
        weights = {
            n: number_slider(f"rag_weight_{n}", 1.0, metric_name(n), 0.0, 5.0, 0.5)
            for n in rag.METRICS
        }
        try:
            st.caption(t("rag.weights_normalized", shares=weights_caption(rag.normalize_weights(weights))))
        except InputError as error:
            st.warning(error_text(error, lang))
        kept(st.radio, "rag_aggregation", "mean", t("common.aggregation"), options=list(rag.AGGREGATIONS),
             format_func=lambda a, lang=lang: translate(lang, f"aggregation.{a}"),
             on_change=rerun_results, args=("rag_aggregation",))
    with st.expander(t("rag.gates")):
        st.caption(t("rag.gates_help"))
        for n in rag.METRICS:
            if kept(st.checkbox, f"rag_gate_on_{n}", False, t("rag.gate_on", name=metric_name(n))):
                number_slider(f"rag_gate_{n}", 0.9, t("rag.gate_value", name=metric_name(n)), 0.0, 1.0, 0.05,
                              percent=True, on_change=rerun_results, args=(f"rag_gate_{n}",))
    kept(st.select_slider, "rag_confidence", 0.95, t("common.confidence"), options=CONFIDENCE_LEVELS,
         format_func=lambda c, lang=lang: format_percent(c, lang, 0), on_change=rerun_results,
         args=("rag_confidence",))
    if st.button(t("rag.settings_reset"), width="stretch"):
        forget(*SETTING_KEYS)
        st.rerun()


DELIMITER_NAMES = MappingProxyType({",": "comma", ";": "semicolon", "tab": "tab"})


def upload_notes(notes: Sequence[Mapping[str, Any]]) -> list[str]:
    """How an uploaded CSV was read (its delimiter, passage and metadata columns), in the reader's language.

    ``notes`` are the upload's notes as stored with it (``{"code", "params"}``, see ``RagUpload.notes``).

    Column names come from the person's file, so they are drawn as text (:func:`ui.widgets.text.literal`).
    """
    texts = []
    for note in notes:
        values = dict(note["params"])
        if "delimiter" in values:
            values["delimiter"] = t(f"rag.delimiter.{DELIMITER_NAMES[values['delimiter']]}")
        if "columns" in values:  # one text, the core's ", "-joined column names
            values["columns"] = literal(values["columns"])
        texts.append(t(f"rag.note.{note['code']}", **values))
    return texts

