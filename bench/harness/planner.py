"""The planner's figures: the interval it promises at the n it plans (exact, as one case's Wilson interval), and the
comparison of two independent groups (Newcombe's interval and the verdict that needs Fisher's exact test to agree),
exactly over every pair of outcomes."""

from __future__ import annotations

import numpy as np
from scipy.stats import binom

from bench.harness.cells import Cell, window_rates
from bench.harness.proportions import exact_coverage, wilson_bounds
from bench.harness.rules import WINDOW, IntervalResult, VerdictResult
from uncase_core.stats.figures import Figure

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


def _outcomes(n: int, level: float):
    """Every outcome ``(s1, s2)`` of two groups of ``n`` units, with the planner's comparison of it."""
    from uncase_core.stats.planning import compare_independent

    return {(s1, s2): compare_independent(s1, n, s2, n, level) for s1 in range(n + 1) for s2 in range(n + 1)}


def independent_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """Newcombe's interval of two independent groups of ``n`` units each, group 1 at the cell's truth and group 2
    within the window of it (the true difference theirs), exactly; ``at_truth``: no difference."""
    level = figure.level or 0.95
    outcomes = _outcomes(cell.n, level)
    k = np.arange(cell.n + 1)

    def coverage(p1: float, p2: float) -> float:
        weight = binom.pmf(k, cell.n, p1)[:, None] * binom.pmf(k, cell.n, p2)[None, :]
        truth = p1 - p2
        holds = np.array([[outcomes[s1, s2].difference.low is not None
                           and outcomes[s1, s2].difference.low - 1e-12 <= truth <= outcomes[s1, s2].difference.high
                           + 1e-12 for s2 in k] for s1 in k])
        return float((weight * holds).sum())

    window = float(np.mean([coverage(cell.truth, float(p2)) for p2 in window_rates(cell.truth, WINDOW, 11)]))
    return IntervalResult(window=window, at_truth=coverage(cell.truth, cell.truth), level=level, repeats=None,
                          drawn=cell.n >= figure.drawn_from)


def independent_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """"The two are distinguishable" (Newcombe's interval excluding 0 and Fisher's exact test agreeing): exactly,
    how often with both groups at the cell's truth, and with the second :data:`DIFFERENCE` lower (power), beside
    Fisher's test alone."""
    level = figure.level or 0.95
    outcomes = _outcomes(cell.n, level)
    k = np.arange(cell.n + 1)
    said = np.array([[outcomes[s1, s2].distinguishable for s2 in k] for s1 in k])
    fisher = np.array([[outcomes[s1, s2].p_value is not None and outcomes[s1, s2].p_value <= 1 - level + 1e-12
                        for s2 in k] for s1 in k])

    def share(mask: np.ndarray, p1: float, p2: float) -> float:
        return float((binom.pmf(k, cell.n, p1)[:, None] * binom.pmf(k, cell.n, p2)[None, :] * mask).sum())

    lower = max(0.0, cell.truth - DIFFERENCE)
    return VerdictResult(false=share(said, cell.truth, cell.truth), level=1 - level, repeats=None,
                         power=share(said, cell.truth, lower), best=share(fisher, cell.truth, lower),
                         drawn=cell.n >= figure.drawn_from)
