"""The hostile payload file through every file box of every page, in real Chromium (issue 35, finding 11).

The payload (markdown images and links, HTML, KaTeX, ``javascript:`` links, bidirectional controls, formulas) points
its addresses at a listener on this machine; after every box of every page has been given the file, the listener has
received no request, the browser asked no address but the app's own, and no page shows an exception.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from tests.e2e.conftest import VIEWPORT, wait_until_drawn, wait_until_idle
from tests.pages.test_payload_text import UPLOADS, rag_file
from tests.support.browser_env import free_port
from ui.frame.navigation import PAGES

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

REVEAL = ("pload", "of your own")  # radio options that show upload boxes ("Two files of your own")
# The file boxes each page has (the case editor and the drills take none: a case is written there, or generated).
BOXES = MappingProxyType({"rag_diagnosis": 1, "conversation_quality": 1, "summary_autoevaluation": 1, "rubric_lab": 2,
         "dataset_workbench": 2, "threshold_explorer": 1, "compare_systems": 2, "annotator_agreement": 2,
         "workshop_room": 1, "judge_and_hand_labels": 3})
ICONS = "https://fonts.gstatic.com/s/i/short-term/release/materialsymbolsrounded/"
EXTRA = b' "javascript:alert(1)" <img src=x onerror=alert(1)> =HYPERLINK("http://tracker.example/f") '


class Listener(http.server.BaseHTTPRequestHandler):
    """Counts every request: none may come."""

    received: ClassVar[list[str]] = []

    def do_GET(self) -> None:  # the name the standard library calls
        Listener.received.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return None


@pytest.fixture(scope="module")
def listener() -> Iterator[str]:
    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Listener)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.shutdown()


def hostile(data: bytes, address: str) -> bytes:
    """The page's payload file with every outside address pointed at the listener."""
    for host in (b"tracker.example", b"bare.example", b"e.x/", b"e.x'", b"e.x)"):
        data = data.replace(host, address.encode() + host[-1:] if host.endswith((b"/", b"'", b")")) else
                            address.encode())
    return data.replace(b"Second claim", b"Second claim" + EXTRA.replace(b"tracker.example", address.encode()))


def file_inputs(page: Any) -> Any:
    return page.locator('[data-testid="stFileUploader"] input[type="file"]')


def reveal_upload_boxes(page: Any) -> None:
    """Choose every radio option that shows upload boxes (the page reruns after each: look again each time)."""
    clicked: set[str] = set()
    while True:
        texts = page.locator('[data-testid="stRadio"] label').all_inner_texts()
        wanted = [text for text in texts if any(word in text for word in REVEAL) and text not in clicked]
        if not wanted:
            return
        clicked.add(wanted[0])
        page.locator('[data-testid="stRadio"] label').filter(has_text=wanted[0]).first.click()
        wait_until_idle(page)


@pytest.mark.parametrize("entry", PAGES, ids=[e.url_path or "home" for e in PAGES])
def test_every_file_box_takes_the_payload_and_fetches_nothing(entry: Any, chromium: Any, app_url: str,
                                                               listener: str, tmp_path: Any) -> None:
    context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    asked: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{app_url}/{entry.url_path}")
        expect(page.get_by_test_id("stMain")).to_be_visible(timeout=30_000)
        wait_until_drawn(page)
        wait_until_idle(page)
        reveal_upload_boxes(page)
        uploads = UPLOADS.get(entry.script, [("", None, "cases.json", rag_file())])
        _key, _radio, name, data = uploads[0]
        upload = tmp_path / name.replace("/", "_")[:60]
        upload.write_bytes(hostile(data, listener))
        wanted = BOXES.get(entry.url_path, 0)
        if wanted:  # drawn once the run the radio started has finished
            page.wait_for_function(
                f"() => document.querySelectorAll('[data-testid=\"stFileUploader\"] input[type=\"file\"]').length"
                f" >= {wanted}", timeout=30_000)
        boxes = file_inputs(page).count()
        for index in range(boxes):
            file_inputs(page).nth(index).set_input_files(str(upload))
            wait_until_idle(page)
        page.wait_for_timeout(1500)
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        # Streamlit's frontend draws the pages' Material icons from Google's font server (the app's own icons, not
        # the file's; a browser on a closed network shows their names instead): not counted here.
        outside = [url for url in asked if listener in url or not url.startswith((app_url, ICONS))]
        assert not outside, outside
        assert not Listener.received, Listener.received
        assert boxes >= wanted, f"{entry.url_path}: {boxes} file boxes reached"
    finally:
        context.close()
