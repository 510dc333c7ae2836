"""A person's label changes on RAG cases, as edit records (:mod:`uncase_core.shared.edits` has the grammar).
"""

from __future__ import annotations

from typing import Any

from uncase_core.errors import (
    problem,
    unknown_choice,
)
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset
from uncase_core.shared.edits import Edit, _index, _label, _op, _same_id, _text


def rag_label(dataset: RagDataset, case: int, kind: str, unit: int, field: str, value: bool | None) -> dict[str, Any]:
    """The record for setting one label of one unit (checked by applying it)."""
    units = dataset.cases[case].units(kind)
    edit = {"op": "label", "case": case, "case_id": dataset.cases[case].id, "kind": kind, "unit": unit,
            "unit_id": units[unit].id, "field": field, "value": value}
    apply_rag_edit(dataset, edit)
    return edit


def _rag_unit(dataset: RagDataset, edit: Edit) -> tuple[int, str, list[Any], int, str]:
    """``(case position, kind, the case's units of that kind, unit position, label field)`` the record names."""
    case_index = _index(edit, "case", len(dataset.cases), "case")
    case = dataset.cases[case_index]
    _same_id(edit, "case_id", case.id)
    kind = _text(edit, "kind")
    if kind not in UNIT_KINDS:
        raise unknown_choice("unit_kind", repr(kind), UNIT_KINDS, "kind")
    units = list(case.units(kind))
    position = _index(edit, "unit", len(units), kind)
    _same_id(edit, "unit_id", units[position].id)
    field = _text(edit, "field")
    if field not in LABEL_FIELDS[kind]:
        raise problem("no_such_label", "field", kind=kind, got=repr(field), choices=", ".join(LABEL_FIELDS[kind]))
    return case_index, kind, units, position, field


def apply_rag_edit(dataset: RagDataset, edit: Edit) -> RagDataset:
    _op(edit, ("label",))
    case_index, kind, units, position, field = _rag_unit(dataset, edit)
    case = dataset.cases[case_index]
    value = _label(edit)
    if units[position].label(field) == value:
        return dataset
    units[position] = units[position].with_label(field, value)
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


# ---------------------------------------------------------------- the agreement page: two annotators' labels

ANNOTATORS = ("a", "b")  # the positions of the pair (A, B), as the records name them
