"""Proportions of labelled units and their Wilson score intervals.

Every rate the playground shows is a :class:`Proportion`: the counts it was made from,
the estimate and its interval. A proportion over zero labelled units is not applicable
(``value is None``), never NaN and never 0. The checks of counts and confidence levels that the
other statistics modules share are here too.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import numpy as np

from uncase_core.errors import expected_value, input_error, must_not_be_negative
from uncase_core.stats.distributions import norm_isf

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
        The bounds of statsmodels' ``proportion_confint(method="wilson")`` (the same
        closed form, :func:`_wilson_bounds`), clipped to
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
    """:func:`wilson_interval` for many ``(successes, total)`` pairs in one vectorized step.

    Same checks and results as calling :func:`wilson_interval` on each pair; one
    vectorized step is what keeps a thousand-case dataset interactive.
    """
    pairs = [_check_pair(successes, total) for successes, total in counts]
    confidence = check_confidence(confidence)
    nonzero = [i for i, (_, total) in enumerate(pairs) if total > 0]
    result: list[tuple[float, float] | None] = [None] * len(pairs)
    if nonzero:
        lows, highs = _wilson_bounds(
            np.array([pairs[i][0] for i in nonzero], dtype=np.double),
            np.array([pairs[i][1] for i in nonzero], dtype=np.double),
            1.0 - confidence,
        )
        for i, low, high in zip(nonzero, lows.tolist(), highs.tolist(), strict=True):
            result[i] = _clip(*pairs[i], low, high)
    return result


def _wilson_bounds(count_a: np.ndarray, nobs_a: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """statsmodels' ``proportion_confint(count, nobs, alpha, method="wilson")``, the same operations in the same
    order on the same float arrays, so the same bounds to the last digit.

    Why not statsmodels itself: importing ``statsmodels.stats.proportion`` pulls in scipy.stats, pandas and pyarrow,
    about 1.2 s of the 1.3 s that ``python -m uncase_core rag`` took on ten cases (``-X importtime``, 2026-12-06),
    for these eight lines. ``tests/core/stats/test_wilson_closed_form.py`` compares them with statsmodels on many
    random pairs and confidences, to 1e-12 and for equality.
    """
    q_ = count_a / nobs_a
    crit = np.float64(norm_isf(alpha / 2.0))
    crit2 = crit**2
    denom = 1 + crit2 / nobs_a
    center = (q_ + crit2 / (2 * nobs_a)) / denom
    dist = crit * np.sqrt(q_ * (1.0 - q_) / nobs_a + crit2 / (4.0 * nobs_a**2))
    dist /= denom
    return np.clip(center - dist, 0, 1), np.clip(center + dist, 0, 1)


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
