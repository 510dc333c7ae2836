"""Every number a page's slider draws is written with the reader's marks (issue 27): ``0,65`` and ``55 %`` on a
Spanish page, ``0.65`` and ``55%`` on an English one; the cards beside them say the same."""

from __future__ import annotations

import re

import pytest

from tests.pages.apptest_helpers import open_app
from ui.widgets.numbers import slider_label, slider_options

PAGES = ("rag_diagnosis", "conversation_quality", "sample_size_planner", "dataset_workbench", "rubric_lab",
         "threshold_explorer", "compare_systems", "judge_and_hand_labels")


def opened(path: str, language: str):
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page(f"app_pages/{path}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("path", PAGES)
def test_spanish_sliders_write_decimal_commas_and_a_spaced_percent_sign(path):
    at = opened(path, "es")
    sliders = list(at.select_slider)
    assert sliders, path
    for widget in sliders:
        for option in widget.options:
            if re.search(r"\d", option) and "%" not in option:
                assert "." not in option, (widget.key, option)
            if "%" in option:
                assert option.endswith("\u00a0%"), (widget.key, option)
    conversation = at.select_slider(key="conv_threshold_ttr") if path == "conversation_quality" else None
    if conversation is not None:
        assert "0,40" in conversation.options
    assert not [w.key for w in at.slider if isinstance(w.value, float)], "a float slider formats with printf"


@pytest.mark.parametrize("path", PAGES)
def test_english_sliders_write_points(path):
    at = opened(path, "en")
    for widget in at.select_slider:
        for option in widget.options:
            assert "," not in option and "\u00a0" not in option, (widget.key, option)


def test_the_steps_are_exact_and_labelled_by_their_step():
    assert slider_options(0.0, 1.0, 0.05)[7] == 0.35  # 7 * 0.05 is 0.35000000000000003 in floating point
    assert len(slider_options(0.0, 0.1, 0.005)) == 21
    assert slider_label(0.65, "es", 0.05) == "0,65"
    assert slider_label(0.55, "es", 0.05, percent=True) == "55\u00a0%"
    assert slider_label(0.055, "es", 0.005, percent=True) == "5,5\u00a0%"
    assert slider_label(2.5, "en", 0.5) == "2.5"


@pytest.mark.parametrize("path", ["threshold_explorer", "dataset_workbench"])
def test_spanish_chart_axes_and_hovers_write_percent_as_the_text_does(path):
    """Issue 27: axes read "70%" beside text saying "70 %" (d3's formats put no space before %)."""
    import json

    at = opened(path, "es")
    charts = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert charts
    for figure in charts:
        axis = figure["layout"]["yaxis"]
        assert axis.get("tickformat") != ".0%" and "60\u00a0%" in axis.get("ticktext", []), axis
        hovers = [h for trace in figure["data"] for h in trace.get("customdata") or [] if isinstance(h, str)]
        assert hovers and all("%" not in h or "\u00a0%" in h for h in hovers), hovers[:3]
    english = [json.loads(chart.proto.spec) for chart in opened(path, "en").get("plotly_chart")]
    assert all(figure["layout"]["yaxis"].get("tickformat") == ".0%" for figure in english)
