"""Another tool's file on the RAG page in real Chromium: a RAGAS Parquet file uploads, its cases and its note show."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, open_rag, sidebar
from uncase_core.rag.interchange import read_cases

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

PARQUET = Path(__file__).resolve().parents[1] / "data" / "interchange" / "ragas_results_en.parquet"


def test_a_ragas_parquet_upload_shows_its_cases_and_note(page: Any, app_url: str) -> None:
    cases = read_cases(PARQUET.read_bytes(), PARQUET.name).dataset.cases
    open_rag(page, app_url)
    sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(PARQUET))
    note = page.get_by_test_id("stAlertContentInfo").filter(has_text="RAGAS rows")
    expect(note.first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(note.first).to_contain_text(f"Read {len(cases)} cases from RAGAS rows (parquet)")
    expect(note.first).to_contain_text("never as hand labels")
    # The case box lists every case read from the file, the first one on screen.
    expect(page.get_by_text(cases[0].question[:40]).first).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)  # a list opened while a widget's code still loads closes again (conftest)
    page.get_by_test_id("stMain").get_by_role("combobox").first.click()
    for case in cases:
        expect(page.get_by_role("option").filter(has_text=case.id).first).to_be_visible(timeout=TEXT_TIMEOUT)
