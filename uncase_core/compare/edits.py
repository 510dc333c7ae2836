"""The compare page's edit records: one label of system A's or system B's cases in the pair ``(A, B)``.

A record is the RAG ``"label"`` record (:func:`uncase_core.rag.edits.rag_label`) with ``"system": "a" | "b"``;
its ``case`` and ``unit`` are positions in that system's dataset, and its ``case_id`` and ``unit_id`` are checked
against them when it is applied, as for every record (:mod:`uncase_core.shared.edits`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uncase_core.errors import expected_one_of
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.edits import apply_rag_edit, rag_label
from uncase_core.shared.edits import Edit, edit_op, edit_value

SYSTEMS = ("a", "b")  # the positions of the pair (A, B), as the records name them


def _side(system: object) -> int:
    if system not in SYSTEMS:
        raise expected_one_of(SYSTEMS, repr(system), "system")
    return SYSTEMS.index(system)  # type: ignore[arg-type]


def system_label(pair: Sequence[RagDataset], system: str, case: int, kind: str, unit: int, field: str,
                 value: bool | None) -> dict[str, Any]:
    """The record for setting one label of system ``"a"`` or ``"b"`` in the pair ``(A, B)`` (checked by applying
    it); ``case`` and ``unit`` are positions in that system's dataset."""
    label = rag_label(pair[_side(system)], case, kind, unit, field, value)
    edit = {"op": "label", "system": system, **label}  # the label's own "op" is the same
    apply_system_edit((pair[0], pair[1]), edit)
    return edit


def apply_system_edit(pair: tuple[RagDataset, RagDataset], edit: Edit) -> tuple[RagDataset, RagDataset]:
    """One label of one system, as :func:`apply_rag_edit` sets it in a dataset; the other system is untouched."""
    edit_op(edit, ("label",))
    side = _side(edit_value(edit, "system"))
    changed = list(pair)
    changed[side] = apply_rag_edit(pair[side], edit)
    return changed[0], changed[1]
