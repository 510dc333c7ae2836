"""The interval of a proportion of a few independent units: Wilson's where it holds its level, the exact one where it
does not.

Wilson's interval holds its level on average over the true rate (Brown, Cai and DasGupta 2001), but not at every
true rate a person meets with a handful of units. The playground's rule judges an interval at fixed true rates (0.5,
0.6, 0.7, 0.8, 0.9 and 0.95, and their mirrors 0.05 to 0.4), its coverage averaged over a window of +-0.05 around
each (Wilson's own oscillation from one true rate to the next), and asks for at least the level minus 2.5 points at
every one. At 95% Wilson's interval misses that with 1 unit (90% around a true 80%) and 2 units (91% around 95%);
at 80% it misses it up to 9 units. Clopper and Pearson's exact interval (statsmodels' ``method="beta"``) covers at
least its level at every true rate and every n, at the price of width.

So :func:`units_interval` draws Wilson's interval where it holds at that number of units and level, and the exact
one where it does not. Whether it holds is computed, not tabulated (:func:`wilson_holds`: exact binomial sums, no
simulation), so every level a page or the command line offers is handled; from :data:`CHECKED_UP_TO` units on it is
taken to hold, which ``bench/coverage.py`` measures up to the pages' limits.
"""

from __future__ import annotations

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, _check_pair, _clip, check_confidence

FIXED_TRUTHS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
"""The true rates an interval is judged at (with their mirrors below 0.5): the rates a passing or failing system
has, not a mean over [0, 1] that hides them."""
WINDOW = 0.05  # coverage is averaged over true rates within this distance of each fixed truth
WINDOW_POINTS = 41  # true rates per window (every 0.0025): enough to smooth the binomial's steps
TOLERANCE = 0.025  # an interval's windowed coverage may fall this far below its level
CHECKED_UP_TO = 30  # from this many units Wilson's interval holds at every level the pages offer (measured to 2,000)


def window_truths(centre: float) -> np.ndarray:
    """The true rates of the window around ``centre``, inside the open interval (0, 1)."""
    rates = np.linspace(centre - WINDOW, centre + WINDOW, WINDOW_POINTS)
    return np.clip(rates, 1e-6, 1.0 - 1e-6)


def mirrored_truths() -> tuple[float, ...]:
    """:data:`FIXED_TRUTHS` and their mirrors (1 - rate), sorted: 0.05 to 0.95."""
    return tuple(sorted({*FIXED_TRUTHS, *(round(1.0 - rate, 10) for rate in FIXED_TRUTHS)}))


def windowed_coverage(low: np.ndarray, high: np.ndarray, centre: float) -> float:
    """The coverage of the intervals ``low[k], high[k]`` (k successes of ``len(low) - 1`` units), averaged over the
    window of true rates around ``centre``; exact, from the binomial probabilities."""
    return float(windowed_coverages(low, high, (centre,))[0])


def windowed_coverages(low: np.ndarray, high: np.ndarray, centres: tuple[float, ...]) -> np.ndarray:
    """:func:`windowed_coverage` around each of ``centres``, in one pass over the binomial probabilities."""
    from scipy.stats import binom

    n = len(low) - 1
    rates = np.concatenate([window_truths(centre) for centre in centres])
    covers = (low[None, :] <= rates[:, None] + 1e-12) & (rates[:, None] - 1e-12 <= high[None, :])
    weights = binom.pmf(np.arange(n + 1)[None, :], n, rates[:, None])
    return (weights * covers).sum(axis=1).reshape(len(centres), WINDOW_POINTS).mean(axis=1)


def wilson_bounds(total: int, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """Wilson's interval for every count of successes of ``total`` units, exact 0 and 1 at the ends."""
    from statsmodels.stats.proportion import proportion_confint

    k = np.arange(total + 1)
    low, high = proportion_confint(k, total, alpha=1.0 - confidence, method="wilson")
    return (np.where(k == 0, 0.0, np.clip(low, 0.0, 1.0)), np.where(k == total, 1.0, np.clip(high, 0.0, 1.0)))


def wilson_holds(total: int, confidence: float = DEFAULT_CONFIDENCE) -> bool:
    """Whether Wilson's interval over ``total`` independent units holds the rule at ``confidence``: its coverage,
    averaged over the window around every mirrored fixed truth, at least the level minus :data:`TOLERANCE`."""
    confidence = check_confidence(confidence)
    if total >= CHECKED_UP_TO:
        return True
    if total <= 0:
        return True  # no unit, no interval: nothing to replace
    low, high = wilson_bounds(total, confidence)
    return bool(windowed_coverages(low, high, mirrored_truths()).min() >= confidence - TOLERANCE - 1e-12)


def units_interval(successes: int, total: int,
                   confidence: float = DEFAULT_CONFIDENCE) -> tuple[float, float] | None:
    """The interval of ``successes`` of ``total`` independent units: Wilson's where :func:`wilson_holds`, else
    Clopper and Pearson's exact interval; ``None`` with no unit. Same checks as
    :func:`~uncase_core.stats.proportions.wilson_interval`."""
    from statsmodels.stats.proportion import proportion_confint

    successes, total = _check_pair(successes, total)
    confidence = check_confidence(confidence)
    if total == 0:
        return None
    method = "wilson" if wilson_holds(total, confidence) else "beta"
    low, high = proportion_confint(successes, total, alpha=1.0 - confidence, method=method)
    return _clip(successes, total, float(low), float(high))
