"""When a figure may be called clear against a threshold: one rule for every page's pass/fail verdict.

A verdict "fails (clear)" or "passes (clear)" is a claim about the true rate; it is honest only if, when the true
rate sits at the threshold, it is made at most as often as the level says (``1 - confidence``). Wilson's interval
alone does not hold that with few units: 0 of 2 at a 70% threshold has a Wilson interval ending at 65.8%, below 70%,
yet a true 70% gives 0 of 2 in 9% of cases. So a verdict is clear only when both agree:

- the interval drawn beside it lies on one side of the threshold (what the reader sees), and
- where the units are independent draws (one case's units, document 001's model), the exact one-sided binomial test
  of "the true rate is at the threshold" has ``p <= 1 - confidence`` on that side; its false rate is at most the
  level at every true rate by construction (the binomial tail is exact), which ``bench/coverage.py`` measures.

Where the interval already counts cases as the independent draws (a dataset's pooled rate, ``stats/clustered.py``),
no unit-level test is valid, and the interval's own measured coverage is the rule.

Otherwise the verdict is ``uncertain``; :func:`exact_disagrees` tells a page that the interval alone would have
called it, so it can say why (the units are too few for the exact test).

Several threshold verdicts said together (a case's four dimensions in one diagnosis, a conversation's fidelity and
coherence) are one claim to the reader ("this case fails"): with every dimension exactly at its threshold, four
verdicts each false at most 5% said a failure in up to 15% of cases (``bench/coverage.py``). So, as the compare
page's verdicts (:mod:`uncase_core.stats.verdicts`), they are corrected with Holm's step-down procedure
(:func:`holm_clear`): each test is asked whether it holds at a level, and the family's false rate is at most the
level whatever the dependence between the dimensions (faithfulness and correctness count the same claims). A
composite (a weighted mean or the minimum of dimensions, the threshold explorer's) is judged by Bonferroni's exact
bounds (:func:`composite_certainty`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import numpy as np

from uncase_core.stats.distributions import binom_cdf, binom_sf, norm_sf  # scipy.special's: see that module
from uncase_core.stats.proportions import Proportion

Certainty = Literal["clear", "uncertain"]


def exact_one_sided_p(successes: int, total: int, threshold: float) -> float:
    """The exact binomial p-value that the true rate is at ``threshold``, on the side the estimate lies: below it,
    ``P(X <= successes)``; at or above it, ``P(X >= successes)``. 1.0 with no unit."""
    if total <= 0:
        return 1.0
    if successes / total < threshold:
        return float(binom_cdf(successes, total, threshold))
    if threshold <= 0.0:  # no true rate lies below 0: a pass at a threshold of 0 cannot be false
        return 0.0
    return float(binom_sf(successes - 1, total, threshold))


def exact_one_sided_p_many(successes: np.ndarray, totals: np.ndarray, threshold: float) -> np.ndarray:
    """:func:`exact_one_sided_p` of arrays of counts at once (1.0 where a total is 0): a sweep over thousands of
    cases and every threshold of a grid."""
    successes, totals = np.asarray(successes), np.asarray(totals)
    with np.errstate(divide="ignore", invalid="ignore"):
        below = successes < threshold * totals
    above = 0.0 if threshold <= 0.0 else binom_sf(successes - 1, totals, threshold)
    p = np.where(below, binom_cdf(successes, totals, threshold), above)
    return np.where(totals > 0, p, 1.0)


def exact_one_sided_p_each(successes: np.ndarray, totals: np.ndarray, threshold: float) -> np.ndarray:
    """:func:`exact_one_sided_p` of each count, to the last digit: the same side test (``successes / total <
    threshold``, where :func:`exact_one_sided_p_many` multiplies) and the same binomial calls, made on arrays (the
    threshold explorer's standings of 5,000 cases, a step of its slider)."""
    successes, totals = np.asarray(successes, dtype=np.int64), np.asarray(totals, dtype=np.int64)
    p = np.ones(len(totals))
    some = totals > 0
    s, n = successes[some], totals[some]
    below = s / n < threshold
    above = np.zeros(len(n)) if threshold <= 0.0 else binom_sf(s - 1, n, threshold)
    p[some] = np.where(below, binom_cdf(s, n, threshold), above)
    return p


def interval_sides(proportion: Proportion, threshold: float) -> bool:
    """Whether the proportion's interval lies on one side of ``threshold`` (fail when ``value < threshold``)."""
    return not (proportion.low < threshold <= proportion.high)  # type: ignore[operator]


def threshold_certainty(proportion: Proportion, threshold: float, units_independent: bool = True) -> Certainty | None:
    """``clear`` or ``uncertain`` (see the module docstring); None for an N/A proportion."""
    if proportion.value is None:
        return None
    if not interval_sides(proportion, threshold):
        return "uncertain"
    if units_independent and exact_disagrees(proportion, threshold):
        return "uncertain"
    return "clear"


def exact_disagrees(proportion: Proportion, threshold: float) -> bool:
    """The interval lies on one side of the threshold but the exact test does not reject at the level: too few
    units for a clear verdict although the interval looks it."""
    if proportion.value is None or not interval_sides(proportion, threshold):
        return False
    return exact_one_sided_p(proportion.successes, proportion.total, threshold) > 1.0 - proportion.confidence


def units_for_exact(proportion: Proportion, threshold: float, limit: int = 10_000) -> int | None:
    """How many labelled units, at the same observed rate, the exact test needs to agree with a clear verdict (what a
    page says it needs); None when the rate sits on the threshold or no count up to ``limit`` does."""
    if proportion.value is None or proportion.value == threshold:
        return None
    alpha = 1.0 - proportion.confidence
    for total in range(max(proportion.total, 1), limit + 1):
        successes = round(proportion.value * total)
        if (successes / total < threshold) == (proportion.value < threshold) \
                and exact_one_sided_p(successes, total, threshold) <= alpha:
            return total
    return None


def unit_threshold_p_value(proportion: Proportion, threshold: float) -> float:
    """One p-value for :func:`threshold_certainty` with independent units, so that a correction over several verdicts
    can take it: the larger of Wilson's two-sided score p-value (its interval leaves ``threshold`` out exactly when
    that is at most ``1 - confidence``) and the exact one-sided binomial p-value. For one verdict, ``<= 1 -
    confidence`` is "clear" (up to the interval's clipping at 0 and 1). 1.0 for an N/A proportion."""
    if proportion.value is None or proportion.total <= 0 or not 0.0 < threshold < 1.0:
        return 1.0
    score = abs(proportion.value - threshold) / math.sqrt(threshold * (1.0 - threshold) / proportion.total)
    return max(float(2.0 * norm_sf(score)), exact_one_sided_p(proportion.successes, proportion.total, threshold))
# ---------------------------------------------------------------- several verdicts said together


LevelTest = Callable[[float], bool]  # does this verdict hold at the level given (a one-sided test's alpha)?


def holm_clear(tests: Sequence[LevelTest], alpha: float) -> list[bool]:
    """Holm's step-down procedure over verdicts given as level tests: ``tests[i](level)`` says whether verdict ``i``
    is clear at ``level``. With ``m`` tests, the one that holds at ``alpha / m`` is clear, then one of the rest at
    ``alpha / (m - 1)``, and so on until none holds. This is Holm's procedure on the p-values the tests imply (the
    smallest remaining p-value is at most a level exactly when some remaining test holds at it), written with tests
    so that a verdict whose p-value is not available in closed form (an interval with cases as clusters) takes part
    by recomputing its interval at each level."""
    clear = [False] * len(tests)
    remaining = list(range(len(tests)))
    while remaining:
        level = alpha / len(remaining)
        found = next((i for i in remaining if tests[i](level)), None)
        if found is None:
            break
        clear[found] = True
        remaining.remove(found)
    return clear


def unit_level_test(proportion: Proportion, threshold: float) -> LevelTest:
    """One case's verdict as a level test: the drawn interval lies on one side of the threshold and the exact
    one-sided binomial test has ``p <= level`` (at ``level = 1 - confidence`` this is :func:`threshold_certainty`)."""
    sided = proportion.value is not None and interval_sides(proportion, threshold)
    p = exact_one_sided_p(proportion.successes, proportion.total, threshold) if sided else 1.0
    return lambda level: sided and p <= level + 1e-12


def interval_level_test(proportion: Proportion, threshold: float,
                        interval_at: Callable[[float], tuple[float | None, float | None]]) -> LevelTest:
    """A verdict read from an interval that counts cases, not units, as the draws (no unit-level test is valid):
    it holds at ``level`` when the drawn interval lies on one side and the interval at confidence ``1 - level``
    (``interval_at``, the same method at another level) does too (at ``level = 1 - confidence``, the drawn one)."""
    sided = proportion.value is not None and interval_sides(proportion, threshold)

    def holds(level: float) -> bool:
        if not sided:
            return False
        if abs(level - (1.0 - proportion.confidence)) < 1e-12:
            return True
        low, high = interval_at(1.0 - level)
        return low is not None and high is not None and not (low < threshold <= high)

    return holds


def family_certainties(tests: Sequence[LevelTest | None], confidence: float) -> list[Certainty | None]:
    """``clear`` or ``uncertain`` for verdicts said together (Holm over those that apply); None where ``tests[i]``
    is None (an N/A figure)."""
    present = [i for i, test in enumerate(tests) if test is not None]
    clear = holm_clear([tests[i] for i in present], 1.0 - confidence)  # type: ignore[misc]
    result: list[Certainty | None] = [None] * len(tests)
    for i, is_clear in zip(present, clear, strict=True):
        result[i] = "clear" if is_clear else "uncertain"
    return result


# ---------------------------------------------------------------- a composite of dimensions


def exact_bounds(successes: int, total: int, tail: float) -> tuple[float, float]:
    """Clopper and Pearson's one-sided exact bounds at ``tail`` each: the true rate is below ``low`` with chance at
    most ``tail``, and above ``high`` with chance at most ``tail``, at every true rate."""
    from scipy.stats import beta  # here: only the threshold explorer's composite asks, and scipy.stats costs ~1 s

    low = 0.0 if successes == 0 else float(beta.ppf(tail, successes, total - successes + 1))
    high = 1.0 if successes == total else float(beta.ppf(1.0 - tail, successes + 1, total - successes))
    return low, high


def composite_certainty(metrics: Mapping[str, Proportion], weights: Mapping[str, float], aggregation: str,
                        threshold: float, value: float, tolerance: float = 0.0) -> Certainty:
    """The threshold explorer's verdict on a composite of dimensions (``weights``: the used ones, summing to 1;
    ``aggregation`` ``"mean"`` or ``"min"``): clear when the composite of the dimensions' exact one-sided bounds,
    each at ``level / m`` for ``m`` dimensions (Bonferroni), lies on the side of the threshold its value lies on.

    Why it holds: with chance at least ``1 - level`` every true rate lies within its bounds together, and then the
    true composite (a weighted mean or a minimum, which rise with every rate) lies between the composites of the
    bounds; so a composite whose true value is on the other side of the threshold is called clear at most ``level``
    of the time, whatever the dependence between the dimensions. With one dimension it is the exact test of
    :func:`threshold_certainty`'s second condition."""
    names = [n for n, w in weights.items() if w > 0]
    confidence = min(metrics[n].confidence for n in names)
    tail = (1.0 - confidence) / len(names)
    bounds = {n: exact_bounds(metrics[n].successes, metrics[n].total, tail) for n in names}
    if aggregation == "mean":
        low = sum(weights[n] * bounds[n][0] for n in names)
        high = sum(weights[n] * bounds[n][1] for n in names)
    else:
        low = min(bounds[n][0] for n in names)
        high = min(bounds[n][1] for n in names)
    if value >= threshold - tolerance:
        return "clear" if low >= threshold - tolerance else "uncertain"
    return "clear" if high < threshold - tolerance else "uncertain"
