"""The small, seeded version of bench/coverage.py (issue 36): every interval the app draws holds its level at the
sizes tried, every verdict's false rate is at most its level, and each withholding threshold sits where the harness
says it must. The full table is docs/coverage.md."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL
from uncase_core.compare.systems import MIN_BOOTSTRAP_CASES
from uncase_core.stats.coverage import (
    TOLERANCE,
    achieved_power,
    bootstrap_false_rate,
    exact_p_values,
    interval_false_rates,
    kappa_coverage,
    policy_clear,
    pooled_coverage,
    ppi_coverage,
    verdict_false_rates,
    wilson_coverage,
)
from uncase_core.stats.ppi import MIN_LABELS_FOR_TUNED
from uncase_core.stats.verdicts import exact_mcnemar_p, paired_verdicts, pairs_for_power

LEVEL = 0.95


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10, 30])
def test_the_wilson_interval_of_one_case_holds_on_average_at_every_size(n: int):
    coverage = wilson_coverage(n)
    assert coverage.holds and coverage.mean >= LEVEL  # Wilson is on the generous side on average ...
    assert coverage.worst < LEVEL - TOLERANCE  # ... and the worst case, reported beside it, is not


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15)), min_size=1, max_size=4))
def test_the_harness_decides_as_the_page_does(tables: list[tuple[int, int]]):
    array = np.array(tables)[None, :, :]
    expected = [v.clear for v in paired_verdicts(tables)]
    assert policy_clear(array)[0].tolist() == expected
    assert exact_p_values(array[..., 0], array[..., 1])[0].tolist() == pytest.approx(
        [exact_mcnemar_p(a, b) for a, b in tables])


def test_two_cases_never_make_a_clear_verdict():
    """Every outcome of two pairs on each of one to four dimensions: none is clear (the page's function on one
    dimension alone and on a sample of four, the harness's on all of them)."""
    splits = [(a, b) for a in range(3) for b in range(3) if a + b <= 2]
    for dimensions in range(1, 5):
        every = np.array(list(itertools.product(splits, repeat=dimensions)))
        assert not policy_clear(every).any()
    assert not any(paired_verdicts([split])[0].clear for split in splits)
    assert not any(v.clear for v in paired_verdicts([(0, 2), (2, 0), (0, 2), (0, 2)]))


@pytest.mark.parametrize("pairs", [1, 2, 3, 30])
def test_no_difference_is_called_clear_more_often_than_the_level(pairs: int):
    one, four = verdict_false_rates(pairs, repeats=1500, seed=pairs)
    assert one.holds and four.holds, (one, four)
    if pairs in (2, 3):  # the former rule (Newcombe's interval leaves out 0), for the record: it did not hold
        _, old_four = interval_false_rates(pairs, repeats=600, seed=pairs)
        assert not old_four.holds


@pytest.mark.parametrize("correlation", [0.3, 0.5])
def test_the_pooled_interval_with_cases_as_clusters_holds_where_the_unit_one_does_not(correlation: float):
    clustered = pooled_coverage(5, 8, correlation, "clustered", repeats=1500, seed=5)
    units = pooled_coverage(5, 8, correlation, "unit_wilson", repeats=1500, seed=5)
    assert clustered.holds, clustered
    assert not units.holds, units


def test_ppi_holds_with_few_labels_and_ppi_plus_plus_is_withheld_where_it_does_not():
    for labelled in (2, 5, 15):
        assert ppi_coverage(labelled, 1000, "strong", "ppi", repeats=300, seed=labelled).holds
    tuned = [ppi_coverage(n, 1000, "weak", "ppi_tuned", repeats=400, seed=n) for n in (10, 30)]
    assert not all(c.holds for c in tuned)  # why PPI++ waits for MIN_LABELS_FOR_TUNED labels
    assert ppi_coverage(MIN_LABELS_FOR_TUNED, 1000, "weak", "ppi_tuned", repeats=400, seed=7).holds


def test_kappas_interval_is_drawn_from_where_it_holds():
    assert not kappa_coverage(30, repeats=500, seed=1).holds
    assert kappa_coverage(MIN_UNITS_FOR_KAPPA_INTERVAL, repeats=1200, seed=0).holds


def test_the_bootstrap_is_drawn_from_where_it_holds():
    assert not bootstrap_false_rate(5, repeats=400, resamples=500, seed=3).holds
    assert bootstrap_false_rate(MIN_BOOTSTRAP_CASES, repeats=400, resamples=500, seed=4).holds


def test_the_pairs_the_page_promises_reach_the_power_it_states():
    needed = pairs_for_power(0.1, 0.4, LEVEL, 0.8, 10**6)
    assert achieved_power(needed, 0.1, 0.4, repeats=3000, seed=1) >= 0.8 - 0.02
    assert achieved_power(needed // 2, 0.1, 0.4, repeats=3000, seed=2) < 0.8 - 0.02


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), st.floats(0, 1)), min_size=1, max_size=6))
def test_holm_equals_statsmodels(p_values: list[float | None]):
    from statsmodels.stats.multitest import multipletests

    from uncase_core.stats.verdicts import holm_adjusted

    ours = holm_adjusted(p_values)
    present = [p for p in p_values if p is not None]
    if present:
        theirs = iter(multipletests(present, method="holm")[1])
        assert ours == pytest.approx([None if p is None else next(theirs) for p in p_values], abs=1e-12)
    else:
        assert ours == p_values
