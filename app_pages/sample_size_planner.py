"""Sample-size planner: how many labels a margin needs, the interval a number of labels promises (by its two
bounds: near 0% and 100% it is lopsided), the intervals of 100 simulated datasets and how many cover the truth (to
project), and whether two configurations really differ, paired on the same cases or as two different case sets."""

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import kept, language, t
from ui.i18n import format_count, format_number, format_percent, translate
from ui.views.planner import show_independent, show_paired_counts, show_paired_size, show_paired_verdict
from ui.views.planner_simulation import draw_simulation
from ui.widgets.charts import margin_chart
from ui.widgets.figures import figure_text
from ui.widgets.layout import card_row, show_chart
from ui.widgets.numbers import number_box, number_slider
from uncase_core.compare.paired import DEFAULT_POWER, mcnemar_sample_size, paired_sample_size, paired_table
from uncase_core.errors import InputError
from uncase_core.stats.planning import (
    PlannedInterval,
    compare_independent,
    margin_sample_size,
    normal_half_width,
    normal_sample_size,
    planned_interval,
    wilson_margin,
)
from uncase_core.stats.verdicts import EXACT_SEARCH_LIMIT, paired_verdict

CONFIDENCES = (0.8, 0.9, 0.95, 0.99)
CHART_NS = tuple(sorted({*range(1, 20), *range(20, 200, 5), *range(200, 2001, 50)}))
DESIGNS = ("paired", "independent")  # the same cases run through both configurations, or two different case sets
MAX_COUNT = 1_000_000

lang = language()


def _pct(value: float, decimals: int = 1) -> str:
    return format_percent(value, lang, decimals)


def _points(value: float) -> str:
    """A distance between two proportions in percentage points: ``9.9`` (``9,9`` in Spanish)."""
    return format_number(value * 100, lang, 1)


def _bounds(promise: PlannedInterval) -> dict[str, str]:
    """The fields every sentence about a promised interval fills: its two bounds, never a symmetric ±; ``n`` and
    ``count`` are the units (``count`` chooses a message's one-unit wording)."""
    units = format_count(promise.n, lang)
    return {"n": units, "count": units, "expected": _pct(promise.expected, 0), "low": _pct(promise.low),
            "high": _pct(promise.high), "below": _points(promise.below), "above": _points(promise.above),
            "margin": _points(promise.margin), "level": _pct(promise.confidence, 0)}


def _count_box(key: str, default: int, label: str) -> int:
    return number_box(key, default, label, whole=True, low=0, high=MAX_COUNT)


def paired_section(confidence: float) -> None:
    st.markdown(t("plan.paired_why"))
    left, right = st.columns(2)
    with left:
        both = _count_box("plan_both", 20, t("plan.both"))
        only_a = _count_box("plan_only_a", 2, t("plan.only_a"))
    with right:
        only_b = _count_box("plan_only_b", 8, t("plan.only_b"))
        neither = _count_box("plan_neither", 10, t("plan.neither"))
    paired = paired_table(both, only_a, only_b, neither, 0, confidence)
    if paired.pairs == 0:
        st.info(t("plan.paired_na"))
        return
    show_paired_counts(paired)
    show_paired_verdict(paired_verdict(only_a, only_b, confidence))
    connor = mcnemar_sample_size(only_a / paired.pairs, only_b / paired.pairs, confidence, DEFAULT_POWER)
    # The exact search is quick up to its table's size and slow past it (a minute at 300,000 pairs), so past it the
    # page says Connor's figure as the approximation it is.
    exact = connor is not None and connor <= EXACT_SEARCH_LIMIT
    show_paired_size(paired_sample_size(paired, DEFAULT_POWER) if exact else None, connor, confidence, DEFAULT_POWER)


def independent_section(confidence: float) -> None:
    st.markdown(t("plan.independent_why"))
    a, b = st.columns(2)
    with a:
        st.markdown(f"**{t('plan.config_a')}**")
        n1 = _count_box("plan_n1", 70, t("plan.units"))
        s1 = _count_box("plan_s1", 56, t("plan.successes"))
    with b:
        st.markdown(f"**{t('plan.config_b')}**")
        n2 = _count_box("plan_n2", 80, t("plan.units"))
        s2 = _count_box("plan_s2", 48, t("plan.successes"))
    try:
        result = compare_independent(s1, n1, s2, n2, confidence)
    except InputError as error:
        st.error(t("plan.compare_bad", message=error_text(error, lang)))
    else:
        show_independent(result)


st.title(t("plan.title"))
st.markdown(t("plan.intro"))

# ---------------------------------------------------------------- how many units
st.header(t("plan.need_title"))
left, middle, right = st.columns(3)
expected = number_slider("plan_expected", 0.8, t("plan.expected"), 0.0, 1.0, 0.01, percent=True, container=left,
                         help=t("plan.expected_help"))
margin = number_slider("plan_margin", 0.05, t("plan.margin"), 0.01, 0.25, 0.005, percent=True,
                       container=middle, help=t("plan.margin_help"))
confidence = kept(right.selectbox, "plan_confidence", 0.95, t("plan.confidence"), options=list(CONFIDENCES),
                  format_func=lambda c: _pct(c, 0))

try:
    needed = margin_sample_size(expected, margin, confidence)
    normal_needed = normal_sample_size(expected, margin, confidence)
except InputError as error:
    st.error(error_text(error, lang))
    finish_page()
    st.stop()
first, second = card_row(2, border=False)
first.metric(t("plan.wilson_n"), format_count(needed, lang), help=t("plan.wilson_n_help"))
second.metric(t("plan.normal_n"), format_count(normal_needed, lang),
              delta=format_count(normal_needed - needed, lang, sign=True),
              delta_color="off", help=t("plan.normal_n_help"))
st.markdown(figure_text("planner.promise", "plan.reading", **_bounds(planned_interval(expected, needed, confidence))))
if abs(normal_needed - needed) > max(2, 0.1 * needed):
    st.warning(t("plan.differ", wilson=format_count(needed, lang), normal=format_count(normal_needed, lang)))

ns = sorted({*CHART_NS, needed}) if needed <= 5000 else sorted({*CHART_NS, needed, 5000})
figure = margin_chart(ns, [wilson_margin(expected, n, confidence) for n in ns],
                      [normal_half_width(expected, n, confidence) for n in ns], margin, needed,
                      {"wilson": t("plan.wilson"), "normal": t("plan.normal"), "x_title": t("plan.x_n"),
                       "y_title": t("plan.y_margin")})
show_chart(figure)

# ---------------------------------------------------------------- what a given n buys
st.header(t("plan.buys_title"))
n = number_box("plan_n", 30, t("plan.n"), whole=True, low=1, high=MAX_COUNT)
st.markdown(figure_text("planner.promise", "plan.buys", normal=_points(normal_half_width(expected, n, confidence)),
              **_bounds(planned_interval(expected, n, confidence))))

# ---------------------------------------------------------------- see it happen: 100 simulated datasets
st.header(t("plan.sim_title"))
draw_simulation(confidence)

# ---------------------------------------------------------------- comparing two configurations
st.header(t("plan.compare_title"))
st.markdown(t("plan.compare_intro"))
design = kept(st.radio, "plan_design", DESIGNS[0], t("plan.design"), options=list(DESIGNS),
              format_func=lambda name, lang=lang: translate(lang, f"plan.design.{name}"))
if design == "paired":
    paired_section(confidence)
else:
    independent_section(confidence)

finish_page()
