"""What a cell of the fixed-truth tables says (issue 48): an interval's windowed coverage at its worst fixed truth,
a verdict's false rate at its worst null with its power beside the best valid procedure's, exactly or simulated
(then with the Monte Carlo standard error the rule allows, :data:`~bench.harness.rules.MONTE_CARLO_ERRORS`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bench.harness.rules import MONTE_CARLO_ERRORS, TOLERANCE
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.small_samples import mirrored_truths, window_truths, windowed_coverages

EXACT = 0  # the repeats of a figure computed exactly: no Monte Carlo error


@dataclass(frozen=True, kw_only=True)
class IntervalCell:
    """An interval's windowed coverage at one size and setting: ``worst`` over the fixed truths, at
    ``worst_truth``, ``mean`` over them; ``repeats`` per truth (:data:`EXACT` when computed exactly, else the Monte
    Carlo standard error of ``worst`` is :attr:`standard_error`); ``drawn`` the share of datasets the page draws an
    interval for (coverage is over those)."""

    worst: float
    worst_truth: float
    mean: float
    level: float
    repeats: int = EXACT
    drawn: float = 1.0

    @property
    def standard_error(self) -> float:
        return 0.0 if self.repeats == EXACT else math.sqrt(self.worst * (1 - self.worst) / self.repeats)

    @property
    def holds(self) -> bool:
        """The interval rule: windowed coverage at every fixed truth at least the level minus 2.5 points."""
        return self.worst >= self.level - TOLERANCE - 1e-12


@dataclass(frozen=True, kw_only=True)
class VerdictCell:
    """A verdict's false rate at its worst null (``false_rate``, at ``worst_null``), its power at a stated true
    difference and the best valid procedure's power there; ``repeats`` (:data:`EXACT`, or the simulated repeats
    behind the false rate, whose standard error then allows :data:`MONTE_CARLO_ERRORS` of them)."""

    false_rate: float
    worst_null: float
    level: float
    power: float | None = None
    best_power: float | None = None
    repeats: int = EXACT

    @property
    def standard_error(self) -> float:
        if self.repeats == EXACT:
            return 0.0
        return math.sqrt(self.level * (1 - self.level) / self.repeats)

    @property
    def holds(self) -> bool:
        return self.false_rate <= self.level + MONTE_CARLO_ERRORS * self.standard_error + 1e-12


def exact_interval_cell(low: np.ndarray, high: np.ndarray, level: float,
                        truths: Sequence[float] | None = None) -> IntervalCell:
    """The windowed coverage of an interval of ``len(low) - 1`` independent units given for every count of
    successes, at each fixed truth (mirrored unless ``truths`` are given), exactly."""
    centres = tuple(mirrored_truths() if truths is None else truths)
    coverage = windowed_coverages(np.asarray(low, float), np.asarray(high, float), centres)
    worst = int(np.argmin(coverage))
    return IntervalCell(worst=float(coverage[worst]), worst_truth=centres[worst], mean=float(coverage.mean()),
                        level=level)


def simulated_interval_cell(covered_by_truth: Sequence[np.ndarray], drawn_by_truth: Sequence[np.ndarray],
                            truths: Sequence[float], level: float) -> IntervalCell:
    """An :class:`IntervalCell` from simulated repeats: per truth, which repeats' intervals held the truth and which
    were drawn at all (coverage is over the drawn ones)."""
    coverages, repeats = [], []
    for covered, drawn in zip(covered_by_truth, drawn_by_truth, strict=True):
        shown = int(drawn.sum())
        coverages.append(float(covered[drawn].mean()) if shown else 1.0)
        repeats.append(shown)
    worst = int(np.argmin(coverages))
    total = sum(len(drawn) for drawn in drawn_by_truth)
    return IntervalCell(worst=coverages[worst], worst_truth=float(truths[worst]), mean=float(np.mean(coverages)),
                        level=level, repeats=max(1, repeats[worst]),
                        drawn=sum(repeats) / total if total else 0.0)


def window_draws(centre: float, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """``repeats`` true rates drawn uniformly in the window around ``centre`` (so that the mean coverage over the
    repeats is the windowed coverage)."""
    rates = window_truths(centre)
    return rng.uniform(rates[0], rates[-1], repeats)


def units_bounds(total: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~uncase_core.stats.small_samples.units_interval` for every count of successes of ``total`` units."""
    from uncase_core.stats.small_samples import units_interval

    bounds = [units_interval(k, total, confidence) for k in range(total + 1)]
    return np.array([b[0] for b in bounds]), np.array([b[1] for b in bounds])
