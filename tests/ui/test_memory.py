"""The collector thread of ui/frame/memory.py: one per process, and it frees what only a full collection frees."""

from __future__ import annotations

import gc
import threading
import time
import weakref

from ui.frame import memory


def test_the_collector_starts_once_and_keeps_running():
    first = memory.start_collector()
    assert first is memory.start_collector()  # the cached one: one thread per process
    assert first.is_alive() and first.daemon and first.name == "uncase-gc"
    assert [t for t in threading.enumerate() if t.name == "uncase-gc"] == [first]


def test_a_reference_cycle_is_freed_by_the_loop_without_any_new_allocations():
    """What a dropped session is: objects that refer to each other, unreachable, left to the cyclic collector."""

    class Session:
        pass

    gc.disable()  # as a quiet server: no allocation-driven collection will happen
    try:
        session = Session()
        session.itself = session
        dropped = weakref.ref(session)
        del session
        assert dropped() is not None  # only a collection frees a cycle
        stop = threading.Event()
        thread = threading.Thread(target=memory.collect_until, args=(stop, 0.05), daemon=True)
        thread.start()
        deadline = time.monotonic() + 5
        while dropped() is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        thread.join(5)
        assert dropped() is None
        assert not thread.is_alive()  # a set stop ends the loop
    finally:
        gc.enable()


def test_what_the_process_loaded_is_frozen_so_a_collection_walks_only_what_came_since():
    """A full collection walked every object the process had loaded (125 ms of held GIL every 30 s); frozen, it
    walks only the objects made since: counted as the objects the collector tracks outside the permanent
    generation, not timed."""
    loaded = [[index] for index in range(50_000)]  # stands for the modules and the server's objects
    try:
        frozen = memory.freeze_what_is_loaded()
        assert frozen >= len(loaded)
        walked = sum(gc.get_count()) + len(gc.get_objects(generation=2))
        assert walked < frozen // 2
    finally:
        gc.unfreeze()
