"""The RAG page with the keyboard alone (issue 52): Tab reaches the label grid, the arrows and Space label a passage,
and the updated card is there to be read; focus mode labels by its keys and says what it did, and the case's
figures it moved, in its live region.

No mouse event is sent: every step is a key a person without a pointer presses, and what the test reads is what a
screen reader is given (text in the page, a live region's words), not a pixel.

Default scenario "All good": passages p1..p4 relevant, p5 not, so context relevance starts at 4 / 5.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, open_rag

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

MOST_TABS = 80  # the page's stops before the first grid: the sidebar's, the page's, the grid's toolbar (45 today)
IN_FIRST_GRID = ("() => { const grid = document.querySelector("
                 "'[data-testid=\"stMain\"] [data-testid=\"stDataFrame\"]');"
                 " const e = document.activeElement;"  # past the grid's toolbar: its canvas or a cell of its table
                 " return grid !== null && grid.contains(e) && (e.tagName === 'CANVAS' || e.tagName === 'TD'); }")
# A focus indicator is a change of look while focused: the element's (or its two nearest ancestors', where Streamlit
# draws a box's focus) outline, shadow, background, border or text, compared with how it looks once the next Tab
# has moved on. Streamlit's own focus rings (a shadow, a border in the primary colour) and ours count alike.
LOOK = """(e) => [e, e.parentElement, e.parentElement && e.parentElement.parentElement].filter(Boolean).map((n) => {
    const s = getComputedStyle(n);
    return [s.outlineStyle, s.outlineColor, s.boxShadow, s.backgroundColor, s.borderColor, s.color,
            s.textDecorationLine].join(' ');
}).join(' / ')"""
WHERE = ("() => { const e = document.activeElement; const box = e.closest('[data-testid]');"
         " return `${e.tagName}#${e.id} ${box ? box.dataset.testid : ''}`; }")
NOTE_FOCUSED = f"() => {{ const e = document.activeElement; window.__focused = e; window.__look = ({LOOK})(e); }}"
LOOKED_FOCUSED = (f"() => {{ const e = window.__focused; if (!e || e === document.body) return 'nothing focused';"
                  f" if (e.closest('[data-testid=\"stDataFrame\"]')) return '';"  # the grid draws its focus on canvas
                  f" return ({LOOK})(e) !== window.__look ? '' :"
                  f" (e.getAttribute('aria-label') || e.textContent || e.tagName).slice(0, 60); }}")


def tab_to_the_first_grid(page: Any) -> int:
    """Press Tab until the keyboard is in the page's first label grid, checking that every stop on the way showed
    it had the focus; the number of presses it took."""
    unseen, visited = [], []
    for presses in range(1, MOST_TABS + 1):
        if presses > 1:
            page.keyboard.press("Tab")
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            if (name := page.evaluate(LOOKED_FOCUSED)):
                unseen.append(name)
        else:
            page.keyboard.press("Tab")
        if page.evaluate(IN_FIRST_GRID):
            assert not unseen, f"stops with no visible focus on the way to the grid: {unseen}"
            return presses
        page.evaluate(NOTE_FOCUSED)
        visited.append(page.evaluate(WHERE))
    raise AssertionError(f"{MOST_TABS} presses of Tab never reached the label grid: {visited}")


def test_a_passage_is_labelled_with_the_keyboard_alone_and_the_card_reads_the_new_figures(page: Any,
                                                                                         app_url: str) -> None:
    open_rag(page, app_url)
    tab_to_the_first_grid(page)
    # Tab enters the grid on its canvas with no cell selected, or on its first cell, p1's "Relevant": down and up
    # again selects that first cell either way. p5 is four rows down. The grid's own keys move and tick.
    editor = page.locator('[data-testid="stDataFrame"]').first
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(editor.get_by_test_id("glide-cell-0-0")).to_have_attribute("aria-selected", "true")
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    expect(editor.get_by_test_id("glide-cell-0-4")).to_have_attribute("aria-selected", "true",
                                                                      timeout=TEXT_TIMEOUT)
    page.keyboard.press("Space")  # p5: not relevant -> relevant
    expect(counts(page)).to_have_text(counts_pattern(5, 5), timeout=TEXT_TIMEOUT)
    # What a screen reader reads of the card: its label, its value and the counts with the interval, as text.
    card = page.get_by_test_id("stMetric").filter(has_text="Context relevance").first
    expect(card).to_contain_text("100.0%")
    assert re.search(r"5 / 5 · 95% interval \d", counts(page).inner_text())


def test_focus_mode_labels_by_its_keys_and_says_so_in_its_live_region(page: Any, app_url: str) -> None:
    open_rag(page, app_url)
    page.keyboard.press("f")  # focus mode's own shortcut, no pointer
    pad = page.locator(".uncase-pad")
    expect(pad).to_be_visible(timeout=TEXT_TIMEOUT)
    live = pad.locator('.pad-live[aria-live="polite"][role="status"]')
    expect(live).to_have_count(1)
    line = pad.locator(".pad-line")
    before = line.inner_text()
    page.keyboard.press("0")
    expect(line).not_to_have_text(before, timeout=TEXT_TIMEOUT)  # it moved on to the next unit
    expect(live).not_to_have_text("", timeout=TEXT_TIMEOUT)  # and said what the key did
    expect(pad).to_have_attribute("data-pending", "0", timeout=TEXT_TIMEOUT)
    # Then the case's figures the key moved, which the cards show and a screen reader would not hear change: p1,
    # relevant in "All good", is now not relevant (4 of 5 -> 3 of 5).
    expect(live).to_contain_text("This case now: Context relevance 3 of 5;", timeout=TEXT_TIMEOUT)
    expect(live).to_contain_text("passage 1 (Relevant): no.")  # after the label the key set, not instead of it
