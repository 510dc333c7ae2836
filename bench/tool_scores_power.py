"""The tool-score verdict's power (issue 51 item 7): how often the compare page and ``uncase scores A B`` say "B
higher" when B's true mean score is 0.1 above A's, and how often either side is said with no difference, on both score
shapes of bench/harness/tool_scores.py, the two runs correlated 0.5. Prints the markdown table of docs/tool-scores.md.

Run: ``.venv/bin/python -m bench.tool_scores_power [--repeats 200]``. Seeded: the same command prints the same figures.
"""

from __future__ import annotations

import argparse

from bench.harness import tool_scores
from bench.harness.cells import cell
from uncase_core.stats.figures import FIGURES

CASES = (10, 20, 50, 100, 200, 500)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    figure = FIGURES["tool_scores.verdict"]
    print("| shape | true mean A | correlation | cases | false (no difference) | power (B +0.1) |")
    print("|---|---|---|---|---|---|")
    for family, name in enumerate(tool_scores.DISTRIBUTIONS):
        for truth in (0.7, 0.9):
            for n in CASES:
                r = tool_scores.verdict(figure, cell(truth, n, distribution=family, correlation=0.5), args.repeats,
                                        7000 + n)
                print(f"| {name} | {truth} | 0.5 | {n} | {100 * r.false:.1f}% | {100 * r.power:.1f}% |", flush=True)


if __name__ == "__main__":
    main()
