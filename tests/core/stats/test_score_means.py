"""The mean of a tool's scores with its betting interval, and two runs' paired difference (issue 51, item 7)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.stats import score_means
from uncase_core.stats.score_means import (
    BET_CAP,
    MIN_SCORES,
    ScoreDifference,
    ScoreMean,
    score_difference,
    score_mean,
    verdict_of,
)

SCORES = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=MIN_SCORES, max_size=40)


def hedged_capital_by_hand(x: list[float], m: float, alpha: float) -> float:
    """The hedged capital of one order after every score, written from the paper's definitions one step at a time
    (an independent check on the vectorised code)."""
    n = len(x)
    plus = minus = 1.0
    total = squares = 0.0
    variance = 0.25
    for t, value in enumerate(x, start=1):
        bet = math.sqrt(2.0 * math.log(2.0 / alpha) / (n * variance))
        up = min(bet, BET_CAP / m) if m > 0 else bet
        down = min(bet, BET_CAP / (1.0 - m)) if m < 1 else bet
        plus *= 1.0 + up * (value - m)
        minus *= 1.0 - down * (value - m)
        total += value
        running_mean = (0.5 + total) / (t + 1)
        squares += (value - running_mean) ** 2
        variance = (0.25 + squares) / (t + 1)
    return 0.5 * plus + 0.5 * minus


@pytest.mark.parametrize("m", [0.05, 0.3, 0.5, 0.8, 0.97])
def test_the_capital_is_the_papers_hedged_process(m):
    x = np.array([1.0, 0.9, 1.0, 0.0, 0.75, 1.0, 1.0, 0.5])
    alpha = 0.05
    bets = score_means._bets(x, alpha)[None, :]
    got = score_means._log_capital(x[None, :], bets, np.array([m]))[0]
    assert got == pytest.approx(math.log(hedged_capital_by_hand(list(x), m, alpha)), rel=1e-10)


def test_known_values():
    # two scores tell almost nothing: the whole of [0, 1] is kept (Hoeffding's bound would keep [0.04, 1] too)
    two = score_mean([1.0, 1.0])
    assert (two.n, two.missing, two.value, two.low, two.high) == (2, 0, 1.0, 0.0, 1.0)
    # a run where every case scored 0.5: the interval closes around it as cases come
    flat = score_mean([0.5] * 500)
    assert flat.value == 0.5 and 0.47 < flat.low < 0.5 < flat.high < 0.53
    # the t-interval's failure case: ten faithfulness scores of 1.0 (no spread). t says [1, 1]; the truth could be
    # 0.8 with a one-in-ten chance of 0 that these ten happened to miss, and the betting interval keeps it
    ten = score_mean([1.0] * 10)
    assert ten.high == 1.0 and ten.low < 0.8
    # the interval holds the points the capital keeps and excludes the ones it rejects
    x = np.array([0.9, 1.0, 1.0, 0.8, 1.0, 0.0, 1.0, 0.95, 1.0, 1.0] * 3)
    result = score_mean(list(x))
    orders = x[score_means._orders(len(x))]
    bets = np.stack([score_means._bets(o, 0.05) for o in orders])
    threshold = math.log(20.0)
    assert score_means._log_capital(orders, bets, np.array([result.low - 1e-3, result.high + 1e-3])).min() \
        >= threshold or result.high == 1.0
    assert score_means._log_capital(orders, bets, np.array([result.low - 1e-3]))[0] >= threshold
    assert score_means._log_capital(orders, bets, np.array([result.value]))[0] < threshold


def test_fewer_than_two_scores_are_not_applicable_never_nan():
    for scores in ([], [None], [0.7], [None, 0.4, None]):
        result = score_mean(scores)
        assert not result.applicable and result.value is None and result.low is None and result.high is None
        assert result.n == sum(s is not None for s in scores) and result.missing == scores.count(None)
    difference = score_difference([0.2, None], [0.9, 0.4])
    assert not difference.applicable and difference.verdict is None and (difference.n, difference.missing) == (1, 1)


def test_missing_scores_are_counted_and_skipped():
    result = score_mean([0.83, None, 0.91, 1.0, None])
    assert (result.n, result.missing) == (3, 2)
    assert result.value == pytest.approx((0.83 + 0.91 + 1.0) / 3)
    assert result.to_dict()["method"] == score_means.METHOD


@pytest.mark.parametrize("bad", [[0.5, 1.2], [0.5, -0.1], [0.5, float("nan")], [0.5, "0.7"], [True, 0.5], "0.5"])
def test_bad_scores_are_refused_naming_where(bad):
    with pytest.raises(InputError) as error:
        score_mean(bad)
    assert "scores" in str(error.value)


def test_two_runs_of_different_lengths_are_refused():
    with pytest.raises(InputError, match="has 3 scores but scores_a has 2"):
        score_difference([0.1, 0.2], [0.1, 0.2, 0.3])


def test_a_clear_improvement_and_identical_runs():
    a = [0.6, 0.7, 0.5, 0.65, 0.55] * 12
    b = [min(1.0, s + 0.3) for s in a]
    better = score_difference(a, b)
    assert better.verdict == "b_higher" and better.low > 0 and better.value == pytest.approx(0.3)
    worse = score_difference(b, a)
    assert worse.verdict == "b_lower" and worse.high < 0
    assert (worse.low, worse.high) == pytest.approx((-better.high, -better.low))
    same = score_difference(a, a)
    assert same.verdict == "no_clear_difference" and same.value == 0 and same.low < 0 < same.high
    assert isinstance(same, ScoreDifference) and same.to_dict()["verdict"] == "no_clear_difference"


def test_the_verdict_needs_the_interval_to_exclude_zero():
    assert verdict_of(0.01, 0.2) == "b_higher"
    assert verdict_of(-0.2, -0.01) == "b_lower"
    assert verdict_of(0.0, 0.2) == "no_clear_difference"
    assert verdict_of(-0.1, 0.1) == "no_clear_difference"


def test_the_same_cases_give_the_same_interval():
    x = list(np.random.default_rng(3).beta(4, 1, 37))
    assert score_mean(x) == score_mean(list(x))


@settings(max_examples=60, deadline=None)
@given(SCORES)
def test_the_interval_holds_the_mean_within_zero_and_one(scores):
    result = score_mean(scores)
    assert isinstance(result, ScoreMean)
    assert 0.0 <= result.low <= result.value <= result.high <= 1.0
    assert not any(math.isnan(v) for v in (result.value, result.low, result.high))


@settings(max_examples=40, deadline=None)
@given(SCORES)
def test_the_interval_is_symmetric_under_one_minus_the_scores(scores):
    result = score_mean(scores)
    mirrored = score_mean([1.0 - s for s in scores])
    assert mirrored.value == pytest.approx(1.0 - result.value, abs=1e-12)
    assert (mirrored.low, mirrored.high) == pytest.approx((1.0 - result.high, 1.0 - result.low), abs=1e-6)


@settings(max_examples=30, deadline=None)
@given(SCORES)
def test_more_cases_like_these_narrow_the_interval(scores):
    once = score_mean(scores)
    four_times = score_mean(scores * 4)
    assert four_times.high - four_times.low <= once.high - once.low + 1e-6


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=MIN_SCORES, max_size=30))
def test_the_difference_holds_its_estimate_within_minus_one_and_one(pairs):
    a, b = [p[0] for p in pairs], [p[1] for p in pairs]
    result = score_difference(a, b)
    assert -1.0 <= result.low <= result.value <= result.high <= 1.0
    assert result.verdict == verdict_of(result.low, result.high)
    swapped = score_difference(b, a)
    assert (swapped.low, swapped.high) == pytest.approx((-result.high, -result.low), abs=1e-6)


def test_the_first_grid_only_finds_the_edges_the_bisection_then_fixes(monkeypatch):
    """The interval does not depend on how fine the first grid is (every 0.025, or ten times finer)."""
    rng = np.random.default_rng(5)
    for n in (2, 5, 10, 50, 200):
        x = np.where(rng.random(n) < 0.7, 1.0, rng.beta(2, 2, n))
        coarse = score_mean(x)
        monkeypatch.setattr(score_means, "GRID", 401)
        fine = score_mean(x)
        monkeypatch.setattr(score_means, "GRID", 41)
        assert (coarse.low, coarse.high) == pytest.approx((fine.low, fine.high), abs=1e-8)
