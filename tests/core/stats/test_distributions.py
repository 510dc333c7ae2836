"""``uncase_core.stats.distributions`` gives what ``scipy.stats`` gives, to the last digit (``==``, not a tolerance).

The module calls scipy.special's ufuncs directly so that the command line need not import scipy.stats (its
docstring says why); every figure a page or the command line prints goes through these, so any difference, even
in the last bit, would change a printed digit. Random arguments and the edges of each support.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from uncase_core.stats import distributions as d

RNG_SEED = 20261206


def same(mine, theirs) -> None:
    mine, theirs = np.asarray(mine, float), np.asarray(theirs, float)
    assert mine.shape == theirs.shape
    np.testing.assert_array_equal(mine, theirs)  # NaN where NaN, and every other value bit for bit


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(RNG_SEED)


def test_binomial_tails_match_scipy_stats(rng):
    n = rng.integers(0, 400, 20_000)
    k = rng.integers(-3, 403, 20_000)
    p = np.concatenate([rng.random(19_990), [0.0, 1.0, 0.5, 0.7, 0.9, 0.95, 0.05, 1e-9, 1 - 1e-9, 0.3]])
    same(d.binom_cdf(k, n, p), stats.binom.cdf(k, n, p))
    same(d.binom_sf(k, n, p), stats.binom.sf(k, n, p))
    same(d.binom_sf(k - 1, n, p), stats.binom.sf(k - 1, n, p))
    for threshold in (0.0, 0.5, 0.7, 1.0, -0.1, 1.1):  # a threshold outside [0, 1]: NaN, as scipy says
        same(d.binom_cdf(k, n, threshold), stats.binom.cdf(k, n, threshold))
        same(d.binom_sf(k, n, threshold), stats.binom.sf(k, n, threshold))


def test_binomial_tails_of_numbers_are_floats_equal_to_scipy_stats(rng):
    for _ in range(2_000):
        n = int(rng.integers(0, 60))
        k = int(rng.integers(-1, n + 2))
        p = float(rng.random())
        cdf, sf = d.binom_cdf(k, n, p), d.binom_sf(k, n, p)
        assert type(cdf) is float and type(sf) is float
        assert cdf == float(stats.binom.cdf(k, n, p)) and sf == float(stats.binom.sf(k, n, p))


def test_student_t_matches_scipy_stats(rng):
    df = np.concatenate([rng.integers(1, 2_000, 10_000), rng.integers(-2, 3, 100)])
    q = np.concatenate([rng.random(10_000), [0.0, 1.0, 0.5, 0.975, 0.995, 0.9875, 0.99166, 1e-12] * 12, [0.9] * 4])
    same(d.t_ppf(q, df), stats.t.ppf(q, df))
    for confidence in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 1 - 0.05 / 4, 1 - 0.05 / 3):
        q_ = 1.0 - (1.0 - confidence) / 2.0
        same(d.t_ppf(q_, np.arange(1, 3_000)), stats.t.ppf(q_, np.arange(1, 3_000)))
    x = np.concatenate([rng.normal(0, 5, 10_000), [0.0, -0.0, np.inf, -np.inf, np.nan] * 20])
    same(d.t_sf(x, df), stats.t.sf(x, df))
    assert d.t_ppf(0.975, 9) == float(stats.t.ppf(0.975, 9)) and type(d.t_ppf(0.975, 9)) is float


def test_normal_tails_match_scipy_stats(rng):
    x = np.concatenate([rng.normal(0, 4, 10_000), [0.0, -0.0, np.inf, -np.inf, np.nan, 40.0, -40.0]])
    same(d.norm_sf(x), stats.norm.sf(x))
    q = np.concatenate([rng.random(10_000), [0.0, 1.0, 0.5, 0.025, 0.005, 1e-300, -0.5, 1.5, np.nan]])
    same(d.norm_isf(q), stats.norm.isf(q))
    for confidence in np.linspace(0.5, 0.999, 500):
        alpha = (1.0 - confidence) / 2.0
        assert d.norm_isf(alpha) == float(stats.norm.isf(alpha))
