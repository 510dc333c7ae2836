"""Does every interval the app draws cover as often as it says, and every verdict hold its level? By simulation, at
the sample sizes the app accepts (issue 36).

    .venv/bin/python bench/coverage.py [--repeats 2000] [--write docs/coverage.md]

Prints one table per page's figure, each row a sample size, the measured figure beside the stated level and a
mark: ``ok`` when an interval's mean coverage over the true proportion is at least its level minus 2 points (Brown,
Cai and DasGupta 2001) or a verdict's false rate is at most its level (with Monte Carlo slack), ``WITHHELD`` where
the app does not draw it at that size, ``BROKEN`` otherwise. ``--write`` puts the tables in a Markdown file with the
command and the date. Seeded: the same arguments print the same figures. The functions are
``uncase_core.stats.coverage``; ``tests/test_coverage.py`` runs a small version of each.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL  # noqa: E402
from uncase_core.compare.systems import MIN_BOOTSTRAP_CASES  # noqa: E402
from uncase_core.stats.clustered import MIN_CASES  # noqa: E402
from uncase_core.stats.coverage import (  # noqa: E402
    JUDGES,
    Coverage,
    FalseRate,
    achieved_power,
    bootstrap_false_rate,
    interval_false_rates,
    kappa_coverage,
    newcombe_coverage,
    pooled_coverage,
    ppi_coverage,
    verdict_false_rates,
    wilson_coverage,
)
from uncase_core.stats.ppi import MIN_LABELS_FOR_TUNED  # noqa: E402
from uncase_core.stats.verdicts import pairs_for_power  # noqa: E402


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def mark(result: Coverage | FalseRate, drawn: bool = True) -> str:
    if not drawn:
        return "WITHHELD"
    return "ok" if result.holds else "BROKEN"


class Report:
    """Lines for the terminal and for the Markdown file."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def table(self, title: str, note: str, header: Iterable[str], rows: Iterable[Iterable[str]]) -> None:
        header = list(header)
        self.lines += ["", f"### {title}", "", note, "", "| " + " | ".join(header) + " |",
                       "|" + "---|" * len(header)]
        for row in rows:
            self.lines.append("| " + " | ".join(row) + " |")
            print(" | ".join(self.lines[-1].strip("| ").split(" | ")), flush=True)


def timed(name: str, work: Callable[[], None]) -> None:
    start = time.perf_counter()
    print(f"\n{name}", flush=True)
    work()
    print(f"({time.perf_counter() - start:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2000)
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    repeats = args.repeats
    report = Report()

    def wilson() -> None:
        report.table(
            "One case's units: Wilson interval (RAG page per case, summaries, every proportion's own interval)",
            "Exact coverage (no simulation) over a grid of 2,001 true proportions; units independent. Document "
            "001's choice, drawn with its caveat that the units of one case are treated as independent.",
            ["units", "mean coverage", "worst", "level", "mark"],
            ([str(n), pct(c.mean), pct(c.worst), pct(c.level), mark(c)]
             for n in (1, 2, 3, 5, 10, 20, 30, 50) for c in [wilson_coverage(n)]))

    def pooled() -> None:
        rows = []
        for correlation in (0.0, 0.3, 0.5):
            for units in (2, 4, 8):
                for cases in (2, 3, 5, 10, 30):
                    unit = pooled_coverage(cases, units, correlation, "unit_wilson", repeats, seed=cases)
                    cluster = pooled_coverage(cases, units, correlation, "clustered", repeats, seed=cases)
                    rows.append([f"{correlation:g}", str(units), str(cases), pct(unit.mean), pct(unit.worst),
                                 pct(cluster.mean), pct(cluster.worst), mark(cluster, cases >= MIN_CASES)])
        report.table(
            "A dataset's pooled proportion, units clustered in cases (RAG page, dataset results)",
            "Cases of equal size, each case's own rate drawn from a beta distribution of the true mean and the "
            "within-case correlation; true proportion uniform on [0, 1]. 'units' is the unit-level Wilson interval "
            "(as if independent; drawn beside, with the design effect); 'cases' the design-effect Wilson interval "
            "with Student's t (uncase_core/stats/clustered.py), which the page draws from 2 cases.",
            ["correlation", "units per case", "cases", "units: mean", "units: worst", "cases: mean",
             "cases: worst", "mark (cases)"], rows)

    def compare() -> None:
        rows = []
        for pairs in (1, 2, 3, 5, 8, 10, 15, 20, 30, 50):
            one, four = verdict_false_rates(pairs, repeats, seed=pairs)
            old_one, old_four = interval_false_rates(pairs, min(repeats, 2000), seed=pairs)
            cover = newcombe_coverage(pairs, min(repeats, 2000), seed=pairs)
            rows.append([str(pairs), pct(one.rate), pct(four.rate), mark(one) if four.holds else "BROKEN",
                         pct(old_one.rate), pct(old_four.rate), pct(cover.mean), pct(cover.worst), mark(cover)])
        report.table(
            "Is B better? The compare page's verdicts and Newcombe's interval",
            "No true difference on any of the four dimensions (each dimension's share of discordant cases uniform, "
            "each discordant case one way or the other at even odds). 'clear' rates of the page's policy (exact "
            "McNemar, Holm over four dimensions, withheld below the discordant cases its strictest step needs) on "
            "one dimension and on any of the four, beside the former rule (Newcombe's interval excludes 0). "
            "Newcombe's coverage: the four cell probabilities from a flat Dirichlet; worst over ten bins of the "
            "true difference (the null line is where it is worst).",
            ["pairs", "clear, one", "clear, any of 4", "mark", "former: one", "former: any of 4",
             "Newcombe mean", "Newcombe worst", "mark (interval)"], rows)

    def bootstrap() -> None:
        report.table(
            "The compare page's case bootstrap of the pooled difference",
            "No true difference; 3 units per case, within-case correlation 0.3, 1,000 resamples. How often the "
            f"95% percentile interval leaves out 0. The page draws it from {MIN_BOOTSTRAP_CASES} cases.",
            ["cases", "excludes 0", "level", "mark"],
            ([str(n), pct(r.rate), pct(r.level), mark(r, n >= MIN_BOOTSTRAP_CASES)]
             for n in (5, 8, 10, 15, 20, 30, 50)
             for r in [bootstrap_false_rate(n, repeats=min(repeats, 1000), resamples=1000, seed=n)]))

    def ppi() -> None:
        rows = []
        for judge in JUDGES:
            for labelled in (1, 2, 5, 10, 20, 30, 60, 100, 150):
                cells = [ppi_coverage(labelled, max(1000, 5 * labelled), judge, method,
                                      repeats=max(200, repeats // 4), seed=labelled)
                         for method in ("ppi", "ppi_tuned", "hand_labels")]
                rows.append([judge, str(labelled), *(f"{pct(c.mean)} ({pct(c.worst)})" for c in cells),
                             mark(cells[0]), mark(cells[1], labelled >= MIN_LABELS_FOR_TUNED)])
        report.table(
            "The judge page: PPI, PPI++ and the hand labels' Wilson interval",
            "Judges by sensitivity / false-positive rate: " + ", ".join(
                f"{name} {s:g}/{f:g}" for name, (s, f) in JUDGES.items())
            + "; 1,000 judged units (5 per label past 200); true rate on a grid of ten from 5% to 95%; mean "
              "(worst). Both with the pages' small-sample standard error (half a disagreement each way; "
              f"uncase_core/stats/ppi.py). PPI is drawn from 1 hand label, PPI++ from {MIN_LABELS_FOR_TUNED}.",
            ["judge", "hand labels", "PPI", "PPI++", "hand labels (Wilson)", "mark PPI", "mark PPI++"], rows)

    def kappa() -> None:
        report.table(
            "The agreement page: Cohen's kappa between two annotators (asymptotic interval)",
            "Yes/no labels, prevalence uniform on [0.1, 0.9], true kappa on [0, 0.9]. The page draws the interval "
            f"from {MIN_UNITS_FOR_KAPPA_INTERVAL} units.",
            ["units", "mean coverage", "level", "mark"],
            ([str(n), pct(c.mean), pct(c.level), mark(c, n >= MIN_UNITS_FOR_KAPPA_INTERVAL)]
             for n in (5, 10, 20, 30, 50, 100, 200, 300) for c in [kappa_coverage(n, min(repeats, 1500), seed=n)]))

    def promises() -> None:
        rows = []
        for p_only_a, p_only_b in ((0.05, 0.45), (0.1, 0.4), (0.0, 0.3), (0.1, 0.3), (0.2, 0.3)):
            needed = pairs_for_power(p_only_a, p_only_b, 0.95, 0.8, 10**6)
            power = achieved_power(needed, p_only_a, p_only_b, repeats=max(2000, repeats), seed=needed)
            rows.append([f"{p_only_a:g} / {p_only_b:g}", str(needed), pct(power), "80%",
                         "ok" if power >= 0.8 - 0.02 else "BROKEN"])
        report.table(
            "'N pairs would tell it': the compare page's promise",
            "The pairs the page says the exact test needs at 95% and 80% power, and the power simulated at that "
            "many pairs (Monte Carlo error about 1 point).",
            ["only A / only B", "pairs promised", "power at that n", "promised", "mark"], rows)

    for name, work in (("Wilson", wilson), ("pooled", pooled), ("compare", compare), ("bootstrap", bootstrap),
                       ("PPI", ppi), ("kappa", kappa), ("promises", promises)):
        timed(name, work)

    if args.write:
        head = [
            "# Coverage and false verdicts, by simulation",
            "",
            f"`.venv/bin/python bench/coverage.py --repeats {repeats} --write {args.write}` "
            f"({datetime.date.today().isoformat()}); seeded, so the same command prints the same figures.",
            "",
            "The rule (issue 36): an interval the app draws covers at least its level minus 2 points, as mean "
            "coverage over the true proportion (Brown, Cai and DasGupta 2001), with the worst case beside it; a "
            "verdict ('clear', 'B better', 'fails') is given only where its false rate is at most its level. Below "
            "that, the page withholds it and says how much more data it needs.",
        ]
        args.write.write_text("\n".join(head + report.lines) + "\n", encoding="utf-8")
        print(f"\nwritten to {args.write}")


if __name__ == "__main__":
    main()
