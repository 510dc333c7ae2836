"""The judge page's edit records: hand labels and skipped units, and the answers they add up to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from uncase_core.errors import (
    expected_value,
)
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.edits import apply_rag_edit, rag_unit
from uncase_core.shared.edits import Edit, edit_op, edit_value


def judge_record(dataset: RagDataset, op: str, case: int, kind: str, unit: int, field: str,
                 value: bool | None) -> dict[str, Any]:
    """A ``"label"`` (value true, false or null) or ``"skip"`` (value true or false) record for one unit."""
    units = dataset.cases[case].units(kind)
    edit = {"op": op, "case": case, "case_id": dataset.cases[case].id, "kind": kind, "unit": unit,
            "unit_id": units[unit].id, "field": field, "value": value}
    apply_judge_edit(dataset, edit)
    return edit


def apply_judge_edit(dataset: RagDataset, edit: Edit) -> RagDataset:
    """A hand label (as :func:`apply_rag_edit`) or a skip, which names a unit that must exist and changes nothing."""
    if edit_op(edit, ("label", "skip")) == "label":
        return apply_rag_edit(dataset, edit)
    rag_unit(dataset, edit)
    skipped = edit_value(edit, "value")
    if not isinstance(skipped, bool):
        raise expected_value("true_false", repr(skipped), "value")
    return dataset


@dataclass(frozen=True)
class JudgeAnswer:
    """One answer still in effect on the judge page: a hand label given, or a unit skipped."""

    op: str  # "label" or "skip"
    case: int
    case_id: str
    kind: str
    unit: int
    unit_id: str
    field: str
    value: bool | None  # the label given (op "label"); True for a skip

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.case_id, self.kind, self.unit_id, self.field

    def undo_record(self) -> dict[str, Any]:
        """The record that takes this answer back: the label cleared, or the skip withdrawn."""
        return {"op": self.op, "case": self.case, "case_id": self.case_id, "kind": self.kind, "unit": self.unit,
                "unit_id": self.unit_id, "field": self.field, "value": None if self.op == "label" else False}


def judge_answers(records: Sequence[Edit]) -> tuple[JudgeAnswer, ...]:
    """The answers still in effect after ``records`` (a workspace's judge-page edits, in order), oldest first.

    A label or a skip is added at the end (replacing an earlier answer of the same kind on that unit); a
    cleared label or a withdrawn skip removes it. So the last element is what an "undo" takes back, and
    undoing again reaches the answer before it.
    """
    # One entry per (unit, kind of answer), in the order given: a dict keeps insertion order, and deleting and
    # re-inserting a key moves it to the end, so the whole replay is one pass.
    answers: dict[tuple[tuple[str, str, str, str], str], JudgeAnswer] = {}
    for edit in records:
        op = edit.get("op")
        if op not in ("label", "skip"):
            continue
        answer = JudgeAnswer(op, edit["case"], edit["case_id"], edit["kind"], edit["unit"], edit["unit_id"],
                             edit["field"], edit.get("value"))
        slot = (answer.key, op)
        answers.pop(slot, None)
        if not (answer.value is None if op == "label" else answer.value is False):  # not a taken-back answer
            answers[slot] = answer
    return tuple(answers.values())


def judge_skips(records: Sequence[Edit]) -> frozenset[tuple[str, str, str, str]]:
    """``(case id, kind, unit id, field)`` of every unit skipped and not taken back."""
    return frozenset(answer.key for answer in judge_answers(records) if answer.op == "skip")


# ---------------------------------------------------------------- the dataset workbench
