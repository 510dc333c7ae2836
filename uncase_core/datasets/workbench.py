"""Evaluation dataset workbench (document 004): metadata, versions, revisions, strata, splits.

- Metadata contract (:data:`METADATA_FIELDS`): no field is compulsory for everything;
  :func:`missing_metadata` says which cases lack what an analysis needs. A field is
  missing when absent, ``null`` or empty text.
- Version: SHA-256 of the cases in canonical form (ordered by id, serialized as the
  conversation certificate is); the revision log is not part of it.
- Revision log: ``dataset.extra["revisions"]``, a list of label changes with reason,
  author and time, written inside the exported dataset (layout ``{"cases": [...]}``).
- Strata: metrics per value of a metadata field, with hidden failures (a stratum below a
  threshold while the whole dataset is not) and strata too small to say anything.
- Splits: stratified, seeded assignment. Leakage and duplicates: :mod:`uncase_core.datasets.leakage`.
"""

from __future__ import annotations

import hashlib
import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any

import numpy as np

from uncase_core.datasets.leakage import (  # noqa: F401  (re-exported: one import for the page)
    MISSING,
    LeakageReport,
    SimilarPair,
    find_similar,
    is_positive,
    normalize_text,
)
from uncase_core.errors import InputError, expected_value, input_error, missing, problem, unknown_choice
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, case_to_dict, dataset_from_bytes
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS, pooled_metrics, resolve_thresholds
from uncase_core.shared.jsonfiles import canonical_json
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.stats.clustered import MIN_CASES, clustered_interval, clustered_p_value
from uncase_core.stats.policy import unit_threshold_p_value
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence, count_labels
from uncase_core.stats.verdicts import holm_adjusted

METADATA_FIELDS = ("language", "domain", "difficulty", "source", "split", "risk", "reason", "created", "provenance")
SPLITS = ("smoke", "dev", "regression", "held-out")
SOURCES = ("synthetic", "expert", "production", "incident")
# Label field -> the unit kind it belongs to (each label name is used by one kind only).
FIELD_KIND: Mapping[str, str] = {name: kind for kind, names in LABEL_FIELDS.items() for name in names}
REVISION_KEYS = ("case", "unit", "field", "old", "new", "reason", "author", "time")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "no_unit_with_id": "case {case} has no {kind} unit {unit}",
    "no_splits": "give at least one split",
    "all_shares_zero": "all shares are zero",
})


def _cases(data: RagDataset | Iterable[RagCase]) -> list[RagCase]:
    return list(data.cases) if isinstance(data, RagDataset) else list(data)


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def metadata_value(case: RagCase, field: str) -> str:
    """The case's value for ``field`` as text; ``"(missing)"`` when absent, null or empty."""
    value = case.metadata.get(field)
    if _is_missing(value):
        return MISSING
    if isinstance(value, str):
        return value
    return canonical_json(value).decode("utf-8")


# ---------------------------------------------------------------- metadata


def missing_metadata(cases: RagDataset | Iterable[RagCase], fields: Sequence[str]) -> dict[str, list[str]]:
    """Case id -> the fields of ``fields`` it lacks, in the order given; complete cases are left out."""
    result: dict[str, list[str]] = {}
    for case in _cases(cases):
        lacking = [f for f in fields if _is_missing(case.metadata.get(f))]
        if lacking:
            result[case.id] = lacking
    return result


# ---------------------------------------------------------------- version


def dataset_version(data: RagDataset | Iterable[RagCase]) -> str:
    """SHA-256 hex of the cases in canonical form, ordered by id; the revision log is not included."""
    cases = sorted(_cases(data), key=lambda case: case.id)
    return hashlib.sha256(canonical_json([case_to_dict(case) for case in cases])).hexdigest()


def short_version(digest: str) -> str:
    return digest[:12]


@dataclass(frozen=True)
class LabelChange:
    case: str
    unit: str
    field: str
    old: bool | None
    new: bool | None


@dataclass(frozen=True)
class DatasetDiff:
    added: tuple[str, ...]
    removed: tuple[str, ...]
    changed: tuple[str, ...]
    label_changes: tuple[LabelChange, ...]
    metric_moves: Mapping[str, tuple[Proportion, Proportion]]  # pooled proportion before, after

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


def _unit_labels(case: RagCase) -> dict[tuple[str, str], bool | None]:
    return {(unit.id, name): unit.label(name)
            for kind in UNIT_KINDS for unit in case.units(kind) for name in LABEL_FIELDS[kind]}


def diff_datasets(old: RagDataset, new: RagDataset) -> DatasetDiff:
    """Cases added, removed and changed (ids sorted), every label change, and each pooled metric's move.

    A label change is listed for every unit label whose value differs between the versions of
    a case present in both; a unit only on one side counts as ``None`` (unlabelled) there, so
    it appears only when it carries a label.
    """
    before = {case.id: case for case in old.cases}
    after = {case.id: case for case in new.cases}
    added = tuple(sorted(after.keys() - before.keys()))
    removed = tuple(sorted(before.keys() - after.keys()))
    changed, label_changes = [], []
    for case_id in sorted(before.keys() & after.keys()):
        if case_to_dict(before[case_id]) == case_to_dict(after[case_id]):
            continue
        changed.append(case_id)
        old_labels, new_labels = _unit_labels(before[case_id]), _unit_labels(after[case_id])
        for key in sorted(old_labels.keys() | new_labels.keys(),
                          key=lambda k: (UNIT_KINDS.index(FIELD_KIND[k[1]]), k[0], k[1])):
            was, now = old_labels.get(key), new_labels.get(key)
            if was != now:
                label_changes.append(LabelChange(case_id, key[0], key[1], was, now))
    metrics_before, metrics_after = pooled_metrics(old.cases), pooled_metrics(new.cases)
    moves = {name: (metrics_before[name], metrics_after[name]) for name in METRICS}
    return DatasetDiff(added, removed, tuple(changed), tuple(label_changes), moves)


# ---------------------------------------------------------------- revision log


@dataclass(frozen=True)
class Revision:
    case: str
    unit: str
    field: str
    old: bool | None
    new: bool | None
    reason: str
    author: str
    time: str  # ISO 8601

    @property
    def unexplained(self) -> bool:
        return not self.reason.strip()

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in REVISION_KEYS}


def _text(entry: Mapping[str, Any], key: str, where: str, required: bool) -> str:
    value = entry.get(key)
    if value is None:
        if required:
            raise missing(key, where)
        return ""
    if not isinstance(value, str):
        raise expected_value("text", repr(value), f"{where}.{key}")
    if required and not value.strip():
        raise problem("must_not_be_empty", f"{where}.{key}")
    return value


def revision_from_dict(entry: Any, where: str = "revision") -> Revision:
    if not isinstance(entry, dict):
        raise expected_value("object", repr(entry), where)
    case = _text(entry, "case", where, True)
    unit = _text(entry, "unit", where, True)
    field = _text(entry, "field", where, True)
    if field not in FIELD_KIND:
        raise unknown_choice("label", repr(field), tuple(FIELD_KIND), f"{where}.field")
    labels = []
    for key in ("old", "new"):
        value = entry.get(key)
        if value is not None and not isinstance(value, bool):
            raise expected_value("true_false_null", repr(value), f"{where}.{key}")
        labels.append(value)
    reason = _text(entry, "reason", where, False)
    author = _text(entry, "author", where, False)
    time = _text(entry, "time", where, True)
    try:
        datetime.fromisoformat(time)
    except ValueError:
        raise expected_value("iso_time", repr(time), f"{where}.time") from None
    return Revision(case, unit, field, labels[0], labels[1], reason, author, time)


def revisions(dataset: RagDataset) -> tuple[Revision, ...]:
    """The label revision log kept in ``dataset.extra["revisions"]``, oldest first, checked."""
    raw = dataset.extra.get("revisions")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise expected_value("list", repr(raw), "revisions")
    return tuple(revision_from_dict(entry, f"revisions[{i}]") for i, entry in enumerate(raw))


def dataset_from_file(data: bytes, source: str = "", limit: ReadLimit = UNLIMITED) -> RagDataset:
    """A RAG dataset read from a file, its revision log checked too, so a broken log is refused on reading; a file of
    more cases than ``limit`` takes is refused before any is read as a case. Another tool's file (RAGAS, DeepEval,
    promptfoo, Label Studio) is read by the pages' one reader (:mod:`uncase_core.rag.case_files`), as the CLI's
    ``dataset`` command reads it."""
    from uncase_core.rag.case_files import read_case_file, tool_of_file  # the interchange readers: only when needed

    if tool_of_file(data, source) is not None:
        return read_case_file(data, source, limit=limit).dataset
    dataset = dataset_from_bytes(data, source, limit)
    try:
        revisions(dataset)
    except InputError as error:
        raise error.located(source) if source else error from None
    return dataset


def with_revision(dataset: RagDataset, revision: Revision) -> RagDataset:
    """The dataset with ``revision`` appended to its log; the layout becomes ``{"cases": [...]}`` to carry it."""
    log = [r.to_dict() for r in revisions(dataset)]
    revision_from_dict(revision.to_dict())  # the entry must read back
    return replace(dataset, format="object", extra={**dataset.extra, "revisions": [*log, revision.to_dict()]})


def apply_label_change(
    dataset: RagDataset, case_id: str, kind: str, unit_id: str, field: str, new: bool | None,
    reason: str, author: str, time: str,
) -> RagDataset:
    """Set one label and log the revision at ``time`` (ISO 8601, the caller's clock: the core reads none).

    Setting the same value is a no-op."""
    if kind not in UNIT_KINDS:
        raise unknown_choice("unit_kind", repr(kind), UNIT_KINDS, "kind")
    if field not in LABEL_FIELDS[kind]:
        raise problem("no_such_label", "field", kind=kind, got=repr(field), choices=", ".join(LABEL_FIELDS[kind]))
    if new is not None and not isinstance(new, bool):
        raise expected_value("true_false_null", repr(new), "new")
    index = next((i for i, c in enumerate(dataset.cases) if c.id == case_id), None)
    if index is None:
        raise problem("no_case_with_id", "case", got=repr(case_id))
    case = dataset.cases[index]
    units = list(case.units(kind))
    position = next((i for i, u in enumerate(units) if u.id == unit_id), None)
    if position is None:
        raise input_error(PROBLEMS, "no_unit_with_id", "unit", case=repr(case_id), kind=kind, unit=repr(unit_id))
    old = units[position].label(field)
    if old == new:
        return dataset
    units[position] = units[position].with_label(field, new)
    changed = dataset.with_case(index, case.with_units(kind, tuple(units)))
    revision = Revision(case_id, unit_id, field, old, new, reason or "", author or "", time)
    return with_revision(changed, revision)


# ---------------------------------------------------------------- strata


@dataclass(frozen=True)
class StratumResult:
    field: str
    value: str
    metrics: Mapping[str, Proportion]
    cases: int


@dataclass(frozen=True)
class HiddenFailure:
    field: str
    value: str
    metric: str
    certainty: str  # "clear": below the threshold after Holm's correction over the family (strata); else "uncertain"
    adjusted_p: float = 1.0  # Holm's adjusted p-value that the stratum's true rate is at the threshold
    tests: int = 1  # the verdicts corrected together: every stratum and metric with a labelled unit

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "value": self.value, "metric": self.metric}


@dataclass(frozen=True)
class Strata:
    field: str
    strata: tuple[StratumResult, ...]
    overall: Mapping[str, Proportion]
    hidden_failures: tuple[HiddenFailure, ...]
    too_small: tuple[str, ...]  # values with fewer than min_units labelled units in every metric

    def to_dict(self) -> dict[str, dict[str, dict[str, Any]]]:
        return {s.value: {name: s.metrics[name].to_dict() for name in METRICS} for s in self.strata}


def _stratum_order(value: str) -> tuple[bool, str]:
    return value == MISSING, value


def strata(
    cases: RagDataset | Iterable[RagCase], field: str, thresholds: Mapping[str, float] | None = None,
    min_units: int = 5, confidence: float = DEFAULT_CONFIDENCE,
) -> Strata:
    """Pooled metrics per value of metadata ``field`` (sorted, ``"(missing)"`` last).

    A hidden failure is a stratum whose value is below a threshold while the whole dataset's
    is not (N/A on either side is never one). A stratum is too small when none of its
    metrics has ``min_units`` labelled units.

    A stratum's interval counts its cases as clusters from two cases (as a RAG dataset's pooled rate,
    :func:`uncase_core.rag.evaluation.pooled_metrics`); a hidden failure is "clear" only when the one verdict
    policy says so after Holm's correction over every stratum and metric with a labelled unit (the family the page
    looks through at once): from two cases by the clustered interval's score test
    (:func:`uncase_core.stats.clustered.clustered_p_value`), with one case by the single case's rule
    (:func:`uncase_core.stats.policy.unit_threshold_p_value`). Read one by one, unit-level Wilson intervals showed
    at least one false red box in 8.7-17.3% of the built-in dataset's draws with no stratum truly failing;
    the family-wise rate is measured in docs/coverage.md.
    """
    limits = resolve_thresholds(thresholds)
    confidence = check_confidence(confidence)
    if isinstance(min_units, bool) or not isinstance(min_units, numbers.Integral) or min_units < 0:
        raise expected_value("whole_number", repr(min_units), "min_units")
    items = _cases(cases)
    groups: dict[str, list[RagCase]] = {}
    for case in items:
        groups.setdefault(metadata_value(case, field), []).append(case)
    values = sorted(groups, key=_stratum_order)

    def per_case(group: Sequence[RagCase], name: str) -> list[tuple[int, int]]:
        kind, label = METRIC_UNITS[name]
        return [count_labels([u.label(label) for u in c.units(kind)])[:2] for c in group]

    def counts(group: Sequence[RagCase]) -> list[tuple[int, int, int]]:
        result = []
        for name in METRICS:
            kind, label = METRIC_UNITS[name]
            result.append(count_labels([u.label(label) for c in group for u in c.units(kind)]))
        return result

    flat = [c for value in values for c in counts(groups[value])] + counts(items)
    proportions = Proportion.many(flat, confidence)
    width = len(METRICS)
    overall = dict(zip(METRICS, proportions[-width:], strict=True))
    results, small = [], []
    p_values: dict[tuple[str, str], float] = {}
    for k, value in enumerate(values):
        units_only = dict(zip(METRICS, proportions[k * width:(k + 1) * width], strict=True))
        metrics = {}
        for name in METRICS:
            cases_counts = per_case(groups[value], name)
            metrics[name] = _stratum_proportion(units_only[name], cases_counts, confidence)
            if units_only[name].value is not None:
                p_values[value, name] = _stratum_p_value(units_only[name], cases_counts, limits[name])
        results.append(StratumResult(field, value, metrics, len(groups[value])))
        if max(p.total for p in metrics.values()) < min_units:
            small.append(value)
    keys = list(p_values)
    adjusted = dict(zip(keys, holm_adjusted([p_values[key] for key in keys]), strict=True))
    alpha = 1.0 - confidence
    hidden = []
    for result in results:
        for name in METRICS:
            p, whole = result.metrics[name], overall[name]
            if p.value is None or whole.value is None:
                continue
            if p.value < limits[name] <= whole.value:
                holm = float(adjusted[result.value, name])  # type: ignore[arg-type]
                certainty = "clear" if holm <= alpha else "uncertain"
                hidden.append(HiddenFailure(field, result.value, name, certainty, holm, len(keys)))
    return Strata(field, tuple(results), overall, tuple(hidden), tuple(small))


def _stratum_proportion(units_only: Proportion, per_case: Sequence[tuple[int, int]],
                        confidence: float) -> Proportion:
    """The stratum's pooled rate with the interval counting its cases as clusters from two cases with units, the
    units' Wilson interval with one (as a RAG dataset's pooled rate)."""
    interval = clustered_interval(per_case, confidence)
    if interval.low is None or interval.high is None:
        return units_only
    return Proportion.with_interval(units_only.successes, units_only.total, units_only.unlabelled, confidence,
                                    (interval.low, interval.high))


def _stratum_p_value(units_only: Proportion, per_case: Sequence[tuple[int, int]], threshold: float) -> float:
    if sum(1 for _, n in per_case if n > 0) >= MIN_CASES:
        return clustered_p_value(per_case, threshold)
    return unit_threshold_p_value(units_only, threshold)


# ---------------------------------------------------------------- splits


def _check_shares(shares: Mapping[str, float]) -> dict[str, float]:
    if not shares:
        raise input_error(PROBLEMS, "no_splits", "shares")
    checked = {}
    for name, share in shares.items():
        if not isinstance(name, str) or not name.strip():
            raise expected_value("split_name", repr(name), "shares")
        if isinstance(share, bool) or not isinstance(share, numbers.Real) or not math.isfinite(float(share)) \
                or share < 0:
            raise expected_value("non_negative_number", repr(share), f"shares.{name}")
        checked[name] = float(share)
    total = sum(checked.values())
    if total <= 0:
        raise input_error(PROBLEMS, "all_shares_zero", "shares")
    return {name: share / total for name, share in checked.items()}


def assign_splits(
    cases: RagDataset | Iterable[RagCase], by: str | None, seed: int, shares: Mapping[str, float],
) -> dict[str, str]:
    """Case id -> split, stratified by metadata field ``by`` (None: no stratification).

    Within each stratum (cases ordered by id, strata by value) the cases are shuffled with
    ``numpy.random.default_rng(seed)`` and cut by largest remainder of ``shares``
    (normalized to sum 1), ties broken at random. The result depends only on the cases,
    ``by``, ``seed`` and ``shares``, not on the order cases are given in.
    """
    normalized = _check_shares(shares)
    names = list(normalized)
    items = _cases(cases)
    rng = np.random.default_rng(seed)
    groups: dict[str, list[str]] = {}
    for case in items:
        groups.setdefault(metadata_value(case, by) if by else "", []).append(case.id)
    assignment: dict[str, str] = {}
    for value in sorted(groups, key=_stratum_order):
        ids = sorted(groups[value])
        order = rng.permutation(len(ids))
        quotas = [normalized[name] * len(ids) for name in names]
        counts = [math.floor(q) for q in quotas]
        left = len(ids) - sum(counts)
        tie = rng.random(len(names))
        ranking = sorted(range(len(names)), key=lambda k: (-(quotas[k] - counts[k]), tie[k]))
        for k in ranking[:left]:
            counts[k] += 1
        position = 0
        for name, count in zip(names, counts, strict=True):
            for k in order[position:position + count]:
                assignment[ids[int(k)]] = name
            position += count
    return {case.id: assignment[case.id] for case in items}


def with_splits(dataset: RagDataset, assignment: Mapping[str, str]) -> RagDataset:
    """The dataset with ``metadata["split"]`` set from ``assignment``; cases not in it are left as they are."""
    known = {case.id for case in dataset.cases}
    unknown = sorted(set(assignment) - known)
    if unknown:
        raise problem("no_case_with_id", "assignment", got=repr(unknown[0]))
    cases = tuple(
        replace(case, metadata={**case.metadata, "split": assignment[case.id]}) if case.id in assignment else case
        for case in dataset.cases
    )
    return replace(dataset, cases=cases)


# ---------------------------------------------------------------- warnings

# Codes of the dataset report's warnings and their English text; the params are the names in braces.
STRATUM_FIELD_ABSENT = "stratum_field_absent"  # params: field; present (the fields cases have, comma-separated)
WARNINGS: Mapping[str, str] = MappingProxyType({
    STRATUM_FIELD_ABSENT: 'no case has the metadata field "{field}", so every case falls in the one stratum '
                          f'"{MISSING}"; the cases have: {{present}}',
})
_MAX_FIELDS_LISTED = 20


@dataclass(frozen=True)
class ReportWarning:
    """Something the report's figures are right about but a person probably did not mean (a code and its params)."""

    code: str
    params: Mapping[str, str]

    @property
    def text(self) -> str:
        """The warning in English."""
        return WARNINGS[self.code].format(**self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "text": self.text}


def strata_warnings(cases: RagDataset | Iterable[RagCase], fields: Sequence[str]) -> tuple[ReportWarning, ...]:
    """A :data:`STRATUM_FIELD_ABSENT` warning for each of ``fields`` that no case has (absent, null or empty).

    Breaking a dataset down by such a field gives one ``"(missing)"`` stratum holding every case:
    correct, but almost always a misspelt field name.
    """
    items = _cases(cases)
    absent = [field for field in dict.fromkeys(fields) if all(_is_missing(case.metadata.get(field)) for case in items)]
    if not absent:
        return ()
    present = sorted({key for case in items for key, value in case.metadata.items() if not _is_missing(value)})
    listed = ", ".join(present[:_MAX_FIELDS_LISTED]) + (", ..." if len(present) > _MAX_FIELDS_LISTED else "")
    return tuple(ReportWarning(STRATUM_FIELD_ABSENT, {"field": field, "present": listed or "no metadata"})
                 for field in absent)


# ---------------------------------------------------------------- command line report


def dataset_report(
    dataset: RagDataset, strata_fields: Sequence[str] = (), leakage: bool = False,
    thresholds: Mapping[str, float] | None = None,
) -> dict[str, Any]:
    """The JSON of ``python -m uncase_core dataset``, with :func:`strata_warnings` under ``"warnings"``."""
    limits = resolve_thresholds(thresholds)
    report: dict[str, Any] = {"version": dataset_version(dataset), "cases": len(dataset.cases),
                              "strata": {}, "hidden_failures": [], "leakage": [], "duplicates": [],
                              "warnings": [w.to_dict() for w in strata_warnings(dataset, strata_fields)]}
    for field in dict.fromkeys(strata_fields):
        result = strata(dataset, field, limits)
        report["strata"][field] = result.to_dict()
        report["hidden_failures"].extend(h.to_dict() for h in result.hidden_failures)
    if leakage:
        found = find_similar(dataset, thresholds=limits)
        report["leakage"] = [p.to_dict() for p in found.leakage]
        report["duplicates"] = [p.to_dict() for p in found.duplicates]
        report["leakage_method"] = {"method": found.method, "miss_probability": found.miss_probability}
    return report
