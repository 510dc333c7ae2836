"""Judge beside hand labels: core time for a large dataset, the simulation panel's time, and its figures.

    .venv/bin/python bench/bench_judge.py [--repeats 15] [--table]

Prints the median and spread of:

- the three intervals (hand labels alone, judge alone, PPI and PPI++) and the agreement for one
  dimension over 100,000 judged units of which 500 carry a hand label (a seeded random 500),
  from the dataset (``judge_report``: reading the labels and verdicts off the units included) and
  from the two lists of labels and verdicts (``compare_judge``); target under 50 ms;
- the simulation panel: 2,000 seeded repeats at N = 2,000 and at N = 100,000 judged units;
  target under 1 s.

``--table`` also prints the simulation table of docs/judge.md (2,000 repeats, seed 17).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import times
from uncase_core.judge.report import compare_judge, dimension_values, judge_report
from uncase_core.judge.simulation import simulate
from uncase_core.rag.cases import RagCase, Unit

SCENARIOS = (
    # (label, true rate, sensitivity, false-positive rate, n labels, N judged)
    ("accurate, unbiased judge (issue)", 0.7, 0.929, 0.167, 40, 2000),
    ("one-sided judge, +10 points (issue)", 0.7, 1.0, 1 / 3, 40, 2000),
    ("one-sided judge, +10 points", 0.7, 1.0, 1 / 3, 100, 2000),
    ("one-sided judge, +10 points", 0.7, 1.0, 1 / 3, 200, 2000),
    ("biased judge, +14 points, 80% accurate", 0.6, 0.95, 0.425, 100, 2000),
    ("biased judge, +14 points, 80% accurate", 0.6, 0.95, 0.425, 200, 2000),
    ("weak judge, 65% accurate, unbiased", 0.5, 0.65, 0.35, 100, 2000),
    ("accurate judge, rare failures", 0.95, 0.98, 0.40, 100, 10000),
    ("accurate judge, rare failures", 0.95, 0.98, 0.40, 400, 10000),
)


def _line(name: str, seconds: list[float], target: str) -> str:
    return (f"{name}: median {statistics.median(seconds) * 1000:.1f} ms (min {min(seconds) * 1000:.1f}, "
            f"max {max(seconds) * 1000:.1f}); target {target}")


def large_dataset(units: int = 100_000, labelled: int = 500, per_case: int = 5, seed: int = 11) -> list[RagCase]:
    """``units`` claims judged by a 90%-accurate judge, ``labelled`` of them (seeded, uniform) hand-labelled."""
    rng = np.random.default_rng(seed)
    truth = rng.random(units) < 0.7
    verdict = np.where(rng.random(units) < 0.9, truth, ~truth)
    has_label = np.zeros(units, dtype=bool)
    has_label[rng.choice(units, labelled, replace=False)] = True
    cases = []
    for start in range(0, units, per_case):
        claims = tuple(
            Unit(f"c{i - start + 1}", f"claim {i}",
                 {"supported": bool(truth[i]) if has_label[i] else None, "correct": None}, {},
                 {"judge_supported": bool(verdict[i])})
            for i in range(start, min(start + per_case, units)))
        cases.append(RagCase(f"case-{start // per_case:06d}", "question", (), "answer", claims))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    cases = large_dataset()
    labels, verdicts = dimension_values(cases, "faithfulness")
    report = judge_report(cases, "faithfulness")
    print(f"units: {report.counts['units']:,}, hand-labelled: {report.counts['both']}, "
          f"judge worth {report.judge_worth:.0f} labels, PPI {report.ppi.estimate:.3f} "
          f"[{report.ppi.low:.3f}, {report.ppi.high:.3f}]")
    print(_line("three intervals + agreement from the dataset (judge_report)",
                times(lambda: judge_report(cases, "faithfulness"), args.repeats), "< 50 ms"))
    print(_line("the same from the label and verdict lists (compare_judge)",
                times(lambda: compare_judge(labels, verdicts), args.repeats), "< 50 ms"))
    for judged in (2_000, 100_000):
        print(_line(f"simulation, 2,000 repeats, n = 40, N = {judged:,}",
                    times(lambda judged=judged: simulate(0.7, 0.929, 0.167, 40, judged, repeats=2000),
                           args.repeats), "< 1 s"))
    if args.table:
        print()
        print("| judge | true rate | sensitivity | FPR | judge accuracy | judge bias | n | N | judge alone | "
              "hand labels (Wilson) | PPI | PPI++ |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for label, p, sensitivity, fpr, n, total in SCENARIOS:
            result = simulate(p, sensitivity, fpr, n, total, repeats=2000, seed=17)
            cells = [f"{result.methods[m].coverage.value:.3f} / {result.methods[m].mean_width:.3f}"
                     for m in ("judge_only", "hand_labels", "ppi", "ppi_tuned")]
            print(f"| {label} | {p:g} | {sensitivity:.3g} | {fpr:.3g} | {result.judge_accuracy:.3f} | "
                  f"{result.judge_bias:+.3f} | {n} | {total:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
