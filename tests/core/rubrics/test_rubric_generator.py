"""The seeded verdict generator: determinism, planted truth, and filtering raising judge agreement."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from uncase_core.errors import InputError
from uncase_core.rubrics.generator import GeneratorSettings, filter_recovery, generate_verdicts
from uncase_core.rubrics.lab import FILTERS, analyse

NOISY = {"candidates": 8, "unstable": 20, "misaligned": 8}


def mean_spearman(figures) -> float:
    return float(np.mean([v for v in figures.spearman.values() if v is not None]))


def test_shape_and_planted_truth():
    settings = GeneratorSettings(seed=5, candidates=4, prompts=5, items_per_prompt=3, judges=2, runs=3,
                                 trivial=1, impossible=2, misaligned=1, unstable=1)
    frame, truth = generate_verdicts(settings)
    assert len(frame) == 4 * 15 * 2 * 3
    assert list(frame.columns) == ["candidate", "prompt", "item", "judge", "run", "verdict"]
    assert frame["verdict"].dtype == bool
    assert sorted(truth.ability) == ["C1", "C2", "C3", "C4"]
    assert sorted(truth.bad_items.values()) == ["impossible", "impossible", "misaligned", "trivial", "unstable"]
    for (prompt, item), kind in truth.bad_items.items():
        verdicts = frame.loc[(frame["prompt"] == prompt) & (frame["item"] == item), "verdict"]
        if kind == "trivial":
            assert verdicts.all()
        if kind == "impossible":
            assert not verdicts.any()


def test_deterministic_for_a_seed_and_different_for_another():
    a, truth_a = generate_verdicts(GeneratorSettings(seed=11))
    b, truth_b = generate_verdicts(GeneratorSettings(seed=11))
    c, truth_c = generate_verdicts(GeneratorSettings(seed=12))
    pd.testing.assert_frame_equal(a, b)
    assert truth_a == truth_b
    assert not a["verdict"].equals(c["verdict"]) and truth_a.bad_items != truth_c.bad_items


def test_bad_settings():
    with pytest.raises(InputError, match="exceed"):
        generate_verdicts(GeneratorSettings(prompts=1, items_per_prompt=2))
    with pytest.raises(InputError, match="candidates"):
        generate_verdicts(GeneratorSettings(candidates=0))


def test_filtering_raises_agreement_between_judges():
    figures = []
    for seed in range(1, 11):
        frame, _ = generate_verdicts(GeneratorSettings(seed=seed, **NOISY))
        result = analyse(frame)
        figures.append((mean_spearman(result.stability_before), mean_spearman(result.stability_after)))
    print("mean Spearman between judges, before -> after:", [(round(b, 3), round(a, 3)) for b, a in figures])
    before, after = np.array(figures).T
    assert after.mean() > before.mean()
    assert (after > before).sum() > (after < before).sum()
    assert figures[7] == pytest.approx((0.5107, 0.8413), abs=1e-3)  # seed 8: the clearest case


def test_filter_recovery_finds_most_planted_items():
    frame, truth = generate_verdicts(GeneratorSettings(seed=8, prompts=60, trivial=10, impossible=10,
                                                       misaligned=10, unstable=10, ability_spread=1.2))
    recovery = filter_recovery(analyse(frame), truth)
    print("filter recovery:", recovery)
    assert set(recovery) == set(FILTERS)
    for name, figures in recovery.items():
        assert figures["planted"] == 10
        assert figures["found"] + figures["missed"] == 10
        assert figures["found"] >= 6, name
    assert recovery["trivial"]["found"] == recovery["impossible"]["found"] == recovery["unstable"]["found"] == 10
    assert recovery == {  # fixed seed: the exact figures
        "trivial": {"planted": 10, "found": 10, "missed": 0, "wrongly_removed": 11},
        "impossible": {"planted": 10, "found": 10, "missed": 0, "wrongly_removed": 10},
        "misaligned": {"planted": 10, "found": 7, "missed": 3, "wrongly_removed": 0},
        "unstable": {"planted": 10, "found": 10, "missed": 0, "wrongly_removed": 1},
    }
