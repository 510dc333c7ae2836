"""Drills in real Chromium: make a drill from the default case, label one case's passages blind, press Check and
read the verdict against the answer key (computed here by the core from the same case, count and seed)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from tests.e2e.test_rag_browser import TEXT_TIMEOUT, toggle_passage_label
from ui.i18n import translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.drills import check_drill, make_drill
from uncase_core.rag.evaluation import METRICS

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e


def _expected() -> tuple[list[int], str, int]:
    """The rows (1-based) of the first drill case's relevant passages, the verdict line the page must show once
    only those are ticked, and how many labels that is."""
    case = load_scenario(load_index()[0], "en").cases[0]
    drill = make_drill(case, 3, 1)  # the page's defaults: 3 variants, seed 1
    key = drill.answer_key[0]
    rows = [i for i, passage in enumerate(key.passages, 1) if passage.label("relevant")]
    given = drill.cases[0]
    passages = tuple(p.with_label("relevant", True) if i in rows else p for i, p in enumerate(given.passages, 1))
    check = check_drill(drill.answer_key[:1], [replace(given, passages=passages)]).cases[0]

    def names(dimensions: tuple[str, ...]) -> str:
        listed = [translate("en", f"metric.{n}") for n in METRICS if n in dimensions]
        return ", ".join(listed) or translate("en", "drill.none_failing")

    head = translate("en", "drill.failing_match" if check.failing_matches else "drill.failing_mismatch")
    line = translate("en", "drill.failing_line", yours=names(check.given_failing),
                     answer=names(check.expected_failing))
    return rows, f"{head} {line}", len(rows)


def test_a_drill_is_made_labelled_and_checked(page: Any, app_url: str) -> None:
    rows, verdict, labelled = _expected()
    page.goto(f"{app_url}/drills")
    expect(page.get_by_text("Case to start from").first).to_be_visible(timeout=TEXT_TIMEOUT)
    page.get_by_role("button", name="Make a drill").click()
    expect(page.get_by_text(re.compile(r"^Drill from refund-01 · seed 1 · 3 cases"))).to_be_visible(
        timeout=TEXT_TIMEOUT)
    expect(page.get_by_text("The answer key is hidden until you press Check.")).to_be_visible()

    for row in rows:  # the passages the key calls relevant, ticked one by one (the others left unlabelled)
        toggle_passage_label(page, row)
        expect(page.get_by_text(re.compile(rf"^Context relevance {rows.index(row) + 1} / {rows.index(row) + 1} ")
                                ).first).to_be_visible(timeout=TEXT_TIMEOUT)

    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.get_by_text("Your labels against the answer key")).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.get_by_text(verdict).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.get_by_text(re.compile(rf"^Labels matching the key: {labelled} / {labelled} · 100\.0%")).first
           ).to_be_visible(timeout=TEXT_TIMEOUT)
    # The other two cases are not labelled: N/A with their counts, never NaN.
    expect(page.get_by_text(re.compile(r"^Labels matching the key: N/A \(0 labelled")).first).to_be_visible()
    expect(page.get_by_text("NaN")).to_have_count(0)


@pytest.mark.parametrize("width", [800, 1400])
def test_the_drills_tables_fit_the_window_off_a_phone_and_cut_no_text(page: Any, app_url: str, width: int) -> None:
    """Issue 38: rows sized for a phone's table made one-line claims 126-144 px tall and the six-claim table taller
    than a 1400x900 window. Off a phone they are sized for the narrowest full-width table (the 800 px window with the
    sidebar open is near it): every table fits the window and no row cuts its text."""
    from tests.e2e.conftest import wait_until_drawn
    from tests.support.layout_checks import cut_rows

    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{app_url}/drills")
    page.get_by_role("button", name="Make a drill").click()
    expect(page.get_by_role("button", name="Check", exact=True)).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    page.wait_for_timeout(500)
    heights = page.evaluate("() => [...document.querySelectorAll('[data-testid=stMain] [data-testid=stDataFrame]')]"
                            ".map(e => e.getBoundingClientRect().height)")
    assert len(heights) == 3 and max(heights) < 700, heights  # was 938 px for the claims
    assert cut_rows(page) == []
