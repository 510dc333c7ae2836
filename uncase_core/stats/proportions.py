"""Proportions of labelled units and their Wilson score intervals, and what builds on them.

Every rate the playground shows is a :class:`Proportion`: the counts it was made from,
the estimate and its interval. A proportion over zero labelled units is not applicable
(``value is None``), never NaN and never 0.

Also here: sample-size planning, differences of two proportions (independent and paired),
and the prediction-powered interval (:func:`ppi_mean_interval`) that combines a few hand
labels with many verdicts of an automatic judge (its arithmetic is in :mod:`uncase_core.stats.ppi`).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from statistics import NormalDist
from types import MappingProxyType
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from uncase_core.errors import expected_value, input_error, must_not_be_negative
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.stats.ppi import classical_variance, ppi_estimate, tuned_lambda

DEFAULT_CONFIDENCE = 0.95
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "expected_number_between": "expected a number between {low} and {high}, got {got}",
    "strictly_between": "must be strictly between {low} and {high}, got {got}",
    "successes_exceed_total": "successes ({successes}) exceed total ({total})",
    "proportion_between": "must be a proportion between {low} and {high}, got {got}",
    "half_width_range": "must be greater than 0 and at most {high}, got {got}",
    "at_least_one": "must be at least 1",
    "sample_size_unreachable": "more than {limit:,} units would be needed at expected {expected:g}; choose a wider "
                               "half-width",
    "count_exceeds": "{name} ({count}) exceeds {total_name} ({total})",
    "expected_flat_binary_list": "expected a flat list of 0/1 or true/false values",
    "ppi_no_labels": "no labelled units: PPI needs at least one hand label",
    "verdict_counts_differ": "has {count} verdicts but labels has {other_count}; both must describe the same units",
    "expected_two_by_two": "expected a 2x2 table ((n11, n10), (n01, n00))",
})


def _check_count(value: object, name: str) -> int:
    if type(value) is int and value >= 0:  # the common case, checked without the slower ABC test
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise expected_value("whole_number", repr(value), name)
    if value < 0:
        raise must_not_be_negative(str(value), name)
    return int(value)


def check_confidence(confidence: object) -> float:
    """Return ``confidence`` as a float if it lies strictly between 0 and 1."""
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise input_error(PROBLEMS, "expected_number_between", "confidence", low=0, high=1, got=repr(confidence))
    value = float(confidence)
    if not (0.0 < value < 1.0) or math.isnan(value):
        raise input_error(PROBLEMS, "strictly_between", "confidence", low=0, high=1, got=repr(confidence))
    return value


def _check_pair(successes: object, total: object) -> tuple[int, int]:
    successes = _check_count(successes, "successes")
    total = _check_count(total, "total")
    if successes > total:
        raise input_error(PROBLEMS, "successes_exceed_total", "successes", successes=successes, total=total)
    return successes, total


def _clip(successes: int, total: int, low: float, high: float) -> tuple[float, float]:
    # Exact 0 and 1 at the ends: the closed form can land a rounding error outside.
    low = 0.0 if successes == 0 else min(max(float(low), 0.0), 1.0)
    high = 1.0 if successes == total else min(max(float(high), 0.0), 1.0)
    return low, high


def wilson_interval(
    successes: int, total: int, confidence: float = DEFAULT_CONFIDENCE
) -> tuple[float, float] | None:
    """Wilson score interval for ``successes`` out of ``total`` units.

    Parameters
    ----------
    successes : int
        Units that meet the criterion; ``0 <= successes <= total``.
    total : int
        Labelled units. With ``total == 0`` there is nothing to estimate.
    confidence : float
        Coverage of the interval, strictly between 0 and 1 (0.95 gives a 95% interval).

    Returns
    -------
    (low, high) or None
        The bounds from statsmodels' ``proportion_confint(method="wilson")``, clipped to
        [0, 1]; ``None`` when ``total == 0``.

    Raises
    ------
    InputError
        For negative or non-integer counts, ``successes > total``, or a confidence
        outside (0, 1).
    """
    return wilson_intervals([(successes, total)], confidence)[0]


def wilson_intervals(
    counts: Sequence[tuple[int, int]], confidence: float = DEFAULT_CONFIDENCE
) -> list[tuple[float, float] | None]:
    """:func:`wilson_interval` for many ``(successes, total)`` pairs in one statsmodels call.

    Same checks and results as calling :func:`wilson_interval` on each pair; one
    vectorized call is what keeps a thousand-case dataset interactive.
    """
    pairs = [_check_pair(successes, total) for successes, total in counts]
    confidence = check_confidence(confidence)
    nonzero = [i for i, (_, total) in enumerate(pairs) if total > 0]
    result: list[tuple[float, float] | None] = [None] * len(pairs)
    if nonzero:
        lows, highs = proportion_confint(
            np.array([pairs[i][0] for i in nonzero]),
            np.array([pairs[i][1] for i in nonzero]),
            alpha=1.0 - confidence,
            method="wilson",
        )
        for i, low, high in zip(nonzero, np.atleast_1d(lows), np.atleast_1d(highs), strict=True):
            result[i] = _clip(*pairs[i], low, high)
    return result


def count_labels(labels: Sequence[bool | None]) -> tuple[int, int, int]:
    """``(successes, labelled, unlabelled)``: ``True`` succeeds, ``None`` is unlabelled."""
    successes = sum(1 for label in labels if label is True)
    total = sum(1 for label in labels if label is not None)
    return successes, total, len(labels) - total


class NotApplicableError(ValueError):
    """``float()`` of a proportion over zero labelled units: it has no value to give."""


@dataclass(frozen=True)
class Proportion:
    """A rate over labelled units, with its counts and interval.

    ``total`` counts labelled units only; ``unlabelled`` counts units that exist but
    carry no label yet and are left out of the denominator. ``value``, ``low`` and
    ``high`` are ``None`` when ``total == 0`` (not applicable).

    ``float(proportion)`` is its value, so ``float(result.memorization_rate) < 0.01``
    reads as in document 000; for an N/A proportion it raises
    :class:`NotApplicableError` (a ``ValueError``) naming the proportion, never NaN.
    ``name`` (e.g. ``"memorization_rate"``) is only for that message: it is left out of
    equality and of :meth:`to_dict`.
    """

    successes: int
    total: int
    unlabelled: int
    value: float | None
    low: float | None
    high: float | None
    confidence: float = DEFAULT_CONFIDENCE
    name: str = field(default="", compare=False, repr=False)

    @classmethod
    def from_counts(
        cls,
        successes: int,
        total: int,
        unlabelled: int = 0,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> Proportion:
        return cls.with_interval(successes, total, unlabelled, confidence,
                                 wilson_interval(successes, total, confidence))

    @classmethod
    def with_interval(
        cls,
        successes: int,
        total: int,
        unlabelled: int,
        confidence: float,
        interval: tuple[float, float] | None,
    ) -> Proportion:
        """Build from counts and an interval already computed by :func:`wilson_intervals`."""
        unlabelled = _check_count(unlabelled, "unlabelled")
        if interval is None:
            return cls(0, 0, unlabelled, None, None, None, float(confidence))
        return cls(
            int(successes),
            int(total),
            unlabelled,
            successes / total,
            interval[0],
            interval[1],
            float(confidence),
        )

    @classmethod
    def from_labels(cls, labels: Sequence[bool | None], confidence: float = DEFAULT_CONFIDENCE) -> Proportion:
        """Count ``True`` as success, ``False`` as failure and ``None`` as unlabelled."""
        return cls.from_counts(*count_labels(labels), confidence)

    @classmethod
    def many(cls, counts: Sequence[tuple[int, int, int]], confidence: float = DEFAULT_CONFIDENCE) -> list[Proportion]:
        """Proportions for many ``(successes, total, unlabelled)`` triples at once."""
        intervals = wilson_intervals([(s, n) for s, n, _ in counts], confidence)
        confidence = float(confidence)
        result = []
        for (s, n, u), interval in zip(counts, intervals, strict=True):
            u = _check_count(u, "unlabelled")
            if interval is None:
                result.append(cls(0, 0, u, None, None, None, confidence))
            else:
                result.append(cls(int(s), int(n), u, s / n, interval[0], interval[1], confidence))
        return result

    @property
    def is_na(self) -> bool:
        return self.value is None

    def named(self, name: str) -> Proportion:
        """The same proportion, called ``name`` in the error of ``float()`` when it is N/A."""
        return replace(self, name=name)

    def __float__(self) -> float:
        if self.value is None:
            what = f"the proportion {self.name!r}" if self.name else "this proportion"
            raise NotApplicableError(
                f"{what} is N/A: it has no labelled units ({self.unlabelled} unlabelled), so it has no value; "
                "check .is_na or .value first"
            )
        return self.value

    def to_dict(self) -> dict[str, int | float | None]:
        return {
            "successes": self.successes,
            "total": self.total,
            "unlabelled": self.unlabelled,
            "value": self.value,
            "low": self.low,
            "high": self.high,
        }


# ---------------------------------------------------------------- planning a labelling effort

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
    """Newcombe's hybrid score interval for the difference ``s1/n1 - s2/n2`` of two independent proportions.

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
        ``(difference, low, high)`` from statsmodels'
        ``confint_proportions_2indep(method="newcomb", compare="diff")`` (Newcombe 1998,
        method 10, built from the two Wilson intervals), bounds clipped to [-1, 1]. All
        three are ``None`` when ``n1`` or ``n2`` is 0; ``distinguishable`` is then False.

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
    s1, n1 = _check_counts(s1, n1, "s1", "n1")
    s2, n2 = _check_counts(s2, n2, "s2", "n2")
    confidence = check_confidence(confidence)
    if n1 == 0 or n2 == 0:
        return Difference(None, None, None)
    low, high = confint_proportions_2indep(
        s1, n1, s2, n2, method="newcomb", compare="diff", alpha=1.0 - confidence
    )
    return Difference(s1 / n1 - s2 / n2, min(max(float(low), -1.0), 1.0), min(max(float(high), -1.0), 1.0))


def paired_difference_interval(
    both: int, first_only: int, second_only: int, neither: int, confidence: float = DEFAULT_CONFIDENCE
) -> Difference:
    """Newcombe's score interval for the difference of two proportions measured on the same units.

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

MIN_LABELS_FOR_NORMAL = 30
"""Below this many labelled units the ``few_labels`` note warns that the normal approximation may under-cover."""
MIN_DISAGREEMENTS = 10
"""Below this many labelled units where judge and hand label differ, the ``few_disagreements`` note warns."""

PPI_NOTES: Mapping[str, str] = MappingProxyType({
    "clipped": "the normal interval reached outside [0, 1] ({raw_low:.4f} to {raw_high:.4f}, estimate "
               "{raw_estimate:.4f}); the estimate and bounds shown are clipped to [0, 1]",
    "one_judge_verdict": "the judge gave every unit the same verdict, so it carries no information; PPI++ uses "
                         "lambda = 0, the classical interval on the {labelled} hand labels",
    "no_unlabelled_units": "every judged unit is also hand-labelled, so the judge adds nothing; the interval is the "
                           "classical one on the {labelled} hand labels (lambda = 0)",
    "few_labels": "only {labelled} hand labels: the normal approximation behind PPI may cover less often than "
                  "stated; label at least {minimum}",
    "few_disagreements": "the judge and the hand labels disagree on {disagreements} of the {labelled} labelled "
                         "units ({judge_yes} judge-yes/human-no, {judge_no} judge-no/human-yes); the correction "
                         "rests on so few units that the interval can be too narrow, more so when they all go "
                         "one way",
    "worth_undefined_labels": "what the judge is worth in hand labels is undefined here: the {labelled} hand "
                              "labels are all the same, so their estimated variance is 0",
    "worth_undefined_ppi": "what the judge is worth in hand labels is undefined here: the estimated variance of "
                           "the PPI estimate is 0",
})


@dataclass(frozen=True)
class PPIInterval:
    """A prediction-powered interval for a proportion, with what it is compared with.

    ``estimate``, ``low`` and ``high`` are clipped to [0, 1] (``ppi_py`` does not clip; the
    ``clipped`` note gives the raw values when clipping changed anything). ``lam`` is 1 for
    plain PPI and the tuned value for PPI++ (0 for a judge with one verdict everywhere).
    ``classical`` is the Wilson interval on the hand labels alone; ``judge_only`` the Wilson
    interval on the judge's verdicts over every judged unit (labelled and unlabelled), the
    judge's figure taken at face value. ``effective_labels`` is
    ``labelled * var(classical estimate) / var(PPI estimate)``: how many hand labels alone would
    give the PPI interval's precision; ``judge_worth`` is that minus ``labelled`` (negative when
    the judge costs precision). Both are ``None`` when a variance is 0 (see ``notes``).
    """

    estimate: float
    low: float
    high: float
    standard_error: float
    lam: float
    tuned: bool
    labelled: int
    unlabelled: int
    table: tuple[tuple[int, int], tuple[int, int]]
    judge_positive_unlabelled: int
    classical: Proportion
    judge_only: Proportion
    effective_labels: float | None
    judge_worth: float | None
    notes: tuple[Note, ...]
    confidence: float = DEFAULT_CONFIDENCE

    @property
    def disagreements(self) -> int:
        return self.table[0][1] + self.table[1][0]

    def to_dict(self) -> dict[str, object]:
        return {
            "method": "ppi++" if self.tuned else "ppi",
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "standard_error": self.standard_error,
            "lambda": self.lam,
            "confidence": self.confidence,
            "labelled": self.labelled,
            "unlabelled": self.unlabelled,
            "table": {"label_1_judge_1": self.table[0][0], "label_1_judge_0": self.table[0][1],
                      "label_0_judge_1": self.table[1][0], "label_0_judge_0": self.table[1][1]},
            "judge_positive_unlabelled": self.judge_positive_unlabelled,
            "classical": self.classical.to_dict(),
            "judge_only": self.judge_only.to_dict(),
            "effective_labels": self.effective_labels,
            "judge_worth": self.judge_worth,
            "notes": notes_to_dicts(self.notes, PPI_NOTES),
        }


def _binary_array(values: object, name: str) -> NDArray[np.bool_]:
    """``values`` (a list, tuple, numpy array or pandas Series of 0/1 or booleans) as a boolean array."""
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise expected_value("list_of_binary", type(values).__name__, name)
    try:
        array = np.asarray(values) if len(values) else np.zeros(0, dtype=bool)
    except ValueError:  # ragged nesting: the loop below names the first bad value
        array = np.zeros((0, 0))
    if array.ndim == 1 and array.dtype.kind == "b":
        return array
    if array.ndim == 1 and array.dtype.kind in "iuf":
        bad = np.flatnonzero((array != 0) & (array != 1))
        if bad.size == 0:
            return array == 1
        first = int(bad[0])
        raise expected_value("binary", repr(array[first].item()), f"{name}[{first}]")
    for i, value in enumerate(list(values)):  # mixed or non-numeric content: find the first bad value
        if not (isinstance(value, bool | np.bool_) or (isinstance(value, numbers.Real) and value in (0, 1))):
            raise expected_value("binary", repr(value), f"{name}[{i}]")
    raise input_error(PROBLEMS, "expected_flat_binary_list", name)


def ppi_mean_interval(
    labels: Sequence[bool | int],
    judge_on_labelled: Sequence[bool | int],
    judge_on_unlabelled: Sequence[bool | int],
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
) -> PPIInterval:
    """Prediction-powered interval for a proportion from a few hand labels and many judge verdicts.

    Parameters
    ----------
    labels : sequence of 0/1 or bool
        Hand labels of the labelled units (at least one). PPI assumes these units are a
        uniform random sample of the judged units.
    judge_on_labelled : sequence of 0/1 or bool
        The judge's verdicts on the same units, in the same order.
    judge_on_unlabelled : sequence of 0/1 or bool
        The judge's verdicts on the units without a hand label (may be empty: then the result
        is the classical interval, with a note).
    confidence : float
        Coverage, strictly between 0 and 1.
    tuned : bool
        False: plain PPI (lambda = 1, Angelopoulos et al. 2023). True: PPI++ (Angelopoulos,
        Duchi and Zrnic 2024) with lambda estimated and clipped to [0, 1] as ``ppi_py`` does;
        lambda = 0 with a note when the judge gave every unit one verdict.

    Returns
    -------
    PPIInterval
        Before clipping, equal to ``ppi_py.ppi_mean_pointestimate`` and ``ppi_py.ppi_mean_ci``
        (``lam=1`` or ``lam=None``, ``alpha = 1 - confidence``) to rounding; see
        :mod:`uncase_core.stats.ppi` for the formulas.

    Raises
    ------
    InputError
        With no labelled units (``labels``), lengths that differ (``judge_on_labelled``), a value
        that is not 0, 1, true or false (``labels[3]`` and the like), or a confidence outside (0, 1).
    """
    confidence = check_confidence(confidence)
    y = _binary_array(labels, "labels")
    f = _binary_array(judge_on_labelled, "judge_on_labelled")
    g = _binary_array(judge_on_unlabelled, "judge_on_unlabelled")
    if y.size == 0:
        raise input_error(PROBLEMS, "ppi_no_labels", "labels")
    if f.size != y.size:
        raise input_error(PROBLEMS, "verdict_counts_differ", "judge_on_labelled", count=int(f.size),
                          other_count=int(y.size))
    n11 = int(np.count_nonzero(y & f))
    n10 = int(np.count_nonzero(y)) - n11
    n01 = int(np.count_nonzero(f)) - n11
    n00 = y.size - n11 - n10 - n01
    return ppi_interval_from_counts(((n11, n10), (n01, n00)), int(np.count_nonzero(g)), g.size, confidence, tuned)


def ppi_interval_from_counts(
    table: Sequence[Sequence[int]],
    judge_positive_unlabelled: int,
    unlabelled: int,
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
) -> PPIInterval:
    """:func:`ppi_mean_interval` from counts.

    ``table`` is ``((label 1 & judge 1, label 1 & judge 0), (label 0 & judge 1, label 0 & judge 0))``
    over the labelled units; ``judge_positive_unlabelled`` of the ``unlabelled`` units were judged 1.
    """
    confidence = check_confidence(confidence)
    try:
        (n11, n10), (n01, n00) = table
    except (TypeError, ValueError):
        raise input_error(PROBLEMS, "expected_two_by_two", "table") from None
    n11, n10, n01, n00 = (_check_count(v, f"table[{i // 2}][{i % 2}]") for i, v in enumerate((n11, n10, n01, n00)))
    m1, m = _check_counts(judge_positive_unlabelled, unlabelled, "judge_positive_unlabelled", "unlabelled")
    n = n11 + n10 + n01 + n00
    if n == 0:
        raise input_error(PROBLEMS, "ppi_no_labels", "labels")
    notes: list[Note] = []
    if m == 0:
        lam = 0.0
        notes.append(Note.of("no_unlabelled_units", labelled=n))
    elif tuned:
        lam_array, undefined = tuned_lambda(n11, n10, n01, n00, m1, m)
        lam = float(lam_array)
        if bool(undefined):
            notes.append(Note.of("one_judge_verdict", labelled=n))
    else:
        lam = 1.0
    estimate, se = (float(v) for v in ppi_estimate(n11, n10, n01, n00, m1, m, lam))
    z = _z(confidence)
    raw_low, raw_high = estimate - z * se, estimate + z * se
    clipped = tuple(min(max(v, 0.0), 1.0) for v in (estimate, raw_low, raw_high))
    if clipped != (estimate, raw_low, raw_high):
        notes.append(Note.of("clipped", raw_estimate=estimate, raw_low=raw_low, raw_high=raw_high))
    if n < MIN_LABELS_FOR_NORMAL:
        notes.append(Note.of("few_labels", labelled=n, minimum=MIN_LABELS_FOR_NORMAL))
    if n10 + n01 < MIN_DISAGREEMENTS and m > 0:
        notes.append(Note.of("few_disagreements", disagreements=n10 + n01, labelled=n, judge_yes=n01, judge_no=n10))
    variance_classical = float(classical_variance(n11, n10, n01, n00))
    effective = worth = None
    if se > 0 and variance_classical > 0:
        effective = n * variance_classical / (se * se)
        worth = effective - n
    else:
        notes.append(Note.of("worth_undefined_labels", labelled=n) if variance_classical == 0
                     else Note.of("worth_undefined_ppi"))
    classical, judge_only = Proportion.many([(n11 + n10, n, 0), (n11 + n01 + m1, n + m, 0)], confidence)
    return PPIInterval(
        clipped[0], clipped[1], clipped[2], se, lam, bool(tuned), n, m, ((n11, n10), (n01, n00)), m1,
        classical, judge_only, effective, worth, tuple(notes), confidence)
