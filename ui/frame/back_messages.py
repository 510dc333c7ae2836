"""What a session that has not passed the access gate may send over Streamlit's websocket.

Streamlit's browser client talks to the server in ``BackMsg`` protobufs on ``/_stcore/stream``, and the server acts
on each kind whoever sends it: the access gate (``ui/frame/access.py``) runs inside the page script, which only a
``rerun_script`` message reaches. One message from a visitor who never typed the code, ``clear_cache``, emptied every
Streamlit cache of the process; the page scripts never ask for it (``client.toolbarMode = "minimal"``
hides the menu that would). :class:`BackMessageGuard` is an ASGI middleware in front of Streamlit's websocket route
(``serve.py`` hands it to ``st.App``, as it does the upload guard) that lets a session not yet past the gate send only
what the gate's page needs:

- ``rerun_script`` (open the page, type the code), ``app_heartbeat`` (keep the connection), ``stop_script``;

and drops anything else (``clear_cache``, ``load_git_info``, ``set_run_on_save``, ``file_urls_request``,
``backend_operation_request``, a kind a newer Streamlit adds) before Streamlit sees it, with one line in the log
naming the kind and the address. A session past the gate sends what it likes; whatever a ``clear_cache`` then drops
is safe to drop (the process's thread and database engine are not Streamlit caches: ``ui/frame/process.py``).

The session behind a websocket is learned from the server's first ``new_session`` message on it (its
``initialize.session_id``); until then the session counts as not past the gate. Once past, a session stays past
(``ui/frame/access.py``), so its messages are no longer read here. A server without an access code has no gate and
nothing is filtered.
"""

from __future__ import annotations

import logging
import re
from collections.abc import MutableMapping
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from ui.frame.access import configured_code, session_passed_gate
from ui.frame.headers import ASGIApp, Receive, Scope, Send

BEFORE_THE_GATE = frozenset({"rerun_script", "app_heartbeat", "stop_script"})
STREAM_PATH = re.compile(r"/_stcore/stream/?$")
LOGGER = logging.getLogger("uncase.access")


def message_kind(frame: bytes) -> str | None:
    """The kind of a ``BackMsg`` frame (``"clear_cache"``); None for a frame that is not one (Streamlit refuses it)."""
    message = BackMsg()
    try:
        message.ParseFromString(frame)
    except Exception:  # protobuf's DecodeError, or anything a malformed frame raises
        return None
    return message.WhichOneof("type")


def session_of(frame: bytes) -> str | None:
    """The session id a server's ``ForwardMsg`` frame names, when it is a ``new_session`` message."""
    message = ForwardMsg()
    try:
        message.ParseFromString(frame)
    except Exception:
        return None
    if message.WhichOneof("type") != "new_session":
        return None
    return message.new_session.initialize.session_id or None


def scope_address(scope: Scope) -> str:
    """The peer's address as the log names it: the proxy's ``X-Forwarded-For`` last entry beside it, if any."""
    client = scope.get("client") or ("?", 0)
    forwarded = next((value.decode("latin-1") for name, value in scope.get("headers", ())
                      if name.lower() == b"x-forwarded-for"), "")
    last = forwarded.split(",")[-1].strip()[:64]
    return f"{client[0]} (forwarded for {last})" if last else str(client[0])


class _Connection:
    """One websocket: the session it serves, once the server has named it, and whether it has passed the gate."""

    def __init__(self) -> None:
        self.session_id: str | None = None
        self.passed = False
        self.logged: set[str] = set()  # kinds already logged: one line per kind and connection, not a flood

    def learn(self, message: MutableMapping[str, Any]) -> None:
        if self.session_id is None and message.get("type") == "websocket.send" and message.get("bytes"):
            self.session_id = session_of(message["bytes"])

    def refuses(self, frame: bytes) -> str | None:
        """The kind of a message this connection may not send yet; None when it passes."""
        if not self.passed and self.session_id is not None and session_passed_gate(self.session_id):
            self.passed = True
        if self.passed:
            return None
        kind = message_kind(frame)
        return None if kind is None or kind in BEFORE_THE_GATE else kind


class BackMessageGuard:
    """ASGI middleware: before the gate, a session's websocket carries only the messages the gate's page needs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "websocket" or not STREAM_PATH.search(scope.get("path", "")) \
                or configured_code() is None:
            await self.app(scope, receive, send)
            return
        connection = _Connection()

        async def watched_send(message: MutableMapping[str, Any]) -> None:
            connection.learn(message)
            await send(message)

        async def filtered_receive() -> MutableMapping[str, Any]:
            while True:
                message = await receive()
                frame = message.get("bytes") if message.get("type") == "websocket.receive" else None
                kind = connection.refuses(frame) if frame else None
                if kind is None:
                    return message
                if kind not in connection.logged:
                    connection.logged.add(kind)
                    LOGGER.warning("websocket: %s dropped from %s, a session that has not entered the access code "
                                   "(further ones on this connection are dropped without a line)",
                                   kind, scope_address(scope))

        await self.app(scope, filtered_receive, watched_send)
