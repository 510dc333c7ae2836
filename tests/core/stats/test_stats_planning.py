"""Planning a labelling effort (the interval promised, margins, half-widths, sample sizes) and comparing two
proportions from different case sets."""

from __future__ import annotations

import math
from itertools import pairwise
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom, fisher_exact
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from uncase_core.errors import InputError
from uncase_core.stats.differences import Difference, difference_interval
from uncase_core.stats.planning import (
    MAX_SAMPLE_SIZE,
    IndependentComparison,
    PlannedInterval,
    compare_independent,
    margin_sample_size,
    normal_half_width,
    normal_sample_size,
    planned_interval,
    required_sample_size,
    wilson_half_width,
    wilson_margin,
)

Z95 = NormalDist().inv_cdf(0.975)

GRID_P = [0.0, 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.999, 1.0]
GRID_H = [0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.44, 0.5]


def statsmodels_half_width(expected: float, n: int, confidence: float = 0.95) -> float:
    low, high = proportion_confint(expected * n, n, alpha=1 - confidence, method="wilson")
    return (high - low) / 2


# ---------------------------------------------------------------- half-widths


@pytest.mark.parametrize("expected", GRID_P)
@pytest.mark.parametrize("n", [1, 2, 7, 30, 100, 385, 10_000])
@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_wilson_half_width_matches_statsmodels(expected, n, confidence):
    assert wilson_half_width(expected, n, confidence) == pytest.approx(
        statsmodels_half_width(expected, n, confidence), abs=1e-12
    )


def test_wilson_half_width_by_hand():
    # 0.5 over n: z / (2 sqrt(n + z²)); 0 over n: z² / (2 (n + z²)).
    assert wilson_half_width(0.5, 100) == pytest.approx(Z95 / (2 * math.sqrt(100 + Z95**2)), abs=1e-15)
    assert wilson_half_width(0.0, 50) == pytest.approx(Z95**2 / (2 * (50 + Z95**2)), abs=1e-15)
    assert wilson_half_width(1.0, 50) == wilson_half_width(0.0, 50)
    # Newcombe's 81/263 example: 0.2553 to 0.3662.
    assert wilson_half_width(81 / 263, 263) == pytest.approx((0.3662 - 0.2553) / 2, abs=1e-4)


def test_normal_half_width_is_wald():
    assert normal_half_width(0.3, 100) == pytest.approx(Z95 * math.sqrt(0.3 * 0.7 / 100), abs=1e-15)
    assert normal_half_width(0.3, 100, 0.9) == pytest.approx(
        NormalDist().inv_cdf(0.95) * math.sqrt(0.21 / 100), abs=1e-15
    )


@pytest.mark.parametrize("n", [1, 10, 1000])
def test_normal_half_width_is_zero_at_the_ends_where_wilson_is_not(n):
    assert normal_half_width(0.0, n) == 0.0
    assert normal_half_width(1.0, n) == 0.0
    assert wilson_half_width(0.0, n) > 0.0
    assert wilson_half_width(1.0, n) > 0.0


@pytest.mark.parametrize("expected", GRID_P)
def test_wilson_half_width_strictly_decreases_in_n(expected):
    widths = [wilson_half_width(expected, n) for n in range(1, 3001)]
    assert all(later < earlier for earlier, later in pairwise(widths))
    sparse = [wilson_half_width(expected, n) for n in np.unique(np.geomspace(1, 10**9, 400).astype(int))]
    assert all(later < earlier for earlier, later in pairwise(sparse))


def test_wilson_half_width_never_reaches_one_half():
    for expected in GRID_P:
        assert wilson_half_width(expected, 1) < 0.5


# ---------------------------------------------------------------- sample sizes


@pytest.mark.parametrize("expected", GRID_P)
@pytest.mark.parametrize("half_width", GRID_H)
def test_required_sample_size_is_the_smallest_sufficient_n(expected, half_width):
    n = required_sample_size(expected, half_width)
    assert n >= 1
    assert wilson_half_width(expected, n) <= half_width
    if n > 1:
        assert wilson_half_width(expected, n - 1) > half_width
    # And against statsmodels' own interval, away from the exact boundary.
    assert statsmodels_half_width(expected, n) <= half_width + 1e-12


@pytest.mark.parametrize("confidence", [0.5, 0.8, 0.9, 0.99, 0.999])
@pytest.mark.parametrize(("expected", "half_width"), [(0.5, 0.05), (0.9, 0.03), (0.02, 0.02), (0.0, 0.01)])
def test_required_sample_size_at_other_confidences(expected, half_width, confidence):
    n = required_sample_size(expected, half_width, confidence)
    assert wilson_half_width(expected, n, confidence) <= half_width
    assert n == 1 or wilson_half_width(expected, n - 1, confidence) > half_width


def test_required_sample_size_grows_with_confidence():
    sizes = [required_sample_size(0.5, 0.05, confidence) for confidence in (0.8, 0.95, 0.99)]
    assert sizes[0] < sizes[1] < sizes[2]


def test_known_sample_sizes():
    # ±5 points at 50%: the textbook 385 by the normal formula; Wilson needs 381 (n + z² ≥ (z / 2h)²).
    assert normal_sample_size(0.5, 0.05) == 385
    assert required_sample_size(0.5, 0.05) == math.ceil((Z95 / 0.1) ** 2 - Z95**2)
    assert required_sample_size(0.5, 0.05) == 381


def test_half_width_of_one_half_needs_one_unit():
    # One unit's Wilson interval is never wider than ±0.5; the normal one is (±0.98 at 50%).
    for expected in GRID_P:
        assert required_sample_size(expected, 0.5) == 1
    assert normal_sample_size(0.5, 0.5) == 4


@settings(max_examples=200, deadline=None)
@given(
    st.floats(min_value=0, max_value=1, allow_nan=False),
    st.floats(min_value=0.002, max_value=0.5, allow_nan=False),
    st.floats(min_value=0.5, max_value=0.999, allow_nan=False),
)
def test_required_sample_size_property(expected, half_width, confidence):
    n = required_sample_size(expected, half_width, confidence)
    assert wilson_half_width(expected, n, confidence) <= half_width
    assert n == 1 or wilson_half_width(expected, n - 1, confidence) > half_width


@pytest.mark.parametrize("expected", GRID_P)
@pytest.mark.parametrize("half_width", GRID_H)
def test_normal_sample_size_is_the_formula_and_the_smallest_sufficient_n(expected, half_width):
    n = normal_sample_size(expected, half_width)
    assert abs(n - max(1, math.ceil(Z95**2 * expected * (1 - expected) / half_width**2))) <= 1
    assert normal_half_width(expected, n) <= half_width
    assert n == 1 or normal_half_width(expected, n - 1) > half_width


def test_normal_and_wilson_disagree_near_the_ends():
    # Counting a 2% failure rate to ±2 points: the normal formula promises it with 189 units,
    # where the Wilson interval is still wider than that.
    normal = normal_sample_size(0.02, 0.02)
    wilson = required_sample_size(0.02, 0.02)
    assert normal == 189
    assert wilson == 223
    assert wilson_half_width(0.02, normal) > 0.02
    # At 0% the normal formula asks for a single unit.
    assert normal_sample_size(0.0, 0.02) == 1
    assert normal_sample_size(1.0, 0.02) == 1
    assert required_sample_size(0.0, 0.02) == 93
    assert required_sample_size(1.0, 0.02) == 93


def test_normal_and_wilson_are_close_in_the_middle():
    normal = normal_sample_size(0.5, 0.02)
    wilson = required_sample_size(0.5, 0.02)
    assert abs(normal - wilson) <= 4


@pytest.mark.parametrize("expected", [0.0, 0.05, 0.3, 0.5, 0.97])
@pytest.mark.parametrize("n", [1, 12, 100, 2400])
def test_reverse_half_width_round_trip(expected, n):
    # The half-width n units give is a target those n units meet and n - 1 do not.
    assert required_sample_size(expected, min(wilson_half_width(expected, n), 0.5)) == n


def test_unreachable_half_width_raises():
    with pytest.raises(InputError) as caught:
        required_sample_size(0.5, 1e-6)
    assert caught.value.where == "half_width"
    assert f"{MAX_SAMPLE_SIZE:,}" in caught.value.problem
    # Just within the cap still works.
    n = required_sample_size(0.5, 5e-5)
    assert 1 < n < MAX_SAMPLE_SIZE


# ---------------------------------------------------------------- the interval a plan promises


def statsmodels_bounds(expected: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    low, high = proportion_confint(expected * n, n, alpha=1 - confidence, method="wilson")
    return min(max(float(low), 0.0), 1.0), min(max(float(high), 0.0), 1.0)


def test_35_of_35_promises_90_1_to_100_percent_not_plus_or_minus_5():
    """Issue 36: the planner said "about ± 5.0%" for 35 of 35; the interval is 90.1% to 100%."""
    promise = planned_interval(1.0, 35)
    low, high = proportion_confint(35, 35, alpha=0.05, method="wilson")
    assert promise.low == pytest.approx(float(low), abs=1e-12)
    assert promise.high == 1.0 == pytest.approx(float(high), abs=1e-12)
    assert round(promise.low, 4) == 0.9011
    assert promise.low == pytest.approx(35 / (35 + Z95**2), abs=1e-12)  # k = n: the low bound is n / (n + z²)
    assert promise.below == pytest.approx(0.0989, abs=1e-4) and promise.above == 0.0
    assert promise.margin == promise.below == pytest.approx(wilson_margin(1.0, 35), abs=1e-12)
    # The half-width the old page showed as "± 5.0%" is half of that, and no bound lies 5 points away.
    assert wilson_half_width(1.0, 35) == pytest.approx(promise.width / 2, abs=1e-12)
    assert round(wilson_half_width(1.0, 35), 3) == 0.049


# Newcombe (1998a), "Two-sided confidence intervals for the single proportion: comparison of seven methods",
# Statistics in Medicine 17:857-872, Table I, method 3 (score, without continuity correction), 95%.
NEWCOMBE_TABLE_I = [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)]


@pytest.mark.parametrize(("k", "n", "low", "high"), NEWCOMBE_TABLE_I)
def test_planned_interval_matches_newcombe_table_i(k, n, low, high):
    promise = planned_interval(k / n, n)
    assert (round(promise.low, 4), round(promise.high, 4)) == (low, high)
    assert (promise.low, promise.high) == pytest.approx(statsmodels_bounds(k / n, n), abs=1e-12)


@pytest.mark.parametrize("expected", GRID_P)
@pytest.mark.parametrize("n", [1, 2, 7, 30, 35, 100, 10_000])
@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_planned_interval_and_margin_match_statsmodels(expected, n, confidence):
    promise = planned_interval(expected, n, confidence)
    low, high = statsmodels_bounds(expected, n, confidence)
    assert promise.low == pytest.approx(low, abs=1e-12)
    assert promise.high == pytest.approx(high, abs=1e-12)
    assert 0.0 <= promise.low <= expected <= promise.high <= 1.0
    assert isinstance(promise, PlannedInterval) and (promise.n, promise.confidence) == (n, confidence)
    assert wilson_margin(expected, n, confidence) == pytest.approx(max(high - expected, expected - low), abs=1e-12)
    assert promise.margin == pytest.approx(wilson_margin(expected, n, confidence), abs=1e-12)
    assert promise.width / 2 == pytest.approx(wilson_half_width(expected, n, confidence), abs=1e-12)


def test_the_margin_is_the_half_width_only_at_one_half():
    assert wilson_margin(0.5, 100) == pytest.approx(wilson_half_width(0.5, 100), abs=1e-15)
    for expected in (0.0, 0.1, 0.3, 0.7, 0.9, 1.0):
        assert wilson_margin(expected, 100) > wilson_half_width(expected, 100)
    # At 0 and 1 the whole width lies on one side: the margin is z² / (n + z²), twice the half-width.
    assert wilson_margin(0.0, 50) == pytest.approx(Z95**2 / (50 + Z95**2), abs=1e-15)
    assert wilson_margin(1.0, 50) == pytest.approx(2 * wilson_half_width(1.0, 50), abs=1e-15)


@pytest.mark.parametrize("expected", GRID_P)
def test_wilson_margin_strictly_decreases_in_n(expected):
    margins = [wilson_margin(expected, n) for n in range(1, 3001)]
    assert all(later < earlier for earlier, later in pairwise(margins))


def test_known_margin_sample_sizes():
    # ±5 points at 0% or 100%: z² (1/m - 1) = 72.99 units, 73; the half-width asked for 35, leaving a bound 9.9 away.
    assert margin_sample_size(1.0, 0.05) == margin_sample_size(0.0, 0.05) == math.ceil(Z95**2 * 19) == 73
    assert planned_interval(1.0, 73).low >= 0.95 > planned_interval(1.0, 72).low
    assert required_sample_size(1.0, 0.05) == 35
    assert margin_sample_size(0.0, 0.02) == math.ceil(Z95**2 * 49) == 189
    # At 50% the interval is symmetric: margin and half-width plan alike (381 for ±5 points).
    assert margin_sample_size(0.5, 0.05) == required_sample_size(0.5, 0.05) == 381
    assert margin_sample_size(0.8, 0.05) > required_sample_size(0.8, 0.05)


@pytest.mark.parametrize("expected", GRID_P)
@pytest.mark.parametrize("margin", GRID_H)
def test_margin_sample_size_is_the_smallest_n_within_the_margin(expected, margin):
    n = margin_sample_size(expected, margin)
    low, high = statsmodels_bounds(expected, n)
    assert expected - margin - 1e-12 <= low and high <= expected + margin + 1e-12
    assert n == 1 or wilson_margin(expected, n - 1) > margin


@settings(max_examples=200, deadline=None)
@given(
    st.floats(min_value=0, max_value=1, allow_nan=False),
    st.floats(min_value=0.002, max_value=0.5, allow_nan=False),
    st.floats(min_value=0.5, max_value=0.999, allow_nan=False),
)
def test_the_promised_bounds_are_the_wilson_interval_at_the_planned_n(expected, margin, confidence):
    n = margin_sample_size(expected, margin, confidence)
    promise = planned_interval(expected, n, confidence)
    low, high = statsmodels_bounds(expected, n, confidence)
    assert promise.low == pytest.approx(low, abs=1e-12) and promise.high == pytest.approx(high, abs=1e-12)
    assert promise.margin <= margin + 1e-12
    assert n == 1 or planned_interval(expected, n - 1, confidence).margin > margin - 1e-12


def test_unreachable_margin_raises_naming_the_margin():
    with pytest.raises(InputError) as caught:
        margin_sample_size(0.9, 1e-6)
    assert caught.value.where == "margin"
    assert f"{MAX_SAMPLE_SIZE:,}" in caught.value.problem


@pytest.mark.parametrize("margin", [0, -0.05, 0.51, math.nan, math.inf, False, "0.05", None])
def test_bad_margin(margin):
    with pytest.raises(InputError) as caught:
        margin_sample_size(0.5, margin)
    assert caught.value.where == "margin"


# ---------------------------------------------------------------- difference of two proportions


# Newcombe (1998b), "Interval estimation for the difference between independent proportions:
# comparison of eleven methods", Statistics in Medicine 17:873-890, Table II, method 10, 95%.
NEWCOMBE_TABLE_II = [
    (56, 70, 48, 80, 0.2, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.6, 0.1705, 0.8090),
]


@pytest.mark.parametrize(("s1", "n1", "s2", "n2", "difference", "low", "high"), NEWCOMBE_TABLE_II)
def test_difference_matches_newcombe_table_ii(s1, n1, s2, n2, difference, low, high):
    result = difference_interval(s1, n1, s2, n2)
    assert result.difference == pytest.approx(difference, abs=1e-12)
    assert round(result.low, 4) == low
    assert round(result.high, 4) == high
    assert result.distinguishable


def test_difference_unpacks_as_a_tuple():
    d, low, high = difference_interval(56, 70, 48, 80)
    assert isinstance(difference_interval(56, 70, 48, 80), Difference)
    assert (d, low, high) == tuple(difference_interval(56, 70, 48, 80))
    assert low < d < high


@pytest.mark.parametrize(
    ("s1", "n1", "s2", "n2", "confidence"),
    [(5, 56, 0, 29, 0.95), (0, 10, 0, 20, 0.9), (30, 30, 0, 40, 0.99), (13, 30, 14, 30, 0.8), (40, 50, 38, 50, 0.95)],
)
def test_difference_matches_statsmodels(s1, n1, s2, n2, confidence):
    low, high = confint_proportions_2indep(s1, n1, s2, n2, method="newcomb", compare="diff", alpha=1 - confidence)
    result = difference_interval(s1, n1, s2, n2, confidence)
    assert result.low == pytest.approx(float(low), abs=1e-12)
    assert result.high == pytest.approx(float(high), abs=1e-12)
    assert result.difference == pytest.approx(s1 / n1 - s2 / n2, abs=1e-15)


def test_difference_containing_zero_is_not_distinguishable():
    result = difference_interval(40, 50, 38, 50)
    assert result.low < 0 < result.high
    assert not result.distinguishable
    assert difference_interval(38, 50, 40, 50).difference < 0
    assert difference_interval(3, 80, 30, 80).distinguishable  # clearly negative


def test_difference_stays_within_minus_one_and_one():
    for s1, n1, s2, n2 in [(10, 10, 0, 10), (0, 10, 10, 10), (1, 1, 0, 1), (0, 1, 1, 1)]:
        d, low, high = difference_interval(s1, n1, s2, n2)
        assert -1.0 <= low <= d <= high <= 1.0


@pytest.mark.parametrize(("s1", "n1", "s2", "n2"), [(0, 0, 3, 10), (3, 10, 0, 0), (0, 0, 0, 0)])
def test_difference_with_no_units_is_na(s1, n1, s2, n2):
    result = difference_interval(s1, n1, s2, n2)
    assert result == Difference(None, None, None)
    assert not result.distinguishable


@pytest.mark.parametrize(
    ("args", "where"),
    [
        ((-1, 10, 3, 10), "s1"),
        ((1, -10, 3, 10), "n1"),
        ((1, 10, -3, 10), "s2"),
        ((1, 10, 3, -10), "n2"),
        ((11, 10, 3, 10), "s1"),
        ((1, 10, 3, 2), "s2"),
        ((1, 0, 0, 10), "s1"),
        ((1.0, 10, 3, 10), "s1"),
        ((1, 10.0, 3, 10), "n1"),
        ((True, 10, 3, 10), "s1"),
        ((1, 10, 3, True), "n2"),
        ((1, 10, "3", 10), "s2"),
        ((1, 10, 3, None), "n2"),
    ],
)
def test_difference_rejects_bad_counts(args, where):
    with pytest.raises(InputError) as caught:
        difference_interval(*args)
    assert caught.value.where == where


def test_difference_error_message_names_both_counts():
    with pytest.raises(InputError, match=r"^s2: s2 \(5\) exceeds n2 \(4\)$"):
        difference_interval(1, 2, 5, 4)


@pytest.mark.parametrize("confidence", [0, 1, 1.5, -0.1, math.nan, True, "0.95", None])
def test_difference_rejects_bad_confidence(confidence):
    with pytest.raises(InputError) as caught:
        difference_interval(1, 10, 3, 10, confidence)
    assert caught.value.where == "confidence"
    with pytest.raises(InputError):
        difference_interval(0, 0, 0, 0, confidence)


def test_difference_accepts_numpy_integers():
    assert difference_interval(np.int64(56), np.int32(70), np.int64(48), np.int64(80)) == difference_interval(
        56, 70, 48, 80
    )


# ---------------------------------------------------------------- two different case sets: interval and verdict


def test_newcombes_example_is_distinguishable_and_fisher_agrees():
    result = compare_independent(56, 70, 48, 80)
    assert isinstance(result, IndependentComparison)
    assert result.difference == difference_interval(56, 70, 48, 80)
    assert result.p_value == pytest.approx(fisher_exact([[56, 14], [48, 32]]).pvalue, abs=1e-15)
    assert result.p_value < 0.05 and result.distinguishable and not result.only_interval_excludes_zero


def test_two_of_two_against_none_of_two_is_not_called():
    """Built from Wilson's limits, Newcombe's interval excluded 0 for 2/2 against 0/2 (Fisher's p 1/3); built from
    Clopper and Pearson's, as at these sizes now, it does not, and neither does the verdict."""
    result = compare_independent(2, 2, 0, 2)
    assert result.difference.low < 0
    assert result.p_value == pytest.approx(1 / 3, abs=1e-12)
    assert not result.distinguishable and not result.only_interval_excludes_zero


def test_an_interval_excluding_zero_without_fisher_is_not_called():
    """0/1 against 15/15: the interval just excludes 0, Fisher's p is 1/16, so no verdict."""
    result = compare_independent(0, 1, 15, 15)
    assert result.difference.high < 0
    assert result.p_value == pytest.approx(1 / 16, abs=1e-12)
    assert not result.distinguishable and result.only_interval_excludes_zero


def test_an_empty_set_has_no_test():
    result = compare_independent(0, 0, 3, 10)
    assert result.p_value is None and not result.distinguishable and not result.only_interval_excludes_zero


def _false_rate(verdict, n: int, confidence: float) -> float:
    """The worst chance over true rates p that ``verdict`` calls a difference when both sets have rate p."""
    calls = np.array([[verdict(s1, n, s2, n, confidence) for s2 in range(n + 1)] for s1 in range(n + 1)], float)
    worst = 0.0
    for p in np.linspace(0.01, 0.99, 99):
        weights = binom.pmf(np.arange(n + 1), n, p)
        worst = max(worst, float(weights @ calls @ weights))
    return worst


@pytest.mark.parametrize("confidence", [0.8, 0.95])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 12])
def test_the_verdict_holds_its_level_at_every_n(n, confidence):
    """With no difference, "distinguishable" is said at most 1 - confidence of the time (exactly computed)."""
    rate = _false_rate(lambda *args: compare_independent(*args).distinguishable, n, confidence)
    assert rate <= 1 - confidence + 1e-12


def test_the_interval_alone_does_not_hold_its_level_with_few_units():
    """Why the verdict needs Fisher: Newcombe's interval alone, as statsmodels builds it from Wilson's limits,
    excludes 0 in 12.5% of null comparisons of 2 and 2."""
    def excludes_zero(s1, n1, s2, n2, confidence):
        low, high = confint_proportions_2indep(s1, n1, s2, n2, method="newcomb", compare="diff", alpha=1 - confidence)
        return low > 0 or high < 0

    assert _false_rate(excludes_zero, 2, 0.95) == pytest.approx(0.125)


# ---------------------------------------------------------------- bad input to the planner


@pytest.mark.parametrize("expected", [-0.01, 1.01, math.nan, math.inf, True, "0.5", None])
def test_bad_expected(expected):
    for call in (
        lambda: required_sample_size(expected, 0.05),
        lambda: normal_sample_size(expected, 0.05),
        lambda: wilson_half_width(expected, 10),
        lambda: normal_half_width(expected, 10),
        lambda: wilson_margin(expected, 10),
        lambda: planned_interval(expected, 10),
        lambda: margin_sample_size(expected, 0.05),
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.where == "expected"


@pytest.mark.parametrize("half_width", [0, 0.0, -0.05, 0.51, 1, math.nan, math.inf, False, "0.05", None])
def test_bad_half_width(half_width):
    for call in (lambda: required_sample_size(0.5, half_width), lambda: normal_sample_size(0.5, half_width)):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.where == "half_width"


@pytest.mark.parametrize("n", [0, -1, 2.0, 2.5, True, "10", None])
def test_bad_n(n):
    for call in (lambda: wilson_half_width(0.5, n), lambda: normal_half_width(0.5, n), lambda: wilson_margin(0.5, n),
                 lambda: planned_interval(0.5, n)):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.where == "n"


@pytest.mark.parametrize("confidence", [0, 1, 1.2, math.nan, True, "0.9", None])
def test_bad_confidence_in_planner(confidence):
    for call in (
        lambda: required_sample_size(0.5, 0.05, confidence),
        lambda: normal_sample_size(0.5, 0.05, confidence),
        lambda: wilson_half_width(0.5, 10, confidence),
        lambda: normal_half_width(0.5, 10, confidence),
        lambda: wilson_margin(0.5, 10, confidence),
        lambda: planned_interval(0.5, 10, confidence),
        lambda: margin_sample_size(0.5, 0.05, confidence),
        lambda: compare_independent(1, 10, 3, 10, confidence),
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.where == "confidence"


def test_planner_accepts_numpy_numbers():
    assert required_sample_size(np.float64(0.5), np.float32(0.05)) == required_sample_size(0.5, float(np.float32(0.05)))
    assert wilson_half_width(np.float64(0.2), np.int64(40)) == wilson_half_width(0.2, 40)
    assert isinstance(required_sample_size(0.5, 0.05), int)
    assert isinstance(normal_sample_size(0.5, 0.05), int)
