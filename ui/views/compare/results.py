"""Drawing a comparison of two systems (:class:`uncase_core.compare.systems.SystemComparison`): the verdict per
dimension, one case for both systems, and per dimension the pooled proportions, the paired table, the bootstrap,
the flipped cases and the strata. Every figure is the core's; numbers follow the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

import pandas as pd
import streamlit as st

from ui.frame.state import language, t
from ui.i18n import format_count, format_number, format_p, format_p_value, format_percent
from ui.widgets.chart_text import intervals_alt, proportions_alt
from ui.widgets.figures import drawn, figure_text
from ui.widgets.intervals_svg import PPI_COLOUR, TUNED_COLOUR, Axis, IntervalRow, intervals_svg
from ui.widgets.layout import CARD_WIDTH, card_row
from ui.widgets.names import field_label, field_value, metric_name
from ui.widgets.proportions import drawn_proportion, proportion_text
from ui.widgets.proportions_svg import proportions_svg
from ui.widgets.text import id_list, literal, text_table
from uncase_core.compare.paired import PairedDifference, PairedSampleSize
from uncase_core.compare.systems import CasePair, DimensionComparison, SystemComparison
from uncase_core.rag.evaluation import METRICS
from uncase_core.shared.notes import Note
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.shortfall import Shortfall

VERDICT_CARD_WIDTH = CARD_WIDTH  # px: four verdicts in one row beside the sidebar on a projector
VERDICT_BOX = MappingProxyType({"b_better": st.success, "a_better": st.error, "uncertain": st.info,
                                "withheld": st.warning, "not_tested": st.info, "not_applicable": st.warning})


def signed(value: float, lang: str) -> str:
    """A difference with its sign: ``+0.70``, ``-0.60``, ``0.00`` (``+0,70`` in Spanish)."""
    text = format_number(value, lang)
    return f"+{text}" if round(value, 2) > 0 else text.replace("-0.00", "0.00").replace("-0,00", "0,00")


def level(confidence: float, lang: str) -> str:
    return format_percent(confidence, lang, 0)


def in_sentence(name: str) -> str:
    """A dimension's name inside a sentence: ``faithfulness`` (its first letter in lower case)."""
    title = metric_name(name)
    return title[:1].lower() + title[1:]


def note_text(note: Note, prefix: str = "compare.note") -> str:
    """A core note in the reader's language (``compare.note.<code>``); numbers in the reader's style and what
    comes from the person's data (a field name, case ids) shown literally."""
    lang = language()
    values = {name: format_count(value, lang) if isinstance(value, int) and not isinstance(value, bool)
              else literal(value) for name, value in note.params.items()}
    return t(f"{prefix}.{note.code}", **values)


def verdict_text(dimension: DimensionComparison) -> str:
    """The verdict in words; a withheld one that these cases can never reach (fewer cases than the discordant ones
    it needs, counting the cases still without a pass or fail) says so and what the cases show, not a count."""
    lang = language()
    verdict = dimension.verdict
    code = verdict.code
    cases = dimension.paired.pairs + dimension.paired.dropped
    if code == "withheld" and not Shortfall(have=verdict.discordant, minimum=verdict.needed, most=cases).can_come:
        code = "withheld_never"
    return figure_text("compare.verdict", f"compare.verdict.{code}", dimension=in_sentence(dimension.name),
                       discordant=format_count(verdict.discordant, lang), needed=format_count(verdict.needed, lang),
                       cases=format_count(cases, lang))


def tested_text(dimension: DimensionComparison) -> str:
    """``exact McNemar p = 0.016 · Holm-adjusted over 4 dimensions p = 0.062`` (``p < 0.001`` below 0.0005)."""
    verdict = dimension.verdict
    key = {"primary": "compare.p_value_primary", "secondary": "compare.p_value_secondary"}.get(verdict.role,
                                                                                               "compare.p_value")
    return t(key, p=p_text(verdict.p_value, format_p), adjusted=p_text(verdict.adjusted_p, format_p),
             tests=format_count(verdict.tests, language()))


def difference_text(paired: PairedDifference) -> str:
    """``B − A = +0.70 · 95% interval +0.29 to +0.89``, or N/A when no case has a pass or fail for both."""
    lang = language()
    if paired.difference is None or paired.low is None or paired.high is None:
        return t("compare.difference_na")
    return figure_text("compare.difference", "compare.difference", difference=signed(paired.difference, lang),
                       level=level(paired.confidence, lang),
             low=signed(paired.low, lang), high=signed(paired.high, lang))


def p_text(p_value: float | None, style: Callable[[float, str], str] = format_p_value) -> str:
    """``0.042`` or ``< 0.001`` (``style`` :func:`~ui.i18n.format_p` for a sentence's ``p {p}``), N/A for none."""
    return t("value.na_short") if p_value is None else style(p_value, language())


def cells_text(paired: PairedDifference) -> str:
    lang = language()
    return t("compare.cells", pairs=format_count(paired.pairs, lang), both=paired.both, only_a=paired.only_a,
             only_b=paired.only_b, neither=paired.neither)


def size_text(size: PairedSampleSize, difference: float | None) -> str:
    """How many pairs would tell a difference of the size seen, or the note saying why no number does."""
    lang = language()
    if size.pairs_needed is None or size.more_pairs is None or difference is None:
        return " ".join(note_text(note, "compare.note.size") for note in size.notes)
    values = {"needed": format_count(size.pairs_needed, lang), "difference": signed(difference, lang),
              "level": level(size.confidence, lang), "power": format_percent(size.power, lang, 0),
              "more": format_count(size.more_pairs, lang)}
    text = figure_text("planner.pairs.power", "compare.size" if size.more_pairs > 0 else "compare.size_enough",
                       **values)
    return " ".join([text, *(note_text(note, "compare.note.size") for note in size.notes)])


# ---------------------------------------------------------------- the differences, drawn


def difference_row(label: str, difference: float | None, low: float | None, high: float | None,
                   colour: str) -> IntervalRow:
    """One interval of B − A; a withheld one (``low`` None) is not drawn, its row says so."""
    text = "" if difference is None else signed(difference, language())
    return IntervalRow(label, difference, low, high, text, colour)


def draw_differences(rows: list[IntervalRow], title: str, *figures: str) -> None:
    """B − A on a -1 to 1 scale with the line of no difference: the intervals as the cards give them (``figures``:
    the registered ones the rows draw)."""
    lang = language()
    axis = Axis(-1.0, 1.0, (-1.0, -0.5, 0.0, 0.5, 1.0),
                lambda tick: ("+" if tick > 0 else "") + format_number(tick, lang, 1))
    for figure in figures:
        drawn(figure)
    st.image(intervals_svg(rows, 0.0, {"title": title, "na": t("compare.chart_withheld"),
                                       "truth": t("compare.chart_zero")}, axis), width=460,
             alt=intervals_alt(title, rows, figures, lambda value: signed(value, lang)))


# ---------------------------------------------------------------- the verdicts


def draw_verdicts(result: SystemComparison) -> None:
    """One card per dimension: the verdict, the interval that decides it, the p-value, the table's cells and how
    many pairs would tell the difference seen."""
    lang = language()
    st.header(t("compare.verdicts_title"))
    alpha = 1.0 - result.confidence
    tests = max((d.verdict.tests for d in result.dimensions.values() if d.verdict.role != "primary"), default=0)
    values = {"level": level(result.confidence, lang), "tests": format_count(tests, lang),
              "alpha": format_number(alpha, lang, 2), "alpha_percent": format_percent(alpha, lang, 0)}
    if result.primary is None:
        st.caption(t("compare.verdicts_help", **values))
    else:
        st.caption(t("compare.verdicts_help_primary", primary=in_sentence(result.primary), **values))
    draw_differences([difference_row(metric_name(name), d.paired.difference, d.paired.low, d.paired.high,
                                     PPI_COLOUR) for name, d in result.dimensions.items()],
                     t("compare.differences_title"), "compare.difference")
    for card, name in zip(card_row(len(METRICS), VERDICT_CARD_WIDTH), METRICS, strict=True):
        dimension = result.dimensions[name]
        with card:
            threshold = t("compare.threshold", threshold=format_percent(dimension.threshold, lang, 0))
            st.markdown(f"**{metric_name(name)}** · {threshold}")
            VERDICT_BOX[dimension.verdict.code](verdict_text(dimension))
            st.markdown(difference_text(dimension.paired))
            st.caption(f"{tested_text(dimension)} · {cells_text(dimension.paired)}")
            st.caption(size_text(dimension.sample_size, dimension.paired.difference))
            for note in (*dimension.paired.notes, *dimension.verdict.notes):
                st.caption(note_text(note))


# ---------------------------------------------------------------- one case, both systems


def short_text(p: Proportion, lang: str | None = None) -> str:
    """``2 / 3 · 66.7%``, or ``N/A (0 labelled, 3 not labelled)``: one case's value, where a line is short (``lang``:
    the session's language, looked up once by a caller that writes many)."""
    if p.value is None:
        return t("value.na", unlabelled=p.unlabelled)
    return f"{p.successes} / {p.total} · {format_percent(p.value, lang or language())}"


def pass_text(passes: bool | None) -> str:
    return t("compare.not_applicable" if passes is None else "compare.passes" if passes else "compare.fails")


def draw_case(case: CasePair) -> None:
    """The case on screen: each dimension's proportion for A and for B, and whether each passes its threshold."""
    st.markdown(f"**{t('compare.case_title')}** · {literal(case.case_id)}")
    for name in METRICS:
        a, b = case.metrics_a[name], case.metrics_b[name]
        st.caption(f"**{metric_name(name)}** · A: {short_text(a)} · {pass_text(case.passes_a[name])} · "
                   f"B: {short_text(b)} · {pass_text(case.passes_b[name])}")


# ---------------------------------------------------------------- per dimension


def paired_frame(paired: PairedDifference) -> pd.DataFrame:
    """The 2x2 table: rows A passes / A fails, columns B passes / B fails."""
    return pd.DataFrame([[paired.both, paired.only_a], [paired.only_b, paired.neither]],
                        columns=[t("compare.col.b_passes"), t("compare.col.b_fails")],
                        index=[t("compare.row.a_passes"), t("compare.row.a_fails")])


def flips_frame(dimension: DimensionComparison) -> pd.DataFrame:
    """A row per case whose pass flips: its id, which system passes, both values; each word looked up once."""
    lang, flips = language(), dimension.flips
    directions = {flip.direction for flip in flips}
    passes = {direction: t(f"compare.flip.{direction}") for direction in directions}
    return pd.DataFrame({
        t("compare.col.case"): [flip.case_id for flip in flips],
        t("compare.col.passes"): [passes[flip.direction] for flip in flips],
        t("compare.col.a"): [short_text(flip.value_a, lang) for flip in flips],
        t("compare.col.b"): [short_text(flip.value_b, lang) for flip in flips],
    })


def strata_frame(dimension: DimensionComparison, field: str) -> pd.DataFrame:
    lang = language()
    rows = []
    for stratum in dimension.strata:
        paired = stratum.paired
        interval = (t("value.na_short") if paired.low is None or paired.high is None
                    else figure_text("compare.difference", "compare.interval", low=signed(paired.low, lang),
                                     high=signed(paired.high, lang)))
        rows.append({
            t("compare.col.stratum"): field_value(field, stratum.value, lang), t("compare.col.cases"): stratum.cases,
            t("compare.col.pairs"): paired.pairs, t("compare.col.both"): paired.both,
            t("compare.col.only_a"): paired.only_a, t("compare.col.only_b"): paired.only_b,
            t("compare.col.neither"): paired.neither,
            t("compare.col.difference"): t("value.na_short") if paired.difference is None
            else signed(paired.difference, lang),
            t("compare.col.interval"): interval, t("compare.col.p"): p_text(paired.p_value),
        })
    return pd.DataFrame(rows)


def draw_pooled(dimension: DimensionComparison) -> None:
    st.markdown(f"**{t('compare.pooled_title')}**")
    names = ("a", "b")
    labels = {"a": t("compare.system.a"), "b": t("compare.system.b")}
    pooled = {"a": drawn_proportion(dimension.pooled_a, "compare.pooled"),
              "b": drawn_proportion(dimension.pooled_b, "compare.pooled")}
    thresholds = dict.fromkeys(names, dimension.threshold)
    title = t("compare.chart_title", dimension=in_sentence(dimension.name))
    chart = proportions_svg(
        names, labels, pooled, thresholds,
        {"threshold": t("chart.threshold"), "na": t("chart.na"), "interval": t("chart.interval"), "title": title})
    st.image(chart, width=360, alt=proportions_alt(title, "compare.pooled", names, labels, pooled, thresholds))
    st.caption(t("compare.pooled_a", line=proportion_text(dimension.pooled_a, "compare.pooled")))
    st.caption(t("compare.pooled_b", line=proportion_text(dimension.pooled_b, "compare.pooled")))


def draw_bootstrap(dimension: DimensionComparison) -> None:
    """The case bootstrap's interval, or why it is withheld (then no interval is drawn)."""
    lang = language()
    boot = dimension.bootstrap
    st.markdown(f"**{t('compare.bootstrap_title')}**")
    if boot.difference is None:
        st.caption(t("compare.bootstrap_na"))
    elif boot.low is None or boot.high is None:
        st.caption(t("compare.bootstrap_withheld", difference=signed(boot.difference, lang)))
    else:
        st.caption(figure_text("compare.bootstrap", "compare.bootstrap",
                               difference=signed(boot.difference, lang), level=level(boot.confidence, lang),
                     low=signed(boot.low, lang), high=signed(boot.high, lang), used=format_count(boot.used, lang),
                     seed=boot.seed))
    for note in boot.notes:
        st.caption(note_text(note))


def draw_dimension(dimension: DimensionComparison, stratum: str | None, verdict_hidden: bool = False) -> None:
    """Everything the comparison says about one dimension (inside its tab); without its verdict while a lesson's
    step asks for it (the figures that decide it stay)."""
    paired, boot = dimension.paired, dimension.bootstrap
    draw_differences([difference_row(t("compare.chart_paired"), paired.difference, paired.low, paired.high,
                                     PPI_COLOUR),
                      difference_row(t("compare.chart_pooled"), boot.difference, boot.low, boot.high, TUNED_COLOUR)],
                     t("compare.dimension_differences_title", dimension=in_sentence(dimension.name)),
                     "compare.difference", *(("compare.bootstrap",) if boot.low is not None else ()))
    draw_pooled(dimension)
    title = f"**{t('compare.table_title')}**"
    st.markdown(title if verdict_hidden else f"{title} · {verdict_text(dimension)}")
    # The rows' names in a column with a header (an index column's header is empty: axe-core's empty-table-header).
    text_table(paired_frame(dimension.paired).rename_axis(t("compare.col.corner")).reset_index(), hide_index=True,
               width="content")
    st.caption(f"{difference_text(dimension.paired)} · {tested_text(dimension)}")
    for note in dimension.paired.notes:
        st.caption(note_text(note))
    if dimension.dropped:
        st.caption(t("compare.dropped", ids=id_list(dimension.dropped)))
    draw_bootstrap(dimension)
    st.markdown(f"**{t('compare.flips_title', count=len(dimension.flips))}**")
    if dimension.flips:
        text_table(flips_frame(dimension), hide_index=True, width="stretch")
    else:
        st.caption(t("compare.no_flips"))
    if stratum is not None:
        st.markdown(f"**{t('compare.strata_title', field=literal(field_label(stratum)))}**")
        text_table(strata_frame(dimension, stratum), hide_index=True, width="stretch")


def draw_details(result: SystemComparison, stratum: str | None, verdicts_hidden: bool = False) -> None:
    st.header(t("compare.details_title"))
    for note in result.notes:
        st.caption(note_text(note))
    for tab, name in zip(st.tabs([metric_name(n) for n in METRICS]), METRICS, strict=True):
        with tab:
            draw_dimension(result.dimensions[name], stratum, verdicts_hidden)


def draw_explanations() -> None:
    with st.expander(t("compare.explain_title")):
        for key in ("compare.explain_paired", "compare.explain_bootstrap", "compare.explain_size"):
            st.markdown(t(key))

