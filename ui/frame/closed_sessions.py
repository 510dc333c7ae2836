"""A closed tab's session kept for a reconnect, then shut down: what it held released within a stated time.

When a tab's websocket closes, Streamlit keeps its session ``server.disconnectedSessionTTL`` seconds (120) in case the
tab reconnects, in an in-memory store of at most 128 sessions. Expired sessions leave that store only when something
writes to it (another tab closing), and whichever way a session leaves it (expired, or pushed out by the 128th) it is
dropped without being shut down: its event loop's three descriptors and its state stayed until the garbage collector
happened on them. 60 s after 300 sessions left, a process still held 398 descriptors (11 at rest) and 352 MB (276 MB).

:class:`ClosingSessionStorage` takes the place of that store (``serve.py`` puts it in as the server starts,
:func:`install`): the same time to reconnect and the same bound, but a session that leaves it, expired or pushed out,
is shut down (Streamlit's own ``AppSession.shutdown``: its event loop closed, its uploads and media let go), and a
sweep every :data:`SWEEP_EVERY_S` seconds on the server's event loop takes the expired ones out without waiting for a
write. So a closed tab's descriptors are released within ``disconnectedSessionTTL`` + :data:`SWEEP_EVERY_S` seconds,
and its memory at the next full collection after that (``ui/frame/memory.py``, every 30 s).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from streamlit.runtime.session_manager import SessionInfo, SessionStorage

SWEEP_EVERY_S = 5.0
MAX_KEPT = 128  # as Streamlit's own store: a closed tab's session costs memory and three descriptors while kept
LOGGER = logging.getLogger("uncase.serve")


def shut_down(info: SessionInfo) -> None:
    info.session.shutdown()


class ClosingSessionStorage(SessionStorage):
    """Disconnected sessions, each kept ``ttl_s`` seconds for a reconnect, at most ``max_kept``; one that leaves
    otherwise than by a reconnect or Streamlit's own close is shut down. Used on the server's event loop only, as
    Streamlit uses its own store."""

    def __init__(self, ttl_s: float, max_kept: int = MAX_KEPT, clock: Callable[[], float] = time.monotonic,
                 shut: Callable[[SessionInfo], None] = shut_down) -> None:
        self.ttl_s, self.max_kept, self._clock, self._shut = ttl_s, max_kept, clock, shut
        self._kept: OrderedDict[str, tuple[SessionInfo, float]] = OrderedDict()  # id -> (info, expires), by expiry

    def get(self, session_id: str) -> SessionInfo | None:
        found = self._kept.get(session_id)
        return found[0] if found is not None and self._clock() < found[1] else None

    def save(self, session_info: SessionInfo) -> None:
        session_id = session_info.session.id
        self._kept.pop(session_id, None)
        self._kept[session_id] = (session_info, self._clock() + self.ttl_s)
        self.sweep()
        while len(self._kept) > self.max_kept:  # the longest kept goes first
            _, (pushed_out, _expires) = self._kept.popitem(last=False)
            self._close_soon(pushed_out)

    def delete(self, session_id: str) -> None:
        """Streamlit takes the session back (a reconnect) or closes it itself: not shut down here."""
        self._kept.pop(session_id, None)

    def list(self) -> list[SessionInfo]:  # type: ignore[override]
        now = self._clock()
        return [info for info, expires in self._kept.values() if now < expires]

    def count(self) -> int:
        """Sessions kept now, their time to reconnect over or not."""
        return len(self._kept)

    def sweep(self) -> int:
        """Shut down every session whose time to reconnect is over; how many."""
        now = self._clock()
        expired = []
        for session_id, (_info, expires) in self._kept.items():
            if expires > now:
                break  # kept in order of expiry: the rest are still waiting for their tab
            expired.append(session_id)
        for session_id in expired:
            self._close_soon(self._kept.pop(session_id)[0])
        return len(expired)

    def _close_soon(self, info: SessionInfo) -> None:
        """Shut the session down once the caller is done: Streamlit saves a session while it holds its session
        manager's lock, and shuts sessions down outside it."""
        try:
            asyncio.get_running_loop().call_soon(self._close, info)
        except RuntimeError:  # no event loop here (a test): now
            self._close(info)

    def _close(self, info: SessionInfo) -> None:
        try:
            self._shut(info)
        except Exception:  # a session that cannot shut down cleanly must not stop the others' release
            LOGGER.exception("a closed session did not shut down cleanly")


async def sweep_every(storage: ClosingSessionStorage, every_s: float = SWEEP_EVERY_S) -> None:
    """Sweep ``storage`` every ``every_s`` seconds until cancelled (a task on the server's event loop)."""
    while True:
        await asyncio.sleep(every_s)
        storage.sweep()


def install(runtime: Any, ttl_s: float) -> ClosingSessionStorage | None:
    """Put a :class:`ClosingSessionStorage` in place of the runtime's store of disconnected sessions (the sessions it
    holds already move over); None, with a line in the log, when this Streamlit keeps its sessions otherwise.

    Streamlit 1.67 gives its session manager the store when the runtime is made (``st.App`` makes it with a
    ``MemorySessionStorage`` and no way to pass another), and keeps it as ``_session_storage``; the manager only
    calls the store's ``get``, ``save``, ``delete`` and ``list``. ``tests/e2e/test_session_ceiling_server.py``
    checks against the real server that closed sessions are released."""
    manager = getattr(runtime, "_session_mgr", None)
    old = getattr(manager, "_session_storage", None)
    if old is None or not callable(getattr(old, "list", None)):
        LOGGER.error("this Streamlit keeps closed sessions in a way serve.py does not know: they are released only "
                     "when Streamlit drops them")
        return None
    storage = ClosingSessionStorage(ttl_s)
    for info in old.list():
        storage.save(info)
    manager._session_storage = storage
    return storage
