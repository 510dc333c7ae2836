"""A "server full" page, in the reader's language, when this process nears its limit on open files.

Each open session holds four descriptors (``ui/frame/descriptors.py``); past the process's limit the next one could
not even be made, and its visitor saw only a page that never connected ("Errno 24" in the log). :class:`ServerFull` is
an ASGI middleware in front of Streamlit's routes (``serve.py`` hands it to ``st.App``) that counts the process's open
descriptors (``/proc/self/fd``) whenever a page is opened or a websocket asks to connect, and:

- answers a page load (an HTTP ``GET`` that asks for HTML) with a small page of its own, ``503`` with ``Retry-After``,
  in the reader's language and then the other (``?lang=`` or the browser's ``Accept-Language``), which tries again by
  itself every :data:`RETRY_S` seconds, once fewer than the spare descriptors (``spare_descriptors``: 64, or an eighth
  of the limit) are left. The page costs no session and no descriptor once sent;
- refuses a websocket (closed before it is accepted: no session is made) only once half of that spare is gone too,
  so that a page sent just before the limit, or a tab reconnecting, still finds room.

The count is made only on those two kinds of request (a page load, a websocket), never on the page's many other
requests. Refusals are logged at most once a minute (logger ``uncase.serve``), with the figures.
"""

from __future__ import annotations

import html
import logging
import time
import urllib.parse
from collections.abc import Callable, MutableMapping
from typing import Any

from ui.frame.descriptors import descriptor_limit, open_descriptors, spare_descriptors
from ui.frame.headers import ASGIApp, Receive, Scope, Send
from ui.i18n import LANGUAGES, guess_language, translate

RETRY_S = 30
LOG_EVERY_S = 60.0
STREAM_PATH_END = "/_stcore/stream"
LOGGER = logging.getLogger("uncase.serve")


def reader_languages(query_string: bytes, accept_language: str) -> list[str]:
    """Every language of the playground, the reader's first: ``?lang=`` if it names one, else the browser's most
    wanted one (``Accept-Language``, by its ``q`` weights), else English."""
    wanted = urllib.parse.parse_qs(query_string.decode("latin-1")).get("lang", [""])[-1]
    if wanted not in LANGUAGES:
        ranges = []
        for position, part in enumerate(accept_language.split(",")):
            tag, _, params = part.strip().partition(";")
            weight = 1.0
            if params.strip().startswith("q="):
                try:
                    weight = float(params.strip()[2:])
                except ValueError:
                    weight = 0.0
            if tag and weight > 0:
                ranges.append((-weight, position, tag))
        found = [guess_language(tag) for _, _, tag in sorted(ranges) if tag.split("-")[0].lower() in LANGUAGES]
        wanted = found[0] if found else guess_language(None)
    return [wanted, *(language for language in LANGUAGES if language != wanted)]


def full_page(languages: list[str], pages: int) -> bytes:
    """The page, every text escaped (the catalogues' words and a count, but escaped all the same)."""
    sections = "".join(
        f'<section lang="{html.escape(language)}"><h1>{html.escape(translate(language, "full.title"))}</h1>'
        f'<p>{html.escape(translate(language, "full.message", pages=pages, seconds=RETRY_S))}</p></section>'
        for language in languages)
    title = html.escape(translate(languages[0], "full.title"))
    return (f'<!doctype html><html lang="{html.escape(languages[0])}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="refresh" content="{RETRY_S}"><title>{title}</title>'
            '<style>body{font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}'
            'section+section{margin-top:2rem;border-top:1px solid #ccc;color:#444}</style></head>'
            f'<body>{sections}</body></html>').encode()


def _header(scope: Scope, name: bytes) -> str:
    return next((value.decode("latin-1") for key, value in scope.get("headers", ()) if key.lower() == name), "")


class ServerFull:
    """ASGI middleware: see the module docstring. ``descriptors`` and ``limit`` are the process's, unless a test
    gives others."""

    def __init__(self, app: ASGIApp, descriptors: Callable[[], int | None] = open_descriptors,
                 limit: Callable[[], int | None] = descriptor_limit) -> None:
        self.app = app
        self._descriptors, self._limit = descriptors, limit
        self.open_streams = 0  # websockets let through and still open: the pages open now
        self.refused_pages = 0
        self.refused_streams = 0
        self._logged_at = float("-inf")

    def _left(self) -> tuple[int, int] | None:
        """(descriptors left under the limit, the spare kept); None when either is unknown (never full then)."""
        limit, in_use = self._limit(), self._descriptors()
        if limit is None or in_use is None:
            return None
        return limit - in_use, spare_descriptors(limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind == "websocket" and scope.get("path", "").rstrip("/").endswith(STREAM_PATH_END):
            await self._stream(scope, receive, send)
        elif kind == "http" and scope.get("method") in ("GET", "HEAD") and "text/html" in _header(scope, b"accept"):
            left = self._left()
            if left is not None and left[0] <= left[1]:
                self.refused_pages += 1
                self._log(left)
                await self._send_full_page(scope, send)
                return
            await self.app(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        left = self._left()
        if left is not None and left[0] <= left[1] // 2:
            self.refused_streams += 1
            self._log(left)
            await receive()  # the websocket.connect message, answered with a close: the handshake is refused
            await send({"type": "websocket.close", "code": 1013, "reason": "server full"})
            return
        self.open_streams += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open_streams -= 1

    async def _send_full_page(self, scope: Scope, send: Send) -> None:
        languages = reader_languages(scope.get("query_string", b""), _header(scope, b"accept-language"))
        body = full_page(languages, self.open_streams)
        start: MutableMapping[str, Any] = {
            "type": "http.response.start", "status": 503,
            "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"retry-after", str(RETRY_S).encode()),
                        (b"cache-control", b"no-store"), (b"content-length", str(len(body)).encode())]}
        await send(start)
        await send({"type": "http.response.body", "body": b"" if scope.get("method") == "HEAD" else body})

    def _log(self, left: tuple[int, int]) -> None:
        now = time.monotonic()
        if now - self._logged_at < LOG_EVERY_S:
            return
        self._logged_at = now
        LOGGER.warning("server full: %d descriptors left under the limit (%d kept spare), %d pages open; refused so "
                       "far: %d page loads, %d websockets (docs/deploy.md: raise the limit or add a process)",
                       left[0], left[1], self.open_streams, self.refused_pages, self.refused_streams)
