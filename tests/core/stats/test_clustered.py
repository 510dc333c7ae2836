"""The pooled rate's interval with cases as clusters (uncase_core/stats/clustered.py) at the rates a passing system
has (issue 48, finding 2): with no failing unit, or failures in one or two cases, the measured design effect is 0/0
or far too small, and the units counted as independent where a passing system sits. Every figure here is measured at
fixed true rates, unequal cases of 1-12 units, seeded, in tests/harness/test_pooled_truths.py; docs/coverage.md has
the whole table (bench/pooled_truths.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from uncase_core.stats.clustered import MIN_MINORITY_CASES, clustered_interval, largest_design_effect
from uncase_core.stats.policy import threshold_certainty
from uncase_core.stats.proportions import Proportion


def test_a_dataset_where_every_unit_passes_counts_each_case_as_one_draw():
    """20 cases of 6 passing units: nothing varies, so nothing measures how alike a case's units are; the interval
    assumes the worst the data cannot refute (each case one draw, design effect 6) instead of 120 independent
    units, whose interval (96.9% to 100%) would leave out a true 95%."""
    interval = clustered_interval([(6, 6)] * 20)
    assert interval.design_effect == pytest.approx(6.0)
    assert interval.effective_units == pytest.approx(20.0)
    assert interval.low < 0.95


def test_failures_in_fewer_cases_than_the_minimum_do_not_measure_the_design_effect():
    few = [(3, 6)] * (MIN_MINORITY_CASES - 1) + [(6, 6)] * 17
    enough = [(5, 6)] * MIN_MINORITY_CASES + [(6, 6)] * 16
    sizes = np.array([6] * 20)
    assert clustered_interval(few).design_effect == pytest.approx(float(largest_design_effect(sizes)))
    measured = clustered_interval(enough).design_effect
    assert 1.0 <= measured < float(largest_design_effect(sizes))


def test_the_largest_design_effect_weighs_unequal_cases_by_their_units():
    assert float(largest_design_effect(np.array([1, 3]))) == pytest.approx((1 + 9) / 4)


def test_an_all_passing_dataset_is_not_called_a_clear_pass_at_90_percent_from_20_cases():
    """The page's pooled verdict (evaluation._with_clustered, then threshold_certainty with cases as clusters) on 20
    cases of 6 passing units: 20 independent draws cannot show a true rate above 90%, 120 could."""
    interval = clustered_interval([(6, 6)] * 20)
    pooled = Proportion.with_interval(120, 120, 0, 0.95, (interval.low, interval.high))
    assert threshold_certainty(pooled, 0.9, units_independent=False) == "uncertain"


@given(st.lists(st.integers(0, 12).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))), max_size=40),
       st.sampled_from([0.8, 0.95, 0.99]))
def test_counts_as_an_array_give_the_interval_of_the_same_pairs_to_the_last_digit(pairs, confidence):
    """A page pools its cases' counts as one int array (uncase_core.rag.evaluation); the result is the pairs'."""
    array = np.array(pairs, dtype=np.int64).reshape(len(pairs), 2)
    assert repr(clustered_interval(array, confidence)) == repr(clustered_interval(pairs, confidence))
