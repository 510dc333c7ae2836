"""What a reader sees first on a phone and a narrow window (issue 27): the summary transcript opens at its first
turn, every label-table row holds its whole text, the rubric lab's before/after table shows its "after" column, and
the sidebar's long names show whole."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from bench.layout_checks import cut_rows, layout_problems
from tests.e2e.conftest import wait_until_drawn
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TIMEOUT = 30_000


def _open(page: Any, app_url: str, path: str, title_key: str, language: str, width: int) -> None:
    """``path`` in ``language`` (set once on the home page, carried by the workspace link) at ``width`` px."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{app_url}/?lang={language}")
    title = page.get_by_test_id("stMain").locator("h1").first
    expect(title).to_have_text(translate(language, "home.title"), timeout=TIMEOUT)
    token = parse_qs(urlparse(page.url).query)["w"][0]
    page.goto(f"{app_url}/{path}?w={token}")
    expect(title).to_have_text(translate(language, title_key), timeout=TIMEOUT)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=TIMEOUT)
    wait_until_drawn(page)
    page.wait_for_timeout(800)


TRANSCRIPT_JS = """() => {
  const first = document.querySelector('[data-testid="stMain"] [data-testid="stChatMessage"]');
  let box = first.parentElement;
  const scrolls = (e) => e.scrollHeight > e.clientHeight + 1
    && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY);
  while (box && !scrolls(box)) box = box.parentElement;
  const inner = box.getBoundingClientRect(), line = first.getBoundingClientRect();
  return {scrollTop: box.scrollTop, boxTop: inner.top, boxBottom: inner.bottom, top: line.top, bottom: line.bottom,
          text: first.innerText};
}"""


@pytest.mark.parametrize("width", [390, 800])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_summary_transcript_opens_at_its_first_turn(page: Any, app_url: str, language: str, width: int) -> None:
    _open(page, app_url, "summary_autoevaluation", "sum.title", language, width)
    seen = page.evaluate(TRANSCRIPT_JS)
    assert seen["scrollTop"] == 0, seen
    assert seen["boxTop"] <= seen["top"] and seen["bottom"] <= seen["boxBottom"], f"first turn not whole: {seen}"
    assert layout_problems(page) == []


@pytest.mark.parametrize("width", [390, 800])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_rag_label_row_holds_its_whole_text(page: Any, app_url: str, language: str, width: int) -> None:
    # The default case: the longest claim of the built-in cases (ten lines in Spanish on a phone).
    _open(page, app_url, "rag_diagnosis", "rag.title", language, width)
    expect(page.get_by_test_id("stMain").get_by_test_id("stDataFrame")).to_have_count(3, timeout=TIMEOUT)
    assert cut_rows(page) == []
