"""Issue 47, item 7: no page makes the browser ask another site for anything, in either language.

On a workshop server (``serve.py`` behind an access code, as ``dev.py run --workshop`` serves it), a visitor opens
the gate, types the code, then every page of the registry in turn, each in a new session as a link opens it.
Every request of the browser context (pages, scripts, fonts, images, the tab's icon, fetches, workers) and every
websocket is logged; anything not to the playground's own address, ``data:`` or ``blob:`` fails the test. Each
page's Material Symbols icon used to become the tab's icon, fetched from ``fonts.gstatic.com`` under the icon's
name (so the request told which page was opened); the tab's icon is now an emoji, which Streamlit draws as an
inline SVG (``ui/frame/navigation.py``, ``TAB_ICON``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import VIEWPORT, streamlit_server, wait_until_idle
from tests.support.browser_env import free_port
from ui.frame.access import ACCESS_CODE_ENV
from ui.frame.navigation import PAGES
from ui.i18n import LANGUAGES, translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

CODE = "FERN-3W8Q"
TIMEOUT_MS = 60_000
LOCALES = {"en": "en-US", "es": "es-419"}
OWN_SCHEMES = {"http": "http", "ws": "http", "https": "https", "wss": "https"}  # a websocket's page scheme


@pytest.fixture(scope="module")
def workshop_url(browser_checked: str) -> Iterator[str]:
    with streamlit_server(free_port(), "streamlit-offline.log", env={ACCESS_CODE_ENV: CODE}, script="serve.py") as base:
        yield base


def foreign(url: str, base: str) -> bool:
    """Whether ``url`` leaves the playground: neither its own origin (http or ws) nor ``data:`` / ``blob:``."""
    parts, own = urlsplit(url), urlsplit(base)
    if parts.scheme in ("data", "blob"):
        return False
    return OWN_SCHEMES.get(parts.scheme) != own.scheme or parts.netloc != own.netloc


def test_foreign_tells_the_playground_from_elsewhere() -> None:
    base = "http://127.0.0.1:8501"
    assert not foreign(f"{base}/static/js/index.js", base) and not foreign("ws://127.0.0.1:8501/_stcore/stream", base)
    assert not foreign("data:image/svg+xml,<svg/>", base) and not foreign(f"blob:{base}/1f2e", base)
    assert foreign("https://fonts.gstatic.com/s/i/short-term/release/materialsymbolsrounded/home/default/24px.svg",
                   base)
    assert foreign("http://127.0.0.1:8502/", base) and foreign("https://127.0.0.1:8501/", base)
    assert foreign("http://localhost:8501/", base)  # another name is another origin, even for this machine


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_page_asks_another_site_for_anything(chromium: Any, workshop_url: str, language: str) -> None:
    context = chromium.new_context(viewport=VIEWPORT, locale=LOCALES[language])
    context.set_default_timeout(TIMEOUT_MS)
    where = ["the gate"]
    requests: list[tuple[str, str]] = []
    context.on("request", lambda request: requests.append((where[0], request.url)))
    try:
        page = context.new_page()
        page.on("websocket", lambda socket: requests.append((where[0], socket.url)))
        page.goto(f"{workshop_url}/?lang={language}")
        code_box = page.get_by_role("textbox", name=translate(language, "access.code"))
        expect(code_box).to_be_visible(timeout=TIMEOUT_MS)
        wait_until_idle(page)
        code_box.fill(CODE)
        page.get_by_role("button", name=translate(language, "access.enter")).click()
        page.wait_for_url(lambda url: "w" in parse_qs(urlsplit(url).query), timeout=TIMEOUT_MS)
        token = parse_qs(urlsplit(page.url).query)["w"][0]
        for entry in PAGES:
            where[0] = f"/{entry.url_path}"
            page.goto(f"{workshop_url}/{entry.url_path}?w={token}&lang={language}")
            expect(page.get_by_test_id("stMain").locator("h1").first).to_have_text(
                translate(language, entry.title_key), timeout=TIMEOUT_MS)
            wait_until_idle(page)
    finally:
        context.close()
    pages = {place for place, _ in requests}
    assert len(pages) == len(PAGES) + 1, f"requests seen on only {sorted(pages)}"  # the log itself worked
    elsewhere = [f"{place}: {url}" for place, url in requests if foreign(url, workshop_url)]
    assert not elsewhere, "\n".join(elsewhere)
