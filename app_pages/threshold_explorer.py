"""Threshold explorer: how the pass rate moves with a threshold or a composite weight, and which cases flip."""

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import RAG, THRESHOLD_UPLOAD, WORKBENCH
from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, t
from ui.i18n import format_number, format_percent, translate
from ui.widgets.charts import COMPARE_COLOUR, THRESHOLD_COLOUR, sweep_chart
from ui.widgets.data_source import stored_upload, stored_upload_data
from ui.widgets.figures import drawn
from ui.widgets.layout import card_row, show_chart
from ui.widgets.numbers import number_slider
from ui.widgets.proportions import proportion_text
from ui.widgets.text import id_list, text_table
from ui.widgets.tool_uploads import UPLOAD_TYPES, read_cases_now
from uncase_core.assets.reader import load_index, load_scenario, load_workbench
from uncase_core.errors import InputError
from uncase_core.rag.evaluation import AGGREGATIONS, DEFAULT_THRESHOLDS, METRICS
from uncase_core.rag.thresholds import (
    KeptProportions,
    case_standings,
    composite_standings,
    sweep_threshold,
    sweep_weight,
    threshold_flips,
    threshold_grid,
    weight_flips,
)

SOURCES = ("workbench", "rag", "upload")
WEIGHT_GRID = tuple(round(0.25 * i, 2) for i in range(13))  # 0 to 3

lang = language()


def _metric(name: str) -> str:
    return t(f"metric.{name}")


def _dataset(source: str):
    """The chosen dataset; the workbench's and the RAG page's carry the labels the person made there (or, while
    nothing is stored there, what those pages show first)."""
    workspace = current_workspace()
    if source == "workbench":
        return workspace.data(WORKBENCH, lambda: load_workbench(lang))
    if source == "rag":
        return workspace.data(RAG, lambda: load_scenario(load_index()[0], lang))
    stored = stored_upload_data(THRESHOLD_UPLOAD)
    return None if stored is None else stored[0]


# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.header(t("common.data"))
    source = kept(st.radio, "thr_source", "workbench", t("thr.source"), options=list(SOURCES),
                  format_func=lambda s, lang=lang: translate(lang, f"thr.source.{s}"))
    if source == "upload":
        stored_upload(THRESHOLD_UPLOAD, "thr_upload", "thresholds", "common.upload_dataset", "common.upload_help",
                      UPLOAD_TYPES, read_cases_now,  # the RAG page's reader: any other tool's file too
                      count=lambda dataset: len(dataset.cases))
    mode = kept(st.radio, "thr_mode", "threshold", t("thr.mode"), options=["threshold", "weight"],
                format_func=lambda m, lang=lang: translate(lang, f"thr.mode.{m}"))
    metric = kept(st.selectbox, "thr_metric", "faithfulness", t("common.metric"), options=list(METRICS),
                  format_func=lambda m, lang=lang: translate(lang, f"metric.{m}"))

st.title(t("thr.title"))
st.markdown(t("thr.intro"))
dataset = _dataset(source)
if dataset is None or not dataset.cases:
    st.info(t("thr.no_data"))
    finish_page()
    st.stop()
cases = dataset.cases
questions = {c.id: c.question for c in cases}
# The cases' proportions, kept in this session for these very cases: a step of a slider works them out once.
kept_proportions: KeptProportions = st.session_state.setdefault("_thr_kept_proportions", KeptProportions())


def _standing_rows(standings) -> pd.DataFrame:
    """A row per case: id, question, value, interval and standing; each word looked up, and each value written,
    once per table (5,000 rows share a few hundred values), not once per cell."""
    percents: dict[float, str] = {}

    def percent(value: float) -> str:
        text = percents.get(value)
        if text is None:
            text = percents[value] = format_percent(value, lang)
        return text

    words = {standing: t(f"thr.standing.{standing}") for standing in {s.standing for s in standings}}
    columns = {
        t("common.case"): [s.case_id for s in standings],
        t("sum.col.question"): [questions[s.case_id] for s in standings],
        t("thr.value"): ["N/A" if s.value is None else percent(s.value) for s in standings],
        t("thr.range"): ["N/A" if s.low is None else f"{percent(s.low)} – {percent(s.high)}" for s in standings],
        t("thr.standing"): [words[s.standing] for s in standings],
    }
    return pd.DataFrame(columns if standings else [])


def _flip_lists(flips, standings) -> None:
    by_id = {s.case_id: s for s in standings}
    for name, ids in (("newly_failing", flips.newly_failing), ("newly_passing", flips.newly_passing)):
        st.markdown(f"**{t(f'thr.{name}')}** ({len(ids)})")
        if ids:
            text_table(_standing_rows([by_id[i] for i in ids]), hide_index=True, width="stretch")


def _counts_row(point) -> None:
    columns = card_row(4, border=False)
    columns[0].metric(t("thr.pass_rate"), "N/A" if point.pass_rate.value is None else
                      format_percent(point.pass_rate.value, lang), help=t("thr.pass_rate_help"))
    drawn("thresholds.case.verdict")
    columns[1].metric(t("thr.standing.pass"), str(point.clear_pass), help=t("thr.clear_help"))
    columns[2].metric(t("thr.standing.uncertain"), str(point.uncertain), help=t("thr.clear_help"))
    columns[3].metric(t("thr.standing.fail"), str(point.clear_fail), help=t("thr.clear_help"))
    st.caption(proportion_text(point.pass_rate, "thresholds.pass_rate"))


try:
    if mode == "threshold":
        left, right = st.columns(2)
        current = number_slider(f"thr_current_{metric}", DEFAULT_THRESHOLDS[metric], t("thr.current"), 0.0, 1.0,
                                0.05, percent=True, container=left)
        other = number_slider(f"thr_other_{metric}", max(0.0, round(DEFAULT_THRESHOLDS[metric] - 0.1, 2)),
                              t("thr.compare"), 0.0, 1.0, 0.05, percent=True, container=right)
        grid = sorted({*threshold_grid(), current, other})
        sweep = sweep_threshold(cases, metric, grid, kept=kept_proportions)
        at_current = next(p for p in sweep.points if p.x == current)
        figure = sweep_chart(
            [p.x for p in sweep.points], [p.pass_rate for p in sweep.points],
            [(current, t("thr.current_mark"), THRESHOLD_COLOUR), (other, t("thr.compare_mark"), COMPARE_COLOUR)],
            {"x_title": t("thr.x_threshold", metric=_metric(metric)), "y_title": t("thr.y_rate"),
             "rate": t("thr.pass_rate"), "band": t("thr.band")}, lang=lang)
        st.header(t("thr.curve_title", metric=_metric(metric)))
        show_chart(figure)
        _counts_row(at_current)
        standings = case_standings(cases, metric, current, kept=kept_proportions)
        st.header(t("thr.flips_title", a=format_percent(current, lang, 0), b=format_percent(other, lang, 0)))
        flips = threshold_flips(cases, metric, current, other, kept=kept_proportions)
        # The flipped cases' standings at the other threshold: a case's standing is its own (its labels alone).
        flipped = {*flips.newly_failing, *flips.newly_passing}
        _flip_lists(flips, case_standings(cases, metric, other, only=flipped, kept=kept_proportions))
    else:
        aggregation = kept(st.radio, "thr_aggregation", "mean", t("common.aggregation"), options=list(AGGREGATIONS),
                           format_func=lambda a, lang=lang: translate(lang, f"aggregation.{a}"), horizontal=True)
        left, right = st.columns(2)
        threshold = number_slider("thr_composite_threshold", 0.7, t("thr.composite_threshold"), 0.0, 1.0, 0.05,
                                  percent=True, container=left)
        weight = number_slider(f"thr_weight_{metric}", 1.0, t("thr.weight", metric=_metric(metric)), 0.0, 3.0, 0.25,
                               container=right)
        with st.expander(t("thr.other_weights")):
            weights = {m: number_slider(f"thr_fixed_weight_{m}", 1.0, _metric(m), 0.0, 3.0, 0.25)
                       for m in METRICS if m != metric}
        weights[metric] = 1.0
        grid = sorted({*WEIGHT_GRID, weight})
        sweep = sweep_weight(cases, metric, weights, threshold, grid, aggregation)
        at_weight = next(p for p in sweep.points if p.x == weight)
        figure = sweep_chart(
            [p.x for p in sweep.points], [p.pass_rate for p in sweep.points],
            [(1.0, t("thr.equal_mark"), COMPARE_COLOUR), (weight, t("thr.current_mark"), THRESHOLD_COLOUR)],
            {"x_title": t("thr.x_weight", metric=_metric(metric)), "y_title": t("thr.y_rate_composite"),
             "rate": t("thr.pass_rate"), "band": t("thr.band")}, x_format=".2f", lang=lang)
        st.header(t("thr.weight_curve_title", metric=_metric(metric)))
        show_chart(figure)
        _counts_row(at_weight)
        st.caption(t("thr.composite_bound_note"))
        current_weights = {**weights, metric: weight}
        st.header(t("thr.weight_flips_title", metric=_metric(metric), weight=format_number(weight, lang)))
        standings = composite_standings(cases, current_weights, threshold, aggregation)
        _flip_lists(weight_flips(cases, metric, 1.0, weight, weights, threshold, aggregation), standings)
    if sweep.not_applicable:
        st.caption(t("thr.not_applicable", count=len(sweep.not_applicable),
                     ids=id_list(sweep.not_applicable)))
    with st.expander(t("thr.all_cases", count=len(cases))):
        text_table(_standing_rows(standings), hide_index=True, width="stretch")
except InputError as error:
    st.error(error_text(error, lang))

finish_page()
