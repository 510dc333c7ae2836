"""``uncase_core.compare.paired``: the paired table, Bonett and Price's interval, McNemar's p-value and Connor's
sample size."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.stats import binomtest, norm
from statsmodels.stats.contingency_tables import mcnemar

from uncase_core.compare.paired import (
    PAIRED_NOTES,
    SAMPLE_SIZE_NOTES,
    mcnemar_sample_size,
    paired_difference,
    paired_sample_size,
    paired_table,
)
from uncase_core.errors import InputError
from uncase_core.stats.planning import MAX_SAMPLE_SIZE
from uncase_core.stats.verdicts import exact_mcnemar_power, pairs_for_power

# Bonett and Price's (2012) adjusted Wald interval as two R packages publish it, with B the first classification:
# statpsych's ci.prop.ps(.05, 12, 4, 26, 6) (its documented example: 0.2548067 to 0.6251933; only B 26, only A 4)
# and contingencytables' Wald_CI_BonettPrice_paired_2x2(cavo_2012) (its test: -0.1195 to -0.0032; only B 6, only A 16).
# Cells (both, only B, only A, neither).
BONETT_PRICE = [
    ((6, 26, 4, 12), 0.2548067, 0.6251933, 5e-7),
    ((59, 6, 16, 80), -0.1195, -0.0032, 5e-5),
]


def sequences(both: int, only_a: int, only_b: int, neither: int, seed: int = 0) -> tuple[list, list]:
    """Two systems' pass/fail lists with these cells, in a shuffled order."""
    pairs = [(True, True)] * both + [(True, False)] * only_a + [(False, True)] * only_b + [(False, False)] * neither
    order = np.random.default_rng(seed).permutation(len(pairs))
    return [pairs[i][0] for i in order], [pairs[i][1] for i in order]


@pytest.mark.parametrize(("cells", "low", "high", "precision"), BONETT_PRICE)
def test_the_interval_is_bonett_and_prices_as_published(cells, low, high, precision):
    both, only_b, only_a, neither = cells
    a, b = sequences(both=both, only_a=only_a, only_b=only_b, neither=neither)
    result = paired_difference(a, b)
    assert (result.both, result.only_a, result.only_b, result.neither, result.dropped) == (both, only_a, only_b,
                                                                                           neither, 0)
    assert result.pairs == sum(cells)
    assert result.difference == pytest.approx((only_b - only_a) / sum(cells))
    assert (result.low, result.high) == pytest.approx((low, high), abs=precision)
    assert result.rate_b.value - result.rate_a.value == pytest.approx(result.difference)


def test_newcombes_first_example_reads_as_a_page_would():
    a, b = sequences(36, 2, 12, 0)
    result = paired_difference(a, b)
    assert result.table == ((36, 2), (12, 0))
    assert (result.rate_a.successes, result.rate_a.total) == (38, 50)
    assert (result.rate_b.successes, result.rate_b.total) == (48, 50)
    assert result.discordant == 14 and result.distinguishable
    assert result.p_value == pytest.approx(0.012939453125)  # 2 * P(X <= 2), X ~ Bin(14, 1/2)


@settings(max_examples=300, deadline=None)
@given(cells=st.tuples(*[st.integers(0, 60)] * 4), seed=st.integers(0, 1000))
def test_the_p_value_is_statsmodels_exact_mcnemar_on_random_tables(cells, seed):
    both, only_a, only_b, neither = cells
    result = paired_difference(*sequences(*cells, seed=seed))
    if sum(cells) == 0:
        assert result.p_value is None
        return
    expected = mcnemar([[both, only_a], [only_b, neither]], exact=True).pvalue
    assert result.p_value == pytest.approx(expected, rel=1e-12, abs=0)
    # and, independently of statsmodels, the two-sided binomial test of the discordant pairs (1 when there are none)
    discordant = only_a + only_b
    oracle = 1.0 if discordant == 0 else binomtest(min(only_a, only_b), discordant, 0.5).pvalue
    assert result.p_value == pytest.approx(oracle, rel=1e-9)
    assert 0.0 <= result.p_value <= 1.0


labels = st.sampled_from([True, False, None])


@settings(max_examples=300, deadline=None)
@given(pairs=st.lists(st.tuples(labels, labels), max_size=60), confidence=st.floats(0.5, 0.999))
def test_swapping_a_and_b_negates_the_difference_and_mirrors_the_interval(pairs, confidence):
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    forward, backward = paired_difference(a, b, confidence), paired_difference(b, a, confidence)
    assert forward.pairs + forward.dropped == len(pairs)
    assert forward.dropped == sum(1 for x, y in pairs if x is None or y is None)
    assert (backward.only_a, backward.only_b, backward.both, backward.neither) == (
        forward.only_b, forward.only_a, forward.both, forward.neither)
    assert backward.p_value == forward.p_value
    if forward.pairs == 0:
        assert forward.difference is None and forward.low is None and forward.high is None
        return
    assert backward.difference == pytest.approx(-forward.difference)
    assert (backward.low, backward.high) == pytest.approx((-forward.high, -forward.low))
    assert -1.0 <= forward.low <= forward.difference <= forward.high <= 1.0


@settings(max_examples=100, deadline=None)
@given(values=st.lists(labels, min_size=1, max_size=40))
def test_the_same_values_for_both_give_zero_with_p_one(values):
    result = paired_difference(values, values)
    if result.pairs == 0:
        assert result.p_value is None
        return
    assert result.difference == 0.0 and result.p_value == 1.0
    assert result.low <= 0.0 <= result.high
    assert "no_discordant_pairs" in {note.code for note in result.notes}


def test_all_concordant_and_zero_discordant():
    result = paired_difference([True, True, False], [True, True, False])
    assert (result.both, result.neither, result.discordant) == (2, 1, 0)
    assert result.difference == 0.0 and result.p_value == 1.0
    assert result.low < 0.0 < result.high and not result.distinguishable
    assert [note.code for note in result.notes] == ["no_discordant_pairs"]


def test_no_pair_is_not_applicable_never_nan():
    for a, b in (([], []), ([None, True], [False, None]), ([None], [None])):
        result = paired_difference(a, b)
        assert result.pairs == 0 and result.dropped == len(a)
        assert (result.difference, result.low, result.high, result.p_value) == (None, None, None, None)
        assert result.rate_a.is_na and result.rate_b.is_na and not result.distinguishable
        assert result.notes[0].code == "no_pairs"
        data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
        assert data["difference"] is None and data["notes"][0]["text"] == PAIRED_NOTES["no_pairs"]


def test_dropped_pairs_are_counted_and_noted():
    result = paired_difference([True, None, False, True], [True, True, None, False])
    assert (result.pairs, result.dropped, result.only_a) == (2, 2, 1)
    assert result.rate_a.unlabelled == 2
    assert result.to_dict()["notes"][-1] == {"code": "pairs_dropped", "params": {"count": 2},
                                             "text": PAIRED_NOTES["pairs_dropped"].format(count=2)}


def test_numpy_booleans_are_accepted():
    result = paired_difference(np.array([True, False, True]), [np.True_, np.True_, None])
    assert (result.both, result.only_b, result.dropped) == (1, 1, 1)


@pytest.mark.parametrize(("a", "b", "where", "code"), [
    ([True, False], [True], "b", "paired_lengths_differ"),
    ([True, 1, None], [True, True, True], "a[1]", "expected"),
    ([True], ["yes"], "b[0]", "expected"),
    ("TFT", [True, False, True], "a", "expected"),
    ([True], {"x": True}, "b", "expected"),
])
def test_bad_input_is_refused_naming_the_place(a, b, where, code):
    with pytest.raises(InputError) as caught:
        paired_difference(a, b)
    assert (caught.value.where, caught.value.code) == (where, code)


def test_unequal_lengths_say_both_counts():
    with pytest.raises(InputError) as caught:
        paired_difference([True, False, True], [True])
    assert caught.value.message == "b: has 1 values but a has 3; both must give one value per case, in the same order"


def test_a_bad_confidence_is_refused():
    with pytest.raises(InputError) as caught:
        paired_difference([True], [False], confidence=1.0)
    assert caught.value.where == "confidence"


def test_the_table_from_counts_is_the_table_from_sequences():
    a, b = sequences(3, 1, 4, 2)
    assert paired_table(3, 1, 4, 2, 1) == paired_difference([*a, None], [*b, True])
    with pytest.raises(InputError) as caught:
        paired_table(3, -1, 4, 2)
    assert caught.value.where == "only_a"
    with pytest.raises(InputError):
        paired_table(3, 1, 4, 2, True)


# ---------------------------------------------------------------- sample size (Connor 1987)


def test_connors_worked_example():
    # Connor (1987), p. 209, as reproduced by powerandsamplesize.com's McNemar calculator (two-sided):
    # p01 = 0.45, p10 = 0.05, alpha = 0.05, power = 0.80 -> ceiling(n) = 23.
    assert mcnemar_sample_size(0.05, 0.45, 0.95, 0.80) == 23
    assert mcnemar_sample_size(0.45, 0.05, 0.95, 0.80) == 23  # the direction does not matter


def normal_power(p10: float, p01: float, n: int, confidence: float) -> float:
    """The power of the two-sided McNemar z-test with n pairs (Connor 1987; both tails, as the calculator above)."""
    diff, disc = p01 - p10, p10 + p01
    z = norm.ppf(1.0 - (1.0 - confidence) / 2.0)
    spread = math.sqrt(disc - diff**2)
    return (norm.cdf((abs(diff) * math.sqrt(n) - z * math.sqrt(disc)) / spread)
            + norm.cdf((-abs(diff) * math.sqrt(n) - z * math.sqrt(disc)) / spread))


@settings(max_examples=300, deadline=None)
@given(p10=st.floats(0.0, 0.6), p01=st.floats(0.0, 0.6), confidence=st.floats(0.8, 0.99), power=st.floats(0.5, 0.95))
def test_n_pairs_reach_the_power_and_one_less_does_not(p10, p01, confidence, power):
    assume(p10 + p01 <= 1.0)
    n = mcnemar_sample_size(p10, p01, confidence, power)
    if p10 == p01:
        assert n is None
        return
    if n is None:
        return  # beyond the cap
    diff, disc = p01 - p10, p10 + p01
    if disc - diff**2 < 1e-9:
        return  # every pair discordant one way: the power formula divides by zero
    # the leading term of the power is the formula Connor inverts: at n it reaches the power, at n - 1 it does not
    z = norm.ppf(1.0 - (1.0 - confidence) / 2.0)
    lead = norm.cdf((abs(diff) * math.sqrt(n) - z * math.sqrt(disc)) / math.sqrt(disc - diff**2))
    assert lead >= power - 1e-9
    assert normal_power(p10, p01, n, confidence) >= power - 1e-9
    if n > 1:
        lead_before = norm.cdf((abs(diff) * math.sqrt(n - 1) - z * math.sqrt(disc)) / math.sqrt(disc - diff**2))
        assert lead_before < power + 1e-9


def test_smaller_differences_need_more_pairs():
    sizes = [mcnemar_sample_size(0.05, 0.05 + d) for d in (0.4, 0.2, 0.1, 0.05)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 4
    assert mcnemar_sample_size(0.1, 0.1 + 1e-6) is None  # more than MAX_SAMPLE_SIZE pairs
    assert mcnemar_sample_size(0.3, 0.3) is None


@pytest.mark.parametrize(("args", "where"), [((-0.1, 0.2), "p_only_a"), ((0.2, 1.5), "p_only_b"),
                                             ((0.6, 0.6), "p_only_b"), ((0.1, 0.2, 1.2), "confidence"),
                                             ((0.1, 0.2, 0.95, 0.2), "power"), ((0.1, math.nan), "p_only_b"),
                                             ((True, 0.2), "p_only_a")])
def test_bad_shares_are_refused(args, where):
    with pytest.raises(InputError) as caught:
        mcnemar_sample_size(*args)
    assert caught.value.where == where


def test_the_observed_sample_size_and_how_many_more():
    size = paired_sample_size(paired_table(3, 1, 4, 2), power=0.8)
    assert (size.p_only_a, size.p_only_b) == (0.1, 0.4)
    # The exact test the page decides with, not Connor's normal approximation (which says 42 here).
    assert size.pairs_needed == pairs_for_power(0.1, 0.4, 0.95, 0.8, MAX_SAMPLE_SIZE) == 46
    assert exact_mcnemar_power(46, 0.1, 0.4, 0.05) >= 0.8 > exact_mcnemar_power(45, 0.1, 0.4, 0.05)
    assert size.pairs_needed >= mcnemar_sample_size(0.1, 0.4, 0.95, 0.8)
    assert size.more_pairs == size.pairs_needed - 10 and size.notes == ()
    enough = paired_sample_size(paired_table(0, 0, 30, 0))
    assert enough.more_pairs == 0 and enough.pairs_needed <= 30
    none = paired_sample_size(paired_table(0, 0, 0, 0))
    assert (none.pairs_needed, none.more_pairs, none.p_only_a) == (None, None, None)
    assert [n.code for n in none.notes] == ["no_pairs"]
    same = paired_sample_size(paired_table(5, 2, 2, 1))
    assert same.pairs_needed is None and [n.code for n in same.notes] == ["no_difference"]
    tiny = paired_sample_size(paired_table(10**9, 1, 2, 0))
    assert tiny.pairs_needed is None and tiny.notes[0].params["limit"] == MAX_SAMPLE_SIZE
    for result in (size, none, same, tiny):
        data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
        assert [n["text"] for n in data["notes"]] == [n.text(SAMPLE_SIZE_NOTES) for n in result.notes]


def test_the_mcnemar_cuts_equal_scipys_ppf_for_every_count_up_to_the_power_tables_ceiling():
    """verdicts._lower_cuts replaces binom.ppf (80 ms for a 20,000 table, most of the Compare page's run): the same
    boundary for every d at every level a page offers and beyond."""
    import numpy as np
    from scipy.stats import binom

    from uncase_core.stats.verdicts import EXACT_SEARCH_LIMIT, _lower_cuts

    d = np.arange(EXACT_SEARCH_LIMIT + 1)
    for alpha in (0.001, 0.01, 0.05, 0.1, 0.2, 0.5, 0.9):
        tail = alpha / 2.0
        cut = binom.ppf(tail, d, 0.5)
        cut = np.where(binom.cdf(cut, d, 0.5) <= tail + 1e-12, cut, cut - 1)
        assert np.array_equal(_lower_cuts(d, tail), cut), alpha


def test_the_power_search_finds_the_same_pairs_with_a_growing_table():
    """pairs_for_power grows its rejection table as it searches; the first n reaching the power is the one a full
    table of 20,000 gives (the exact power computed directly at each n)."""
    from uncase_core.stats.verdicts import exact_mcnemar_power, pairs_for_power

    for p_a, p_b in ((0.05, 0.15), (0.1, 0.12), (0.2, 0.3), (0.02, 0.01), (0.3, 0.05)):
        found = pairs_for_power(p_a, p_b, 0.95, 0.8, 5000)
        n, direct = 1, None
        while n <= 5000:  # past 2,000 pairs the search steps by 1%, as pairs_for_power does
            if exact_mcnemar_power(n, p_a, p_b, 0.05) >= 0.8:
                direct = n
                break
            n = n + 1 if n < 2000 else int(n * 1.01) + 1
        assert found == direct, (p_a, p_b)
