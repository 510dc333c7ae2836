"""What a person changes in loaded data, as small JSON records: their grammar and the checks every record passes.

A page keeps the data it loaded (a scenario or an upload) as it was, and every change the
person makes after that as one record: one label, one logged revision, one pasted
judgement block. Replaying the records in order on the loaded data gives the data as the
person left it. Records are plain JSON objects, so they can be stored one at a time and
two tabs editing different labels never overwrite each other's work.

Every record names what it changes both by position and by id (``"case": 2, "case_id":
"refund-01"``), so a record that no longer fits its data (a hand-edited row, data replaced
underneath it) is refused with an :class:`~uncase_core.errors.InputError` naming the
place, instead of changing the wrong unit.

Records by page:

* RAG cases (``apply_rag_edit``): ``{"op": "label", "case", "case_id", "kind", "unit",
  "unit_id", "field", "value"}``, and the case editor's text records (``new_case``, ``case_text``,
  ``unit_text``, ``add_unit``, ``remove_unit``, ``move_unit``, ``split_unit``, ``merge_units``,
  ``metadata``, ``case_id``; :mod:`uncase_core.rag.edits` has their fields);
* the annotator agreement page (``apply_agreement_edit``): the RAG ``"label"`` record with
  ``"annotator": "a" | "b"``, applied to that annotator's dataset of the pair ``(A, B)``;
* the compare page (``apply_system_edit``): the same ``"label"`` record with ``"system": "a" | "b"``,
  applied to that system's dataset of the pair ``(A, B)``;
* the judge page (``apply_judge_edit``): the same ``"label"`` record, and ``{"op": "skip",
  "case", "case_id", "kind", "unit", "unit_id", "field", "value"}`` with ``value`` true (the
  person skipped the unit when it was offered) or false (that skip taken back); a skip changes
  no data, :func:`judge_answers` reads them back from the records;
* the dataset workbench (``apply_workbench_edit``): ``{"op": "revision", "case_id", "kind",
  "unit_id", "field", "value", "reason", "author", "time"}`` (the change is logged in the
  dataset's revision log), ``{"op": "splits", "assignment": {case id: split}}`` and
  ``{"op": "reveal"}`` (the held-out set was looked at; it changes no data);
* conversations (``apply_conversation_edit``): ``{"op": "claim", "conversation",
  "conversation_id", "claim", "value"}`` and ``{"op": "turn", "conversation",
  "conversation_id", "turn", "value"}``;
* summaries (``apply_summary_edit``): ``{"op": "accuracy" | "rubric", "case", "case_id",
  "index", "value"}``, ``{"op": "completeness", "case", "case_id", "question", "item",
  "value"}``, ``{"op": "section", "case", "case_id", "index", "kind", "categorical"}`` and
  ``{"op": "block", "case", "case_id", "block": "accuracy" | "adherence" | "completeness",
  "data": ...}`` (a pasted judgement block, in document 002's JSON shape), and the case editor's text records
  for summary cases (``new_case``, ``unit_field``, ``add_unit``, ``remove_unit``, ``move_unit``, ``split_points``,
  ``metadata``, ``case_id``; :mod:`uncase_core.summaries.edits` has their fields).

Each domain applies its own records: :mod:`uncase_core.rag.edits`, :mod:`uncase_core.agreement.edits`,
:mod:`uncase_core.compare.edits`, :mod:`uncase_core.judge.edits`,
:mod:`uncase_core.datasets.edits`, :mod:`uncase_core.conversations.edits`,
:mod:`uncase_core.summaries.edits`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    expected_value,
    input_error,
    missing,
    term,
)

Edit = Mapping[str, Any]
SUMMARY_BLOCKS = ("accuracy", "adherence", "completeness")
SECTION_KINDS = ("custom", "predefined")

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "no_item_at_position": "there is no {what} at position {position} (there are {count})",
    "record_for_another_id": "the record is for {recorded} but that position holds {actual}",
    "expected_json_object": "expected a JSON object",
    "unknown_edit": "unknown edit {got}; expected one of {choices}",
    "expected_split_assignment": "expected an object of case id -> split name",
})
# What an edit's position points at (terms the no_item_at_position error quotes).
TERMS: Mapping[str, str] = MappingProxyType({
    "case": "case",
    "passages": "passages unit",
    "claims": "claims unit",
    "reference_facts": "reference_facts unit",
    "conversation": "conversation",
    "claim": "claim",
    "turn": "turn",
    "accuracy_point": "accuracy point",
    "rubric": "rubric",
    "completeness_question": "completeness question",
    "content_item": "content item",
    "section": "section",
})


# ---------------------------------------------------------------- checking a record


def edit_value(edit: Edit, key: str) -> Any:
    """The value a record holds under ``key``; a record without it is refused, naming the key."""
    if key not in edit:
        raise missing(key)
    return edit[key]


def edit_position(edit: Edit, key: str, count: int, what: str) -> int:
    """The position under ``key``, checked against ``count`` items (``what``: a code of :data:`TERMS`)."""
    value = edit_value(edit, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected_value("position", repr(value), key)
    if not 0 <= value < count:
        raise input_error(PROBLEMS, "no_item_at_position", key, what=term(what, TERMS), position=value, count=count)
    return value


def edit_text(edit: Edit, key: str) -> str:
    """The text under ``key``; anything else is refused, naming the key."""
    value = edit_value(edit, key)
    if not isinstance(value, str):
        raise expected_value("text", repr(value), key)
    return value


def edit_label(edit: Edit, key: str = "value") -> bool | None:
    """The label under ``key``: true, false or null (cleared); anything else is refused, naming the key."""
    value = edit_value(edit, key)
    if value is not None and not isinstance(value, bool):
        raise expected_value("true_false_null", repr(value), key)
    return value


def check_edit_id(edit: Edit, key: str, actual: str) -> None:
    """Refuse a record whose id under ``key`` is not ``actual``: it was made for another item than the one at its
    position (the data changed meanwhile), and is never applied to this one."""
    recorded = edit_text(edit, key)
    if recorded != actual:
        raise input_error(PROBLEMS, "record_for_another_id", key, recorded=repr(recorded), actual=repr(actual))


def edit_op(edit: object, known: Sequence[str]) -> str:
    """The record's ``op``, one of ``known``; a record that is no JSON object or names another op is refused."""
    if not isinstance(edit, Mapping):
        raise input_error(PROBLEMS, "expected_json_object")
    op = edit.get("op")
    if op not in known:
        raise input_error(PROBLEMS, "unknown_edit", "op", got=repr(op), choices=", ".join(known))
    return op


# ---------------------------------------------------------------- RAG cases
