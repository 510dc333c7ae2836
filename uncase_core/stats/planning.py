"""Planning a labelling effort: how wide a Wilson interval will be, and how many units a width needs.
"""

from __future__ import annotations

import math
import numbers
from statistics import NormalDist

from uncase_core.errors import expected_value, input_error
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, PROBLEMS, _check_count, check_confidence

MAX_SAMPLE_SIZE = 10**9
"""The largest sample size :func:`required_sample_size` searches; beyond it a target is called unreachable."""


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


def _check_half_width(half_width: object) -> float:
    value = _check_real(half_width, "half_width")
    if not 0.0 < value <= 0.5:
        raise input_error(PROBLEMS, "half_width_range", "half_width", high=0.5, got=repr(half_width))
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
        approximation it stays positive at ``expected`` 0 and 1.

    Raises
    ------
    InputError
        For ``expected`` outside [0, 1], ``n`` not a whole number of at least 1, or a
        confidence outside (0, 1).
    """
    p = _check_expected(expected)
    n = _check_units(n)
    return _wilson_half_width(p, n, _z(check_confidence(confidence)))


def half_width_for(n: int, expected: float, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """:func:`wilson_half_width` with the arguments in the order "units, then proportion"."""
    return wilson_half_width(expected, n, confidence)


def normal_half_width(expected: float, n: int, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """Half-width ``z * sqrt(p (1 - p) / n)`` of the normal-approximation (Wald) interval.

    Same parameters and checks as :func:`wilson_half_width`. At ``expected`` 0 or 1 it is
    exactly 0, claiming certainty from any number of units; that is the failure the
    Wilson interval avoids.
    """
    p = _check_expected(expected)
    n = _check_units(n)
    return _normal_half_width(p, n, _z(check_confidence(confidence)))


def required_sample_size(expected: float, half_width: float, confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The smallest number of units whose Wilson interval at ``expected`` is no wider than ``±half_width``.

    Parameters
    ----------
    expected : float
        The proportion anticipated, in [0, 1].
    half_width : float
        The wanted half-width (margin), greater than 0 and at most 0.5.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    int
        The smallest ``n >= 1`` with ``wilson_half_width(expected, n, confidence) <= half_width``.

    Raises
    ------
    InputError
        For bad arguments, or when more than :data:`MAX_SAMPLE_SIZE` units would be
        needed (``where`` is ``half_width``).

    Notes
    -----
    The search runs on the Wilson half-width itself, not on a formula for ``n``: doubling
    ``n`` from 1 until the width is small enough, then bisecting. The search keeps a unit
    count whose width is too large below one whose width is small enough, so the answer
    ``n`` always has ``width(n) <= half_width < width(n - 1)``. It is also the smallest
    such ``n`` overall because the width strictly decreases in ``n`` for every ``p``:
    with ``f(n) = (a n + b) / (n + c)²`` (the squared width over z², ``a = p(1 - p)``,
    ``b = z²/4``, ``c = z²``), the sign of ``f'(n)`` is that of ``a c - a n - 2 b``, and
    ``a c <= z²/4 < z²/2 = 2 b`` because ``a <= 1/4``.
    """
    p = _check_expected(expected)
    target = _check_half_width(half_width)
    z = _z(check_confidence(confidence))
    if _wilson_half_width(p, 1, z) <= target:
        return 1
    low, high = 1, 2  # width(low) > target throughout; width(high) <= target once the loop ends
    while _wilson_half_width(p, high, z) > target:
        if high >= MAX_SAMPLE_SIZE:
            raise input_error(PROBLEMS, "sample_size_unreachable", "half_width", limit=MAX_SAMPLE_SIZE, expected=p)
        low, high = high, min(2 * high, MAX_SAMPLE_SIZE)
    while high - low > 1:
        middle = (low + high) // 2
        if _wilson_half_width(p, middle, z) <= target:
            high = middle
        else:
            low = middle
    return high


def normal_sample_size(expected: float, half_width: float, confidence: float = DEFAULT_CONFIDENCE) -> int:
    """The textbook sample size ``ceil(z² p (1 - p) / h²)``, at least 1.

    Same parameters and checks as :func:`required_sample_size`; the result is the smallest
    ``n >= 1`` with ``normal_half_width(expected, n, confidence) <= half_width`` (the
    formula's rounding is checked against that width). At ``expected`` 0 or 1 it gives 1,
    because the normal interval has zero width there: the formula is most misleading
    exactly where rare failures are being counted.
    """
    p = _check_expected(expected)
    target = _check_half_width(half_width)
    z = _z(check_confidence(confidence))
    n = max(1, math.ceil(z * z * p * (1.0 - p) / (target * target)))
    while n > 1 and _normal_half_width(p, n - 1, z) <= target:
        n -= 1
    while _normal_half_width(p, n, z) > target:
        n += 1
    return n


# ---------------------------------------------------------------- comparing two proportions
