"""A Parquet file of a few KB that decompresses to hundreds of MB, or holds 975,000 rows, uploaded through the RAG page
of a real ``serve.py`` in Chromium: the page says the limit, and the server's peak memory grows by well under 300 MB
(it grew by 3.8 GB for a decompression bomb, and by 4 GB over 337 s for the many-rows file, before)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import SERVERS, VIEWPORT, streamlit_server
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, open_rag, sidebar
from tests.support.browser_env import free_port
from ui.frame.limits import UPLOAD_SHARE_OF_WORKSPACE
from uncase_store.store import DEFAULT_WORKSPACE_MAX_MB

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


# What the page says of each file: a page reads at most half what a workspace stores once decompressed (5 MB by
# default), and at most the cases it handles live (2,000 on the RAG page).
PAGE_DECODED_MB = round(DEFAULT_WORKSPACE_MAX_MB * UPLOAD_SHARE_OF_WORKSPACE)
REFUSALS = {"plain_6x50mb.parquet": f"the playground reads at most {PAGE_DECODED_MB} MB",
            "dictionary_1000x1mb.parquet": f"the playground reads at most {PAGE_DECODED_MB} MB",
            "rows_975000.parquet": "975,000 items is more than this page handles live (2,000)"}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_bomb_is_refused_by_the_page_without_the_memory(name: str, chromium: Any, served: str):
    pid = SERVERS[served].pid
    context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    try:
        page = context.new_page()
        open_rag(page, served)
        Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak (VmHWM) starts again from now
        before = memory_kb(pid, "VmRSS")
        sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(BOMBS / name))
        message = page.get_by_text(REFUSALS[name]).first
        expect(message).to_be_visible(timeout=TEXT_TIMEOUT)
        grown_mb = (memory_kb(pid, "VmHWM") - before) / 1024
        assert grown_mb < GROWTH_MB, f"the server's peak grew by {grown_mb:.0f} MB"
        # The page goes on: the built-in case is still there to label.
        expect(page.get_by_text("Context relevance").first).to_be_visible()
    finally:
        context.close()


ACCEPTED_PEAK_MB = 80  # docs/deploy.md: what one accepted upload may cost the server at its peak


def test_the_largest_accepted_uploads_cost_the_server_a_bounded_peak(chromium: Any, served: str, tmp_path: Path):
    """The largest files the RAG page takes (5 MB of Parquet text in 10 or 2,000 rows, 2 MB of JSON cases or RAGAS
    CSV at 2,000 cases) load, and each grows the server's peak by under 80 MB (a 4 KB file of 90 MB text took
    about 550 MB before the page's decoded limit was half a workspace)."""
    from bench.bench_attacks import largest_accepted_files

    pid = SERVERS[served].pid
    for path, decoded in largest_accepted_files(tmp_path):
        context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
        try:
            page = context.new_page()
            open_rag(page, served)
            Path(f"/proc/{pid}/clear_refs").write_text("5")
            before = memory_kb(pid, "VmRSS")
            sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(path))
            expect(page.get_by_text(re.compile(r"Whole dataset \((10|2,?000) cases\)")).first) \
                .to_be_visible(timeout=TEXT_TIMEOUT * 3)
            grown_mb = (memory_kb(pid, "VmHWM") - before) / 1024
            assert grown_mb < ACCEPTED_PEAK_MB, f"{path.name} ({decoded / 2**20:.1f} MB): grew by {grown_mb:.0f} MB"
        finally:
            context.close()
