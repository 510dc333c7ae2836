"""The compare page's verdicts on four dimensions read together (issue 48, finding 8): Holm over the four, or a primary
dimension declared first (fixed sequence: tested alone at the full level, the others by Holm after it only when it
is clear); their family-wise false rate with no difference and the primary dimension's power beside the exact
McNemar test of that dimension alone. Seeded draws from latent Gaussians (each system's pass/fail on a dimension a
latent score; the two systems on one case correlated, one system's dimensions correlated)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import multivariate_normal, norm

from bench.harness.cells import Cell
from bench.harness.paired import exact_p_values, policy_clear, verdict_by_order
from bench.harness.paired_intervals import discordant_probabilities, discordant_tables
from bench.harness.rules import MONTE_CARLO_ERRORS, VerdictResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

DIMENSION_CORRELATIONS = (0.0, 0.3, 0.6, 0.9)  # between the dimensions of one system's answer


ORDERS = ("holm", "primary")  # Holm over the four dimensions; a primary dimension first, the others after it


def latent_pass_fail(pairs: int, rates_a: Sequence[float], rates_b: Sequence[float], pair_correlation: float,
                     dimension_correlation: float, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """(repeats, dimensions, 2) discordant counts ``(only_a, only_b)`` of ``pairs`` cases on which each system
    passes each dimension with its true rate. A case's pass/fail comes from a latent normal score per system and
    dimension: the two systems' scores on one dimension correlate ``pair_correlation`` (latent, tetrachoric), and one
    system's scores on two dimensions ``dimension_correlation`` (a hard case is hard on every dimension)."""
    dimensions = len(rates_a)
    shared = np.full((dimensions, dimensions), dimension_correlation) + (1 - dimension_correlation) * np.eye(dimensions)
    root = np.linalg.cholesky(shared)
    common = rng.standard_normal((repeats, pairs, dimensions)) @ root.T
    own = rng.standard_normal((2, repeats, pairs, dimensions)) @ root.T
    scores = np.sqrt(pair_correlation) * common[None] + np.sqrt(1 - pair_correlation) * own
    passes_a = scores[0] < norm.ppf(np.asarray(rates_a))
    passes_b = scores[1] < norm.ppf(np.asarray(rates_b))
    only_a = (passes_a & ~passes_b).sum(axis=1)
    only_b = (~passes_a & passes_b).sum(axis=1)
    return np.stack([only_a, only_b], axis=-1)


def latent_discordant_shares(rate_a: float, rate_b: float, pair_correlation: float) -> tuple[float, float]:
    """``(p_only_a, p_only_b)`` of one dimension in :func:`latent_pass_fail`'s model, exactly (bivariate normal)."""
    qa, qb = norm.ppf(rate_a), norm.ppf(rate_b)
    both = float(multivariate_normal(mean=[0.0, 0.0], cov=[[1.0, pair_correlation], [pair_correlation, 1.0]]).cdf(
        [qa, qb]))
    return rate_a - both, rate_b - both


def order_clear(tables: np.ndarray, order: str, confidence: float = DEFAULT_CONFIDENCE,
                primary: int = 0) -> np.ndarray:
    """Which of the (repeats, dimensions) comparisons of ``tables`` are called clear, and which way: +1 B better,
    -1 A better, 0 not clear; ``order`` ``"holm"`` (:func:`bench.harness.paired.policy_clear`) or
    ``"primary"`` (``primary`` tested first, alone, at the full level; the others by Holm among themselves only when
    it is clear), every dimension having pairs. A test checks it against
    :func:`uncase_core.stats.verdicts.paired_verdicts` on random tables."""
    from uncase_core.stats.verdicts import smallest_exact_p

    alpha = 1.0 - confidence
    only_a, only_b = tables[..., 0], tables[..., 1]
    direction = np.sign(only_b - only_a)
    if order == "holm":
        return np.where(policy_clear(tables, alpha), direction, 0)
    if order != "primary":
        raise ValueError(f"order: expected one of {ORDERS}, got {order!r}")
    discordant = only_a[..., primary] + only_b[..., primary]
    p = exact_p_values(only_a[..., primary], only_b[..., primary])
    lead = (np.vectorize(smallest_exact_p)(discordant) <= alpha + 1e-12) & (p <= alpha + 1e-12)
    others = [d for d in range(tables.shape[-2]) if d != primary]
    after = policy_clear(tables[..., others, :], alpha) & lead[..., None]
    clear = np.zeros(only_a.shape, dtype=bool)
    clear[..., primary] = lead
    clear[..., others] = after
    return np.where(clear, direction, 0)


@dataclass(frozen=True, kw_only=True)
class SimulatedRate:
    """A share of ``repeats`` simulated comparisons (a false rate or a power) with its Monte Carlo standard error."""

    n: int
    rate: float
    repeats: int
    level: float

    @property
    def standard_error(self) -> float:
        share = min(max(self.rate, self.level), 1.0)
        return float(np.sqrt(share * (1.0 - share) / max(1, self.repeats)))

    @property
    def holds(self) -> bool:
        """As a false rate: at most the level, within :data:`MONTE_CARLO_ERRORS` standard errors."""
        return self.rate <= self.level + MONTE_CARLO_ERRORS * self.standard_error + 1e-12


def family_false_rate(pairs: int, order: str, rate: float, pair_correlation: float, dimension_correlation: float,
                      repeats: int = 4000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                      primary_difference: float = 0.0) -> SimulatedRate:
    """Figure: the compare page's four verdicts read together ("B is better on ... (clear)"), family-wise. With no
    true difference on any dimension (or, ``primary_difference`` > 0, a real one on the primary dimension only and
    none on the others), how often at least one dimension is called clear where it has none, under ``order``; every
    dimension's true rate ``rate`` for both systems (B's primary ``rate + primary_difference``)."""
    rng = np.random.default_rng(seed)
    rates_a = [rate] * 4
    rates_b = [rate + primary_difference] + [rate] * 3
    tables = latent_pass_fail(pairs, rates_a, rates_b, pair_correlation, dimension_correlation, repeats, rng)
    clear = order_clear(tables, order, confidence) != 0
    false = clear[:, 1:].any(axis=1) if primary_difference > 0 else clear.any(axis=1)
    return SimulatedRate(n=pairs, rate=float(false.mean()), repeats=repeats, level=1.0 - confidence)


def primary_power(pairs: int, order: str, rate_a: float, rate_b: float, pair_correlation: float,
                  dimension_correlation: float, repeats: int = 4000, seed: int = 0,
                  confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the power of "B is better on <the primary dimension> (clear)" under ``order``, with a real difference
    on that dimension only (A ``rate_a``, B ``rate_b``) and none on the other three (both at ``rate_a``)."""
    rng = np.random.default_rng(seed)
    tables = latent_pass_fail(pairs, [rate_a] * 4, [rate_b] + [rate_a] * 3, pair_correlation,
                              dimension_correlation, repeats, rng)
    called = order_clear(tables, order, confidence)[:, 0] > 0
    return SimulatedRate(n=pairs, rate=float(called.mean()), repeats=repeats, level=1.0 - confidence)


def exact_mcnemar_directional_power(pairs: int, p_only_a: float, p_only_b: float,
                                    confidence: float = DEFAULT_CONFIDENCE) -> float:
    """The floor: the probability that the exact two-sided McNemar test of one dimension alone rejects with B ahead
    (``only_b > only_a``), exactly from the multinomial probabilities of every table."""
    only_b, only_a = discordant_tables(pairs)  # the first classification is B
    weight = discordant_probabilities(pairs, (1.0 - p_only_a - p_only_b, p_only_b, p_only_a, 0.0))
    reject = (exact_p_values(only_a, only_b) <= 1.0 - confidence + 1e-12) & (only_b > only_a)
    return float(weight[reject].sum())


def primary_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The registry's cell of the compare page's verdicts with the first dimension declared primary: the family's
    false rate with no difference anywhere, and the primary dimension's power with B truly 20 points better there
    beside the exact McNemar test of that dimension alone (issue 48 asks at least 0.8 of it at 20-50 pairs)."""
    return verdict_by_order(figure, cell, repeats, seed,
                            lambda tables, alpha: order_clear(tables, "primary", 1.0 - alpha) != 0)


def compare_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The compare page's verdicts as a person sets them: with ``primary`` 1 the first dimension declared primary
    (:func:`primary_verdict`), else Holm over the dimensions (:func:`bench.harness.paired.compare_verdict`)."""
    from bench.harness import paired

    run = primary_verdict if cell.get("primary") else paired.compare_verdict
    return run(figure, cell, repeats, seed)
