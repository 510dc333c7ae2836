"""What a label tick on the compare page costs grows with what changed, not with the cases loaded (issue 50), and
draws what comparing every case afresh draws.

A tick at the page's case limit (500) used to evaluate both systems' 500 cases again, count their labels again,
draw the bootstrap's resample weights again, search the exact McNemar test's sample size again for every dimension,
and look up four texts in the catalogue and the session for each case whose pass flips. Here the cases evaluated,
the weights drawn, the sample-size searches and the catalogue lookups of one tick are counted at 20 cases and at
the limit (operations, not time), and the page after ticks is compared, element by element, with a new session on
the same workspace that compares with the core's plain :func:`uncase_core.compare.systems.compare_systems`.
"""

from __future__ import annotations

import functools

import pytest

import ui.frame.state
import uncase_core.compare.paired as paired
import uncase_core.compare.systems as systems
from bench.bench_tick_cost import agreement_pair
from tests.pages.apptest_helpers import edit_labels, reopen, workspace
from tests.pages.size_helpers import elements, opened
from tests.support.counting import counted
from ui.frame.limits import LIMITS
from ui.page_data.compare import SOURCE_KEY, UPLOADS
from uncase_core.rag import evaluation as rag

PAGE = "app_pages/compare_systems.py"
LIMIT = LIMITS["compare"].max_items


def loaded(count: int, language: str = "en"):
    """The page on two uploaded systems of ``count`` cases (bench/bench_tick_cost.py's synthetic pair)."""
    at = opened(PAGE, language)
    for side, dataset in zip(("a", "b"), agreement_pair(count), strict=True):
        workspace(at).replace(UPLOADS[side], dataset, f"system-{side}.jsonl", "upload")
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def tick(at, value: bool | None, row: int = 0):
    """System A's passage ``row`` of the first case set to ``value``, as the data editor reports it."""
    return edit_labels(at, "passages", {row: {"relevant": value}})



@functools.cache
def one_tick_counts(count: int) -> dict[str, int]:
    """What one label tick with ``count`` cases loaded does, after a first tick: cases evaluated, resample weight
    blocks drawn, exact sample-size searches (one per dimension searched), catalogue lookups."""
    at = tick(loaded(count), False)
    with pytest.MonkeyPatch.context() as patch:
        counts = {"evaluated": counted(patch, rag, "evaluate_metrics"),
                  "weights": counted(patch, systems, "_resample_weights"),
                  "searches": counted(patch, paired, "pairs_for_power"),
                  "lookups": counted(patch, ui.frame.state, "translate")}
        tick(at, True)
    return {name: calls[0] for name, calls in counts.items()}


def test_a_tick_at_the_case_limit_evaluates_and_draws_what_a_tick_at_20_cases_does():
    small, large = one_tick_counts(20), one_tick_counts(LIMIT)
    assert small["evaluated"] > 0
    assert large["evaluated"] == small["evaluated"], f"cases evaluated per tick: {small} at 20, {large} at {LIMIT}"
    assert large["weights"] == 0, f"resample weights drawn again at {LIMIT} cases: {large}"


def test_a_tick_searches_again_only_the_sample_sizes_whose_counts_changed():
    """One passage label moves context relevance's counts at most: the other three dimensions' exact searches
    (hundreds of power sums each at 500 cases) are not made again."""
    large = one_tick_counts(LIMIT)
    assert large["searches"] <= 1, f"exact sample-size searches per tick at {LIMIT} cases: {large}"


def test_a_tick_at_the_case_limit_looks_up_about_as_many_texts_as_at_20_cases():
    small, large = one_tick_counts(20), one_tick_counts(LIMIT)
    assert large["lookups"] <= small["lookups"] + 50, f"catalogue lookups: {small} at 20, {large} at {LIMIT}"


FIGURES = ("title", "subheader", "markdown", "caption", "metric", "dataframe", "info", "success", "warning", "error")


def drawn_text(at) -> list[tuple[str, str]]:
    return [(kind, text) for kind, text in elements(at) if kind in FIGURES]


@pytest.mark.parametrize(("count", "language"), [(5, "en"), (200, "es"), (LIMIT, "en")])
def test_after_ticks_the_page_draws_what_comparing_afresh_draws(count, language, monkeypatch):
    at = loaded(count, language)
    for row, value in ((0, False), (0, True), (1, None), (2, False), (0, None)):  # each a new case object
        tick(at, value, row)
    seen = drawn_text(at)
    with monkeypatch.context() as patch:
        # The core as it was: evaluate_dataset for each system, the weights drawn afresh, every sample size searched
        # (the page imports compare_systems by name each run: patched in its module). The counts read from the
        # evaluations are the units' own: tests/core/compare/test_compare_reuse.py.
        compare = systems.compare_systems

        def plain(*args, **kwargs):
            kwargs.pop("evaluate", None)
            kwargs.pop("kept", None)
            return compare(*args, **kwargs)

        patch.setattr(systems, "compare_systems", plain)
        patch.setattr(systems, "_weight_blocks", systems._drawn_weight_blocks)
        fresh = reopen(at, PAGE)
    assert seen == drawn_text(fresh)
