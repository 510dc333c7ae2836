"""The pass/fail verdict's certainty (uncase_core/stats/policy.py, issue 36): "clear" only where its false rate is at
most its level at every true rate, computed exactly from the binomial distribution rather than simulated."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom, binomtest

from uncase_core.stats.policy import exact_one_sided_p, threshold_certainty, units_for_exact
from uncase_core.stats.proportions import Proportion

THRESHOLDS = (0.3, 0.5, 0.7, 0.8, 0.9)


def false_clear_rates(n: int, threshold: float, confidence: float, exact: bool) -> tuple[float, float]:
    """At a true rate at the threshold (true state: pass), how often "fails, clear"; just below it (true state:
    fail), how often "passes, clear"; summed over every count exactly."""
    fail = passing = 0.0
    below = np.nextafter(threshold, 0.0)
    for k in range(n + 1):
        p = Proportion.from_counts(k, n, 0, confidence)
        if threshold_certainty(p, threshold, units_independent=exact) != "clear":
            continue
        if p.value < threshold:
            fail += binom.pmf(k, n, threshold)
        else:
            passing += binom.pmf(k, n, below)
    return fail, passing


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
@pytest.mark.parametrize("threshold", THRESHOLDS)
def test_a_clear_verdict_is_false_at_most_as_often_as_its_level_at_every_size(threshold, confidence):
    alpha = 1 - confidence
    for n in range(1, 61):
        fail, passing = false_clear_rates(n, threshold, confidence, exact=True)
        assert fail <= alpha + 1e-12 and passing <= alpha + 1e-12, (n, fail, passing)


def test_wilson_alone_was_not_enough_with_two_units():
    # 0 of 2 at a 70% threshold: Wilson's interval ends at 65.8%, and a true 70% gives 0 of 2 in 9% of cases.
    fail, _passing = false_clear_rates(2, 0.7, 0.95, exact=False)
    assert fail == pytest.approx(0.09)
    assert threshold_certainty(Proportion.from_counts(0, 2), 0.7) == "uncertain"


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 200), st.data(), st.sampled_from(THRESHOLDS), st.sampled_from([0.9, 0.95, 0.99]))
def test_clear_means_the_interval_and_the_exact_test_agree(n, data, threshold, confidence):
    k = data.draw(st.integers(0, n))
    p = Proportion.from_counts(k, n, 0, confidence)
    sided = not (p.low < threshold <= p.high)
    side = "less" if k / n < threshold else "greater"
    scipy_p = binomtest(k, n, threshold, alternative=side).pvalue
    assert exact_one_sided_p(k, n, threshold) == pytest.approx(scipy_p, rel=1e-9, abs=1e-15)
    expected = "clear" if sided and scipy_p <= 1 - confidence else "uncertain"
    assert threshold_certainty(p, threshold) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 60), st.data(), st.sampled_from(THRESHOLDS))
def test_the_units_a_page_says_it_needs_are_the_fewest_that_settle_it(n, data, threshold):
    k = data.draw(st.integers(0, n))
    p = Proportion.from_counts(k, n)
    needed = units_for_exact(p, threshold)
    if needed is None:
        return
    assert needed >= n
    settled = round(p.value * needed)
    assert exact_one_sided_p(settled, needed, threshold) <= 0.05
    if needed > n:
        before = round(p.value * (needed - 1))
        same_side = (before / (needed - 1) < threshold) == (p.value < threshold)
        assert not same_side or exact_one_sided_p(before, needed - 1, threshold) > 0.05


def test_na_is_neither_clear_nor_uncertain():
    assert threshold_certainty(Proportion.from_counts(0, 0), 0.7) is None
