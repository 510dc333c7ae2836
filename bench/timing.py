"""What the timing benchmarks share: timing a call, the figures printed, and an AppTest process on its own store."""

from __future__ import annotations

import logging
import statistics
import tempfile
import time
from collections.abc import Callable

from uncase_store import Store, open_store


def times(action: Callable[[], object], repeats: int) -> list[float]:
    """Seconds of ``repeats`` calls of ``action``, after one untimed call (imports and first-call costs are not what
    we measure)."""
    action()
    result = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        result.append(time.perf_counter() - start)
    return result


def median_p95_line(what: str, seconds: list[float]) -> str:
    """``what: median 12.3 ms, p95 20.1 ms, min 10.0 ms over 40 runs``."""
    q = statistics.quantiles(seconds, n=20)
    return (f"{what}: median {statistics.median(seconds) * 1000:.1f} ms, p95 {q[-1] * 1000:.1f} ms, "
            f"min {min(seconds) * 1000:.1f} ms over {len(seconds)} runs")


def page_runs_on_a_fresh_store() -> Store:
    """Quiet Streamlit's logging and make every page run in this process use a new SQLite store (returned)."""
    import ui.frame.state  # imported here: the core benchmarks never load Streamlit

    logging.getLogger("streamlit").setLevel(logging.ERROR)
    store = open_store(f"sqlite:///{tempfile.mkdtemp()}/bench.db")
    ui.frame.state.get_store = lambda: store
    return store
