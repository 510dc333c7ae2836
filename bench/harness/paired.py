"""Two systems on the same cases: the compare page's verdict (exact McNemar, Holm over the dimensions, withheld below
the discordant pairs needed; a primary dimension's order is in :mod:`bench.harness.paired_orders`), the case
bootstrap of the pooled difference, and the planner's promise of the pairs a difference needs (the paired interval
is measured exactly in :mod:`bench.harness.paired_intervals`). By simulation from latent Gaussians: each system passes a
dimension at its true rate, the dimensions of one case correlated, the two systems on one case correlated."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.stats import binom

from bench.harness.cells import Cell, case_sizes
from bench.harness.draws import clustered_counts, paired_tables
from bench.harness.rules import IntervalResult, PromiseResult, VerdictResult
from uncase_core.stats.figures import Figure

DIFFERENCE = 0.2  # the true difference a verdict's power is stated at (20 points on one dimension)
PAIRING = 0.5  # correlation of the two systems on one case, unless a cell says (the same question is hard for both)


def exact_p_values(only_a: np.ndarray, only_b: np.ndarray) -> np.ndarray:
    """The exact two-sided McNemar p-values of arrays of discordant counts (1 where none differ)."""
    discordant = only_a + only_b
    p = np.minimum(1.0, 2.0 * binom.cdf(np.minimum(only_a, only_b), discordant, 0.5))
    return np.where(discordant > 0, p, 1.0)


def policy_clear(tables: np.ndarray, alpha: float) -> np.ndarray:
    """Which comparisons of ``tables`` ((..., dimensions, 2) discordant counts ``only_a, only_b``) the compare page
    calls clear, all at once: the policy of :func:`uncase_core.stats.verdicts.paired_verdicts` (exact McNemar, Holm
    over the dimensions, withheld below the discordant pairs its strictest step needs), every dimension having
    pairs. ``tests/harness/test_simulations.py`` checks it decides as that function does on random tables."""
    from uncase_core.stats.verdicts import smallest_exact_p

    only_a, only_b = tables[..., 0], tables[..., 1]
    p = exact_p_values(only_a, only_b)
    tests = p.shape[-1]
    order = np.argsort(p, axis=-1, kind="stable")
    ranked = np.take_along_axis(p, order, axis=-1) * (tests - np.arange(tests))
    ranked = np.minimum(1.0, np.maximum.accumulate(ranked, axis=-1))
    adjusted = np.empty_like(p)
    np.put_along_axis(adjusted, order, ranked, axis=-1)
    smallest = np.vectorize(smallest_exact_p)(only_a + only_b)
    withheld = smallest * tests > alpha + 1e-12
    return ~withheld & (adjusted <= alpha + 1e-12) & (only_a != only_b)


def compare_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """With no difference on any dimension (both systems at the cell's truth), how often the page says "clear" on
    any of its ``dimensions`` (the family's false rate), the dimensions correlated by ``between``; power: B truly
    :data:`DIFFERENCE` better on the first dimension only, how often the page says so there, beside the exact
    McNemar test on that dimension alone (what a dimension declared first could reach). Holm over the dimensions,
    as the page decides with no primary dimension declared."""
    return verdict_by_order(figure, cell, repeats, seed, policy_clear)


Decide = Callable[[np.ndarray, float], np.ndarray]  # (tables, alpha) -> which comparisons are called clear


def verdict_by_order(figure: Figure, cell: Cell, repeats: int, seed: int, clear: Decide) -> VerdictResult:
    """:func:`compare_verdict` for any order of testing ``clear`` (Holm, or a primary dimension declared first)."""
    alpha = 1.0 - (figure.level or 0.95)
    dimensions = int(cell.get("dimensions", 4))
    rng = np.random.default_rng(seed)
    rates = np.full(dimensions, cell.truth)
    pairing = cell.get("pairing", PAIRING)
    null = paired_tables(cell.n, cell.truth, rates, cell.get("between"), pairing, rng, repeats)
    false = float(clear(null, alpha).any(axis=1).mean())
    better = rates.copy()
    better[0] = min(0.999, cell.truth + DIFFERENCE) if cell.truth + DIFFERENCE < 1 else cell.truth
    lower = max(0.001, cell.truth - DIFFERENCE)
    alternative = paired_tables(cell.n, lower if better[0] == cell.truth else cell.truth, better if
                                better[0] != cell.truth else rates, cell.get("between"), pairing, rng, repeats)
    said = clear(alternative, alpha)[:, 0] & (alternative[:, 0, 1] > alternative[:, 0, 0])
    alone = exact_p_values(alternative[:, 0, 0], alternative[:, 0, 1]) <= alpha + 1e-12
    alone &= alternative[:, 0, 1] > alternative[:, 0, 0]
    return VerdictResult(false=false, level=alpha, repeats=repeats, power=float(said.mean()),
                         best=float(alone.mean()), drawn=cell.n >= figure.drawn_from)


def bootstrap_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The compare page's case bootstrap of the pooled difference
    (:func:`~uncase_core.compare.systems.bootstrap_differences`), with no true difference: how often its
    percentile interval holds 0 (cases of 1-12 units, within-case correlation ``correlation``); the window is the
    truth's (a difference of 0 has no other)."""
    from uncase_core.compare.systems import bootstrap_differences

    level = figure.level or 0.95
    tail = (1.0 - level) / 2.0
    rng = np.random.default_rng(seed)
    covered = drawn = 0
    for _ in range(repeats):
        sizes = case_sizes(cell.n, rng)
        counts = []
        for _system in range(2):
            successes, totals = clustered_counts(np.array([cell.truth]), sizes, cell.get("correlation"), rng)
            counts.append(np.stack([successes[0], totals[0]], axis=-1)[:, None, :].astype(float))
        values = bootstrap_differences(counts[0], counts[1], int(cell.get("resamples", 500)),
                                       int(rng.integers(0, 2**62)))[:, 0].compressed()
        if len(values) == 0:
            continue
        low, high = np.percentile(values, [100 * tail, 100 * (1 - tail)])
        drawn += 1
        covered += bool(low <= 1e-12 and high >= -1e-12)
    coverage = covered / max(1, drawn)
    return IntervalResult(window=coverage, at_truth=coverage, level=level, repeats=max(1, drawn),
                          drawn=cell.n >= figure.drawn_from)


def pairs_promise(figure: Figure, cell: Cell, repeats: int, seed: int) -> PromiseResult:
    """"N pairs would tell it" (the planner's and the compare page's): the pairs
    :func:`~uncase_core.stats.verdicts.pairs_for_power` promises for 80% power with discordant shares ``only_a``
    and ``only_b``, and the exact McNemar test's power simulated at that many pairs."""
    from uncase_core.stats.verdicts import exact_mcnemar_p, pairs_for_power

    level = figure.level or 0.95
    only_a, only_b = cell.get("only_a"), cell.get("only_b")
    needed = pairs_for_power(only_a, only_b, level, 0.8, 10**6)
    rng = np.random.default_rng(seed)
    cells = rng.multinomial(needed, [only_a, only_b, 1.0 - only_a - only_b], size=repeats)
    power = float(np.mean([exact_mcnemar_p(int(a), int(b)) <= 1 - level + 1e-12 for a, b, _ in cells]))
    return PromiseResult(achieved=power, promised=0.8, repeats=repeats, n=needed)
