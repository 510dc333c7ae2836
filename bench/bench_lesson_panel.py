"""What a running lesson adds to a page run: the RAG page after a label change, with and without lesson 1 active.

    .venv/bin/python bench/bench_lesson_panel.py [--repeats 30]

Each repeat toggles one passage label through the data editor's session state and times ``AppTest.run()`` (the
whole script run; in the browser a label change reruns only the result fragments and the lesson panels, so this
is an upper bound). With the lesson on, both panels rebuild the page's state from the workspace and check the
current step ("reshape": two checks) after every change. The label alternates so every run is a real change, and
the reshaping step never completes (only passage p4 moves), so every run checks it. Also printed: the time of one
step check alone (``advance``), measured inside the runs.
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

import ui.views.lessons.panel  # noqa: E402
from ui.frame.lessons import PROGRESS_PREFIX, lesson_by_id  # noqa: E402
from ui.views.lessons.state import start  # noqa: E402

RAG_PAGE = "app_pages/rag_diagnosis.py"
CHECKS: list[float] = []


def _timed(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        began = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            CHECKS.append(time.perf_counter() - began)
    return wrapper


ui.views.lessons.panel.advance = _timed(ui.views.lessons.panel.advance)


def measure(with_lesson: bool, repeats: int) -> list[float]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    workspace = at.session_state["workspace"]
    lesson = lesson_by_id("l01")
    start(workspace, lesson, "en")  # the lesson's data (Multiple failures) whether or not the lesson runs
    workspace.set_settings({PROGRESS_PREFIX + lesson.id: {"done": ["find", "why"], "answers": {}},
                            "lesson_active": lesson.id if with_lesson else None})
    at.switch_page(RAG_PAGE)
    at.run()
    times = []
    key = at.session_state["rag_workspace"].editor_key("passages", "en")
    for repeat in range(repeats + 3):
        value = repeat % 2 == 0
        at.session_state[key] = {"edited_rows": {3: {"relevant": value}}, "added_rows": [], "deleted_rows": []}
        began = time.perf_counter()
        at.run()
        elapsed = time.perf_counter() - began
        if at.exception:
            raise SystemExit(f"the page failed: {at.exception[0].value}")
        if repeat >= 3:  # the first runs warm caches
            times.append(elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    os.environ["UNCASE_STORE"] = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-bench-')}/store.db"
    without = measure(False, args.repeats)
    CHECKS.clear()
    with_lesson = measure(True, args.repeats)
    checks = sorted(CHECKS)

    def line(name: str, values: list[float]) -> str:
        values = sorted(values)
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        return f"{name:<28} median {1000 * statistics.median(values):6.1f} ms   p95 {1000 * p95:6.1f} ms"

    print(f"RAG page run after a label change, Multiple failures, {args.repeats} runs each (AppTest, SQLite store)")
    print(line("no lesson", without))
    print(line("lesson 1 at its last step", with_lesson))
    added = 1000 * (statistics.median(with_lesson) - statistics.median(without))
    print(f"{'difference of medians':<28} {added:+6.1f} ms")
    print(line("one step check (advance)", checks))


if __name__ == "__main__":
    main()
