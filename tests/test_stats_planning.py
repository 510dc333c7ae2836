"""Planning a labelling effort (sample sizes, half-widths) and comparing two proportions."""

from __future__ import annotations

import math
from itertools import pairwise
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from uncase_core.errors import InputError
from uncase_core.stats.differences import Difference, difference_interval
from uncase_core.stats.planning import (
    MAX_SAMPLE_SIZE,
    half_width_for,
    normal_half_width,
    normal_sample_size,
    required_sample_size,
    wilson_half_width,
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


def test_half_width_for_is_wilson_half_width_with_units_first():
    assert half_width_for(263, 0.3) == wilson_half_width(0.3, 263)
    assert half_width_for(40, 0.9, 0.8) == wilson_half_width(0.9, 40, 0.8)


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
    [(5, 56, 0, 29, 0.95), (0, 10, 0, 20, 0.9), (10, 10, 0, 20, 0.99), (3, 7, 4, 7, 0.8), (40, 50, 38, 50, 0.95)],
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


# ---------------------------------------------------------------- bad input to the planner


@pytest.mark.parametrize("expected", [-0.01, 1.01, math.nan, math.inf, True, "0.5", None])
def test_bad_expected(expected):
    for call in (
        lambda: required_sample_size(expected, 0.05),
        lambda: normal_sample_size(expected, 0.05),
        lambda: wilson_half_width(expected, 10),
        lambda: normal_half_width(expected, 10),
        lambda: half_width_for(10, expected),
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
    for call in (lambda: wilson_half_width(0.5, n), lambda: normal_half_width(0.5, n), lambda: half_width_for(n, 0.5)):
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
    ):
        with pytest.raises(InputError) as caught:
            call()
        assert caught.value.where == "confidence"


def test_planner_accepts_numpy_numbers():
    assert required_sample_size(np.float64(0.5), np.float32(0.05)) == required_sample_size(0.5, float(np.float32(0.05)))
    assert wilson_half_width(np.float64(0.2), np.int64(40)) == wilson_half_width(0.2, 40)
    assert isinstance(required_sample_size(0.5, 0.05), int)
    assert isinstance(normal_sample_size(0.5, 0.05), int)
