"""The small, seeded version of the paired tables of bench/coverage.py (issue 48): the paired interval, the
compare page's two orders of testing, the projector's pair verdict and the judge page's bias line, at fixed truths."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.harness.paired_intervals import (
    discordant_tables,
    judge_bias_coverage,
    paired_cells,
    paired_interval_coverage,
    paired_truths,
    tango_bounds,
)
from bench.harness.paired_orders import (
    exact_mcnemar_directional_power,
    family_false_rate,
    latent_discordant_shares,
    order_clear,
    primary_power,
)
from bench.harness.room_pair import room_pair_false_rate, room_pair_tables
from uncase_core.stats.verdicts import paired_verdicts

LEVEL = 0.95


def tango(both: int, first_only: int, second_only: int, neither: int) -> tuple[float, float]:
    n = both + first_only + second_only + neither
    first, second = discordant_tables(n)
    low, high = tango_bounds(n)
    (i,) = np.flatnonzero((first == first_only) & (second == second_only))
    return float(low[i]), float(high[i])


@pytest.mark.parametrize(("table", "expected"), [
    # R's contingencytables tests: Tango_asymptotic_score_CI_paired_2x2(cavo_2012), and a table of three pairs, all
    # discordant one way (matrix(c(0, 0, 3, 0), 2)): n12 is the first classification only.
    ((59, 6, 16, 80), (-0.1240, -0.0054)),
    ((0, 3, 0, 0), (-0.1230, 1.0)),
    ((0, 0, 3, 0), (-1.0, 0.1230)),
])
def test_the_tango_candidate_is_rs(table, expected):
    assert tango(*table) == pytest.approx(expected, abs=5e-5)


def test_the_grid_holds_only_tables_that_exist():
    truths = list(paired_truths())
    assert len(truths) > 100
    for truth in truths:
        cells = paired_cells(*truth.rates(), truth.correlation)
        assert cells is not None and sum(cells) == pytest.approx(1.0)
        assert cells[1] - cells[2] == pytest.approx(truth.true_difference)
    assert paired_cells(0.5, 0.9, 0.9) is None  # rates this far apart cannot correlate so much


@pytest.mark.parametrize("pairs", [1, 2, 3, 5, 8, 13, 20, 30])
def test_the_pages_paired_interval_holds_at_fixed_truths(pairs):
    coverage = paired_interval_coverage(pairs)
    assert coverage.holds, coverage


@pytest.mark.parametrize("pairs", [1, 2, 3])
def test_newcombes_interval_did_not_hold_with_few_pairs(pairs):
    """What the pages drew before: below the rule at 1 to 3 pairs, and narrower than the page's interval there."""
    former, page = paired_interval_coverage(pairs, "newcombe"), paired_interval_coverage(pairs)
    assert not former.holds and former.windowed < page.windowed


def test_the_page_chose_the_narrower_of_the_two_that_hold():
    for pairs in (10, 20):
        page, score = paired_interval_coverage(pairs), paired_interval_coverage(pairs, "tango")
        assert page.holds and score.holds and page.width < score.width


@pytest.mark.parametrize("units", [1, 2, 3, 8, 20])
def test_the_bias_line_holds_at_fixed_truths(units):
    coverage = judge_bias_coverage(units)
    assert coverage.holds, coverage
    if units <= 2:
        assert not judge_bias_coverage(units, method="newcombe").holds


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=4, max_size=4),
       st.sampled_from(["holm", "primary"]), st.integers(0, 3))
def test_the_harness_decides_as_the_page_does(tables, order, primary):
    decided = order_clear(np.array(tables)[None], order, primary=primary)[0]
    verdicts = paired_verdicts(tables, 0.95, primary=primary if order == "primary" else None)
    assert decided.tolist() == [v.direction if v.clear else 0 for v in verdicts]


@pytest.mark.parametrize("dimension_correlation", [0.0, 0.6, 0.9])
@pytest.mark.parametrize("order", ["holm", "primary"])
def test_the_four_verdicts_together_hold_the_familys_level(order, dimension_correlation):
    for pairs in (20, 50):
        null = family_false_rate(pairs, order, 0.7, 0.3, dimension_correlation, repeats=3000, seed=pairs)
        assert null.holds, null
    # a real difference on the primary dimension only: the others are still called falsely at most the level
    other = family_false_rate(50, order, 0.6, 0.3, dimension_correlation, repeats=3000, seed=7,
                              primary_difference=0.2)
    assert other.holds, other


@pytest.mark.parametrize("pairs", [20, 50])
def test_the_primary_order_gives_the_primary_dimension_the_power_of_the_exact_test(pairs):
    p_only_a, p_only_b = latent_discordant_shares(0.6, 0.8, 0.0)
    floor = exact_mcnemar_directional_power(pairs, p_only_a, p_only_b)
    first = primary_power(pairs, "primary", 0.6, 0.8, 0.0, 0.6, repeats=3000, seed=pairs)
    holm = primary_power(pairs, "holm", 0.6, 0.8, 0.0, 0.6, repeats=3000, seed=pairs)
    assert first.rate >= 0.8 * floor - 3 * first.standard_error
    assert abs(first.rate - floor) <= 3 * first.standard_error  # it is the exact test alone, to Monte Carlo error
    assert holm.rate < 0.8 * floor  # what the page said before issue 48


@pytest.mark.parametrize("cases", [5, 20])
def test_the_projectors_pair_verdict_holds_its_level(cases):
    rate = room_pair_false_rate(cases, 5, 0.85, 0.7, repeats=800, seed=cases)
    assert rate.holds, rate


def test_the_rooms_simulated_tables_follow_the_class_majority():
    rng = np.random.default_rng(3)
    # A right class: A's answers always hold, B's never; every case passes for A only.
    tables = room_pair_tables(6, 3, 1.0, 1.0, 0.0, 0.0, 0.0, 50, rng)
    assert (tables[..., 0] == 6).all() and (tables[..., 1] == 0).all()
    # A class always wrong with an odd number of people: the majority flips every label, so only B passes.
    tables = room_pair_tables(6, 5, 0.0, 1.0, 0.0, 0.0, 0.0, 50, rng)
    assert (tables[..., 0] == 0).all() and (tables[..., 1] == 6).all()
