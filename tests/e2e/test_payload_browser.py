"""Text from a file is drawn as text in real Chromium: a payload file on the RAG page and the dataset workbench
fetches nothing from outside (no tracking pixel), and makes no image, link, LaTeX or colour of its own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, open_rag, sidebar
from tests.pages.test_payload_text import IMAGE, rag_file
from ui.widgets.text import WORD_JOINER

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

OUTSIDE = ("tracker.example", "e.x", "bare.example")
RENDERED = ("img[src*='tracker.example'], a[href^='http://e.x'], a[href*='bare.example'], .katex, "
            "[data-testid='stMain'] b, [data-testid='stSidebar'] b, span[style*='red']")


def _rendered(page: Any) -> int:
    return page.locator(RENDERED).count()


def test_a_payload_file_fetches_nothing_and_renders_nothing(page: Any, app_url: str, tmp_path: Any) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    upload = tmp_path / "payload.json"
    upload.write_bytes(rag_file())
    open_rag(page, app_url)
    page.locator('[data-testid="stFileUploader"] input[type="file"]').first.set_input_files(str(upload))
    main = page.get_by_test_id("stMain")
    # Shown literally: the markdown of the image, as typed, and the right-to-left override marked.
    texts = main.get_by_test_id("stMarkdownContainer").filter(has_text="tracker.example/p.png")
    expect(texts.first).to_be_visible(timeout=TEXT_TIMEOUT)
    shown = [text.replace(WORD_JOINER, "") for text in texts.all_inner_texts()]
    assert any(f"Question {IMAGE}" in text for text in shown), shown  # as typed (the joiner is invisible)
    expect(main.get_by_text("⟦U+202E⟧", exact=False).first).to_be_visible()
    wait_until_drawn(page)
    page.wait_for_timeout(1000)
    assert _rendered(page) == 0, page.locator(RENDERED).evaluate_all(
        "es => es.map(e => [e.outerHTML.slice(0, 200), e.closest('[data-testid]')?.dataset.testid,"
        " e.closest('[data-testid]')?.parentElement?.innerText?.slice(0, 300)])")

    page.goto(f"{app_url}/dataset_workbench")
    expect(page.get_by_test_id("stMain")).to_be_visible(timeout=TEXT_TIMEOUT)
    sidebar(page).locator('[data-testid="stFileUploader"] input[type="file"]').first.set_input_files(str(upload))
    expect(page.get_by_test_id("stMain").get_by_text("tracker.example", exact=False).first).to_be_visible(
        timeout=TEXT_TIMEOUT)
    chart = page.locator(".js-plotly-plot").first
    expect(chart).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    page.wait_for_timeout(1000)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    assert _rendered(page) == 0, page.locator(RENDERED).evaluate_all(
        "es => es.map(e => [e.outerHTML.slice(0, 200), e.closest('[data-testid]')?.dataset.testid,"
        " e.closest('[data-testid]')?.parentElement?.innerText?.slice(0, 300)])")
    # The chart's tick labels show the domain as typed: plotly made no link or bold text of it.
    assert chart.locator("a").count() == 0
    assert "<b>b</b>" in chart.locator(".xtick").first.text_content()
    outside = [url for url in requests if any(host in url for host in OUTSIDE)]
    assert not outside, outside
