"""What a reader sees first on a phone and a narrow window (issue 27): the summary transcript opens at its first
turn, every label-table row holds its whole text, the rubric lab's before/after table shows its "after" column, and
the sidebar's long names show whole."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.conftest import wait_until_drawn
from tests.support.layout_checks import cut_rows, layout_problems
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


@pytest.mark.parametrize("width", [390, 800, 1280])  # 1280: a teacher's projector-sized laptop, sidebar open
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_rag_label_row_holds_its_whole_text(page: Any, app_url: str, language: str, width: int) -> None:
    # The default case: the longest claim of the built-in cases (ten lines in Spanish on a phone).
    _open(page, app_url, "rag_diagnosis", "rag.title", language, width)
    expect(page.get_by_test_id("stMain").get_by_test_id("stDataFrame")).to_have_count(3, timeout=TIMEOUT)
    assert cut_rows(page) == []


SCROLLS_SIDEWAYS_JS = """(grid) => { const s = grid.querySelector('.dvn-scroller');
  return s.scrollWidth > s.clientWidth + 1 ? `${s.scrollWidth}px of columns in ${s.clientWidth}px` : ''; }"""


@pytest.mark.parametrize("width", [390, 800])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rubric_lab_before_and_after_table_shows_its_after_column(page: Any, app_url: str, language: str,
                                                                      width: int) -> None:
    _open(page, app_url, "rubric_lab", "rub.title", language, width)
    table = page.get_by_test_id("stMain").get_by_test_id("stDataFrame").first
    expect(table).to_be_visible(timeout=TIMEOUT)
    assert table.evaluate(SCROLLS_SIDEWAYS_JS) == ""  # "After", its last column, not out of view to its right
    assert [problem for problem in cut_rows(page) if problem.startswith("table 1,")] == []


def test_the_sidebar_shows_a_lesson_link_and_a_long_choice_whole(page: Any, app_url: str) -> None:
    language = "es"
    _open(page, app_url, "", "home.title", language, 1400)
    page.get_by_role("button", name=translate(language, "home.start_button")).click()
    title = page.get_by_test_id("stMain").locator("h1").first
    expect(title).to_have_text(translate(language, "rag.title"), timeout=TIMEOUT)
    side = page.get_by_test_id("stSidebar")
    side.get_by_role("link", name=translate(language, "nav.summaries"), exact=True).click()
    expect(title).to_have_text(translate(language, "sum.title"), timeout=TIMEOUT)
    wait_until_drawn(page)
    # The lesson's page is elsewhere: its panel links there, "Ir a Diagnóstico RAG: localiza el fallo", whole.
    name = translate(language, "lesson.go", page=translate(language, "nav.rag"))
    link = side.get_by_role("link", name=name)
    expect(link).to_be_visible(timeout=TIMEOUT)
    label = link.get_by_test_id("stMarkdownContainer")
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1")
    assert label.inner_text().strip() == name
    # The built-in case's name is longer than its box shows: written whole under it.
    chosen = translate(language, "common.whole_choice", name="Cancelación de suscripción (crédito de $10)")
    expect(side.get_by_text(chosen, exact=True)).to_be_visible()
    assert [p for p in layout_problems(page) if p.startswith(("link cut", "choice cut"))] == []
