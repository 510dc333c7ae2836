"""The dataset workbench's edit records: logged revisions, split assignments and the held-out set's reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from uncase_core.datasets.workbench import apply_label_change, with_splits
from uncase_core.errors import (
    input_error,
)
from uncase_core.rag.cases import RagDataset
from uncase_core.shared.edits import PROBLEMS, Edit, _get, _label, _op, _text


def workbench_revision(dataset: RagDataset, case_id: str, kind: str, unit_id: str, field: str,
                       value: bool | None, reason: str, author: str, time: str) -> dict[str, Any]:
    """The record for a logged label change (checked by applying it)."""
    edit = {"op": "revision", "case_id": case_id, "kind": kind, "unit_id": unit_id, "field": field, "value": value,
            "reason": reason, "author": author, "time": time}
    apply_workbench_edit(dataset, edit)
    return edit


def apply_workbench_edit(dataset: RagDataset, edit: Edit) -> RagDataset:
    op = _op(edit, ("revision", "splits", "reveal"))
    if op == "reveal":
        return dataset
    if op == "splits":
        assignment = _get(edit, "assignment")
        if not isinstance(assignment, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in assignment.items()):
            raise input_error(PROBLEMS, "expected_split_assignment", "assignment")
        return with_splits(dataset, assignment)
    return apply_label_change(dataset, _text(edit, "case_id"), _text(edit, "kind"), _text(edit, "unit_id"),
                              _text(edit, "field"), _label(edit), _text(edit, "reason"), _text(edit, "author"),
                              _text(edit, "time"))


def reveals(edits: Sequence[Edit]) -> int:
    """How many times the held-out set was looked at since the dataset was loaded."""
    return sum(1 for edit in edits if edit.get("op") == "reveal")


# ---------------------------------------------------------------- conversations
