"""The workshop's access code in Chromium, on a server started with one: a page's own address shows the gate, the
code typed lets the tab in, and a reload of that tab (a new Streamlit session, the same workspace link) comes back
in without asking again; a new tab without the link is asked. Served as ``dev.py run --workshop`` serves it
(``serve.py``, with its upload guard), a file uploaded right after the code was typed is taken."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import VIEWPORT, streamlit_server
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern
from tests.support.browser_env import free_port
from ui.frame.access import ACCESS_CODE_ENV

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

CODE = "KJ7Q-MX4P"
RAGAS_ROW = (b'user_input,retrieved_contexts,response,reference\n'
             b'"How long do refunds take?","[""Refunds take 5 days.""]","Refunds take 5 days.","Refunds take 5 days."\n'
             )


def test_the_gate_lets_a_tab_in_with_the_code_and_a_reload_keeps_it_in(chromium: Any) -> None:
    with streamlit_server(free_port(), "streamlit-access.log", env={ACCESS_CODE_ENV: CODE}, script="serve.py") as base:
        context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
        try:
            page = context.new_page()
            page.goto(f"{base}/rag_diagnosis")
            code_box = page.get_by_role("textbox", name="Access code or room code")
            expect(code_box).to_be_visible(timeout=TEXT_TIMEOUT)
            expect(page.get_by_text("Context relevance")).to_have_count(0)

            code_box.fill("nope-nope")
            page.get_by_role("button", name="Enter").click()
            expect(page.get_by_text("That code does not open this playground.")).to_be_visible(timeout=TEXT_TIMEOUT)

            code_box.fill(CODE.lower())
            page.get_by_role("button", name="Enter").click()
            expect(counts(page)).to_have_text(counts_pattern(4, 5), timeout=TEXT_TIMEOUT)
            expect(page).to_have_url(re.compile(r"[?&]w=[A-Za-z0-9_-]{16,}"), timeout=TEXT_TIMEOUT)

            # The first run past the gate made the workspace; the upload guard must still know the session is in.
            page.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(
                {"name": "rows.csv", "mimeType": "text/csv", "buffer": RAGAS_ROW})
            expect(page.get_by_text("Imported 1 RAGAS row as an unlabelled case")).to_be_visible(timeout=TEXT_TIMEOUT)

            page.reload()
            expect(page.get_by_text("Case ragas-")).to_be_visible(timeout=TEXT_TIMEOUT)
            expect(page.get_by_role("textbox", name="Access code or room code")).to_have_count(0)

            other = context.new_page()
            other.goto(f"{base}/rag_diagnosis")
            expect(other.get_by_role("textbox", name="Access code or room code")).to_be_visible(timeout=TEXT_TIMEOUT)
        finally:
            context.close()
