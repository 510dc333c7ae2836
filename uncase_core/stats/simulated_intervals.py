"""A hundred simulated datasets and their intervals: what "95%" means, small enough to project.

A coverage table (``docs/coverage.md``, ``pooled.units``) says that the unit-level Wilson interval of a pooled rate
covers as little as 60% of the time at a fixed true rate (1 to 12 units per case, within-case correlation 0.5) when
the units of a case move together. A teacher
can show it instead: pick the cases, the units per case, the within-case correlation, the true rate and the
method, draw 100 datasets from that truth, and count the intervals that hold it. The draws (:func:`clustered_units`) and
the intervals (:func:`pooled_bounds`) are the pooled figures' (``pooled.units`` and ``pooled.clustered`` of
:mod:`uncase_core.stats.figures`), so the count moves around :func:`harness_coverage`, which a test checks over many
seeds; the coverage harness itself (``bench/harness/``) measures them at fixed truths outside the product.

Randomness comes only from a NumPy generator made from ``seed``: the same arguments draw the same 100 intervals.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import expected_at_least, expected_in_range, expected_one_of, expected_value
from uncase_core.stats.clustered import MIN_CASES, design_effect_wilson
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

# the page's methods -> the harness's names: "units" is the units' Wilson interval as if independent, "cases" the
# design-effect Wilson interval with cases as clusters (uncase_core/stats/clustered.py)
METHODS: Mapping[str, str] = MappingProxyType({"units": "unit_wilson", "cases": "clustered"})
DATASETS = 100
HARNESS_REPEATS = 2000  # the harness's own repeats (docs/coverage.md): about 1 point of Monte Carlo error
MAX_CORRELATION = 0.99  # at 1 every unit of a case is its case's single draw; the beta distribution degenerates


def clustered_units(cases: int, units: int, correlation: float, p: np.ndarray,
                    rng: np.random.Generator) -> np.ndarray:
    """Successes per case, (repeats, cases): ``units`` units a case whose labels share the case's own rate, drawn
    from a beta distribution of mean ``p`` (one per repeat) and intra-case correlation ``correlation`` (0:
    independent units)."""
    repeats = len(p)
    if correlation <= 0:
        rates = np.repeat(p[:, None], cases, axis=1)
    else:
        spread = (1.0 - correlation) / correlation
        a = np.maximum(p * spread, 1e-9)[:, None].repeat(cases, axis=1)
        b = np.maximum((1.0 - p) * spread, 1e-9)[:, None].repeat(cases, axis=1)
        rates = rng.beta(a, b)
    return rng.binomial(units, rates, size=(repeats, cases))


def pooled_bounds(successes: np.ndarray, units: int, method: str,
                  confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` of each row of per-case successes, (repeats, cases), ``units`` units a case: ``method``
    ``"unit_wilson"`` (the units' Wilson interval, as if independent) or ``"clustered"``
    (:func:`uncase_core.stats.clustered.design_effect_wilson`, cases as clusters)."""
    from statsmodels.stats.proportion import proportion_confint

    totals = np.full_like(successes, units)
    if method == "unit_wilson":
        hits, total = successes.sum(axis=1), totals.sum(axis=1)
        low, high = proportion_confint(hits, total, alpha=1 - confidence, method="wilson")
        # exact 0 and 1 at the ends and nothing outside [0, 1], as the app's own Wilson interval (proportions.py)
        return (np.where(hits == 0, 0.0, np.clip(low, 0.0, 1.0)),
                np.where(hits == total, 1.0, np.clip(high, 0.0, 1.0)))
    return design_effect_wilson(successes, totals, confidence)


def pooled_coverage(cases: int, units: int, correlation: float, method: str, truth: float,
                    repeats: int = 2000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> float:
    """The share of ``repeats`` datasets drawn at ``truth`` (``cases`` cases of ``units`` units, seeded) whose
    ``method`` interval (:func:`pooled_bounds`) holds it."""
    rng = np.random.default_rng(seed)
    p = np.full(repeats, float(truth))
    low, high = pooled_bounds(clustered_units(cases, units, correlation, p, rng), units, method, confidence)
    return float(((low <= p + 1e-12) & (p - 1e-12 <= high)).mean())


@dataclass(frozen=True, kw_only=True)
class SimulatedInterval:
    """One simulated dataset's pooled rate (``estimate``) and interval, and whether it holds the true rate."""

    low: float
    high: float
    estimate: float
    covers: bool


@dataclass(frozen=True, kw_only=True)
class SimulatedIntervals:
    """The intervals of ``datasets`` datasets drawn from one truth, and the share of them that cover it.

    ``covering`` counts the covering intervals over the datasets drawn, with its Wilson interval (how far the
    long-run share could be from this count). With fewer than :data:`~uncase_core.stats.clustered.MIN_CASES` cases
    the ``"cases"`` method has no between-case variation to measure: ``applicable`` is False, ``intervals`` is
    empty and ``covering`` is N/A (no dataset counted), never NaN.
    """

    cases: int
    units: int
    correlation: float
    truth: float
    method: str
    confidence: float
    seed: int
    intervals: tuple[SimulatedInterval, ...]
    covering: Proportion

    @property
    def applicable(self) -> bool:
        return self.method == "units" or self.cases >= MIN_CASES


def _whole(value: object, where: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise expected_value("whole_number", repr(value), where)
    if value < low:
        raise expected_at_least("whole_number", low, repr(value), where)
    return int(value)


def _between(value: object, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not low <= float(value) <= high:
        raise expected_in_range("number", low, high, repr(value), where)
    return float(value)


def _checked(cases: object, units: object, correlation: object, truth: object,
             method: object) -> tuple[int, int, float, float, str]:
    if method not in METHODS:
        raise expected_one_of(tuple(METHODS), repr(method), "method")
    return (_whole(cases, "cases", 1), _whole(units, "units", 1),
            _between(correlation, "correlation", 0.0, MAX_CORRELATION), _between(truth, "truth", 0.0, 1.0),
            str(method))


def simulate_intervals(cases: int, units: int, correlation: float, truth: float, method: str,
                       confidence: float = DEFAULT_CONFIDENCE, datasets: int = DATASETS,
                       seed: int = 0) -> SimulatedIntervals:
    """Draw ``datasets`` datasets of ``cases`` cases with ``units`` labelled units each, the units of a case sharing
    the case's own rate (mean ``truth``, within-case correlation ``correlation``), and compute each dataset's
    pooled rate and ``method`` interval (``"units"`` or ``"cases"``, :data:`METHODS`) at ``confidence``.

    Raises :class:`~uncase_core.errors.InputError` naming the argument for counts below 1, a correlation outside
    [0, :data:`MAX_CORRELATION`], a truth outside [0, 1], an unknown method or a confidence outside (0, 1)."""
    cases, units, correlation, truth, method = _checked(cases, units, correlation, truth, method)
    confidence = check_confidence(confidence)
    datasets = _whole(datasets, "datasets", 1)
    seed = _whole(seed, "seed", 0)
    empty = SimulatedIntervals(cases=cases, units=units, correlation=correlation, truth=truth, method=method,
                               confidence=confidence, seed=seed, intervals=(),
                               covering=Proportion.from_counts(0, 0, confidence=confidence))
    if not empty.applicable:
        return empty
    rng = np.random.default_rng(seed)
    successes = clustered_units(cases, units, correlation, np.full(datasets, truth), rng)
    low, high = pooled_bounds(successes, units, METHODS[method], confidence)
    estimates = successes.sum(axis=1) / (cases * units)
    covers = (low <= truth + 1e-12) & (truth - 1e-12 <= high)  # the harness's test, to the same rounding
    intervals = tuple(SimulatedInterval(low=float(a), high=float(b), estimate=float(e), covers=bool(c))
                      for a, b, e, c in zip(low, high, estimates, covers, strict=True))
    covering = Proportion.from_counts(int(covers.sum()), datasets, confidence=confidence)
    return SimulatedIntervals(cases=cases, units=units, correlation=correlation, truth=truth, method=method,
                              confidence=confidence, seed=seed, intervals=intervals, covering=covering)


def harness_coverage(cases: int, units: int, correlation: float, truth: float, method: str,
                     confidence: float = DEFAULT_CONFIDENCE, repeats: int = HARNESS_REPEATS) -> float | None:
    """The coverage the harness measures for these settings over ``repeats`` datasets (seed 0, so it stays put
    while the page draws again), or None where the method is N/A (one case, ``"cases"``)."""
    cases, units, correlation, truth, method = _checked(cases, units, correlation, truth, method)
    if method == "cases" and cases < MIN_CASES:
        return None
    return pooled_coverage(cases, units, correlation, METHODS[method], truth, repeats, seed=0,
                           confidence=check_confidence(confidence))
