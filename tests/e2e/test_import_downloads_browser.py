"""After another tool's file is imported, its way back is on the first screen (issue 51, item 9): in a 1280 x 900
window, "Download for another tool" began at y = 1174 px, under the upload box and its file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, open_rag, settled_box, sidebar

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

GOLDENS = Path(__file__).resolve().parents[1] / "data" / "interchange" / "deepeval_goldens_en.csv"
WINDOW = {"width": 1280, "height": 900}


def test_the_download_for_another_tool_is_on_the_first_screen_after_an_import(page: Any, app_url: str) -> None:
    page.set_viewport_size(WINDOW)
    open_rag(page, app_url)
    sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(GOLDENS))
    note = page.get_by_test_id("stAlertContentInfo").filter(has_text="DeepEval")
    expect(note.first).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    button = sidebar(page).get_by_role("button", name="Download for another tool")
    expect(button).to_be_visible(timeout=TEXT_TIMEOUT)
    box = settled_box(page, button)
    assert box["y"] + box["height"] <= WINDOW["height"], box  # the whole button, unscrolled
