"""The paired tables of issue 48 (compare page, judge page's bias line), at fixed truths: prints the markdown
section of docs/coverage.md. Run: ``.venv/bin/python -m bench.coverage_paired``. Counts, not wall-clock."""

from __future__ import annotations

import os

from bench.harness.paired_intervals import judge_bias_coverage, paired_interval_coverage
from bench.harness.paired_orders import (
    exact_mcnemar_directional_power,
    family_false_rate,
    latent_discordant_shares,
    primary_power,
)
from bench.harness.room_pair import room_pair_false_rate

INTERVAL_PAIRS = (1, 2, 3, 4, 5, 10, 20, 50, 100)
NEWCOMBE_PAIRS = (1, 2, 3, 4, 5, 10)


def main() -> None:
    print(f"machine load (1, 5, 15 min): {os.getloadavg()}\n")
    print("| pairs | method | windowed coverage (worst truth) | worst fixed truth | mean width | holds |")
    print("|---|---|---|---|---|---|")
    for pairs in INTERVAL_PAIRS:
        for method in ("page", "tango", "newcombe"):
            if method == "newcombe" and pairs not in NEWCOMBE_PAIRS:
                continue
            c = paired_interval_coverage(pairs, method)
            name = {"page": "Bonett-Price (drawn)", "tango": "Tango score", "newcombe": "Newcombe 10 (before)"}[method]
            print(f"| {pairs} | {name} | {c.windowed:.3f} ({c.windowed_at}) | {c.worst:.3f} ({c.worst_at}) | "
                  f"{c.width:.3f} | {'yes' if c.holds else 'no'} |")
    print("\n| units | bias line | windowed coverage (worst truth) | worst fixed truth | holds |")
    print("|---|---|---|---|---|")
    for units in (1, 2, 3, 5, 10, 20, 50):
        for method in ("page", "newcombe"):
            c = judge_bias_coverage(units, method=method)
            print(f"| {units} | {method} | {c.windowed:.3f} ({c.windowed_at}) | {c.worst:.3f} ({c.worst_at}) | "
                  f"{'yes' if c.holds else 'no'} |")
    print("\n| pairs | order | dimension correlation | family false rate, no difference (3 s.e.) | "
          "power on primary, A 0.6 -> B 0.8 | exact McNemar alone | ratio |")
    print("|---|---|---|---|---|---|---|")
    for pairs in (10, 20, 30, 50):
        floor = exact_mcnemar_directional_power(pairs, *latent_discordant_shares(0.6, 0.8, 0.0))
        for order in ("holm", "primary"):
            for rho in (0.0, 0.3, 0.6, 0.9):
                null = family_false_rate(pairs, order, 0.7, 0.3, rho, repeats=4000, seed=pairs)
                power = primary_power(pairs, order, 0.6, 0.8, 0.0, rho, repeats=4000, seed=pairs)
                print(f"| {pairs} | {order} | {rho} | {null.rate:.4f} (+-{3 * null.standard_error:.4f}) | "
                      f"{power.rate:.3f} | {floor:.3f} | {power.rate / floor:.2f} |")
    print("\n| cases | raters | rater accuracy | projector pair verdict: any false clear (3 s.e.) |")
    print("|---|---|---|---|")
    for cases in (5, 10, 20):
        for raters in (3, 5, 20):
            for accuracy in (0.7, 0.85, 0.95):
                r = room_pair_false_rate(cases, raters, accuracy, 0.7, repeats=2000, seed=cases)
                print(f"| {cases} | {raters} | {accuracy} | {r.rate:.4f} (+-{3 * r.standard_error:.4f}) |")


if __name__ == "__main__":
    main()
