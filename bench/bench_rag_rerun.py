"""Server-side rerun time of the RAG page after a label change, measured with AppTest.

    .venv/bin/python bench/bench_rag_rerun.py [--repeats 30]

Each repeat toggles one passage label through the data editor's session state and times
``AppTest.run()``: the whole script run a browser click triggers, without the network
and the browser's drawing. Printed for a one-case scenario and the seven-case dataset.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

RAG_PAGE = "pages/1_rag_diagnosis.py"


def _open(all_scenarios: bool) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(RAG_PAGE)
    at.run()
    if all_scenarios:
        at.sidebar.selectbox(key="rag_scenario_choice").set_value("__all__").run()
        next(b for b in at.sidebar.button if b.label == "Load scenario").click().run()
    return at


def _rerun_times(at: AppTest, repeats: int) -> list[float]:
    times = []
    for i in range(repeats):
        key = at.session_state["rag_workspace"].editor_key("passages", at.session_state["language"])
        at.session_state[key] = {"edited_rows": {0: {"relevant": i % 2 == 0}}, "added_rows": [], "deleted_rows": []}
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception[0].value}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    for label, all_scenarios in (("one case", False), ("7-case dataset", True)):
        times = _rerun_times(_open(all_scenarios), args.repeats)
        q = statistics.quantiles(times, n=20)
        print(f"rerun after a label change ({label}): median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {q[-1] * 1000:.1f} ms over {args.repeats} runs; target < 100 ms")


if __name__ == "__main__":
    main()
