"""Nothing a person did is lost, in real Chromium: a reload, a restarted server and a second tab on the same
link all show the labels and the data the person left.

Every edit moves the counts away from the default (4 / 5 relevant passages in the first scenario), so a lost
edit cannot pass for a kept one.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, streamlit_server
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, open_rag, sidebar, toggle_passage_label
from tests.support.browser_env import free_port
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TOKEN = re.compile(r"[?&]w=([A-Za-z0-9_-]{24})")


def workspace_token(page: Any) -> str:
    """The workspace token the page put in its address (waits for it)."""
    page.wait_for_url(TOKEN, timeout=TEXT_TIMEOUT)
    return TOKEN.search(page.url).group(1)


def new_page(chromium: Any, locale: str = "en-US") -> Any:
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
    context.set_default_timeout(30_000)
    return context.new_page()


def test_labels_survive_a_reload(page: Any, app_url: str) -> None:
    open_rag(page, app_url)
    toggle_passage_label(page, 1)  # p1 relevant -> not
    expect(counts(page)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
    toggle_passage_label(page, 2)  # p2 relevant -> not
    expect(counts(page)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
    token = workspace_token(page)
    page.reload()
    expect(counts(page)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
    assert workspace_token(page) == token
    # A page switch through the sidebar keeps the link, and coming back shows the same labels.
    sidebar(page).get_by_role("link", name="Threshold explorer").click()
    expect(page.get_by_role("heading", name="Threshold explorer").first).to_be_visible(timeout=TEXT_TIMEOUT)
    assert workspace_token(page) == token
    sidebar(page).get_by_role("link", name="RAG diagnosis").click()
    expect(counts(page)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)


def test_labels_and_an_upload_survive_a_server_restart(chromium: Any, browser_checked: str, tmp_path: Any) -> None:
    case = {"id": "restart-1", "question": "Does the refund survive a restart?",
            "passages": [{"id": f"p{i}", "text": f"Restart passage {i}", "relevant": True} for i in range(1, 6)],
            "answer": "Yes.", "claims": [{"id": "c1", "text": "It does.", "supported": True, "correct": True}]}
    upload = tmp_path / "restart.json"
    upload.write_text(json.dumps(case), encoding="utf-8")
    port = free_port()
    page = new_page(chromium)
    try:
        with streamlit_server(port, "streamlit-restart.log") as base:
            open_rag(page, base)
            page.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(upload))
            expect(counts(page)).to_have_text(counts_pattern(5, 5), timeout=TEXT_TIMEOUT)
            toggle_passage_label(page, 3)  # p3 relevant -> not
            expect(counts(page)).to_have_text(counts_pattern(4, 5), timeout=TEXT_TIMEOUT)
            toggle_passage_label(page, 4)
            expect(counts(page)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
            link = page.url
        # The server is down; a new one on the same port and the same store.
        with streamlit_server(port, "streamlit-restart.log"):
            # The open tab reconnects by itself and shows the same work.
            expect(counts(page)).to_have_text(counts_pattern(3, 5), timeout=60_000)
            expect(page.get_by_text("Does the refund survive a restart?").first).to_be_visible()
            # So does the link opened again in a new tab.
            second = new_page(chromium)
            try:
                second.goto(link)
                expect(counts(second)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
                expect(second.get_by_text("Does the refund survive a restart?").first).to_be_visible()
            finally:
                second.context.close()
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_while_the_server_is_away_the_page_says_so_in_the_readers_language(chromium: Any, browser_checked: str,
                                                                          lang: str) -> None:
    """Streamlit's own dialog ("Connection error ... Are you connected to the internet?") is English only; the
    page's style puts the catalogue's words in its place, for the eye and for a screen reader, and it goes once
    the server is back."""
    port = free_port()
    page = new_page(chromium, "es-ES" if lang == "es" else "en-US")
    try:
        with streamlit_server(port, "streamlit-outage.log") as base:
            page.goto(f"{base}/rag_diagnosis?lang={lang}")
            expect(page.get_by_test_id("stMetric").first).to_be_visible(timeout=TEXT_TIMEOUT)
        dialog = page.locator('section[role="dialog"]')
        expect(dialog).to_be_visible(timeout=60_000)
        title = dialog.locator("h2")
        assert title.evaluate("e => getComputedStyle(e, '::after').content") == f'"{translate(lang, "outage.title")}"'
        message = dialog.locator("h2 + div").evaluate("e => getComputedStyle(e, '::after').content")
        assert message == f'"{translate(lang, "outage.message")}"'
        # A screen reader hears the message in our words alone, and the title after Streamlit's own (the dialog's
        # name comes from the title element by aria-labelledby, which takes its text whatever the style).
        expect(dialog).to_have_accessible_name(re.compile(re.escape(translate(lang, "outage.title")) + "$"))
        assert dialog.get_by_text(re.compile("Are you connected|Is Streamlit still running")).is_hidden()
        assert translate(lang, "outage.message") in dialog.aria_snapshot()
        page.screenshot(path=str(ARTIFACTS / f"outage-{lang}.png"))
        with streamlit_server(port, "streamlit-outage.log"):
            expect(dialog).to_have_count(0, timeout=60_000)  # back by itself, the dialog gone
            expect(page.get_by_test_id("stMetric").first).to_be_visible(timeout=TEXT_TIMEOUT)
    finally:
        page.context.close()


def test_two_tabs_on_one_link_never_undo_each_other(chromium: Any, app_url: str) -> None:
    first = new_page(chromium)
    try:
        open_rag(first, app_url)
        toggle_passage_label(first, 1)  # first tab: p1 relevant -> not (3 / 5)
        expect(counts(first)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
        link = first.url
        second = first.context.new_page()  # a second tab of the same browser, same link
        second.goto(link)
        expect(counts(second)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
        toggle_passage_label(second, 2)  # second tab: p2 relevant -> not (2 / 5)
        expect(counts(second)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
        # The first tab has not seen that edit and still shows 3 / 5. Its next edit (p3 relevant -> not) must keep
        # the second tab's: 1 / 5 (p4 only). Had it written its own stale table back, it would show 2 / 5.
        first.bring_to_front()  # a background tab gets no animation frames, and the grid draws on them
        toggle_passage_label(first, 3)
        expect(counts(first)).to_have_text(counts_pattern(1, 5), timeout=TEXT_TIMEOUT)
        for tab in (first, second):
            tab.bring_to_front()
            tab.reload()
            expect(counts(tab)).to_have_text(counts_pattern(1, 5), timeout=TEXT_TIMEOUT)
        first.bring_to_front()
        toggle_passage_label(first, 5)  # p5 not relevant -> relevant: 2 / 5 (p4, p5)
        expect(counts(first)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
        second.bring_to_front()
        second.reload()
        expect(counts(second)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
    finally:
        first.context.close()


def test_a_spanish_link_opens_in_spanish_and_stays_so(chromium: Any, app_url: str) -> None:
    page = new_page(chromium)
    try:
        page.goto(f"{app_url}/rag_diagnosis?lang=es")
        expect(counts(page, "Relevancia del contexto")).to_have_text(counts_pattern(4, 5), timeout=TEXT_TIMEOUT)
        page.wait_for_url(TOKEN, timeout=TEXT_TIMEOUT)
        assert "lang=" not in page.url
        page.reload()
        expect(counts(page, "Relevancia del contexto")).to_have_text(counts_pattern(4, 5), timeout=TEXT_TIMEOUT)
    finally:
        page.context.close()
