"""Uploads in Chromium once their bytes are freed after reading (ui/frame/uploads.py): the server's upload manager holds
nothing, the page keeps what it read, the box keeps showing the file's name, and a refused file's message stays for
as long as that file is in the box and goes when it is removed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.bench_upload_memory import upload_manager_bytes
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, open_rag, sidebar, toggle_passage_label

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

BAD = b'{"id": "x", "question": "q", "claims": [{"id": "c1", "text": "t", "supported": "yes"}]}'
GOOD = json.dumps({"id": "freed-1", "question": "Are the bytes freed?", "answer": "Yes.",
                   "passages": [{"id": f"p{i}", "text": f"Passage {i}", "relevant": i < 3} for i in range(1, 4)],
                   "claims": [{"id": "c1", "text": "They are.", "supported": True, "correct": True}]}).encode()


def upload_box(page: Any) -> Any:
    return sidebar(page).get_by_test_id("stFileUploader").first


def held_before(app_url: str) -> int:
    """What the server's upload manager holds before this test uploads: the server is shared by the tests one worker
    runs, and a session an earlier test closed may still hold a file until Streamlit drops it (one CI run with three
    workers found 8,009 bytes there); this test's own upload must add nothing once read."""
    return upload_manager_bytes(app_url)


def test_a_refused_file_is_freed_and_its_message_stays_while_it_is_in_the_box(page: Any, app_url: str) -> None:
    open_rag(page, app_url)
    before = held_before(app_url)
    upload_box(page).locator('input[type="file"]').set_input_files(
        {"name": "bad.json", "mimeType": "application/json", "buffer": BAD})
    error = sidebar(page).get_by_test_id("stAlert")
    expect(error).to_contain_text("claims[0].supported", timeout=TEXT_TIMEOUT)
    assert upload_manager_bytes(app_url) <= before

    toggle_passage_label(page, 1)  # another run: the file is still in the box, so its message stays
    expect(counts(page)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
    expect(error).to_contain_text("claims[0].supported")
    expect(upload_box(page)).to_contain_text("bad.json")

    upload_box(page).get_by_test_id("stFileChipDeleteBtn").locator("button").click()  # the box's own remove
    expect(upload_box(page)).not_to_contain_text("bad.json", timeout=TEXT_TIMEOUT)
    expect(error).to_have_count(0, timeout=TEXT_TIMEOUT)  # the run the removal starts drops the message
    expect(counts(page)).to_have_text(counts_pattern(3, 5))


def test_a_read_file_is_freed_and_what_was_read_stays(page: Any, app_url: str) -> None:
    open_rag(page, app_url)
    before = held_before(app_url)
    upload_box(page).locator('input[type="file"]').set_input_files(
        {"name": "good.json", "mimeType": "application/json", "buffer": GOOD})
    expect(page.get_by_text("Are the bytes freed?").first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(counts(page)).to_have_text(counts_pattern(2, 3), timeout=TEXT_TIMEOUT)
    assert upload_manager_bytes(app_url) <= before
    expect(upload_box(page)).to_contain_text("good.json")

    toggle_passage_label(page, 3)  # reruns read the page's data from the workspace, not from the freed file
    expect(counts(page)).to_have_text(counts_pattern(3, 3), timeout=TEXT_TIMEOUT)
    page.reload()
    expect(counts(page)).to_have_text(counts_pattern(3, 3), timeout=TEXT_TIMEOUT)
    expect(page.get_by_text("Are the bytes freed?").first).to_be_visible()
