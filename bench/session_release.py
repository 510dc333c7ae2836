"""Many sessions opened on one server process, then closed: what they held, and how soon it comes back.

``bench/bench_attacks.py --only sessions`` runs it against its server: :data:`SESSIONS` visitors who never type the
access code open the playground (the protocol-level client: the browser's websocket messages, nothing rendered; the
access gate's page is what they see), one after another, and then all close their tabs. Printed: the server's open
descriptors and resident memory at rest, with every session open (and so per session), and after the close, read
every :data:`SAMPLE_EVERY_S` seconds until the descriptors are back near rest or ``server.disconnectedSessionTTL`` +
:data:`AFTER_TTL_S` seconds have passed; then the memory once a full collection has had time to run
(``ui/frame/memory.py``). Beside them: the process's limit on open files and the sessions it allows.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.protocol_client import ProtocolSession
from ui.frame.closed_sessions import SWEEP_EVERY_S
from ui.frame.descriptors import sessions_for

SESSIONS = 300
SAMPLE_EVERY_S = 5.0
AFTER_TTL_S = 90.0  # how long past the time to reconnect the bench waits for the descriptors
COLLECTION_S = 35.0  # the collector's period (30 s) and a little
BACK_NEAR_REST = 8  # descriptors over the figure at rest that count as back (a store connection, a log)


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError("VmRSS")


def open_file_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise LookupError("Max open files")


def disconnected_ttl_s() -> float:
    from streamlit import config

    return float(config.get_option("server.disconnectedSessionTTL"))


@dataclass(frozen=True)
class Release:
    sessions: int
    rest: tuple[int, float]  # descriptors, MB
    open: tuple[int, float]
    back_after_s: float | None  # seconds after the close until the descriptors were back near rest; None: never
    closed: tuple[int, float]  # when they were back (or at the bound)
    collected_mb: float  # COLLECTION_S later
    limit: int
    ttl_s: float

    def line(self) -> str:
        per_fd = (self.open[0] - self.rest[0]) / self.sessions
        per_mb = (self.open[1] - self.rest[1]) / self.sessions
        back = (f"back to {self.closed[0]} descriptors ({self.rest[0]} at rest) {self.back_after_s:.0f} s after the "
                f"close" if self.back_after_s is not None else
                f"still {self.closed[0]} descriptors ({self.rest[0]} at rest) {self.ttl_s + AFTER_TTL_S:.0f} s after "
                "the close")
        return (f"{self.sessions} sessions opened (the access gate's page), then closed: open {self.open[0]} "
                f"descriptors, {self.open[1]:.0f} MB (at rest {self.rest[0]}, {self.rest[1]:.0f} MB: {per_fd:.1f} "
                f"descriptors and {per_mb:.2f} MB a session); {back} (time to reconnect {self.ttl_s:.0f} s + a sweep "
                f"every {SWEEP_EVERY_S:.0f} s), {self.closed[1]:.0f} MB then and {self.collected_mb:.0f} MB "
                f"{COLLECTION_S:.0f} s later; limit {self.limit} open files: about "
                f"{sessions_for(self.limit, self.rest[0])} sessions a process")


async def open_and_close(base: str, pid: int, count: int = SESSIONS) -> Release:
    ttl_s = disconnected_ttl_s()
    rest = (descriptors(pid), resident_mb(pid))
    sessions = []
    try:
        for _ in range(count):
            sessions.append(await ProtocolSession.open(base, "/"))
        held = (descriptors(pid), resident_mb(pid))
    finally:
        for session in sessions:
            await session.close()
    closed_at = time.monotonic()
    back_after = None
    while time.monotonic() - closed_at < ttl_s + AFTER_TTL_S:
        await asyncio.sleep(SAMPLE_EVERY_S)
        if descriptors(pid) <= rest[0] + BACK_NEAR_REST:
            back_after = time.monotonic() - closed_at
            break
    closed = (descriptors(pid), resident_mb(pid))
    await asyncio.sleep(COLLECTION_S)
    return Release(count, rest, held, back_after, closed, resident_mb(pid), open_file_limit(pid), ttl_s)
