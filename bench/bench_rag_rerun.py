"""Server-side rerun time of the RAG page after a label change, with the store on and off, measured with AppTest.

    .venv/bin/python bench/bench_rag_rerun.py [--repeats 30] [--postgres URL]

Each repeat toggles one passage label through the data editor's session state and times
``AppTest.run()``: the whole script run a browser click triggers, without the network and the
browser's drawing. Every toggle is a real change (the label alternates), so every run stores an
edit record. Printed for a one-case scenario and the seven-case dataset, in one process, with:

* ``off``: the store's interface in plain dictionaries (bench/memory_store.py), i.e. what the page cost
  before work was stored;
* ``sqlite``: the default store, a SQLite file in WAL mode with ``synchronous=FULL``;
* ``postgresql``: with ``--postgres URL`` (a database the benchmark may fill; e.g. a throwaway one).

The autosave cost is the difference of the medians; the target is at most 20 ms. Because two medians of a
busy machine differ by noise too, the time spent inside the store's calls during those runs is printed as well
(the same figure measured directly).
"""

from __future__ import annotations

import argparse
import functools
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

import ui.frame.state  # noqa: E402
from bench.memory_store import MemoryStore  # noqa: E402
from ui.frame.data_kinds import RAG  # noqa: E402
from uncase_store import Store, open_store  # noqa: E402

STORE_CALLS = ("head", "load", "touch", "create_workspace", "put_document", "add_edits", "drop_edits",
               "delete_document", "set_settings")
SPENT: list[float] = []  # seconds inside the store's calls, appended as they happen


def _timed(method):
    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            SPENT.append(time.perf_counter() - start)
    return wrapper


for _name in STORE_CALLS:
    setattr(Store, _name, _timed(getattr(Store, _name)))

RAG_PAGE = "app_pages/rag_diagnosis.py"


def _open(all_scenarios: bool) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(RAG_PAGE)
    at.run()
    if all_scenarios:
        at.sidebar.selectbox(key="rag_scenario_choice").set_value("__all__").run()
        next(b for b in at.sidebar.button if b.label == "Load scenario").click().run()
    if at.exception or at.error:
        raise SystemExit(f"the page did not open: {[e.value for e in [*at.exception, *at.error]]}")
    return at


def _rerun_times(at: AppTest, repeats: int) -> list[float]:
    times = []
    for i in range(repeats):
        key = at.session_state["rag_workspace"].editor_key("passages", at.session_state["language_widget"])
        # p1 starts relevant: unticked on even repeats, ticked back on odd ones (reported as no edit at all).
        edits = {0: {"relevant": False}} if i % 2 == 0 else {}
        at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception[0].value}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--postgres", default=None, help="also measure on this PostgreSQL database (SQLAlchemy URL)")
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    stores = {"off": MemoryStore(), "sqlite": open_store(f"sqlite:///{tempfile.mkdtemp()}/bench.db")}
    if args.postgres:
        stores["postgresql"] = open_store(args.postgres)
    medians: dict[tuple[str, str], float] = {}
    for label, all_scenarios in (("one case", False), ("7-case dataset", True)):
        for name, store in stores.items():
            ui.frame.state.get_store = lambda store=store: store  # every page run in this process uses it
            at = _open(all_scenarios)
            _rerun_times(at, 5)  # warm up
            SPENT.clear()
            times = _rerun_times(at, args.repeats)
            inside = sum(SPENT) * 1000 / args.repeats
            q = statistics.quantiles(times, n=20)
            medians[label, name] = statistics.median(times) * 1000
            stored = len(at.session_state["workspace"].edits(RAG))
            print(f"rerun after a label change ({label}, store {name}): median {medians[label, name]:.1f} ms, "
                  f"p95 {q[-1] * 1000:.1f} ms over {args.repeats} runs ({stored} edit records stored)"
                  + (f"; {inside:.1f} ms per run inside the store's calls" if name != "off" else ""))
        for name in stores:
            if name != "off":
                print(f"  autosave cost ({label}, {name}): {medians[label, name] - medians[label, 'off']:+.1f} ms "
                      f"on the median; target at most +20 ms")


if __name__ == "__main__":
    main()
