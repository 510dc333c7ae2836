"""The pooled rate with cases as clusters and the workbench's per-stratum verdicts at fixed truths (issue 48).

    .venv/bin/python bench/pooled_truths.py [--repeats 2000]

Prints Markdown tables: the clustered interval's coverage averaged over +-0.05 around each true rate (rule: at least
95% minus 2.5 points), the worst cell per number of cases and correlation; the pooled verdicts' false rates at each
threshold (rule: at most 5% within 3 Monte Carlo standard errors) with power 10 points away beside them; the
workbench's family-wise false rate and power on the built-in dataset. Seeded; the machine's load is printed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from bench.harness.cells import TRUE_RATES as FIXED_TRUTHS  # noqa: E402
from bench.harness.pooled import pooled_verdict_rates, pooled_window_coverage  # noqa: E402
from bench.harness.workbench import workbench_red_rate  # noqa: E402
from uncase_core.assets.reader import load_workbench  # noqa: E402
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS  # noqa: E402

CASES = (2, 3, 5, 10, 20, 50, 200, 1000)
CORRELATIONS = (0.0, 0.1, 0.3, 0.5)


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2000)
    repeats = parser.parse_args().repeats
    print(f"load average before: {os.getloadavg()}")
    print("\n| cases | correlation | worst windowed coverage | at truth | mean width | mark |")
    print("|---|---|---|---|---|---|")
    for cases in CASES:
        for correlation in CORRELATIONS:
            cells = [pooled_window_coverage(cases, correlation, truth, repeats if cases < 1000 else repeats // 4,
                                            seed=cases + int(100 * correlation))
                     for truth in FIXED_TRUTHS]
            worst = min(cells, key=lambda c: c.coverage)
            width = float(np.mean([c.mean_width for c in cells]))
            print(f"| {cases} | {correlation:g} | {pct(worst.coverage)} | {pct(worst.truth)} | {pct(width)} | "
                  f"{'ok' if all(c.holds for c in cells) else 'BROKEN'} |", flush=True)
    print("\n| cases | correlation | threshold | false 'passes, clear' | false 'fails, clear' | power 10 points "
          "above (passes) | mark |\n|---|---|---|---|---|---|---|")
    for cases in (2, 5, 10, 20, 50, 200):
        for correlation in (0.0, 0.3, 0.5):
            for threshold in (0.5, 0.7, 0.9):
                below = float(np.nextafter(threshold, 0.0))
                passes, _ = pooled_verdict_rates(cases, correlation, threshold, below, repeats, seed=cases)
                _, fails = pooled_verdict_rates(cases, correlation, threshold, threshold, repeats, seed=cases + 1)
                power, _ = pooled_verdict_rates(cases, correlation, threshold, min(threshold + 0.1, 0.999), repeats,
                                                seed=cases + 2)
                mark = "ok" if passes.holds and fails.holds else "BROKEN"
                print(f"| {cases} | {correlation:g} | {pct(threshold)} | {pct(passes.rate)} | {pct(fails.rate)} | "
                      f"{pct(power.rate)} | {mark} |", flush=True)
    dataset = load_workbench("en")
    print("\n| field | correlation | family-wise false red box | power: one domain 25 points below on faithfulness "
          "| mark |\n|---|---|---|---|---|")
    for correlation in (0.0, 0.3, 0.5):
        false = workbench_red_rate(dataset, "domain", correlation, repeats // 4, seed=7)
        shifted = {("health", "faithfulness"): DEFAULT_THRESHOLDS["faithfulness"] - 0.25}
        power = workbench_red_rate(dataset, "domain", correlation, repeats // 8, seed=8, shifted=shifted)
        print(f"| domain | {correlation:g} | {pct(false.rate)} | {pct(power.rate)} | "
              f"{'ok' if false.holds else 'BROKEN'} |", flush=True)
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
