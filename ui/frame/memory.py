"""Closed tabs' sessions freed on a quiet server: a full garbage collection every 30 seconds.

A closed tab's session is kept ``server.disconnectedSessionTTL`` (120 s) for a reconnect, then dropped from
Streamlit's session store without being shut down; what it held (its session state, with the person's parsed
data: an uploaded dataset of a few MB is tens of MB of Python objects) is tied in reference cycles and is freed
only when Python's cyclic garbage collector runs a full collection. The project turns Streamlit's collection
after every script run off (``runner.postScriptGC = false``: 0.1 s of every run), and Python's own full
collections follow new allocations, so on a quiet server a dropped session's memory could stay for hours.
One collection every 30 s from a background thread returns it (``bench/bench_upload_memory.py``) at a cost of a
about a tenth of a second each time (``COLLECT_EVERY_S``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
from collections.abc import Callable

from ui.frame.process import once_per_process

COLLECT_EVERY_S = 30.0


def _glibc_trim() -> Callable[[], object] | None:
    """glibc's ``malloc_trim(0)``: hand the heap's free pages back to the system; None on another C library."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


def collect_until(stop: threading.Event, every_s: float) -> None:
    """A full collection every ``every_s`` seconds until ``stop`` is set, then the heap's free pages returned."""
    trim = _glibc_trim()
    while not stop.wait(every_s):
        gc.collect()
        if trim is not None:
            trim()


@once_per_process
def start_collector(every_s: float = COLLECT_EVERY_S) -> threading.Thread:
    """Start the process's one collector thread (the first page run starts it; later calls return it).

    It runs as long as the server (a daemon thread: it never delays the server's exit). Not a Streamlit cache: a
    client's ``clear_cache`` message would drop it and the next run would start a second thread
    (``ui/frame/process.py``).
    """
    thread = threading.Thread(target=collect_until, args=(threading.Event(), every_s), name="uncase-gc",
                              daemon=True)
    thread.start()
    return thread
