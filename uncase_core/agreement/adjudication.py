"""Adjudication in a workshop room: the facilitator decides the gold label of the disputed units.

After the class has labelled (:mod:`uncase_core.agreement.class_labels`), the facilitator goes through the units
the class did not settle, one at a time, and decides each one's gold label with a short reason. This module
receives the room's cases, the class view and the facilitator's decision records, and returns:

- the **queue** (:func:`adjudication_queue`): every label the class did not settle (and every label decided),
  most disputed first. A label
  is settled by the class when at least :data:`SETTLED_BY` participants gave it, all the same, and the room's
  reference label (when there is one) says the same; every other label waits for a decision, in this order: the
  class split (most disputed first, as :meth:`~uncase_core.agreement.class_labels.ClassLabels.most_disputed`),
  the class agreed against the reference, one label only, nobody labelled;
- the **gold** of every label: the facilitator's decision where there is one, else the class's settled label,
  else none (``None``: still to decide);
- the **adjudicated dataset** (:func:`adjudicated_dataset`): the room's cases with the gold labels, and one
  entry per decision in the revision log of document 004's workbench
  (:func:`uncase_core.datasets.workbench.revisions`: case, unit, field, old, new, reason, author, time), in the
  order the decisions were given, so the file says who decided what and why;
- each participant's **agreement with the gold** (:func:`gold_agreement`), over the labels that have a gold and
  that the participant gave: the share agreed with its Wilson interval, and Cohen's kappa with its asymptotic
  interval, both from :func:`uncase_core.agreement.pairs.cohen_kappa`. With no such label everything is N/A (note
  ``no_units``); with fewer than ``min_units`` kappa's interval is withheld (note ``too_few_units``): the
  asymptotic variance is a large-sample formula, and with a handful of labels its interval says more than they
  can. The Wilson interval of the share holds for any number of labels and is always given;
- the **distribution** of those shares over the class (:class:`GoldSpread`): what a room sees, without names.

A decision record (the store keeps them in order, one per save) is a JSON object
``{"case_id", "kind", "unit_id", "field", "gold", "reason", "author", "time"}``: ``gold`` true or false, or null
to withdraw the decision (the label goes back to the class's, or to none); a decision needs a reason, a
withdrawal may have one; ``time`` is ISO 8601, given by the caller (the core reads no clock). The last record of
a label is its decision.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

import numpy as np

from uncase_core.agreement.class_labels import ClassLabels, UnitLabels
from uncase_core.agreement.materials import RAG_MATERIAL, Material, material_of
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL, cohen_kappa
from uncase_core.agreement.pairs import NOTES as KAPPA_NOTES
from uncase_core.datasets.workbench import Revision
from uncase_core.errors import expected_at_least, expected_value, input_error, missing, unknown_choice
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

SETTLED_BY = 2
"""How many participants, all giving the same label, settle it without a decision (one person is no agreement)."""
MAX_REASON_LENGTH = 500
MAX_AUTHOR_LENGTH = 80
WHY = ("split", "against_reference", "one_label", "unlabelled", "majority", "settled")
"""Why a label is in the queue, in the queue's order: the first four wait for a decision; ``majority`` is a split
the facilitator's majority rule settled (listed after the disputes, to look at again or decide otherwise unit by
unit); ``settled`` is a label the class settled after the facilitator had decided it (the decision stands)."""
GOLD_SOURCES = ("decided", "class", "majority", "none")
MAJORITY_CHOICES = (0.95, 0.9, 0.8, 0.75, 2 / 3)
"""The shares a facilitator may settle splits by (:func:`settled_by_majority`); none: only a unanimous class."""
MAJORITY_AUTHOR = "majority rule"  # who "decided" a label the rule settled, in the adjudicated file's revision log
RECORD_KEYS = ("case_id", "kind", "unit_id", "field", "gold", "reason", "author", "time")
NOTE_TOO_FEW_UNITS = "too_few_units"
GOLD_NOTES: Mapping[str, str] = MappingProxyType({
    **KAPPA_NOTES,
    "no_units": "no label of this participant has a gold label yet",
    NOTE_TOO_FEW_UNITS: "kappa's interval is given from {minimum} labels compared with the gold on; with fewer, "
                        "its large-sample formula would claim more than they can say: {needed} more needed",
})
"""English wording of the ``note`` codes of :class:`GoldAgreement` (Cohen's kappa's, and ``too_few_units``)."""
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "gold_reason_needed": "a gold label needs a short reason: why the room decided it",
    "gold_reason_too_long": "a reason is at most {limit:,} characters; this one has {length:,}",
    "gold_author_needed": "say who decided (a name or a role)",
    "gold_author_too_long": "who decided is at most {limit:,} characters; this has {length:,}",
    "gold_no_such_label": "the room has no label {field} of {kind} unit {unit} in case {case}",
})

Key = tuple[str, str, str, str]  # (case id, unit kind, unit id, label field)


# ---------------------------------------------------------------- decisions


@dataclass(frozen=True)
class Decision:
    """One decision record: the gold label of one unit's label field (``None``: the decision withdrawn)."""

    case: str
    kind: str
    unit: str
    field: str
    gold: bool | None
    reason: str
    author: str
    time: str  # ISO 8601, as given

    @property
    def key(self) -> Key:
        return (self.case, self.kind, self.unit, self.field)

    def to_dict(self) -> dict[str, Any]:
        return {"case_id": self.case, "kind": self.kind, "unit_id": self.unit, "field": self.field,
                "gold": self.gold, "reason": self.reason, "author": self.author, "time": self.time}


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    if key not in entry:
        raise missing(key, where)
    value = entry[key]
    if not isinstance(value, str):
        raise expected_value("text", repr(value), f"{where}.{key}")
    return value


def _room_keys(room: Any) -> set[Key]:
    return {slot.key for slot in material_of(room).slots(room)}


def decision_from_dict(entry: object, keys: set[Key] | None = None, where: str = "decision",
                       material: Material = RAG_MATERIAL) -> Decision:
    """A decision record read and checked (``keys``: the room's labels, to check it names one of them;
    ``material``: what the room's cases are, RAG cases unless said)."""
    if not isinstance(entry, Mapping):
        raise expected_value("object", repr(entry), where)
    case, kind, unit, name = (_text(entry, key, where) for key in ("case_id", "kind", "unit_id", "field"))
    if kind not in material.unit_kinds:
        raise unknown_choice("unit_kind", repr(kind), material.unit_kinds, f"{where}.kind")
    if name not in material.label_fields[kind]:
        raise unknown_choice("label", repr(name), material.label_fields[kind], f"{where}.field")
    if keys is not None and (case, kind, unit, name) not in keys:
        raise input_error(PROBLEMS, "gold_no_such_label", where, field=name, kind=kind, unit=unit, case=case)
    if "gold" not in entry:
        raise missing("gold", where)
    gold = entry["gold"]
    if gold is not None and not isinstance(gold, bool):
        raise expected_value("true_false_null", repr(gold), f"{where}.gold")
    reason = " ".join(_text(entry, "reason", where).split())
    if gold is not None and not reason:
        raise input_error(PROBLEMS, "gold_reason_needed", f"{where}.reason")
    if len(reason) > MAX_REASON_LENGTH:
        raise input_error(PROBLEMS, "gold_reason_too_long", f"{where}.reason", limit=MAX_REASON_LENGTH,
                          length=len(reason))
    author = " ".join(_text(entry, "author", where).split())
    if not author:
        raise input_error(PROBLEMS, "gold_author_needed", f"{where}.author")
    if len(author) > MAX_AUTHOR_LENGTH:
        raise input_error(PROBLEMS, "gold_author_too_long", f"{where}.author", limit=MAX_AUTHOR_LENGTH,
                          length=len(author))
    time = _text(entry, "time", where)
    try:
        datetime.fromisoformat(time)
    except ValueError:
        raise expected_value("iso_time", repr(time), f"{where}.time") from None
    return Decision(case, kind, unit, name, gold, reason, author, time)


def decision_record(room: Any, case_id: str, kind: str, unit_id: str, field: str, gold: bool | None,
                    reason: str, author: str, time: str) -> dict[str, Any]:
    """The record of one decision, checked against the room (what the store keeps); InputError if it is bad."""
    entry = {"case_id": case_id, "kind": kind, "unit_id": unit_id, "field": field, "gold": gold, "reason": reason,
             "author": author, "time": time}
    return decision_from_dict(entry, _room_keys(room), material=material_of(room)).to_dict()


def read_decisions(room: Any, records: Iterable[object]) -> tuple[Decision, ...]:
    """Every decision record, in order, checked (``decisions[3].gold: ...``)."""
    keys, material = _room_keys(room), material_of(room)
    return tuple(decision_from_dict(entry, keys, f"decisions[{i}]", material) for i, entry in enumerate(records))


def current_decisions(decisions: Sequence[Decision]) -> dict[Key, Decision]:
    """The decision in force for each label: its last record, unless that withdrew it."""
    last: dict[Key, Decision] = {}
    for decision in decisions:
        last[decision.key] = decision
    return {key: decision for key, decision in last.items() if decision.gold is not None}


# ---------------------------------------------------------------- what the class settled, and the queue


def _key(unit: UnitLabels) -> Key:
    return (unit.case, unit.kind, unit.unit, unit.field)


def check_majority(majority: object) -> float | None:
    """A majority rule's share, checked: None (a unanimous class only) or a number above one half and at most 1."""
    if majority is None:
        return None
    if isinstance(majority, bool) or not isinstance(majority, numbers.Real) or not 0.5 < float(majority) <= 1.0:
        raise expected_value("share_above_half", repr(majority), "majority")
    return float(majority)


def settled_by_majority(unit: UnitLabels, majority: float | None) -> bool:
    """Whether the facilitator's majority rule settles this split: at least ``majority`` of the labels given (and
    at least :data:`SETTLED_BY` of them) say the same, and the room's reference, when there is one, says it too."""
    if majority is None or not (unit.yes and unit.no) or unit.labelled < SETTLED_BY:
        return False
    if max(unit.yes, unit.no) < majority * unit.labelled - 1e-9:
        return False
    return unit.reference is None or unit.reference == unit.majority


def why_undecided(unit: UnitLabels, majority: float | None = None) -> str | None:
    """Why the class did not settle this label (one of :data:`WHY`), or None when it did (every label the same, or,
    with a ``majority`` rule, a share at least that large: :func:`settled_by_majority`)."""
    if unit.labelled == 0:
        return "unlabelled"
    if unit.yes and unit.no:
        return None if settled_by_majority(unit, majority) else "split"
    if unit.labelled < SETTLED_BY:
        return "one_label"
    if unit.reference is not None and unit.reference != unit.majority:
        return "against_reference"
    return None


def class_gold(unit: UnitLabels, majority: float | None = None) -> bool | None:
    """The label the class settled (see the module docstring; ``majority``: the facilitator's rule), or None."""
    return unit.majority if why_undecided(unit, majority) is None else None


@dataclass(frozen=True)
class QueuedUnit:
    """A label that waits for (or has) a decision: the class's distribution and reference are in ``unit``."""

    unit: UnitLabels
    why: str  # one of WHY
    decision: Decision | None  # the decision in force, None while undecided

    def to_dict(self) -> dict[str, Any]:
        return {**self.unit.to_dict(), "why": self.why,
                "decision": None if self.decision is None else self.decision.to_dict()}


def adjudication_queue(labels: ClassLabels, decisions: Sequence[Decision] = (),
                       majority: float | None = None) -> tuple[QueuedUnit, ...]:
    """The labels the class did not settle, those a ``majority`` rule settled, and those with a decision, in
    :data:`WHY` order; split ones most disputed first (then more labels given, then the room's order)."""
    current = current_decisions(decisions)
    order = {id(unit): rank for rank, unit in enumerate(labels.most_disputed())}
    queued = []
    for unit in labels.units:
        why = why_undecided(unit, majority)
        decision = current.get(_key(unit))
        if why is None and settled_by_majority(unit, majority):
            why = "majority"
        elif why is None and decision is not None:
            why = "settled"
        if why is not None:
            queued.append((WHY.index(why), order[id(unit)], QueuedUnit(unit, why, decision)))
    return tuple(item for _, _, item in sorted(queued, key=lambda entry: entry[:2]))


def gold_labels(labels: ClassLabels, decisions: Sequence[Decision] = (),
                majority: float | None = None) -> tuple[tuple[bool | None, str], ...]:
    """For each of ``labels.units``: the gold label and where it comes from (one of :data:`GOLD_SOURCES`)."""
    current = current_decisions(decisions)
    result = []
    for unit in labels.units:
        decision = current.get(_key(unit))
        if decision is not None:
            result.append((decision.gold, "decided"))
        else:
            gold = class_gold(unit, majority)
            source = "none" if gold is None else "majority" if settled_by_majority(unit, majority) else "class"
            result.append((gold, source))
    return tuple(result)


# ---------------------------------------------------------------- the adjudicated dataset


def majority_reason(agreeing: int, labelled: int, rule: float) -> str:
    """Why the majority rule settled a split, in English (the command line's and the default file's wording)."""
    return f"{agreeing} of {labelled} = {agreeing / labelled:.0%} >= {rule:.0%}"


def adjudicated_dataset(room: Any, labels: ClassLabels, decisions: Sequence[Decision],
                        majority: float | None = None, time: str = "", *,
                        reason: Callable[[int, int, float], str] = majority_reason,
                        author: str = MAJORITY_AUTHOR) -> Any:
    """The room's cases with the gold labels (none where still undecided), and one revision per decision.

    The labels start from what the class settled; each decision record, in order, then logs a revision whose
    ``old`` is the label before it and ``new`` the label after it (a withdrawn decision goes back to the class's
    label, or to none), with its reason, author and time. With a ``majority`` rule, each split it settled is
    logged before them (``author``, ``reason(agreeing, labelled, majority)``, ``time`` as given: a page passes them
    in the class's language, the default is :func:`majority_reason`'s English). A revision log
    the room's file already had is kept first. A RAG dataset's layout becomes ``{"cases": [...]}`` to carry the log
    (:func:`~uncase_core.datasets.workbench.with_revision`); summary cases carry each their own revisions
    (:class:`~uncase_core.agreement.materials.SummaryMaterial`).
    """
    settled = {_key(unit): class_gold(unit, majority) for unit in labels.units}
    current = dict(settled)
    log = []
    # Each split the majority rule settled is logged as such, before the decisions: who settled it and by what share,
    # so the file says which golds no person decided ("majority rule", "21 of 22 = 95% >= 80%").
    for unit in labels.units:
        if settled_by_majority(unit, majority):
            agreeing = max(unit.yes, unit.no)
            log.append(Revision(unit.case, unit.unit, unit.field, None, unit.majority,
                                reason(agreeing, unit.labelled, majority), author, time))
    for decision in decisions:
        old = current.get(decision.key)
        new = decision.gold if decision.gold is not None else settled.get(decision.key)
        current[decision.key] = new
        log.append(Revision(decision.case, decision.unit, decision.field, old, new, decision.reason,
                            decision.author, decision.time))
    material = material_of(room)
    return material.with_revisions(material.with_labels(room, current), log)


# ---------------------------------------------------------------- each participant's agreement with the gold


@dataclass(frozen=True)
class GoldAgreement:
    """One participant's agreement with the gold, over the labels that have a gold and that they gave.

    ``share`` is the proportion agreed (Wilson interval; N/A with no such label). ``kappa`` is Cohen's kappa of
    the participant against the gold, ``low``..``high`` its asymptotic interval; ``None`` with a ``note`` (a code
    of :data:`GOLD_NOTES`) when it is undefined or withheld; ``needed`` is how many more labels compared with the
    gold bring the interval (with note ``too_few_units``; ``None`` otherwise).
    """

    participant: str
    share: Proportion
    kappa: float | None
    low: float | None
    high: float | None
    note: str | None
    needed: int | None = None

    @property
    def units(self) -> int:
        return self.share.total

    def to_dict(self) -> dict[str, Any]:
        return {"participant": self.participant, "share": self.share.to_dict(), "kappa": self.kappa,
                "low": self.low, "high": self.high, "note": self.note, "needed": self.needed,
                "note_text": None if self.note is None else GOLD_NOTES[self.note].format(
                    minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, needed=self.needed)}


def _check_min_units(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 2:
        raise expected_at_least("whole_number", 2, repr(value), "min_units")
    return int(value)


def gold_agreement(labels: ClassLabels, decisions: Sequence[Decision] = (), confidence: float = DEFAULT_CONFIDENCE,
                   min_units: int = MIN_UNITS_FOR_KAPPA_INTERVAL,
                   majority: float | None = None) -> tuple[GoldAgreement, ...]:
    """Each participant's agreement with the gold (:class:`GoldAgreement`), in the class view's order."""
    confidence = check_confidence(confidence)
    min_units = _check_min_units(min_units)
    gold = [value for value, _ in gold_labels(labels, decisions, majority)]
    result = []
    for alias, given in zip(labels.participants, labels.labels, strict=True):
        pairs = [(mine, theirs) for mine, theirs in zip(given, gold, strict=True)
                 if mine is not None and theirs is not None]
        # The interval from ``min_units`` labels (by default where it holds: uncase_core/agreement/pairs.py), said
        # with this module's own note.
        found = cohen_kappa([mine for mine, _ in pairs], [theirs for _, theirs in pairs], confidence, interval_from=0)
        low, high, note, needed = found.low, found.high, found.note, None
        if note is None and found.units < min_units:
            low = high = None
            note, needed = NOTE_TOO_FEW_UNITS, min_units - found.units
        result.append(GoldAgreement(alias, found.agreement_interval, found.kappa, low, high, note, needed))
    return tuple(result)


@dataclass(frozen=True)
class GoldSpread:
    """The class's agreement with the gold as a distribution, without names: what the room is shown.

    ``shares`` and ``kappas`` are the participants' values, sorted (only those defined); ``not_applicable``
    counts participants with no label compared with the gold. The quartiles are NumPy's linear-interpolation
    ones (min, lower quartile, median, upper quartile, max), ``None`` with no values.
    """

    shares: tuple[float, ...]
    kappas: tuple[float, ...]
    not_applicable: int
    share_quartiles: tuple[float, float, float, float, float] | None
    kappa_quartiles: tuple[float, float, float, float, float] | None

    def to_dict(self) -> dict[str, Any]:
        return {"shares": list(self.shares), "kappas": list(self.kappas), "not_applicable": self.not_applicable,
                "share_quartiles": None if self.share_quartiles is None else list(self.share_quartiles),
                "kappa_quartiles": None if self.kappa_quartiles is None else list(self.kappa_quartiles)}


def _quartiles(values: Sequence[float]) -> tuple[float, float, float, float, float] | None:
    if not values:
        return None
    low, lower, median, upper, high = (float(v) for v in np.percentile(values, [0, 25, 50, 75, 100]))
    return (low, lower, median, upper, high)


def gold_spread(agreements: Sequence[GoldAgreement]) -> GoldSpread:
    shares = tuple(sorted(a.share.value for a in agreements if a.share.value is not None))
    kappas = tuple(sorted(a.kappa for a in agreements if a.kappa is not None))
    missing_count = sum(1 for a in agreements if a.share.value is None)
    return GoldSpread(shares, kappas, missing_count, _quartiles(shares), _quartiles(kappas))


# ---------------------------------------------------------------- everything at once, for a page


@dataclass(frozen=True)
class Adjudication:
    """The room's adjudication now: the queue, the gold of every label, each participant's agreement, the spread."""

    decisions: tuple[Decision, ...]
    queue: tuple[QueuedUnit, ...]
    gold: tuple[tuple[bool | None, str], ...]  # aligned with the class view's units
    agreement: tuple[GoldAgreement, ...]
    spread: GoldSpread
    majority: float | None = None  # the facilitator's majority rule it was computed with

    @property
    def by_majority(self) -> int:
        return sum(1 for _, source in self.gold if source == "majority")

    @property
    def decided(self) -> int:
        return sum(1 for _, source in self.gold if source == "decided")

    @property
    def settled(self) -> int:
        return sum(1 for _, source in self.gold if source == "class")

    @property
    def undecided(self) -> int:
        return sum(1 for _, source in self.gold if source == "none")

    def of(self, participant: str) -> GoldAgreement | None:
        return next((a for a in self.agreement if a.participant == participant), None)


def adjudicate(room: Any, labels: ClassLabels, records: Iterable[object],
               confidence: float = DEFAULT_CONFIDENCE, min_units: int = MIN_UNITS_FOR_KAPPA_INTERVAL,
               majority: float | None = None) -> Adjudication:
    """Read the decision records (:func:`read_decisions`) and compute everything the pages show; ``majority``: the
    facilitator's rule (:func:`settled_by_majority`), None for a unanimous class only."""
    majority = check_majority(majority)
    decisions = read_decisions(room, records)
    agreement = gold_agreement(labels, decisions, confidence, min_units, majority)
    return Adjudication(decisions, adjudication_queue(labels, decisions, majority),
                        gold_labels(labels, decisions, majority), agreement, gold_spread(agreement), majority)
