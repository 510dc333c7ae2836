"""Drawing RAG results: metric lines, the diagnosis banner, the composite, the case table."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import streamlit as st

from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, language, t
from ui.i18n import format_count, format_number, format_percent
from ui.widgets.layout import card_row
from ui.widgets.names import metric_name
from ui.widgets.proportions import clustered_text, proportion_text, short_proportion_text
from ui.widgets.proportions_svg import proportions_svg
from uncase_core.rag.evaluation import METRICS, DatasetEvaluation, Evaluation, Settings
from uncase_core.stats.policy import exact_one_sided_p, units_for_exact
from uncase_core.stats.proportions import Proportion


def _verdict(name: str, evaluation: Evaluation, settings: Settings) -> str:
    p = evaluation.metrics[name]
    threshold = format_percent(settings.thresholds[name], language(), 0)
    if p.value is None:
        return t("verdict.na")
    verdict = t("verdict.fail" if name in evaluation.diagnosis.failing else "verdict.pass", threshold=threshold)
    if hidden(current_workspace(), "rag", "certainty"):  # a lesson's step asks whether it is clear: not said here
        return verdict
    certainty = "verdict.uncertain" if name in evaluation.diagnosis.uncertain else "verdict.clear"
    return f"{verdict} · {t(certainty)}"


def draw_metrics(evaluation: Evaluation, settings: Settings) -> None:
    """The chart, then one card per dimension: the rate, its counts and interval, the verdict."""
    lang = language()
    chart = proportions_svg(
        METRICS,
        {n: metric_name(n) for n in METRICS},
        evaluation.metrics,
        settings.thresholds,
        {"threshold": t("chart.threshold"), "na": t("chart.na"), "interval": t("chart.interval"),
         "title": t("chart.title")},
    )
    st.image(chart, width="stretch")
    for card, name in zip(card_row(len(METRICS)), METRICS, strict=True):
        p = evaluation.metrics[name]
        with card:
            value = t("value.na_short") if p.value is None else format_percent(p.value, lang)
            st.metric(metric_name(name), value, help=t(f"explain.{name}"))
            st.caption(proportion_text(p, with_percent=False))
            st.caption(_verdict(name, evaluation, settings))


def _exact_disagrees_text(name: str, proportion: Proportion, threshold: float) -> str:
    """Why a verdict whose interval lies on one side of the threshold is still uncertain (stats/policy.py)."""
    lang = language()
    fields = {"name": metric_name(name), "units": format_count(proportion.total, lang),
              "p": format_number(exact_one_sided_p(proportion.successes, proportion.total, threshold), lang, 3),
              "alpha": format_number(1 - proportion.confidence, lang, 2)}
    needed = units_for_exact(proportion, threshold)
    if needed is None:
        return t("diagnosis.exact_disagrees_never", **fields)
    return t("diagnosis.exact_disagrees", needed=format_count(needed, lang), **fields)


def draw_diagnosis(evaluation: Evaluation, thresholds: Mapping[str, float] | None = None) -> None:
    diagnosis = evaluation.diagnosis
    names = ", ".join(metric_name(n) for n in diagnosis.failing)
    if diagnosis.status == "unlabelled":
        st.info(t("diagnosis.nothing_labelled"))
    elif diagnosis.status == "ok" and diagnosis.uncertain:
        # Nothing fails, but not everything is settled: not a green light.
        open_names = [n for n in METRICS if n in diagnosis.uncertain]
        st.info(t("diagnosis.ok_uncertain", count=len(open_names), names=", ".join(metric_name(n) for n in open_names)))
    elif diagnosis.status == "ok":
        st.success(t("diagnosis.ok"))
    elif diagnosis.status == "single":
        st.error(t("diagnosis.single", names=names))
    else:
        st.error(t("diagnosis.multiple", count=len(diagnosis.failing), names=names))
    for name in diagnosis.failing:
        certainty = t("verdict.uncertain") if name in diagnosis.uncertain else t("verdict.clear")
        st.markdown(f"- **{metric_name(name)}**: {t(f'cause.{name}')} ({certainty})")
    if diagnosis.not_applicable:
        listed = ", ".join(metric_name(n) for n in diagnosis.not_applicable)
        st.caption(t("diagnosis.not_applicable", names=listed))
    uncertain_passing = [n for n in diagnosis.uncertain if n not in diagnosis.failing]
    if uncertain_passing:
        listed = ", ".join(metric_name(n) for n in uncertain_passing)
        st.caption(t("diagnosis.uncertain_passing", names=listed))
    for name in diagnosis.exact_disagrees if thresholds is not None else ():
        st.caption(_exact_disagrees_text(name, evaluation.metrics[name], thresholds[name]))
    if diagnosis.uncertain or diagnosis.failing or diagnosis.passing:
        st.caption(t("diagnosis.certainty_help"))


def composite_note(evaluation: Evaluation) -> str:
    """The composite's notes in the reader's language; an N/A composite is said by its value, not here."""
    return " ".join(t(f"composite.{note.code}", names=", ".join(metric_name(n) for n in note.params["dimensions"]))
                    for note in evaluation.composite.notes if note.code != "none_applicable")


def draw_composite(evaluation: Evaluation) -> None:
    composite = evaluation.composite
    lang = language()
    label = t(f"composite.title_{composite.aggregation}")
    value = t("composite.na") if composite.value is None else format_number(composite.value, lang)
    st.markdown(f"**{label}: {value}**")
    if composite.gated:
        st.error(t("composite.gate_fail"))
    used = composite.used_weights
    if used:
        shares = " · ".join(f"{metric_name(n)} {format_percent(w, lang, 0)}" for n, w in used.items())
        st.caption(t("composite.used_weights", shares=shares))
    note = composite_note(evaluation)
    if note:
        st.caption(note)
    st.caption(t("composite.not_standard"))


def cases_table(result: DatasetEvaluation) -> pd.DataFrame:
    """One row per case: the four values with their counts, the diagnosis and the composite. Text cells, so a
    dimension with no labelled unit reads N/A (a number column showed "None") and decimals follow the language."""
    lang = language()
    rows = []
    for case_id, evaluation in zip(result.case_ids, result.cases, strict=True):
        row: dict[str, object] = {t("table.case"): case_id}
        for name in METRICS:
            row[metric_name(name)] = short_proportion_text(evaluation.metrics[name])
        row[t("table.status")] = t(f"status.{evaluation.diagnosis.status}")
        row[t("table.failing")] = ", ".join(metric_name(n) for n in evaluation.diagnosis.failing)
        composite = evaluation.composite.value
        row[t("table.composite")] = t("value.na_short") if composite is None else format_number(composite, lang)
        rows.append(row)
    return pd.DataFrame(rows)


def macro_micro_table(result: DatasetEvaluation) -> pd.DataFrame:
    """Per dimension: the pooled units (Wilson, as if independent), the mean of the cases, and the pooled rate's
    interval with cases as clusters (:mod:`uncase_core.stats.clustered`), the one that holds its level."""
    lang = language()
    rows = []
    for name in METRICS:
        micro = result.units_only[name]
        macro = result.macro[name]
        clustered = result.clustered[name]
        rows.append({
            t("table.dimension"): metric_name(name),
            t("table.micro"): proportion_text(micro),
            t("table.clustered"): clustered_text(clustered),
            t("table.macro"): t("value.na_short") if macro is None else format_percent(macro, lang),
        })
    return pd.DataFrame(rows)


def weights_caption(weights: Mapping[str, float]) -> str:
    lang = language()
    return " · ".join(f"{metric_name(n)} {format_percent(w, lang, 0)}" for n, w in weights.items())
