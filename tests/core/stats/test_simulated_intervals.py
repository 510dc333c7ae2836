"""The planner page's 100 simulated datasets (uncase_core/stats/simulated_intervals.py): seeded, counted right, N/A
where the method cannot be drawn, and in the long run the share the coverage harness measures."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.stats.simulated_intervals import METHODS, harness_coverage, pooled_coverage, simulate_intervals


def test_the_same_seed_draws_the_same_datasets_and_another_seed_others():
    first = simulate_intervals(5, 8, 0.3, 0.7, "units", seed=11)
    assert simulate_intervals(5, 8, 0.3, 0.7, "units", seed=11) == first
    assert simulate_intervals(5, 8, 0.3, 0.7, "units", seed=12).intervals != first.intervals
    assert len(first.intervals) == 100 and first.seed == 11


@settings(max_examples=40, deadline=None)
@given(cases=st.integers(1, 12), units=st.integers(1, 10), correlation=st.sampled_from([0.0, 0.3, 0.6, 0.9]),
       truth=st.sampled_from([0.05, 0.3, 0.5, 0.95]), method=st.sampled_from(sorted(METHODS)),
       seed=st.integers(0, 2**31 - 1))
def test_the_share_covering_is_the_count_of_covering_intervals(cases, units, correlation, truth, method, seed):
    result = simulate_intervals(cases, units, correlation, truth, method, datasets=40, seed=seed)
    if not result.applicable:
        return
    covering = result.covering
    assert covering.successes == sum(i.covers for i in result.intervals) and covering.total == 40
    assert covering.value == pytest.approx(covering.successes / 40)
    for interval in result.intervals:
        assert 0.0 <= interval.low <= interval.estimate <= interval.high <= 1.0
        assert interval.covers == (interval.low <= truth <= interval.high)
        assert interval.estimate * cases * units == pytest.approx(round(interval.estimate * cases * units))


def test_with_one_case_the_cases_method_is_not_applicable_and_says_so():
    result = simulate_intervals(1, 8, 0.3, 0.7, "cases", seed=3)
    assert not result.applicable and result.intervals == ()
    assert result.covering.is_na and result.covering.value is None and result.covering.total == 0
    assert harness_coverage(1, 8, 0.3, 0.7, "cases") is None
    units = simulate_intervals(1, 8, 0.3, 0.7, "units", seed=3)  # the unit-level interval draws from one case
    assert units.applicable and len(units.intervals) == 100


@pytest.mark.parametrize("method", sorted(METHODS))
def test_over_many_seeds_the_share_is_the_harness_figure(method: str):
    """3,000 datasets drawn 100 at a time against the harness's 4,000 at the same settings: within 4 standard errors
    of the difference (about 4 points). The two methods differ by more than 20 points here, so an interval computed
    differently from the harness's would fail."""
    settings = (5, 8, 0.5, 0.3)
    drawn = [simulate_intervals(*settings, method, seed=seed).covering for seed in range(1, 31)]
    share = sum(c.successes for c in drawn) / sum(c.total for c in drawn)
    measured = harness_coverage(*settings, method, repeats=4000)
    assert measured == pooled_coverage(5, 8, 0.5, METHODS[method], 0.3, 4000, seed=0)
    error = math.sqrt(measured * (1 - measured) * (1 / 3000 + 1 / 4000))
    assert abs(share - measured) <= 4 * error, (share, measured)


def test_the_two_methods_part_when_the_units_of_a_case_move_together():
    units = harness_coverage(5, 8, 0.5, 0.3, "units")
    cases = harness_coverage(5, 8, 0.5, 0.3, "cases")
    assert units is not None and cases is not None
    assert units < 0.95 - 0.2 and cases >= 0.95 - 0.02, (units, cases)


@pytest.mark.parametrize(("arguments", "where"), [
    ((0, 8, 0.3, 0.7, "units"), "cases"),
    ((5, 0, 0.3, 0.7, "units"), "units"),
    ((5, 8, 1.0, 0.7, "units"), "correlation"),
    ((5, 8, -0.1, 0.7, "units"), "correlation"),
    ((5, 8, 0.3, 1.5, "units"), "truth"),
    ((5, 8, 0.3, 0.7, "clusters"), "method"),
    ((5.5, 8, 0.3, 0.7, "units"), "cases"),
])
def test_bad_settings_are_refused_where_they_are(arguments, where):
    with pytest.raises(InputError) as raised:
        simulate_intervals(*arguments)
    assert raised.value.where == where
