"""Prediction-powered inference for a proportion, computed from counts (vectorized).

With binary hand labels ``Y`` and binary judge verdicts ``f``, everything PPI needs is in
five counts: the 2x2 table of (hand label, judge verdict) on the ``n`` labelled units
(``n11``: both 1, ``n10``: label 1 judge 0, ``n01``: label 0 judge 1, ``n00``: both 0), and the
judge's positives ``m1`` among the ``m`` unlabelled units. Every function here takes those
counts as numpy arrays (or scalars) and works element-wise, so a simulation can compute
thousands of repeats in one call without building per-unit arrays.

The formulas are those of the ``ppi-python`` package (``ppi_py.ppi_mean_pointestimate`` and
``ppi_mean_ci``, version 0.2.3), rewritten on counts:

- estimate ``theta = lam * g + ybar - lam * fbar``, with ``g = m1 / m``, ``ybar`` and ``fbar`` the
  means of the labels and of the judge on the labelled units;
- variance ``lam² g (1 - g) / m + var(Y - lam f) / n``, both variances with ``ddof = 0`` (as numpy's
  ``std`` that ``ppi_py`` calls);
- PPI++ tuning: ``lam = cov(Y, f) / ((1 + n / m) var(f))`` clipped to [0, 1], where ``cov`` is over
  the labelled units with ``ddof = 0`` and ``var(f)`` over labelled and unlabelled units together
  with ``ddof = 1`` (``ppi_py._calc_lam_glm`` with ``clip=True``, called with the gradients of the
  mean, whose centring cancels in the covariance).

Why our own code rather than ``ppi_py``: that package pulls numba, llvmlite and scikit-learn
(about 270 MB) for a few lines of arithmetic, switches off every Python warning when imported,
and returns NaN or divides by zero where the playground must say why (a judge with one verdict,
no unlabelled units); and on counts the simulation is one vectorized pass. The tests compare
these functions with ``ppi_py`` to 1e-6.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

Array = NDArray[np.float64]


def _floats(*values: ArrayLike) -> tuple[Array, ...]:
    return tuple(np.asarray(value, dtype=np.float64) for value in values)


def tuned_lambda(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike, m1: ArrayLike,
                 m: ArrayLike) -> tuple[Array, NDArray[np.bool_]]:
    """PPI++'s power-tuning ``lam`` (clipped to [0, 1]) and where it is undefined.

    Returns ``(lam, undefined)``: ``undefined`` is True where the judge gave one verdict to
    every unit (its variance is 0, so ``ppi_py`` divides by zero) or where there are no
    unlabelled units (``m == 0``); ``lam`` is 0 there, the classical estimate.
    """
    n11, n10, n01, n00, m1, m = _floats(n11, n10, n01, n00, m1, m)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    fbar = (n11 + n01) / n
    covariance = n11 / n - ybar * fbar
    judged = n + m
    positives = n11 + n01 + m1
    undefined = (m <= 0) | (positives <= 0) | (positives >= judged)
    with np.errstate(divide="ignore", invalid="ignore"):
        variance = positives * (judged - positives) / (judged * (judged - 1.0))
        lam = covariance / ((1.0 + n / m) * variance)
    lam = np.where(undefined, 0.0, np.clip(lam, 0.0, 1.0))
    return lam, undefined


def ppi_estimate(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike, m1: ArrayLike, m: ArrayLike,
                 lam: ArrayLike) -> tuple[Array, Array]:
    """The PPI estimate of the proportion and its standard error, for a given ``lam``.

    ``lam = 1`` is plain PPI, ``lam = 0`` the classical mean of the labels (then ``m`` may be 0).
    Counts must hold ``n = n11 + n10 + n01 + n00 >= 1``; where ``m == 0`` only ``lam == 0`` is
    defined (the unlabelled part then weighs nothing). Nothing is clipped here.
    """
    n11, n10, n01, n00, m1, m, lam = _floats(n11, n10, n01, n00, m1, m, lam)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    fbar = (n11 + n01) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        judge_unlabelled = np.where(m > 0, m1 / m, 0.0)
        imputed_variance = np.where(m > 0, lam * lam * judge_unlabelled * (1.0 - judge_unlabelled) / m, 0.0)
    # The rectifier Y - lam f takes the values 1 - lam (n11), 1 (n10), -lam (n01) and 0 (n00).
    rectifier_mean = ybar - lam * fbar
    rectifier_square = (n11 * (1.0 - lam) ** 2 + n10 + n01 * lam * lam) / n
    rectifier_variance = np.maximum(rectifier_square - rectifier_mean**2, 0.0)  # rounding can go a hair below 0
    estimate = lam * judge_unlabelled + rectifier_mean
    return estimate, np.sqrt(imputed_variance + rectifier_variance / n)


def classical_variance(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike) -> Array:
    """Variance ``ybar (1 - ybar) / n`` of the mean of the labels (PPI with ``lam = 0``)."""
    n11, n10, n01, n00 = _floats(n11, n10, n01, n00)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    return ybar * (1.0 - ybar) / n
