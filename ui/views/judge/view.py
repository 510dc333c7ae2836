"""Drawing the judge page: the unit to label, the intervals (chart and cards), notes, agreement, simulation.

Every figure comes from :mod:`uncase_core.judge.report` (a :class:`JudgeReport`) or
:mod:`uncase_core.judge.simulation`; this module only formats and translates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import pandas as pd
import streamlit as st

from ui.frame.state import language, t
from ui.i18n import format_count, format_number, format_percent
from ui.views.judge.data import Target, Truth
from ui.widgets.chart_text import intervals_alt
from ui.widgets.figures import drawn, figure_text
from ui.widgets.intervals_svg import HAND_COLOUR, JUDGE_COLOUR, PPI_COLOUR, TUNED_COLOUR, IntervalRow, intervals_svg
from ui.widgets.names import metric_name
from ui.widgets.proportions import drawn_proportion
from ui.widgets.text import literal
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL
from uncase_core.judge.report import JudgeAgreement, JudgeReport
from uncase_core.judge.simulation import METHODS, MONTE_CARLO_CONFIDENCE, SimulationResult
from uncase_core.rag.cases import RagCase
from uncase_core.rag.dimensions import JUDGED_AGAINST
from uncase_core.shared.notes import Note
from uncase_core.stats.figures import registered
from uncase_core.stats.grouped import one_group_only
from uncase_core.stats.ppi import MIN_LABELS_FOR_WORTH, PPIInterval, WorthInterval
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.shortfall import Shortfall

METHOD_COLOURS: Mapping[str, str] = MappingProxyType({"judge_only": JUDGE_COLOUR, "hand_labels": HAND_COLOUR,
                                                      "ppi": PPI_COLOUR, "ppi_tuned": TUNED_COLOUR})


def percent(value: float, decimals: int = 1) -> str:
    return format_percent(value, language(), decimals)


def count(value: int) -> str:
    """A whole number: ``2,000`` in English; ``2000`` and ``10 000`` (a no-break space from five digits) in Spanish."""
    return format_count(value, language())


def points(value: float) -> str:
    """A difference of rates in percentage points, signed: ``+11.0 points``."""
    sign = "+" if value > 0 else ("−" if value < 0 else "")
    return t("judge.points", value=sign + format_number(abs(value) * 100, language(), 1))


def unit_name(dimension: str, plural: bool = False) -> str:
    return t(f"judge.unit_plural.{dimension}" if plural else f"judge.unit.{dimension}")


# ---------------------------------------------------------------- the unit to label


def draw_unit(case: RagCase, target: Target, dimension: str) -> None:
    """What the person needs to answer: the unit, and the question, passages, answer or reference it is judged on."""
    unit = case.units(target.kind)[target.unit]
    against = JUDGED_AGAINST[dimension]  # uncase_core/rag/dimensions.py
    if against in ("question", "reference"):
        st.markdown(f"**{t('common.question')}** {literal(case.question)}")
    if against == "passages":
        st.markdown(f"**{t('units.passages')}**")
        st.markdown("\n".join(f"- {literal(p.text)}" for p in case.passages) or t("units.none"))
    elif against == "reference":
        st.markdown(f"**{t('units.reference_facts')}**")
        st.markdown("\n".join(f"- {literal(f.text)}" for f in case.reference_facts) or t("units.none"))
    elif against == "answer":
        st.markdown(f"**{t('common.answer')}** {literal(case.answer) if case.answer else '—'}")
    with st.container(border=True):
        st.markdown(f"**{unit_name(dimension).capitalize()} {literal(unit.id)}** · {literal(unit.text)}")
    st.markdown(f"**{t(f'judge.question.{dimension}')}**")


def answer_word(value: bool | None) -> str:
    return t("judge.value.none" if value is None else ("judge.value.yes" if value else "judge.value.no"))


# ---------------------------------------------------------------- notes


def note_text(note: Note) -> str:
    """A core note in the person's language: numbers in its format, a dimension by its name, text literal."""
    lang = language()
    values: dict[str, str] = {}
    for name, value in note.params.items():
        if name == "dimension":
            values[name] = metric_name(str(value))
        elif isinstance(value, int):  # bool included
            values[name] = str(value)
        elif isinstance(value, float):
            values[name] = format_number(value, lang, 4 if note.code in ("clipped", "zero_width_clipped") else 2)
        else:
            values[name] = literal(value)
    return t(f"judge.note.{note.code}", **values)


def draw_notes(notes: Iterable[Note]) -> None:
    """Each distinct note once, in one box."""
    seen: dict[tuple[str, tuple], Note] = {}
    for note in notes:
        seen.setdefault((note.code, tuple(sorted(note.params.items()))), note)
    if seen:
        st.info("\n".join(f"- {note_text(note)}" for note in seen.values()))


def report_notes(report: JudgeReport, show_tuned: bool) -> list[Note]:
    """PPI's notes (and PPI++'s, when shown) before the report's own."""
    notes = list(report.ppi.notes) if report.ppi is not None else []
    if show_tuned and report.ppi_tuned is not None:
        notes += report.ppi_tuned.notes
    return notes + list(report.notes)


# ---------------------------------------------------------------- intervals: chart and cards


def _row(method: str, estimate: float | None, low: float | None, high: float | None) -> IntervalRow:
    return IntervalRow(t(f"judge.method.{method}"), estimate, low, high,
                       "" if estimate is None else percent(estimate), METHOD_COLOURS[method])


def draw_chart(report: JudgeReport, show_tuned: bool, truth: Truth | None) -> None:
    rows = [_row("judge_only", report.judge.value, report.judge.low, report.judge.high),
            _row("hand_labels", report.hand.value, report.hand.low, report.hand.high)]
    for method, interval in (("ppi", report.ppi), ("ppi_tuned", report.ppi_tuned if show_tuned else None)):
        if method == "ppi" or show_tuned:
            rows.append(_row(method, *((None, None, None) if interval is None
                                       else (interval.estimate, interval.low, interval.high))))
    truth_value = None if truth is None else truth.reference.value
    text = {"title": t("judge.chart.title", level=percent(report.confidence, 0), dimension=metric_name(
                report.dimension)),
            "na": t("chart.na"),
            "truth": "" if truth_value is None else t("judge.chart.truth", value=percent(truth_value))}
    figures = [f"judge.{method}" for method in ("judge_only", "hand", "ppi", "ppi_tuned")[:len(rows)]]
    for figure in figures:
        drawn(figure)
    st.image(intervals_svg(rows, truth_value, text), width="stretch",
             alt=intervals_alt(text["title"], rows, figures, percent, text["truth"]))


def _interval_caption(p: Proportion | PPIInterval, figure: str) -> str:
    if p.low is None or p.high is None:  # withheld: too few labels for PPI++, or a zero width; the note says why
        codes = {note.code for note in p.notes} if isinstance(p, PPIInterval) else set()
        if "tuned_few_labels_set" in codes:  # this set has fewer judged units than PPI++ needs: it cannot come
            return t("judge.card.withheld_set")
        return t("judge.card.withheld_few_labels" if "tuned_few_labels" in codes else "judge.card.no_interval")
    return figure_text(figure, "judge.card.interval", level=percent(p.confidence, 0), low=percent(p.low),
                       high=percent(p.high), width=percent(p.high - p.low))


def _card(column, method: str, value: float | None, lines: list[str]) -> None:
    with column.container(border=True):
        st.metric(t(f"judge.method.{method}"), t("value.na_short") if value is None else percent(value),
                  help=t(f"judge.method_help.{method}"))
        for line in lines:
            st.caption(line)


def draw_cards(report: JudgeReport, show_tuned: bool) -> None:
    """One card per method: the estimate, its interval and width, and the counts behind it."""
    judge, hand = report.judge, report.hand
    top = st.columns(2)
    _card(top[0], "judge_only", judge.value,
          [t("judge.card.judge_only_one" if judge.total == 1 else "judge.card.judge_only", successes=judge.successes,
            total=judge.total), _interval_caption(judge, "judge.judge_only")]
          if judge.value is not None else [t("judge.card.no_verdicts")])
    _card(top[1], "hand_labels", hand.value,
          [t("judge.card.hand_labels_one" if hand.total == 1 else "judge.card.hand_labels", successes=hand.successes,
            total=hand.total), _interval_caption(hand, "judge.hand")]
          if hand.value is not None else [t("value.na", unlabelled=hand.unlabelled)])
    bottom = st.columns(2)
    methods = [("ppi", report.ppi)] + ([("ppi_tuned", report.ppi_tuned)] if show_tuned else [])
    for column, (method, interval) in zip(bottom, methods, strict=False):
        if interval is None:
            _card(column, method, None, [t("judge.card.ppi_na")])
            continue
        _card(column, method, interval.estimate, [
            t("judge.card.ppi", labelled=interval.labelled, unlabelled=interval.unlabelled),
            _interval_caption(interval, f"judge.{method}"),
            t("judge.card.lambda", lam=format_number(interval.lam, language(), 2)),
        ])


def _worth_interval(worth: WorthInterval, judged: int | None = None) -> str:
    """The worth's bootstrap interval as a sentence, or why it has none (with fewer labelled units than it is drawn
    from: how many more, or that this set of ``judged`` units cannot have them)."""
    lang = language()
    if worth.note == "interval_few_labels" and worth.needed is not None:
        minimum = worth.labelled + worth.needed
        if judged is not None and judged < minimum:
            return t("judge.worth_interval_withheld_set", minimum=count(minimum), units=count(judged))
        return t("judge.worth_interval_withheld", minimum=count(minimum), count=count(worth.needed))
    if worth.low is None or worth.high is None:
        return t("judge.worth_no_interval", resamples=count(worth.resamples), labelled=worth.labelled,
                 undefined=count(worth.undefined), unbounded=count(worth.unbounded))
    low, high = round(worth.low), round(worth.high)
    # A negative worth is labels lost (the judge makes the estimate less precise than the hand labels alone):
    # "from -1 to 259 more labels" reads as nonsense, so the sentence names a loss as a loss.
    key = ("judge.worth_interval" if low >= 0 else "judge.worth_interval_from_loss" if high >= 0
           else "judge.worth_interval_loss")
    return figure_text("judge.worth", key, level=percent(worth.confidence, 0), low=format_number(abs(low), lang, 0),
             high=format_number(abs(high), lang, 0), labelled=worth.labelled, resamples=count(worth.resamples),
             seed=worth.seed)


def draw_worth(report: JudgeReport, show_tuned: bool) -> None:
    """"The judge's N verdicts are worth about M more hand labels here", with its bootstrap interval, for plain PPI
    (and PPI++ when shown); withheld below the core's minimum of labelled units."""
    lang = language()
    ppi, worth = report.ppi, report.worth
    if ppi is None or worth is None:
        st.caption(t("judge.worth_na"))
        return
    if worth.note == "too_few_labels":
        if not Shortfall(have=worth.labelled, minimum=MIN_LABELS_FOR_WORTH, most=report.judge.total).can_come:
            st.caption(t("judge.worth_withheld_set", minimum=MIN_LABELS_FOR_WORTH, units=report.judge.total))
        else:
            st.caption(t("judge.worth_withheld", minimum=MIN_LABELS_FOR_WORTH, labelled=worth.labelled))
        return
    if worth.value is not None and ppi.effective_labels is not None:
        key = ("judge.worth" if worth.value >= 0.5 else
               "judge.worth_none" if worth.value > -0.5 else "judge.worth_negative")
        st.markdown(t(key, verdicts=count(report.judge.total), worth=count(round(worth.value)),
                      labelled=ppi.labelled, effective=format_number(ppi.effective_labels, lang, 0)))
        st.caption(_worth_interval(worth, report.judge.total))
    tuned = report.worth_tuned
    if show_tuned and tuned is not None and tuned.value is not None and report.ppi_tuned is not None:
        st.caption(t("judge.worth_tuned" if tuned.value > -0.5 else "judge.worth_tuned_negative",
                     worth=format_number(abs(tuned.value), lang, 0),
                     lam=format_number(report.ppi_tuned.lam, lang, 2))
                   + " " + _worth_interval(tuned, report.judge.total))


def covers(p: Proportion | PPIInterval | None, value: float) -> str:
    if p is None or p.low is None or p.high is None:
        return t("judge.truth.na")
    return t("judge.truth.covers" if p.low <= value <= p.high else "judge.truth.misses")


def draw_truth(report: JudgeReport, truth: Truth) -> None:
    reference = truth.reference
    if reference.value is None:
        return
    st.markdown(t("judge.truth_line", value=percent(reference.value), successes=reference.successes,
                  total=reference.total, units=unit_name(report.dimension, plural=True),
                  judge=covers(report.judge, reference.value), hand=covers(report.hand, reference.value),
                  ppi=covers(report.ppi, reference.value)))
    if truth.compared:
        st.caption(t("judge.truth_match", matching=truth.matching, compared=truth.compared))


# ---------------------------------------------------------------- agreement


def rate_interval(rate: Proportion, figure: str, level: str) -> str:
    """The accuracy's, sensitivity's or false-positive rate's interval (the registered ``figure``) in words, or why
    it has none: every unit with both a label and a verdict is in one case
    (:func:`uncase_core.stats.grouped.one_group_only`), or too few units for the level to hold."""
    if one_group_only(rate):
        return t("judge.rate_one_case")
    shown = drawn_proportion(rate, figure)
    if shown.low is None or shown.high is None:
        return t("judge.rate_withheld", minimum=registered(figure).drawn_from)
    return figure_text(figure, "judge.rate_interval", level=level, low=percent(shown.low), high=percent(shown.high))


def agreement_table(agreement: JudgeAgreement) -> pd.DataFrame:
    (n11, n10), (n01, n00) = agreement.table
    return pd.DataFrame([[n11, n10], [n01, n00]], index=[t("judge.table.you_yes"), t("judge.table.you_no")],
                        columns=[t("judge.table.judge_yes"), t("judge.table.judge_no")])


def draw_agreement(agreement: JudgeAgreement, unit_plural: str, judged: int | None = None) -> None:
    """The confusion table and the figures beside it; ``unit_plural`` names the units (claims, cases ...);
    ``judged``: the set's judged units, the most a kappa can be computed on (a withheld interval that this set can
    never reach says so instead of a count of more units)."""
    if agreement.units == 0:
        st.caption(t("judge.agreement_none"))
        return
    level = percent(agreement.confidence, 0)
    st.caption(t("judge.agreement_units", units=agreement.units, unit_plural=unit_plural))
    table_column, figures_column = st.columns([2, 3])
    table_column.dataframe(agreement_table(agreement), width="stretch")
    with figures_column:
        accuracy, kappa, bias = agreement.accuracy, agreement.kappa, agreement.bias
        st.markdown(t("judge.accuracy_line", value=percent(accuracy.value), agreed=accuracy.successes,
                      units=accuracy.total, interval=rate_interval(accuracy, "judge.accuracy", level)))
        if kappa.kappa is None:
            st.markdown(t("judge.kappa_na"))
        elif kappa.low is None or kappa.high is None:
            st.markdown(t("judge.kappa_alone", value=format_number(kappa.kappa, language())))
        else:
            st.markdown(figure_text("agreement.kappa", "judge.kappa_line",
                                    value=format_number(kappa.kappa, language()), level=level,
                          low=format_number(kappa.low, language()), high=format_number(kappa.high, language())))
        shortfall = Shortfall(have=agreement.units, minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, most=judged)
        if kappa.note == "few_units" and not shortfall.can_come:
            st.caption(t("judge.kappa_note.few_units_set", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, units=judged))
        elif kappa.note:  # few_units says how many more units the interval needs
            st.caption(t(f"judge.kappa_note.{kappa.note}", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL,
                         count=shortfall.needed))
        for key, figure, p in (("judge.sensitivity_line", "judge.sensitivity", agreement.sensitivity),
                               ("judge.false_positive_line", "judge.false_positive", agreement.false_positive_rate)):
            if p.value is not None:
                st.markdown(t(key, value=percent(p.value), successes=p.successes, total=p.total,
                              interval=rate_interval(p, figure, level)))
        st.caption(t("judge.rates_help"))
        if bias.difference is not None:
            st.markdown(figure_text("judge.bias", "judge.bias_line",
                                    value=points(bias.difference), judge=percent(agreement.judge_rate),
                          human=percent(agreement.human_rate), level=level, low=points(bias.low),
                          high=points(bias.high)))
            st.caption(t("judge.bias_help"))


# ---------------------------------------------------------------- simulation


def coverage_verdict(coverage: Proportion, confidence: float) -> str:
    """Whether the Monte Carlo interval of the coverage holds the nominal level, lies below it or above it."""
    if coverage.high is not None and coverage.high < confidence:
        return t("judge.sim.verdict.under")
    if coverage.low is not None and coverage.low > confidence:
        return t("judge.sim.verdict.over")
    return t("judge.sim.verdict.as_stated")


def simulation_table(result: SimulationResult) -> pd.DataFrame:
    rows = []
    range_column = t("judge.sim.col.coverage_interval", level=percent(MONTE_CARLO_CONFIDENCE, 0))
    for method in METHODS:
        figures = result.methods[method]
        coverage = figures.coverage
        rows.append({
            t("judge.sim.col.method"): t(f"judge.method.{method}"),
            t("judge.sim.col.coverage"): percent(coverage.value),
            range_column: figure_text("judge.simulation", "judge.sim.range", low=percent(coverage.low),
                                      high=percent(coverage.high)),
            t("judge.sim.col.verdict"): coverage_verdict(coverage, result.confidence),
            t("judge.sim.col.width"): percent(figures.mean_width),
            t("judge.sim.col.estimate"): percent(figures.mean_estimate),
        })
    return pd.DataFrame(rows)
