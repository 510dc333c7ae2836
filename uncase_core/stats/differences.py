"""Differences of two proportions, independent (Newcombe's method 10, from the limits that hold: ``two_sets``)
and paired (Bonett and Price's adjusted Wald interval, which the pages draw; Newcombe's 1998 method 10 for paired
data, which they drew before issue 48, kept for the coverage harness to show what it replaced).
"""

from __future__ import annotations

import math
from typing import NamedTuple

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import input_error
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, PROBLEMS, _check_count, check_confidence, wilson_intervals
from uncase_core.stats.two_sets import limits_that_hold, marginal_bounds, square_and_add


class Difference(NamedTuple):
    """A difference of two proportions and its interval; all ``None`` when not applicable."""

    difference: float | None
    low: float | None
    high: float | None

    @property
    def distinguishable(self) -> bool:
        """True when the interval excludes 0; False when it contains 0 or is not applicable."""
        if self.low is None or self.high is None:
            return False
        return self.low > 0.0 or self.high < 0.0


def _check_counts(successes: object, total: object, s_name: str, n_name: str) -> tuple[int, int]:
    successes = _check_count(successes, s_name)
    total = _check_count(total, n_name)
    if successes > total:
        raise input_error(PROBLEMS, "count_exceeds", s_name, name=s_name, count=successes, total_name=n_name,
                          total=total)
    return successes, total


def difference_interval(
    s1: int, n1: int, s2: int, n2: int, confidence: float = DEFAULT_CONFIDENCE
) -> Difference:
    """Newcombe's hybrid score interval for the difference ``s1/n1 - s2/n2`` of two independent proportions, built
    from the limits that hold at these sizes and level.

    Parameters
    ----------
    s1, n1 : int
        Successes and units of the first proportion, ``0 <= s1 <= n1``.
    s2, n2 : int
        Successes and units of the second proportion, ``0 <= s2 <= n2``.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    Difference
        ``(difference, low, high)``, bounds clipped to [-1, 1]. Where Newcombe's method 10 with Wilson's limits holds
        its level at ``n1``, ``n2`` and ``confidence`` (:func:`uncase_core.stats.two_sets.limits_that_hold`), it is
        statsmodels' ``confint_proportions_2indep(method="newcomb", compare="diff")``; where only Clopper and
        Pearson's limits hold (a small set: 1 against 1 covered 84.7% at 95% with Wilson's), the same combination of
        those; where neither holds (1 against 1 or 2 units at 99%), ``low`` and ``high`` are ``None`` beside the
        difference (:func:`uncase_core.stats.two_sets.smaller_set_needed` says how many more units would give one).
        All three are ``None`` when ``n1`` or ``n2`` is 0. ``distinguishable`` is False without bounds.

    Raises
    ------
    InputError
        For negative or non-integer counts (naming ``s1``, ``n1``, ``s2`` or ``n2``), a
        count of successes above its units, or a confidence outside (0, 1).

    References
    ----------
    Newcombe, R. G. (1998). Interval estimation for the difference between independent
    proportions: comparison of eleven methods. Statistics in Medicine 17, 873-890.
    """
    from statsmodels.stats.proportion import confint_proportions_2indep

    s1, n1 = _check_counts(s1, n1, "s1", "n1")
    s2, n2 = _check_counts(s2, n2, "s2", "n2")
    confidence = check_confidence(confidence)
    if n1 == 0 or n2 == 0:
        return Difference(None, None, None)
    limits = limits_that_hold(n1, n2, confidence)
    if limits is None:
        return Difference(s1 / n1 - s2 / n2, None, None)
    if limits == "wilson":
        low, high = confint_proportions_2indep(
            s1, n1, s2, n2, method="newcomb", compare="diff", alpha=1.0 - confidence
        )
    else:
        first, second = marginal_bounds(n1, confidence, limits), marginal_bounds(n2, confidence, limits)
        low, high = square_and_add(s1 / n1, first[0][s1], first[1][s1], s2 / n2, second[0][s2], second[1][s2])
    return Difference(s1 / n1 - s2 / n2, min(max(float(low), -1.0), 1.0), min(max(float(high), -1.0), 1.0))


def paired_difference_interval(
    both: int, first_only: int, second_only: int, neither: int, confidence: float = DEFAULT_CONFIDENCE
) -> Difference:
    """The interval every page draws for a difference of two proportions measured on the same units: Bonett and
    Price's (2012) adjusted Wald interval.

    Each unit is classified twice (system B and system A on one case; a judge and a person on one unit): ``both``
    units are positive in both classifications, ``first_only`` only in the first, ``second_only`` only in the
    second, ``neither`` in none. The difference is ``p1 - p2 = (first_only - second_only) / n``.

    With one pseudo-observation added to each discordant cell and two to the pairs,
    ``q1 = (first_only + 1) / (n + 2)`` and ``q2 = (second_only + 1) / (n + 2)``, the interval is
    ``q1 - q2 -+ z * sqrt((q1 + q2 - (q1 - q2)**2) / (n + 2))``, clipped to [-1, 1], and widened to the estimate
    when the estimate lies outside (only possible below 85 % confidence, with every pair discordant one way: the
    shrunken centre then sits further from it than the half width reaches).

    Why this one: measured at fixed true rates (0.5 to 0.95 for either system, within-pair correlation
    0 to 0.9, true differences 0 to 0.3, exactly from the multinomial probabilities of every table), its coverage
    averaged over a window of +-0.05 holds the rule from 1 pair to 50 (docs/coverage.md); at 200 and 500 pairs it was
    measured exactly at four fixed truths (rates 0.5/0.5 and 0.7/0.6 uncorrelated, 0.9/0.8 and 0.95/0.95 at
    correlation 0.5): 95.0-97.7% at the truth (docs/coverage-fixes.md), where Newcombe's method 10
    (:func:`newcombe_paired_interval`) covered 84 % at 1 pair and 87.5 % at 2, and Tango's score interval holds it
    too but is wider from 7 pairs on (``bench/coverage.py``, docs/coverage.md). Fagerland, Lydersen and Laake
    (2014) compare all three. statsmodels 0.15 has no interval for paired proportions; the tests hold this one to
    the published figures of R's ``statpsych::ci.prop.ps`` and ``contingencytables``.

    Returns
    -------
    Difference
        The difference and its interval; all ``None`` with no units.

    References
    ----------
    Bonett, D. G. and Price, R. M. (2012). Adjusted Wald confidence interval for a difference of binomial
    proportions based on paired data. Journal of Educational and Behavioral Statistics 37, 479-488.
    Fagerland, M. W., Lydersen, S. and Laake, P. (2014). Recommended tests and confidence intervals for paired
    binomial proportions. Statistics in Medicine 33, 2850-2875.
    """
    from scipy.stats import norm

    a = _check_count(both, "both")
    b = _check_count(first_only, "first_only")
    c = _check_count(second_only, "second_only")
    d = _check_count(neither, "neither")
    confidence = check_confidence(confidence)
    n = a + b + c + d
    if n == 0:
        return Difference(None, None, None)
    q1, q2 = (b + 1) / (n + 2), (c + 1) / (n + 2)
    half = float(norm.ppf(1.0 - (1.0 - confidence) / 2.0)) * math.sqrt((q1 + q2 - (q1 - q2) ** 2) / (n + 2))
    difference = (b - c) / n
    low, high = max(q1 - q2 - half, -1.0), min(q1 - q2 + half, 1.0)
    return Difference(difference, min(low, difference), max(high, difference))


def newcombe_paired_interval(
    both: int, first_only: int, second_only: int, neither: int, confidence: float = DEFAULT_CONFIDENCE
) -> Difference:
    """Newcombe's score interval for the difference of two proportions measured on the same units: the interval
    the pages drew before issue 48, kept so that the coverage harness can show what replaced it and why.

    At fixed true rates it covers too rarely with few pairs: 84 % at 1 pair, 87.5 % at 2 (no difference, half the
    pairs discordant) and 91 % at 3, averaged over a window of true differences (docs/coverage.md); from 4 pairs
    it holds the rule. :func:`paired_difference_interval` holds it from 1 pair.

    Each unit is classified twice (for instance by a judge and by a person): ``both`` units are
    positive in both classifications, ``first_only`` only in the first, ``second_only`` only in
    the second, ``neither`` in none. The difference is ``p1 - p2 = (first_only - second_only) / n``.

    Returns
    -------
    Difference
        The difference and Newcombe's (1998b) method 10: the two marginal Wilson intervals (from
        statsmodels) combined with a correction for the correlation between the classifications,
        ``phi`` as Newcombe defines it (0 when a margin is empty, ``(AD - BC - n/2) / sqrt(...)``
        when ``AD - BC > n/2``, 0 between 0 and ``n/2``, ``(AD - BC) / sqrt(...)`` when negative).
        Bounds are clipped to [-1, 1]; all ``None`` with no units.

    Why our own: statsmodels 0.15 has no interval for paired proportions (only for independent
    ones, :func:`difference_interval`); the tests hold this one to Newcombe's published examples.

    References
    ----------
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine 17, 2635-2650.
    """
    a = _check_count(both, "both")
    b = _check_count(first_only, "first_only")
    c = _check_count(second_only, "second_only")
    d = _check_count(neither, "neither")
    confidence = check_confidence(confidence)
    n = a + b + c + d
    if n == 0:
        return Difference(None, None, None)
    first, second = a + b, a + c
    (l1, u1), (l2, u2) = wilson_intervals([(first, n), (second, n)], confidence)
    p1, p2 = first / n, second / n
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0
    if margins > 0:
        excess = a * d - b * c
        correction = excess - n / 2 if excess > n / 2 else (excess if excess < 0 else 0.0)
        phi = correction / math.sqrt(margins)
    difference = p1 - p2
    low = difference - math.sqrt(max((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2, 0.0))
    high = difference + math.sqrt(max((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2, 0.0))
    return Difference(difference, max(low, -1.0), min(high, 1.0))


# ---------------------------------------------------------------- prediction-powered inference
