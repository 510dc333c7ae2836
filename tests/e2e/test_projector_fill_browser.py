"""The projector fills the wall it is shown on (issue 49, item 5), in real Chromium at 1920x1080 and 1280x720:
the screen's content spans at least :data:`FILLED_SHARE` of the window's width, its type grows with the screen,
nothing scrolls sideways, no row is drawn for a dimension nobody labelled, and a note under a row does not climb
onto the row above it. The facilitator's first screen names the projector's view and gives its link in the open.

Screenshots: tests/e2e/artifacts/projector-fill-<width>-<screen>.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, wait_until_idle
from tests.e2e.test_projector_browser import seeded_room
from tests.e2e.test_rag_browser import TEXT_TIMEOUT
from tests.e2e.test_room_browser import wait_until_sealed
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

WALLS = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
FILLED_SHARE = 0.85  # of the window's width, for the screen's content (the strip, the screen, the pager)

# What is drawn on the screen, as the eye sees it: the span of its text lines, pictures and buttons (a paragraph's
# box stretches to its container whatever its text), the largest key figure's font size, whether the page scrolls
# sideways, a note's line drawn over another line, and the agreement rows drawn.
MEASURE_JS = """() => {
  const root = document.querySelector('.st-key-proj_root');
  const lines = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !node.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0) lines.push({owner: node.parentElement.closest('p, button, div'), r, text: node.textContent,
                                   note: !!node.parentElement.closest('[class*="st-key-proj_note"]')});
    }
  }
  const shapes = [...root.querySelectorAll('img, canvas, svg.main-svg, button')]
    .filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect()).filter(r => r.width > 0);
  const all = [...lines.map(l => l.r), ...shapes];
  const left = Math.min(...all.map(r => r.left)), right = Math.max(...all.map(r => r.right));
  const overlaps = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i], b = lines[j];
      if (a.owner === b.owner) continue;
      const wide = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const tall = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      // Glyph boxes of lines set one under the other touch by a few px; a note drawn onto its neighbour by a
      // negative margin covered a third of a line or more.
      if (!a.note && !b.note) continue;
      if (wide > 2 && tall > Math.min(a.r.height, b.r.height) / 3) {
        overlaps.push([a.text.slice(0, 30), b.text.slice(0, 30)]);
      }
    }
  }
  const sizes = [...root.querySelectorAll('[class*="st-key-proj_alpha_value"] p, .st-key-proj_joined p')]
    .map(p => parseFloat(getComputedStyle(p).fontSize));
  const doc = document.documentElement;
  return {content: Math.round(right - left), biggest: Math.max(0, ...sizes), overlaps,
          sideways: doc.scrollWidth > window.innerWidth + 1, window: window.innerWidth,
          rows: [...root.querySelectorAll('[class*="st-key-proj_alpha_value_"]')].map(e => e.className)};
}"""


def agreement_screen(chromium: Any, app_url: str, code: str, view_key: str, wall: dict[str, int]) -> dict[str, Any]:
    """The projector's agreement screen at ``wall`` in Spanish, paused: what MEASURE_JS finds on it."""
    context = chromium.new_context(viewport=wall, locale="es-ES")
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/workshop_room?room={code}&view={view_key}&lang=es")
        expect(page.locator(".st-key-proj_code")).to_contain_text(code, timeout=TEXT_TIMEOUT)
        pause = page.locator(".st-key-proj_pause button").first
        playing = pause.inner_text()
        wait_until_idle(page)
        page.keyboard.press("p")
        expect(pause).not_to_have_text(playing, timeout=TEXT_TIMEOUT, use_inner_text=True)
        join = page.evaluate(MEASURE_JS)
        page.screenshot(path=str(ARTIFACTS / f"projector-fill-{wall['width']}-join.png"))
        wait_until_idle(page)
        page.keyboard.press("ArrowRight")
        expect(page.locator('[class*="st-key-proj_alpha_value"]').first).to_be_visible(timeout=TEXT_TIMEOUT)
        wait_until_idle(page)
        page.screenshot(path=str(ARTIFACTS / f"projector-fill-{wall['width']}-agreement.png"))
        return {"join": join, "agreement": page.evaluate(MEASURE_JS)}
    finally:
        context.close()


def test_the_projector_fills_the_screen_and_grows_with_it(chromium: Any, app_url: str) -> None:
    code, view_key = seeded_room("es")  # nobody labels correctness or coverage in it
    measured = {wall["width"]: agreement_screen(chromium, app_url, code, view_key, wall) for wall in WALLS}
    print(f"projector at 1920 and 1280 (px): {measured}")
    for width, screens in measured.items():
        for name, found in screens.items():
            assert found["content"] >= FILLED_SHARE * found["window"], (width, name, found)
            assert not found["sideways"], (width, name, found)
            assert not found["overlaps"], (width, name, found)
        agreement = screens["agreement"]
        drawn = " ".join(agreement["rows"])
        assert "context_relevance" in drawn and "faithfulness" in drawn, agreement
        assert "correctness" not in drawn and "coverage" not in drawn, agreement  # nobody labelled them
    for name in ("join", "agreement"):
        assert measured[1920][name]["biggest"] > measured[1280][name]["biggest"], (name, measured)


def test_the_facilitators_first_screen_names_the_view_to_project(chromium: Any, app_url: str) -> None:
    """A teacher opening a new room sees, in the open, which view goes on the projector and its link (the secret
    links stay folded)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/workshop_room?lang=es")
        page.get_by_role("button", name=translate("es", "room.create")).click()
        page.wait_for_url(re.compile(r"room=[A-Z0-9]{6}"), timeout=TEXT_TIMEOUT)
        wait_until_sealed(page)
        line = page.locator(".st-key-room_projector_line")
        expect(line).to_be_visible(timeout=TEXT_TIMEOUT)  # in the open, not in a folded expander
        expect(line).to_contain_text(translate("es", "room.project_this").replace("**", ""))  # as drawn
        expect(line).to_contain_text("view=")
        assert "key=" not in line.inner_text()  # the facilitator's secret link is not on the line
    finally:
        context.close()
