"""``serve.py``'s answer to a room member's page asking for the room's change number (``ui/views/room/watch.py``).

``GET <base>/api/uncase/room-head?room=CODE`` with the member's workspace token in the ``X-Uncase-Workspace`` header
answers ``{"head": n}``; 400 for a malformed code or token, 403 for a pair no page of this process watches, 503 when
the store is down. It is answered by :class:`RoomHeadRoute`, an ASGI middleware that ``serve.py`` puts just behind the
response headers' (``ui/frame/headers.py``), before Streamlit's own middleware and routing, and on the event loop
itself: a look that is refused, or answered with the number kept, costs no thread and no store read. Only the read of a
stale number (at most one a second per room, :class:`RoomHeads`) goes to a worker thread, so a slow database never
stalls the websockets. Every page of a class looks every 5 s, and anyone who can reach the server can send as many as
it answers: as a Starlette route with a thread per look, a flood of 64 connections took 0.62 ms of server CPU a look;
here a look costs about what Streamlit's health check does (``bench/bench_attacks.py --only room-head-flood``).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool

from ui.frame.headers import ASGIApp, Receive, Scope, Send
from ui.views.room.watch import HEAD_KEPT_S, MEMBERS_KEPT, ROUTE_PATH, TOKEN_HEADER, WATCHERS, Watchers
from uncase_store import StoreError
from uncase_store.rooms import CODE_ALPHABET, CODE_LENGTH, Rooms
from uncase_store.store import valid_token

_TOKEN_HEADER = TOKEN_HEADER.lower().encode("latin-1")
_SUFFIX = "/" + ROUTE_PATH


class RoomHeads:
    """Each watched room's change number, read from the store at most once a ``kept_s`` and by one request at a time
    (the others meanwhile answer with the number kept)."""

    def __init__(self, rooms: Callable[[], Rooms], kept_s: float = HEAD_KEPT_S, watchers: Watchers = WATCHERS,
                 rooms_kept: int = MEMBERS_KEPT, clock: Callable[[], float] = time.monotonic) -> None:
        self._rooms, self._kept_s, self._watchers, self._clock = rooms, kept_s, watchers, clock
        self._rooms_kept = rooms_kept
        self._lock = threading.Lock()
        self._heads: dict[str, tuple[float, int | None]] = {}
        self._reading: set[str] = set()

    def watched(self, code: str, token: str) -> bool:
        """Whether a page of this process watches room ``code`` with workspace ``token`` (no store read)."""
        return (code, token) in self._watchers

    def kept(self, code: str) -> tuple[bool, int | None]:
        """(True, the number) when the number kept for ``code`` serves now: read within ``kept_s``, or being read
        again by another request; (False, None) when it must be read (no store read here)."""
        now = self._clock()
        with self._lock:
            found = self._heads.get(code)
            if found is not None and (now - found[0] < self._kept_s or code in self._reading):
                return True, found[1]
        return False, None

    def head(self, code: str, token: str) -> int | None:
        """The room's change number for a page of this process that watches it; None for any other pair (no store
        read) or when there is no such room. A StoreError (the database is down) propagates."""
        if not self.watched(code, token):
            return None
        now = self._clock()
        with self._lock:
            found = self._heads.get(code)
            if found is not None and (now - found[0] < self._kept_s or code in self._reading):
                return found[1]
            self._reading.add(code)
        try:
            value = self._rooms().head(code)
        finally:
            with self._lock:
                self._reading.discard(code)
        with self._lock:
            self._heads[code] = (now, value)
            if len(self._heads) > self._rooms_kept:  # rooms long gone: start over rather than grow
                self._heads.clear()
        return value


def is_room_head_path(path: str) -> bool:
    """The route's path at the server's root or under any base path (the page asks relative to its own address)."""
    return path == _SUFFIX or path.endswith(_SUFFIX)


async def room_head_answer(heads: RoomHeads, query_string: bytes, token: str) -> tuple[int, dict[str, object]]:
    """(HTTP status, JSON body) for one look; see the module docstring."""
    code = urllib.parse.parse_qs(query_string.decode("latin-1")).get("room", [""])[-1]
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code) or not valid_token(token):
        return 400, {"error": "bad request"}
    if not heads.watched(code, token):  # not 404: that tells the page the route itself is missing
        return 403, {"error": "not a watcher of this room here"}
    found, head = heads.kept(code)
    if not found:
        try:
            head = await run_in_threadpool(heads.head, code, token)
        except StoreError:
            return 503, {"error": "store unavailable"}
    if head is None:  # the room was deleted
        return 403, {"error": "not a watcher of this room here"}
    return 200, {"head": head}


class RoomHeadRoute:
    """ASGI middleware: answers the route's requests itself (see the module docstring), passes anything else on."""

    def __init__(self, app: ASGIApp, heads: RoomHeads) -> None:
        self.app = app
        self.heads = heads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or not is_room_head_path(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        if scope.get("method") != "GET":
            status, body = 405, {"error": "GET only"}
        else:
            token = next((value.decode("latin-1") for name, value in scope.get("headers", ())
                          if name.lower() == _TOKEN_HEADER), "")
            status, body = await room_head_answer(self.heads, scope.get("query_string", b""), token)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": json.dumps(body).encode("utf-8")})
