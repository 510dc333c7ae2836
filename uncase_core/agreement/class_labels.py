"""What a class of participants labelled on one dataset: distributions, majority, metrics and agreement.

In a workshop room every participant labels their own copy of the room's cases: RAG cases (document 001) or summary
cases (document 002), each made of labelled units as :mod:`uncase_core.agreement.materials` says. This module
receives the room's dataset and each participant's labelled copy and returns, for the facilitator's view:

- per label of every unit (a passage's ``relevant``, a claim's ``supported`` and
  ``correct``, a reference fact's ``covered``; a summary's accuracy point's ``is_accurate``, rubric's
  ``is_addressed``, completeness item's ``is_covered``): how many said yes, no, or nothing; the
  class majority (a tie is no majority: unlabelled, flagged ``tie``); and a disagreement
  score to list the most disputed labels first;
- per participant: how many labels and whole units they have given;
- the class-majority dataset in the room's own format and the class's metrics per case from
  it (:func:`uncase_core.rag.evaluation.evaluate_dataset` or
  :func:`uncase_core.summaries.evaluation.evaluate_summaries`, so Wilson intervals and N/A as on the pages);
- the spread of the participants' own metric values per dimension;
- agreement among the participants per dimension and over all labels together:
  Krippendorff's alpha and Fleiss' kappa, each with a seeded BCa bootstrap interval over units,
  withheld below the units it holds its level with (:mod:`uncase_core.agreement.many`);
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
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

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
from uncase_core.agreement.materials import (
    FIELD_DIMENSIONS,
    MATERIALS,
    RAG_DIMENSION_FIELDS,
    Material,
    Slot,
    material_of,
)
from uncase_core.errors import expected_value, input_error
from uncase_core.rag.evaluation import DatasetEvaluation, Settings
from uncase_core.stats.proportions import Proportion
from uncase_core.summaries.evaluation import SummaryReport

DIMENSION_FIELDS: Mapping[str, str] = RAG_DIMENSION_FIELDS
"""The label field each RAG metric dimension counts: context_relevance -> relevant, and so on (a room's own
material says its dimensions: ``ClassLabels.material.dimension_fields``)."""
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "resamples_out_of_range": "expected a whole number from 0 (no bootstrap) to {high:,}, got {got}",
})
ALL = "all"
"""The key of the agreement over every label of every dimension together."""

_YES, _NO, _UNLABELLED = 1, 0, -1
_NO_LABEL = np.int8(_UNLABELLED)


# ---------------------------------------------------------------- results


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class ClassLabels:
    """Everything the facilitator's view shows about what the class labelled.

    ``units`` are in the room's order (cases, then their units kind by kind as the material lists them, then
    label fields); :meth:`most_disputed` sorts them. ``majority`` is the room's dataset with
    every label replaced by the class majority (ties and unlabelled: ``None``);
    ``evaluation`` its metrics per case and pooled. ``spreads`` and ``agreement`` are keyed
    by the material's dimensions (``agreement`` also by :data:`ALL`). ``material`` says what the room's cases
    are (:mod:`uncase_core.agreement.materials`: RAG cases or summary cases).
    """

    participants: tuple[str, ...]
    units: tuple[UnitLabels, ...]
    progress: tuple[ParticipantProgress, ...]
    majority: Any  # a RagDataset, or a tuple of SummaryCase: the room's own kind
    evaluation: DatasetEvaluation | SummaryReport
    spreads: Mapping[str, DimensionSpread]
    agreement: Mapping[str, DimensionAgreement]
    labels: tuple[tuple[bool | None, ...], ...] = field(repr=False)
    material: Material = field(repr=False, default_factory=lambda: MATERIALS["rag"])

    @property
    def dimensions(self) -> tuple[str, ...]:
        return self.material.dimensions

    @property
    def pooled(self) -> Mapping[str, Proportion]:
        """The class majority's pooled proportion of each dimension."""
        return self.material.pooled(self.evaluation)

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
                "material": self.material.name, "majority": self.material.to_dicts(self.majority),
                "evaluation": self.evaluation.to_dict(),
                "spreads": {name: spread.to_dict() for name, spread in self.spreads.items()},
                "agreement": {name: item.to_dict() for name, item in self.agreement.items()}}


def _dispute_key(unit: UnitLabels, index: int) -> tuple[float, int, int]:
    if unit.disagreement is None:
        return (1.0, 0, index)  # nobody labelled it: last
    return (-unit.disagreement, -unit.labelled, index)


# ---------------------------------------------------------------- reading the copies


def _check_copies(copies: object) -> list[tuple[str, Any]]:
    """The participants' aliases and copies (each copy is checked when its labels are read)."""
    if not isinstance(copies, Mapping):
        raise expected_value("alias_mapping", type(copies).__name__, "copies")
    checked = []
    for alias, copy in copies.items():
        if not isinstance(alias, str) or not alias.strip():
            raise expected_value("text_alias", repr(alias), "copies")
        checked.append((alias, copy))
    return checked


def _copy_labels(alias: str, copy: object, slots: list[Slot], material: Material) -> np.ndarray:
    """The participant's label for each slot: 1 yes, 0 no, -1 unlabelled or missing from the copy."""
    given = material.copy_labels(copy, f"copies[{alias!r}]")
    result = np.full(len(slots), _NO_LABEL, dtype=np.int8)
    for s, slot in enumerate(slots):
        label = given.get(slot.key)
        if label is True:
            result[s] = _YES
        elif label is False:
            result[s] = _NO
    return result


def _check_resamples(resamples: object) -> int:
    if isinstance(resamples, bool) or not isinstance(resamples, numbers.Integral) \
            or not 0 <= resamples <= MAX_RESAMPLES:
        raise input_error(PROBLEMS, "resamples_out_of_range", "resamples", high=MAX_RESAMPLES, got=repr(resamples))
    return int(resamples)


# ---------------------------------------------------------------- the class view


def class_labels(
    room: Any,
    copies: Mapping[str, Any],
    settings: Settings | None = None,
    resamples: int = 1000,
    seed: int = 0,
) -> ClassLabels:
    """What the class labelled on ``room``: distributions, majority, metrics, spreads and agreement.

    Parameters
    ----------
    room : RagDataset or tuple of SummaryCase
        The room's cases; its own labels (if any) are the reference labels.
    copies : mapping of str to the room's kind of dataset
        Participant alias -> that participant's labelled copy, in the order to show them.
    settings : Settings, optional
        Thresholds, weights and confidence for the class metrics; the confidence is also
        that of the bootstrap intervals (for summary cases only the confidence is used). Default: document
        001's settings at 95%.
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
        For a room that is neither a RAG dataset nor summary cases, a copy of another kind than the room, an
        empty alias, duplicate case ids, a
        label that is not true, false or null (naming the participant and place), or a bad
        ``resamples`` or ``seed``.
    """
    material = material_of(room)
    slots = material.slots(room)
    participants = _check_copies(copies)
    resamples = _check_resamples(resamples)
    seed = check_seed(seed)
    settings = settings or Settings.build()
    aliases = tuple(alias for alias, _ in participants)
    matrix = np.full((len(aliases), len(slots)), _NO_LABEL, dtype=np.int8)
    for p, (alias, copy) in enumerate(participants):
        matrix[p] = _copy_labels(alias, copy, slots, material)
    given = matrix != _UNLABELLED
    yes = (matrix == _YES).sum(axis=0)
    no = (matrix == _NO).sum(axis=0)
    units = tuple(_unit_labels(slot, int(y), int(n), len(aliases)) for slot, y, n in zip(slots, yes, no, strict=True))
    majority = material.with_labels(room, {slot.key: unit.majority for slot, unit in zip(slots, units, strict=True)})
    fields = np.array([slot.field for slot in slots])
    dimension_fields = material.dimension_fields
    return ClassLabels(
        participants=aliases,
        units=units,
        progress=_progress(aliases, slots, given, material),
        majority=majority,
        evaluation=material.evaluate(majority, settings),
        spreads=MappingProxyType({name: _spread(name, aliases, matrix[:, fields == dimension_fields[name]])
                                  for name in material.dimensions}),
        agreement=MappingProxyType({
            name: _agreement(name, matrix if name == ALL else matrix[:, fields == dimension_fields[name]],
                             resamples, seed, settings.confidence)
            for name in (*material.dimensions, ALL)
        }),
        labels=tuple(tuple(None if v == _UNLABELLED else bool(v == _YES) for v in row) for row in matrix.tolist()),
        material=material,
    )


def _unit_labels(slot: Slot, yes: int, no: int, participants: int) -> UnitLabels:
    labelled = yes + no
    majority = True if yes > no else False if no > yes else None
    return UnitLabels(case=slot.case_id, kind=slot.kind, unit=slot.unit, field=slot.field, text=slot.text, yes=yes,
                      no=no, unlabelled=participants - labelled, majority=majority, tie=yes == no > 0,
                      disagreement=None if labelled == 0 else min(yes, no) / labelled, reference=slot.reference)


def _progress(aliases: tuple[str, ...], slots: list[Slot], given: np.ndarray,
              material: Material) -> tuple[ParticipantProgress, ...]:
    # A unit's label fields are consecutive slots; a unit is complete for a participant when all are given.
    starts = [s for s, slot in enumerate(slots) if slot.field == material.label_fields[slot.kind][0]]
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


def blank_copy(room: Any) -> Any:
    """The room's cases with every label cleared: what each participant starts labelling from."""
    return material_of(room).blank(room)


@dataclass(frozen=True)
class ReplayedCopy:
    """A participant's copy rebuilt from their edit records; ``refused`` counts records that did not fit."""

    copy: Any
    refused: int = 0


def replay_edits(start: Any, records: object) -> ReplayedCopy:
    """``start`` with each label record of its material applied in order (see :mod:`uncase_core.shared.edits`).

    A record that does not fit (another dataset's, a hand-edited row) is skipped and counted,
    so one bad row cannot hide a whole participant from the class view.
    """
    copy, refused = material_of(start, "start").replay(start, list(records))  # type: ignore[call-overload]
    return ReplayedCopy(copy, refused)
