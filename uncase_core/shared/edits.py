"""What a person changes in loaded data, as small JSON records, and how each record is applied.

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
  "unit_id", "field", "value"}``;
* the annotator agreement page (``apply_agreement_edit``): the RAG ``"label"`` record with
  ``"annotator": "a" | "b"``, applied to that annotator's dataset of the pair ``(A, B)``;
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
  "data": ...}`` (a pasted judgement block, in document 002's JSON shape).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core.conversations.claims import check_claims
from uncase_core.conversations.coherence import check_turns
from uncase_core.conversations.model import Conversation, TurnLabel
from uncase_core.datasets.workbench import apply_label_change, with_splits
from uncase_core.errors import (
    InputError,
    expected_one_of,
    expected_value,
    input_error,
    missing,
    problem,
    term,
    unknown_choice,
)
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset
from uncase_core.summaries.evaluation import SummaryCase, case_from_dict, case_to_dict

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


def _get(edit: Edit, key: str) -> Any:
    if key not in edit:
        raise missing(key)
    return edit[key]


def _index(edit: Edit, key: str, count: int, what: str) -> int:
    """The position under ``key``, checked against ``count`` items (``what``: a code of :data:`TERMS`)."""
    value = _get(edit, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected_value("position", repr(value), key)
    if not 0 <= value < count:
        raise input_error(PROBLEMS, "no_item_at_position", key, what=term(what, TERMS), position=value, count=count)
    return value


def _text(edit: Edit, key: str) -> str:
    value = _get(edit, key)
    if not isinstance(value, str):
        raise expected_value("text", repr(value), key)
    return value


def _label(edit: Edit, key: str = "value") -> bool | None:
    value = _get(edit, key)
    if value is not None and not isinstance(value, bool):
        raise expected_value("true_false_null", repr(value), key)
    return value


def _same_id(edit: Edit, key: str, actual: str) -> None:
    recorded = _text(edit, key)
    if recorded != actual:
        raise input_error(PROBLEMS, "record_for_another_id", key, recorded=repr(recorded), actual=repr(actual))


def _op(edit: object, known: Sequence[str]) -> str:
    if not isinstance(edit, Mapping):
        raise input_error(PROBLEMS, "expected_json_object")
    op = edit.get("op")
    if op not in known:
        raise input_error(PROBLEMS, "unknown_edit", "op", got=repr(op), choices=", ".join(known))
    return op


# ---------------------------------------------------------------- RAG cases


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


def agreement_label(pair: Sequence[RagDataset], annotator: str, case: int, kind: str, unit: int, field: str,
                    value: bool | None) -> dict[str, Any]:
    """The record for setting one label of one annotator (``"a"`` or ``"b"``) in the pair ``(A, B)``.

    ``case`` and ``unit`` are positions in that annotator's dataset; the record is checked by applying it.
    """
    if annotator not in ANNOTATORS:
        raise expected_value("annotator", repr(annotator), "annotator")
    label = rag_label(pair[ANNOTATORS.index(annotator)], case, kind, unit, field, value)
    edit = {"op": "label", "annotator": annotator, **label}  # the label's own "op" is the same
    apply_agreement_edit(tuple(pair), edit)
    return edit


def apply_agreement_edit(pair: tuple[RagDataset, RagDataset], edit: Edit) -> tuple[RagDataset, RagDataset]:
    """One label of one annotator, as :func:`apply_rag_edit` sets it in a dataset; the other is untouched."""
    _op(edit, ("label",))
    annotator = _get(edit, "annotator")
    if annotator not in ANNOTATORS:
        raise expected_value("annotator", repr(annotator), "annotator")
    side = ANNOTATORS.index(annotator)
    changed = list(pair)
    changed[side] = apply_rag_edit(pair[side], edit)
    return changed[0], changed[1]


# ---------------------------------------------------------------- the judge page


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
    if _op(edit, ("label", "skip")) == "label":
        return apply_rag_edit(dataset, edit)
    _rag_unit(dataset, edit)
    skipped = _get(edit, "value")
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


def conversation_claim(conversations: Sequence[Conversation], index: int, claim: int, value: bool | None
                       ) -> dict[str, Any]:
    edit = {"op": "claim", "conversation": index, "conversation_id": conversations[index].id, "claim": claim,
            "value": value}
    apply_conversation_edit(tuple(conversations), edit)
    return edit


def conversation_turn(conversations: Sequence[Conversation], index: int, turn: int, value: bool | None
                      ) -> dict[str, Any]:
    edit = {"op": "turn", "conversation": index, "conversation_id": conversations[index].id, "turn": turn,
            "value": value}
    apply_conversation_edit(tuple(conversations), edit)
    return edit


def apply_conversation_edit(conversations: tuple[Conversation, ...], edit: Edit) -> tuple[Conversation, ...]:
    """Label one claim (verified) or one turn (coherent).

    The first label a person sets turns the pre-labels the page showed (claims extracted and
    checked against the knowledge base, turns judged by the coherence rules) into the
    conversation's own labels, as the page shows them, with the one changed.
    """
    op = _op(edit, ("claim", "turn"))
    index = _index(edit, "conversation", len(conversations), "conversation")
    conversation = conversations[index]
    _same_id(edit, "conversation_id", conversation.id)
    value = _label(edit)
    if op == "claim":
        claims = [check.claim for check in check_claims(conversation)]
        position = _index(edit, "claim", len(claims), "claim")
        claims[position] = replace(claims[position], verified=value)
        updated = replace(conversation, claims=tuple(claims))
    else:
        given = {label.turn: label for label in conversation.turn_labels}
        labels = []
        for check in check_turns(conversation):
            label = given.get(check.turn) or TurnLabel(check.turn, check.coherent,
                                                       check.flags[0].rule if check.flags else None)
            labels.append(label)
        position = _index(edit, "turn", len(labels), "turn")
        labels[position] = replace(labels[position], coherent=value)
        updated = replace(conversation, turn_labels=tuple(labels))
    changed = list(conversations)
    changed[index] = updated
    return tuple(changed)


# ---------------------------------------------------------------- summaries


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
