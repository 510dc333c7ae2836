"""When a figure may be called clear against a threshold: one rule for every page's pass/fail verdict (issue 36).

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
"""

from __future__ import annotations

import math
from typing import Literal

from scipy.stats import binom, norm

from uncase_core.stats.proportions import Proportion

Certainty = Literal["clear", "uncertain"]


def exact_one_sided_p(successes: int, total: int, threshold: float) -> float:
    """The exact binomial p-value that the true rate is at ``threshold``, on the side the estimate lies: below it,
    ``P(X <= successes)``; at or above it, ``P(X >= successes)``. 1.0 with no unit."""
    if total <= 0:
        return 1.0
    if successes / total < threshold:
        return float(binom.cdf(successes, total, threshold))
    return float(binom.sf(successes - 1, total, threshold))


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
    return max(float(2.0 * norm.sf(score)), exact_one_sided_p(proportion.successes, proportion.total, threshold))
