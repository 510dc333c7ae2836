"""The harness's simulations measure what the pages compute (bench/harness/): its vectorized compare policy decides
as the page's function does, its data have the truths they are drawn at, and its exact figures agree with seeded
draws."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.harness import paired, proportions
from bench.harness.cells import cell, window_rates
from bench.harness.draws import clustered_counts, paired_tables
from uncase_core.stats.figures import FIGURES
from uncase_core.stats.verdicts import exact_mcnemar_p, paired_verdicts


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15)), min_size=1, max_size=4))
def test_the_harness_decides_as_the_compare_page_does(tables: list[tuple[int, int]]):
    array = np.array(tables)[None, :, :]
    assert paired.policy_clear(array, 0.05)[0].tolist() == [v.clear for v in paired_verdicts(tables)]
    assert paired.exact_p_values(array[..., 0], array[..., 1])[0].tolist() == pytest.approx(
        [exact_mcnemar_p(a, b) for a, b in tables])


def test_two_pairs_never_make_a_clear_verdict():
    splits = [(a, b) for a in range(3) for b in range(3) if a + b <= 2]
    for dimensions in range(1, 5):
        every = np.array(list(itertools.product(splits, repeat=dimensions)))
        assert not paired.policy_clear(every, 0.05).any()


def test_the_exact_wilson_coverage_is_what_seeded_draws_give():
    """The harness's exact coverage at n = 7 and a true 0.9 against 40,000 seeded binomial draws with statsmodels'
    interval: within 4 Monte Carlo standard errors."""
    from statsmodels.stats.proportion import proportion_confint

    exact = proportions.wilson_interval(FIGURES["rag.case.interval"], cell(0.9, 7), 0, 0).at_truth
    k = np.random.default_rng(3).binomial(7, 0.9, 40_000)
    low, high = proportion_confint(k, 7, alpha=0.05, method="wilson")
    drawn = ((np.where(k == 0, 0, low) <= 0.9) & (np.where(k == 7, 1, high) >= 0.9)).mean()
    assert abs(drawn - exact) <= 4 * np.sqrt(exact * (1 - exact) / 40_000)


def test_clustered_draws_have_their_mean_and_unequal_cases():
    rng = np.random.default_rng(5)
    sizes = rng.integers(1, 13, (4000, 30))
    successes, totals = clustered_counts(np.full(4000, 0.9), sizes, 0.5, rng)
    assert successes.sum() / totals.sum() == pytest.approx(0.9, abs=0.005)
    assert totals.min() == 1 and totals.max() == 12


def test_paired_tables_have_no_difference_at_the_null_and_the_stated_one_otherwise():
    rng = np.random.default_rng(6)
    null = paired_tables(50, 0.7, np.full(4, 0.7), 0.9, 0.5, rng, 4000)
    assert null[..., 0].mean() == pytest.approx(null[..., 1].mean(), rel=0.03)
    better = paired_tables(50, 0.7, np.array([0.9, 0.7]), 0.5, 0.5, rng, 4000)
    assert (better[:, 0, 1] - better[:, 0, 0]).mean() / 50 == pytest.approx(0.2, abs=0.01)


def test_the_window_is_the_truth_plus_or_minus_five_points_inside_zero_and_one():
    assert window_rates(0.7, 0.05).min() == pytest.approx(0.65) and window_rates(0.7, 0.05).max() == pytest.approx(0.75)
    assert window_rates(0.95, 0.05).max() < 1.0
