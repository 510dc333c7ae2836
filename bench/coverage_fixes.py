"""Coverage of the figures issue 48 still found missing their level, after their fixes: the planner's difference of
two independent proportions (exact), the grouped intervals (seeded simulation), kappa at a rare label (seeded
simulation), the paired difference at 200 and 500 pairs (exact). Prints Markdown for docs/coverage-fixes.md.

    .venv/bin/python bench/coverage_fixes.py [--only planner grouped kappa paired] [--repeats N]

Every figure is measured on what the core draws: the planner's tables are those ``difference_interval`` gives (its
tests hold it to them), the others call the core's functions on each simulated data set. Seeded: the same command
prints the same figures. The machine's load and this process's CPU time are printed beside them.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from uncase_core.stats.two_sets import difference_tables, limits_that_hold, worst_windowed_coverage  # noqa: E402

LEVELS = (0.9, 0.95, 0.99)
TOLERANCE = 0.025


def planner_sweep(largest: int = 30) -> str:
    """The worst windowed coverage of the planner's interval for every n1 <= n2 up to ``largest`` at each level, as
    drawn after the fix, and where it is withheld."""
    lines = ["| level | cells | withheld | worst drawn | at n1 / n2 | Wilson-built worst (before) | at n1 / n2 "
             "| mark |",
             "|---|---|---|---|---|---|---|---|"]
    for level in LEVELS:
        withheld, drawn, before = [], [], []
        for n1 in range(1, largest + 1):
            for n2 in range(n1, largest + 1):
                limits = limits_that_hold(n1, n2, level)
                before.append((worst_windowed_coverage(*difference_tables(n1, n2, level, "wilson")), n1, n2))
                if limits is None:
                    withheld.append(f"{n1} / {n2}")
                    continue
                drawn.append((worst_windowed_coverage(*difference_tables(n1, n2, level, limits)), n1, n2))
        low, low_old = min(drawn), min(before)
        mark = "ok" if low[0] >= level - TOLERANCE - 1e-12 else "BROKEN"
        lines.append(f"| {level:.0%} | {len(drawn) + len(withheld)} | {', '.join(withheld) or 'none'} | "
                     f"{low[0]:.1%} | {low[1]} / {low[2]} | {low_old[0]:.1%} | {low_old[1]} / {low_old[2]} | {mark} |")
    beyond = []
    for level in LEVELS:
        for n1, n2 in ((30, 30), (30, 100), (30, 300), (50, 50)):
            coverage = worst_windowed_coverage(*difference_tables(n1, n2, level, limits_that_hold(n1, n2, level)))
            beyond.append(f"{n1} / {n2} at {level:.0%}: {coverage:.1%}")
    return "\n".join(lines) + "\n\nFrom 30 units in the smaller set (Wilson's limits, not checked on the fly): " + \
        "; ".join(beyond) + "."


def paired_at_size(_repeats: int = 0) -> str:
    """Exact coverage of Bonett and Price's paired interval (the page's) at 200 and 500 pairs: it depends on the
    discordant counts only, whose distribution is trinomial; a few fixed truths (both rates, their correlation)."""
    from scipy.special import gammaln

    from uncase_core.stats.differences import paired_difference_interval

    lines = ["| pairs | rate A | rate B | correlation | coverage at the truth | level |", "|---|---|---|---|---|---|"]
    for n in (200, 500):
        b, c = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
        possible = b + c <= n
        low, high = np.zeros(b.shape), np.zeros(b.shape)
        for i, j in zip(*np.nonzero(possible), strict=True):
            difference = paired_difference_interval(0, int(i), int(j), n - int(i) - int(j), 0.95)
            low[i, j], high[i, j] = difference.low, difference.high
        for first, second, correlation in ((0.5, 0.5, 0.0), (0.9, 0.8, 0.5), (0.95, 0.95, 0.5), (0.7, 0.6, 0.0)):
            both = first * second + correlation * np.sqrt(first * (1 - first) * second * (1 - second))
            only_first, only_second = first - both, second - both
            rest = 1.0 - only_first - only_second
            with np.errstate(divide="ignore", invalid="ignore"):
                log = (gammaln(n + 1) - gammaln(b + 1) - gammaln(c + 1) - gammaln(n - b - c + 1)
                       + b * np.log(only_first) + c * np.log(only_second) + (n - b - c) * np.log(rest))
            chance = np.where(possible, np.exp(np.where(possible, log, -np.inf)), 0.0)
            truth = first - second
            covered = float((chance * ((low <= truth + 1e-12) & (truth - 1e-12 <= high))).sum())
            lines.append(f"| {n} | {first} | {second} | {correlation} | {covered:.1%} | 95% |")
    return "\n".join(lines)


def footer() -> str:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return (f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; this process's CPU: "
            f"{usage.ru_utime + usage.ru_stime:.0f} s")


SECTIONS = {"planner": planner_sweep, "paired": paired_at_size}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=list(SECTIONS), choices=list(SECTIONS))
    parser.add_argument("--repeats", type=int, default=2000)
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name in args.only:
        function = SECTIONS[name]
        print(f"\n### {name}\n")
        print(function() if name == "planner" else function(args.repeats), flush=True)
    print("\n" + footer())
    np.seterr(all="ignore")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
