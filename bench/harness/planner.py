"""The planner's figures: the interval it promises at the n it plans (exact, as one case's Wilson interval), and the
comparison of two independent groups (Newcombe's interval and the verdict that needs Fisher's exact test to agree),
exactly over every pair of outcomes: at a cell of the registry (:func:`independent_interval`,
:func:`independent_verdict`), and over every pair of fixed truths for groups of unequal sizes
(:func:`planner_difference_coverage`, :func:`planner_independent_verdict`)."""

from __future__ import annotations

import numpy as np
from scipy.stats import binom

from bench.harness.cells import Cell, window_rates
from bench.harness.fixed_cells import IntervalCell, VerdictCell
from bench.harness.proportions import exact_coverage, wilson_bounds
from bench.harness.rules import WINDOW, IntervalResult, VerdictResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.small_samples import mirrored_truths

DIFFERENCE = 0.2  # the true difference the verdict's power is stated at


def promised_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The Wilson interval at the n :func:`~uncase_core.stats.planning.margin_sample_size` plans for ``margin`` at
    the expected rate (the cell's truth), when the truth is there (or within the window): exact."""
    from uncase_core.stats.planning import margin_sample_size

    level = figure.level or 0.95
    n = margin_sample_size(cell.truth, cell.get("margin", 0.05), level)
    low, high = wilson_bounds(n, level)
    window = exact_coverage(low, high, n, window_rates(cell.truth, WINDOW)).mean()
    return IntervalResult(window=float(window), at_truth=float(exact_coverage(low, high, n,
                                                                                np.array([cell.truth]))[0]),
                          level=level, repeats=None, drawn=True)


def independent_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """Newcombe's interval of two independent groups of ``n`` units each, group 1 at the cell's truth and group 2
    within the window of it (the true difference theirs), exactly; ``at_truth``: no difference."""
    level = figure.level or 0.95
    low, high = independent_tables(cell.n, cell.n, level)[:2]
    k = np.arange(cell.n + 1)

    def coverage(p1: float, p2: float) -> float:
        weight = binom.pmf(k, cell.n, p1)[:, None] * binom.pmf(k, cell.n, p2)[None, :]
        truth = p1 - p2
        return float((weight * ((low - 1e-12 <= truth) & (truth <= high + 1e-12))).sum())

    window = float(np.mean([coverage(cell.truth, float(p2)) for p2 in window_rates(cell.truth, WINDOW, 11)]))
    return IntervalResult(window=window, at_truth=coverage(cell.truth, cell.truth), level=level, repeats=None,
                          drawn=cell.n >= figure.drawn_from)


def independent_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """"The two are distinguishable" (Newcombe's interval excluding 0 and Fisher's exact test agreeing): exactly,
    how often with both groups at the cell's truth, and with the second :data:`DIFFERENCE` lower (power), beside
    Fisher's test alone."""
    level = figure.level or 0.95
    _, _, said, fisher = independent_tables(cell.n, cell.n, level)
    k = np.arange(cell.n + 1)

    def share(mask: np.ndarray, p1: float, p2: float) -> float:
        return float((binom.pmf(k, cell.n, p1)[:, None] * binom.pmf(k, cell.n, p2)[None, :] * mask).sum())

    lower = max(0.0, cell.truth - DIFFERENCE)
    return VerdictResult(false=share(said, cell.truth, cell.truth), level=1 - level, repeats=None,
                         power=share(said, cell.truth, lower), best=share(fisher, cell.truth, lower),
                         drawn=cell.n >= figure.drawn_from)


# ---------------------------------------------------------------- two sets of unequal sizes, every truth pair

PAIR_WINDOW_POINTS = 9  # true rates per window and per set when two rates vary at once (every 0.0125)


def independent_tables(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For every outcome ``(s1, s2)`` of ``n1`` and ``n2`` units, (n1 + 1, n2 + 1) arrays of what the planner's
    "compare two configurations, different cases" draws (:func:`~uncase_core.stats.planning.compare_independent`):
    Newcombe's interval's low and high, whether the page calls them distinguishable, and whether Fisher's exact test
    alone rejects (the valid test the verdict's power is set beside)."""
    from uncase_core.stats.planning import compare_independent

    low, high = np.zeros((n1 + 1, n2 + 1)), np.zeros((n1 + 1, n2 + 1))
    verdict, fisher = np.zeros((n1 + 1, n2 + 1), bool), np.zeros((n1 + 1, n2 + 1), bool)
    alpha = 1.0 - confidence
    for s1 in range(n1 + 1):
        for s2 in range(n2 + 1):
            result = compare_independent(s1, n1, s2, n2, confidence)
            low[s1, s2], high[s1, s2] = result.difference.low, result.difference.high
            verdict[s1, s2] = result.distinguishable
            fisher[s1, s2] = result.p_value is not None and result.p_value <= alpha + 1e-12
    return low, high, verdict, fisher


def _outcome_weights(n1: int, n2: int, p1: np.ndarray, p2: np.ndarray) -> np.ndarray:
    """P(s1, s2) for each pair of true rates (p1[i], p2[i]): (len(p1), n1 + 1, n2 + 1)."""
    first = binom.pmf(np.arange(n1 + 1)[None, :], n1, p1[:, None])
    second = binom.pmf(np.arange(n2 + 1)[None, :], n2, p2[:, None])
    return first[:, :, None] * second[:, None, :]


def planner_difference_coverage(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE,
                                tables: tuple[np.ndarray, ...] | None = None) -> IntervalCell:
    """Figure: the planner's interval for the difference of two independent proportions (Newcombe's hybrid score
    interval, "compare two configurations" on different cases), ``n1`` and ``n2`` units. Exact: for each fixed truth
    of the first set (0.5 to 0.95) and each of the second (0.05 to 0.95), the coverage of the true difference averaged
    over both rates varying in their +-0.05 windows; the worst pair of fixed truths is reported (as the first's)."""
    from uncase_core.stats.small_samples import FIXED_TRUTHS, WINDOW

    low, high = (tables or independent_tables(n1, n2, confidence))[:2]
    offsets = np.linspace(-WINDOW, WINDOW, PAIR_WINDOW_POINTS)
    worst, worst_truth, means = 2.0, 0.0, []
    for first in FIXED_TRUTHS:
        for second in mirrored_truths():
            p1, p2 = (np.clip(g.ravel(), 1e-6, 1 - 1e-6) for g in np.meshgrid(first + offsets, second + offsets))
            truth = (p1 - p2)[:, None, None]
            covers = (low[None] <= truth + 1e-12) & (truth - 1e-12 <= high[None])
            coverage = float((_outcome_weights(n1, n2, p1, p2) * covers).sum(axis=(1, 2)).mean())
            means.append(coverage)
            if coverage < worst:
                worst, worst_truth = coverage, first
    return IntervalCell(worst=worst, worst_truth=worst_truth, mean=float(np.mean(means)), level=confidence)


def planner_independent_verdict(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE, difference: float = 0.2,
                                tables: tuple[np.ndarray, ...] | None = None) -> VerdictCell:
    """Figure: the planner's verdict that two configurations run on different cases differ ("distinguishable":
    Newcombe's interval excludes 0 and Fisher's exact test rejects). Exact. False rate: both sets at the same true
    rate, the worst over a grid of 0.01 to 0.99 (every fixed truth among them). Power: the first set at each fixed
    truth, the second ``difference`` below it (the least power over those truths), beside Fisher's test alone."""
    from uncase_core.stats.small_samples import FIXED_TRUTHS

    _, _, verdict, fisher = tables or independent_tables(n1, n2, confidence)
    nulls = np.round(np.arange(1, 100) / 100, 2)
    false = (_outcome_weights(n1, n2, nulls, nulls) * verdict).sum(axis=(1, 2))
    worst = int(np.argmax(false))
    tops = np.array(FIXED_TRUTHS)
    weights = _outcome_weights(n1, n2, tops, tops - difference)
    power, best = (weights * verdict).sum(axis=(1, 2)), (weights * fisher).sum(axis=(1, 2))
    weakest = int(np.argmin(power))
    return VerdictCell(false_rate=float(false[worst]), worst_null=float(nulls[worst]), level=1.0 - confidence,
                       power=float(power[weakest]), best_power=float(best[weakest]))
