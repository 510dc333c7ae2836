"""Issue 47, item 8: after "start a room", the facilitator's address holds no secret, and the page still comes back.

On a workshop server (``serve.py`` behind an access code), a facilitator starts a room from the RAG page's box. The
address used to read ``?room=CODE&key=<facilitator secret>&w=<workspace token>`` on the projected laptop and in the
browser's history; the workspace that made the room opens its facilitator's view, so either gave the room away. The
tab is now sealed (``ui/frame/sealed.py``): the address names the room and a handle, the browser keeps the token in
a cookie, and a reload, a link followed in the tab and a restarted server (the open tab reconnecting by itself, the
gate letting it in) all bring the facilitator's view back with the address still clean. Another browser given the
sealed address gets neither the view nor the workspace.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import VIEWPORT, streamlit_server, wait_until_idle
from tests.e2e.test_rag_browser import sidebar
from tests.support.browser_env import free_port
from ui.frame.access import ACCESS_CODE_ENV
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

CODE = "SEAL-4M7P"
TIMEOUT_MS = 60_000
TITLE = "Sealed room"


def _query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def _secrets_absent(page: Any, token: str, secret: str) -> None:
    address = page.url
    assert token not in address and secret not in address, address
    assert "w" not in _query(page) and "key" not in _query(page), address


def _facilitator_view(page: Any) -> None:
    expect(page.get_by_role("heading", level=1)).to_contain_text(
        translate("en", "room.facilitator_title", title=TITLE), timeout=TIMEOUT_MS)
    expect(sidebar(page).get_by_text(translate("en", "room.reveal"))).to_be_visible(timeout=TIMEOUT_MS)


def _new_page(chromium: Any) -> Any:
    context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def test_after_starting_a_room_the_address_holds_no_secret_and_comes_back(chromium: Any, browser_checked: str,
                                                                           tmp_path: Any) -> None:
    port = free_port()
    env = {ACCESS_CODE_ENV: CODE, "UNCASE_STORE": f"sqlite:///{tmp_path / 'store.db'}"}
    page = _new_page(chromium)
    try:
        with streamlit_server(port, "streamlit-sealed.log", env=env, script="serve.py") as base:
            page.goto(f"{base}/rag_diagnosis")
            page.get_by_role("textbox", name=translate("en", "access.code")).fill(CODE)
            page.get_by_role("button", name=translate("en", "access.enter")).click()
            page.wait_for_url(lambda url: "w" in parse_qs(urlsplit(url).query), timeout=TIMEOUT_MS)
            token = _query(page)["w"][0]
            wait_until_idle(page)

            box = sidebar(page).get_by_text(translate("en", "room.start_here_title"))
            box.click()
            room_title = sidebar(page).get_by_role("textbox", name=translate("en", "room.room_title"))
            room_title.fill(TITLE)
            room_title.press("Enter")
            wait_until_idle(page)
            sidebar(page).get_by_role("button", name=translate("en", "drill.room_start")).click()
            _facilitator_view(page)
            # The address loses the token once the browser holds it (one round trip): never the secret's address.
            expect(page).not_to_have_url(re.compile(r"[?&](w|key)="), timeout=TIMEOUT_MS)
            expect(page).to_have_url(re.compile(r"[?&]s=[0-9a-f]{16}"))  # a handle names the workspace instead
            wait_until_idle(page)

            page.get_by_text(translate("en", "room.links_title")).click()
            facilitator_link = page.get_by_text(re.compile(r"[?&]key=")).first.inner_text().strip()
            secret = parse_qs(urlsplit(facilitator_link).query)["key"][0]
            code = _query(page)["room"][0]
            _secrets_absent(page, token, secret)
            assert page.evaluate("document.cookie").count(token) == 1  # the browser holds the workspace instead

            page.reload()
            _facilitator_view(page)
            _secrets_absent(page, token, secret)

            # A link followed in the tab keeps it sealed: the RAG page, then the room's link back from it.
            sidebar(page).get_by_role("link", name=translate("en", "nav.rag"), exact=True).click()
            expect(page.get_by_role("heading", level=1)).to_have_text(translate("en", "rag.title"),
                                                                       timeout=TIMEOUT_MS)
            wait_until_idle(page)
            _secrets_absent(page, token, secret)
            page.go_back()
            _facilitator_view(page)
            wait_until_idle(page)
            _secrets_absent(page, token, secret)
            sealed = page.url

            # Another browser given the sealed address (a photo of the projector): no room, no workspace.
            other = _new_page(chromium)
            try:
                other.goto(sealed)
                other.get_by_role("textbox", name=translate("en", "access.code")).fill(CODE)
                other.get_by_role("button", name=translate("en", "access.enter")).click()
                expect(other.get_by_text(translate("en", "store.sealed_elsewhere"))).to_be_visible(
                    timeout=TIMEOUT_MS)
                expect(other.get_by_text(re.compile(re.escape(translate("en", "room.bad_key")[:40])))).to_be_visible()
                assert token not in other.url
            finally:
                other.context.close()

        # The server is down; a new one on the same port and the same store. The open tab reconnects by itself.
        dialog = page.locator('section[role="dialog"]')
        expect(dialog).to_be_visible(timeout=TIMEOUT_MS)
        with streamlit_server(port, "streamlit-sealed.log", env=env, script="serve.py"):
            expect(dialog).to_have_count(0, timeout=TIMEOUT_MS)
            _facilitator_view(page)
            wait_until_idle(page)
            expect(page.get_by_text(translate("en", "access.code"))).to_have_count(0)  # the gate let the tab in
            expect(page.get_by_text(translate("en", "room.code_line", code=code).replace("**", ""))).to_be_visible()
            assert page.url == sealed
    finally:
        page.context.close()
