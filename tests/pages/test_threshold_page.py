"""The threshold explorer in AppTest: the sweep, the flipping cases and the weight mode, on the built-in dataset."""

from __future__ import annotations

from dataclasses import replace

from tests.pages.apptest_helpers import metric_values, open_app, shown, workspace
from ui.frame.data_kinds import WORKBENCH
from uncase_core.assets.reader import load_workbench
from uncase_core.rag.thresholds import case_standings, sweep_threshold, threshold_flips

PAGE = "app_pages/threshold_explorer.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_pass_rate_at_the_default_threshold_matches_the_core():
    at = open_page()
    cases = load_workbench("en").cases
    point = next(p for p in sweep_threshold(cases, "faithfulness", [0.7]).points)
    values = metric_values(at)
    assert values["Clear pass"] == str(point.clear_pass)
    assert values["Uncertain"] == str(point.uncertain)
    assert values["Clear fail"] == str(point.clear_fail)
    assert f"{point.pass_rate.successes} / {point.pass_rate.total}" in " ".join(c.value for c in at.caption)
    assert len(at.get("plotly_chart")) == 1


def test_moving_the_comparison_threshold_lists_the_flipping_cases():
    at = open_page()
    cases = load_workbench("en").cases
    for current, other, side in ((0.7, 0.5, "newly_passing"), (0.5, 0.7, "newly_failing")):
        at.select_slider(key="thr_current_faithfulness").set_value(current)
        at.select_slider(key="thr_other_faithfulness").set_value(other).run()
        assert not at.exception
        flips = getattr(threshold_flips(cases, "faithfulness", current, other), side)
        assert flips  # the built-in set has cases at 50% and 67%
        heading = {"newly_passing": "Fail before, pass after", "newly_failing": "Pass before, fail after"}[side]
        assert f"**{heading}** ({len(flips)})" in [m.value for m in at.markdown]
        shown = next(d.value for d in at.dataframe if "Standing" in d.value.columns)
        assert list(shown["Case"]) == list(flips)


def test_raising_the_threshold_never_raises_the_pass_rate():
    at = open_page()
    rates = []
    for threshold in (0.3, 0.6, 0.9):
        at.select_slider(key="thr_current_faithfulness").set_value(threshold).run()
        assert not at.exception
        rates.append(float(metric_values(at)["Pass rate"].rstrip("%")))
    assert rates == sorted(rates, reverse=True)
    standings = case_standings(load_workbench("en").cases, "faithfulness", 0.9)
    assert metric_values(at)["Clear fail"] == str(sum(s.standing == "fail" for s in standings))


def test_weight_mode_shows_the_composite_curve_and_flips():
    at = open_page()
    at.sidebar.radio(key="thr_mode").set_value("weight").run()
    assert not at.exception, [e.value for e in at.exception]
    at.select_slider(key="thr_weight_faithfulness").set_value(3.0).run()
    assert not at.exception
    assert any(m.value.startswith("**Pass before, fail after**") for m in at.markdown)
    assert any("not a confidence interval" in c.value for c in at.caption)


def test_labels_changed_in_the_workbench_are_explored():
    at = open_page()
    before = metric_values(at)["Pass rate"]
    dataset = load_workbench("en")

    def unsupported(case):
        return replace(case, claims=tuple(u.with_label("supported", False) for u in case.claims))

    workspace(at).replace(WORKBENCH, replace(dataset, cases=tuple(unsupported(c) for c in dataset.cases)), "builtin",
                          "builtin")
    at.run()
    assert not at.exception
    assert metric_values(at)["Pass rate"] != before
    assert metric_values(at)["Pass rate"] == "0.0%"


def test_upload_source_reports_bad_files_and_the_spanish_page():
    at = open_page()
    at.sidebar.radio(key="thr_source").set_value("upload").run()
    assert not at.exception
    assert at.info  # asks for a file
    uploader = at.sidebar.file_uploader(key="thr_upload")
    bad = b'{"id": "a", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": "yes"}]}'
    uploader.set_value(("bad.jsonl", bad, "application/json"))
    at.run()
    assert not at.exception
    assert any("bad.jsonl" in shown(e.value) and "relevant" in shown(e.value) for e in at.sidebar.error)
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Explorador de umbrales"
