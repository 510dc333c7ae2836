"""MinHash signatures and LSH banding (uncase_core.datasets.minhash)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom

from uncase_core.datasets import minhash
from uncase_core.datasets.leakage import shingles


@pytest.mark.parametrize("cutoff", [0.05, 0.3, 0.5, 0.8, 0.9, 0.95, 0.99])
def test_band_plan_meets_the_miss_bound_with_the_most_rows(cutoff):
    plan = minhash.band_plan(cutoff, miss=1e-6)
    assert plan.hashes <= minhash.MAX_HASHES
    assert 1.0 - plan.candidate_probability(cutoff) <= 1e-6 or plan.rows == 1
    # One more row per band would need more hashes than allowed.
    rows = plan.rows + 1
    bands = math.ceil(math.log(1e-6) / math.log1p(-cutoff ** rows))
    assert rows * bands > minhash.MAX_HASHES


def test_band_plan_for_identical_sets_and_bad_cutoffs():
    plan = minhash.band_plan(1.0)
    assert plan.candidate_probability(1.0) == 1.0
    with pytest.raises(ValueError, match="cutoff"):
        minhash.band_plan(0.0)


def test_candidate_probability_rises_with_similarity():
    plan = minhash.band_plan(0.8)
    values = [plan.candidate_probability(j / 20) for j in range(21)]
    assert values == sorted(values)
    assert values[0] == 0.0 and values[-1] == 1.0
    assert plan.candidate_probability(0.3) < 0.05  # pairs far below the cutoff rarely become candidates


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(st.lists(texts, max_size=6), st.integers(1, 6))
def test_one_key_per_distinct_ngram(batch, n):
    keys, starts = minhash.ngram_keys(batch, n)
    ends = np.append(starts[1:], len(keys))[:len(batch)]
    for text, start, end in zip(batch, starts, ends, strict=True):
        distinct = len(set(keys[start:end].tolist()))
        assert distinct == len(shingles(text, n)) if text else end == start


def test_equal_ngram_sets_give_equal_signatures():
    first, second = "abcab", "cabcab"  # both {abc, bca, cab} as 3-grams
    assert shingles(first, 3) == shingles(second, 3)
    signature = minhash.signatures([first, second, "zzzz"], 3, 64)
    assert (signature[0] == signature[1]).all()
    assert not (signature[0] == signature[2]).all()


def test_signatures_are_deterministic_and_empty_texts_stay_apart():
    batch = ["hello world", "", "hello there world"]
    one = minhash.signatures(batch, 3, 32)
    assert (one == minhash.signatures(batch, 3, 32)).all()
    assert (one[1] == np.iinfo(np.uint32).max).all()


def test_agreement_estimates_jaccard():
    rng = np.random.default_rng(5)
    words = [f"w{i}" for i in range(400)]
    base = list(rng.choice(words, 120))
    variants = [base[:]]
    for changed in (5, 20, 60):
        other = base[:]
        for position in rng.choice(len(other), changed, replace=False):
            other[position] = f"new{position}"
        variants.append(other)
    batch = [" ".join(v) for v in variants]
    signature = minhash.signatures(batch, 5, 300)
    for k in range(1, len(batch)):
        a, b = shingles(batch[0], 5), shingles(batch[k], 5)
        jaccard = len(a & b) / len(a | b)
        agreement = (signature[0] == signature[k]).mean()
        assert abs(agreement - jaccard) < 4 * math.sqrt(jaccard * (1 - jaccard) / 300) + 0.01


def test_candidate_pairs_group_equal_bands_and_skip_unusable_rows():
    signature = np.array([[1, 2, 3, 4], [1, 2, 9, 9], [7, 7, 3, 4], [1, 2, 3, 4]], dtype=np.uint32)
    plan = minhash.BandPlan(rows=2, bands=2)
    assert minhash.candidate_pairs(signature, plan).tolist() == [[0, 1], [0, 2], [0, 3], [1, 3], [2, 3]]
    usable = np.array([True, True, True, False])
    assert minhash.candidate_pairs(signature, plan, usable).tolist() == [[0, 1], [0, 2]]
    assert minhash.candidate_pairs(signature[:1], plan).shape == (0, 2)


@pytest.mark.parametrize(("hashes", "cutoff"), [(175, 0.8), (300, 0.5), (64, 0.95), (8, 1.0)])
def test_screen_minimum_bounds_the_chance_of_dropping_a_true_pair(hashes, cutoff):
    minimum = minhash.screen_minimum(hashes, cutoff, 1e-9)
    assert binom.cdf(minimum - 1, hashes, cutoff) < 1e-9
    assert binom.cdf(minimum, hashes, cutoff) >= 1e-9  # and it is the highest such floor


def test_screen_keeps_pairs_with_enough_agreeing_minima():
    signature = np.array([[1, 2, 3, 4], [1, 2, 3, 5], [1, 9, 9, 9]], dtype=np.uint32)
    pairs = np.array([[0, 1], [0, 2], [1, 2]])
    assert minhash.screen(signature, pairs, 3).tolist() == [[0, 1]]
    assert minhash.screen(signature, pairs[:0], 3).shape == (0, 2)
