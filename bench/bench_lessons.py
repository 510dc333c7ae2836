"""What a lesson costs the server: reading the lesson files, loading each lesson's data, and one step check.

    .venv/bin/python bench/bench_lessons.py [--runs N]

The lesson runner evaluates the current step after every action, so a step's check is on the path of
every click on a page with a lesson open. For each step of each built-in lesson this prints the median
time of ``evaluate_step`` on the data as the lesson loads it (``--runs`` times, default 20; a question
gets a plausible answer so that its computation runs), and once: the time to read and check all lesson
files and to load each lesson's data.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from uncase_core.lessons.checks import Snapshot
from uncase_core.lessons.data import lesson_data
from uncase_core.lessons.model import evaluate_step, load_lessons

# An answer of the right shape for each kind, so a question computes its answer rather than stopping at "not answered".
ANSWERS: dict[str, Any] = {
    "choice": "a", "dimensions": ["faithfulness"], "certainty": "clear", "case_ids": ["retail-001"],
    "case_pair": ["banking-002", "banking-013"], "gates": ["privacy"], "turns": [2], "items": [["P01", "I1"]],
    "stratum": "health", "number": 10.0, "proportion": 0.5,
}
# Settings that take a check past its first condition (the page's mode, aggregation or switch), so that the
# timing includes the computation the check exists for.
EXPLORER = {"thr_metric": "context_relevance", "thr_current_context_relevance": 0.7,
            "thr_other_context_relevance": 0.65}
STEP_SETTINGS: dict[str, dict[str, Any]] = {
    "l03/minimum": {"rag_aggregation": "min"}, "l03/gate": {"rag_gate_on_faithfulness": True},
    "l04/halve": EXPLORER, "l04/flips": EXPLORER,
}


def timed(function: Callable[[], object], runs: int) -> float:
    """Median wall time of ``function`` over ``runs`` calls, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    print(f"read and check the 10 lesson files: {timed(load_lessons, 5):.1f} ms (median of 5)")
    print(f"{'lesson':<7} {'step':<15} {'check or question':<45} {'step check':>11}")
    for lesson in load_lessons():
        load = timed(lambda lesson=lesson: lesson_data(lesson.page, lesson.scenario, "en"), 3)
        print(f"{lesson.id:<7} (load {lesson.page} {lesson.scenario}: {load:.1f} ms, median of 3)")
        data = lesson_data(lesson.page, lesson.scenario, "en")
        for step in lesson.steps:
            answers = {step.id: ANSWERS[step.question.answer]} if step.question else {}
            settings = STEP_SETTINGS.get(f"{lesson.id}/{step.id}", {})
            snapshot = Snapshot(lesson.page, data, data, settings, answers)
            name = step.question.name if step.question else " + ".join(c.name for c in step.checks)
            cost = timed(lambda step=step, snapshot=snapshot: evaluate_step(step, snapshot), runs)
            print(f"{lesson.id:<7} {step.id:<15} {name[:45]:<45} {cost:>9.2f}ms")


if __name__ == "__main__":
    main()
