"""What a label tick on the RAG page costs grows with what changed, not with the cases loaded (issue 50), and
draws the same figures as evaluating every case again.

A tick at the page's case limit used to look every cell of the table of cases up in the catalogue and the session,
and to evaluate every case again: here the catalogue lookups and the case evaluations of one tick are counted at 20
cases and at the limit, and must be the same. The tables, cards and captions a session draws after ticks are
compared, cell for cell, with a new session on the same workspace that evaluates every case with the core's plain
:func:`uncase_core.rag.evaluation.evaluate_dataset` and formats every row afresh.
"""

from __future__ import annotations

import functools
import random

import pytest

import ui.frame.state
import ui.views.rag.results
import ui.views.rag.view
from tests.pages.apptest_helpers import RAG_PAGE, edit_labels, reopen, workspace
from tests.pages.size_helpers import elements, opened
from tests.support.counting import counted
from ui.frame.data_kinds import RAG
from ui.frame.limits import LIMITS
from ui.i18n import format_percent, translate
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import RagCase, RagDataset, Unit

LIMIT = LIMITS["rag"].max_items


def cases(count: int, seed: int = 7) -> RagDataset:
    """``count`` cases of 5 passages, 5 claims and 4 facts, with labels (some missing) drawn from ``seed``."""
    rng = random.Random(seed)

    def label(p_true: float) -> bool | None:
        return None if rng.random() < 0.05 else rng.random() < p_true

    return RagDataset(tuple(
        RagCase(f"case-{i:04d}", f"question {i}",
                tuple(Unit(f"p{j}", f"passage {j}", {"relevant": label(0.7)}) for j in range(5)), "answer",
                tuple(Unit(f"c{j}", f"claim {j}", {"supported": label(0.8), "correct": label(0.8)}) for j in range(5)),
                tuple(Unit(f"f{j}", f"fact {j}", {"covered": label(0.75)}) for j in range(4)), {})
        for i in range(count)), "jsonl")


def loaded(count: int, language: str = "en"):
    at = opened(RAG_PAGE, language)
    workspace(at).replace(RAG, cases(count), "big.jsonl", "upload")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def tick(at, value: bool):
    """The first passage of the case on screen set to ``value``, as the data editor reports it."""
    return edit_labels(at, "passages", {0: {"relevant": value}})



@functools.cache
def one_tick_counts(count: int) -> tuple[int, int, int]:
    """(catalogue lookups, those made while the table of cases is built, case evaluations) of one label tick with
    ``count`` cases loaded, after a first tick."""
    at = tick(loaded(count), False)
    with pytest.MonkeyPatch.context() as patch:
        lookups = counted(patch, ui.frame.state, "translate")  # what t() looks up, in the session's language
        evaluations = counted(patch, rag, "evaluate_metrics")  # one per case evaluated, one for the pooled figures
        in_table = [0]
        build = ui.views.rag.results.cases_table

        def table(result):
            before = lookups[0]
            try:
                return build(result)
            finally:
                in_table[0] += lookups[0] - before

        patch.setattr(ui.views.rag.results, "cases_table", table)
        tick(at, True)
    return lookups[0], in_table[0], evaluations[0]


def test_a_tick_at_the_case_limit_evaluates_the_one_case_a_tick_at_20_cases_does():
    """The same case changes in both (the first, drawn from the same seed)."""
    small, large = one_tick_counts(20)[2], one_tick_counts(LIMIT)[2]
    assert small > 0
    assert large == small, f"case evaluations per tick: {small} at 20 cases, {large} at {LIMIT}"


def test_a_tick_at_the_case_limit_looks_up_the_texts_of_one_row_not_of_every_row():
    """The table of cases makes again only the changed case's row; the rest of the page (the dataset's diagnosis
    names what its figures say) looks up a few hundred texts at most, never one per case."""
    small, large = one_tick_counts(20), one_tick_counts(LIMIT)
    assert small[1] > 0
    assert large[1] == small[1], f"table lookups per tick: {small[1]} at 20 cases, {large[1]} at {LIMIT}"
    assert large[0] < LIMIT, f"catalogue lookups per tick at {LIMIT} cases: {large[0]}"


FIGURES = ("title", "subheader", "markdown", "caption", "metric", "dataframe", "info", "success", "warning", "error")


def drawn_text(at) -> list[tuple[str, str]]:
    """What the page states, in order: results tables cell by cell, cards, captions, boxes (not the widgets)."""
    return [(kind, text) for kind, text in elements(at) if kind in FIGURES]


def evaluating_every_case(monkeypatch) -> None:
    """The page as it was: every case evaluated by the core's evaluate_dataset and every row formatted, each run."""
    monkeypatch.setattr(ui.views.rag.results, "dataset_evaluation", rag.evaluate_dataset)
    monkeypatch.setattr(ui.views.rag.results, "case_evaluation", rag.evaluate_case)
    monkeypatch.setattr(ui.views.rag.view, "case_cells", lambda evaluations, language, make: [
        make(evaluation) for evaluation in evaluations])


@pytest.mark.parametrize(("count", "language"), [(5, "en"), (200, "en"), (200, "es"), (LIMIT, "en")])
def test_after_ticks_the_page_draws_what_evaluating_every_case_draws(count, language, monkeypatch):
    at = loaded(count, language)
    for value in (False, True, None, False):  # set, changed, cleared, set again: each a new case object
        tick(at, value)
    assert at.dataframe, "no results table drawn"
    seen = drawn_text(at)
    with monkeypatch.context() as patch:
        evaluating_every_case(patch)
        fresh = reopen(at, RAG_PAGE)
        expected = drawn_text(fresh)
    assert seen == expected
    # The cases table itself, cell for cell, against evaluate_dataset's figures for the stored labels, worded here
    # from the catalogue (not by the page's code).
    stored = workspace(fresh).data(RAG).cases
    table = next(frame.value for frame in at.dataframe if translate(language, "table.case") in frame.value.columns)
    result = rag.evaluate_dataset(stored, rag.Settings.build())
    assert list(table[translate(language, "table.case")]) == list(result.case_ids)
    for name in rag.METRICS:
        assert list(table[translate(language, f"metric.{name}")]) == [short(case.metrics[name], language)
                                                                       for case in result.cases]


def short(p, language: str) -> str:
    if p.value is None:
        return translate(language, "value.na_short")
    return translate(language, "value.short", successes=p.successes, total=p.total,
                     percent=format_percent(p.value, language))


def test_opening_the_case_limit_evaluates_the_cases_together_not_one_by_one(monkeypatch):
    """A first run (or new settings) has no kept evaluation: every case is evaluated in one vectorised pass, as
    evaluate_dataset does, never by a call per case (2,000 of them cost ten times as much); only the case on screen
    is evaluated alone, for its own figures."""
    at = opened(RAG_PAGE, "en")
    workspace(at).replace(RAG, cases(LIMIT), "big.jsonl", "upload")
    one_by_one = counted(monkeypatch, rag, "evaluate_case")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert translate("en", "rag.results_dataset", count=LIMIT) in [s.value for s in at.header]
    assert one_by_one[0] <= 1, f"{one_by_one[0]} cases evaluated one by one on opening {LIMIT}"
