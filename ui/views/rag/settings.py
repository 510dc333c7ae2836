"""The RAG page's settings: thresholds, weights and aggregation, gates and confidence, in the sidebar; the
``rag.Settings`` they make."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import current_workspace, forget, kept, language, t
from ui.i18n import format_percent, translate
from ui.views.rag.view import weights_caption
from ui.widgets.names import metric_name
from ui.widgets.numbers import CONFIDENCE_LEVELS, number_slider
from uncase_core.errors import InputError
from uncase_core.rag import evaluation as rag

DEFAULT_WEIGHT = 1.0
DEFAULT_GATE = 0.9
WEIGHTS_BOX = "rag_weights_box"  # session state: whether the weights' box is open (its contents drawn)
GATES_BOX = "rag_gates_box"
SETTING_KEYS = tuple(
    [f"rag_threshold_{n}" for n in rag.METRICS] + [f"rag_weight_{n}" for n in rag.METRICS]
    + [f"rag_gate_on_{n}" for n in rag.METRICS] + [f"rag_gate_{n}" for n in rag.METRICS]
    + ["rag_aggregation", "rag_confidence"]
)


def _value(key: str, default: Any) -> Any:
    """A setting's value: its widget's, when drawn in this run or the last full run, else the stored one (the
    weights and gates are drawn only while their box is open, see :func:`draw_settings`)."""
    state = st.session_state
    return state[key] if key in state else current_workspace().setting(key, default)


def current_settings(show_errors: bool = True) -> rag.Settings:
    """The settings in the sidebar widgets' session state (drawn earlier in this run or in the last full run), or
    stored in the workspace for those whose box is closed."""
    thresholds = {n: _value(f"rag_threshold_{n}", rag.DEFAULT_THRESHOLDS[n]) for n in rag.METRICS}
    weights = {n: _value(f"rag_weight_{n}", DEFAULT_WEIGHT) for n in rag.METRICS}
    gates = {n: _value(f"rag_gate_{n}", DEFAULT_GATE) for n in rag.METRICS if _value(f"rag_gate_on_{n}", False)}
    aggregation, confidence = _value("rag_aggregation", "mean"), _value("rag_confidence", 0.95)
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
    st.header(t("common.settings"))
    with st.expander(t("rag.thresholds"), expanded=True):
        for n in rag.METRICS:
            number_slider(f"rag_threshold_{n}", rag.DEFAULT_THRESHOLDS[n], metric_name(n), 0.0, 1.0, 0.05,
                          percent=True, on_change=rerun_results, args=(f"rag_threshold_{n}",))
    # The weights and the gates are drawn only while their box is open: Streamlit's frontend renders every element
    # of the page again on each of a step's commits, closed boxes' contents included (bench/bench_rerender.py), and
    # these thirteen widgets were a tenth of the sidebar's. Their values are read from the workspace meanwhile.
    # The boxes keep their labels (a new label would be a new, closed box: Streamlit's expander id includes it); a
    # closed box that holds something other than the defaults says what, under it, so a setting in force is always
    # in sight.
    weights_box = st.expander(t("rag.weights"), key=WEIGHTS_BOX, on_change="rerun")
    if weights_box.open:
        with weights_box:
            weights = {
                n: number_slider(f"rag_weight_{n}", DEFAULT_WEIGHT, metric_name(n), 0.0, 5.0, 0.5)
                for n in rag.METRICS
            }
            st.caption(_weights_line(weights, lang))
            kept(st.radio, "rag_aggregation", "mean", t("common.aggregation"), options=list(rag.AGGREGATIONS),
                 format_func=lambda a, lang=lang: translate(lang, f"aggregation.{a}"),
                 on_change=rerun_results, args=("rag_aggregation",))
    else:
        weights = {n: _value(f"rag_weight_{n}", DEFAULT_WEIGHT) for n in rag.METRICS}
        aggregation = _value("rag_aggregation", "mean")
        if aggregation != "mean" or any(weight != DEFAULT_WEIGHT for weight in weights.values()):
            try:
                shares = weights_caption(rag.normalize_weights(weights))
            except InputError as error:
                shares = error_text(error, lang)
            st.caption(t("rag.weights_in_force", shares=shares,
                         aggregation=translate(lang, f"aggregation.{aggregation}")))
    gates_box = st.expander(t("rag.gates"), key=GATES_BOX, on_change="rerun")
    if gates_box.open:
        with gates_box:
            st.caption(t("rag.gates_help"))
            for n in rag.METRICS:
                if kept(st.checkbox, f"rag_gate_on_{n}", False, t("rag.gate_on", name=metric_name(n))):
                    number_slider(f"rag_gate_{n}", DEFAULT_GATE, t("rag.gate_value", name=metric_name(n)), 0.0,
                                  1.0, 0.05, percent=True, on_change=rerun_results, args=(f"rag_gate_{n}",))
    elif gates := [n for n in rag.METRICS if _value(f"rag_gate_on_{n}", False)]:
        st.caption(t("rag.gates_in_force", gates=", ".join(
            f"{metric_name(n)} {format_percent(_value(f'rag_gate_{n}', DEFAULT_GATE), lang, 0)}" for n in gates)))
    kept(st.select_slider, "rag_confidence", 0.95, t("common.confidence"), options=CONFIDENCE_LEVELS,
         format_func=lambda c, lang=lang: format_percent(c, lang, 0), on_change=rerun_results,
         args=("rag_confidence",))
    if st.button(t("rag.settings_reset"), width="stretch"):
        forget(*SETTING_KEYS)
        st.rerun()


def _weights_line(weights: Mapping[str, float], lang: str) -> str:
    """The weights as shares of their sum, or why they cannot be (every weight zero)."""
    try:
        return t("rag.weights_normalized", shares=weights_caption(rag.normalize_weights(weights)))
    except InputError as error:
        return error_text(error, lang)
