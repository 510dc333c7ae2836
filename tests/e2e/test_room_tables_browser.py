"""The facilitator's tables can be read whole (issue 49, item 6), in real Chromium in Spanish: at 1280x800 every
header of "where the class disagrees most" and of the class's metrics is shown whole (no header cut to one line, no
column pushed out of view: "Referencia" among them), and at 390 px wide no header word is cut either (the seven
columns of disputed units then scroll inside their table, the page does not).

Screenshots: tests/e2e/artifacts/room-tables-<width>.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, wait_until_idle
from tests.e2e.test_projector_browser import seeded_room_keys
from tests.e2e.test_rag_browser import TEXT_TIMEOUT
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TABLE_HEADINGS = ("room.disputed_title", "room.metrics_title")  # each heads a table
WHOLE_WIDTH = 1280  # px: from this width on, every column of both tables is in view at once

# For the first table drawn after the heading named ``title``: each header cell's text, its width, whether its text
# is wider than its box (cut), whether its box lies inside the window and inside the table's visible part (a column
# scrolled out of view is not read), whether the table scrolls sideways, and whether the page does. A canvas grid
# (st.dataframe) draws its headers as pixels, one line each; the cells of its accessibility mirror have no width.
HEADERS_JS = """(title) => {
  const heading = [...document.querySelectorAll('h2')].find(h => h.innerText.trim() === title);
  if (!heading) return null;
  const after = (node) => heading.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
  const table = [...document.querySelectorAll('[data-testid="stTable"], [data-testid="stDataFrame"]')].find(after);
  if (!table) return null;
  const shown = table.getBoundingClientRect();
  const scrollers = [table, ...table.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
    && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX));
  const page = document.documentElement.scrollWidth > window.innerWidth + 1;
  return [...table.querySelectorAll('th')].filter(th => th.innerText.trim() || th.textContent.trim()).map(th => {
    const box = th.getBoundingClientRect();
    const inside = box.width > 0 && box.left >= Math.max(0, shown.left) - 1
      && box.right <= Math.min(window.innerWidth, shown.right) + 1;
    return {text: (th.innerText || th.textContent).trim(), cut: th.scrollWidth > th.clientWidth + 1, inside,
            width: Math.round(box.width), sideways: scrollers.length > 0, page};
  });
}"""


def facilitator_tables(chromium: Any, app_url: str, secret: str, code: str, width: int) -> dict[str, Any]:
    """The facilitator's view of room ``code`` in Spanish at ``width`` x 800: HEADERS_JS for both tables."""
    context = chromium.new_context(viewport={"width": width, "height": 800}, locale="es-ES")
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/workshop_room?room={code}&key={secret}&lang=es")
        for key in TABLE_HEADINGS:
            expect(page.get_by_role("heading", name=translate("es", key))).to_be_visible(timeout=TEXT_TIMEOUT)
        wait_until_idle(page)
        page.wait_for_timeout(500)
        page.get_by_role("heading", name=translate("es", "room.disputed_title")).scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"room-tables-{width}.png"))
        return {key: page.evaluate(HEADERS_JS, translate("es", key))
                for key in TABLE_HEADINGS}
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_every_header_of_the_facilitators_tables_is_read_whole(chromium: Any, app_url: str, width: int) -> None:
    keys = seeded_room_keys("es")  # revealed, so the disputed units carry their reference
    found = facilitator_tables(chromium, app_url, keys.secret, keys.code, width)
    print(f"facilitator's tables at {width} px: {found}")
    for key, headers in found.items():
        assert headers, (key, "no table with headers after the heading")
        for header in headers:
            if width >= WHOLE_WIDTH:  # every column in view; on a phone a wide table scrolls inside its own box
                assert not header["sideways"] and header["inside"], (width, key, header)
            assert header["width"] > 0, (width, key, header)  # drawn as text, not as a canvas's pixels
            assert not header["cut"] and not header["page"], (width, key, header)  # no word cut, no page scroll
    disputed = [header["text"] for header in found["room.disputed_title"]]
    assert translate("es", "room.col.reference") in disputed, disputed
    metrics = [header["text"] for header in found["room.metrics_title"]]
    assert translate("es", "table.micro") in metrics, metrics
