"""Find the failure: four RAG dimensions, their diagnosis and an optional composite.

Each dimension isolates one stage, counted over hand-labelled units:

- ``context_relevance``: relevant passages / labelled passages (what retrieval brought);
- ``faithfulness``: claims supported by the passages / labelled claims;
- ``correctness``: claims correct against the reference / labelled claims, a judgement
  separate from support (a claim can be supported and wrong, or unsupported and right);
- ``coverage``: reference facts covered by the answer / labelled facts.

A dimension fails when its value is below its threshold. The diagnosis names every
failing dimension, never one chosen among several, and says for each whether the
verdict is clear or uncertain: clear when the whole interval lies on one side of the
threshold and the test agrees, Holm-corrected over the dimensions judged together
(:mod:`uncase_core.stats.policy`), so that with every dimension at its threshold the
diagnosis calls a clear failure at most as often as its level says. A page says "fails"
only of the clear ones (:attr:`Diagnosis.clear_failing`); the others are below their
threshold, uncertain.

A dataset's pooled proportion takes the interval that counts cases, not units, as the
independent draws (:mod:`uncase_core.stats.clustered`) once two cases have labelled units:
the claims of one answer move together, and the units' own Wilson interval covered 74-82% of
the time at a within-case correlation of 0.3-0.5 (``docs/coverage.md``), so a
pooled "clear" from it was not clear. That units-only interval is kept beside
(:attr:`DatasetEvaluation.units_only`) with the design effect, for the page to show why they
differ. One case's proportions keep Wilson's interval (document 001's choice, with its caveat).
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

import numpy as np

from uncase_core.errors import (
    expected_in_range,
    expected_one_of,
    expected_value,
    input_error,
    must_be_in_range,
    must_not_be_negative,
    unknown_choice,
)
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.dimensions import CAUSES, DEFAULT_THRESHOLDS, METRIC_UNITS, METRICS
from uncase_core.shared.choices import AGGREGATIONS as _AGGREGATIONS
from uncase_core.shared.choices import check_user_confidence
from uncase_core.shared.notes import Note
from uncase_core.stats.clustered import MIN_CASES, ClusteredInterval, clustered_interval
from uncase_core.stats.policy import (
    LevelTest,
    exact_disagrees,
    family_certainties,
    interval_level_test,
    unit_level_test,
)
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, count_labels

# The dimensions, the units and label each counts, document 001's didactic thresholds (relevance below 50 %, the
# others below 70 %: for teaching, not production gates) and their causes: one record each, in dimensions.py.
DEFAULT_WEIGHTS: Mapping[str, float] = MappingProxyType({name: 1.0 for name in METRICS})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "all_weights_zero": "all weights are zero; give at least one dimension a positive weight",
})


Aggregation = Literal["mean", "min"]
AGGREGATIONS: tuple[Aggregation, ...] = _AGGREGATIONS
# "unlabelled": no dimension has a labelled unit, so nothing can be said (never "ok").
Status = Literal["ok", "single", "multiple", "unlabelled"]
Certainty = Literal["clear", "uncertain"]
# An interval of the same figure at another confidence (a pooled rate's, with cases as clusters).
IntervalAt = Callable[[float], tuple[float | None, float | None]]

_SMALLEST_FLOAT = math.ulp(0.0)  # 5e-324, the smallest positive float


# ---------------------------------------------------------------- settings


def check_metric_name(name: object, where: str) -> str:
    """``name`` when it is one of :data:`METRICS`; refused naming ``where`` otherwise (shared with thresholds)."""
    if name not in METRICS:
        raise unknown_choice("dimension", repr(name), METRICS, where)
    return str(name)


def check_unit_value(value: object, where: str) -> float:
    """``value`` as a float when it is a number from 0 to 1; refused naming ``where`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(float(value)):
        raise expected_in_range("number", 0, 1, repr(value), where)
    if not 0.0 <= float(value) <= 1.0:
        raise must_be_in_range(0, 1, str(value), where)
    return float(value)


def resolve_thresholds(overrides: Mapping[str, float] | None = None) -> dict[str, float]:
    """Document 001's defaults with ``overrides`` applied, each checked to lie in [0, 1]."""
    thresholds = dict(DEFAULT_THRESHOLDS)
    for name, value in (overrides or {}).items():
        name = check_metric_name(name, "thresholds")
        thresholds[name] = check_unit_value(value, f"thresholds.{name}")
    return thresholds


def resolve_weights(overrides: Mapping[str, float] | None = None) -> dict[str, float]:
    """Raw weights: 1 for every dimension unless overridden; non-negative and finite (never NaN or infinity)."""
    weights = dict(DEFAULT_WEIGHTS)
    for name, value in (overrides or {}).items():
        name = check_metric_name(name, "weights")
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise expected_value("non_negative_number", repr(value), f"weights.{name}")
        try:
            number = float(value)
        except OverflowError:  # an integer beyond the largest float
            number = math.inf
        if not math.isfinite(number):
            raise expected_value("finite_non_negative_number", repr(value), f"weights.{name}")
        if number < 0:
            raise must_not_be_negative(str(value), f"weights.{name}")
        weights[name] = number
    return weights


def normalize_weights(weights: Mapping[str, float]) -> dict[str, float]:
    """Weights scaled to sum to 1, in the order of :data:`METRICS`.

    Any finite weights work, however large or small: they are first divided by the largest,
    so their sum lies between 1 and 4 and cannot overflow (``1e308 + 1e308`` is infinity, and
    dividing by it gave every weight 0). A positive weight never becomes 0: one more than
    about 1e308 times smaller than the largest, which would underflow, is kept at the
    smallest positive float, so its dimension still counts when the others are N/A.
    """
    raw = resolve_weights(weights)
    largest = max(raw.values())
    if largest <= 0:
        raise input_error(PROBLEMS, "all_weights_zero", "weights")
    scaled = {name: raw[name] / largest for name in METRICS}
    total = sum(scaled.values())
    return {name: max(scaled[name] / total, _SMALLEST_FLOAT) if raw[name] > 0 else 0.0 for name in METRICS}


def resolve_gates(gates: Mapping[str, float] | None) -> dict[str, float]:
    return {
        check_metric_name(name, "gates"): check_unit_value(value, f"gates.{name}")
        for name, value in (gates or {}).items()
    }


# ---------------------------------------------------------------- metrics


def _counts(cases: Sequence[RagCase], name: str) -> tuple[int, int, int]:
    kind, label = METRIC_UNITS[name]
    return count_labels([unit.label(label) for case in cases for unit in case.units(kind)])


def case_metrics(case: RagCase, confidence: float = DEFAULT_CONFIDENCE) -> dict[str, Proportion]:
    """The four proportions of one case, in the order of :data:`METRICS`."""
    return pooled_metrics([case], confidence)


def pooled_metrics(
    cases: Sequence[RagCase], confidence: float = DEFAULT_CONFIDENCE
) -> dict[str, Proportion]:
    """Micro averages: every labelled unit of every case counted once; the interval counts cases as clusters from
    two cases with labelled units (see the module docstring)."""
    return _all_metrics(cases, confidence).pooled


@dataclass(frozen=True)
class _AllMetrics:
    per_case: Sequence[Mapping[str, Proportion]]
    units_only: dict[str, Proportion]  # pooled, Wilson's interval as if the units were independent
    clustered: dict[str, ClusteredInterval]  # pooled, cases as clusters
    pooled: dict[str, Proportion]  # pooled, the clustered interval from MIN_CASES cases, Wilson's below
    # (successes, labelled) of each case, per dimension: pairs, or an array of one row per case
    per_case_counts: Mapping[str, Sequence[tuple[int, int]] | np.ndarray]
    macro: Mapping[str, float | None] | None = None  # macro_means(per_case), when worked out already

    @property
    def clustered_names(self) -> tuple[str, ...]:
        """The dimensions whose pooled proportion carries the clustered interval."""
        return tuple(name for name in METRICS if self.clustered[name].low is not None)

    @property
    def clustered_at(self) -> dict[str, IntervalAt]:
        """For each of :attr:`clustered_names`, its interval at any confidence (Holm asks it at stricter levels)."""
        return {name: _clustered_at(self.per_case_counts[name]) for name in self.clustered_names}


def _clustered_at(per_case: Sequence[tuple[int, int]] | np.ndarray) -> IntervalAt:
    def interval(confidence: float) -> tuple[float | None, float | None]:
        result = clustered_interval(per_case, confidence)
        return result.low, result.high

    return interval


def _all_metrics(cases: Sequence[RagCase], confidence: float) -> _AllMetrics:
    """Per-case and pooled proportions, with one interval computation for the whole dataset."""
    counts = [_counts([case], name) for case in cases for name in METRICS]
    width = len(METRICS)
    pooled_counts = [
        tuple(sum(c[k] for c in counts[m::width]) for k in range(3)) for m in range(width)
    ]
    flat = Proportion.many(counts + pooled_counts, confidence)
    per_case = [dict(zip(METRICS, flat[i:i + width], strict=True)) for i in range(0, len(counts), width)]
    units_only = dict(zip(METRICS, flat[len(counts):], strict=True))
    per_case_counts = {name: [(c[0], c[1]) for c in counts[m::width]] for m, name in enumerate(METRICS)}
    clustered = {name: clustered_interval(per_case_counts[name], confidence) for name in METRICS}
    pooled = {name: _with_clustered(units_only[name], clustered[name]) for name in METRICS}
    return _AllMetrics(per_case, units_only, clustered, pooled, per_case_counts)


def _pooled_of_cases(per_case: Sequence[Mapping[str, Proportion]], confidence: float) -> _AllMetrics:
    """What :func:`_all_metrics` makes, from the cases' own proportions (their counts; each interval is drawn from
    the counts alone, elementwise, so a case's proportion is the same whichever call worked it out). The counts
    are read into one array, so that pooling 2,000 cases takes no Python step per case and dimension beyond it."""
    # One C-level pass (itemgetter, attrgetter, chain) instead of a Python step per case and dimension: a quarter of
    # the time at 2,000 cases.
    in_order, count_fields = operator.itemgetter(*METRICS), operator.attrgetter("successes", "total", "unlabelled")
    chain = itertools.chain.from_iterable
    flat = chain(chain(map(count_fields, in_order(m))) for m in per_case)
    counts = np.fromiter(flat, dtype=np.int64, count=len(per_case) * len(METRICS) * 3).reshape(
        len(per_case), len(METRICS), 3)
    sums = counts.sum(axis=0)
    pooled_counts = [(int(s), int(n), int(u)) for s, n, u in sums]
    units_only = dict(zip(METRICS, Proportion.many(pooled_counts, confidence), strict=True))
    per_case_counts = {name: counts[:, m, :2] for m, name in enumerate(METRICS)}
    clustered = {name: clustered_interval(per_case_counts[name], confidence) for name in METRICS}
    pooled = {name: _with_clustered(units_only[name], clustered[name]) for name in METRICS}
    return _AllMetrics(list(per_case), units_only, clustered, pooled, per_case_counts,
                       _macro_of_counts(counts))


def _macro_of_counts(counts: np.ndarray) -> dict[str, float | None]:
    """:func:`macro_means` from an array of counts (case, dimension, (successes, labelled, unlabelled)): each
    case's value is the same division, and the values are summed in case order by Python's ``sum`` as there."""
    result: dict[str, float | None] = {}
    for m, name in enumerate(METRICS):
        labelled = counts[:, m, 1] > 0
        values = (counts[labelled, m, 0] / counts[labelled, m, 1]).tolist()
        result[name] = sum(values) / len(values) if values else None
    return result


def _with_clustered(units_only: Proportion, clustered: ClusteredInterval) -> Proportion:
    if clustered.cases < MIN_CASES or clustered.low is None or clustered.high is None:
        return units_only
    return Proportion.with_interval(units_only.successes, units_only.total, units_only.unlabelled,
                                    units_only.confidence, (clustered.low, clustered.high))


def macro_means(per_case: Sequence[Mapping[str, Proportion]]) -> dict[str, float | None]:
    """Macro averages: the mean of the per-case values, skipping cases where a dimension is N/A."""
    result: dict[str, float | None] = {}
    for name in METRICS:
        values = [m[name].value for m in per_case if m[name].value is not None]
        result[name] = sum(values) / len(values) if values else None
    return result


# ---------------------------------------------------------------- diagnosis


@dataclass(frozen=True)
class Diagnosis:
    status: Status
    failing: tuple[str, ...]
    not_applicable: tuple[str, ...]
    uncertain: tuple[str, ...]
    passing: tuple[str, ...]
    causes: Mapping[str, str]
    # Uncertain although the interval lies on one side: the exact test does not agree (uncase_core.stats.policy).
    exact_disagrees: tuple[str, ...] = ()
    # Uncertain although the interval lies on one side and the test alone agrees: judged together with the other
    # dimensions, the verdict needs a stricter level (Holm's correction).
    held_by_correction: tuple[str, ...] = ()

    def certainty(self, name: str) -> Certainty | None:
        if name in self.not_applicable:
            return None
        return "uncertain" if name in self.uncertain else "clear"

    @property
    def clear_failing(self) -> tuple[str, ...]:
        """The failing dimensions whose verdict is clear: the only ones a page says "fails" of (in red)."""
        return tuple(name for name in self.failing if name not in self.uncertain)

    @property
    def uncertain_failing(self) -> tuple[str, ...]:
        """Below their threshold, but the data cannot tell on which side the true rate lies: said as such."""
        return tuple(name for name in self.failing if name in self.uncertain)

    def to_dict(self) -> dict[str, object]:
        return {
            "status": self.status,
            "failing": list(self.failing),
            "clear_failing": list(self.clear_failing),
            "not_applicable": list(self.not_applicable),
            "uncertain": list(self.uncertain),
            "exact_disagrees": list(self.exact_disagrees),
            "held_by_correction": list(self.held_by_correction),
            "causes": dict(self.causes),
        }


def diagnose(metrics: Mapping[str, Proportion], thresholds: Mapping[str, float] | None = None) -> Diagnosis:
    """Compare each dimension with its threshold (fail when ``value < threshold``).

    Every failing dimension is listed with its cause; N/A dimensions are listed as not
    applicable, never as failures. A verdict is uncertain when the interval straddles
    the threshold (``low < threshold <= high``), so the data cannot say which side the
    true rate lies on, or when the units are too few for the exact test to agree, Holm-corrected
    over the applicable dimensions (:func:`uncase_core.stats.policy.family_certainties`).
    """
    return _diagnose(metrics, resolve_thresholds(thresholds))



def _diagnose(metrics: Mapping[str, Proportion], limits: Mapping[str, float],
              clustered: Mapping[str, IntervalAt] | None = None) -> Diagnosis:
    """``clustered``: for the dimensions whose interval counts cases as clusters (no unit-level test applies), that
    interval at any confidence, so that Holm's correction can ask it at a stricter level."""
    clustered = clustered or {}
    tests: list[LevelTest | None] = []
    for name in METRICS:
        proportion = metrics[name]
        if proportion.value is None:
            tests.append(None)
        elif name in clustered:
            tests.append(interval_level_test(proportion, limits[name], clustered[name]))
        else:
            tests.append(unit_level_test(proportion, limits[name]))
    confidence = next((metrics[name].confidence for name in METRICS if metrics[name].value is not None),
                      DEFAULT_CONFIDENCE)
    failing, not_applicable, uncertain, passing, disagrees, corrected = [], [], [], [], [], []
    for name, certainty, test in zip(METRICS, family_certainties(tests, confidence), tests, strict=True):
        proportion = metrics[name]
        if certainty is None or test is None:
            not_applicable.append(name)
            continue
        threshold = limits[name]
        (failing if proportion.value < threshold else passing).append(name)  # type: ignore[operator]
        if certainty == "uncertain":
            uncertain.append(name)
            if name not in clustered and exact_disagrees(proportion, threshold):
                disagrees.append(name)
            elif test(1.0 - confidence):
                corrected.append(name)
    status: Status = ("unlabelled" if len(not_applicable) == len(METRICS) else "ok" if not failing
                      else "single" if len(failing) == 1 else "multiple")
    return Diagnosis(
        status,
        tuple(failing),
        tuple(not_applicable),
        tuple(uncertain),
        tuple(passing),
        {name: CAUSES[name] for name in failing},
        tuple(disagrees),
        tuple(corrected),
    )


# ---------------------------------------------------------------- composite


@dataclass(frozen=True)
class Composite:
    """A weighted summary of the dimensions: a tool for ordering, never a standard score.

    ``weights`` are the normalized weights as set; ``used_weights`` are renormalized over
    the dimensions that were applicable. ``gated`` lists dimensions below their hard
    gate: the case fails whatever ``value`` says.
    """

    value: float | None
    aggregation: Aggregation
    weights: Mapping[str, float]
    used_weights: Mapping[str, float]
    dropped: tuple[str, ...]
    gated: tuple[str, ...]
    unchecked_gates: tuple[str, ...]

    @property
    def passes_gates(self) -> bool:
        return not self.gated

    @property
    def notes(self) -> tuple[Note, ...]:
        """What a reader of the composite must know, by code (worded in :data:`COMPOSITE_NOTES`)."""
        notes = []
        if self.dropped:
            notes.append(Note.of("dropped", dimensions=self.dropped))
        if self.gated:
            notes.append(Note.of("gated", dimensions=self.gated))
        if self.unchecked_gates:
            notes.append(Note.of("unchecked", dimensions=self.unchecked_gates))
        if self.value is None:
            notes.append(Note.of("none_applicable"))
        return tuple(notes)

    def notes_text(self) -> str:
        """The notes in English, one line (the command line's ``composite_note``)."""
        return "; ".join(COMPOSITE_NOTES[note.code].format(dimensions=", ".join(note.params.get("dimensions", ())))
                         for note in self.notes)


# English for the command line; the pages word each code in the reader's language (``composite.<code>``).
COMPOSITE_NOTES: Mapping[str, str] = MappingProxyType({
    "dropped": "dropped as N/A: {dimensions}; the other weights were renormalized",
    "gated": "below hard gate: {dimensions}; the case fails whatever the composite",
    "unchecked": "gate not checked (N/A): {dimensions}",
    "none_applicable": "no weighted dimension is applicable",
})


def composite_score(
    metrics: Mapping[str, Proportion],
    weights: Mapping[str, float] | None = None,
    aggregation: Aggregation = "mean",
    gates: Mapping[str, float] | None = None,
) -> Composite:
    """Combine the dimensions with explicit weights.

    ``mean`` is the weighted mean of the applicable dimensions; ``min`` takes the lowest
    applicable dimension with a positive weight, so a strong dimension cannot make up
    for a weak one. N/A dimensions are dropped and the remaining weights renormalized.
    """
    if aggregation not in AGGREGATIONS:
        raise expected_one_of(AGGREGATIONS, repr(aggregation), "aggregation")
    return composite_of(metrics, normalize_weights(weights or {}), aggregation, resolve_gates(gates))


def composite_of(
    metrics: Mapping[str, Proportion],
    normalized: Mapping[str, float],
    aggregation: Aggregation,
    gate_limits: Mapping[str, float],
) -> Composite:
    weighted = [n for n in METRICS if normalized[n] > 0]
    applicable = [n for n in weighted if metrics[n].value is not None]
    dropped = tuple(n for n in weighted if metrics[n].value is None)
    used_total = sum(normalized[n] for n in applicable)
    used = {n: normalized[n] / used_total for n in applicable} if applicable else {}
    value: float | None
    if not applicable:
        value = None
    elif aggregation == "mean":
        value = sum(used[n] * metrics[n].value for n in applicable)
    else:
        value = min(metrics[n].value for n in applicable)
    gated = tuple(
        n for n in METRICS
        if n in gate_limits and metrics[n].value is not None and metrics[n].value < gate_limits[n]
    )
    unchecked = tuple(n for n in METRICS if n in gate_limits and metrics[n].value is None)
    return Composite(value, aggregation, normalized, used, dropped, gated, unchecked)


# ---------------------------------------------------------------- whole evaluation


@dataclass(frozen=True)
class Settings:
    """Everything the user can tune, explicit and checked."""

    thresholds: Mapping[str, float]
    weights: Mapping[str, float]
    aggregation: Aggregation = "mean"
    gates: Mapping[str, float] = field(default_factory=dict)
    confidence: float = DEFAULT_CONFIDENCE
    normalized_weights: Mapping[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Worked out once here rather than for every case; this also rejects all-zero weights.
        object.__setattr__(self, "normalized_weights", normalize_weights(self.weights))

    @classmethod
    def build(
        cls,
        thresholds: Mapping[str, float] | None = None,
        weights: Mapping[str, float] | None = None,
        aggregation: str = "mean",
        gates: Mapping[str, float] | None = None,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> Settings:
        """Settings from what a person chose, each value checked (an :class:`InputError` names the bad one).

        Missing thresholds and weights take their defaults; ``confidence`` must lie from 0.5 to
        0.999 (:func:`uncase_core.shared.choices.check_user_confidence`), the range a person may set.
        """
        if aggregation not in AGGREGATIONS:
            raise expected_one_of(AGGREGATIONS, repr(aggregation), "aggregation")
        raw = resolve_weights(weights)
        return cls(resolve_thresholds(thresholds), raw, aggregation, resolve_gates(gates),  # type: ignore[arg-type]
                   check_user_confidence(confidence))


@dataclass(frozen=True)
class Evaluation:
    """The metrics of one case or of a pooled dataset, with diagnosis and composite."""

    metrics: Mapping[str, Proportion]
    diagnosis: Diagnosis
    composite: Composite

    def to_dict(self) -> dict[str, object]:
        return {
            "metrics": {name: self.metrics[name].to_dict() for name in METRICS},
            "diagnosis": self.diagnosis.to_dict(),
            "composite": self.composite.value,
            "composite_note": self.composite.notes_text(),
            "composite_notes": [{"code": note.code, "params": {k: list(v) for k, v in note.params.items()}}
                                for note in self.composite.notes],
            "gated": list(self.composite.gated),
        }


@dataclass(frozen=True)
class DatasetEvaluation:
    """``pooled``'s proportions carry the cases-as-clusters interval from two cases (see the module docstring);
    ``units_only`` the same counts with Wilson's interval as if every unit were independent, and ``clustered`` the
    clustered interval with its design effect, per dimension."""

    settings: Settings
    case_ids: tuple[str, ...]
    cases: tuple[Evaluation, ...]
    pooled: Evaluation
    macro: Mapping[str, float | None]
    units_only: Mapping[str, Proportion] = field(default_factory=dict)
    clustered: Mapping[str, ClusteredInterval] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {
            "confidence": self.settings.confidence,
            "thresholds": dict(self.settings.thresholds),
            "weights": dict(self.pooled.composite.weights),
            "raw_weights": dict(self.settings.weights),
            "aggregation": self.settings.aggregation,
            "gates": dict(self.settings.gates),
            "cases": [{"id": cid, **ev.to_dict()} for cid, ev in zip(self.case_ids, self.cases, strict=True)],
            "pooled": {**self.pooled.to_dict(), "macro": dict(self.macro),
                       "units_only": {name: p.to_dict() for name, p in self.units_only.items()},
                       "clustered": {name: c.to_dict() for name, c in self.clustered.items()}},
        }


def _case_list(data: object) -> Sequence[RagCase]:
    if isinstance(data, RagDataset):
        return data.cases
    if isinstance(data, str | bytes | Mapping) or not isinstance(data, Sequence):
        raise expected_value("rag_dataset", type(data).__name__, "cases")
    for i, case in enumerate(data):
        if not isinstance(case, RagCase):
            raise expected_value("rag_case", type(case).__name__, f"cases[{i}]")
    return data


def evaluate_metrics(metrics: Mapping[str, Proportion], settings: Settings,
                     clustered: Mapping[str, IntervalAt] | None = None) -> Evaluation:
    """``clustered``: the dimensions whose proportions carry the cases-as-clusters interval (a dataset's pooled),
    each with that interval at any confidence."""
    # Settings were checked when built, so the unchecked inner functions are safe here.
    return Evaluation(
        metrics,
        _diagnose(metrics, settings.thresholds, clustered),
        composite_of(metrics, settings.normalized_weights, settings.aggregation, settings.gates),
    )


def evaluate_case(case: RagCase, settings: Settings | None = None) -> Evaluation:
    settings = settings or Settings.build()
    return evaluate_metrics(case_metrics(case, settings.confidence), settings)


def evaluate_dataset(cases: RagDataset | Sequence[RagCase], settings: Settings | None = None) -> DatasetEvaluation:
    """Per-case results, the pooled (micro) result and the macro means of a dataset (as a file reader returns it)
    or of its cases."""
    cases = _case_list(cases)
    settings = settings or Settings.build()
    metrics = _all_metrics(cases, settings.confidence)
    return DatasetEvaluation(
        settings,
        tuple(case.id for case in cases),
        tuple(evaluate_metrics(m, settings) for m in metrics.per_case),
        evaluate_metrics(metrics.pooled, settings, metrics.clustered_at),
        metrics.macro if metrics.macro is not None else macro_means(metrics.per_case),
        MappingProxyType(metrics.units_only),
        MappingProxyType(metrics.clustered),
    )


def dataset_of_evaluations(case_ids: Sequence[str], evaluations: Sequence[Evaluation],
                           settings: Settings) -> DatasetEvaluation:
    """What :func:`evaluate_dataset` returns for cases whose own evaluations are given (each :func:`evaluate_case`'s
    with ``settings``): only the pooled figures are worked out here. A page that keeps the evaluations of the cases a
    label change did not touch evaluates one case per change instead of every case."""
    if len(case_ids) != len(evaluations):
        raise ValueError(f"{len(case_ids)} case ids for {len(evaluations)} evaluations")
    metrics = _pooled_of_cases([evaluation.metrics for evaluation in evaluations], settings.confidence)
    return DatasetEvaluation(
        settings,
        tuple(case_ids),
        tuple(evaluations),
        evaluate_metrics(metrics.pooled, settings, metrics.clustered_at),
        metrics.macro if metrics.macro is not None else macro_means(metrics.per_case),
        MappingProxyType(metrics.units_only),
        MappingProxyType(metrics.clustered),
    )
