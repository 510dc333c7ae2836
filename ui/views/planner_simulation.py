"""The planner page's projected simulation: pick the cases, the units per case, the within-case correlation, the
true rate and the method, and see the intervals of 100 simulated datasets and how many hold the truth, beside the
share the coverage harness measures for the same settings. A teacher says "95%" and the room counts."""

from __future__ import annotations

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import kept, language, set_kept, t
from ui.i18n import format_count, format_percent, translate
from ui.widgets.charts import simulated_intervals_chart
from ui.widgets.figures import figure_text
from ui.widgets.layout import show_chart
from ui.widgets.numbers import number_box, number_slider
from uncase_core.errors import InputError
from uncase_core.stats.simulated_intervals import (
    HARNESS_REPEATS,
    METHODS,
    SimulatedIntervals,
    harness_coverage,
    simulate_intervals,
)

MAX_CASES = 1000
MAX_UNITS = 1000
MAX_SEED = 2**31 - 1
SEED_KEY = "plan_sim_seed"


def draw_again(seed: int) -> None:
    """The "draw again" button: the next seed, so that every draw can be told again by its number."""
    set_kept(SEED_KEY, str(seed + 1 if seed < MAX_SEED else 0))  # a number box keeps its text


def show_result(result: SimulatedIntervals, measured: float | None) -> None:
    """The sentence "k of 100 cover", the harness's figure beside it, and the 100 intervals (or why there are none)."""
    lang = language()
    if not result.applicable:
        st.info(t("plan.sim_na"))
        return
    covering = result.covering
    fields = {"count": format_count(covering.successes, lang), "datasets": format_count(covering.total, lang),
              "truth": format_percent(result.truth, lang, 0), "level": format_percent(result.confidence, lang, 0)}
    st.markdown(figure_text("planner.simulated", "plan.sim_covering", **fields))
    if measured is not None:
        st.markdown(t("plan.sim_measured", measured=format_percent(measured, lang),
                      repeats=format_count(HARNESS_REPEATS, lang), level=fields["level"]))
    figure = simulated_intervals_chart(
        result.intervals, result.truth,
        {"covers": t("plan.sim_covers"), "misses": t("plan.sim_misses"), "truth": t("plan.sim_truth_line", **fields),
         "dataset": t("plan.sim_dataset"), "x_title": t("plan.sim_x"), "y_title": t("plan.sim_y")}, lang)
    show_chart(figure)
    st.caption(t("plan.sim_caption", seed=str(result.seed)))


def draw_simulation(confidence: float) -> None:
    """Widgets in, the core's simulation and the harness's figure, drawn; at the page's confidence level."""
    lang = language()
    st.markdown(t("plan.sim_intro"))
    left, middle, right = st.columns(3)
    with left:
        cases = number_box("plan_sim_cases", 5, t("plan.sim_cases"), whole=True, low=1, high=MAX_CASES,
                           help=t("plan.sim_cases_help"))
        units = number_box("plan_sim_units", 8, t("plan.sim_units"), whole=True, low=1, high=MAX_UNITS)
    with middle:
        correlation = number_box("plan_sim_correlation", 0.3, t("plan.sim_correlation"), low=0, high=0.9,
                                 help=t("plan.sim_correlation_help"))
        truth = number_slider("plan_sim_truth", 0.7, t("plan.sim_truth"), 0.05, 0.95, 0.05, percent=True)
    with right:
        method = kept(st.radio, "plan_sim_method", "units", t("plan.sim_method"), options=list(METHODS),
                      format_func=lambda name: translate(lang, f"plan.sim_method.{name}"))
        seed = number_box(SEED_KEY, 1, t("plan.sim_seed"), whole=True, low=0, high=MAX_SEED)
        st.button(t("plan.sim_again"), key="plan_sim_again", on_click=draw_again, args=(seed,))
    try:
        result = simulate_intervals(cases, units, correlation, truth, method, confidence, seed=seed)
        measured = harness_coverage(cases, units, correlation, truth, method, confidence)
    except InputError as error:
        st.error(error_text(error, lang))
        return
    show_result(result, measured)
