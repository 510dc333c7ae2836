"""Uploads refused before the access gate, and a cap on what one session may hold.

Streamlit takes an upload over plain HTTP (``PUT /_stcore/upload_file/<session id>/<file id>``) from any
session with an open websocket; the page script, where the access gate runs (``ui/frame/access.py``), is not asked.
So a visitor who never typed the code could open the websocket and send file after file, each kept in memory
until the session shuts down (20 x 5 MB were accepted in 0.7 s, issue 27). :class:`UploadGuard` is an ASGI
middleware in front of Streamlit's own routes (``serve.py`` hands it to ``st.App``) that answers such a request
before any of its body is read:

- ``403`` when the server has an access code and the session has not passed the gate (its session state holds
  no ``access.GRANTED``), or names no live session;
- ``413`` when the session would then hold more than ``MAX_HELD_FILES`` files or ``MAX_HELD_BYTES`` bytes. The
  pages let go of an upload as soon as they have read it (``ui/frame/uploads.py``), so a person never holds more than
  the one or two files a page is reading; the cap only stops a client that sends without reading.

What the session holds counts the uploads already let in and not yet stored (:class:`InFlight`), so requests sent
at once are counted one after another, not all against the same past. The size of a body without
``Content-Length`` is taken to be the largest a file may be, so a chunked request
cannot slip under the cap. Streamlit still checks each file against ``server.maxUploadSize`` itself.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ui.frame.access import configured_code, passed_gate
from ui.frame.limits import SERVER_MAX_UPLOAD_MB

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_HELD_FILES = 4  # the agreement page reads two files at once; two more for a box changed mid-read
MAX_HELD_BYTES = 2 * SERVER_MAX_UPLOAD_MB * 1024 * 1024  # two of the largest files the server takes
UPLOAD_PATH = re.compile(r"/_stcore/upload_file/(?P<session>[^/]+)/(?P<file>[^/]+)/?$")


class UploadGuard:
    """ASGI middleware: a ``PUT`` upload passes only from a session past the gate, within the session's cap."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = UPLOAD_PATH.search(scope.get("path", "")) if scope.get("type") == "http" else None
        if found is None or scope.get("method") != "PUT":
            await self.app(scope, receive, send)
            return
        session_id, file_id = found["session"], found["file"]
        refusal = IN_FLIGHT.reserve(session_id, file_id, _declared_length(scope))
        if refusal is None:
            try:
                await self.app(scope, receive, send)
            finally:  # stored by Streamlit (counted there from now on), or refused by it: either way not in flight
                IN_FLIGHT.release(session_id, file_id)
            return
        status, reason = refusal
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": reason.encode("utf-8")})


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return max(0, int(value))
            except ValueError:
                return None  # Streamlit refuses it itself
    return None


class InFlight:
    """Uploads accepted by the guard and not yet stored by Streamlit, per session.

    The check and the accounting are one step under one lock: 20 requests sent at once used to be checked against
    what the session held before any of them was stored, and all were let in (+98 MB where the third should have been
    refused, issue 35). A body counts from the moment it is let in until Streamlit has stored or refused it.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sizes: dict[str, dict[str, int]] = {}  # session id -> file id -> bytes let in

    def reserve(self, session_id: str, file_id: str, length: int | None) -> tuple[int, str] | None:
        """Let the upload in (None) and count it, or say why not (HTTP status, reason); atomically."""
        with self._lock:
            refusal = upload_refusal(session_id, file_id, length, self._sizes.get(session_id, {}))
            if refusal is None:
                self._sizes.setdefault(session_id, {})[file_id] = _incoming(length)
            return refusal

    def release(self, session_id: str, file_id: str) -> None:
        with self._lock:
            held = self._sizes.get(session_id, {})
            held.pop(file_id, None)
            if not held:
                self._sizes.pop(session_id, None)


IN_FLIGHT = InFlight()


def _incoming(length: int | None) -> int:
    return SERVER_MAX_UPLOAD_MB * 1024 * 1024 if length is None else length


def upload_refusal(session_id: str, file_id: str, length: int | None,
                   in_flight: dict[str, int] | None = None) -> tuple[int, str] | None:
    """Why Streamlit's runtime must not take this upload, as (HTTP status, reason); None when it may.

    ``in_flight``: file id -> bytes of the session's uploads let in and not yet stored (counted as held)."""
    from streamlit.runtime import Runtime

    if not Runtime.exists():
        return 403, "no running app"
    runtime = Runtime.instance()
    session = runtime.get_app_session(session_id)
    if session is None:
        return 403, "no such session"
    if configured_code() is not None and not passed_gate(session.session_state):
        return 403, "this session has not entered the access code"
    held = {**_held_files(runtime.uploaded_file_mgr, session_id), **(in_flight or {})}
    held.pop(file_id, None)  # a file sent again under its id replaces itself
    incoming = _incoming(length)
    if len(held) + 1 > MAX_HELD_FILES:
        return 413, f"a session may hold {MAX_HELD_FILES} uploaded files at once"
    if sum(held.values()) + incoming > MAX_HELD_BYTES:
        return 413, f"a session may hold {MAX_HELD_BYTES // (1024 * 1024)} MB of uploads at once"
    return None


def _held_files(manager: Any, session_id: str) -> dict[str, int]:
    """file id -> bytes of the files ``manager`` (Streamlit's in-memory upload store) holds for the session."""
    with manager._lock:  # the manager's own lock: uploads of other requests may be landing
        return {file_id: len(record.data) for file_id, record in manager.file_storage.get(session_id, {}).items()}
