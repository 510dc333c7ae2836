"""The summary page's edit records: a label of an accuracy point, rubric or completeness item, or a pasted block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from uncase_core.errors import (
    InputError,
    expected_one_of,
    expected_value,
)
from uncase_core.shared.edits import SECTION_KINDS, SUMMARY_BLOCKS, Edit, _get, _index, _label, _op, _same_id, _text
from uncase_core.summaries.evaluation import SummaryCase, case_from_dict, case_to_dict


def summary_edit(cases: Sequence[SummaryCase], op: str, case: int, **fields: Any) -> dict[str, Any]:
    edit = {"op": op, "case": case, "case_id": cases[case].id, **fields}
    apply_summary_edit(tuple(cases), edit)
    return edit


def apply_summary_edit(cases: tuple[SummaryCase, ...], edit: Edit) -> tuple[SummaryCase, ...]:
    op = _op(edit, ("accuracy", "rubric", "completeness", "section", "block"))
    index = _index(edit, "case", len(cases), "case")
    case = cases[index]
    _same_id(edit, "case_id", case.id)
    if op == "accuracy":
        points = list(case.accuracy)
        position = _index(edit, "index", len(points), "accuracy_point")
        points[position] = replace(points[position], is_accurate=_label(edit))
        updated = replace(case, accuracy=tuple(points))
    elif op == "rubric":
        rubrics = list(case.rubrics)
        position = _index(edit, "index", len(rubrics), "rubric")
        rubrics[position] = replace(rubrics[position], is_addressed=_label(edit))
        updated = replace(case, rubrics=tuple(rubrics))
    elif op == "completeness":
        questions = list(case.completeness)
        q = _index(edit, "question", len(questions), "completeness_question")
        items = list(questions[q].content_list)
        i = _index(edit, "item", len(items), "content_item")
        items[i] = replace(items[i], is_covered=_label(edit))
        questions[q] = replace(questions[q], content_list=tuple(items))
        updated = replace(case, completeness=tuple(questions))
    elif op == "section":
        sections = list(case.sections)
        position = _index(edit, "index", len(sections), "section")
        kind = _text(edit, "kind")
        if kind not in SECTION_KINDS:
            raise expected_one_of(SECTION_KINDS, repr(kind), "kind")
        categorical = _get(edit, "categorical")
        if not isinstance(categorical, bool):
            raise expected_value("true_false", repr(categorical), "categorical")
        sections[position] = replace(sections[position], kind=kind, categorical=categorical)
        updated = replace(case, sections=tuple(sections))
    else:
        block = _text(edit, "block")
        if block not in SUMMARY_BLOCKS:
            raise expected_one_of(SUMMARY_BLOCKS, repr(block), "block")
        data = case_to_dict(case)
        data[block] = _get(edit, "data")
        try:
            updated = replace(case_from_dict(data), notes=case.notes)
        except InputError as error:
            raise error.nested("data") from None
    changed = list(cases)
    changed[index] = updated
    return tuple(changed)
