"""A Parquet file of a few KB that decompresses to hundreds of MB, uploaded through the RAG page of a real
``serve.py`` in Chromium (issue 35, finding 3): the page says the limit and the sizes, and the server's peak memory
grows by well under 300 MB (it grew by 3.8 GB for the tester's file before)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import SERVERS, VIEWPORT, streamlit_server
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, open_rag, sidebar
from tests.support.browser_env import free_port
from uncase_core.rag.parquet import MAX_DECODED_MB

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

BOMBS = Path(__file__).resolve().parents[1] / "data" / "bombs"
GROWTH_MB = 300


@pytest.fixture(scope="module")
def served(browser_checked: str) -> Iterator[str]:
    with streamlit_server(free_port(), log_name="bombs.log", script="serve.py") as base:
        yield base


def memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


@pytest.mark.parametrize("name", ["plain_6x50mb.parquet", "dictionary_1000x1mb.parquet"])
def test_a_decompression_bomb_is_refused_by_the_page_without_the_memory(name: str, chromium: Any, served: str):
    pid = SERVERS[served].pid
    context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    try:
        page = context.new_page()
        open_rag(page, served)
        Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak (VmHWM) starts again from now
        before = memory_kb(pid, "VmRSS")
        sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(BOMBS / name))
        message = page.get_by_text(f"the playground reads at most {MAX_DECODED_MB} MB").first
        expect(message).to_be_visible(timeout=TEXT_TIMEOUT)
        grown_mb = (memory_kb(pid, "VmHWM") - before) / 1024
        assert grown_mb < GROWTH_MB, f"the server's peak grew by {grown_mb:.0f} MB"
        # The page goes on: the built-in case is still there to label.
        expect(page.get_by_text("Context relevance").first).to_be_visible()
    finally:
        context.close()
