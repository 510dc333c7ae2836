"""What a step of the threshold explorer's slider costs grows with the cases loaded only by the tables it draws
(issue 50): the cases' proportions, which do not depend on the threshold, are worked out once for the same cases,
not four times a step, and the table of every case looks its words up once, not five times a row. Counted at 20
cases and at the page's limit (operations, not time); the table drawn is the one built as before, a dict a row."""

from __future__ import annotations

import functools

import pandas as pd
import pytest

import ui.frame.state
import uncase_core.rag.thresholds as thresholds
from bench.synthetic_rag import synthetic_dataset
from tests.pages.apptest_helpers import workspace
from tests.pages.size_helpers import opened
from tests.support.counting import counted
from ui.frame.data_kinds import THRESHOLD_UPLOAD
from ui.frame.limits import LIMITS
from ui.i18n import format_percent, translate
from uncase_core.rag.thresholds import case_standings

PAGE = "app_pages/threshold_explorer.py"
LIMIT = LIMITS["thresholds"].max_items


def loaded(count: int, language: str = "en"):
    at = opened(PAGE, language)
    workspace(at).replace(THRESHOLD_UPLOAD, synthetic_dataset(count), "big.jsonl", "upload")
    at.sidebar.radio(key="thr_source").set_value("upload").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def step(at, value: float):
    at.select_slider(key="thr_current_faithfulness").set_value(value).run()
    assert not at.exception, [e.value for e in at.exception]
    return at



@functools.cache
def one_step_counts(count: int) -> tuple[int, int]:
    """(cases whose labels are counted, catalogue lookups) of one slider step with ``count`` cases, after a first."""
    at = step(loaded(count), 0.6)
    with pytest.MonkeyPatch.context() as patch:
        counted_labels = counted(patch, thresholds, "count_labels")
        lookups = counted(patch, ui.frame.state, "translate")
        step(at, 0.65)
    return counted_labels[0], lookups[0]


def test_a_step_at_the_case_limit_counts_the_labels_of_no_more_cases_than_at_20():
    small, large = one_step_counts(20)[0], one_step_counts(LIMIT)[0]
    assert large == small, f"label counts per step: {small} at 20 cases, {large} at {LIMIT}"


def test_a_step_at_the_case_limit_looks_up_about_as_many_texts_as_at_20_cases():
    small, large = one_step_counts(20)[1], one_step_counts(LIMIT)[1]
    assert large <= small + 20, f"catalogue lookups per step: {small} at 20 cases, {large} at {LIMIT}"


def rows_as_before(cases, threshold: float, language: str) -> pd.DataFrame:
    questions = {c.id: c.question for c in cases}
    return pd.DataFrame([{
        translate(language, "common.case"): s.case_id, translate(language, "sum.col.question"): questions[s.case_id],
        translate(language, "thr.value"): "N/A" if s.value is None else format_percent(s.value, language),
        translate(language, "thr.range"): "N/A" if s.low is None else
            f"{format_percent(s.low, language)} – {format_percent(s.high, language)}",
        translate(language, "thr.standing"): translate(language, f"thr.standing.{s.standing}"),
    } for s in case_standings(cases, "faithfulness", threshold)])


@pytest.mark.parametrize(("count", "language"), [(5, "en"), (300, "es")])
def test_the_table_of_every_case_is_the_one_built_a_row_at_a_time(count, language):
    at = loaded(count, language)
    for value in (0.6, 0.65, 0.5, 0.65):
        step(at, value)
    table = next(frame.value for frame in reversed(at.dataframe)
                 if translate(language, "thr.standing") in frame.value.columns)
    expected = rows_as_before(synthetic_dataset(count).cases, 0.65, language)
    pd.testing.assert_frame_equal(table.reset_index(drop=True), expected)


def test_the_flip_lists_show_each_flipped_case_as_standing_at_the_other_threshold():
    """The page works out the standings of the flipped cases only: the rows are those of every case's standings."""
    at = loaded(300, "en")
    step(at, 0.8)
    cases = synthetic_dataset(300).cases
    other = at.select_slider(key="thr_other_faithfulness").value
    by_id = {s.case_id: s for s in case_standings(cases, "faithfulness", other)}
    flips = thresholds.threshold_flips(cases, "faithfulness", 0.8, other)
    tables = [frame.value for frame in at.dataframe if translate("en", "thr.standing") in frame.value.columns][:-1]
    shown = [list(table[translate("en", "common.case")]) for table in tables]
    expected_ids = [ids for ids in (list(flips.newly_failing), list(flips.newly_passing)) if ids]
    assert shown == expected_ids
    for table, ids in zip(tables, expected_ids, strict=True):
        assert list(table[translate("en", "thr.standing")]) == [
            translate("en", f"thr.standing.{by_id[i].standing}") for i in ids]
        assert list(table[translate("en", "thr.value")]) == [format_percent(by_id[i].value, "en") for i in ids]
