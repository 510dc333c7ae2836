"""Wilson intervals and the Proportion result type."""

from __future__ import annotations

import dataclasses
import math
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.stats.proportions import (
    DEFAULT_CONFIDENCE,
    NotApplicableError,
    Proportion,
    check_confidence,
    count_labels,
    wilson_interval,
    wilson_intervals,
)

# Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
# of seven methods", Statistics in Medicine 17:857-872, Table I, method 3 (score, no
# continuity correction), 95%.
NEWCOMBE_TABLE_I = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


def closed_form_wilson(successes: int, total: int, confidence: float) -> tuple[float, float]:
    """The textbook formula, as an independent check on the statsmodels call."""
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return centre - half, centre + half


# ---------------------------------------------------------------- published values


@pytest.mark.parametrize(("successes", "total", "low", "high"), NEWCOMBE_TABLE_I)
def test_wilson_matches_newcombe_table_i(successes, total, low, high):
    interval = wilson_interval(successes, total)
    assert interval is not None
    assert round(interval[0], 4) == low
    assert round(interval[1], 4) == high


@pytest.mark.parametrize(("successes", "total", "_low", "_high"), NEWCOMBE_TABLE_I)
def test_wilson_default_confidence_is_95_percent(successes, total, _low, _high):
    assert DEFAULT_CONFIDENCE == 0.95
    assert wilson_interval(successes, total) == wilson_interval(successes, total, 0.95)


@pytest.mark.parametrize(
    ("successes", "total", "confidence"),
    [(81, 263, 0.95), (15, 148, 0.90), (3, 7, 0.99), (1, 2, 0.5), (42, 50, 0.8)],
)
def test_wilson_agrees_with_closed_form(successes, total, confidence):
    low, high = wilson_interval(successes, total, confidence)
    expected_low, expected_high = closed_form_wilson(successes, total, confidence)
    assert low == pytest.approx(expected_low, abs=1e-12)
    assert high == pytest.approx(expected_high, abs=1e-12)


def test_wilson_small_cases_by_hand():
    # 4 of 5 and 100 of 100, used as diagnosis examples elsewhere.
    low, high = wilson_interval(4, 5)
    assert (round(low, 4), round(high, 4)) == (0.3755, 0.9638)
    low, high = wilson_interval(100, 100)
    assert round(low, 4) == 0.9630
    assert high == 1.0


def test_wilson_interval_is_none_for_zero_total():
    assert wilson_interval(0, 0) is None
    assert wilson_interval(0, 0, confidence=0.5) is None


def test_wilson_accepts_numpy_integers():
    assert wilson_interval(np.int64(81), np.int32(263)) == wilson_interval(81, 263)


def test_wilson_clips_to_exact_ends():
    for total in (1, 2, 5, 20, 1000):
        low, high = wilson_interval(0, total)
        assert low == 0.0
        assert 0.0 < high < 1.0
        low, high = wilson_interval(total, total)
        assert high == 1.0
        assert 0.0 < low < 1.0


def test_wilson_bounds_lie_in_unit_interval_for_small_totals():
    for total in range(1, 30):
        for successes in range(total + 1):
            low, high = wilson_interval(successes, total)
            assert 0.0 <= low <= successes / total <= high <= 1.0


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("successes", "total", "where"),
    [
        (-1, 5, "successes"),
        (1, -1, "total"),
        (-3, -1, "successes"),
        (6, 5, "successes"),
        (1, 0, "successes"),
        (1.0, 5, "successes"),
        (1, 5.0, "total"),
        (1.5, 5, "successes"),
        (True, 5, "successes"),
        (1, True, "total"),
        ("1", 5, "successes"),
        (None, 5, "successes"),
        (1, None, "total"),
    ],
)
def test_wilson_rejects_bad_counts(successes, total, where):
    with pytest.raises(InputError) as caught:
        wilson_interval(successes, total)
    assert caught.value.where == where


def test_wilson_error_messages_are_clear():
    with pytest.raises(InputError, match=r"^successes: must not be negative, got -1$"):
        wilson_interval(-1, 5)
    with pytest.raises(InputError, match=r"^successes: successes \(6\) exceed total \(5\)$"):
        wilson_interval(6, 5)
    with pytest.raises(InputError, match=r"^total: expected a whole number, got True$"):
        wilson_interval(1, True)


@pytest.mark.parametrize("confidence", [0, 1, 0.0, 1.0, -0.1, 1.5, math.nan, math.inf, -math.inf, True, False,
                                        "0.95", None])
def test_wilson_rejects_bad_confidence(confidence):
    with pytest.raises(InputError) as caught:
        wilson_interval(3, 10, confidence)
    assert caught.value.where == "confidence"
    # Also when there is nothing to estimate: a bad setting is still bad.
    with pytest.raises(InputError):
        wilson_interval(0, 0, confidence)


@pytest.mark.parametrize("confidence", [1e-9, 0.5, 0.9, 0.95, 0.999999])
def test_check_confidence_accepts_open_unit_interval(confidence):
    assert check_confidence(confidence) == confidence


def test_input_error_is_a_value_error():
    assert issubclass(InputError, ValueError)


# ---------------------------------------------------------------- many at once


def test_wilson_intervals_equals_wilson_interval_pairwise():
    counts = [(81, 263), (0, 0), (15, 148), (0, 20), (1, 29), (5, 5), (0, 0), (3, 4)]
    for confidence in (0.8, 0.95, 0.99):
        many = wilson_intervals(counts, confidence)
        assert many == [wilson_interval(s, n, confidence) for s, n in counts]
    assert wilson_intervals(counts)[1] is None
    assert wilson_intervals(counts)[6] is None


def test_wilson_intervals_single_and_empty():
    assert wilson_intervals([]) == []
    assert wilson_intervals([(0, 0)]) == [None]
    assert wilson_intervals([(81, 263)]) == [wilson_interval(81, 263)]


def test_wilson_intervals_rejects_any_bad_pair():
    with pytest.raises(InputError):
        wilson_intervals([(1, 2), (3, 2)])
    with pytest.raises(InputError):
        wilson_intervals([(1, 2), (1, 2)], confidence=1.5)


# ---------------------------------------------------------------- Proportion


def test_count_labels():
    assert count_labels([True, False, None, True, None]) == (2, 3, 2)
    assert count_labels([]) == (0, 0, 0)
    assert count_labels([None]) == (0, 0, 1)


def test_proportion_from_counts():
    proportion = Proportion.from_counts(2, 3, unlabelled=1)
    low, high = wilson_interval(2, 3)
    assert proportion.successes == 2
    assert proportion.total == 3
    assert proportion.unlabelled == 1
    assert proportion.value == 2 / 3
    assert (proportion.low, proportion.high) == (low, high)
    assert proportion.confidence == 0.95
    assert not proportion.is_na


def test_proportion_uses_its_confidence():
    wide = Proportion.from_counts(81, 263, confidence=0.99)
    narrow = Proportion.from_counts(81, 263, confidence=0.80)
    assert wide.confidence == 0.99
    assert (wide.low, wide.high) == wilson_interval(81, 263, 0.99)
    assert wide.low < narrow.low < narrow.high < wide.high


def test_proportion_from_labels_counts_none_as_unlabelled():
    proportion = Proportion.from_labels([True, False, None, True, None, False])
    assert (proportion.successes, proportion.total, proportion.unlabelled) == (2, 4, 2)
    assert proportion.value == 0.5
    assert (proportion.low, proportion.high) == wilson_interval(2, 4)


@pytest.mark.parametrize("labels", [[], [None], [None, None, None]])
def test_proportion_over_no_labelled_units_is_na(labels):
    proportion = Proportion.from_labels(labels)
    assert proportion.is_na
    assert proportion.value is None
    assert proportion.low is None
    assert proportion.high is None
    assert proportion.total == 0
    assert proportion.successes == 0
    assert proportion.unlabelled == len(labels)


def test_proportion_na_from_counts_keeps_unlabelled():
    proportion = Proportion.from_counts(0, 0, unlabelled=4)
    assert proportion.to_dict() == {
        "successes": 0, "total": 0, "unlabelled": 4, "value": None, "low": None, "high": None,
    }


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_float_of_a_proportion_is_its_value(counts):
    proportion = Proportion.from_counts(*counts, unlabelled=3)
    assert float(proportion) == proportion.value == counts[0] / counts[1]
    assert (float(proportion) < 0.01) == (counts[0] / counts[1] < 0.01)


def test_float_of_an_na_proportion_raises_a_clear_error():
    with pytest.raises(NotApplicableError, match=r"^this proportion is N/A: it has no labelled units \(4 unlabelled\)"):
        float(Proportion.from_counts(0, 0, unlabelled=4))
    named = Proportion.from_counts(0, 0).named("coverage")
    with pytest.raises(ValueError, match=r"^the proportion 'coverage' is N/A"):
        float(named)


def test_a_name_changes_neither_equality_nor_the_json():
    proportion = Proportion.from_counts(2, 3)
    assert proportion.named("fidelity") == proportion
    assert proportion.named("fidelity").to_dict() == proportion.to_dict()
    assert hash(proportion.named("fidelity")) == hash(proportion)


def test_proportion_all_false_is_zero_not_na():
    proportion = Proportion.from_labels([False, False])
    assert proportion.value == 0.0
    assert proportion.low == 0.0
    assert not proportion.is_na


def test_proportion_to_dict():
    proportion = Proportion.from_counts(81, 263, unlabelled=7)
    data = proportion.to_dict()
    assert list(data) == ["successes", "total", "unlabelled", "value", "low", "high"]
    assert data["successes"] == 81
    assert data["total"] == 263
    assert data["unlabelled"] == 7
    assert data["value"] == 81 / 263
    assert round(data["low"], 4) == 0.2553
    assert round(data["high"], 4) == 0.3662


def test_proportion_is_frozen():
    proportion = Proportion.from_counts(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        proportion.value = 0.9  # type: ignore[misc]


def test_proportion_rejects_bad_counts():
    with pytest.raises(InputError):
        Proportion.from_counts(3, 2)
    with pytest.raises(InputError):
        Proportion.from_counts(1, 2, unlabelled=-1)
    with pytest.raises(InputError):
        Proportion.from_counts(1, 2, confidence=1.0)


def test_proportion_many_matches_from_counts():
    counts = [(2, 3, 1), (0, 0, 5), (10, 10, 0), (0, 7, 2)]
    assert Proportion.many(counts, 0.9) == [Proportion.from_counts(s, n, u, 0.9) for s, n, u in counts]


# ---------------------------------------------------------------- properties


@st.composite
def counts(draw, max_total=5000):
    total = draw(st.integers(min_value=1, max_value=max_total))
    successes = draw(st.integers(min_value=0, max_value=total))
    return successes, total


confidences = st.floats(min_value=0.01, max_value=0.999, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(counts(), confidences)
def test_interval_contains_estimate_and_lies_in_unit_interval(pair, confidence):
    successes, total = pair
    proportion = Proportion.from_counts(successes, total, confidence=confidence)
    assert 0.0 <= proportion.low <= proportion.value <= proportion.high <= 1.0
    assert proportion.value == successes / total


@settings(max_examples=200, deadline=None)
@given(counts(max_total=500), st.sampled_from([2, 3, 10]))
def test_more_units_at_same_proportion_give_narrower_interval(pair, factor):
    successes, total = pair
    low, high = wilson_interval(successes, total)
    more_low, more_high = wilson_interval(factor * successes, factor * total)
    assert more_high - more_low < high - low


@settings(max_examples=200, deadline=None)
@given(counts(), confidences, confidences)
def test_higher_confidence_gives_wider_or_equal_interval(pair, first, second):
    lower, higher = sorted((first, second))
    narrow_low, narrow_high = wilson_interval(*pair, lower)
    wide_low, wide_high = wilson_interval(*pair, higher)
    assert wide_low <= narrow_low + 1e-12
    assert wide_high >= narrow_high - 1e-12


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([True, False, None]), max_size=60))
def test_from_labels_counts_add_up(labels):
    proportion = Proportion.from_labels(labels)
    assert proportion.successes == labels.count(True)
    assert proportion.total == labels.count(True) + labels.count(False)
    assert proportion.unlabelled == labels.count(None)
    assert proportion.is_na == (proportion.total == 0)
