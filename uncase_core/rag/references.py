"""A dataset's labels read as a room's answer key: one entry per unit with the reference labels it carries, and the
units where one is missing. A room takes its cases' labels as its reference; a gap there is a unit the class will be
compared with nothing on, so the teacher sees the gaps (and the whole key, unit by unit) before opening the room."""

from __future__ import annotations

from dataclasses import dataclass

from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, Label, RagDataset


@dataclass(frozen=True)
class KeyUnit:
    """One unit of the key: where it is, its text, and each label its kind carries (``None`` = missing)."""

    case_id: str
    kind: str  # "passages", "claims" or "reference_facts"
    unit_id: str
    text: str
    labels: tuple[tuple[str, Label], ...]  # (label name, reference value) in the dimensions' order

    @property
    def missing(self) -> tuple[str, ...]:
        """The label names this unit has no reference for."""
        return tuple(name for name, value in self.labels if value is None)


def answer_key(dataset: RagDataset) -> tuple[KeyUnit, ...]:
    """Every unit of ``dataset`` in file order (case by case; passages, claims, reference facts), with its labels."""
    return tuple(KeyUnit(case.id, kind, unit.id, unit.text,
                         tuple((name, unit.label(name)) for name in LABEL_FIELDS[kind]))
                 for case in dataset.cases for kind in UNIT_KINDS for unit in case.units(kind))


def key_gaps(dataset: RagDataset) -> tuple[KeyUnit, ...]:
    """The units of ``dataset`` missing at least one reference label, in the key's order."""
    return tuple(unit for unit in answer_key(dataset) if unit.missing)
