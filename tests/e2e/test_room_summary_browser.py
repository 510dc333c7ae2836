"""A workshop room of summary cases in real Chromium (issue 26): the facilitator makes it, two participants join into
the summary page in their own browsers and label accuracy points, and the facilitator's view follows with the
summary dimensions; a freeze reaches a participant's summary page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_rag_browser import TEXT_TIMEOUT, sidebar
from tests.e2e.test_room_browser import REFRESH_WAIT, create_room, grid_text, join_page, new_page
from tests.e2e.test_summary_browser import _metric, _toggle

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

ACCURACY_TABLE = 1  # the summary page's data editors: 0 the sections (fixed in a room), 1 the accuracy points


def join_summary_room(chromium: Any, app_url: str, code: str, name: str) -> Any:
    page = join_page(chromium, app_url, code, name)
    assert "/summary_autoevaluation" in page.url  # joining a room of summary cases lands on the summary page
    expect(_metric(page, "Accuracy")).to_have_text("N/A", timeout=TEXT_TIMEOUT)  # the room's case, no labels
    return page


def test_a_summary_room_from_creation_to_freeze(chromium: Any, app_url: str) -> None:
    facilitator = new_page(chromium)
    pages = [facilitator]
    try:
        facilitator.goto(f"{app_url}/workshop_room")
        facilitator.get_by_text("Summary cases", exact=True).first.click()
        expect(facilitator.get_by_text(re.compile("on the summary page; the class view shows accuracy"))
               ).to_be_visible(timeout=TEXT_TIMEOUT)
        code = create_room(facilitator, app_url)

        ana = join_summary_room(chromium, app_url, code, "Ana")
        bruno = join_summary_room(chromium, app_url, code, "Bruno")
        pages += [ana, bruno]
        # Ana: both points accurate. Bruno: the first point only.
        for page, rows, shown in ((ana, (1, 2), "100.0%"), (bruno, (1,), "100.0%")):
            page.bring_to_front()
            for row in rows:
                _toggle(page, ACCURACY_TABLE, row)
            expect(_metric(page, "Accuracy")).to_have_text(shown, timeout=TEXT_TIMEOUT)

        facilitator.bring_to_front()
        joined = facilitator.locator('[data-testid="stMetric"]').filter(has_text="Joined")
        expect(joined).to_contain_text("2", timeout=REFRESH_WAIT)
        facilitator.get_by_text("Every unit: the class's labels").click()
        expect(grid_text(facilitator, "2 yes / 0 no / 0 not labelled")).to_be_attached(timeout=REFRESH_WAIT)
        expect(grid_text(facilitator, "1 yes / 0 no / 1 not labelled")).to_be_attached(timeout=REFRESH_WAIT)
        expect(grid_text(facilitator, "Completeness").first).to_be_attached(timeout=REFRESH_WAIT)

        sidebar(facilitator).get_by_text("Freeze the labels").click()
        bruno.bring_to_front()
        expect(bruno.get_by_text("The facilitator has frozen the labels")).to_be_visible(timeout=REFRESH_WAIT)
        _toggle(bruno, ACCURACY_TABLE, 2)  # locked: nothing changes
        bruno.wait_for_timeout(1500)
        expect(_metric(bruno, "Accuracy")).to_have_text("100.0%", timeout=TEXT_TIMEOUT)
    finally:
        for page in pages:
            page.context.close()
