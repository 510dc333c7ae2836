"""The few distribution functions a RAG evaluation needs, from ``scipy.special`` alone, to the last digit.

Why not ``scipy.stats``: importing it cost about 0.97 s of the 1.28 s ``python -m uncase_core rag`` spent importing
on ten cases (``-X importtime``, 2026-12-06), three times ``import pandas`` in wall time; ``scipy.special``, imported
here on first use, costs about 0.08 s once numpy is loaded (``bench/bench_cli_startup.py``). ``scipy.stats``'
``binom``, ``t`` and ``norm`` are thin wrappers over these very ufuncs (``_binom_cdf``, ``_binom_sf``, ``stdtrit``,
``stdtr``, ``ndtr``, ``ndtri``); the functions below make the same calls with the same handling of the support's
ends (0 below it, 1 above it, NaN outside the parameters' range), so every figure, and every digit the command line
prints, is unchanged. ``tests/core/stats/test_distributions.py`` compares each with ``scipy.stats`` for equality
(``==``, not a tolerance) on random arguments and on the edges; ``_binom_cdf`` and ``_binom_sf`` are private
names of ``scipy.special``, so that test is also what would catch a scipy release that renames them.

Each takes numbers or numpy arrays (broadcast together) and returns a float for numbers, an array for arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _special() -> Any:
    import scipy.special._ufuncs as ufuncs  # here, not at the top: see the module docstring

    return ufuncs


def _result(value: np.ndarray) -> Any:
    return float(value) if value.ndim == 0 else value


def _binom_tail(ufunc: str, k: Any, n: Any, p: Any, one_where: Any) -> Any:
    """A binomial tail from ``scipy.special``'s ``ufunc`` inside the support; outside it, 1 where ``one_where(k, n)``
    and 0 elsewhere; NaN for parameters outside their range, as ``scipy.stats.binom`` gives."""
    k, n, p = np.asarray(k), np.asarray(n), np.asarray(p, float)
    valid = (n >= 0) & (n == np.floor(n)) & (p >= 0) & (p <= 1)
    inside = valid & (k >= 0) & (k < n)
    with np.errstate(all="ignore"):
        value = np.clip(getattr(_special(), ufunc)(np.floor(k), n, p), 0, 1)
    return _result(np.where(inside, value, np.where(valid, np.where(one_where(k, n), 1.0, 0.0), np.nan)))


def binom_cdf(k: Any, n: Any, p: Any) -> Any:
    """``scipy.stats.binom.cdf(k, n, p)``: ``P(X <= k)`` for ``X ~ Binomial(n, p)``."""
    return _binom_tail("_binom_cdf", k, n, p, lambda k, n: k >= n)


def binom_sf(k: Any, n: Any, p: Any) -> Any:
    """``scipy.stats.binom.sf(k, n, p)``: ``P(X > k)`` for ``X ~ Binomial(n, p)``."""
    return _binom_tail("_binom_sf", k, n, p, lambda k, _n: k < 0)


def t_ppf(q: Any, df: Any) -> Any:
    """``scipy.stats.t.ppf(q, df)``: Student's ``t`` quantile."""
    q, df = np.asarray(q, float), np.asarray(df)
    valid = df > 0
    with np.errstate(all="ignore"):
        value = _special().stdtrit(df, q) * 1.0 + 0.0  # scale 1 and location 0, as scipy.stats applies them
    ends = np.where(q == 0, -np.inf, np.where(q == 1, np.inf, np.nan))
    return _result(np.where(valid & (q > 0) & (q < 1), value, np.where(valid, ends, np.nan)))


def t_sf(x: Any, df: Any) -> Any:
    """``scipy.stats.t.sf(x, df)``: ``P(T > x)`` for Student's ``t`` with ``df`` degrees of freedom."""
    x, df = np.asarray(x, float), np.asarray(df)
    valid = df > 0
    with np.errstate(all="ignore"):
        value = _special().stdtr(df, -x)
    ends = np.where(np.isnan(x), np.nan, np.where(x == -np.inf, 1.0, 0.0))
    return _result(np.where(valid & np.isfinite(x), value, np.where(valid, ends, np.nan)))


def norm_sf(x: Any) -> Any:
    """``scipy.stats.norm.sf(x)``: ``P(Z > x)`` for a standard normal ``Z``."""
    x = np.asarray(x, float)
    with np.errstate(all="ignore"):
        value = _special().ndtr(-x)
    ends = np.where(np.isnan(x), np.nan, np.where(x == -np.inf, 1.0, 0.0))
    return _result(np.where(np.isfinite(x), value, ends))


def norm_isf(q: Any) -> Any:
    """``scipy.stats.norm.isf(q)``: the ``z`` with ``P(Z > z) = q``."""
    q = np.asarray(q, float)
    with np.errstate(all="ignore"):
        value = -_special().ndtri(q) * 1.0 + 0.0
    ends = np.where(q == 0, np.inf, np.where(q == 1, -np.inf, np.nan))
    return _result(np.where((q > 0) & (q < 1), value, ends))
