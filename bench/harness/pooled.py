"""A dataset's pooled rate, its units clustered in cases of unequal size: the micro column's interval (the units as if
independent), the interval with cases as clusters and the verdict read from it, and the workbench's per-stratum
verdicts. By simulation, the true rate fixed (or drawn within the window) and each case's own rate drawn around it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from statsmodels.stats.proportion import proportion_confint

from bench.harness.cells import CASE_SIZES, Cell, case_sizes, window_rates
from bench.harness.draws import clustered_counts
from bench.harness.rules import MONTE_CARLO_ERRORS, TOLERANCE, WINDOW, IntervalResult, VerdictResult
from uncase_core.stats.clustered import design_effect_wilson
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

SHORTFALL = 0.2  # as one case's verdict: power stated 20 points below the threshold


def _bounds(successes: np.ndarray, totals: np.ndarray, method: str, level: float) -> tuple[np.ndarray, np.ndarray]:
    """The page's interval of each row: ``units`` the pooled units' Wilson (the micro column), ``cases`` the
    design-effect Wilson with cases as clusters (:func:`~uncase_core.stats.clustered.design_effect_wilson`)."""
    if method == "cases":
        return design_effect_wilson(successes, totals, level)
    hits, units = successes.sum(axis=1), totals.sum(axis=1)
    low, high = proportion_confint(hits, units, alpha=1 - level, method="wilson")
    return np.where(hits == 0, 0.0, np.clip(low, 0, 1)), np.where(hits == units, 1.0, np.clip(high, 0, 1))


def _datasets(cell: Cell, p: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    sizes = np.stack([case_sizes(cell.n, rng) for _ in range(len(p))])
    return clustered_counts(p, sizes, cell.get("correlation"), rng)


def _coverage(figure: Figure, cell: Cell, repeats: int, seed: int, method: str) -> IntervalResult:
    level = figure.level or 0.95
    rng = np.random.default_rng(seed)
    rates = window_rates(cell.truth, WINDOW)
    p = rng.choice(rates, repeats)
    successes, totals = _datasets(cell, p, rng)
    low, high = _bounds(successes, totals, method, level)
    window = float(((low <= p + 1e-12) & (p - 1e-12 <= high)).mean())
    fixed = np.full(repeats, cell.truth)
    successes, totals = _datasets(cell, fixed, rng)
    low, high = _bounds(successes, totals, method, level)
    at_truth = float(((low <= fixed + 1e-12) & (fixed - 1e-12 <= high)).mean())
    return IntervalResult(window=window, at_truth=at_truth, level=level, repeats=repeats,
                          drawn=cell.n >= figure.drawn_from)


def units_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The micro column: the pooled units' Wilson interval, as if the units were independent."""
    return _coverage(figure, cell, repeats, seed, "units")


def clustered_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The pooled rate's interval with cases as clusters (the RAG and summary pages' dataset table)."""
    return _coverage(figure, cell, repeats, seed, "cases")


def pooled_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The dataset's pooled "fails (clear)" / "passes (clear)", read from the cases-as-clusters interval: false at
    the threshold (the larger side), power at a true mean :data:`SHORTFALL` below it. No better valid procedure is
    computed for clustered units here (``best`` None)."""
    level = figure.level or 0.95
    threshold = cell.get("threshold")
    rng = np.random.default_rng(seed)

    def clear(truth: float) -> tuple[np.ndarray, np.ndarray]:
        p = np.full(repeats, truth)
        successes, totals = _datasets(cell, p, rng)
        low, high = _bounds(successes, totals, "cases", level)
        rate = successes.sum(axis=1) / np.maximum(1, totals.sum(axis=1))
        return (rate < threshold) & (high < threshold), (rate >= threshold) & (low >= threshold)

    fails, _ = clear(threshold)
    _, passes_below = clear(float(np.nextafter(threshold, 0.0)))
    false = max(float(fails.mean()), float(passes_below.mean()))
    power = float(clear(max(0.0, threshold - SHORTFALL))[0].mean())
    return VerdictResult(false=false, level=1.0 - level, repeats=repeats, power=power,
                         drawn=cell.n >= figure.drawn_from)


def stratum_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The workbench's red "fails ... (clear)" per stratum, through its own function
    (:func:`~uncase_core.datasets.workbench.strata`), on datasets of ``n`` cases spread over ``strata`` values of a
    metadata field, every stratum truly at the threshold (none fails): how often at least one red box shows (the
    false rate a reader meets, whatever the number of strata). Power: one stratum :data:`SHORTFALL` below."""
    from uncase_core.datasets.workbench import strata
    from uncase_core.rag.cases import case_from_dict

    threshold = cell.get("threshold")
    groups = int(cell.get("strata", 4))
    rng = np.random.default_rng(seed)

    def red(shortfall_in_first: float) -> float:
        shown = 0
        for _ in range(repeats):
            values = rng.integers(0, groups, cell.n)
            truths = np.where(values == 0, threshold - shortfall_in_first, threshold)
            successes, totals = _stratum_counts(truths, cell, rng)
            cases = [case_from_dict({"id": f"c{i}", "question": "q", "answer": "a", "passages": [],
                                     "claims": [{"id": f"u{j}", "text": "x", "supported": bool(j < hits),
                                                 "correct": None} for j in range(units)],
                                     "reference_facts": [], "metadata": {"domain": f"d{values[i]}"}})
                     for i, (hits, units) in enumerate(zip(successes.tolist(), totals.tolist(), strict=True))]
            result = strata(cases, "domain", {"faithfulness": threshold}, min_units=1)
            shown += any(h.certainty == "clear" for h in result.hidden_failures)
        return shown / repeats

    false = red(0.0)
    power = red(SHORTFALL)
    return VerdictResult(false=false, level=1.0 - (figure.level or 0.95), repeats=repeats, power=power,
                         drawn=cell.n >= figure.drawn_from)


def _stratum_counts(truths: np.ndarray, cell: Cell, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One dataset's per-case successes and units, each case at its stratum's truth (``truths``, one per case)."""
    correlation = cell.get("correlation")
    sizes = case_sizes(len(truths), rng)
    if correlation <= 0:
        rates = truths
    else:
        spread = (1.0 - correlation) / correlation
        rates = rng.beta(np.maximum(truths * spread, 1e-9), np.maximum((1.0 - truths) * spread, 1e-9))
    return rng.binomial(sizes, rates), sizes


# ---------------------------------------------------------------- the pooled tables of docs/coverage.md, by truth


def unequal_cases(cases: int, correlation: float, p: np.ndarray,
                  rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``(successes, totals)``, each (repeats, cases): cases of 1 to 12 units drawn uniformly per repeat, whose units
    share the case's own rate (:func:`~bench.harness.draws.clustered_counts`)."""
    sizes = rng.integers(CASE_SIZES[0], CASE_SIZES[1] + 1, size=(len(p), cases))
    return clustered_counts(p, sizes, correlation, rng)


@dataclass(frozen=True, kw_only=True)
class WindowCoverage:
    """An interval's coverage around one fixed true rate: averaged over ``truth +- WINDOW`` (the rule's figure)."""

    cases: int
    correlation: float
    truth: float
    coverage: float
    mean_width: float
    repeats: int
    level: float

    @property
    def holds(self) -> bool:
        return self.coverage >= self.level - TOLERANCE - 1e-12


def pooled_window_coverage(cases: int, correlation: float, truth: float, repeats: int = 4000, seed: int = 0,
                           confidence: float = DEFAULT_CONFIDENCE) -> WindowCoverage:
    """The RAG page's "Interval with cases as clusters" of a dataset's pooled rate
    (:func:`uncase_core.stats.clustered.design_effect_wilson`), its coverage with the true rate uniform on
    ``truth +- WINDOW`` (within [0, 1]), over ``cases`` unequal cases (:func:`unequal_cases`)."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(max(0.0, truth - WINDOW), min(1.0, truth + WINDOW), repeats)
    successes, totals = unequal_cases(cases, correlation, p, rng)
    low, high = design_effect_wilson(successes, totals, confidence)
    covered = (low <= p + 1e-12) & (p - 1e-12 <= high)
    return WindowCoverage(cases=cases, correlation=correlation, truth=truth, coverage=float(covered.mean()),
                          mean_width=float((high - low).mean()), repeats=repeats, level=confidence)


@dataclass(frozen=True, kw_only=True)
class VerdictRate:
    """How often a verdict was said over ``repeats`` draws at one true rate: its false rate where the truth makes it
    false (the rule: at most ``level`` within :data:`~bench.harness.rules.MONTE_CARLO_ERRORS` standard errors), its
    power where it is true."""

    rate: float
    repeats: int
    level: float

    @property
    def standard_error(self) -> float:
        return float(np.sqrt(self.level * (1.0 - self.level) / self.repeats))

    @property
    def holds(self) -> bool:
        return self.rate <= self.level + MONTE_CARLO_ERRORS * self.standard_error


def pooled_verdict_rates(cases: int, correlation: float, threshold: float, truth: float, repeats: int = 4000,
                         seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> tuple[VerdictRate, VerdictRate]:
    """A dataset's pooled "passes (clear)" and "fails (clear)" on the RAG page (the clustered interval on one side of
    ``threshold``), how often each is said with the true mean rate ``truth`` over ``cases`` unequal cases. At
    ``truth == threshold`` "fails (clear)" is false; just below it "passes (clear)" is: the worst nulls of the two
    one-sided claims."""
    rng = np.random.default_rng(seed)
    successes, totals = unequal_cases(cases, correlation, np.full(repeats, float(truth)), rng)
    low, high = design_effect_wilson(successes, totals, confidence)
    rate = successes.sum(axis=1) / totals.sum(axis=1)
    alpha = 1.0 - confidence
    passes = (rate >= threshold) & (low >= threshold)
    fails = (rate < threshold) & (high < threshold)
    return (VerdictRate(rate=float(passes.mean()), repeats=repeats, level=alpha),
            VerdictRate(rate=float(fails.mean()), repeats=repeats, level=alpha))
