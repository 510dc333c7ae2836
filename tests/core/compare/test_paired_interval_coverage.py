"""The paired interval the pages draw (compare cards, chart, strata table, projector; the judge page's bias line)
covers the true difference at fixed truths from one pair on (issue 48, finding 5).

Self-contained and exact: every table of n pairs weighted by its multinomial probability, the interval taken from the
functions the pages call (``paired_table``, ``judge_agreement``), coverage averaged over a window of +-0.05 around
each true rate and held to the level minus 2.5 points. Newcombe's method 10, drawn before, covered 84 % at one pair,
87.5 % at two with no difference and half the pairs discordant, and 89 % for a weak judge with one unit."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from uncase_core.compare.paired import paired_table
from uncase_core.judge.report import judge_agreement

LEVEL = 0.95
RULE = LEVEL - 0.025
WINDOW = np.linspace(-0.05, 0.05, 11)


def tables(n: int) -> list[tuple[int, int, int, int]]:
    return [(a, b, c, n - a - b - c) for a, b, c in itertools.product(range(n + 1), repeat=3) if a + b + c <= n]


def probability(table: tuple[int, ...], cells: tuple[float, ...]) -> float:
    n = sum(table)
    log = math.lgamma(n + 1)
    for count, share in zip(table, cells, strict=True):
        if count:
            if share <= 0:
                return 0.0
            log += count * math.log(share) - math.lgamma(count + 1)
    return math.exp(log)


def cells_of(rate_a: float, rate_b: float, correlation: float) -> tuple[float, float, float, float] | None:
    """``(both, only_a, only_b, neither)`` with these rates and phi correlation, or None where none exists."""
    if not (0 < rate_a < 1 and 0 < rate_b < 1):
        return None
    both = rate_a * rate_b + correlation * math.sqrt(rate_a * (1 - rate_a) * rate_b * (1 - rate_b))
    cells = (both, rate_a - both, rate_b - both, 1 - rate_a - rate_b + both)
    return None if min(cells) < -1e-12 else tuple(max(0.0, c) for c in cells)


def windowed_coverage(n: int, interval, cells_at) -> float:
    """Coverage of ``rate_b - rate_a`` (only_b - only_a) averaged over the window of true rates."""
    bounds = {table: interval(table) for table in tables(n)}
    coverages = []
    for shift in WINDOW:
        cells = cells_at(shift)
        if cells is None:
            continue
        truth = cells[2] - cells[1]
        coverages.append(sum(probability(table, cells) for table, (low, high) in bounds.items()
                             if low - 1e-9 <= truth <= high + 1e-9))
    return float(np.mean(coverages))


def compare_interval(table: tuple[int, int, int, int]) -> tuple[float, float]:
    result = paired_table(*table)
    return result.low, result.high


@pytest.mark.parametrize("pairs", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("rate_a", "rate_b"), [(0.5, 0.5), (0.6, 0.4), (0.5, 0.45), (0.5, 0.7), (0.9, 0.7),
                                                (0.95, 0.95), (0.8, 0.9)])
@pytest.mark.parametrize("correlation", [0.0, 0.3, 0.6])
def test_the_compare_pages_interval_covers_at_fixed_truths_from_one_pair(pairs, rate_a, rate_b, correlation):
    if cells_of(rate_a, rate_b, correlation) is None:
        pytest.skip("no table has these rates and this correlation")
    coverage = windowed_coverage(pairs, compare_interval,
                                 lambda shift: cells_of(rate_a + shift, rate_b + shift, correlation))
    assert coverage >= RULE, f"{coverage:.3f} at {pairs} pairs, A {rate_a}, B {rate_b}, correlation {correlation}"


def bias_interval(table: tuple[int, int, int, int]) -> tuple[float, float]:
    """The judge page's bias line on a table ``(both, human only, judge only, neither)``."""
    both, human_only, judge_only, neither = table
    bias = judge_agreement(((both, human_only), (judge_only, neither))).bias
    return bias.low, bias.high


@pytest.mark.parametrize("units", [1, 2, 3])
@pytest.mark.parametrize(("sensitivity", "false_positive", "human_rate"),
                         [(0.6, 0.4, 0.7), (0.6, 0.5, 0.6), (0.7, 0.3, 0.5), (0.95, 0.05, 0.9)])
def test_the_judge_pages_bias_line_covers_at_fixed_truths_from_one_unit(units, sensitivity, false_positive,
                                                                        human_rate):
    def cells_at(shift: float) -> tuple[float, float, float, float] | None:
        p = human_rate + shift
        if not 0 < p < 1:
            return None
        return (p * sensitivity, p * (1 - sensitivity), (1 - p) * false_positive, (1 - p) * (1 - false_positive))

    coverage = windowed_coverage(units, bias_interval, cells_at)
    assert coverage >= RULE, f"{coverage:.3f} at {units} units, judge {sensitivity}/{false_positive}"
