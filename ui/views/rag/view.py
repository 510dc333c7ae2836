"""Drawing RAG results: metric lines, the diagnosis banner, the composite, the case table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, language, t
from ui.i18n import format_count, format_number, format_percent
from ui.views.rag.case_rows import case_cells
from ui.widgets.chart_text import proportions_alt
from ui.widgets.figures import drawn, figure_text
from ui.widgets.layout import card_row
from ui.widgets.names import metric_name
from ui.widgets.proportions import clustered_text, drawn_proportion, proportion_text, short_proportion_text
from ui.widgets.proportions_svg import proportions_svg
from uncase_core.rag.evaluation import METRICS, DatasetEvaluation, Diagnosis, Evaluation, Settings
from uncase_core.stats.policy import exact_one_sided_p, units_for_exact
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.shortfall import Shortfall


def _verdict(name: str, evaluation: Evaluation, settings: Settings) -> str:
    """"fails" only where the verdict is clear; below the threshold but uncertain is said as "below" (the same
    words whether or not a lesson hides the certainty, so that the wording does not give it away)."""
    p = evaluation.metrics[name]
    threshold = format_percent(settings.thresholds[name], language(), 0)
    if p.value is None:
        return t("verdict.na")
    diagnosis = evaluation.diagnosis
    if hidden(current_workspace(), "rag", "certainty"):  # a lesson's step asks whether it is clear: not said here
        return t("verdict.below" if name in diagnosis.failing else "verdict.pass", threshold=threshold)
    if name in diagnosis.clear_failing:
        return f"{t('verdict.fail', threshold=threshold)} · {figure_text('rag.case.verdict', 'verdict.clear')}"
    if name in diagnosis.failing:
        return f"{t('verdict.below', threshold=threshold)} · {figure_text('rag.case.verdict', 'verdict.uncertain')}"
    certainty = "verdict.uncertain" if name in diagnosis.uncertain else "verdict.clear"
    return f"{t('verdict.pass', threshold=threshold)} · {figure_text('rag.case.verdict', certainty)}"


def draw_metrics(evaluation: Evaluation, settings: Settings) -> None:
    """The chart, then one card per dimension: the rate, its counts and interval, the verdict."""
    lang = language()
    labels = {n: metric_name(n) for n in METRICS}
    drawn_metrics = {n: drawn_proportion(p, "rag.case.interval") for n, p in evaluation.metrics.items()}
    chart = proportions_svg(
        METRICS, labels, drawn_metrics, settings.thresholds,
        {"threshold": t("chart.threshold"), "na": t("chart.na"), "interval": t("chart.interval"),
         "title": t("chart.title")},
    )
    st.image(chart, width="stretch", alt=proportions_alt(t("chart.title"), "rag.case.interval", METRICS, labels,
                                                         drawn_metrics, settings.thresholds))
    for card, name in zip(card_row(len(METRICS)), METRICS, strict=True):
        p = evaluation.metrics[name]
        with card:
            value = t("value.na_short") if p.value is None else format_percent(p.value, lang)
            st.metric(metric_name(name), value, help=t(f"explain.{name}"))
            st.caption(proportion_text(p, "rag.case.interval", with_percent=False))
            st.caption(_verdict(name, evaluation, settings))


def _exact_disagrees_text(name: str, proportion: Proportion, threshold: float) -> str:
    """Why a verdict whose interval lies on one side of the threshold is still uncertain (stats/policy.py), and
    whether more of this case's units could settle it: a case has the units it has, and once every one is labelled
    no more can come, so the note says what the case can show instead of a count it can never reach."""
    lang = language()
    fields = {"name": metric_name(name), "units": format_count(proportion.total, lang),
              "p": format_number(exact_one_sided_p(proportion.successes, proportion.total, threshold), lang, 3),
              "alpha": format_number(1 - proportion.confidence, lang, 2)}
    needed = units_for_exact(proportion, threshold)
    if needed is None:
        return t("diagnosis.exact_disagrees_never", **fields)
    shortfall = Shortfall(have=proportion.total, minimum=needed, most=proportion.total + proportion.unlabelled)
    if not shortfall.can_come:
        return t("diagnosis.exact_disagrees_case", needed=format_count(needed, lang),
                 all_units=format_count(proportion.total + proportion.unlabelled, lang), **fields)
    return t("diagnosis.exact_disagrees", needed=format_count(needed, lang), **fields)


def _names(names: Sequence[str]) -> str:
    return ", ".join(metric_name(n) for n in names)


def draw_diagnosis(evaluation: Evaluation, thresholds: Mapping[str, float] | None, figure: str) -> None:
    """The diagnosis box, the registered verdict ``figure``: red, and the word "fails", only for the dimensions
    that clearly fail; the ones below their threshold with an uncertain verdict in a box of their own, named as
    uncertain (a word, not a colour alone)."""
    diagnosis = evaluation.diagnosis
    clear, below = diagnosis.clear_failing, diagnosis.uncertain_failing
    if diagnosis.status != "unlabelled":
        drawn(figure)  # the banner below states this figure's verdict, as each dimension's "clear" line does
    if diagnosis.status == "unlabelled":
        st.info(t("diagnosis.nothing_labelled"))
    elif diagnosis.status == "ok" and diagnosis.uncertain:
        # Nothing fails, but not everything is settled: not a green light.
        open_names = [n for n in METRICS if n in diagnosis.uncertain]
        st.info(t("diagnosis.ok_uncertain", count=len(open_names), names=_names(open_names)))
    elif diagnosis.status == "ok":
        st.success(t("diagnosis.ok"))
    elif len(clear) == 1:
        st.error(t("diagnosis.single", names=_names(clear)))
    elif clear:
        st.error(t("diagnosis.multiple", count=len(clear), names=_names(clear)))
    if below:
        st.warning(t("diagnosis.below_uncertain", count=len(below), names=_names(below)))
    for name in (*clear, *below):
        certainty = figure_text(figure, "verdict.uncertain" if name in diagnosis.uncertain else "verdict.clear")
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
    if diagnosis.held_by_correction:
        tested = len(METRICS) - len(diagnosis.not_applicable)
        alpha = 1 - next(p.confidence for p in evaluation.metrics.values())
        st.caption(t("diagnosis.held_by_correction", names=_names(diagnosis.held_by_correction),
                     tests=format_count(tested, language()),
                     strict=format_number(alpha / tested, language(), 4), alpha=format_number(alpha, language(), 2)))
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
        st.warning(t("composite.gate_fail"))  # a rule on the value as measured, not a verdict: not in red
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
    dimension with no labelled unit reads N/A (a number column showed "None") and decimals follow the language.

    A row's text is made once per case evaluation and language (:mod:`ui.views.rag.case_rows`): a label change
    writes the changed case's row, not 2,000 rows of lookups in the catalogue and the session."""
    lang = language()
    drawn("rag.case.interval")
    columns = [t("table.case"), *(metric_name(name) for name in METRICS), t("table.status"), t("table.failing"),
               t("table.composite")]
    rows = [(case_id, *cells) for case_id, cells in
            zip(result.case_ids, case_cells(result.cases, lang, _case_cells), strict=True)]
    return pd.DataFrame(rows, columns=columns)


def _case_cells(evaluation: Evaluation) -> tuple[str, ...]:
    """A case's row after its id, in the session's language."""
    diagnosis = evaluation.diagnosis
    failing = ", ".join(f"{metric_name(n)} ({t('verdict.uncertain' if n in diagnosis.uncertain else 'verdict.clear')})"
                        for n in diagnosis.failing)
    composite = evaluation.composite.value
    return (*(short_proportion_text(evaluation.metrics[name], "rag.case.interval") for name in METRICS),
            t(f"status.{_table_status(diagnosis)}"), failing,
            t("value.na_short") if composite is None else format_number(composite, language()))


def _table_status(diagnosis: Diagnosis) -> str:
    """A case's status in words, by the diagnosis box's rule: a failure only where it is clear."""
    if diagnosis.status == "unlabelled":  # nothing failing, and not "ok": not labelled yet
        return "unlabelled"
    if diagnosis.clear_failing:
        return "single" if len(diagnosis.clear_failing) == 1 else "multiple"
    return "below" if diagnosis.failing else "ok"


def macro_micro_table(result: DatasetEvaluation) -> pd.DataFrame:
    """Per dimension: the pooled units' counts and rate (no interval: as if independent it would not hold its
    level), the mean of the cases, and the pooled rate's interval with cases as clusters
    (:mod:`uncase_core.stats.clustered`), the one that holds its level."""
    lang = language()
    rows = []
    for name in METRICS:
        micro = result.units_only[name]
        macro = result.macro[name]
        clustered = result.clustered[name]
        rows.append({
            t("table.dimension"): metric_name(name),
            t("table.micro"): proportion_text(micro, "pooled.units"),
            t("table.clustered"): clustered_text(clustered, "pooled.clustered"),
            t("table.macro"): t("value.na_short") if macro is None else format_percent(macro, lang),
        })
    return pd.DataFrame(rows)


def weights_caption(weights: Mapping[str, float]) -> str:
    lang = language()
    return " · ".join(f"{metric_name(n)} {format_percent(w, lang, 0)}" for n, w in weights.items())
