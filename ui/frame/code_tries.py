"""Wrong codes, counted so that a guesser stays slow and a class behind one address still gets in.

Before, every wrong code from an address made the whole address wait, the right code included: four sockets sending
wrong codes kept a participant at the same address out 5 times in 5 over a minute, and a class of 300 behind one
school network shares one address. The server cannot tell a person's right code from a guess before it looks, and
looking is what a guesser wants; so the limit is spent only by wrong codes, and split in two:

- **Per session**: a session's own first ``free`` wrong codes cost it nothing; each one after doubles the wait before
  its next try is looked at (2 s, 4 s, ... up to an hour). Only that session waits: a socket sending wrong codes in
  a loop slows itself down, not its neighbours. Its count is kept until it gets in (a reload is a new session, which
  the address pays for).
- **Per address**: a bucket of wrong codes, ``burst`` at once, refilled at ``per_hour`` an hour, plus one an hour for
  every ``admitted_per_try`` sessions of that address that got in during about the last hour (a class that is
  getting in has room for its typos), up to ``most_per_hour``. While it is empty no code from the address is looked
  at; links that hold a secret (a workspace's, the facilitator's, the projector's, a room's link with its join key)
  need no look and still open.

``docs/deploy.md`` has the arithmetic: what these figures let a guesser find in a day. No Streamlit here, and the
clock is given, so the tests drive it without waiting.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]
HOUR_S = 3600.0
MAX_KEPT = 10_000  # sessions and addresses counted at once; the stalest go first
SESSION, ADDRESS = "session", "address"  # who must wait


@dataclass(frozen=True)
class Wait:
    """How long before a code from this session may be looked at (0: now), and whose wrong codes made it wait."""

    seconds: float
    whose: str = SESSION

    def __bool__(self) -> bool:
        return self.seconds > 0


@dataclass
class _Address:
    level: float  # wrong codes the address may still send now
    at: float  # when ``level`` and ``admitted`` were last brought up to date
    admitted: float = 0.0  # sessions that got in, decaying by e every hour (about those of the last hour)


class CodeTries:
    """Wrong codes per session and per address (see the module docstring)."""

    def __init__(self, free: int = 3, first_wait_s: float = 2.0, max_wait_s: float = HOUR_S, burst: int = 60,
                 per_hour: float = 40.0, most_per_hour: float = 100.0, admitted_per_try: int = 5,
                 clock: Clock = time.monotonic) -> None:
        self.free, self.first_wait_s, self.max_wait_s = free, first_wait_s, max_wait_s
        self.burst, self.per_hour, self.most_per_hour = burst, per_hour, most_per_hour
        self.admitted_per_try = admitted_per_try
        self.clock = clock
        self._lock = threading.Lock()
        self._sessions: dict[str, tuple[int, float]] = {}  # session -> (its wrong codes since it last got in, the last)
        self._addresses: dict[str, _Address] = {}

    # ------------------------------------------------------------ the figures
    def session_delay(self, count: int) -> float:
        """The wait after a session's ``count``-th wrong code in a row."""
        over = count - self.free
        return 0.0 if over < 0 else min(self.max_wait_s, self.first_wait_s * 2.0 ** over)

    def rate(self, admitted: float) -> float:
        """Wrong codes an hour the address's bucket is refilled with, when ``admitted`` of its sessions got in."""
        return min(self.most_per_hour, self.per_hour + admitted / self.admitted_per_try)

    # ------------------------------------------------------------ asking and counting
    def wait(self, session: str, address: str) -> Wait:
        """How long before a code from ``session`` at ``address`` may be looked at: the longer of its own wait and
        its address's."""
        now = self.clock()
        with self._lock:
            count, last = self._sessions.get(session, (0, now))
            own = max(0.0, last + self.session_delay(count) - now) if count else 0.0
            state = self._addresses.get(address) and self._address(address, now)
            short = 0.0 if not state else 1.0 - state.level  # of the one wrong code a look may cost
            shared = short / self.rate(state.admitted) * HOUR_S if state and short > 0 else 0.0
        return Wait(own, SESSION) if own >= shared else Wait(shared, ADDRESS)

    def failed(self, session: str, address: str) -> int:
        """Count a wrong code that was looked at; the session's wrong codes in a row now."""
        now = self.clock()
        with self._lock:
            count = self._sessions.get(session, (0, now))[0] + 1
            self._sessions[session] = (count, now)
            state = self._address(address, now)
            state.level = max(0.0, state.level - 1.0)
            _trim(self._sessions, key=lambda item: item[1][1])
            _trim(self._addresses, key=lambda item: item[1].at)
        return count

    def passed(self, session: str, address: str) -> None:
        """The session got in: its own count starts again, and its address has room for one more typo in a while."""
        now = self.clock()
        with self._lock:
            self._sessions.pop(session, None)
            self._address(address, now).admitted += 1.0
            _trim(self._addresses, key=lambda item: item[1].at)

    def left(self, address: str) -> int:
        """Wrong codes the address may still send at once (for the log)."""
        with self._lock:
            state = self._addresses.get(address) and self._address(address, self.clock())
            return math.floor(state.level) if state else self.burst

    def reset(self) -> None:
        with self._lock:
            self._sessions.clear()
            self._addresses.clear()

    def _address(self, address: str, now: float) -> _Address:
        """The address's bucket brought up to ``now``: refilled at its rate, its count of sessions that got in decayed
        (the rate over the interval is taken at its end, the lower: never more than the figures say)."""
        state = self._addresses.get(address)
        if state is None:
            state = self._addresses[address] = _Address(float(self.burst), now)
            return state
        elapsed = max(0.0, now - state.at)
        state.admitted *= math.exp(-elapsed / HOUR_S)
        state.level = min(float(self.burst), state.level + elapsed * self.rate(state.admitted) / HOUR_S)
        state.at = now
        return state


def _trim(table: dict, key: Callable) -> None:
    if len(table) > MAX_KEPT:
        for name, _value in sorted(table.items(), key=key)[:len(table) - MAX_KEPT]:
            del table[name]


# Every wrong code, counted once whichever way it came: an access or room code typed at the gate, a room code or a
# code to come back typed on the room page, a room code in a ``?join=`` link without its key.
CODE_TRIES = CodeTries()
