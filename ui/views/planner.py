"""What the sample-size planner draws about two configurations: the paired verdict and sample size for the same
cases, the difference and verdict for two different case sets. Every sentence that states a level fills it from
the result it is about, so it holds at the numbers on screen."""

from __future__ import annotations

import streamlit as st

from ui.frame.state import language, t
from ui.i18n import format_count, format_number, format_p, format_percent
from ui.widgets.figures import figure_text
from ui.widgets.layout import card_row
from uncase_core.compare.paired import PairedDifference, PairedSampleSize
from uncase_core.stats.planning import IndependentComparison
from uncase_core.stats.verdicts import EXACT_SEARCH_LIMIT, PairedVerdict


def _count(value: int) -> str:
    return format_count(value, language())


def _levels(confidence: float) -> dict[str, str]:
    """The level (``95%``), the p-value it needs (``0.05``) and that as a share of the time (``5%``)."""
    lang = language()
    return {"level": format_percent(confidence, lang, 0), "alpha": format_number(1 - confidence, lang, 2),
            "alpha_percent": format_percent(1 - confidence, lang, 0)}


def _p(value: float | None) -> str:
    """For a sentence's ``p {p}``: ``= 0.042``, ``< 0.001``."""
    return format_p(1.0 if value is None else value, language())


def show_paired_counts(paired: PairedDifference) -> None:
    """The pairs, each configuration's pass rate over them, and the disagreements (``paired.pairs`` > 0)."""
    lang = language()
    rate_a, rate_b = (format_percent(rate.value or 0.0, lang) for rate in (paired.rate_a, paired.rate_b))
    st.markdown(t("plan.paired_counts", count=_count(paired.pairs), rate_a=rate_a, rate_b=rate_b,
                  discordant=_count(paired.discordant), only_a=_count(paired.only_a), only_b=_count(paired.only_b)))


def show_paired_verdict(verdict: PairedVerdict) -> None:
    """The exact McNemar test's verdict on the cases the two configurations disagree on (said alone: no Holm)."""
    fields = {**_levels(verdict.confidence), "p": _p(verdict.p_value), "discordant": _count(verdict.discordant),
              "needed": _count(verdict.needed)}
    if verdict.state == "clear":
        st.success(t("plan.paired_clear_b" if verdict.direction > 0 else "plan.paired_clear_a", **fields))
    elif verdict.state == "withheld":
        st.warning(t("plan.paired_withheld", **fields))
    else:
        st.warning(t("plan.paired_uncertain", **fields))


def show_paired_size(size: PairedSampleSize | None, connor: int | None, confidence: float, power: float) -> None:
    """How many cases the exact McNemar test needs (``size``), beside Connor's approximation (``connor``).

    ``size`` is None when the page did not search the exact count: no difference to tell (``connor`` None too) or
    an approximation past :data:`EXACT_SEARCH_LIMIT`, which is then said as the approximation's."""
    fields = {**_levels(confidence), "power": format_percent(power, language(), 0),
              "limit": _count(EXACT_SEARCH_LIMIT)}
    if connor is None or (size is not None and size.pairs_needed is None):
        st.info(t("plan.paired_size_none"))
        return
    fields["connor"] = _count(connor)
    if size is None or size.pairs_needed is None:
        st.info(t("plan.paired_size_approximate", **fields))
        return
    first, second = card_row(2, border=False)
    first.metric(t("plan.paired_n"), _count(size.pairs_needed), help=t("plan.paired_n_help", **fields))
    second.metric(t("plan.connor_n"), fields["connor"],
                  delta=format_count(connor - size.pairs_needed, language(), sign=True), delta_color="off",
                  help=t("plan.connor_n_help"))
    fields.update(needed=_count(size.pairs_needed), more=_count(size.more_pairs or 0), pairs=_count(size.pairs))
    st.markdown(figure_text("planner.pairs.power", "plan.paired_size" if size.more_pairs else "plan.paired_size_enough",
                            **fields))


def show_independent(result: IndependentComparison) -> None:
    """Newcombe's interval of the difference and the verdict, which needs Fisher's exact test to agree."""
    lang = language()
    difference = result.difference
    if difference.difference is None:
        st.info(t("plan.compare_na"))
        return
    fields = {**_levels(result.confidence), "p": _p(result.p_value)}
    st.metric(t("plan.difference"), format_percent(difference.difference, lang),
              help=t("plan.difference_help", level=fields["level"]))
    if difference.low is None or difference.high is None:
        # No interval of Newcombe's family holds at these sizes and level: say what would give one.
        st.info(t("plan.interval_withheld", needed=format_count(result.smaller_set_needed or 0, lang), **fields))
        return
    st.markdown(figure_text("planner.difference", "plan.interval", low=format_percent(difference.low, lang),
                  high=format_percent(difference.high, lang), level=fields["level"]))
    if result.distinguishable:
        st.success(figure_text("planner.difference.verdict", "plan.distinguishable", **fields))
        return
    st.warning(figure_text("planner.difference.verdict", "plan.not_distinguishable", **fields))
    if result.only_interval_excludes_zero:
        st.info(t("plan.interval_alone", **fields))
