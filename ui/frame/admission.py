"""A few full page runs at a time in this process, first come first served (the join storm).

Thirty or sixty people opening a room's link at once start as many full runs of the join form and the RAG page.
Streamlit gives each session its own thread and Python shares one interpreter lock among them, so every run
beside them, the facilitator's 5 s refresh and each participant's label among them, gets a sixtieth of the CPU and
waits for the storm to pass: the facilitator's refresh took up to 8 s in ``bench/bench_room.py`` while everyone
joined. Admitted :data:`FULL_RUNS` at a time, the full runs end one after another (the mean join waits half as long
as when all of them share the CPU and end together), and the short runs that are not admitted here, the fragments'
(a label, a key in focus mode, the facilitator's and the projector's refreshes), compete with a few runs instead of
sixty.

Only ``app.py``'s full runs take a slot; a fragment's rerun does not run ``app.py``. A run that cannot get a slot
within :data:`WAIT_S` goes ahead anyway (a run stuck on a locked database must not stop the server), and a slot is
given back however the run ends (a rerun, ``st.stop``, a page switch or an error: the exceptions Streamlit ends a
script with pass through the ``finally``). ``UNCASE_FULL_RUNS`` sets the number (0 turns admission off).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

FULL_RUNS_ENV = "UNCASE_FULL_RUNS"
DEFAULT_FULL_RUNS = 2  # the machine's two cores: one run's database wait overlaps another's Python
WAIT_S = 20.0
_LOG = logging.getLogger("uncase.admission")


def _configured(value: str | None) -> int:
    """The number of slots ``UNCASE_FULL_RUNS`` asks for (the default for an unset or unreadable value)."""
    if value is None or not value.strip():
        return DEFAULT_FULL_RUNS
    try:
        count = int(value)
    except ValueError:
        _LOG.warning("%s=%r is not a whole number; using %d", FULL_RUNS_ENV, value, DEFAULT_FULL_RUNS)
        return DEFAULT_FULL_RUNS
    return max(count, 0)


class Admission:
    """At most ``slots`` holders at once, served in the order they came (CPython's Condition wakes its waiters in
    order); ``slots == 0`` admits everyone at once."""

    def __init__(self, slots: int, wait_s: float = WAIT_S) -> None:
        self.slots = slots
        self.wait_s = wait_s
        self._semaphore = threading.Semaphore(slots) if slots > 0 else None
        self._lock = threading.Lock()
        self.waiting = 0  # runs waiting for a slot now (for the log and the tests)
        self.late = 0  # runs that went ahead without one after wait_s

    @contextmanager
    def slot(self) -> Iterator[float]:
        """Hold a slot while the block runs; yields the seconds waited for it."""
        if self._semaphore is None:
            yield 0.0
            return
        started = time.monotonic()
        with self._lock:
            self.waiting += 1
        try:
            acquired = self._semaphore.acquire(timeout=self.wait_s)
        finally:
            with self._lock:
                self.waiting -= 1
        waited = time.monotonic() - started
        if not acquired:
            with self._lock:
                self.late += 1
            _LOG.warning("a full run waited %.0f s for a slot and goes ahead without one", waited)
        try:
            yield waited
        finally:
            if acquired:
                self._semaphore.release()


FULL_RUN_ADMISSION = Admission(_configured(os.environ.get(FULL_RUNS_ENV)))


def full_run_slot() -> AbstractContextManager[float]:
    """The process's slot for one full page run (``app.py``)."""
    return FULL_RUN_ADMISSION.slot()
