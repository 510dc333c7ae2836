"""The coverage simulation (uncase_core.judge.simulation): the issue's figures, a per-unit cross-check, inputs."""

from __future__ import annotations

import json
import math
from statistics import NormalDist

import numpy as np
import pytest

from uncase_core.errors import InputError
from uncase_core.judge.simulation import METHODS, judge_implied, simulate

# Issue 17: 2,000 repeats, n = 40 labels, N = 2,000 judged, true rate 0.7, 95%.
ISSUE = {"labelled": 40, "judged": 2000, "repeats": 2000, "confidence": 0.95, "seed": 17}


def test_an_accurate_unbiased_judge_ppi_covers_and_is_narrower_than_wilson():
    result = simulate(0.7, 0.929, 0.167, **ISSUE)
    assert result.judge_accuracy == pytest.approx(0.90, abs=0.001)
    assert abs(result.judge_bias) < 0.001
    assert result.methods["ppi"].coverage.value >= 0.95 - 0.02  # the small-sample error errs on the safe side
    assert result.methods["ppi"].mean_width == pytest.approx(0.21, abs=0.02)
    assert result.methods["hand_labels"].mean_width == pytest.approx(0.27, abs=0.02)
    assert result.methods["hand_labels"].coverage.value == pytest.approx(0.95, abs=0.02)


def test_a_one_sided_judge_misleads_alone_and_ppi_holds():
    result = simulate(0.7, 1.0, 1 / 3, **ISSUE)
    assert (result.judge_rate, result.judge_accuracy, result.judge_bias) == pytest.approx((0.8, 0.9, 0.1))
    assert result.methods["judge_only"].coverage.value == pytest.approx(0.0, abs=0.02)
    # ppi_py's Wald interval under-covers here (0.91, issue 36); the pages' small-sample one holds
    wald = simulate(0.7, 1.0, 1 / 3, **ISSUE, method="wald")
    assert wald.methods["ppi"].coverage.value == pytest.approx(0.91, abs=0.02)
    assert result.methods["ppi"].coverage.value >= 0.95 - 0.02
    assert result.methods["judge_only"].mean_estimate == pytest.approx(0.8, abs=0.005)
    assert result.methods["ppi"].mean_estimate == pytest.approx(0.7, abs=0.005)


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    first = simulate(0.6, 0.9, 0.2, 50, 1000, repeats=500, seed=3)
    assert simulate(0.6, 0.9, 0.2, 50, 1000, repeats=500, seed=3) == first
    assert simulate(0.6, 0.9, 0.2, 50, 1000, repeats=500, seed=4) != first


def per_unit_coverage(p, sensitivity, fpr, n, total, repeats, seed, tuned):
    """The slow way: draw every unit of every repeat and apply ppi_py's formulas to the unit arrays."""
    rng = np.random.default_rng(seed)
    m = total - n
    y = rng.random((repeats, n)) < p
    f = np.where(y, rng.random((repeats, n)) < sensitivity, rng.random((repeats, n)) < fpr)
    truth_unlabelled = rng.random((repeats, m)) < p
    g = np.where(truth_unlabelled, rng.random((repeats, m)) < sensitivity, rng.random((repeats, m)) < fpr)
    y, f, g = y.astype(float), f.astype(float), g.astype(float)
    if tuned:
        cov = ((y - y.mean(1, keepdims=True)) * (f - f.mean(1, keepdims=True))).mean(1)
        var = np.concatenate([f, g], axis=1).var(1, ddof=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            lam = np.where(var > 0, np.clip(cov / ((1 + n / m) * var), 0, 1), 0.0)[:, None]
    else:
        lam = np.ones((repeats, 1))
    estimate = (lam * g).mean(1) + (y - lam * f).mean(1)
    se = np.sqrt((lam * g).std(1) ** 2 / m + (y - lam * f).std(1) ** 2 / n)
    z = NormalDist().inv_cdf(0.975)
    return float(np.mean((estimate - z * se <= p) & (p <= estimate + z * se)))


@pytest.mark.parametrize("tuned", [False, True])
@pytest.mark.parametrize(("sensitivity", "fpr"), [(0.929, 0.167), (1.0, 1 / 3)])
def test_counts_and_a_per_unit_simulation_agree_within_monte_carlo_error(sensitivity, fpr, tuned):
    repeats = 2000
    slow = per_unit_coverage(0.7, sensitivity, fpr, 40, 2000, repeats, seed=99, tuned=tuned)
    fast = simulate(0.7, sensitivity, fpr, 40, 2000, repeats=repeats, seed=5,
                    method="wald").methods["ppi_tuned" if tuned else "ppi"]
    # Two independent estimates of one coverage: their difference has a standard error of about 0.007 here.
    assert abs(fast.coverage.value - slow) < 4 * math.sqrt(2 * 0.95 * 0.05 / repeats) + 0.005


def test_judge_implied_figures():
    assert judge_implied(0.5, 0.8, 0.1) == pytest.approx((0.45, 0.85, -0.05))
    assert judge_implied(1.0, 0.0, 0.0) == pytest.approx((0.0, 0.0, -1.0))


def test_no_unlabelled_units_makes_ppi_the_classical_interval():
    result = simulate(0.5, 0.9, 0.1, 100, 100, repeats=300, seed=1)
    assert result.methods["ppi"] == result.methods["ppi_tuned"]
    assert result.methods["ppi"].mean_estimate == pytest.approx(result.methods["hand_labels"].mean_estimate)


def test_extreme_rates_and_a_perfect_judge_do_not_break():
    for args in ((0.0, 1.0, 0.0), (1.0, 1.0, 0.0), (0.5, 1.0, 0.0), (0.5, 0.0, 1.0)):
        result = simulate(*args, 20, 500, repeats=200, seed=2)
        for name in METHODS:
            figures = result.methods[name]
            assert 0.0 <= figures.coverage.value <= 1.0
            assert 0.0 <= figures.mean_width <= 1.0 and math.isfinite(figures.mean_estimate)


def test_serializes():
    data = simulate(0.7, 0.9, 0.1, 40, 400, repeats=100).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data["methods"]) == list(METHODS)


@pytest.mark.parametrize(("kwargs", "where"), [
    ({"true_rate": 1.2}, "true_rate"), ({"sensitivity": -0.1}, "sensitivity"),
    ({"false_positive_rate": float("nan")}, "false_positive_rate"), ({"labelled": 0}, "labelled"),
    ({"labelled": 50, "judged": 40}, "judged"), ({"repeats": 0}, "repeats"), ({"repeats": 2.5}, "repeats"),
    ({"confidence": 1.0}, "confidence"), ({"seed": -1}, "seed"), ({"true_rate": "0.7"}, "true_rate"),
])
def test_bad_settings_name_the_place(kwargs, where):
    settings = {"true_rate": 0.7, "sensitivity": 0.9, "false_positive_rate": 0.1, "labelled": 40, "judged": 400,
                **kwargs}
    with pytest.raises(InputError) as caught:
        simulate(**settings)
    assert caught.value.where == where


@pytest.mark.parametrize("confidence", [0.8, 0.9, 0.99])
def test_the_monte_carlo_range_is_a_95_percent_wilson_interval_whatever_the_methods_level(confidence):
    """The range describes the simulation (how far the share could move with other repeats), not the method."""
    from uncase_core.judge.simulation import MONTE_CARLO_CONFIDENCE
    from uncase_core.stats.proportions import wilson_interval

    assert MONTE_CARLO_CONFIDENCE == 0.95
    result = simulate(0.7, 0.929, 0.167, 40, 2000, repeats=1000, confidence=confidence, seed=5)
    assert result.confidence == confidence
    for method in METHODS:
        coverage = result.methods[method].coverage
        assert coverage.confidence == 0.95
        assert (coverage.low, coverage.high) == wilson_interval(coverage.successes, 1000, 0.95)
