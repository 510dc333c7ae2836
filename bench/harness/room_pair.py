"""The projector's pair verdict in a workshop room (issue 48): a class labels two systems' answers, the class majority
is each unit's label, and the room's comparison (Holm over the four dimensions) is read from it. Its false rate with
both systems equally good, and its power, by seeded draws."""

from __future__ import annotations

import numpy as np
from scipy.stats import norm

from bench.harness.paired_orders import SimulatedRate, order_clear
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

ROOM_RATERS = (3, 5, 20)
ROOM_ACCURACIES = (0.7, 0.85, 0.95)
ROOM_THRESHOLD = 0.7  # the room's comparison uses the RAG page's defaults: 0.7 for three of the four dimensions


def room_pair_tables(cases: int, raters: int, accuracy: float, rate_a: float, rate_b: float,
                     unit_correlation: float, dimension_correlation: float, repeats: int, rng: np.random.Generator,
                     threshold: float = ROOM_THRESHOLD, max_units: int = 12,
                     pair_correlation: float = 0.3) -> np.ndarray:
    """(repeats, 4, 2) discordant counts of the pair verdict a room draws on its class majority. Per case and
    dimension each system's answer has 1 to ``max_units`` units (drawn per case, the same for both systems' answers
    to one question), each truly "yes" with the case's own rate: a beta draw of mean the system's true rate and
    within-case correlation ``unit_correlation``, whose latent score is shared across the four dimensions with
    correlation ``dimension_correlation`` and between the two systems' answers to one question with correlation
    ``pair_correlation`` (a hard question is hard for both). ``raters`` people label every unit, each right with
    probability ``accuracy``; the class majority is the label (a tie: none); a case passes a dimension when its
    share of "yes" reaches ``threshold`` and is N/A (dropped) with no labelled unit; the table counts the pairs both
    have."""
    from scipy.stats import beta as beta_distribution

    dims = 4
    shared = np.full((dims, dims), dimension_correlation) + (1 - dimension_correlation) * np.eye(dims)
    root = np.linalg.cholesky(shared)
    units = rng.integers(1, max_units + 1, size=(repeats, cases, dims))
    tables = np.zeros((repeats, dims, 2), dtype=int)
    passes = []
    common = rng.standard_normal((repeats, cases, dims)) @ root.T
    for rate in (rate_a, rate_b):
        own = rng.standard_normal((repeats, cases, dims)) @ root.T
        latent = norm.cdf(np.sqrt(pair_correlation) * common + np.sqrt(1 - pair_correlation) * own)
        if unit_correlation > 0:
            spread = (1 - unit_correlation) / unit_correlation
            case_rate = beta_distribution.ppf(latent, max(rate * spread, 1e-9), max((1 - rate) * spread, 1e-9))
        else:
            case_rate = np.full(latent.shape, rate)
        unit_index = np.arange(max_units)
        truth = rng.random((repeats, cases, dims, max_units)) < case_rate[..., None]
        right = rng.binomial(raters, accuracy, size=truth.shape)
        yes_votes = np.where(truth, right, raters - right)
        majority_yes = yes_votes * 2 > raters
        labelled = (yes_votes * 2 != raters) & (unit_index < units[..., None])
        yes = (majority_yes & labelled).sum(axis=-1)
        total = labelled.sum(axis=-1)
        value = np.divide(yes, total, out=np.zeros(yes.shape), where=total > 0)
        passes.append(np.where(total > 0, np.where(value >= threshold - 1e-12, 1, 0), -1))
    a, b = passes
    both_present = (a >= 0) & (b >= 0)
    tables[..., 0] = ((a == 1) & (b == 0) & both_present).sum(axis=1)
    tables[..., 1] = ((a == 0) & (b == 1) & both_present).sum(axis=1)
    return tables


def room_pair_false_rate(cases: int, raters: int, accuracy: float, rate: float, unit_correlation: float = 0.3,
                         dimension_correlation: float = 0.6, repeats: int = 2000, seed: int = 0,
                         confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the projector's pair verdict ("B is better" in large type, on the class majority; the facilitator's
    cards). With both systems' answers equally good (true rate ``rate`` on every dimension), how often any of the
    four is called clear (Holm over the four, as the room decides; :func:`room_pair_tables`)."""
    rng = np.random.default_rng(seed)
    tables = room_pair_tables(cases, raters, accuracy, rate, rate, unit_correlation, dimension_correlation, repeats,
                              rng)
    clear = order_clear(tables, "holm", confidence) != 0
    return SimulatedRate(n=cases, rate=float(clear.any(axis=1).mean()), repeats=repeats, level=1.0 - confidence)


def room_pair_power(cases: int, raters: int, accuracy: float, rate_a: float, rate_b: float,
                    unit_correlation: float = 0.3, dimension_correlation: float = 0.6, repeats: int = 2000,
                    seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the projector's "B is better" on the first dimension when B's answers truly pass it more often
    (``rate_b`` against ``rate_a``; the other dimensions equal), on the class majority."""
    rng = np.random.default_rng(seed)
    tables = room_pair_tables(cases, raters, accuracy, rate_a, rate_a, unit_correlation, dimension_correlation,
                              repeats, rng)
    better = room_pair_tables(cases, raters, accuracy, rate_a, rate_b, unit_correlation, dimension_correlation,
                              repeats, rng)
    tables[:, 0] = better[:, 0]
    called = order_clear(tables, "holm", confidence)[:, 0] > 0
    return SimulatedRate(n=cases, rate=float(called.mean()), repeats=repeats, level=1.0 - confidence)
