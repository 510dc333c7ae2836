"""The summary page's wording at n = 1, 2, 3 and 30 units of one summary (issue 36), in both languages.

One uploaded summary with n accuracy points, n adherence rubrics and n completeness items (the page's own upload
input). Each score's Wilson interval is drawn at every n (the per-case interval's policy) with its caveat that the
units are treated as independent; a score with no labelled unit is N/A, never 0 and never NaN. Over several cases
the pooled interval is the units' own, and the page says how often that covered in docs/coverage.md.
"""

from __future__ import annotations

import json

import pytest

from tests.pages.apptest_helpers import captions
from tests.pages.size_helpers import (
    LANGUAGES,
    SIZES,
    assert_no_nan,
    coverage_caption,
    coverage_table,
    opened,
    percent_cell,
    shows_its_interval,
    summary_mark,
)
from ui.i18n import format_percent, translate

PAGE = "app_pages/summary_autoevaluation.py"
METRICS = ("accuracy", "adherence", "completeness")
LABELS = {"accuracy": lambda i: i % 3 != 2, "adherence": lambda i: True, "completeness": lambda i: i % 2 == 0}


def summary(units: int, case_id: str = "one", labelled: bool = True) -> dict:
    """One custom, free-text section; ``units`` points, rubrics and items, labelled by LABELS (or all unlabelled)."""
    def label(name: str, i: int) -> bool | None:
        return LABELS[name](i) if labelled else None

    return {"id": case_id, "language": "en",
            "transcript": [{"role": "agent", "text": "Hello, how can I help?"}, {"role": "customer", "text": "Hi."}],
            "sections": [{"name": "Summary", "kind": "custom", "categorical": False, "instruction": "Summarize.",
                          "allowed_values": None, "text": "A summary."}],
            "accuracy": {"decomposition": [{"point": f"Point {i}.", "accuracy": "Why.",
                                            "is_accurate": label("accuracy", i)} for i in range(units)]},
            "adherence": {"rubrics": [{"question": f"Rubric {i}?", "reasoning": "Why.",
                                       "is_addressed": label("adherence", i)} for i in range(units)]},
            "completeness": [{"question": "What did the customer ask?", "content_list": [
                {"transcript_content": f"Item {i}.", "related_content_from_summary": "Said.",
                 "is_covered": label("completeness", i)} for i in range(units)]}]}


def uploaded(data: object, language: str):
    at = opened(PAGE, language)
    at.sidebar.file_uploader(key="sum_upload").set_value(("summary.json", json.dumps(data).encode(),
                                                          "application/json")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def caveat_is_on_screen(at, language: str) -> None:
    help_text = translate(language, "sum.micro_macro_help")
    assert help_text in captions(at)
    assert ("as if they were independent" if language == "en" else "como si fueran extracciones independientes") \
        in help_text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("units", SIZES)
def test_each_score_draws_its_wilson_interval_at_every_n_with_its_caveat(units, language):
    at = uploaded(summary(units), language)
    values = {m.label: m.value for m in at.metric}
    lines = captions(at)
    for name in METRICS:
        successes = sum(LABELS[name](i) for i in range(units))
        assert values[translate(language, f"sum.metric.{name}")] == format_percent(successes / units, language)
        assert any(shows_its_interval(line, "summaries.case.interval", successes, units, language)
                   for line in lines), (name, lines)
    caveat_is_on_screen(at, language)
    assert_no_nan(at)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("units", "labelled"), [(0, True), (3, False)])
def test_no_labelled_unit_is_na_never_zero(units, labelled, language):
    """No unit at all, or three nobody labelled: each score is N/A with how many are unlabelled; no 0%, no NaN."""
    at = uploaded(summary(units, labelled=labelled), language)
    values = {m.label: m.value for m in at.metric}
    lines = captions(at)
    for name in METRICS:
        assert values[translate(language, f"sum.metric.{name}")] == "N/A"
    na_line = translate(language, "value.na", unlabelled=0 if labelled else units)
    assert lines.count(na_line) == len(METRICS), lines
    assert lines.count(translate(language, "sum.macro_value", value="N/A")) == len(METRICS)
    badge = translate(language, "sum.na.no_units")
    assert sum(badge in m.value for m in at.markdown) == len(METRICS)
    assert not any(format_percent(0.0, language) in line for line in lines), lines
    assert_no_nan(at)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("cases", [2, 30])
def test_several_cases_pool_their_units_and_the_page_says_how_often_that_interval_covered(cases, language):
    at = uploaded([summary(3, f"case-{i:02d}") for i in range(cases)], language)
    assert translate(language, "sum.aggregate", count=cases) in [s.value for s in at.header]
    (table,) = [frame.value for frame in at.dataframe if translate(language, "table.micro") in frame.value.columns]
    successes = cases * sum(LABELS["accuracy"](i) for i in range(3))
    accuracy = table[table[translate(language, "table.dimension")] == translate(language, "sum.metric.accuracy")]
    # The units pooled as if independent: their counts and rate, never a "95%" they do not hold (issue 48)
    assert str(accuracy[translate(language, "table.micro")].iloc[0]) == translate(
        language, "value.short", successes=successes, total=3 * cases,
        percent=format_percent(successes / (3 * cases), language, 1))
    caveat_is_on_screen(at, language)
    assert_no_nan(at)


def test_the_caveats_figures_are_the_measured_tables():
    """sum.micro_macro_help quotes the unit-level interval's worst coverage at a within-case correlation of 0.5 from
    docs/coverage.md's fixed-truth table (`pooled.units`), and says the clustered one holds where that table marks
    every cell ok (`pooled.clustered`, drawn from 2 cases)."""
    rows = [row for row in coverage_table("`pooled.units`") if row["correlation"] == "0.5"]
    worst = round(min(percent_cell(row["coverage over the window"]) for row in rows))
    assert f'such a "95%" covered as little as {worst}% of the time' in translate("en", "sum.micro_macro_help")
    assert f"un «95 %» así cubrió solo el {worst} % de las veces" in translate("es", "sum.micro_macro_help")
    assert summary_mark("pooled.clustered") == "ok"
    assert "drawn from 2;" in coverage_caption("pooled.clustered")
