"""What the compare page keeps from one label change to the next gives the comparison made afresh (issue 50): the
labels counted from the cases' evaluations are the units' own counts, the kept resample weights are the ones drawn
from the seed, a kept sample size is the one searched, and a comparison made from evaluations kept case by case is
the one evaluate_dataset makes."""

from __future__ import annotations

import random

import numpy as np
import pytest

from uncase_core.compare import paired, systems
from uncase_core.compare.systems import compare_systems
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import RagCase, RagDataset, Unit


def cases(count: int, seed: int) -> RagDataset:
    """Cases with 0 to 4 units of each kind, labels true, false or missing (some cases with none labelled)."""
    rng = random.Random(seed)

    def label():
        return rng.choice([True, False, None])

    def units(prefix, names):
        return tuple(Unit(f"{prefix}{j}", "t", {name: label() for name in names}) for j in range(rng.randint(0, 4)))

    return RagDataset(tuple(RagCase(f"q{i}", "?", units("p", ["relevant"]), "a", units("c", ["supported", "correct"]),
                                    units("f", ["covered"])) for i in range(count)), "jsonl")


@pytest.mark.parametrize("seed", range(5))
def test_counts_read_from_the_evaluations_are_the_units_counts(seed):
    dataset = cases(60, seed)
    evaluated = rag.evaluate_dataset(dataset.cases, rag.Settings.build())
    assert np.array_equal(systems._evaluated_counts(evaluated), systems._unit_counts(dataset.cases))


@pytest.mark.parametrize(("count", "resamples"), [(1, 5), (30, 2000), (700, 2000), (3000, 2000)])
def test_kept_weights_are_the_weights_drawn_from_the_seed(count, resamples):
    kept = [w.copy() for w in systems._weight_blocks(count, resamples, 11)]
    again = list(systems._weight_blocks(count, resamples, 11))
    drawn = list(systems._drawn_weight_blocks(count, resamples, 11))
    assert len(kept) == len(drawn) == len(again)
    for a, b, c in zip(kept, again, drawn, strict=True):
        assert np.array_equal(a, c) and np.array_equal(b, c)


def test_a_kept_sample_size_is_the_one_searched():
    for only_a, only_b, pairs in ((3, 9, 40), (10, 12, 500), (0, 0, 30), (5, 5, 20), (1, 30, 60)):
        difference = paired.paired_difference([True] * only_a + [False] * only_b + [True] * (pairs - only_a - only_b),
                                              [False] * only_a + [True] * only_b + [True] * (pairs - only_a - only_b))
        kept = systems.KeptComparison()
        for _ in range(2):  # made, then kept
            assert systems._sample_size_kept(difference, paired.DEFAULT_POWER, kept) == paired.paired_sample_size(
                difference)


def evaluated_case_by_case(cases_, settings):
    return rag.dataset_of_evaluations([case.id for case in cases_], [rag.evaluate_case(c, settings) for c in cases_],
                                      settings)


@pytest.mark.parametrize("count", [3, 40, 300])
def test_a_comparison_from_evaluations_kept_case_by_case_is_the_comparison_made_afresh(count):
    a, b = cases(count, 1), cases(count, 2)
    b = RagDataset(tuple(reversed(b.cases)), "jsonl")  # B in another order: matched by id
    afresh = compare_systems(a, b, seed=5, stratum=None)
    kept = systems.KeptComparison()
    for _ in range(2):  # kept work made, then used
        again = compare_systems(a, b, seed=5, evaluate=(evaluated_case_by_case, evaluated_case_by_case), kept=kept)
        assert again == afresh
        assert again.to_dict() == afresh.to_dict()


@pytest.mark.parametrize("count", [25, 500])
def test_the_bootstrap_after_a_change_adds_what_changed_and_gives_the_draws_made_afresh(count):
    rng = np.random.default_rng(3)
    counts_a = rng.integers(0, 5, size=(count, 4, 2)).astype(float)
    counts_b = rng.integers(0, 5, size=(count, 4, 2)).astype(float)
    counts_a[..., 0] = np.minimum(counts_a[..., 0], counts_a[..., 1])
    counts_b[..., 0] = np.minimum(counts_b[..., 0], counts_b[..., 1])
    kept = systems.KeptComparison()
    systems.bootstrap_differences(counts_a, counts_b, 2000, 7, kept)
    for step in range(6):  # one case, then several, changed in A or B
        changed = counts_a if step % 2 else counts_b
        rows = rng.choice(count, size=1 + step, replace=False)
        changed[rows, :, 1] = rng.integers(0, 6, size=(len(rows), 4))
        changed[rows, :, 0] = np.minimum(changed[rows, :, 0], changed[rows, :, 1])
        again = systems.bootstrap_differences(counts_a, counts_b, 2000, 7, kept)
        afresh = systems.bootstrap_differences(counts_a, counts_b, 2000, 7)
        assert np.array_equal(again.mask, afresh.mask)
        assert np.array_equal(again.data, afresh.data)
