"""The judge page's simulation tab: a judge of known sensitivity and false-positive rate, many repeats, how often
each interval covers the truth."""

from __future__ import annotations

from types import MappingProxyType

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import kept, set_kept, t
from ui.views.judge.view import count, percent, points, simulation_table
from ui.widgets.numbers import number_box, number_slider
from ui.widgets.text import text_table
from uncase_core.errors import InputError
from uncase_core.judge.simulation import MONTE_CARLO_CONFIDENCE, judge_implied, simulate
from uncase_core.stats.ppi import MIN_LABELS_FOR_TUNED

SIMULATION_REPEATS = (200, 500, 1_000, 2_000, 5_000, 10_000)
# (true rate, sensitivity, false-positive rate, hand labels, judged units): docs/judge.md's cases, on the sliders' grid.
PRESETS = MappingProxyType({
    "unbiased": (0.7, 0.93, 0.17, 40, 2_000),
    "one_sided": (0.7, 1.0, 0.33, 40, 2_000),
    "one_sided_more": (0.7, 1.0, 0.33, 100, 2_000),
    "weak": (0.5, 0.65, 0.35, 100, 2_000),
})
SIMULATION_KEYS = ("judge_sim_true_rate", "judge_sim_sensitivity", "judge_sim_false_positive_rate",
                   "judge_sim_labelled", "judge_sim_judged")


def use_preset(name: str) -> None:
    for key, value in zip(SIMULATION_KEYS, PRESETS[name], strict=True):
        set_kept(key, str(value) if isinstance(value, int) else value)  # the counts are number boxes: their text


def draw_simulation(confidence: float, seed: int, lang: str) -> None:
    st.markdown(t("judge.sim.intro"))
    with st.container(horizontal=True):
        for name in PRESETS:
            st.button(t(f"judge.sim.preset.{name}"), key=f"judge_sim_preset_{name}", on_click=use_preset, args=(name,))
    left, right = st.columns(2)
    with left:
        true_rate = number_slider("judge_sim_true_rate", 0.7, t("judge.sim.true_rate"), 0.0, 1.0, 0.01, percent=True)
        sensitivity = number_slider("judge_sim_sensitivity", 0.93, t("judge.sim.sensitivity"), 0.0, 1.0, 0.01,
                                    percent=True)
        false_positive_rate = number_slider("judge_sim_false_positive_rate", 0.17, t("judge.sim.false_positive_rate"),
                                            0.0, 1.0, 0.01, percent=True)
    with right:
        labelled = number_box("judge_sim_labelled", 40, t("judge.sim.labelled"), whole=True, low=1, high=100_000)
        judged_units = number_box("judge_sim_judged", 2_000, t("judge.sim.judged"), whole=True, low=1,
                                  high=1_000_000)
        repeats = kept(st.select_slider, "judge_sim_repeats", 2_000, t("judge.sim.repeats"),
                       options=SIMULATION_REPEATS)
    judge_rate, accuracy, bias = judge_implied(true_rate, sensitivity, false_positive_rate)
    st.markdown(t("judge.sim.implied", rate=percent(judge_rate), accuracy=percent(accuracy), bias=points(bias)))
    try:
        result = simulate(true_rate, sensitivity, false_positive_rate, labelled, judged_units, repeats, confidence,
                          seed)
    except InputError as error:
        st.error(t("judge.sim.error", message=error_text(error, lang)))
    else:
        methods = result.methods
        st.markdown(t("judge.sim.summary", repeats=count(result.repeats), level=percent(confidence, 0),
                      judge=percent(methods["judge_only"].coverage.value),
                      hand=percent(methods["hand_labels"].coverage.value),
                      ppi=percent(methods["ppi"].coverage.value)))
        text_table(simulation_table(result), hide_index=True, width="stretch")
        st.caption(t("judge.sim.table_help", seed=seed, mc_level=percent(MONTE_CARLO_CONFIDENCE, 0)))
        disagreements = labelled * (true_rate * (1 - sensitivity) + (1 - true_rate) * false_positive_rate)
        if labelled < MIN_LABELS_FOR_TUNED:
            st.warning(t("judge.sim.warn_few_labels", n=labelled, minimum=MIN_LABELS_FOR_TUNED))
        if 0 < disagreements < 10:
            one_sided = sensitivity == 1.0 or false_positive_rate == 0.0
            st.warning(t("judge.sim.warn_few_disagreements_one_sided" if one_sided
                         else "judge.sim.warn_few_disagreements", expected=f"{disagreements:.1f}", n=labelled))
    with st.expander(t("judge.sim.distrust_title"), expanded=True):
        st.markdown(t("judge.sim.distrust", minimum=MIN_LABELS_FOR_TUNED))
