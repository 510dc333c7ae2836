"""The tools' own scores (RAGAS, DeepEval; issue 51 item 7): the mean of a score column with its betting interval,
the paired difference of two runs and its verdict (:mod:`uncase_core.stats.score_means`), simulated from score
distributions like the tools produce.

A judge's scores are bounded in [0, 1], skewed towards 1 and full of ties. Two families, each set by its true mean:

- ``beta`` (``distribution`` 0): Beta with that mean and concentration :data:`CONCENTRATION` (at mean 0.9,
  Beta(3.6, 0.4): most scores near 1, a long tail down to 0);
- ``ties`` (``distribution`` 1): 80% point masses at 0, 0.5 and 1 (0.5 taking up to 20%, as a judge's "half the
  claims" does) and 20% the Beta above: RAGAS faithfulness on short answers looks like this (mostly exactly 1.0,
  some exactly 0).

Each family is held as a fine discrete distribution (:data:`SUPPORT` points plus the exact 0, 0.5 and 1), so its
true mean is known exactly; two runs on one case are paired through a Gaussian copula with correlation
``correlation`` (the same case is hard for both).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy.stats import beta, norm

from bench.harness.cells import Cell, window_rates
from bench.harness.rules import WINDOW, IntervalResult, VerdictResult
from uncase_core.stats.figures import Figure

CONCENTRATION = 4.0  # a + b of the Beta part: skewed, as judges' scores are
POINT_MASSES = 0.8  # the share of exact 0, 0.5 and 1 in the ``ties`` family
HALF_SHARE = 0.2  # the most the point mass at 0.5 takes
SUPPORT = 2001  # grid points of the continuous part
DISTRIBUTIONS = ("beta", "ties")
WINDOW_POINTS = 5  # true means an interval's coverage is averaged over (the harness's window, simulated)
DIFFERENCE = 0.1  # B's true mean minus A's, where the verdict's power is stated
MEAN_LIMIT = (0.01, 0.99)  # a family's mean is kept inside this (at 0 or 1 it is a single point)


@dataclass(frozen=True)
class Scores:
    """A discrete distribution on [0, 1]: its points, their probabilities and cumulative probabilities."""

    points: np.ndarray
    probabilities: np.ndarray

    @property
    def mean(self) -> float:
        return float(self.points @ self.probabilities)

    def quantiles(self, u: np.ndarray) -> np.ndarray:
        cumulative = np.cumsum(self.probabilities)
        return self.points[np.minimum(np.searchsorted(cumulative, u), len(self.points) - 1)]


def _beta_masses(mean: float) -> tuple[np.ndarray, np.ndarray]:
    edges = np.linspace(0.0, 1.0, SUPPORT + 1)
    masses = np.diff(beta.cdf(edges, CONCENTRATION * mean, CONCENTRATION * (1.0 - mean)))
    return (edges[:-1] + edges[1:]) / 2.0, masses / masses.sum()


@lru_cache(maxsize=512)
def scores(distribution: int, mean: float) -> Scores:
    """The ``distribution`` family (0 ``beta``, 1 ``ties``) at true mean ``mean`` (kept within :data:`MEAN_LIMIT`)."""
    mean = float(np.clip(mean, *MEAN_LIMIT))
    points, masses = _beta_masses(mean)
    if DISTRIBUTIONS[distribution] == "beta":
        return Scores(points, masses)
    half = min(HALF_SHARE, min(mean, 1.0 - mean))  # so that exact 0 and exact 1 both keep some mass
    exact = np.array([1.0 - mean - half / 2.0, half, mean - half / 2.0])  # at 0, 0.5, 1: mean exactly ``mean``
    all_points = np.concatenate([[0.0, 0.5, 1.0], points])
    all_masses = np.concatenate([POINT_MASSES * exact, (1.0 - POINT_MASSES) * masses])
    order = np.argsort(all_points, kind="stable")
    return Scores(all_points[order], all_masses[order])


def draw_pairs(a: Scores, b: Scores, n: int, correlation: float, rng: np.random.Generator,
               repeats: int) -> tuple[np.ndarray, np.ndarray]:
    """``repeats`` datasets of ``n`` cases scored by two runs, A from ``a`` and B from ``b``, paired by a Gaussian
    copula with ``correlation``."""
    z = rng.standard_normal((2, repeats, n))
    z[1] = correlation * z[0] + np.sqrt(1.0 - correlation**2) * z[1]
    u = norm.cdf(z)
    return a.quantiles(u[0]), b.quantiles(u[1])


def _window_means(truth: float) -> np.ndarray:
    return window_rates(truth, WINDOW, WINDOW_POINTS)


def mean_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """How often the mean's betting interval holds the true mean of the cell's score distribution, averaged over
    true means within the window of the truth (each its share of ``repeats``)."""
    from uncase_core.stats.score_means import score_mean

    level = figure.level or 0.95
    rng = np.random.default_rng(seed)
    family = int(cell.get("distribution"))
    each = max(1, repeats // WINDOW_POINTS)
    coverages = {}
    for mean in _window_means(cell.truth):
        truth = scores(family, float(mean))
        samples = truth.quantiles(rng.random((each, cell.n)))
        covered = 0
        for sample in samples:
            result = score_mean(sample, level)
            covered += result.low <= truth.mean <= result.high
        coverages[float(mean)] = float(covered) / each
    at_truth = coverages[min(coverages, key=lambda m: abs(m - cell.truth))]
    return IntervalResult(window=float(np.mean(list(coverages.values()))), at_truth=at_truth, level=level,
                          repeats=each * WINDOW_POINTS, drawn=cell.n >= figure.drawn_from)


def difference_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """How often the paired difference's interval holds B's true mean minus A's: A at the truth (and the window's
    means), B ``difference`` higher (lower where that passes 1), the two runs correlated by ``correlation``."""
    from uncase_core.stats.score_means import score_difference

    level = figure.level or 0.95
    rng = np.random.default_rng(seed)
    family = int(cell.get("distribution"))
    each = max(1, repeats // WINDOW_POINTS)
    shift = cell.get("difference")
    coverages = {}
    for mean in _window_means(cell.truth):
        a = scores(family, float(mean))
        b = scores(family, float(mean + shift) if mean + shift <= MEAN_LIMIT[1] else float(mean - shift))
        truth = b.mean - a.mean
        first, second = draw_pairs(a, b, cell.n, cell.get("correlation"), rng, each)
        covered = 0
        for x, y in zip(first, second, strict=True):
            result = score_difference(x, y, level)
            covered += result.low <= truth <= result.high
        coverages[float(mean)] = float(covered) / each
    at_truth = coverages[min(coverages, key=lambda m: abs(m - cell.truth))]
    return IntervalResult(window=float(np.mean(list(coverages.values()))), at_truth=at_truth, level=level,
                          repeats=each * WINDOW_POINTS, drawn=cell.n >= figure.drawn_from)


def verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """With both runs at the truth (the same distribution), how often the verdict says B higher or lower (its false
    rate, either side); power: B :data:`DIFFERENCE` higher, how often it says B higher."""
    from uncase_core.stats.score_means import score_difference

    level = figure.level or 0.95
    alpha = 1.0 - level
    rng = np.random.default_rng(seed)
    family = int(cell.get("distribution"))
    correlation = cell.get("correlation")
    a = scores(family, cell.truth)
    better = scores(family, min(cell.truth + DIFFERENCE, MEAN_LIMIT[1]))
    first, second = draw_pairs(a, a, cell.n, correlation, rng, repeats)
    false = np.mean([score_difference(x, y, level).verdict != "no_clear_difference"
                     for x, y in zip(first, second, strict=True)])
    first, second = draw_pairs(a, better, cell.n, correlation, rng, repeats)
    power = np.mean([score_difference(x, y, level).verdict == "b_higher" for x, y in zip(first, second, strict=True)])
    return VerdictResult(false=float(false), level=alpha, repeats=repeats, power=float(power),
                         drawn=cell.n >= figure.drawn_from)
