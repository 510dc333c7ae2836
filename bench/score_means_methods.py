"""Why the tools' scores get a betting interval (issue 51 item 7): the coverage of three 95% intervals of a score
column's mean, on score distributions like RAGAS and DeepEval produce (bench/harness/tool_scores.py: ``beta`` mean
0.9, Beta(3.6, 0.4); ``ties`` mean 0.9, 80% point masses at 0, 0.5 and 1 and 20% that Beta), at 2 to 500 cases.

- Student's t-interval (what a spreadsheet's error bar gives);
- the percentile bootstrap of the cases (1000 resamples);
- the betting interval the pages draw (:func:`uncase_core.stats.score_means.score_mean`).

Run: ``.venv/bin/python -m bench.score_means_methods [--repeats 1000]``; prints a markdown table (docs/tool-scores.md).
Seeded: the same command prints the same figures. Counts, not wall-clock.
"""

from __future__ import annotations

import argparse
import os

import numpy as np
from scipy import stats

from bench.harness.tool_scores import DISTRIBUTIONS, scores
from uncase_core.stats.score_means import score_mean

CASES = (2, 3, 5, 10, 20, 50, 100, 500)
TRUTH = 0.9
RESAMPLES = 1000


def t_interval(x: np.ndarray) -> tuple[float, float]:
    mean, spread = x.mean(), x.std(ddof=1) / np.sqrt(len(x))
    half = stats.t.ppf(0.975, len(x) - 1) * spread
    return mean - half, mean + half


def bootstrap_interval(x: np.ndarray, rng: np.random.Generator) -> tuple[float, float]:
    means = x[rng.integers(0, len(x), (RESAMPLES, len(x)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


def betting_interval(x: np.ndarray) -> tuple[float, float]:
    result = score_mean(x)
    return result.low, result.high


def coverage(family: int, n: int, repeats: int, seed: int) -> dict[str, tuple[float, float]]:
    """Method -> (coverage of the true mean, mean width) over ``repeats`` datasets of ``n`` cases."""
    truth = scores(family, TRUTH)
    rng = np.random.default_rng(seed)
    samples = truth.quantiles(rng.random((repeats, n)))
    found: dict[str, tuple[float, float]] = {}
    for name, method in (("t", t_interval), ("bootstrap", lambda x: bootstrap_interval(x, rng)),
                         ("betting", betting_interval)):
        intervals = np.array([method(x) for x in samples])
        covered = (intervals[:, 0] <= truth.mean + 1e-12) & (truth.mean - 1e-12 <= intervals[:, 1])
        found[name] = (float(covered.mean()), float(np.mean(np.minimum(intervals[:, 1], 1) -
                                                            np.maximum(intervals[:, 0], 0))))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=1000)
    args = parser.parse_args()
    print(f"machine load (1, 5, 15 min): {os.getloadavg()}; {args.repeats} datasets a row, true mean {TRUTH}\n")
    print("| scores | cases | t-interval coverage (width) | percentile bootstrap | betting (drawn) |")
    print("|---|---|---|---|---|")
    for family, name in enumerate(DISTRIBUTIONS):
        for n in CASES:
            found = coverage(family, n, args.repeats, seed=1000 * family + n)
            cells = [f"{100 * c:.1f}% ({w:.3f})" for c, w in (found["t"], found["bootstrap"], found["betting"])]
            print(f"| {name} | {n} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
