"""What a page must not do at any width, checked in the browser: scroll sideways, cut a metric card's label or
value ("C.." for "Context relevance"), hide a table's last columns behind a sideways scroll, open a scrolling box
anywhere but at its start, or draw a table row shorter than its text (cut at its top and bottom). Shared by tests/e2e
and tools/screenshots.py."""

from __future__ import annotations

import io
import itertools
from typing import Any

import numpy as np
from PIL import Image

WIDTHS = (1400, 800, 390)

# Returns a list of problems (empty when none). A cut text is one whose content is wider than its box: the
# browser then shows an ellipsis ("C..") or hides the rest.
LAYOUT_JS = r"""
() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth}px of content in a ${window.innerWidth}px window`);
  }
  const main = document.querySelector('[data-testid="stMain"]');
  if (main && main.scrollWidth > main.clientWidth + 1) {
    problems.push(`the main area scrolls sideways: ${main.scrollWidth}px in ${main.clientWidth}px`);
  }
  const cut = (el) => {
    for (const node of [el, ...el.querySelectorAll('*')]) {
      if (node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1) return true;
    }
    return false;
  };
  for (const metric of document.querySelectorAll('[data-testid="stMetric"]')) {
    if (!metric.checkVisibility()) continue;
    const label = metric.querySelector('[data-testid="stMetricLabel"]');
    const value = metric.querySelector('[data-testid="stMetricValue"]');
    if (label && cut(label)) problems.push(`metric label cut: "${label.textContent.trim()}"`);
    if (value && cut(value)) {
      problems.push(`metric value cut: "${value.textContent.trim()}" (${label ? label.textContent.trim() : ''})`);
    }
  }
  // A name cut short: a link's label ("Ir a Diagnóstico RAG: localiza..."), or a choice too long for its box, unless
  // the whole name is written right under the box.
  // (Not in a folded sidebar: on a phone it is out of view, and as narrow as nothing.)
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  const folded = (node) => sidebar && sidebar.dataset.collapsed === 'true' && sidebar.contains(node);
  for (const link of document.querySelectorAll('[data-testid="stPageLink-NavLink"]')) {
    if (link.checkVisibility() && !folded(link) && cut(link)) {
      const label = link.querySelector('[data-testid="stMarkdownContainer"]') || link;
      problems.push(`link cut: "${label.textContent.trim()}"`);
    }
  }
  for (const box of document.querySelectorAll('[data-testid="stSelectbox"]')) {
    const input = box.querySelector('input');
    if (!input || !box.checkVisibility() || folded(box) || input.scrollWidth <= input.clientWidth + 1) continue;
    const after = box.closest('.stElementContainer')?.nextElementSibling;
    if (!(after && after.innerText.includes(input.value))) problems.push(`choice cut: "${input.value}"`);
  }
  // A small table (three columns or fewer) wider than its box hides its last column behind a sideways scroll inside
  // it (the rubric lab's "After" on a phone). Wider data tables (metadata, four texts side by side) scroll by design.
  [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stDataFrame"]')].forEach((grid, index) => {
    const scroller = grid.querySelector('.dvn-scroller');
    const headers = [...grid.querySelectorAll('th')].map(th => th.textContent);
    const columns = Number(grid.querySelector('table[role="grid"]')?.getAttribute('aria-colcount') || headers.length);
    if (!grid.checkVisibility() || !scroller || scroller.scrollWidth <= scroller.clientWidth + 1) return;
    if (!columns || columns > 3) return;
    const sizes = `${scroller.scrollWidth}px of columns in ${scroller.clientWidth}px`;
    problems.push(`table ${index + 1} scrolls sideways: ${sizes} (${headers.join(' | ').slice(0, 80)})`);
  });
  // A box that scrolls (a transcript in a fixed-height container) opens at its start: one scrolled down on arrival
  // hides its first lines (Streamlit scrolls a box of chat messages to its end unless told not to).
  for (const box of main ? main.querySelectorAll('*') : []) {
    if (box.closest('[data-testid="stDataFrame"]') || !box.checkVisibility()) continue;
    const style = getComputedStyle(box);
    if (!['auto', 'scroll'].includes(style.overflowY) || box.scrollHeight <= box.clientHeight + 1) continue;
    if (box.scrollTop > 1) {
      const text = box.querySelector('[data-testid="stText"], [data-testid="stMarkdownContainer"]') || box;
      const first = (text.innerText || '').trim().split('\n')[0].slice(0, 60);
      const down = Math.round(box.scrollTop);
      problems.push(`a scrolling box opens ${down}px down from its start ("${first}" out of view)`);
    }
  }
  return problems;
}
"""

# A table (Streamlit's data grid, drawn on a canvas) names its rows' texts in an accessible copy beside it.
ROW_TEXT_JS = r"""
(grid, row) => [...grid.querySelectorAll(`tr[aria-rowindex="${row + 2}"] td`)].map(td => td.textContent)
  .sort((a, b) => b.length - a.length)[0] || ''
"""
INK = 110  # a pixel darker than this on every channel is text (the grid's text is #31333F on white)
EDGE = 2  # px inside a row's border: a text that fits keeps its padding (8 px or more) clear of them


def cut_row_bands(png: bytes, scrolled: bool = False) -> list[int]:
    """The rows (0 = the header) of a data grid's picture whose text touches the row's top or bottom border;
    ``scrolled``: the grid scrolls its rows, so its last row in view may be cut by the frame, not by its height.

    The grid draws each row's text centred in its row and clips whatever does not fit, so a text taller than its row
    is cut at both ends, with ink right against the border lines; a text that fits has its padding between."""
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    inner = pixels[:, 8:-8]  # the frame's rounded corners aside
    # Border lines: pixel rows of one colour (not white, not ink) across nearly the whole grid.
    line_colour = None
    lines = []
    for y in range(inner.shape[0]):
        colours, counts = np.unique(inner[y], axis=0, return_counts=True)
        mode = colours[counts.argmax()]
        if counts.max() < 0.97 * inner.shape[1] or mode.min() > 245 or mode.max() < INK:
            continue
        if line_colour is None:
            line_colour = mode
        if np.abs(mode - line_colour).max() <= 6:
            if lines and y == lines[-1] + 1:
                lines[-1] = y  # a line two pixels thick: its lower pixel row
            else:
                lines.append(y)
    ink = (inner < INK).all(axis=2)
    cut = []
    bands = list(itertools.pairwise(lines))
    for band, (top, bottom) in enumerate(bands[:-1] if scrolled else bands):
        if bottom - top <= 2 * EDGE + 1:
            continue
        if ink[top + 1:top + 1 + EDGE].any() or ink[bottom - EDGE:bottom].any():
            cut.append(band)
    return cut


# The app's header bar stays at the top of the window, over whatever is scrolled under it: hidden while tables are
# looked at, each in the middle of a window tall enough to hold it.
HEADER_JS = "(v) => { const h = document.querySelector('[data-testid=\"stHeader\"]'); if (h) h.style.visibility = v; }"
TALLEST_JS = """() => Math.max(0,
  ...[...document.querySelectorAll('[data-testid="stMain"] [data-testid="stDataFrame"]')]
    .map(e => e.getBoundingClientRect().height))"""


SCROLLS_JS = "g => { const s = g.querySelector('.dvn-scroller'); return !!s && s.scrollHeight > s.clientHeight + 1; }"


def cut_rows(page: Any) -> list[str]:
    """Rows of the page's tables shorter than their text. Looks at each table in turn (scrolling it into view, and
    making the window taller for a while when a table is taller than it)."""
    grids = page.locator('[data-testid="stMain"] [data-testid="stDataFrame"]')
    if not grids.count():
        return []
    size = page.viewport_size
    tallest = page.evaluate(TALLEST_JS)
    if tallest + 200 > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": int(tallest) + 200})
        page.wait_for_timeout(300)
    page.evaluate(HEADER_JS, "hidden")
    problems = []
    try:
        for index in range(grids.count()):
            problems += _cut_rows_of(grids.nth(index), index)
    finally:
        page.evaluate(HEADER_JS, "")
        page.set_viewport_size(size)
    return problems


def _cut_rows_of(grid: Any, index: int) -> list[str]:
    if not grid.is_visible():
        return []
    grid.evaluate("e => e.scrollIntoView({block: 'center'})")
    scrolled = grid.evaluate(SCROLLS_JS)
    problems = []
    for band in cut_row_bands(grid.screenshot(animations="disabled"), scrolled):
        if band == 0:
            problems.append(f"table {index + 1}: its header is cut")
            continue
        text = grid.evaluate(ROW_TEXT_JS, band - 1)
        problems.append(f'table {index + 1}, row {band}: text cut at the row\'s top or bottom ("{text[:60]}")')
    return problems


def layout_problems(page: Any) -> list[str]:
    """The layout problems of ``page`` (a Playwright page, sync API) as it is now (the DOM's first: looking at a
    table's rows scrolls it into view)."""
    return [*page.evaluate(LAYOUT_JS), *cut_rows(page)]
