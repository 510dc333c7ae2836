"""Sample-size planner: how many labels before a number means something, and whether two results differ."""

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import kept, language, t
from ui.i18n import format_count, format_percent
from ui.widgets.charts import half_width_chart
from ui.widgets.layout import card_row, show_chart
from ui.widgets.numbers import number_box, number_slider
from uncase_core.errors import InputError
from uncase_core.stats.differences import difference_interval
from uncase_core.stats.planning import (
    normal_half_width,
    normal_sample_size,
    required_sample_size,
    wilson_half_width,
)

CONFIDENCES = (0.8, 0.9, 0.95, 0.99)
CHART_NS = tuple(sorted({*range(1, 20), *range(20, 200, 5), *range(200, 2001, 50)}))

lang = language()


def _pct(value: float, decimals: int = 1) -> str:
    return format_percent(value, lang, decimals)


st.title(t("plan.title"))
st.markdown(t("plan.intro"))

# ---------------------------------------------------------------- how many units
st.subheader(t("plan.need_title"))
left, middle, right = st.columns(3)
expected = number_slider("plan_expected", 0.8, t("plan.expected"), 0.0, 1.0, 0.01, percent=True, container=left,
                         help=t("plan.expected_help"))
half_width = number_slider("plan_half_width", 0.05, t("plan.half_width"), 0.01, 0.25, 0.005, percent=True,
                           container=middle, help=t("plan.half_width_help"))
confidence = kept(right.selectbox, "plan_confidence", 0.95, t("plan.confidence"), options=list(CONFIDENCES),
                  format_func=lambda c: _pct(c, 0))

try:
    needed = required_sample_size(expected, half_width, confidence)
    normal_needed = normal_sample_size(expected, half_width, confidence)
except InputError as error:
    st.error(error_text(error, lang))
    finish_page()
    st.stop()
first, second = card_row(2, border=False)
first.metric(t("plan.wilson_n"), format_count(needed, lang), help=t("plan.wilson_n_help"))
second.metric(t("plan.normal_n"), format_count(normal_needed, lang),
              delta=format_count(normal_needed - needed, lang, sign=True),
              delta_color="off", help=t("plan.normal_n_help"))
st.markdown(t("plan.reading", n=format_count(needed, lang), expected=_pct(expected, 0), half=_pct(half_width),
              level=_pct(confidence, 0)))
if abs(normal_needed - needed) > max(2, 0.1 * needed):
    st.warning(t("plan.differ", wilson=format_count(needed, lang), normal=format_count(normal_needed, lang)))

ns = sorted({*CHART_NS, needed}) if needed <= 5000 else sorted({*CHART_NS, needed, 5000})
figure = half_width_chart(ns, [wilson_half_width(expected, n, confidence) for n in ns],
                          [normal_half_width(expected, n, confidence) for n in ns], half_width, needed,
                          {"wilson": t("plan.wilson"), "normal": t("plan.normal"), "x_title": t("plan.x_n"),
                           "y_title": t("plan.y_half_width")})
show_chart(figure)

# ---------------------------------------------------------------- what a given n buys
st.subheader(t("plan.buys_title"))
n = number_box("plan_n", 30, t("plan.n"), whole=True, low=1, high=1_000_000)
wilson = wilson_half_width(expected, n, confidence)
normal = normal_half_width(expected, n, confidence)
st.markdown(t("plan.buys", n=format_count(n, lang), wilson=_pct(wilson), normal=_pct(normal),
              expected=_pct(expected, 0), level=_pct(confidence, 0)))

# ---------------------------------------------------------------- comparing two configurations
st.subheader(t("plan.compare_title"))
st.markdown(t("plan.compare_intro"))
a, b = st.columns(2)
with a:
    st.markdown(f"**{t('plan.config_a')}**")
    n1 = number_box("plan_n1", 70, t("plan.units"), whole=True, low=0, high=1_000_000)
    s1 = number_box("plan_s1", 56, t("plan.successes"), whole=True, low=0, high=1_000_000)
with b:
    st.markdown(f"**{t('plan.config_b')}**")
    n2 = number_box("plan_n2", 80, t("plan.units"), whole=True, low=0, high=1_000_000)
    s2 = number_box("plan_s2", 48, t("plan.successes"), whole=True, low=0, high=1_000_000)
try:
    result = difference_interval(s1, n1, s2, n2, confidence)
except InputError as error:
    st.error(t("plan.compare_bad", message=error_text(error, lang)))
else:
    if result.difference is None:
        st.info(t("plan.compare_na"))
    else:
        st.metric(t("plan.difference"), _pct(result.difference),
                  help=t("plan.difference_help", level=_pct(confidence, 0)))
        st.markdown(t("plan.interval", low=_pct(result.low), high=_pct(result.high), level=_pct(confidence, 0)))
        if result.distinguishable:
            st.success(t("plan.distinguishable", level=_pct(confidence, 0)))
        else:
            st.warning(t("plan.not_distinguishable", level=_pct(confidence, 0)))

finish_page()
