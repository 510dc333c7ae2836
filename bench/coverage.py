"""Does every interval the app draws cover as often as it says, and every verdict hold its level? By simulation, at
the sample sizes the app accepts (issue 36).

    .venv/bin/python bench/coverage.py [--repeats 2000] [--write docs/coverage.md]

Prints one table per page's figure, each row a sample size, the measured figure beside the stated level and a
mark: ``ok`` when an interval's mean coverage over the true proportion is at least its level minus 2 points (Brown,
Cai and DasGupta 2001) or a verdict's false rate is at most its level (with Monte Carlo slack), ``WITHHELD`` where
the app does not draw it at that size, ``BROKEN`` otherwise. ``--write`` puts the tables in a Markdown file with the
command and the date. Seeded: the same arguments print the same figures. The functions are
``uncase_core.stats.coverage``; ``tests/core/stats/test_coverage.py`` runs a small version of each.
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

from bench.coverage_fixed_truths import SECTION, intro  # noqa: E402
from bench.coverage_fixed_truths import tables as sims_tables  # noqa: E402
from uncase_core.agreement.many import MIN_UNITS_FOR_AGREEMENT_INTERVAL  # noqa: E402
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL  # noqa: E402
from uncase_core.compare.systems import MIN_BOOTSTRAP_CASES  # noqa: E402
from uncase_core.stats.clustered import MIN_CASES  # noqa: E402
from uncase_core.stats.coverage import (  # noqa: E402
    JUDGES,
    Coverage,
    FalseRate,
    PromiseWorth,
    achieved_power,
    agreement_coverage,
    bootstrap_false_rate,
    interval_false_rates,
    kappa_coverage,
    newcombe_coverage,
    planner_promise,
    pooled_coverage,
    pooled_threshold_false_rate,
    ppi_coverage,
    threshold_false_rates,
    verdict_false_rates,
    wilson_coverage,
    worth_coverage,
)
from uncase_core.stats.ppi import (  # noqa: E402
    MIN_LABELS_FOR_TUNED,
    MIN_LABELS_FOR_WORTH,
    MIN_LABELS_FOR_WORTH_INTERVAL,
)
from uncase_core.stats.verdicts import pairs_for_power  # noqa: E402


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def points(value: float) -> str:
    """A distance between proportions in percentage points, to the hundredth: 9.96 (a margin, not a rate)."""
    return f"{100 * value:.2f}"


def mark(result: Coverage | FalseRate | PromiseWorth, drawn: bool = True) -> str:
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
    parser.add_argument("--only", choices=["sims"],
                        help="only the tables of issue 48's finding 7 (bench/coverage_fixed_truths.py); with --write "
                             "they replace their own section of the file and leave the rest")
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

    def threshold() -> None:
        rows = []
        for limit in (0.5, 0.7, 0.9):
            for n in (1, 2, 3, 4, 5, 8, 10, 20, 30, 50):
                fail, passing = threshold_false_rates(n, limit)
                old_fail, old_passing = threshold_false_rates(n, limit, exact_test=False)
                worst = fail if fail.rate >= passing.rate else passing
                rows.append([pct(limit), str(n), pct(fail.rate), pct(passing.rate), pct(worst.level), mark(worst),
                             pct(old_fail.rate), pct(old_passing.rate)])
        report.table(
            "One case's pass/fail verdict: 'fails (clear)' and 'passes (clear)' (RAG page per case)",
            "Exactly from the binomial probabilities of n independent units (no simulation): 'fails, clear' with the "
            "true rate at the threshold (where it passes) and 'passes, clear' with the true rate just below it "
            "(where it fails); a one-sided claim's worst null is at the threshold. The page's rule "
            "(uncase_core/stats/policy.py): clear only when Wilson's interval lies on one side and the exact "
            "binomial test agrees; beside it the former rule, Wilson's interval alone.",
            ["threshold", "units", "false 'fails, clear'", "false 'passes, clear'", "level", "mark",
             "former: false fails", "former: false passes"], rows)
        rows = []
        for correlation in (0.0, 0.3, 0.5):
            for units in (2, 8):
                for cases in (2, 3, 5, 10, 30):
                    for limit in (0.5, 0.7):
                        clustered = pooled_threshold_false_rate(cases, units, correlation, limit, repeats,
                                                                seed=cases)
                        units_only = pooled_threshold_false_rate(cases, units, correlation, limit, repeats,
                                                                 seed=cases, method="unit_wilson")
                        rows.append([f"{correlation:g}", str(units), str(cases), pct(limit), pct(clustered.rate),
                                     pct(clustered.level), mark(clustered), pct(units_only.rate)])
        report.table(
            "A dataset's pooled pass/fail verdict (RAG page, dataset results)",
            "Cases of equal size with the true mean rate at the threshold and the within-case correlation given "
            "(as in the pooled table above); the share of datasets whose pooled verdict is called clear on the "
            "false side (the larger of 'fails, clear' at the threshold and 'passes, clear' there, which is false "
            "just below it). The page reads the verdict from the interval with cases as clusters; beside it, the "
            "same verdict read from the units' Wilson interval as if independent (the former rule).",
            ["correlation", "units per case", "cases", "threshold", "false clear (cases)", "level", "mark",
             "former: units as independent"], rows)

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

    def worth() -> None:
        rows = []
        for judge in JUDGES:
            for labelled in (10, 20, 30, 60, 100, 150, 300, 600):
                cells = [worth_coverage(labelled, max(1000, 5 * labelled), judge, tuned,
                                        repeats=max(100, repeats // 4), seed=labelled) for tuned in (False, True)]
                rows.append([judge, str(labelled), *(f"{pct(c.mean)} ({pct(c.worst)})" for c in cells),
                             *(mark(c, labelled >= MIN_LABELS_FOR_WORTH_INTERVAL) for c in cells)])
        report.table(
            "The judge page: what the judge is worth, in hand labels (bootstrap interval)",
            "The judges, units and grid of true rates of the table above; the figure's population value "
            "(true_worth: n var(Y) / var(PPI) - n) against its seeded 2,000-resample percentile bootstrap "
            "interval (judge_worth_interval), computed here at every size; mean (worst) over the rates, among the "
            "draws that gave an interval. Few disagreements decide the figure with a strong judge, and the "
            "bootstrap of so few misses it: the page gives the figure from "
            f"{MIN_LABELS_FOR_WORTH} labels and its interval from {MIN_LABELS_FOR_WORTH_INTERVAL}.",
            ["judge", "hand labels", "PPI", "PPI++", "mark PPI", "mark PPI++"], rows)

    def kappa() -> None:
        report.table(
            "The agreement page: Cohen's kappa between two annotators (asymptotic interval)",
            "Yes/no labels, prevalence uniform on [0.1, 0.9], true kappa on [0, 0.9]. The page draws the interval "
            f"from {MIN_UNITS_FOR_KAPPA_INTERVAL} units.",
            ["units", "mean coverage", "level", "mark"],
            ([str(n), pct(c.mean), pct(c.level), mark(c, n >= MIN_UNITS_FOR_KAPPA_INTERVAL)]
             for n in (5, 10, 20, 30, 50, 100, 200, 300) for c in [kappa_coverage(n, min(repeats, 1500), seed=n)]))

    def agreement_many() -> None:
        def row(statistic: str, raters: int, units: int, **options: object) -> list[str]:
            seed = units * 100 + raters + (50 if statistic == "alpha" else 0)
            c = agreement_coverage(units, raters, statistic, min(repeats, 2000 if units <= 100 else 1000), seed=seed,
                                   **options)  # type: ignore[arg-type]
            return [statistic, str(raters), str(units), pct(c.drawn), pct(c.bca.mean), pct(c.bca.worst),
                    pct(c.percentile.mean), pct(c.percentile.worst), pct(c.bca.level),
                    mark(c.bca, units >= MIN_UNITS_FOR_AGREEMENT_INTERVAL and c.drawn > 0)]

        header = ["statistic", "raters", "units", "drawn", "BCa: mean", "BCa: worst", "percentile: mean",
                  "percentile: worst", "level", "mark (BCa)"]
        report.table(
            "The workshop room: Krippendorff's alpha and Fleiss' kappa among many raters (bootstrap over units)",
            "Yes/no labels (the room's only kind; alpha is nominal there) by exchangeable raters, every unit "
            "labelled by all; each unit's rate of yes drawn from a beta distribution of mean the prevalence "
            "(uniform on [0.1, 0.9]) and intraclass correlation the true agreement (uniform on [0, 0.9]), which "
            "is the population value of both statistics. 'drawn': the share of data sets with an interval (the "
            "others have an undefined statistic, one category only, or a one-point interval, and the room "
            "withholds them); coverage is over those. 'BCa' is what the room draws (1,000 resamples, "
            "uncase_core/agreement/many.py), 'percentile' the plain percentile interval of the same resamples it "
            "replaced; worst over five bins of the true agreement. The room draws the interval from "
            f"{MIN_UNITS_FOR_AGREEMENT_INTERVAL} units (those the statistic uses).",
            header,
            (row(statistic, raters, units) for statistic in ("alpha", "fleiss") for raters in (2, 3, 5, 20)
             for units in (2, 3, 5, 10, 20, 30, 40, 50, 75, 100, 200, 300)))
        report.table(
            "The workshop room: the same intervals under other kinds of data",
            "Fleiss' kappa when each unit has a true label (prevalence uniform on [0.1, 0.9]) and each rater gives "
            "it with an accuracy uniform on [0.6, 0.97]; and alpha with 20% of the labels left out at random (alpha "
            "uses every unit with two labels or more; Fleiss' kappa only complete units).",
            ["data", *header],
            ([label, *row(statistic, raters, units, **options)]
             for label, statistic, options in (("true label", "fleiss", {"model": "true_label"}),
                                               ("20% missing", "alpha", {"missing": 0.2}))
             for raters in (3, 5, 20) for units in (30, 50, 100)))

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

    def planner() -> None:
        rows, worths = [], []
        for expected in (0.5, 0.8, 0.9, 0.95, 0.99, 1.0):
            for margin in (0.02, 0.05, 0.1):
                w = planner_promise(expected, margin)
                worths.append(w)
                rows.append([pct(expected), points(margin), str(w.n),
                             f"{pct(w.promised.low)} to {pct(w.promised.high)}", points(w.promised.margin),
                             pct(w.within_margin), pct(w.within_half_width), points(w.median_margin),
                             points(w.margin_90), pct(w.coverage), pct(w.level), mark(w)])
        report.table(
            "The planner's promised width: the interval it states at the n it plans",
            "For each expected rate and margin wanted, the n the planner gives (margin_sample_size) and the 95% "
            "Wilson interval it promises there (planned_interval: what a dataset observing the expected rate gets). "
            "Then datasets of n units drawn at the true rate = the expected rate, exactly from the binomial "
            "probabilities (no simulation error): the share whose interval's margin (estimate to farther bound) and "
            "half width are at most the promised ones (to the 0.1 point the page shows), the margin half and nine "
            "in ten of them stay within (margins in percentage points), and the coverage of the true rate. The "
            "page's promise is conditional on "
            "observing the expected rate; with the truth there, the margin drawn is within it in "
            f"{pct(min(w.within_margin for w in worths))} to {pct(max(w.within_margin for w in worths))} of "
            "datasets (least where n units cannot show the expected rate exactly: 93 units cannot show 50%, nor 87 "
            "show 99%), and nine in ten datasets stay within "
            f"{100 * max(w.margin_90 - w.promised.margin for w in worths):.1f} points of it: a plan on an expected "
            "value promises a typical width, not a guaranteed one. Rates below 50% mirror these. The mark is the "
            "interval rule at this one true rate (coverage at least the level minus 2 points).",
            ["expected", "margin wanted (points)", "n planned", "promised interval", "promised margin",
             "margin within promise", "half width within promise", "median margin", "9 in 10 within", "coverage",
             "level", "mark (coverage)"], rows)

    if args.only == "sims":
        sims_only(report, repeats, args.write)
        return

    for name, work in (("Wilson", wilson), ("pooled", pooled), ("threshold verdicts", threshold),
                       ("compare", compare), ("bootstrap", bootstrap),
                       ("PPI", ppi), ("worth", worth), ("kappa", kappa), ("agreement among many", agreement_many),
                       ("promises", promises), ("planner", planner)):
        timed(name, work)
    intro(report.lines, repeats)
    timed("fixed truths (issue 48)", lambda: sims_tables(report.table, repeats))

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


def sims_only(report: Report, repeats: int, path: Path | None) -> None:
    """Issue 48's finding 7 alone: its tables, and with ``path`` its section of that file replaced (the section
    runs from its heading to the next heading of the same level, or the end)."""
    intro(report.lines, repeats)
    timed("fixed truths (issue 48)", lambda: sims_tables(report.table, repeats))
    if path is None:
        return
    section = report.lines
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find(SECTION)
    if start < 0:
        kept_before, kept_after = text.rstrip("\n") + "\n", ""
    else:
        following = text.find("\n## ", start + len(SECTION))
        kept_before = text[:start].rstrip("\n") + "\n"
        kept_after = "" if following < 0 else text[following:]
    path.write_text(kept_before + "\n".join(section).lstrip("\n").join(["\n", "\n"]) + kept_after, encoding="utf-8")
    print(f"\nwritten to {path} ({SECTION!r})")


if __name__ == "__main__":
    main()
