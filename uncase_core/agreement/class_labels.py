"""What a class of participants labelled on one RAG dataset: distributions, majority, metrics and agreement.

In a workshop room every participant labels their own copy of the room's cases. This
module receives the room's :class:`~uncase_core.rag.cases.RagDataset` and each
participant's labelled copy and returns, for the facilitator's view:

- per label of every unit (a passage's ``relevant``, a claim's ``supported`` and
  ``correct``, a reference fact's ``covered``): how many said yes, no, or nothing; the
  class majority (a tie is no majority: unlabelled, flagged ``tie``); and a disagreement
  score to list the most disputed labels first;
- per participant: how many labels and whole units they have given;
- the class-majority dataset in the RAG case format and the class's metrics per case from
  it (:func:`uncase_core.rag.evaluation.evaluate_dataset`, so Wilson intervals and diagnosis as on the
  RAG page);
- the spread of the participants' own metric values per dimension;
- agreement among the participants per dimension and over all labels together:
  Krippendorff's alpha and Fleiss' kappa, each with a seeded bootstrap interval over units
  (:mod:`uncase_core.agreement.many`);
- every label as a long row for export.

A participant's copy is matched to the room by case id, unit kind and unit id; a case or
unit missing from the copy counts as unlabelled there, and cases the room does not have
are ignored. Texts and order in the copy do not matter.

The disagreement score of a label is the minority's share among those who gave it,
``min(yes, no) / (yes + no)``: 0 when everyone who labelled agrees, 0.5 for an even split,
``None`` when nobody labelled. Most disputed first means the highest score first, then the
label more people gave (the same split among more people is stronger evidence of real
disagreement), then the room's order.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import numpy as np

from uncase_core.agreement.many import (
    MAX_RESAMPLES,
    AgreementAmongMany,
    BootstrapInterval,
    LabelCounts,
    alpha_from_counts,
    bootstrap_from_counts,
    check_seed,
    fleiss_from_counts,
)
from uncase_core.errors import Place, expected_value, input_error, problem
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, Unit, case_to_dict
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS, DatasetEvaluation, Settings, evaluate_dataset

DIMENSION_FIELDS: Mapping[str, str] = MappingProxyType({name: METRIC_UNITS[name][1] for name in METRICS})
"""The label field each metric dimension counts: context_relevance -> relevant, and so on."""
FIELD_DIMENSIONS: Mapping[str, str] = MappingProxyType({label: name for name, label in DIMENSION_FIELDS.items()})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "resamples_out_of_range": "expected a whole number from 0 (no bootstrap) to {high:,}, got {got}",
})
ALL = "all"
"""The key of the agreement over every label of every dimension together."""

_YES, _NO, _UNLABELLED = 1, 0, -1
_NO_LABEL = np.int8(_UNLABELLED)


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class UnitLabels:
    """How the class labelled one label field of one unit.

    ``yes``, ``no`` and ``unlabelled`` add up to the number of participants. ``majority``
    is ``True`` or ``False`` when one side has more votes and ``None`` otherwise; ``tie``
    is ``True`` when both sides have the same positive count. ``disagreement`` is the
    minority's share of the labels given (see the module docstring). ``reference`` is the
    label the room's own dataset carries (the answer to reveal), ``None`` when it has none.
    """

    case: str
    kind: str
    unit: str
    field: str
    text: str
    yes: int
    no: int
    unlabelled: int
    majority: bool | None
    tie: bool
    disagreement: float | None
    reference: bool | None

    @property
    def dimension(self) -> str:
        return FIELD_DIMENSIONS[self.field]

    @property
    def labelled(self) -> int:
        return self.yes + self.no

    def to_dict(self) -> dict[str, object]:
        return {"case": self.case, "kind": self.kind, "unit": self.unit, "field": self.field,
                "dimension": self.dimension, "text": self.text, "yes": self.yes, "no": self.no,
                "unlabelled": self.unlabelled, "majority": self.majority, "tie": self.tie,
                "disagreement": self.disagreement, "reference": self.reference}


@dataclass(frozen=True)
class ParticipantProgress:
    """How far one participant got: labels given of all labels, and units with every label given."""

    alias: str
    labels_given: int
    labels_total: int
    units_complete: int
    units_total: int

    @property
    def done(self) -> bool:
        return self.labels_given == self.labels_total

    def to_dict(self) -> dict[str, object]:
        return {"alias": self.alias, "labels_given": self.labels_given, "labels_total": self.labels_total,
                "units_complete": self.units_complete, "units_total": self.units_total, "done": self.done}


@dataclass(frozen=True)
class DimensionSpread:
    """The participants' own values of one dimension, each pooled over the whole dataset.

    ``values`` holds ``(alias, value)`` for every participant with at least one label of
    the dimension; ``not_applicable`` the aliases of those with none (left out). The five
    summary figures (NumPy's linear-interpolation quartiles) are ``None`` with no values.
    """

    dimension: str
    values: tuple[tuple[str, float], ...]
    not_applicable: tuple[str, ...]
    minimum: float | None
    lower_quartile: float | None
    median: float | None
    upper_quartile: float | None
    maximum: float | None

    def to_dict(self) -> dict[str, object]:
        return {"dimension": self.dimension, "values": {alias: value for alias, value in self.values},
                "not_applicable": list(self.not_applicable), "minimum": self.minimum,
                "lower_quartile": self.lower_quartile, "median": self.median,
                "upper_quartile": self.upper_quartile, "maximum": self.maximum}


@dataclass(frozen=True)
class DimensionAgreement:
    """Agreement among the participants on one dimension's labels (or on all of them: ``dimension == "all"``).

    The intervals are ``None`` when the class view was computed without a bootstrap.
    """

    dimension: str
    alpha: AgreementAmongMany
    fleiss: AgreementAmongMany
    alpha_interval: BootstrapInterval | None
    fleiss_interval: BootstrapInterval | None

    def to_dict(self) -> dict[str, object]:
        return {"dimension": self.dimension, "alpha": self.alpha.to_dict(), "fleiss": self.fleiss.to_dict(),
                "alpha_interval": None if self.alpha_interval is None else self.alpha_interval.to_dict(),
                "fleiss_interval": None if self.fleiss_interval is None else self.fleiss_interval.to_dict()}


@dataclass(frozen=True)
class LabelRow:
    """One participant's label of one unit's label field, for a long-format export."""

    participant: str
    case: str
    kind: str
    unit: str
    field: str
    label: bool | None

    @property
    def dimension(self) -> str:
        return FIELD_DIMENSIONS[self.field]

    def to_dict(self) -> dict[str, object]:
        return {"participant": self.participant, "case": self.case, "kind": self.kind, "unit": self.unit,
                "dimension": self.dimension, "field": self.field, "label": self.label}


@dataclass(frozen=True)
class ClassLabels:
    """Everything the facilitator's view shows about what the class labelled.

    ``units`` are in the room's order (cases, then passages, claims, reference facts, then
    label fields); :meth:`most_disputed` sorts them. ``majority`` is the room's dataset with
    every label replaced by the class majority (ties and unlabelled: ``None``);
    ``evaluation`` its metrics per case and pooled. ``spreads`` and ``agreement`` are keyed
    by dimension (``agreement`` also by :data:`ALL`).
    """

    participants: tuple[str, ...]
    units: tuple[UnitLabels, ...]
    progress: tuple[ParticipantProgress, ...]
    majority: RagDataset
    evaluation: DatasetEvaluation
    spreads: Mapping[str, DimensionSpread]
    agreement: Mapping[str, DimensionAgreement]
    labels: tuple[tuple[bool | None, ...], ...] = field(repr=False)

    def most_disputed(self, limit: int | None = None) -> tuple[UnitLabels, ...]:
        """Labels by disagreement, highest first (ties broken by more labels given, then room order)."""
        order = sorted(range(len(self.units)), key=lambda i: _dispute_key(self.units[i], i))
        return tuple(self.units[i] for i in order[:limit])

    @property
    def ties(self) -> tuple[UnitLabels, ...]:
        return tuple(unit for unit in self.units if unit.tie)

    def rows(self, include_unlabelled: bool = False) -> tuple[LabelRow, ...]:
        """Every label given, one row per participant and unit label field, participant by participant.

        With ``include_unlabelled`` the rows of labels not given (``label`` ``None``) are
        included too, so every participant has one row per label of the room.
        """
        return tuple(
            LabelRow(alias, unit.case, unit.kind, unit.unit, unit.field, label)
            for alias, labels in zip(self.participants, self.labels, strict=True)
            for unit, label in zip(self.units, labels, strict=True)
            if include_unlabelled or label is not None
        )

    def to_dict(self) -> dict[str, object]:
        return {"participants": list(self.participants), "units": [unit.to_dict() for unit in self.units],
                "progress": [p.to_dict() for p in self.progress],
                "majority": [case_to_dict(case) for case in self.majority.cases],
                "evaluation": self.evaluation.to_dict(),
                "spreads": {name: spread.to_dict() for name, spread in self.spreads.items()},
                "agreement": {name: item.to_dict() for name, item in self.agreement.items()}}


def _dispute_key(unit: UnitLabels, index: int) -> tuple[float, int, int]:
    if unit.disagreement is None:
        return (1.0, 0, index)  # nobody labelled it: last
    return (-unit.disagreement, -unit.labelled, index)


# ---------------------------------------------------------------- reading the room and the copies


@dataclass(frozen=True)
class _Slot:
    case_index: int
    case: RagCase
    kind: str
    unit_index: int
    unit: Unit
    field: str


def _room_slots(room: object) -> list[_Slot]:
    if not isinstance(room, RagDataset):
        raise expected_value("rag_dataset", type(room).__name__, "room")
    slots: list[_Slot] = []
    seen: dict[str, int] = {}
    for i, case in enumerate(room.cases):
        if case.id in seen:
            raise problem("duplicate_case_id", f"room.cases[{i}].id", id=case.id,
                          first=Place(f"cases[{seen[case.id]}]"))
        seen[case.id] = i
        for kind in UNIT_KINDS:
            for j, unit in enumerate(case.units(kind)):
                slots.extend(_Slot(i, case, kind, j, unit, name) for name in LABEL_FIELDS[kind])
    return slots


def _check_copies(copies: object) -> list[tuple[str, RagDataset]]:
    if not isinstance(copies, Mapping):
        raise expected_value("alias_mapping", type(copies).__name__, "copies")
    checked = []
    for alias, copy in copies.items():
        if not isinstance(alias, str) or not alias.strip():
            raise expected_value("text_alias", repr(alias), "copies")
        if not isinstance(copy, RagDataset):
            raise expected_value("rag_dataset", type(copy).__name__, f"copies[{alias!r}]")
        checked.append((alias, copy))
    return checked


def _copy_labels(alias: str, copy: RagDataset, slots: list[_Slot]) -> np.ndarray:
    """The participant's label for each slot: 1 yes, 0 no, -1 unlabelled or missing from the copy."""
    units: dict[tuple[str, str, str], tuple[Unit, str]] = {}
    seen: set[str] = set()
    for i, case in enumerate(copy.cases):
        if case.id in seen:
            raise problem("duplicate_case_id_here", f"copies[{alias!r}].cases[{i}].id", id=case.id)
        seen.add(case.id)
        for kind in UNIT_KINDS:
            for j, unit in enumerate(case.units(kind)):
                units[case.id, kind, unit.id] = (unit, f"copies[{alias!r}].cases[{i}].{kind}[{j}]")
    result = np.full(len(slots), _NO_LABEL, dtype=np.int8)
    for s, slot in enumerate(slots):
        found = units.get((slot.case.id, slot.kind, slot.unit.id))
        if found is None:
            continue
        label = found[0].labels.get(slot.field)
        if label is True:
            result[s] = _YES
        elif label is False:
            result[s] = _NO
        elif label is not None:
            raise expected_value("true_false_null", repr(label), f"{found[1]}.{slot.field}")
    return result


def _check_resamples(resamples: object) -> int:
    if isinstance(resamples, bool) or not isinstance(resamples, numbers.Integral) \
            or not 0 <= resamples <= MAX_RESAMPLES:
        raise input_error(PROBLEMS, "resamples_out_of_range", "resamples", high=MAX_RESAMPLES, got=repr(resamples))
    return int(resamples)


# ---------------------------------------------------------------- the class view


def class_labels(
    room: RagDataset,
    copies: Mapping[str, RagDataset],
    settings: Settings | None = None,
    resamples: int = 1000,
    seed: int = 0,
) -> ClassLabels:
    """What the class labelled on ``room``: distributions, majority, metrics, spreads and agreement.

    Parameters
    ----------
    room : RagDataset
        The room's cases; its own labels (if any) are the reference labels.
    copies : mapping of str to RagDataset
        Participant alias -> that participant's labelled copy, in the order to show them.
    settings : Settings, optional
        Thresholds, weights and confidence for the class metrics; the confidence is also
        that of the bootstrap intervals. Default: document 001's settings at 95%.
    resamples : int
        Bootstrap resamples for each agreement interval; 0 skips the bootstrap (the
        intervals are then ``None``), which is what a view refreshing every few seconds
        may want between full updates.
    seed : int
        Seed of every bootstrap, so the same labels give the same intervals.

    Returns
    -------
    ClassLabels

    Raises
    ------
    InputError
        For a room or copy that is not a RAG dataset, an empty alias, duplicate case ids, a
        label that is not true, false or null (naming the participant and place), or a bad
        ``resamples`` or ``seed``.
    """
    slots = _room_slots(room)
    participants = _check_copies(copies)
    resamples = _check_resamples(resamples)
    seed = check_seed(seed)
    settings = settings or Settings.build()
    aliases = tuple(alias for alias, _ in participants)
    matrix = np.full((len(aliases), len(slots)), _NO_LABEL, dtype=np.int8)
    for p, (alias, copy) in enumerate(participants):
        matrix[p] = _copy_labels(alias, copy, slots)
    given = matrix != _UNLABELLED
    yes = (matrix == _YES).sum(axis=0)
    no = (matrix == _NO).sum(axis=0)
    units = tuple(_unit_labels(slot, int(y), int(n), len(aliases)) for slot, y, n in zip(slots, yes, no, strict=True))
    majority = _majority_dataset(room, slots, units)
    fields = np.array([slot.field for slot in slots])
    return ClassLabels(
        participants=aliases,
        units=units,
        progress=_progress(aliases, slots, given),
        majority=majority,
        evaluation=evaluate_dataset(majority.cases, settings),
        spreads=MappingProxyType({name: _spread(name, aliases, matrix[:, fields == DIMENSION_FIELDS[name]])
                                  for name in METRICS}),
        agreement=MappingProxyType({
            name: _agreement(name, matrix if name == ALL else matrix[:, fields == DIMENSION_FIELDS[name]],
                             resamples, seed, settings.confidence)
            for name in (*METRICS, ALL)
        }),
        labels=tuple(tuple(None if v == _UNLABELLED else bool(v == _YES) for v in row) for row in matrix.tolist()),
    )


def _unit_labels(slot: _Slot, yes: int, no: int, participants: int) -> UnitLabels:
    labelled = yes + no
    majority = True if yes > no else False if no > yes else None
    return UnitLabels(slot.case.id, slot.kind, slot.unit.id, slot.field, slot.unit.text, yes, no,
                      participants - labelled, majority, yes == no > 0,
                      None if labelled == 0 else min(yes, no) / labelled, slot.unit.labels.get(slot.field))


def _majority_dataset(room: RagDataset, slots: list[_Slot], units: tuple[UnitLabels, ...]) -> RagDataset:
    labels: dict[tuple[int, str, int], dict[str, bool | None]] = {}
    for slot, unit in zip(slots, units, strict=True):
        labels.setdefault((slot.case_index, slot.kind, slot.unit_index), {})[slot.field] = unit.majority
    cases = []
    for i, case in enumerate(room.cases):
        changed = {kind: tuple(replace(unit, labels={**unit.labels, **labels[i, kind, j]})
                               for j, unit in enumerate(case.units(kind)))
                   for kind in UNIT_KINDS}
        cases.append(replace(case, **changed))
    return replace(room, cases=tuple(cases))


def _progress(aliases: tuple[str, ...], slots: list[_Slot], given: np.ndarray) -> tuple[ParticipantProgress, ...]:
    # A unit's label fields are consecutive slots; a unit is complete for a participant when all are given.
    starts = [s for s, slot in enumerate(slots) if slot.field == LABEL_FIELDS[slot.kind][0]]
    if starts:
        complete = (np.add.reduceat((~given).astype(np.int64), starts, axis=1) == 0).sum(axis=1)
    else:
        complete = np.zeros(len(aliases), dtype=np.int64)
    labels_given = given.sum(axis=1)
    return tuple(ParticipantProgress(alias, int(labels_given[p]), len(slots), int(complete[p]), len(starts))
                 for p, alias in enumerate(aliases))


def _spread(dimension: str, aliases: tuple[str, ...], labels: np.ndarray) -> DimensionSpread:
    successes = (labels == _YES).sum(axis=1)
    totals = (labels != _UNLABELLED).sum(axis=1)
    values = tuple((alias, float(s / n)) for alias, s, n in zip(aliases, successes, totals, strict=True) if n > 0)
    left_out = tuple(alias for alias, n in zip(aliases, totals, strict=True) if n == 0)
    if not values:
        return DimensionSpread(dimension, (), left_out, None, None, None, None, None)
    figures = np.percentile([value for _, value in values], [0, 25, 50, 75, 100])
    return DimensionSpread(dimension, values, left_out, *(float(f) for f in figures))


def _agreement(dimension: str, labels: np.ndarray, resamples: int, seed: int, confidence: float) -> DimensionAgreement:
    counts = np.stack([(labels == _NO).sum(axis=0), (labels == _YES).sum(axis=0)], axis=1)
    active = int((labels != _UNLABELLED).any(axis=1).sum())
    table = LabelCounts(counts, (False, True), active)
    alpha, fleiss = alpha_from_counts(table), fleiss_from_counts(table)
    if resamples == 0:
        return DimensionAgreement(dimension, alpha, fleiss, None, None)
    return DimensionAgreement(
        dimension, alpha, fleiss,
        bootstrap_from_counts(table, "alpha", "nominal", resamples, seed, confidence),
        bootstrap_from_counts(table, "fleiss", "nominal", resamples, seed, confidence),
    )


# ---------------------------------------------------------------- participants' copies


def blank_copy(room: RagDataset) -> RagDataset:
    """The room's cases with every label cleared: what each participant starts labelling from."""
    return replace(room, cases=tuple(
        replace(case, **{kind: tuple(replace(unit, labels={name: None for name in unit.labels})
                                     for unit in case.units(kind)) for kind in UNIT_KINDS})
        for case in room.cases))


@dataclass(frozen=True)
class ReplayedCopy:
    """A participant's copy rebuilt from their edit records; ``refused`` counts records that did not fit."""

    copy: RagDataset
    refused: int = 0


def replay_edits(start: RagDataset, records: object) -> ReplayedCopy:
    """``start`` with each RAG edit record applied in order (see :mod:`uncase_core.shared.edits`).

    A record that does not fit (another dataset's, a hand-edited row) is skipped and counted,
    so one bad row cannot hide a whole participant from the class view.
    """
    from uncase_core.rag.edits import replay_rag_edits

    copy, refused = replay_rag_edits(start, list(records))  # type: ignore[call-overload]
    return ReplayedCopy(copy, refused)
