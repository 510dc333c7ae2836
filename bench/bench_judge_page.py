"""Server-side run time of the judge page after an answer and after a simulation setting, measured with AppTest.

    .venv/bin/python bench/bench_judge_page.py [--repeats 40]

Each repeat clicks Yes or No (alternately) on the unit the page offers and times ``AppTest.run()``: the whole
script run a browser click triggers (storing the answer as an edit record in a throwaway SQLite store, the
four intervals and the agreement over 300 units, the chart, the 2,000-repeat simulation), without the network
and the browser's drawing. Then the same after 200 answers, to show the cost does not grow with the answers
given, and for a change of the simulation's true rate.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from bench.timing import median_p95_line, page_runs_on_a_fresh_store  # noqa: E402
from ui.frame.data_kinds import JUDGE  # noqa: E402

PAGE = "app_pages/judge_and_hand_labels.py"


def _open() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(PAGE)
    at.run()
    if at.exception or at.error:
        raise SystemExit(f"the page did not open: {[e.value for e in [*at.exception, *at.error]]}")
    return at


def _timed(at: AppTest, step, repeats: int) -> list[float]:
    times = []
    for i in range(repeats):
        step(at, i)
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception[0].value}")
    return times


def _answer(at: AppTest, i: int) -> None:
    at.button(key="judge_yes" if i % 2 == 0 else "judge_no").click()


def _true_rate(at: AppTest, i: int) -> None:
    at.select_slider(key="judge_sim_true_rate").set_value(round(0.5 + 0.01 * (i % 40), 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=40)
    args = parser.parse_args()
    page_runs_on_a_fresh_store()
    at = _open()
    _timed(at, _answer, 5)  # warm up
    print(median_p95_line("run after an answer (built-in set, 300 claims, first answers)",
                          _timed(at, _answer, args.repeats)))
    _timed(at, _answer, 200 - len(at.session_state["workspace"].edits(JUDGE)))
    print(median_p95_line(f"run after an answer, {len(at.session_state['workspace'].edits(JUDGE))} answers stored",
                          _timed(at, _answer, args.repeats)))
    print(median_p95_line("run after a simulation setting (2,000 repeats)", _timed(at, _true_rate, args.repeats)))


if __name__ == "__main__":
    main()
