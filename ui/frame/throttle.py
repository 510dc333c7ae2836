"""What one client may do in a while: failed tries of a code, new workspaces, writes.

A workshop server is open to a room's network, and one client could otherwise guess the access code at a hundred
tries a second, or fill the store for everyone (a new workspace per tab, an upload every second). Four counters,
kept in this process (each server process counts its own clients; ``docs/deploy.md``):

- wrong codes, per session and per address: :mod:`ui.frame.code_tries` (``CODE_TRIES``);
- :class:`Window`, per address: at most ``limit`` events (new workspaces) in any ``window_s``;
- :class:`Pace`, a token bucket: ``burst`` writes at once and ``rate`` a second after that; :class:`Paces` keeps
  one per workspace and one per address (``WRITES``), and a write takes from both.

They apply in workshop mode only (an access code is set, ``ui/frame/access.py``): a playground on localhost has one
user. No Streamlit here, and the clock is given, so the tests drive them without waiting.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from types import MappingProxyType

from ui.frame.code_tries import CODE_TRIES
from uncase_store import StoreError

Clock = Callable[[], float]
MAX_ADDRESSES = 10_000  # counters kept at once; the stalest go first
WORKSPACES_PER_HOUR_ENV = "UNCASE_WORKSPACES_PER_HOUR"
DEFAULT_WORKSPACES_PER_HOUR = 60  # a whole class behind one school NAT opens a workspace or two each
ROOMS_PER_HOUR_ENV = "UNCASE_ROOMS_PER_HOUR"
# Per workspace, not per address: a facilitator behind the class's school network keeps their own allowance whatever
# the others make (the address's allowance of new workspaces bounds how many workspaces make rooms).
DEFAULT_ROOMS_PER_HOUR = 10
EDITS_PER_SECOND = 5.0  # per workspace: one person's clicks, in one tab or several
EDIT_BURST = 30  # a page run that stores several widgets' values at once, a burst of label clicks
# Per address: a class behind one school network shares an address (60 people at a label every 5 s make 12 a
# second), so it is wide; it bounds one client that spreads its writes over many workspaces.
ADDRESS_EDITS_PER_SECOND = 40.0
ADDRESS_EDIT_BURST = 400


class Window:
    """At most ``limit`` events per address in any ``window_s`` seconds."""

    def __init__(self, limit: int | Callable[[], int], window_s: float, clock: Clock = time.monotonic) -> None:
        self._limit, self.window_s, self.clock = limit, window_s, clock
        self._lock = threading.Lock()
        self._events: dict[str, deque[float]] = {}

    @property
    def limit(self) -> int:
        return self._limit() if callable(self._limit) else self._limit

    def take(self, address: str) -> float:
        """Count an event and return 0, or return the seconds until the address may have another (not counted)."""
        now, limit = self.clock(), self.limit
        with self._lock:
            events = self._events.setdefault(address, deque())
            while events and now - events[0] >= self.window_s:
                events.popleft()
            if len(events) >= limit:
                return max(0.0, events[0] + self.window_s - now) if events else self.window_s
            events.append(now)
            _trim(self._events, key=lambda item: item[1][-1] if item[1] else -math.inf)
            return 0.0

    def reset(self) -> None:
        with self._lock:
            self._events.clear()


class Pace:
    """A token bucket: ``burst`` writes at once, then ``rate`` a second."""

    def __init__(self, rate: float = EDITS_PER_SECOND, burst: int = EDIT_BURST, clock: Clock = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._lock = threading.Lock()
        self._tokens, self._at = float(burst), clock()

    def __call__(self) -> float:
        """Take one write: 0 when it may go ahead, else the seconds until one may."""
        now = self.clock()
        with self._lock:
            self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
            self._at = now
            if self._tokens >= 1.0:
                self._tokens -= 1.0
                return 0.0
            return (1.0 - self._tokens) / self.rate


class Paces:
    """Token buckets by name, taken together: a write goes ahead only when every bucket it names has a token, and
    then takes one from each; a refusal takes from none.

    Writes are paced per workspace and per address, not per session (eight sessions on one workspace link
    made 236 edits with none refused, and sessions are free). A name's bucket is its kind's (``workspace`` or
    ``address``): ``rates`` maps a kind to (a second, at once).
    """

    def __init__(self, rates: Mapping[str, tuple[float, int]], clock: Clock = time.monotonic) -> None:
        self.rates, self.clock = rates, clock
        self._lock = threading.Lock()
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (kind, name) -> (tokens, at)

    def _level(self, key: tuple[str, str], now: float) -> float:
        rate, burst = self.rates[key[0]]
        tokens, at = self._buckets.get(key, (float(burst), now))
        return min(float(burst), tokens + (now - at) * rate)

    def take(self, *keys: tuple[str, str]) -> float:
        """Take one write from each ``(kind, name)`` bucket: 0 when it may go ahead, else the seconds until it may."""
        now = self.clock()
        with self._lock:
            levels = {key: self._level(key, now) for key in keys}
            short = [(1.0 - level) / self.rates[key[0]][0] for key, level in levels.items() if level < 1.0]
            if short:
                for key, level in levels.items():
                    self._buckets[key] = (level, now)
                return max(short)
            for key, level in levels.items():
                self._buckets[key] = (level - 1.0, now)
            _trim(self._buckets, key=lambda item: item[1][1])
            return 0.0

    def reset(self) -> None:
        with self._lock:
            self._buckets.clear()


class TooFast(StoreError):
    """A session wrote faster than :class:`Pace` lets it; nothing was stored."""

    def __init__(self, wait_s: float) -> None:
        super().__init__(f"too many changes in a short time; wait {math.ceil(wait_s)} s and try again")
        self.wait_s = wait_s


class TooManyWorkspaces(StoreError):
    """An address opened as many new workspaces as :data:`NEW_WORKSPACES` lets it in an hour."""

    def __init__(self, wait_s: float, limit: int) -> None:
        super().__init__(f"this address opened {limit} new workspaces in the last hour; try again in "
                         f"{math.ceil(wait_s / 60)} min, or open your own link (?w=...)")
        self.wait_s, self.limit = wait_s, limit


def workspaces_per_hour(environ: Mapping[str, str] | None = None) -> int:
    """``UNCASE_WORKSPACES_PER_HOUR``, or 60; a bad value is the default rather than no limit."""
    text = (os.environ if environ is None else environ).get(WORKSPACES_PER_HOUR_ENV, "").strip()
    try:
        value = int(text)
    except ValueError:
        return DEFAULT_WORKSPACES_PER_HOUR
    return value if value > 0 else DEFAULT_WORKSPACES_PER_HOUR


def rooms_per_hour(environ: Mapping[str, str] | None = None) -> int:
    """``UNCASE_ROOMS_PER_HOUR``, or 10: the rooms one workspace makes in any hour in workshop mode (counted in the
    store, so across processes and restarts; ``ui/frame/rooms.py``). A bad value is the default rather than no
    limit."""
    text = (os.environ if environ is None else environ).get(ROOMS_PER_HOUR_ENV, "").strip()
    try:
        value = int(text)
    except ValueError:
        return DEFAULT_ROOMS_PER_HOUR
    return value if value > 0 else DEFAULT_ROOMS_PER_HOUR


NEW_WORKSPACES = Window(workspaces_per_hour, 3600.0)
WRITES = Paces(MappingProxyType({"workspace": (EDITS_PER_SECOND, EDIT_BURST),
                                 "address": (ADDRESS_EDITS_PER_SECOND, ADDRESS_EDIT_BURST)}))


def write_pace(token: str, address: str) -> Callable[[], float]:
    """The pace a write of workspace ``token`` from ``address`` is held to: both buckets at once."""
    return lambda: WRITES.take(("workspace", token), ("address", address))


def reset_all() -> None:
    """Forget every count (the tests, between one and the next)."""
    for counter in (CODE_TRIES, NEW_WORKSPACES, WRITES):  # CODE_TRIES: ui/frame/code_tries.py
        counter.reset()


def _trim(table: dict, key: Callable) -> None:
    if len(table) > MAX_ADDRESSES:
        for address, _value in sorted(table.items(), key=key)[:len(table) - MAX_ADDRESSES]:
            del table[address]
