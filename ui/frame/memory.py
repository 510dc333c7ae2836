"""Closed tabs' sessions freed on a quiet server: a full garbage collection every 30 seconds.

A closed tab's session is kept ``server.disconnectedSessionTTL`` (120 s) for a reconnect, then dropped from
Streamlit's session store without being shut down; what it held (its session state, with the person's parsed
data: an uploaded dataset of a few MB is tens of MB of Python objects) is tied in reference cycles and is freed
only when Python's cyclic garbage collector runs a full collection. The project turns Streamlit's collection
after every script run off (``runner.postScriptGC = false``: 0.1 s of every run), and Python's own full
collections follow new allocations, so on a quiet server a dropped session's memory could stay for hours.
One collection every 30 s from a background thread returns it (``bench/bench_upload_memory.py``); what the process
loaded before its first page run is frozen first, so that collection walks only what came since (under a millisecond
instead of a tenth of a second, ``bench/bench_gc_pause.py``).
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


def freeze_what_is_loaded() -> int:
    """Move every object alive now to the permanent generation (:func:`gc.freeze`) and return how many.

    At the first page run that is the process's own: modules, Streamlit's server, the app's imports (some 220,000
    objects, none of them ever garbage). A full collection walks every tracked object, so it held the server's GIL
    about 125 ms every 30 s; frozen, the collector walks only what was made since (sessions, their data), well under
    a millisecond on an idle server (``bench/bench_gc_pause.py``). The first run's own session state is frozen
    with it: a few kilobytes, before anything is uploaded.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


@once_per_process
def start_collector(every_s: float = COLLECT_EVERY_S) -> threading.Thread:
    """Start the process's one collector thread (the first page run starts it; later calls return it), after
    freezing what the process has loaded so that each collection walks only what came since.

    It runs as long as the server (a daemon thread: it never delays the server's exit). Not a Streamlit cache: a
    client's ``clear_cache`` message would drop it and the next run would start a second thread
    (``ui/frame/process.py``).
    """
    freeze_what_is_loaded()
    thread = threading.Thread(target=collect_until, args=(threading.Event(), every_s), name="uncase-gc",
                              daemon=True)
    thread.start()
    return thread
