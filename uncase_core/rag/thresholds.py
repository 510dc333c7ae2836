"""Threshold sweeps: how the pass rate of a dataset moves with a threshold or with one weight.

A case passes a dimension when its value is at least the threshold (``value >= threshold``,
the complement of :func:`uncase_core.rag.evaluation.diagnose`'s ``value < threshold``). Beyond that
yes or no, each case gets a *standing*, by the RAG page's rule (:mod:`uncase_core.stats.policy`):

- ``"pass"``: clear pass, the whole interval lies at or above the threshold (``low >= threshold``)
  and the exact one-sided binomial test agrees;
- ``"fail"``: clear fail, the whole interval lies below it (``high < threshold``) and the exact
  test agrees;
- ``"uncertain"``: otherwise: the interval straddles the threshold (``low < threshold <= high``),
  or the units are too few for the exact test, so the case's labels cannot say on which side its
  true rate lies;
- ``"na"``: nothing to judge (no labelled unit, or no applicable weighted dimension).

Wilson's interval alone called a case "clear fail" too often: with one unit at a threshold of 80%,
a true 80% gave 0 of 1, "clear fail", 20% of the time; the exact test holds the level at every
threshold and number of units (``bench/coverage.py`` computes it exactly at every threshold the
page's slider allows). A composite's standing is judged by the dimensions' exact bounds,
Bonferroni-corrected (:func:`uncase_core.stats.policy.composite_certainty`).

A clear pass always passes and a clear fail always fails, because the value lies inside
its interval. The pass rate at one threshold is itself a proportion over cases: passing
cases out of applicable cases, with a Wilson interval that treats the cases as independent
draws. N/A cases are counted as ``unlabelled`` and left out of the denominator, never
counted as failures.

Composite sweeps use the core's composite (:func:`uncase_core.rag.evaluation.composite_score`: raw
weights renormalized, N/A dimensions dropped and the rest renormalized), so every value is
the number the RAG page shows. Hard gates are not applied here.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

import numpy as np

from uncase_core.errors import expected_one_of, expected_value, input_error, must_not_be_negative
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.evaluation import (
    AGGREGATIONS,
    METRIC_UNITS,
    METRICS,
    Aggregation,
    check_metric_name,
    check_unit_value,
    composite_of,
    normalize_weights,
    resolve_weights,
)
from uncase_core.stats.policy import (
    composite_certainty,
    exact_one_sided_p_each,
    exact_one_sided_p_many,
)
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence, count_labels

Standing = Literal["pass", "uncertain", "fail", "na"]
SweepKind = Literal["threshold", "weight"]

# The weights a weight sweep moves through when no grid is given: 0, 0.25, ..., 3.
DEFAULT_WEIGHT_GRID: tuple[float, ...] = tuple(i / 4 for i in range(13))

# A weighted sum of exact fractions can land one rounding error below a threshold it equals
# (0.7 computed as 0.6999999999999999); that slack is far below anything shown on screen.
# Metric values are single correctly rounded divisions and are compared exactly.
_COMPOSITE_TOLERANCE = 1e-12

# Keeps a mistyped step (1e-9) from building a billion-point grid.
_MAX_GRID_POINTS = 10_001
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "no_values": "needs at least one value",
    "must_be_positive": "must be positive, got {got}",
    "start_after_stop": "must not exceed stop ({stop}), got {got}",
    "too_many_thresholds": "gives more than {limit:,} thresholds; use a larger step",
})


@dataclass(frozen=True)
class CaseStanding:
    """One case against one threshold.

    ``low`` and ``high`` are the case's Wilson interval for a metric, and for a composite
    the bound described in :func:`composite_standings`. ``value``, ``low``, ``high`` and
    ``passes`` are ``None`` exactly when ``standing == "na"``.
    """

    case_id: str
    value: float | None
    low: float | None
    high: float | None
    passes: bool | None
    standing: Standing


@dataclass(frozen=True)
class SweepPoint:
    """The dataset at one threshold (threshold sweep) or at one weight (weight sweep).

    ``pass_rate`` counts passing cases as successes out of the applicable cases, with the
    cases N/A at this point as ``unlabelled``; its value is ``None`` when no case is
    applicable. ``clear_pass + uncertain + clear_fail == pass_rate.total``.
    """

    x: float
    pass_rate: Proportion
    clear_pass: int
    uncertain: int
    clear_fail: int

    def to_dict(self) -> dict[str, object]:
        return {"x": self.x, "pass_rate": self.pass_rate.to_dict(), "clear_pass": self.clear_pass,
                "uncertain": self.uncertain, "clear_fail": self.clear_fail}


@dataclass(frozen=True)
class Sweep:
    """Pass rates along a grid, one point per grid value, in grid order.

    ``metric`` is the swept dimension, or for a weight sweep the dimension whose weight
    moves. ``not_applicable`` lists the cases N/A at every point, in case order; in a
    weight sweep a case can also be N/A at some points only (when the weight that moves
    belongs to its only labelled dimension), and each point's ``pass_rate.unlabelled``
    counts the cases N/A there.
    """

    metric: str
    kind: SweepKind
    points: tuple[SweepPoint, ...]
    not_applicable: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"metric": self.metric, "kind": self.kind, "points": [p.to_dict() for p in self.points],
                "not_applicable": list(self.not_applicable)}


@dataclass(frozen=True)
class Flips:
    """Cases whose pass or fail changes between two settings ``a`` and ``b``, in case order.

    A case N/A at either setting is in neither list.
    """

    at_a: float
    at_b: float
    newly_failing: tuple[str, ...]
    newly_passing: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"a": self.at_a, "b": self.at_b, "newly_failing": list(self.newly_failing),
                "newly_passing": list(self.newly_passing)}


# ---------------------------------------------------------------- checks


def _as_cases(cases: RagDataset | Sequence[RagCase], kept: KeptProportions | None = None) -> tuple[RagCase, ...]:
    items = cases.cases if isinstance(cases, RagDataset) else tuple(cases)
    if kept is not None and kept.checked is items:  # checked already (a step of the explorer asks four times)
        return items
    for i, case in enumerate(items):
        if not isinstance(case, RagCase):
            raise expected_value("rag_case", type(case).__name__, f"cases[{i}]")
    if kept is not None:
        kept.checked = items
    return items


class KeptProportions:
    """What the threshold explorer keeps in its session from one step of a slider to the next: the
    cases' proportions, which depend on the cases alone (not on a threshold or weight), for the very tuple of cases
    they came from (held, so the same tuple always holds the same frozen cases), and the last tuple found to hold
    cases only. Given to :func:`sweep_threshold`, :func:`case_standings` and :func:`threshold_flips` as ``kept``,
    a step works them out once instead of four times; without it every call works them out afresh."""

    def __init__(self) -> None:
        self.checked: tuple[RagCase, ...] | None = None
        self.proportions: dict[tuple[tuple[str, ...], float], tuple[tuple[RagCase, ...],
                                                                    list[dict[str, Proportion]]]] = {}


def _check_aggregation(aggregation: object) -> Aggregation:
    if aggregation not in AGGREGATIONS:
        raise expected_one_of(AGGREGATIONS, repr(aggregation), "aggregation")
    return aggregation  # type: ignore[return-value]


def _check_weight(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
        raise expected_value("non_negative_number", repr(value), where)
    if value < 0:
        raise must_not_be_negative(str(value), where)
    return float(value)


def _check_grid(
    values: Sequence[float] | None, name: str, check: Callable[[object, str], float]
) -> tuple[float, ...]:
    if values is None:
        raise expected_value("list_of_numbers", "None", name)
    if isinstance(values, str | bytes) or not isinstance(values, Sequence | np.ndarray):
        raise expected_value("list_of_numbers", repr(values), name)
    if len(values) == 0:
        raise input_error(PROBLEMS, "no_values", name)
    return tuple(check(value, f"{name}[{i}]") for i, value in enumerate(values))


# ---------------------------------------------------------------- grid


def threshold_grid(start: float = 0.0, stop: float = 1.0, step: float = 0.05) -> tuple[float, ...]:
    """Evenly spaced thresholds from ``start`` to ``stop``, both included.

    Parameters
    ----------
    start, stop : float
        The ends of the grid, with ``0 <= start <= stop <= 1``.
    step : float
        The spacing, positive. When ``stop - start`` is not a whole number of steps the
        last gap is shorter: ``stop`` is always the last value.

    Returns
    -------
    tuple of float
        ``start, start + step, ...`` then ``stop``, each rounded to 10 decimals so that
        0.3 is 0.3 and not 0.30000000000000004 (a case with value 3/10 then passes at
        0.3). The defaults give the 21 values 0, 0.05, ..., 1.

    Raises
    ------
    InputError
        Naming ``start``, ``stop`` or ``step``: a value that is not a number, an end
        outside [0, 1], ``start > stop``, ``step <= 0``, or more than 10,001 values.
    """
    start = check_unit_value(start, "start")
    stop = check_unit_value(stop, "stop")
    if isinstance(step, bool) or not isinstance(step, numbers.Real) or not math.isfinite(float(step)):
        raise expected_value("positive_number", repr(step), "step")
    step = float(step)
    if step <= 0:
        raise input_error(PROBLEMS, "must_be_positive", "step", got=str(step))
    if start > stop:
        raise input_error(PROBLEMS, "start_after_stop", "start", stop=stop, got=str(start))
    # The small slack lets 0.3 / 0.1 = 2.9999999999999996 count as three whole steps.
    steps = math.floor((stop - start) / step + 1e-9)
    if steps + 2 > _MAX_GRID_POINTS:
        raise input_error(PROBLEMS, "too_many_thresholds", "step", limit=_MAX_GRID_POINTS)
    last = round(stop, 10)
    values = [min(round(start + i * step, 10), last) for i in range(steps + 1)]
    if values[-1] < last:
        values.append(last)
    return tuple(values)


# ---------------------------------------------------------------- per-case metrics


def _case_proportions(
    cases: Sequence[RagCase], names: Sequence[str], confidence: float, kept: KeptProportions | None = None
) -> list[dict[str, Proportion]]:
    """Each case's proportions for ``names``, with one interval computation for all of them.

    The counts are those of :func:`uncase_core.rag.evaluation.case_metrics`; one vectorized
    Wilson call instead of one per case is what keeps a sweep of 1,000 cases fast. With ``kept``, reused for the
    very tuple of cases they were made for (callers read them and never change them).
    """
    key = (tuple(names), confidence)
    found = None if kept is None else kept.proportions.get(key)
    if found is not None and found[0] is cases:
        return found[1]
    counts = []
    for case in cases:
        for name in names:
            kind, label = METRIC_UNITS[name]
            counts.append(count_labels([unit.label(label) for unit in case.units(kind)]))
    flat = Proportion.many(counts, confidence)
    width = len(names)
    result = [dict(zip(names, flat[i:i + width], strict=True)) for i in range(0, len(flat), width)]
    if kept is not None and isinstance(cases, tuple):
        kept.proportions[key] = (cases, result)
    return result


def _standing(low: float, high: float, threshold: float, tolerance: float = 0.0) -> Standing:
    if low >= threshold - tolerance:
        return "pass"
    if high < threshold - tolerance:
        return "fail"
    return "uncertain"


def _metric_standings(
    cases: Sequence[RagCase], proportions: Sequence[Proportion], threshold: float
) -> tuple[CaseStanding, ...]:
    """Each case's standing by the RAG page's rule (:func:`uncase_core.stats.policy.threshold_certainty`: its
    interval on one side of the threshold, and the exact test agreeing), the exact test of every case at once."""
    sided = [i for i, p in enumerate(proportions)
             if p.value is not None and not (p.low < threshold <= p.high)]  # interval_sides
    disagrees = np.zeros(len(proportions), dtype=bool)
    if sided:
        successes = np.array([proportions[i].successes for i in sided], dtype=np.int64)
        totals = np.array([proportions[i].total for i in sided], dtype=np.int64)
        alphas = np.array([1.0 - proportions[i].confidence for i in sided])
        disagrees[sided] = exact_one_sided_p_each(successes, totals, threshold) > alphas  # exact_disagrees
    result = []
    for case, p, disagree in zip(cases, proportions, disagrees.tolist(), strict=True):
        if p.value is None:
            result.append(CaseStanding(case.id, None, None, None, None, "na"))
        else:
            standing = _standing(p.low, p.high, threshold)
            if disagree and standing != "uncertain":  # the RAG page's rule: the exact test must agree
                standing = "uncertain"
            result.append(CaseStanding(case.id, p.value, p.low, p.high, p.value >= threshold, standing))
    return tuple(result)


def case_standings(
    cases: RagDataset | Sequence[RagCase],
    metric: str,
    threshold: float,
    confidence: float = DEFAULT_CONFIDENCE,
    *,
    only: Collection[str] | None = None,
    kept: KeptProportions | None = None,
) -> tuple[CaseStanding, ...]:
    """Every case's value, Wilson interval and standing for one metric at one threshold.

    Parameters
    ----------
    cases : RagDataset or sequence of RagCase
    metric : str
        One of :data:`uncase_core.rag.evaluation.METRICS`.
    threshold : float
        In [0, 1]; a case passes when ``value >= threshold``.
    confidence : float
        Coverage of each case's Wilson interval, strictly between 0 and 1.
    only : collection of case ids, optional
        The standings of these cases alone (each case's is its own), from the proportions kept for all of them:
        the explorer's flipped cases at the other threshold.
    kept : KeptProportions, optional
        The cases' proportions kept from an earlier call on the same cases (a page's session).

    Returns
    -------
    tuple of CaseStanding
        In case order, N/A cases included with standing ``"na"``.

    Raises
    ------
    InputError
        Naming ``metric``, ``threshold`` or ``confidence``.
    """
    metric = check_metric_name(metric, "metric")
    threshold = check_unit_value(threshold, "threshold")
    confidence = check_confidence(confidence)
    items = _as_cases(cases, kept)
    proportions = [m[metric] for m in _case_proportions(items, (metric,), confidence, kept)]
    if only is not None:
        chosen = [i for i, case in enumerate(items) if case.id in only]
        return _metric_standings([items[i] for i in chosen], [proportions[i] for i in chosen], threshold)
    return _metric_standings(items, proportions, threshold)


# One point before its interval: (x, (passing, applicable, N/A), (clear pass, uncertain, clear fail)).
_RawPoint = tuple[float, tuple[int, int, int], tuple[int, int, int]]


def _points(raw: Sequence[_RawPoint], confidence: float) -> tuple[SweepPoint, ...]:
    # One Wilson computation for the whole sweep.
    rates = Proportion.many([counts for _, counts, _ in raw], confidence)
    return tuple(SweepPoint(x, rate, *tallies) for (x, _, tallies), rate in zip(raw, rates, strict=True))


def sweep_threshold(
    cases: RagDataset | Sequence[RagCase],
    metric: str,
    thresholds: Sequence[float] | None = None,
    confidence: float = DEFAULT_CONFIDENCE,
    *,
    kept: KeptProportions | None = None,
) -> Sweep:
    """The pass rate of one metric at each threshold, with a Wilson interval at each point.

    Parameters
    ----------
    cases : RagDataset or sequence of RagCase
    metric : str
        One of :data:`uncase_core.rag.evaluation.METRICS`.
    thresholds : sequence of float, optional
        Each in [0, 1], swept in the order given; :func:`threshold_grid` by default.
    confidence : float
        Coverage of the case intervals (for the clear / uncertain counts) and of the pass
        rate intervals.

    Returns
    -------
    Sweep
        ``kind == "threshold"``, one point per threshold with ``x`` the threshold.
        The pass rate cannot rise as the threshold rises.

    Raises
    ------
    InputError
        Naming ``metric``, ``thresholds`` (empty) or ``thresholds[i]``, or ``confidence``.

    Notes
    -----
    The per-case metrics and intervals are computed once; each threshold is then a few
    array comparisons.
    """
    metric = check_metric_name(metric, "metric")
    grid = threshold_grid() if thresholds is None else _check_grid(thresholds, "thresholds", check_unit_value)
    confidence = check_confidence(confidence)
    items = _as_cases(cases, kept)
    proportions = [m[metric] for m in _case_proportions(items, (metric,), confidence, kept)]
    applicable = [p for p in proportions if p.value is not None]
    not_applicable = tuple(case.id for case, p in zip(items, proportions, strict=True) if p.value is None)
    # The same comparisons as case_standings, over arrays: >= for pass, < for a clear fail, and the exact test.
    values = np.array([p.value for p in applicable], dtype=float)
    lows = np.array([p.low for p in applicable], dtype=float)
    highs = np.array([p.high for p in applicable], dtype=float)
    successes = np.array([p.successes for p in applicable], dtype=int)
    totals = np.array([p.total for p in applicable], dtype=int)
    alpha = 1.0 - confidence
    n, na = len(applicable), len(not_applicable)
    raw: list[_RawPoint] = []
    for t in grid:
        passing = int(np.count_nonzero(values >= t))
        exact = exact_one_sided_p_many(successes, totals, t) <= alpha
        clear_pass = int(np.count_nonzero((lows >= t) & exact))
        clear_fail = int(np.count_nonzero((highs < t) & exact))
        raw.append((t, (passing, n, na), (clear_pass, n - clear_pass - clear_fail, clear_fail)))
    return Sweep(metric, "threshold", _points(raw, confidence), not_applicable)


def threshold_flips(
    cases: RagDataset | Sequence[RagCase], metric: str, threshold_a: float, threshold_b: float, *,
    kept: KeptProportions | None = None,
) -> Flips:
    """The cases whose verdict on one metric changes when the threshold moves from ``a`` to ``b``.

    With ``a < b``, ``newly_failing`` holds exactly the cases with ``a <= value < b`` and
    ``newly_passing`` is empty; with ``b < a`` it is the other way round. N/A cases are
    in neither list. Only the value decides, not the interval.

    Raises
    ------
    InputError
        Naming ``metric``, ``threshold_a`` or ``threshold_b``.
    """
    metric = check_metric_name(metric, "metric")
    a = check_unit_value(threshold_a, "threshold_a")
    b = check_unit_value(threshold_b, "threshold_b")
    items = _as_cases(cases, kept)
    proportions = [m[metric] for m in _case_proportions(items, (metric,), DEFAULT_CONFIDENCE, kept)]
    pairs = [(case.id, p.value >= a, p.value >= b) for case, p in zip(items, proportions, strict=True)
             if p.value is not None]
    return Flips(
        a, b,
        tuple(cid for cid, at_a, at_b in pairs if at_a and not at_b),
        tuple(cid for cid, at_a, at_b in pairs if at_b and not at_a),
    )


# ---------------------------------------------------------------- composite


def _composite_standing(
    case_id: str,
    metrics: Mapping[str, Proportion],
    normalized: Mapping[str, float],
    aggregation: Aggregation,
    threshold: float,
) -> CaseStanding:
    composite = composite_of(metrics, normalized, aggregation, {})
    if composite.value is None:
        return CaseStanding(case_id, None, None, None, None, "na")
    used = composite.used_weights
    if aggregation == "mean":
        low = sum(w * metrics[n].low for n, w in used.items())
        high = sum(w * metrics[n].high for n, w in used.items())
    else:
        low = min(metrics[n].low for n in used)
        high = min(metrics[n].high for n in used)
    value = composite.value
    standing = _standing(low, high, threshold, _COMPOSITE_TOLERANCE)
    if standing != "uncertain" and composite_certainty(metrics, used, aggregation, threshold, value,
                                                       _COMPOSITE_TOLERANCE) != "clear":
        standing = "uncertain"  # the band lies on one side, but the dimensions' exact bounds do not agree
    return CaseStanding(case_id, value, low, high, value >= threshold - _COMPOSITE_TOLERANCE, standing)


def _composite_standings(
    items: Sequence[RagCase],
    per_case: Sequence[Mapping[str, Proportion]],
    normalized: Mapping[str, float] | None,
    aggregation: Aggregation,
    threshold: float,
) -> tuple[CaseStanding, ...]:
    if normalized is None:  # every weight zero: nothing is weighted, so every case is N/A
        return tuple(CaseStanding(case.id, None, None, None, None, "na") for case in items)
    return tuple(_composite_standing(case.id, m, normalized, aggregation, threshold)
                 for case, m in zip(items, per_case, strict=True))


def composite_standings(
    cases: RagDataset | Sequence[RagCase],
    weights: Mapping[str, float],
    threshold: float,
    aggregation: Aggregation = "mean",
    confidence: float = DEFAULT_CONFIDENCE,
) -> tuple[CaseStanding, ...]:
    """Every case's composite value, bound and standing at one threshold.

    Parameters
    ----------
    cases : RagDataset or sequence of RagCase
    weights : mapping of str to float
        Raw weights as :func:`uncase_core.rag.evaluation.resolve_weights` takes them (missing
        dimensions weigh 1); not all zero.
    threshold : float
        In [0, 1]; a case passes when its composite value is at least the threshold.
    aggregation : {"mean", "min"}
    confidence : float
        Coverage of the per-dimension Wilson intervals the bound is built from.

    Returns
    -------
    tuple of CaseStanding
        In case order. ``value`` is :func:`uncase_core.rag.evaluation.composite_score`'s value.
        ``low`` and ``high`` combine the Wilson intervals of the applicable weighted
        dimensions the way the value combines their values: for ``"mean"``,
        ``sum(used_weight * low)`` and ``sum(used_weight * high)``; for ``"min"``, the
        lowest ``low`` and the lowest ``high``. This bound is **not a confidence
        interval** for the composite: it ignores that the dimensions share claims and
        does not have the stated coverage; it is a band that says whether the verdict
        rests on thin labels. A standing is clear only when the band lies on one side of
        the threshold and the composite of the dimensions' exact one-sided bounds,
        Bonferroni-corrected, lies there too
        (:func:`uncase_core.stats.policy.composite_certainty`), which holds the level
        whatever the dimensions share. A case is N/A when none of its positively weighted
        dimensions is applicable.

    Raises
    ------
    InputError
        Naming ``weights`` (unknown dimension, all zero) or ``weights.<name>`` (negative
        or not a number), ``threshold``, ``aggregation`` or ``confidence``.

    Notes
    -----
    Values are compared with the threshold with a slack of 1e-12, so that a weighted sum
    equal to the threshold in exact arithmetic is not failed by a rounding error.
    """
    normalized = normalize_weights(weights)
    threshold = check_unit_value(threshold, "threshold")
    aggregation = _check_aggregation(aggregation)
    confidence = check_confidence(confidence)
    items = _as_cases(cases)
    return _composite_standings(items, _case_proportions(items, METRICS, confidence), normalized, aggregation,
                                threshold)


def _normalized_at(base: Mapping[str, float], metric: str, weight: float) -> dict[str, float] | None:
    raw = {**base, metric: weight}
    return normalize_weights(raw) if sum(raw.values()) > 0 else None


def sweep_weight(
    cases: RagDataset | Sequence[RagCase],
    metric: str,
    weights: Mapping[str, float] | None,
    threshold: float,
    grid: Sequence[float] | None = None,
    aggregation: Aggregation = "mean",
    confidence: float = DEFAULT_CONFIDENCE,
) -> Sweep:
    """The composite pass rate as the raw weight of one dimension moves.

    Parameters
    ----------
    cases : RagDataset or sequence of RagCase
    metric : str
        The dimension whose raw weight moves.
    weights : mapping of str to float or None
        The other raw weights, held fixed (missing dimensions weigh 1; ``None`` gives
        every dimension 1). The value given for ``metric`` itself is ignored.
    threshold : float
        In [0, 1]; a case passes when its composite value is at least the threshold.
    grid : sequence of float, optional
        Non-negative raw weights for ``metric``; 0, 0.25, ..., 3 by default.
    aggregation : {"mean", "min"}
    confidence : float

    Returns
    -------
    Sweep
        ``kind == "weight"``, one point per grid value with ``x`` the weight. Standings
        are those of :func:`composite_standings`. At a point where every raw weight is
        zero nothing is weighted: every case is N/A there and the pass rate is N/A
        (``total == 0``), which is not an error, since sliding the last weight to zero is
        a normal move.

    Raises
    ------
    InputError
        Naming ``metric``, ``weights`` or ``weights.<name>``, ``threshold``, ``grid`` or
        ``grid[i]``, ``aggregation`` or ``confidence``.
    """
    metric = check_metric_name(metric, "metric")
    base = resolve_weights(weights)
    threshold = check_unit_value(threshold, "threshold")
    values = DEFAULT_WEIGHT_GRID if grid is None else _check_grid(grid, "grid", _check_weight)
    aggregation = _check_aggregation(aggregation)
    confidence = check_confidence(confidence)
    items = _as_cases(cases)
    per_case = _case_proportions(items, METRICS, confidence)
    # A case's composite depends on its counts alone, and small hand-labelled cases share
    # counts often, so each distinct set of counts is worked out once per point.
    groups: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for i, m in enumerate(per_case):
        groups.setdefault(tuple((m[n].successes, m[n].total) for n in METRICS), []).append(i)
    members = list(groups.values())
    na_everywhere = [True] * len(members)
    raw: list[_RawPoint] = []
    for x in values:
        normalized = _normalized_at(base, metric, x)
        tally = dict.fromkeys(("pass", "uncertain", "fail", "na"), 0)
        passing = 0
        for g, indices in enumerate(members):
            case = items[indices[0]]
            standing = _composite_standings((case,), (per_case[indices[0]],), normalized, aggregation, threshold)[0]
            tally[standing.standing] += len(indices)
            passing += len(indices) if standing.passes else 0
            na_everywhere[g] = na_everywhere[g] and standing.standing == "na"
        applicable = len(items) - tally["na"]
        raw.append((x, (passing, applicable, tally["na"]), (tally["pass"], tally["uncertain"], tally["fail"])))
    na_indices = sorted(i for g, indices in enumerate(members) if na_everywhere[g] for i in indices)
    return Sweep(metric, "weight", _points(raw, confidence), tuple(items[i].id for i in na_indices))


def weight_flips(
    cases: RagDataset | Sequence[RagCase],
    metric: str,
    weight_a: float,
    weight_b: float,
    weights: Mapping[str, float] | None,
    threshold: float,
    aggregation: Aggregation = "mean",
) -> Flips:
    """The cases whose composite verdict changes when ``metric``'s raw weight moves from ``a`` to ``b``.

    The other raw weights are ``weights`` (as in :func:`sweep_weight`). Only the composite
    value decides (``value >= threshold``), not the bound. A case N/A at either weight,
    including every case when all weights are zero there, is in neither list.

    Raises
    ------
    InputError
        Naming ``metric``, ``weight_a``, ``weight_b``, ``weights`` or ``weights.<name>``,
        ``threshold`` or ``aggregation``.
    """
    metric = check_metric_name(metric, "metric")
    a = _check_weight(weight_a, "weight_a")
    b = _check_weight(weight_b, "weight_b")
    base = resolve_weights(weights)
    threshold = check_unit_value(threshold, "threshold")
    aggregation = _check_aggregation(aggregation)
    items = _as_cases(cases)
    per_case = _case_proportions(items, METRICS, DEFAULT_CONFIDENCE)
    at_a = _composite_standings(items, per_case, _normalized_at(base, metric, a), aggregation, threshold)
    at_b = _composite_standings(items, per_case, _normalized_at(base, metric, b), aggregation, threshold)
    pairs = [(sa.case_id, sa.passes, sb.passes) for sa, sb in zip(at_a, at_b, strict=True)
             if sa.passes is not None and sb.passes is not None]
    return Flips(
        a, b,
        tuple(cid for cid, pa, pb in pairs if pa and not pb),
        tuple(cid for cid, pa, pb in pairs if pb and not pa),
    )
