"""Threshold explorer core time on a 1,000-case RAG dataset (median of repeated runs).

    .venv/bin/python bench/bench_thresholds.py [--cases 1000] [--repeats 9]

Prints the median time of: a 21-point threshold sweep, a 13-point weight sweep, the
standings of every case at one threshold, and the flips between two weights; each is what
the threshold explorer page computes on a rerun.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.synthetic_rag import synthetic_dataset
from uncase_core.rag.thresholds import composite_standings, sweep_threshold, sweep_weight, weight_flips


def median_ms(action, repeats: int) -> float:
    action()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    cases = synthetic_dataset(args.cases).cases
    weights = {"context_relevance": 1.0, "faithfulness": 1.0, "correctness": 1.0, "coverage": 1.0}
    actions = {
        "threshold sweep, 21 points": lambda: sweep_threshold(cases, "faithfulness"),
        "weight sweep, 13 points": lambda: sweep_weight(cases, "faithfulness", weights, 0.7),
        "composite standings": lambda: composite_standings(cases, weights, 0.7),
        "weight flips (1 -> 3)": lambda: weight_flips(cases, "faithfulness", 1.0, 3.0, weights, 0.7),
    }
    for name, action in actions.items():
        print(f"{name}, {args.cases:,} cases: {median_ms(action, args.repeats):.0f} ms (median of {args.repeats})")


if __name__ == "__main__":
    main()
