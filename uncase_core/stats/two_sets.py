"""Which limits Newcombe's interval for the difference of two independent proportions is built from, at given sizes
and level: Wilson's where the result holds, Clopper and Pearson's where only those hold, none where neither does.

Newcombe's method 10 (the planner's "compare two configurations, different cases") adds the two sets' own intervals
in quadrature. Built from Wilson's intervals, as Newcombe (1998) and statsmodels build it, it covers the true
difference too rarely when a set is small: 84.7% at 1 unit against 1 at 95%, and below the rule up to 9 units in the
smaller set at 95% and 18 at 99% (the rule: coverage averaged over a +-0.05 window around fixed true rates 0.5-0.95
for one set and 0.05-0.95 for the other, at least the level minus 2.5 points). Built from Clopper and Pearson's
exact intervals it holds at every n1, n2 from 1 to 30 at 80, 90 and 95%, and at 99% everywhere but 1 against 1 and
1 against 2, where no interval of this family holds and the page withholds it (docs/coverage-fixes.md).

Whether a method holds at ``(n1, n2, confidence)`` is computed here, not tabulated, from the exact binomial
probabilities of every outcome (as :func:`uncase_core.stats.small_samples.wilson_holds` does for one set), so every
level a page or the command line offers is handled; from :data:`~uncase_core.stats.small_samples.CHECKED_UP_TO`
units in the smaller set on, Wilson's limits are taken to hold, which ``bench/coverage_fixes.py`` measures.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.stats.small_samples import CHECKED_UP_TO, FIXED_TRUTHS, TOLERANCE, WINDOW, mirrored_truths

Limits = Literal["wilson", "beta"]
LIMITS: tuple[Limits, ...] = ("wilson", "beta")  # tried in this order: the narrower first
WINDOW_POINTS = 9  # true rates per window and per set when two rates vary at once (every 0.0125)


def marginal_bounds(total: int, confidence: float, limits: Limits) -> tuple[np.ndarray, np.ndarray]:
    """One set's interval (``limits``: statsmodels' ``wilson`` or ``beta``) for every count of successes of
    ``total`` units, with exact 0 and 1 at the ends."""
    from statsmodels.stats.proportion import proportion_confint

    k = np.arange(total + 1)
    low, high = proportion_confint(k, total, alpha=1.0 - confidence, method=limits)
    low, high = np.asarray(low, float), np.asarray(high, float)
    return np.where(k == 0, 0.0, np.clip(low, 0.0, 1.0)), np.where(k == total, 1.0, np.clip(high, 0.0, 1.0))


def square_and_add(p1: np.ndarray, low1: np.ndarray, high1: np.ndarray,
                   p2: np.ndarray, low2: np.ndarray, high2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Newcombe's combination of two sets' intervals into one for ``p1 - p2`` (his method 10 with Wilson's limits):
    the lower bound sits ``sqrt((p1 - low1)² + (high2 - p2)²)`` below the difference, the upper one
    ``sqrt((high1 - p1)² + (p2 - low2)²)`` above it; clipped to [-1, 1]."""
    difference = p1 - p2
    low = difference - np.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2)
    high = difference + np.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2)
    return np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)


def difference_tables(n1: int, n2: int, confidence: float, limits: Limits) -> tuple[np.ndarray, np.ndarray]:
    """Newcombe's interval built from ``limits`` for every outcome ``(s1, s2)``: two (n1 + 1, n2 + 1) arrays."""
    (low1, high1), (low2, high2) = marginal_bounds(n1, confidence, limits), marginal_bounds(n2, confidence, limits)
    p1, p2 = np.arange(n1 + 1)[:, None] / n1, np.arange(n2 + 1)[None, :] / n2
    return square_and_add(p1, low1[:, None], high1[:, None], p2, low2[None, :], high2[None, :])


def worst_windowed_coverage(low: np.ndarray, high: np.ndarray) -> float:
    """The least coverage of the true difference by the intervals ``low[s1, s2], high[s1, s2]``, over the fixed
    truths (the first set at 0.5 to 0.95, the second at 0.05 to 0.95; by symmetry this covers the first's mirrors),
    each averaged over both rates varying in their +-0.05 windows; exact, from the binomial probabilities."""
    from scipy.stats import binom

    n1, n2 = low.shape[0] - 1, low.shape[1] - 1
    offsets = np.linspace(-WINDOW, WINDOW, WINDOW_POINTS)
    firsts, seconds = np.array(FIXED_TRUTHS), np.array(mirrored_truths())
    p1 = np.clip((firsts[:, None] + offsets[None, :]).ravel(), 1e-6, 1 - 1e-6)
    p2 = np.clip((seconds[:, None] + offsets[None, :]).ravel(), 1e-6, 1 - 1e-6)
    first = binom.pmf(np.arange(n1 + 1)[None, :], n1, p1[:, None])  # (rates of the first set, its outcomes)
    second = binom.pmf(np.arange(n2 + 1)[None, :], n2, p2[:, None])
    truth = (p1[:, None] - p2[None, :])[:, :, None, None]
    covers = (low[None, None] <= truth + 1e-12) & (truth - 1e-12 <= high[None, None])
    coverage = np.einsum("ia,jb,ijab->ij", first, second, covers)
    windows = coverage.reshape(len(firsts), WINDOW_POINTS, len(seconds), WINDOW_POINTS).mean(axis=(1, 3))
    return float(windows.min())


def holds(n1: int, n2: int, confidence: float, limits: Limits) -> bool:
    """Whether Newcombe's interval built from ``limits`` holds the rule at these sizes and level (module docstring):
    its worst windowed coverage at least the level minus the tolerance."""
    low, high = difference_tables(n1, n2, confidence, limits)
    return worst_windowed_coverage(low, high) >= confidence - TOLERANCE - 1e-12


def limits_that_hold(n1: int, n2: int, confidence: float) -> Limits | None:
    """The limits Newcombe's interval is built from for sets of ``n1`` and ``n2`` units (both at least 1): Wilson's
    from :data:`CHECKED_UP_TO` units in the smaller set or where they hold, else Clopper and Pearson's where those
    hold, else ``None`` (no interval of this family holds: withhold it)."""
    if min(n1, n2) >= CHECKED_UP_TO:
        return "wilson"
    return next((limits for limits in LIMITS if holds(n1, n2, confidence, limits)), None)


def smaller_set_needed(n1: int, n2: int, confidence: float) -> int | None:
    """Where :func:`limits_that_hold` finds none: the fewest units the smaller set needs (the larger one as it is)
    for an interval to hold; ``None`` where one holds already."""
    small, large = sorted((n1, n2))
    for units in range(small, CHECKED_UP_TO + 1):
        if limits_that_hold(units, large, confidence) is not None:
            return None if units == small else units
    return CHECKED_UP_TO
