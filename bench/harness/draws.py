"""Data drawn from a known truth, as the pages meet it: units clustered in cases of unequal size, and two systems on
the same cases whose dimensions move together. Seeded NumPy generators only (PCG64): the same arguments draw the same
data."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm


def case_rates(p: np.ndarray, cases: int, correlation: float, rng: np.random.Generator) -> np.ndarray:
    """Each case's own rate, (repeats, cases): a beta distribution of mean ``p`` (one per repeat) whose intraclass
    correlation is ``correlation`` (0: every case at ``p``)."""
    p = np.asarray(p, float)
    if correlation <= 0:
        return np.repeat(p[:, None], cases, axis=1)
    spread = (1.0 - correlation) / correlation
    a = np.maximum(p * spread, 1e-9)[:, None].repeat(cases, axis=1)
    b = np.maximum((1.0 - p) * spread, 1e-9)[:, None].repeat(cases, axis=1)
    return rng.beta(a, b)


def clustered_counts(p: np.ndarray, sizes: np.ndarray, correlation: float,
                     rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``(successes, totals)``, each (repeats, cases): ``sizes`` units in each case (one row per repeat, or one row
    for all), the units of a case sharing its rate (:func:`case_rates`)."""
    p = np.asarray(p, float)
    totals = np.broadcast_to(np.asarray(sizes), (len(p), np.shape(sizes)[-1])).astype(int)
    rates = case_rates(p, totals.shape[1], correlation, rng)
    return rng.binomial(totals, rates), totals


def correlated_passes(cases: int, rates: np.ndarray, between: float, rng: np.random.Generator,
                      repeats: int) -> np.ndarray:
    """(repeats, cases, dimensions) booleans: each dimension passes at its rate (``rates``, one per dimension), the
    dimensions of one case correlated through a shared Gaussian factor of correlation ``between``."""
    rates = np.asarray(rates, float)
    shared = rng.standard_normal((repeats, cases, 1))
    own = rng.standard_normal((repeats, cases, len(rates)))
    latent = np.sqrt(between) * shared + np.sqrt(1.0 - between) * own
    return latent < norm.ppf(rates)


def paired_tables(pairs: int, rate_a: float, rates_b: np.ndarray, between: float, pairing: float,
                  rng: np.random.Generator, repeats: int) -> np.ndarray:
    """(repeats, dimensions, 2) discordant counts ``(only_a, only_b)`` of two systems on ``pairs`` cases: system A
    passes each dimension at ``rate_a``, B at ``rates_b`` (one per dimension; all ``rate_a``: no difference), the
    dimensions of a case correlated by ``between`` and A and B on the same case by ``pairing`` (latent Gaussians)."""
    rates_b = np.asarray(rates_b, float)
    dimensions = len(rates_b)
    case_factor = rng.standard_normal((repeats, pairs, 1))
    system_factor = rng.standard_normal((repeats, pairs, dimensions))

    shared = np.sqrt(between) * case_factor + np.sqrt(1.0 - between) * system_factor  # the case, both systems

    def latent() -> np.ndarray:  # one system: dimensions correlated by ``between``, the systems by ``pairing``
        own = (np.sqrt(between) * rng.standard_normal((repeats, pairs, 1))
               + np.sqrt(1.0 - between) * rng.standard_normal((repeats, pairs, dimensions)))
        return np.sqrt(pairing) * shared + np.sqrt(1.0 - pairing) * own

    a = latent() < norm.ppf(rate_a)
    b = latent() < norm.ppf(rates_b)
    only_a = (a & ~b).sum(axis=1)
    only_b = (~a & b).sum(axis=1)
    return np.stack([only_a, only_b], axis=-1)
