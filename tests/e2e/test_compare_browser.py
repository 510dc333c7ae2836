"""Compare two systems in real Chromium: upload a pair, read the verdicts, label one passage of system B and see a
verdict change, with the core's own figures (the pair is made here from the built-in one, one label away from
"B is better on context relevance")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.e2e.test_rag_browser import TEXT_TIMEOUT, sidebar, toggle_passage_label
from ui.i18n import translate
from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.systems import compare_systems
from uncase_core.rag.cases import RagCase, RagDataset, dataset_to_text
from uncase_core.rag.evaluation import evaluate_case

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e
DIMENSION = "context_relevance"


def _relevance(case: RagCase, labels: list[bool]) -> RagCase:
    return replace(case, passages=tuple(p.with_label("relevant", v) for p, v in zip(case.passages, labels,
                                                                                      strict=True)))


def _passes(case: RagCase) -> bool:
    return DIMENSION not in evaluate_case(case).diagnosis.failing


def one_label_away() -> tuple[RagDataset, RagDataset, int]:
    """System A as built in, and a system B that passes context relevance in just enough cases where A fails for
    the difference to be uncertain, with its first case failing by one passage: ticking that passage (returned,
    1-based) makes B clearly better. Checked with the core before the browser is driven.

    The verdict is the exact McNemar test, Holm-adjusted over the four dimensions (issue 36): B fails one case A
    passes, and passes every other case A fails but the first, so 9 cases pass only for B and 1 only for A (p =
    0.021, times 3 after faithfulness's smaller p: 0.064, uncertain); the first case passing makes it 10 to 1
    (p = 0.012, times 3: 0.035, clear)."""
    a, b = load_system_pair(load_pair_index()[0], "en")
    result = compare_systems(a, b)
    only_b = [i for i, flip in enumerate(result.cases)
              if flip.passes_a[DIMENSION] is False and flip.passes_b[DIMENSION] is True]
    both = [i for i, flip in enumerate(result.cases) if flip.passes_a[DIMENSION] and flip.passes_b[DIMENSION]]
    assert only_b[0] == 0, "the built-in pair's first case is one B retrieves better"
    cases = list(b.cases)
    cases[both[0]] = _relevance(cases[both[0]], [False] * len(cases[both[0]].passages))  # one case only A passes
    first = cases[0]
    n = len(first.passages)
    ticked = next(m for m in range(n) if not _passes(_relevance(first, [j < m for j in range(n)]))
                  and _passes(_relevance(first, [j <= m for j in range(n)])))
    cases[0] = _relevance(first, [j < ticked for j in range(n)])
    given = replace(b, cases=tuple(cases))
    before = compare_systems(a, given).dimensions[DIMENSION].verdict.code
    after = compare_systems(a, replace(given, cases=(_relevance(first, [j <= ticked for j in range(n)]),
                                                     *cases[1:]))).dimensions[DIMENSION].verdict.code
    assert (before, after) == ("uncertain", "b_better")
    return a, given, ticked + 1


def verdict(code: str) -> str:
    title = translate("en", f"metric.{DIMENSION}")
    return translate("en", f"compare.verdict.{code}", dimension=title[0].lower() + title[1:])


def test_an_uploaded_pair_is_compared_and_one_label_changes_a_verdict(page: Any, app_url: str) -> None:
    a, b, row = one_label_away()
    page.goto(f"{app_url}/compare_systems")
    expect(page.get_by_text(verdict("b_better")).first).to_be_visible(timeout=TEXT_TIMEOUT)  # the built-in pair
    sidebar(page).get_by_text("Two files of your own", exact=True).click()
    expect(page.get_by_text(translate("en", "compare.upload_both"))).to_be_visible(timeout=TEXT_TIMEOUT)
    for position, (name, dataset) in enumerate((("system_a.json", a), ("system_b.json", b))):
        sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').nth(position).set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": dataset_to_text(dataset).encode("utf-8")})
        expect(sidebar(page).get_by_text(f"Kept in your workspace: {name}")).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.get_by_text(verdict("uncertain")).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.get_by_text(verdict("b_better"))).to_have_count(0)

    page.get_by_role("radiogroup", name="System to label").get_by_text("System B", exact=True).click()
    expect(page.get_by_text("System B · system_b.json")).to_be_visible(timeout=TEXT_TIMEOUT)
    toggle_passage_label(page, row)  # B's first case: the passage that makes it pass context relevance
    expect(page.get_by_text(verdict("b_better")).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.get_by_text(verdict("uncertain"))).to_have_count(0)
    expect(page.get_by_text("NaN")).to_have_count(0)
