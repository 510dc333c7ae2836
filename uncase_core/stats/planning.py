"""Planning a labelling effort: the interval a number of units promises, and how many units a margin needs.

Near 0% and 100% the Wilson interval is not symmetric (35 of 35 gives 90.1% to 100%), so a plan promises
the interval by its two bounds (:func:`planned_interval`) and plans a sample size on the *margin*, the
distance from the expected value to the farther bound (:func:`wilson_margin`, :func:`margin_sample_size`):
"± 5 points" then means that neither bound is more than 5 points away, which is what a reader takes it to
mean. :func:`wilson_half_width` and :func:`required_sample_size` plan on half of ``high - low`` instead; the
two agree at 50% and part near the ends.

Whether two proportions from two *different* sets of cases differ is here too (:func:`compare_independent`): a
verdict is given only when Fisher's exact test agrees with Newcombe's interval, because the interval alone calls a
difference more often than its level allows with few units. Two configurations run on the *same* cases are planned
and decided pair by pair instead (:func:`uncase_core.compare.paired.paired_sample_size`,
:func:`uncase_core.stats.verdicts.paired_verdict`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import expected_value, input_error
from uncase_core.stats.differences import Difference, difference_interval
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, PROBLEMS, _check_count, check_confidence
from uncase_core.stats.two_sets import smaller_set_needed

MAX_SAMPLE_SIZE = 10**9
"""The largest sample size the searches try; beyond it a target is called unreachable."""


def _check_real(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise expected_value("number", repr(value), name)
    result = float(value)
    if math.isnan(result) or math.isinf(result):
        raise expected_value("finite_number", repr(value), name)
    return result


def _check_expected(expected: object) -> float:
    value = _check_real(expected, "expected")
    if not 0.0 <= value <= 1.0:
        raise input_error(PROBLEMS, "proportion_between", "expected", low=0, high=1, got=repr(expected))
    return value


def _check_target(target: object, name: str) -> float:
    """A wanted half-width or margin: more than 0 and at most 0.5 (one unit's Wilson interval already meets 0.5)."""
    value = _check_real(target, name)
    if not 0.0 < value <= 0.5:
        raise input_error(PROBLEMS, "half_width_range", name, high=0.5, got=repr(target))
    return value


def _check_units(n: object) -> int:
    n = _check_count(n, "n")
    if n < 1:
        raise input_error(PROBLEMS, "at_least_one", "n")
    return n


def _z(confidence: float) -> float:
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)


def _wilson_half_width(p: float, n: int, z: float) -> float:
    # Half of (high - low) of the Wilson interval, multiplied through by n:
    # z / (1 + z²/n) * sqrt(p(1-p)/n + z²/(4n²))  ==  z * sqrt(p(1-p) n + z²/4) / (n + z²).
    return z * math.sqrt(p * (1.0 - p) * n + z * z / 4.0) / (n + z * z)


def _wilson_margin(p: float, n: int, z: float) -> float:
    # The Wilson centre is pulled towards 1/2 by z²(1/2 - p)/(n + z²), so the farther bound is that far
    # beyond the half-width: margin = (z sqrt(p(1-p) n + z²/4) + z² |p - 1/2|) / (n + z²).
    return (z * math.sqrt(p * (1.0 - p) * n + z * z / 4.0) + z * z * abs(p - 0.5)) / (n + z * z)


def _normal_half_width(p: float, n: int, z: float) -> float:
    return z * math.sqrt(p * (1.0 - p) / n)


def wilson_half_width(expected: float, n: int, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """Half the width of the Wilson score interval for a proportion ``expected`` over ``n`` units.

    Parameters
    ----------
    expected : float
        The observed (or anticipated) proportion, in [0, 1]. The successes it stands for,
        ``expected * n``, need not be a whole number.
    n : int
        Labelled units, at least 1.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    float
        ``(high - low) / 2`` of the Wilson interval, from the closed form
        ``z * sqrt(p (1 - p) n + z² / 4) / (n + z²)``; equal to what statsmodels'
        ``proportion_confint(expected * n, n, method="wilson")`` gives. Unlike the normal
        approximation it stays positive at ``expected`` 0 and 1. It is *not* the distance
        from ``expected`` to each bound: near 0 and 1 the interval is lopsided, and
        :func:`wilson_margin` is the distance to the farther bound.

    Raises
    ------
    InputError
        For ``expected`` outside [0, 1], ``n`` not a whole number of at least 1, or a
        confidence outside (0, 1).
    """
    p = _check_expected(expected)
    n = _check_units(n)
    return _wilson_half_width(p, n, _z(check_confidence(confidence)))


def wilson_margin(expected: float, n: int, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """How far the farther bound of the Wilson interval lies from ``expected``: ``max(high - p, p - low)``.

    Same parameters and checks as :func:`wilson_half_width`. This is what "the value ± m" has to mean for an
    interval that is not symmetric: the whole interval lies within ``expected ± margin``. It is the half-width
    plus how far the Wilson centre sits from ``expected`` (``z² |p - 1/2| / (n + z²)``), so the two are equal at
    50% and at 100% the margin is ``z² / (n + z²)``, twice the half-width: 35 of 35 gives 90.1% to 100%, a
    half-width of 4.9 points but a margin of 9.9. Equal to ``max(high - p, p - low)`` of statsmodels' interval
    (:func:`planned_interval`) to rounding; the closed form keeps :func:`margin_sample_size`'s search fast.
    """
    p = _check_expected(expected)
    n = _check_units(n)
    return _wilson_margin(p, n, _z(check_confidence(confidence)))


def normal_half_width(expected: float, n: int, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """Half-width ``z * sqrt(p (1 - p) / n)`` of the normal-approximation (Wald) interval.

    Same parameters and checks as :func:`wilson_half_width`. The interval is symmetric, so this is also its
    margin. At ``expected`` 0 or 1 it is exactly 0, claiming certainty from any number of units; that is the
    failure the Wilson interval avoids.
    """
    p = _check_expected(expected)
    n = _check_units(n)
    return _normal_half_width(p, n, _z(check_confidence(confidence)))


# ---------------------------------------------------------------- the interval a plan promises


@dataclass(frozen=True)
class PlannedInterval:
    """The Wilson interval ``n`` units give at an observed proportion ``expected``: what a plan promises.

    ``low`` and ``high`` are the bounds themselves, because near 0% and 100% the interval is lopsided and a
    single "± width" would misstate one side. ``below`` and ``above`` are the distances from ``expected`` to
    each bound; ``margin`` is the larger, ``width`` is ``high - low``.
    """

    expected: float
    n: int
    confidence: float
    low: float
    high: float

    @property
    def below(self) -> float:
        return self.expected - self.low

    @property
    def above(self) -> float:
        return self.high - self.expected

    @property
    def margin(self) -> float:
        return max(self.below, self.above)

    @property
    def width(self) -> float:
        return self.high - self.low


def planned_interval(expected: float, n: int, confidence: float = DEFAULT_CONFIDENCE) -> PlannedInterval:
    """The Wilson interval for an observed proportion ``expected`` over ``n`` units, by its two bounds.

    Same parameters and checks as :func:`wilson_half_width`. The bounds come from statsmodels'
    ``proportion_confint(expected * n, n, method="wilson")``, clipped to [0, 1] with exact 0 and 1 at
    ``expected`` 0 and 1. It calls statsmodels directly rather than
    :func:`uncase_core.stats.proportions.wilson_interval` because a plan's ``expected * n`` successes need not
    be a whole number (80% of 33 units), which counts of labels always are.
    """
    from statsmodels.stats.proportion import proportion_confint

    p = _check_expected(expected)
    n = _check_units(n)
    confidence = check_confidence(confidence)
    low, high = proportion_confint(p * n, n, alpha=1.0 - confidence, method="wilson")
    low = 0.0 if p == 0.0 else min(max(float(low), 0.0), p)
    high = 1.0 if p == 1.0 else max(min(float(high), 1.0), p)
    return PlannedInterval(p, n, confidence, low, high)


# ---------------------------------------------------------------- sample sizes


def _smallest_n(width: Callable[[int], float], target: float, where: str, expected: float) -> int:
    """The smallest ``n >= 1`` with ``width(n) <= target``, for a ``width`` that strictly decreases in ``n``.

    Doubling ``n`` from 1 until the width is small enough, then bisecting; the search keeps a unit count whose
    width is too large below one whose width is small enough, so the answer has
    ``width(n) <= target < width(n - 1)``. Raises (``where``) past :data:`MAX_SAMPLE_SIZE`.
    """
    if width(1) <= target:
        return 1
    low, high = 1, 2  # width(low) > target throughout; width(high) <= target once the loop ends
    while width(high) > target:
        if high >= MAX_SAMPLE_SIZE:
            raise input_error(PROBLEMS, "sample_size_unreachable", where, limit=MAX_SAMPLE_SIZE, expected=expected)
        low, high = high, min(2 * high, MAX_SAMPLE_SIZE)
    while high - low > 1:
        middle = (low + high) // 2
        if width(middle) <= target:
            high = middle
        else:
            low = middle
    return high


def required_sample_size(expected: float, half_width: float, confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The smallest number of units whose Wilson interval at ``expected`` is no wider than ``2 * half_width``.

    Parameters
    ----------
    expected : float
        The proportion anticipated, in [0, 1].
    half_width : float
        The wanted half of ``high - low``, greater than 0 and at most 0.5.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    int
        The smallest ``n >= 1`` with ``wilson_half_width(expected, n, confidence) <= half_width``. Near 0 and 1
        one bound is then farther than ``half_width`` from ``expected``; :func:`margin_sample_size` plans so
        that neither is.

    Raises
    ------
    InputError
        For bad arguments, or when more than :data:`MAX_SAMPLE_SIZE` units would be
        needed (``where`` is ``half_width``).

    Notes
    -----
    The search runs on the Wilson half-width itself, not on a formula for ``n``. Its answer is the smallest
    sufficient ``n`` overall because the width strictly decreases in ``n`` for every ``p``:
    with ``f(n) = (a n + b) / (n + c)²`` (the squared width over z², ``a = p(1 - p)``,
    ``b = z²/4``, ``c = z²``), the sign of ``f'(n)`` is that of ``a c - a n - 2 b``, and
    ``a c <= z²/4 < z²/2 = 2 b`` because ``a <= 1/4``.
    """
    p = _check_expected(expected)
    target = _check_target(half_width, "half_width")
    z = _z(check_confidence(confidence))
    return _smallest_n(lambda n: _wilson_half_width(p, n, z), target, "half_width", p)


def margin_sample_size(expected: float, margin: float, confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The smallest number of units whose Wilson interval at ``expected`` lies within ``expected ± margin``.

    Parameters
    ----------
    expected : float
        The proportion anticipated, in [0, 1].
    margin : float
        The farthest either bound may lie from ``expected``, greater than 0 and at most 0.5.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    int
        The smallest ``n >= 1`` with ``wilson_margin(expected, n, confidence) <= margin``, so that
        ``planned_interval(expected, n, confidence)`` runs from at least ``expected - margin`` to at most
        ``expected + margin``. At 50% it equals :func:`required_sample_size`; at 0% and 100% it needs about twice
        as many units (73 for ±5 points at 95%, where the half-width asks for 35 and leaves a bound 9.9 points
        away).

    Raises
    ------
    InputError
        For bad arguments (``where`` ``expected``, ``margin`` or ``confidence``), or when more than
        :data:`MAX_SAMPLE_SIZE` units would be needed (``where`` is ``margin``).

    Notes
    -----
    The margin is the half-width plus ``z² |p - 1/2| / (n + z²)``; the first term strictly decreases in ``n``
    (see :func:`required_sample_size`) and the second does not increase, so the margin strictly decreases and the
    search's answer is the smallest sufficient ``n``.
    """
    p = _check_expected(expected)
    target = _check_target(margin, "margin")
    z = _z(check_confidence(confidence))
    return _smallest_n(lambda n: _wilson_margin(p, n, z), target, "margin", p)


def normal_sample_size(expected: float, half_width: float, confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The textbook sample size ``ceil(z² p (1 - p) / h²)``, at least 1.

    Same parameters and checks as :func:`required_sample_size`; the result is the smallest
    ``n >= 1`` with ``normal_half_width(expected, n, confidence) <= half_width`` (the
    formula's rounding is checked against that width). The normal interval is symmetric, so ``half_width`` is
    also its margin and the result compares with :func:`margin_sample_size`. At ``expected`` 0 or 1 it gives 1,
    because the normal interval has zero width there: the formula is most misleading
    exactly where rare failures are being counted.
    """
    p = _check_expected(expected)
    target = _check_target(half_width, "half_width")
    z = _z(check_confidence(confidence))
    n = max(1, math.ceil(z * z * p * (1.0 - p) / (target * target)))
    while n > 1 and _normal_half_width(p, n - 1, z) <= target:
        n -= 1
    while _normal_half_width(p, n, z) > target:
        n += 1
    return n


# ---------------------------------------------------------------- comparing two proportions


def _rejects(p_value: float | None, confidence: float) -> bool:
    """An exact test's verdict: its p-value is at most ``1 - confidence``. An exact test rejects a true "no
    difference" at most that often at every sample size, which a score interval alone does not: with no difference,
    Newcombe's interval for two sets of 2 units each excludes 0 up to 12.5% of the time at 95%."""
    return p_value is not None and p_value <= 1.0 - confidence


@dataclass(frozen=True)
class IndependentComparison:
    """Two proportions from two different sets of cases: the difference with its interval, and Fisher's test.

    ``difference`` is ``s1/n1 - s2/n2`` with Newcombe's interval (:func:`difference_interval`): the range of
    plausible differences. ``p_value`` is Fisher's exact two-sided test (``None`` when a set has no unit).
    ``distinguishable`` needs both the interval to exclude 0 and the test to reject, so that the verdict is
    wrong at most ``1 - confidence`` of the time when there is no difference, at every sample size. Where no interval
    holds at these sizes and level (1 against 1 or 2 units at 99%) the difference has no bounds and
    ``smaller_set_needed`` is how many units one set needs for an interval to come (the other as it is).
    """

    difference: Difference
    p_value: float | None
    confidence: float
    smaller_set_needed: int | None = None

    @property
    def interval_withheld(self) -> bool:
        """There is a difference but no interval holds for it at these sizes and level."""
        return self.difference.difference is not None and self.difference.low is None

    @property
    def distinguishable(self) -> bool:
        return self.difference.distinguishable and _rejects(self.p_value, self.confidence)

    @property
    def only_interval_excludes_zero(self) -> bool:
        """The interval excludes 0 but the exact test does not reject: too few units to call it."""
        return self.difference.distinguishable and not self.distinguishable


def compare_independent(
    s1: int, n1: int, s2: int, n2: int, confidence: float = DEFAULT_CONFIDENCE
) -> IndependentComparison:
    """Whether ``s1`` of ``n1`` and ``s2`` of ``n2`` differ, for two *different* sets of cases.

    Parameters are those of :func:`difference_interval`, with the same checks and errors. Fisher's exact test
    comes from scipy's ``fisher_exact([[s1, n1 - s1], [s2, n2 - s2]])`` (two-sided). Two configurations run on
    the *same* cases are not two independent samples: compare those pair by pair
    (:func:`uncase_core.compare.paired.paired_table` and McNemar's test).

    References
    ----------
    Newcombe, R. G. (1998). Interval estimation for the difference between independent proportions:
    comparison of eleven methods. Statistics in Medicine 17, 873-890.
    Fisher, R. A. (1935). The logic of inductive inference. Journal of the Royal Statistical Society 98, 39-82.
    """
    from scipy.stats import fisher_exact

    difference = difference_interval(s1, n1, s2, n2, confidence)
    confidence = check_confidence(confidence)
    if difference.difference is None:
        return IndependentComparison(difference, None, confidence)
    table = [[int(s1), int(n1) - int(s1)], [int(s2), int(n2) - int(s2)]]
    needed = smaller_set_needed(int(n1), int(n2), confidence) if difference.low is None else None
    return IndependentComparison(difference, float(fisher_exact(table).pvalue), confidence, needed)
