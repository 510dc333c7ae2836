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
from uncase_core.shared.edits import PROBLEMS, Edit, edit_label, edit_op, edit_text, edit_value


def workbench_revision(dataset: RagDataset, case_id: str, kind: str, unit_id: str, field: str,
                       value: bool | None, reason: str, author: str, time: str) -> dict[str, Any]:
    """The record for a logged label change (checked by applying it)."""
    edit = {"op": "revision", "case_id": case_id, "kind": kind, "unit_id": unit_id, "field": field, "value": value,
            "reason": reason, "author": author, "time": time}
    apply_workbench_edit(dataset, edit)
    return edit


def apply_workbench_edit(dataset: RagDataset, edit: Edit) -> RagDataset:
    op = edit_op(edit, ("revision", "splits", "reveal"))
    if op == "reveal":
        return dataset
    if op == "splits":
        assignment = edit_value(edit, "assignment")
        if not isinstance(assignment, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in assignment.items()):
            raise input_error(PROBLEMS, "expected_split_assignment", "assignment")
        return with_splits(dataset, assignment)
    return apply_label_change(dataset, edit_text(edit, "case_id"), edit_text(edit, "kind"),
                              edit_text(edit, "unit_id"), edit_text(edit, "field"), edit_label(edit),
                              edit_text(edit, "reason"), edit_text(edit, "author"), edit_text(edit, "time"))


def reveals(edits: Sequence[Edit]) -> int:
    """How many times the held-out set was looked at since the dataset was loaded."""
    return sum(1 for edit in edits if edit.get("op") == "reveal")


# ---------------------------------------------------------------- conversations
