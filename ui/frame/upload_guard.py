"""Uploads refused before the access gate, and a cap on what one session, one workspace and one address may hold.

Streamlit takes an upload over plain HTTP (``PUT /_stcore/upload_file/<session id>/<file id>``) from any
session with an open websocket; the page script, where the access gate runs (``ui/frame/access.py``), is not asked.
So a visitor who never typed the code could open the websocket and send file after file, each kept in memory
until the session shuts down (20 x 5 MB were accepted in 0.7 s). :class:`UploadGuard` is an ASGI
middleware in front of Streamlit's own routes (``serve.py`` hands it to ``st.App``) that answers such a request
before any of its body is read:

- ``403`` when the server has an access code and the session has not passed the gate (its session state holds
  no ``access.GRANTED``), or names no live session;
- ``413`` when the session, or every session of its workspace together, would then hold more than
  ``MAX_HELD_FILES`` files or ``MAX_HELD_BYTES`` bytes, or every session from its address together more than
  ``MAX_ADDRESS_FILES`` or ``MAX_ADDRESS_BYTES``. The pages let go of an upload as soon as they have read it
  (``ui/frame/uploads.py``), so a person never holds more than the one or two files a page is reading; the caps only
  stop a client that sends without reading. Sessions cost nothing to open: one client with the code opened 30 on its
  own workspace's link and held 294 MB while the cap was a session's; what a workspace and an address hold bounds it.

What is held counts the uploads already let in and not yet stored (:class:`Holdings`), so requests sent at once
are counted one after another, not all against the same past; a file counts against its workspace and address for
as long as Streamlit's upload manager keeps it. The size of a body without
``Content-Length`` is taken to be the largest a file may be, so a chunked request
cannot slip under the cap. Streamlit still checks each file against ``server.maxUploadSize`` itself.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ui.frame.access import address_behind, configured_code, passed_gate, trusted_proxies

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# The server-wide cap on one file (server.maxUploadSize in .streamlit/config.toml; a test keeps them equal). Here, with
# the guard that holds the server to it, and not in ui/frame/limits.py with the pages' caps: that module brings the
# pages' imports, which the server's start would wait for (bench/bench_server_start.py).
SERVER_MAX_UPLOAD_MB = 5
MAX_HELD_FILES = 4  # the agreement page reads two files at once; two more for a box changed mid-read
MAX_HELD_BYTES = 2 * SERVER_MAX_UPLOAD_MB * 1024 * 1024  # two of the largest files the server takes
# Every session from one address together: a class behind one school network uploading at the same moment (a file is
# held for the page run that reads it, about a second) against one client opening session after session.
MAX_ADDRESS_FILES = 32
MAX_ADDRESS_BYTES = 64 * 1024 * 1024
WORKSPACE_KEY = "workspace"  # as ui.frame.state.WORKSPACE_KEY (a test checks): the session's Workspace
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
        refusal = HOLDINGS.reserve(session_id, file_id, _declared_length(scope), _address(scope))
        if refusal is None:
            try:
                await self.app(scope, receive, send)
            finally:  # stored by Streamlit (held while its manager keeps it), or refused by it: no longer in flight
                HOLDINGS.landed(session_id, file_id)
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


def _address(scope: Scope) -> str:
    """The request's client address as the per-address limits count it (``access.address_behind``)."""
    client = scope.get("client") or ("", 0)
    peer = client[0] or None
    if peer in ("127.0.0.1", "::1"):
        peer = None  # as Streamlit reports a loopback peer to the pages: every client on this machine is one address
    forwarded = next((value.decode("latin-1") for name, value in scope.get("headers", ())
                      if name.lower() == b"x-forwarded-for"), None)
    return address_behind(peer, forwarded, trusted_proxies())


@dataclass(frozen=True)
class Holder:
    """Who holds an upload: its session, the workspace that session has open (None before its first run), and the
    address it came from."""

    session: str
    workspace: str | None
    address: str


@dataclass
class _Held:
    holder: Holder
    size: int
    in_flight: bool = True


class Holdings:
    """Every upload let in, with who holds it: in flight until Streamlit has stored or refused it, then held for as
    long as Streamlit's upload manager keeps it (the manager is asked at each check, so a file a page read and let
    go of, or a closed session's, stops counting).

    The check and the accounting are one step under one lock: 20 requests sent at once used to be checked against
    what the session held before any of them was stored, and all were let in (+98 MB where the third should have been
    refused).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._files: dict[tuple[str, str], _Held] = {}  # (session id, file id) -> what was let in

    def reserve(self, session_id: str, file_id: str, length: int | None, address: str) -> tuple[int, str] | None:
        """Let the upload in (None) and count it, or say why not (HTTP status, reason); atomically."""
        from streamlit.runtime import Runtime

        with self._lock:
            if not Runtime.exists():
                return 403, "no running app"
            runtime = Runtime.instance()
            session = runtime.get_app_session(session_id)
            if session is None:
                return 403, "no such session"
            if configured_code() is not None and not passed_gate(session.session_state):
                return 403, "this session has not entered the access code"
            stored = _stored_files(runtime.uploaded_file_mgr)
            self._forget_released(stored)
            holder = Holder(session_id, _workspace_token(session.session_state), address)
            refusal = holding_refusal(holder, file_id, _incoming(length), self._holdings(stored))
            if refusal is None:
                self._files[session_id, file_id] = _Held(holder, _incoming(length))
            return refusal

    def landed(self, session_id: str, file_id: str) -> None:
        with self._lock:
            held = self._files.get((session_id, file_id))
            if held is not None:
                held.in_flight = False

    def _forget_released(self, stored: Mapping[tuple[str, str], int]) -> None:
        for key in [key for key, held in self._files.items() if not held.in_flight and key not in stored]:
            del self._files[key]

    def _holdings(self, stored: Mapping[tuple[str, str], int]) -> list[tuple[Holder, str, int]]:
        """(holder, file id, bytes) of every file held or in flight; a stored file the guard did not let in (none on a
        real server) counts for its session alone."""
        found = [(held.holder, file_id, stored.get((session, file_id), held.size))
                 for (session, file_id), held in self._files.items()]
        found += [(Holder(session, None, ""), file_id, size) for (session, file_id), size in stored.items()
                  if (session, file_id) not in self._files]
        return found


HOLDINGS = Holdings()


def _incoming(length: int | None) -> int:
    return SERVER_MAX_UPLOAD_MB * 1024 * 1024 if length is None else length


def _workspace_token(state: Any) -> str | None:
    try:
        return getattr(state[WORKSPACE_KEY], "token", None) if WORKSPACE_KEY in state else None
    except (KeyError, AttributeError, TypeError):
        return None


def holding_refusal(holder: Holder, file_id: str, incoming: int,
                    holdings: list[tuple[Holder, str, int]]) -> tuple[int, str] | None:
    """Why ``holder`` may not also hold a file of ``incoming`` bytes, given every file held now (a file sent again
    under its own id replaces itself); None when it may."""
    others = [(who, size) for who, held_id, size in holdings if not (who.session == holder.session
                                                                     and held_id == file_id)]
    groups = [("a session", lambda who: who.session == holder.session, MAX_HELD_FILES, MAX_HELD_BYTES)]
    if holder.workspace is not None:
        groups.append(("a workspace", lambda who: who.workspace == holder.workspace, MAX_HELD_FILES, MAX_HELD_BYTES))
    if holder.address:
        groups.append(("an address", lambda who: who.address == holder.address, MAX_ADDRESS_FILES,
                       MAX_ADDRESS_BYTES))
    for name, belongs, max_files, max_bytes in groups:
        sizes = [size for who, size in others if belongs(who)]
        if len(sizes) + 1 > max_files:
            return 413, f"{name} may hold {max_files} uploaded files at once"
        if sum(sizes) + incoming > max_bytes:
            return 413, f"{name} may hold {max_bytes // (1024 * 1024)} MB of uploads at once"
    return None


def _stored_files(manager: Any) -> dict[tuple[str, str], int]:
    """(session id, file id) -> bytes of every file ``manager`` (Streamlit's in-memory upload store) holds."""
    with manager._lock:  # the manager's own lock: uploads of other requests may be landing
        return {(session, file_id): len(record.data) for session, files in manager.file_storage.items()
                for file_id, record in files.items()}
