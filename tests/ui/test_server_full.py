"""The "server full" page and the refused websocket near the limit on open files (``ui/frame/server_full.py``), with
the descriptors counted given; ``tests/e2e/test_session_ceiling_server.py`` does it against the real server."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest

from ui.frame.descriptors import spare_descriptors
from ui.frame.server_full import RETRY_S, ServerFull, full_page, reader_languages
from ui.i18n import translate

LIMIT = 1024


def call(middleware: ServerFull, scope: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    sent: list[dict[str, Any]] = []
    reached: list[str] = []
    middleware.app = lambda scope, receive, send: _reach(reached, scope)  # type: ignore[assignment, method-assign]

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"} if scope["type"] == "websocket" else {"type": "http.request"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(middleware(scope, receive, send))
    return sent, reached


async def _reach(reached: list[str], scope: dict[str, Any]) -> None:
    reached.append(scope["path"])


def page_load(path: str = "/", accept: str = "text/html,application/xhtml+xml", language: str = "",
              query: str = "", method: str = "GET") -> dict[str, Any]:
    headers = [(b"accept", accept.encode())] + ([(b"accept-language", language.encode())] if language else [])
    return {"type": "http", "method": method, "path": path, "query_string": query.encode(), "headers": headers}


STREAM = {"type": "websocket", "path": "/_stcore/stream", "headers": []}


def server(in_use: int) -> ServerFull:
    return ServerFull(None, descriptors=lambda: in_use, limit=lambda: LIMIT)  # type: ignore[arg-type]


def test_pages_load_until_only_the_spare_is_left_then_the_full_page_in_the_readers_language():
    spare = spare_descriptors(LIMIT)
    assert call(server(LIMIT - spare - 1), page_load())[1] == ["/"]
    sent, reached = call(server(LIMIT - spare), page_load(language="es-MX,es;q=0.9,en;q=0.8"))
    assert reached == [] and sent[0]["status"] == 503
    headers = dict(sent[0]["headers"])
    assert headers[b"retry-after"] == str(RETRY_S).encode() and headers[b"content-type"].startswith(b"text/html")
    body = sent[1]["body"].decode()
    spanish, english = body.index(translate("es", "full.title")), body.index(translate("en", "full.title"))
    assert spanish < english  # the reader's language first, the other after it
    assert f'http-equiv="refresh" content="{RETRY_S}"' in body


def test_only_page_loads_are_counted_against_the_spare():
    full = server(LIMIT - 1)
    for scope in (page_load("/_stcore/health", accept="*/*"), page_load("/static/js/index.js", accept="*/*"),
                  page_load(method="POST")):
        assert call(full, scope)[1] == [scope["path"]]
    sent, reached = call(full, page_load(method="HEAD"))
    assert reached == [] and sent[0]["status"] == 503 and sent[1]["body"] == b""


def test_a_websocket_is_refused_only_once_half_the_spare_is_gone_too():
    spare = spare_descriptors(LIMIT)
    assert call(server(LIMIT - spare), STREAM)[1] == ["/_stcore/stream"]  # a page just sent still connects
    sent, reached = call(server(LIMIT - spare // 2), STREAM)
    assert reached == [] and sent == [{"type": "websocket.close", "code": 1013, "reason": "server full"}]


def test_the_full_page_counts_the_pages_open():
    middleware = server(0)
    middleware.open_streams = 17
    middleware._descriptors = lambda: LIMIT  # type: ignore[method-assign]
    body = call(middleware, page_load())[0][1]["body"].decode()
    assert html.escape(translate("en", "full.message", pages=17, seconds=RETRY_S)) in body


def test_unknown_figures_never_make_the_server_full():
    unknown = ServerFull(None, descriptors=lambda: None, limit=lambda: LIMIT)  # type: ignore[arg-type]
    assert call(unknown, page_load())[1] == ["/"] and call(unknown, STREAM)[1] == ["/_stcore/stream"]


@pytest.mark.parametrize(("query", "accept", "first"), [
    ("", "", "en"), ("", "es-MX,es;q=0.9,en;q=0.8", "es"), ("", "en-US,es;q=0.5", "en"),
    ("", "fr-FR,es;q=0.7,en;q=0.6", "es"), ("", "en;q=0.2,es;q=0.9", "es"), ("lang=es", "en-US", "es"),
    ("lang=xx", "es", "es"), ("", "es;q=0", "en"), ("", "es;q=abc, en", "en"),
])
def test_the_readers_language_comes_first(query: str, accept: str, first: str):
    languages = reader_languages(query.encode(), accept)
    assert languages[0] == first and sorted(languages) == ["en", "es"]


def test_the_page_escapes_what_it_shows(monkeypatch: pytest.MonkeyPatch):
    import ui.frame.server_full as module

    monkeypatch.setattr(module, "translate", lambda language, key, **values: "<script>alert(1)</script>")
    body = full_page(["en", "es"], 3).decode()
    assert "&lt;script&gt;" in body and "<script>" not in body
