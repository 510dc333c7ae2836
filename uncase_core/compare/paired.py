"""Two systems judged on the same cases: the paired 2x2 table, its difference and how many pairs would tell it.

Each case gives one pass/fail (or ``None``, not judged) for system A and one for system B. The
pair is the unit: ``both`` pass, ``only_a`` passes, ``only_b`` passes, ``neither`` passes, and a
pair with ``None`` on either side is dropped. Treating the two systems as independent samples
ignores that they answered the same questions; the paired interval and McNemar's test use only
what differs between the two answers to each case.

- :func:`paired_difference`: the table, ``rate_b - rate_a`` with Bonett and Price's (2012) paired interval
  (:func:`uncase_core.stats.differences.paired_difference_interval`, chosen by simulation at fixed truths)
  and the exact McNemar p-value (statsmodels).
- :func:`mcnemar_sample_size`: how many pairs a McNemar test needs to tell a difference
  (Connor 1987), given the two discordant proportions.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import expected_in_range, expected_value, input_error
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.stats.differences import paired_difference_interval
from uncase_core.stats.planning import MAX_SAMPLE_SIZE
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence
from uncase_core.stats.verdicts import EXACT_SEARCH_LIMIT, pairs_for_power

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "paired_lengths_differ": "has {count} values but a has {other_count}; both must give one value per case, "
                             "in the same order",
})

# The notes a paired result carries, by code, and their English (the pages word them as ``compare.note.<code>``).
PAIRED_NOTES: Mapping[str, str] = MappingProxyType({
    "no_pairs": "no case has a value for both systems, so there is no difference, interval or p-value",
    "no_discordant_pairs": "the two systems agree on every case, so the difference is 0 and McNemar's p-value is 1",
    "pairs_dropped": "cases left out because a system has no value for them: {count}",
})
SAMPLE_SIZE_NOTES: Mapping[str, str] = MappingProxyType({
    "no_pairs": "no case has a value for both systems, so there is no difference to plan for",
    "no_difference": "the systems flip as many cases one way as the other, so no number of pairs tells a "
                     "difference of this size (0)",
    "beyond_limit": "more than {limit:,} pairs would be needed to tell a difference this small",
    "approximate": "past {limit:,} pairs the number is Connor's normal approximation, which the exact test matches "
                   "closely there",
})

DEFAULT_POWER = 0.80
MIN_POWER = 0.5
MAX_POWER = 0.999

_LABEL_TYPES = frozenset({bool, type(None)})


def _checked(values: object, name: str) -> list[bool | None]:
    """``values`` as a list if every one is True, False or None (numpy booleans converted); else the bad one's place."""
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise expected_value("list_of_true_false_null", type(values).__name__, name)
    result = list(values)  # type: ignore[call-overload]
    for i, value in enumerate(result):
        if type(value) is np.bool_:
            result[i] = bool(value)
        elif type(value) not in _LABEL_TYPES:  # by type: 1 == True, so a value test would let 1 and 0 through
            raise expected_value("true_false_null", repr(value), f"{name}[{i}]")
    return result


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise expected_value("non_negative_whole_number", repr(value), name)
    return int(value)


@dataclass(frozen=True, kw_only=True)
class PairedDifference:
    """The paired 2x2 table of two systems on the same cases, the difference B - A and its uncertainty.

    ``pairs = both + only_a + only_b + neither`` cases have a value for both systems; ``dropped``
    cases lack one. ``rate_a`` and ``rate_b`` are each system's pass rate over the pairs (Wilson
    intervals; ``unlabelled`` is ``dropped``). ``difference = rate_b - rate_a =
    (only_b - only_a) / pairs``; ``low`` and ``high`` are Bonett and Price's paired interval,
    clipped to [-1, 1]; ``p_value`` is the exact two-sided McNemar test. With no pair, the
    difference, interval and p-value are ``None`` (never NaN) and ``notes`` says why.
    """

    pairs: int
    both: int
    only_a: int
    only_b: int
    neither: int
    dropped: int
    rate_a: Proportion
    rate_b: Proportion
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    confidence: float

    @property
    def discordant(self) -> int:
        """Pairs on which the systems disagree (``only_a + only_b``): all McNemar's test looks at."""
        return self.only_a + self.only_b

    @property
    def table(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``((both, only_a), (only_b, neither))``: rows A pass / A fail, columns B pass / B fail."""
        return (self.both, self.only_a), (self.only_b, self.neither)

    @property
    def distinguishable(self) -> bool:
        """True when the interval excludes 0."""
        return self.low is not None and self.high is not None and (self.low > 0.0 or self.high < 0.0)

    @property
    def notes(self) -> tuple[Note, ...]:
        notes = []
        if self.pairs == 0:
            notes.append(Note.of("no_pairs"))
        elif self.discordant == 0:
            notes.append(Note.of("no_discordant_pairs"))
        if self.dropped:
            notes.append(Note.of("pairs_dropped", count=self.dropped))
        return tuple(notes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs, "both": self.both, "only_a": self.only_a, "only_b": self.only_b,
            "neither": self.neither, "dropped": self.dropped,
            "rate_a": self.rate_a.to_dict(), "rate_b": self.rate_b.to_dict(),
            "difference": self.difference, "low": self.low, "high": self.high, "p_value": self.p_value,
            "confidence": self.confidence, "notes": notes_to_dicts(self.notes, PAIRED_NOTES),
        }


def paired_table(both: int, only_a: int, only_b: int, neither: int, dropped: int = 0,
                 confidence: float = DEFAULT_CONFIDENCE) -> PairedDifference:
    """:func:`paired_difference` from the four cells already counted (each a whole number, not negative)."""
    from statsmodels.stats.contingency_tables import mcnemar

    both, only_a, only_b, neither, dropped = (
        _count(value, name) for value, name in ((both, "both"), (only_a, "only_a"), (only_b, "only_b"),
                                                (neither, "neither"), (dropped, "dropped")))
    # B is the "first" classification, so p1 - p2 is rate_b - rate_a; the checks name the cells.
    interval = paired_difference_interval(both, only_b, only_a, neither, confidence)
    confidence = float(confidence)
    pairs = both + only_a + only_b + neither
    rate_a, rate_b = Proportion.many([(both + only_a, pairs, dropped), (both + only_b, pairs, dropped)], confidence)
    p_value = None
    if pairs:
        # statsmodels: two-sided binomial test of min(only_a, only_b) among the discordant pairs, 1 when there are none
        p_value = float(mcnemar([[both, only_a], [only_b, neither]], exact=True).pvalue)
    return PairedDifference(pairs=pairs, both=both, only_a=only_a, only_b=only_b, neither=neither, dropped=dropped,
                            rate_a=rate_a, rate_b=rate_b, difference=interval.difference, low=interval.low,
                            high=interval.high, p_value=p_value, confidence=confidence)


def paired_difference(
    a: Sequence[bool | None], b: Sequence[bool | None], confidence: float = DEFAULT_CONFIDENCE
) -> PairedDifference:
    """Compare two systems' pass/fail on the same cases, pair by pair.

    Parameters
    ----------
    a, b : sequence of True, False or None
        ``a[i]`` and ``b[i]`` are systems A and B on case ``i`` (numpy booleans are accepted);
        ``None`` means not judged and drops the pair.
    confidence : float
        Coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    PairedDifference
        The table, ``difference = rate_b - rate_a`` with Bonett and Price's (2012) adjusted Wald interval
        for paired proportions (:func:`uncase_core.stats.differences.paired_difference_interval`),
        and ``p_value``, the exact two-sided McNemar test (statsmodels'
        ``mcnemar(table, exact=True)``; 1 when no pair is discordant). ``None`` with no pair.

    Raises
    ------
    InputError
        When ``a`` or ``b`` is not a sequence, holds something other than True, False or None
        (``a[3]``), or the two have different lengths (``b``).

    References
    ----------
    Bonett, D. G. and Price, R. M. (2012). Adjusted Wald confidence interval for a difference of binomial
    proportions based on paired data. Journal of Educational and Behavioral Statistics 37, 479-488.
    McNemar, Q. (1947). Note on the sampling error of the difference between correlated
    proportions or percentages. Psychometrika 12, 153-157.
    """
    a, b = _checked(a, "a"), _checked(b, "b")
    if len(a) != len(b):
        raise input_error(PROBLEMS, "paired_lengths_differ", "b", count=len(b), other_count=len(a))
    confidence = check_confidence(confidence)
    cells = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
    dropped = 0
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:
            dropped += 1
        else:
            cells[x, y] += 1
    return paired_table(cells[True, True], cells[True, False], cells[False, True], cells[False, False], dropped,
                        confidence)


# ---------------------------------------------------------------- how many pairs


def check_power(power: object, where: str = "power") -> float:
    """``power`` as a float from :data:`MIN_POWER` to :data:`MAX_POWER`."""
    if isinstance(power, bool) or not isinstance(power, numbers.Real) or math.isnan(float(power)) \
            or not MIN_POWER <= float(power) <= MAX_POWER:
        raise expected_in_range("number", MIN_POWER, MAX_POWER, repr(power), where)
    return float(power)


def _check_share(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(float(value)) \
            or not 0.0 <= float(value) <= 1.0:
        raise expected_in_range("number", 0, 1, repr(value), where)
    return float(value)


def mcnemar_sample_size(
    p_only_a: float, p_only_b: float, confidence: float = DEFAULT_CONFIDENCE, power: float = DEFAULT_POWER
) -> int | None:
    """Pairs a two-sided McNemar test needs to tell ``p_only_b - p_only_a`` from 0 (Connor 1987).

    With ``psi = p_only_a + p_only_b`` (the share of discordant pairs) and
    ``delta = p_only_b - p_only_a`` (the difference of the two pass rates), at level
    ``alpha = 1 - confidence`` and the given power::

        n = (z_{1 - alpha/2} * sqrt(psi) + z_{power} * sqrt(psi - delta**2))**2 / delta**2

    rounded up: the normal approximation of McNemar's test (Connor 1987, p. 209). The exact test
    may need a few pairs more when ``n`` is small. statsmodels 0.15 has no paired sample size, so
    the formula is written here; the tests hold it to Connor's formula as published with a worked
    example (``p_only_b = 0.45``, ``p_only_a = 0.05``: 23 pairs at 95 % and 80 % power) and check
    that ``n`` pairs reach the power and ``n - 1`` do not.

    Returns ``None`` when ``p_only_a == p_only_b`` (no difference to tell) and when more than
    :data:`uncase_core.stats.planning.MAX_SAMPLE_SIZE` pairs would be needed.

    Raises
    ------
    InputError
        When a share lies outside [0, 1] or they sum above 1, the confidence is outside (0, 1),
        or the power outside [:data:`MIN_POWER`, :data:`MAX_POWER`].

    References
    ----------
    Connor, R. J. (1987). Sample size for testing differences in proportions for the
    paired-sample design. Biometrics 43, 207-211.
    """
    from scipy.stats import norm

    p10, p01 = _check_share(p_only_a, "p_only_a"), _check_share(p_only_b, "p_only_b")
    if p10 + p01 > 1.0 + 1e-12:
        raise expected_in_range("number", 0, round(1.0 - p10, 12), repr(p_only_b), "p_only_b")
    confidence, power = check_confidence(confidence), check_power(power)
    delta, psi = p01 - p10, p10 + p01
    # psi >= |delta|, so n >= z**2 / |delta| > MAX_SAMPLE_SIZE for any smaller difference (and delta**2 may be 0)
    if abs(delta) < 1e-10:
        return None
    z_alpha, z_beta = float(norm.ppf(1.0 - (1.0 - confidence) / 2.0)), float(norm.ppf(power))
    n = (z_alpha * math.sqrt(psi) + z_beta * math.sqrt(max(psi - delta * delta, 0.0))) ** 2 / (delta * delta)
    if not n <= MAX_SAMPLE_SIZE:
        return None
    return max(1, math.ceil(n - 1e-9))  # 23.0000000001 from rounding is 23 pairs


@dataclass(frozen=True)
class PairedSampleSize:
    """How many case pairs would tell a difference of the size seen, at ``confidence`` and ``power``.

    ``pairs_needed`` is the fewest pairs at which the exact McNemar test the page decides with reaches ``power``
    at the observed discordant shares (``only_a / pairs`` and ``only_b / pairs``;
    :func:`uncase_core.stats.verdicts.pairs_for_power`): Connor's normal approximation
    (:func:`mcnemar_sample_size`) promised 4 pairs where the exact test's power is 0, and 0.73-0.79 at its other
    small answers. ``more_pairs`` is how many beyond the ``pairs`` there are (0 when there are enough).
    Both ``None`` when no size applies; ``notes`` says why.
    """

    pairs: int
    pairs_needed: int | None
    more_pairs: int | None
    p_only_a: float | None
    p_only_b: float | None
    confidence: float
    power: float
    exact: bool = True  # False: Connor's normal approximation, past EXACT_SEARCH_LIMIT pairs

    @property
    def notes(self) -> tuple[Note, ...]:
        if self.pairs == 0:
            return (Note.of("no_pairs"),)
        if self.p_only_a == self.p_only_b:
            return (Note.of("no_difference"),)
        if self.pairs_needed is None:
            return (Note.of("beyond_limit", limit=MAX_SAMPLE_SIZE),)
        if not self.exact:
            return (Note.of("approximate", limit=EXACT_SEARCH_LIMIT),)
        return ()

    def to_dict(self) -> dict[str, Any]:
        return {"pairs": self.pairs, "pairs_needed": self.pairs_needed, "more_pairs": self.more_pairs,
                "p_only_a": self.p_only_a, "p_only_b": self.p_only_b, "confidence": self.confidence,
                "power": self.power, "exact": self.exact, "notes": notes_to_dicts(self.notes, SAMPLE_SIZE_NOTES)}


def paired_sample_size(paired: PairedDifference, power: float = DEFAULT_POWER) -> PairedSampleSize:
    """The pairs the exact McNemar test needs at the discordant shares ``paired`` observed, and how many more
    that is (:class:`PairedSampleSize`)."""
    return _sample_size(paired.pairs, paired.only_a, paired.only_b, paired.confidence, check_power(power))


def _sample_size(pairs: int, only_a: int, only_b: int, confidence: float, power: float) -> PairedSampleSize:
    """:func:`paired_sample_size` of these counts (the compare page keeps them by their counts in its session:
    :class:`uncase_core.compare.systems.KeptComparison`)."""
    if pairs == 0:
        return PairedSampleSize(0, None, None, None, None, confidence, power)
    p10, p01 = only_a / pairs, only_b / pairs
    approximate = mcnemar_sample_size(p10, p01, confidence, power)
    if approximate is None or approximate > EXACT_SEARCH_LIMIT:
        # Beyond some tens of thousands of pairs the exact and the normal test agree to a pair in a thousand, and
        # the exact search would take minutes: Connor's figure, said to be an approximation.
        return PairedSampleSize(pairs, approximate, None if approximate is None else
                                max(0, approximate - pairs), p10, p01, confidence, power,
                                exact=approximate is None)
    # The exact test needs at least about what the normal approximation says: start the search below it.
    needed = pairs_for_power(p10, p01, confidence, power, MAX_SAMPLE_SIZE, start=max(1, approximate // 2))
    more = None if needed is None else max(0, needed - pairs)
    return PairedSampleSize(pairs, needed, more, p10, p01, confidence, power)
