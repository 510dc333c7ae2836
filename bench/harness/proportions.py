"""One case's units, independent draws (document 001's model): Wilson's interval and the pass/fail verdicts read
from it, exactly from the binomial probabilities (no Monte Carlo error)."""

from __future__ import annotations

import numpy as np
from scipy.stats import binom
from statsmodels.stats.proportion import proportion_confint

from bench.harness.cells import Cell, window_rates
from bench.harness.rules import WINDOW, IntervalResult, VerdictResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.policy import threshold_certainty
from uncase_core.stats.proportions import Proportion

SHORTFALL = 0.2  # the true difference a verdict's power is stated at: 20 points on the wrong side of the threshold


def wilson_bounds(n: int, level: float) -> tuple[np.ndarray, np.ndarray]:
    """The app's Wilson interval (statsmodels, exact 0 and 1 at the ends) for every outcome 0..n of ``n`` units."""
    k = np.arange(n + 1)
    low, high = proportion_confint(k, n, alpha=1.0 - level, method="wilson")
    return np.where(k == 0, 0.0, np.clip(low, 0, 1)), np.where(k == n, 1.0, np.clip(high, 0, 1))


def exact_coverage(low: np.ndarray, high: np.ndarray, n: int, rates: np.ndarray) -> np.ndarray:
    """The coverage at each true rate of an interval given for every outcome 0..n: the binomial probability of the
    outcomes whose interval holds the rate."""
    k = np.arange(n + 1)
    holds = (low[None, :] <= rates[:, None] + 1e-12) & (rates[:, None] - 1e-12 <= high[None, :])
    return (binom.pmf(k[None, :], n, rates[:, None]) * holds).sum(axis=1)


def wilson_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The Wilson interval of ``n`` independent units (one case's units, one summary's items, one conversation's
    claims, a drill's labels, any Wilson interval of independent draws), exactly."""
    level = figure.level or 0.95
    low, high = wilson_bounds(cell.n, level)
    window = exact_coverage(low, high, cell.n, window_rates(cell.truth, WINDOW)).mean()
    at_truth = exact_coverage(low, high, cell.n, np.array([cell.truth]))[0]
    return IntervalResult(window=float(window), at_truth=float(at_truth), level=level, repeats=None,
                          drawn=cell.n >= figure.drawn_from)


def _clear_sides(n: int, threshold: float, says) -> tuple[np.ndarray, np.ndarray]:
    """For every outcome 0..n: whether the rule ``says(k, n, threshold)`` ("clear", "uncertain") calls a clear fail,
    and a clear pass."""
    fail, passing = np.zeros(n + 1, bool), np.zeros(n + 1, bool)
    for k in range(n + 1):
        if says(k, n, threshold) == "clear":
            fail[k], passing[k] = k / n < threshold, k / n >= threshold
    return fail, passing


def verdict_by_rule(figure: Figure, cell: Cell, says) -> VerdictResult:
    """One case's verdict by the rule ``says(k, n, threshold)`` ("clear" or not), exactly: false at the threshold,
    power :data:`SHORTFALL` below it beside the exact one-sided binomial test's."""
    threshold, n = cell.get("threshold"), cell.n
    alpha = 1.0 - (figure.level or 0.95)  # a verdict stating no level is held to the README's 5%
    fail, passing = _clear_sides(n, threshold, says)
    below = float(np.nextafter(threshold, 0.0))
    k = np.arange(n + 1)
    # a one-sided claim's worst null is at the threshold: "fails" false when the truth is the threshold, "passes"
    # false just below it
    false = max(float(binom.pmf(k, n, threshold)[fail].sum()), float(binom.pmf(k, n, below)[passing].sum()))
    alternative = max(0.0, threshold - SHORTFALL)
    power = float(binom.pmf(k, n, alternative)[fail].sum())
    # the best valid procedure for "fails": the exact one-sided binomial test (uniformly most powerful)
    rejects = binom.cdf(k, n, threshold) <= alpha + 1e-12
    best = float(binom.pmf(k, n, alternative)[rejects].sum())
    return VerdictResult(false=false, level=alpha, repeats=None, power=power, best=best,
                         drawn=n >= figure.drawn_from)


def case_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """One case's "fails (clear)" / "passes (clear)" by the RAG page's rule (:func:`~uncase_core.stats.policy.
    threshold_certainty`: Wilson's interval on one side and the exact binomial test agreeing), exactly; power at a
    true rate :data:`SHORTFALL` below the threshold, beside the exact binomial test's."""
    level = figure.level or 0.95
    return verdict_by_rule(figure, cell, lambda k, n, threshold: threshold_certainty(
        Proportion.from_counts(k, n, 0, level), threshold))


def explorer_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The threshold explorer's clear pass / fail of one case, through the explorer's own function
    (:func:`~uncase_core.rag.thresholds.case_standings`) on a case of ``n`` claims, ``k`` of them supported."""
    from uncase_core.rag.cases import case_from_dict
    from uncase_core.rag.thresholds import case_standings

    def says(k: int, n: int, threshold: float) -> str:
        claims = [{"id": f"c{i}", "text": "x", "supported": i < k, "correct": None} for i in range(n)]
        case = case_from_dict({"id": "c", "question": "q", "answer": "a", "passages": [], "claims": claims,
                               "reference_facts": []})
        standing = case_standings([case], "faithfulness", threshold)[0].standing
        return "clear" if standing in ("pass", "fail") else "uncertain"

    return verdict_by_rule(figure, cell, says)


def point_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """A "fails (below X)" / "passes" read from the point value alone (no interval, no test): how often it is said
    on the false side at the threshold, against the README's 5%."""
    return verdict_by_rule(figure, cell, lambda k, n, threshold: "clear")
