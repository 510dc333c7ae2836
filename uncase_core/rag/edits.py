"""A person's changes to RAG cases, as edit records (:mod:`uncase_core.shared.edits` has the grammar).

Label records (``"op": "label"``, :func:`rag_label`) set one label of one unit. Text records write and rewrite
cases in the app (the case editor), all applied by :func:`apply_rag_edit`, each naming its case by position and id
(``"case": 2, "case_id": "refund-01"``) and its unit by position and id (``"unit"``, ``"unit_id"``):

* ``{"op": "new_case", "id", "question", "passages": [text, ...], "answer", "reference", "metadata"}``: a case
  appended to the dataset, its claims the answer's sentences and its facts the reference's
  (:func:`~uncase_core.shared.sentences.split_sentences`), every label null; the reference text is kept in the
  case's ``"reference"`` key;
* ``{"op": "case_text", "case", "case_id", "field": "question" | "answer" | "reference", "value", "split"}``:
  with ``"split": true`` the claims (answer) or facts (reference) are split again from the new text; a unit whose
  text is still there keeps its id and labels;
* ``{"op": "unit_text", "case", "case_id", "kind", "unit", "unit_id", "value"}``;
* ``{"op": "add_unit", "case", "case_id", "kind", "position", "new_id", "value"}``,
  ``{"op": "remove_unit", ... "kind", "unit", "unit_id"}``, ``{"op": "move_unit", ... "unit", "unit_id", "to"}``;
* ``{"op": "split_unit", ... "unit", "unit_id", "at", "new_id"}`` (the text cut at character ``at``: the first part
  stays, the rest is a new unit right after) and ``{"op": "merge_units", ... "unit", "unit_id", "next_id"}`` (the
  unit and the one after it become one; claims and facts only);
* ``{"op": "metadata", "case", "case_id", "key", "value"}`` (``value`` null removes the key) and
  ``{"op": "case_id", "case", "case_id", "value"}``.

A text change of a unit that has a label clears that unit's labels (and any judge verdict), and a split or a
merge clears the labels of the units involved: never silently, as each record made by this module's functions
lists what it cleared under ``"cleared"`` (``[{"kind", "unit_id", "fields"}]``), which a page shows. Replaying a
record gives the same result whatever ``"cleared"`` says (it is a report, not an instruction).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    expected_one_of,
    expected_value,
    input_error,
    problem,
    unknown_choice,
)
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, Unit
from uncase_core.shared.edits import Edit, check_edit_id, edit_label, edit_op, edit_position, edit_text, edit_value
from uncase_core.shared.sentences import split_sentences

MAX_TEXT_BYTES = 200_000  # one text (a question, a passage, an answer, a claim...), in UTF-8 bytes
CASE_TEXTS = ("question", "answer", "reference")
REFERENCE_KEY = "reference"  # the reference answer's text, kept in the case's own keys (RagCase.extra)
METADATA_KEYS = ("language", "domain", "split", "source")
UNIT_PREFIXES: Mapping[str, str] = MappingProxyType({"passages": "p", "claims": "c", "reference_facts": "f"})
SPLIT_OF = MappingProxyType({"answer": "claims", "reference": "reference_facts"})  # the units a text splits into
JOINABLE = ("claims", "reference_facts")  # the kinds a unit can be split or merged in
TEXT_OPS = ("new_case", "case_text", "unit_text", "add_unit", "remove_unit", "move_unit", "split_unit",
            "merge_units", "metadata", "case_id")
OPS = ("label", *TEXT_OPS)

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "text_too_long": "the text is {size:,} bytes, more than the {limit:,} bytes a text may hold",
    "split_outside_text": "cannot split at {at}: split between 1 and {last} (the text has {length} characters)",
    "nothing_to_merge_with": "there is no unit after {id} to merge it with",
    "only_claims_and_facts_split": "only claims and reference facts are split and merged, not {kind}",
    "metadata_key_empty": "the metadata key must not be empty",
    "unit_id_taken": 'the {kind} already have a unit with id "{id}"',
})


# ---------------------------------------------------------------- label records


def rag_label(dataset: RagDataset, case: int, kind: str, unit: int, field: str, value: bool | None) -> dict[str, Any]:
    """The record for setting one label of one unit (checked by applying it)."""
    units = dataset.cases[case].units(kind)
    edit = {"op": "label", "case": case, "case_id": dataset.cases[case].id, "kind": kind, "unit": unit,
            "unit_id": units[unit].id, "field": field, "value": value}
    apply_rag_edit(dataset, edit)
    return edit


def _rag_case(dataset: RagDataset, edit: Edit) -> int:
    case_index = edit_position(edit, "case", len(dataset.cases), "case")
    check_edit_id(edit, "case_id", dataset.cases[case_index].id)
    return case_index


def _kind(edit: Edit) -> str:
    kind = edit_text(edit, "kind")
    if kind not in UNIT_KINDS:
        raise unknown_choice("unit_kind", repr(kind), UNIT_KINDS, "kind")
    return kind


def rag_unit(dataset: RagDataset, edit: Edit) -> tuple[int, str, list[Any], int, str]:
    """``(case position, kind, the case's units of that kind, unit position, label field)`` the record names."""
    case_index = _rag_case(dataset, edit)
    case = dataset.cases[case_index]
    kind = _kind(edit)
    units = list(case.units(kind))
    position = edit_position(edit, "unit", len(units), kind)
    check_edit_id(edit, "unit_id", units[position].id)
    field = edit_text(edit, "field")
    if field not in LABEL_FIELDS[kind]:
        raise problem("no_such_label", "field", kind=kind, got=repr(field), choices=", ".join(LABEL_FIELDS[kind]))
    return case_index, kind, units, position, field


def apply_rag_edit(dataset: RagDataset, edit: Edit) -> RagDataset:
    """``dataset`` with one record applied: a label (``"op": "label"``) or a text record (the module docstring)."""
    op = edit_op(edit, OPS)
    if op != "label":
        return _TEXT_APPLY[op](dataset, edit)
    case_index, kind, units, position, field = rag_unit(dataset, edit)
    case = dataset.cases[case_index]
    value = edit_label(edit)
    if units[position].label(field) == value:
        return dataset
    units[position] = units[position].with_label(field, value)
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def replay_rag_edits(dataset: RagDataset, records: Sequence[object]) -> tuple[RagDataset, int]:
    """``dataset`` with every record applied in order, and how many did not fit (skipped, as
    :func:`apply_rag_edit` refuses them). The same result as applying them one by one, faster: label records are
    checked as they come but set together, each changed case rebuilt once, since a label never changes what the
    next record is checked against (a text record first sets the labels before it). One by one, each label is
    three dataclass copies (unit, case, dataset); the class view of a 60-person room replays some 600 of them at
    every refresh: 7.2 ms one by one, 4.2 ms together (``bench/bench_replay.py``, 2-core machine, idle but for a
    test run). ``tests/core/rag/test_rag_text_edits.py`` compares both ways on random records, refusals included."""
    pending: dict[tuple[int, str], dict[int, dict[str, Any]]] = {}  # (case, kind) -> unit -> field -> value
    refused = 0

    def set_pending(current: RagDataset) -> RagDataset:
        for (case_index, kind), by_unit in pending.items():
            case = current.cases[case_index]
            units = list(case.units(kind))
            for position, values in by_unit.items():
                unit = units[position]
                units[position] = replace(unit, labels={**unit.labels, **values})
            current = current.with_case(case_index, case.with_units(kind, tuple(units)))
        pending.clear()
        return current

    for record in records:
        try:
            if edit_op(record, OPS) != "label":
                dataset = apply_rag_edit(set_pending(dataset), record)
                continue
            case_index, kind, _, position, field = rag_unit(dataset, record)  # type: ignore[arg-type]
            value = edit_label(record)  # type: ignore[arg-type]
        except InputError:
            refused += 1
            continue
        pending.setdefault((case_index, kind), {}).setdefault(position, {})[field] = value
    return set_pending(dataset), refused


# ---------------------------------------------------------------- checks of typed text


def check_text(value: str, where: str, required: bool = True) -> str:
    """``value`` if it fits: not empty (when ``required``) and at most :data:`MAX_TEXT_BYTES` in UTF-8."""
    if required and not value.strip():
        raise problem("must_not_be_empty", where)
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > MAX_TEXT_BYTES:
        raise input_error(PROBLEMS, "text_too_long", where, size=size, limit=MAX_TEXT_BYTES)
    return value


def check_case_id(dataset: RagDataset, value: str, where: str = "id", own: int | None = None) -> str:
    """``value`` if it can be a case's id in ``dataset``: not empty, no other case's (``own``: the case's position)."""
    if not value.strip():
        raise problem("id_must_not_be_empty", where)
    if any(case.id == value for i, case in enumerate(dataset.cases) if i != own):
        raise problem("duplicate_case_id_here", where, id=value)
    return value


def fresh_id(kind: str, units: Sequence[Unit], taken: Sequence[str] = ()) -> str:
    """The next free id of a unit of ``kind`` (``p4``, ``c3``...) among ``units``."""
    ids = {unit.id for unit in units} | set(taken)
    number = len(units) + 1
    while f"{UNIT_PREFIXES[kind]}{number}" in ids:
        number += 1
    return f"{UNIT_PREFIXES[kind]}{number}"


def _new_unit_id(edit: Edit, key: str, kind: str, units: Sequence[Unit]) -> str:
    value = edit_text(edit, key)
    if not value.strip():
        raise problem("id_must_not_be_empty", key)
    if any(unit.id == value for unit in units):
        raise input_error(PROBLEMS, "unit_id_taken", key, kind=kind, id=value)
    return value


def _blank(kind: str, unit_id: str, text: str) -> Unit:
    return Unit(unit_id, text, dict.fromkeys(LABEL_FIELDS[kind]))


def _cleared(unit: Unit) -> Unit:
    """The unit with no label and no judge verdict."""
    return replace(unit, labels=dict.fromkeys(unit.labels), judge=dict.fromkeys(unit.judge))


def _units_from(kind: str, texts: Sequence[str], old: Sequence[Unit] = ()) -> tuple[Unit, ...]:
    """Units for ``texts``; one whose text an old unit had keeps that unit (its id and labels), in order."""
    left = list(old)
    kept: list[Unit | None] = []
    for text in texts:
        found = next((unit for unit in left if unit.text == text), None)
        if found is not None:
            left.remove(found)
        kept.append(found)
    taken = [unit.id for unit in kept if unit is not None]
    units: list[Unit] = []
    for text, unit in zip(texts, kept, strict=True):
        if unit is None:
            unit = _blank(kind, fresh_id(kind, units, taken), text)
            taken.append(unit.id)
        units.append(unit)
    return tuple(units)


# ---------------------------------------------------------------- applying text records


def _case_units(dataset: RagDataset, edit: Edit) -> tuple[int, RagCase, str, list[Unit]]:
    case_index = _rag_case(dataset, edit)
    case = dataset.cases[case_index]
    kind = _kind(edit)
    return case_index, case, kind, list(case.units(kind))


def _unit_position(edit: Edit, kind: str, units: Sequence[Unit]) -> int:
    position = edit_position(edit, "unit", len(units), kind)
    check_edit_id(edit, "unit_id", units[position].id)
    return position


def _metadata(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise expected_value("object", repr(value), where)
    for key, item in value.items():
        if not str(key).strip():
            raise input_error(PROBLEMS, "metadata_key_empty", where)
        if key in METADATA_KEYS and item is not None and not isinstance(item, str):
            raise expected_value("text", repr(item), f"{where}.{key}")
    return {key: item for key, item in value.items() if item is not None and item != ""}


def _apply_new_case(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_id = check_case_id(dataset, edit_text(edit, "id"))
    question = check_text(edit_text(edit, "question"), "question")
    raw = edit_value(edit, "passages")
    if not isinstance(raw, list):
        raise expected_value("list", repr(raw), "passages")
    passages = []
    for i, text in enumerate(raw):
        if not isinstance(text, str):
            raise expected_value("text", repr(text), f"passages[{i}]")
        passages.append(check_text(text, f"passages[{i}].text"))
    answer = check_text(edit_text(edit, "answer"), "answer", required=False)
    reference = check_text(edit_text(edit, "reference"), "reference", required=False)
    metadata = _metadata(edit.get("metadata"), "metadata")
    units = {"passages": _units_from("passages", passages),
             "claims": _units_from("claims", split_sentences(answer)),
             "reference_facts": _units_from("reference_facts", split_sentences(reference))}
    case = RagCase(case_id, question, units["passages"], answer, units["claims"], units["reference_facts"], metadata,
                   {REFERENCE_KEY: reference} if reference else {})
    return replace(dataset, cases=(*dataset.cases, case))


def reference_text(case: RagCase) -> str:
    """The case's reference answer: as written in the editor, else its facts joined by spaces."""
    text = case.extra.get(REFERENCE_KEY)
    return text if isinstance(text, str) else " ".join(unit.text for unit in case.reference_facts)


def _apply_case_text(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index = _rag_case(dataset, edit)
    case = dataset.cases[case_index]
    field = edit_text(edit, "field")
    if field not in CASE_TEXTS:
        raise expected_one_of(CASE_TEXTS, repr(field), "field")
    value = check_text(edit_text(edit, "value"), field, required=field == "question")
    split = edit.get("split", False)
    if not isinstance(split, bool):
        raise expected_value("true_false", repr(split), "split")
    if field == "question":
        return dataset.with_case(case_index, replace(case, question=value))
    if field == "answer":
        case = replace(case, answer=value)
    else:
        extra = {key: item for key, item in case.extra.items() if key != REFERENCE_KEY}
        case = replace(case, extra={**extra, REFERENCE_KEY: value} if value else extra)
    if split:
        kind = SPLIT_OF[field]
        case = case.with_units(kind, _units_from(kind, split_sentences(value), case.units(kind)))
    return dataset.with_case(case_index, case)


def _apply_unit_text(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    position = _unit_position(edit, kind, units)
    value = check_text(edit_text(edit, "value"), f"{kind}[{position}].text")
    if units[position].text != value:
        units[position] = replace(_cleared(units[position]), text=value)
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _apply_add_unit(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    position = edit_position(edit, "position", len(units) + 1, kind)
    new_id = _new_unit_id(edit, "new_id", kind, units)
    value = check_text(edit_text(edit, "value"), f"{kind}[{position}].text")
    units.insert(position, _blank(kind, new_id, value))
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _apply_remove_unit(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    del units[_unit_position(edit, kind, units)]
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _apply_move_unit(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    position = _unit_position(edit, kind, units)
    to = edit_position(edit, "to", len(units), kind)
    units.insert(to, units.pop(position))
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _joinable(kind: str) -> None:
    if kind not in JOINABLE:
        raise input_error(PROBLEMS, "only_claims_and_facts_split", "kind", kind=kind)


def _apply_split_unit(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    _joinable(kind)
    position = _unit_position(edit, kind, units)
    text = units[position].text
    at = edit_value(edit, "at")
    if isinstance(at, bool) or not isinstance(at, int):
        raise expected_value("position", repr(at), "at")
    first, rest = text[:at].strip(), text[at:].strip()
    if not 0 < at < len(text) or not first or not rest:
        raise input_error(PROBLEMS, "split_outside_text", "at", at=at, last=max(len(text) - 1, 1), length=len(text))
    new_id = _new_unit_id(edit, "new_id", kind, units)
    units[position] = replace(_cleared(units[position]), text=first)
    units.insert(position + 1, _blank(kind, new_id, rest))
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _apply_merge_units(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index, case, kind, units = _case_units(dataset, edit)
    _joinable(kind)
    position = _unit_position(edit, kind, units)
    if position + 1 >= len(units):
        raise input_error(PROBLEMS, "nothing_to_merge_with", "unit", id=units[position].id)
    check_edit_id(edit, "next_id", units[position + 1].id)
    text = f"{units[position].text.rstrip()} {units[position + 1].text.lstrip()}"
    units[position] = replace(_cleared(units[position]), text=check_text(text, f"{kind}[{position}].text"))
    del units[position + 1]
    return dataset.with_case(case_index, case.with_units(kind, tuple(units)))


def _apply_metadata(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index = _rag_case(dataset, edit)
    case = dataset.cases[case_index]
    key = edit_text(edit, "key")
    if not key.strip():
        raise input_error(PROBLEMS, "metadata_key_empty", "key")
    value = edit_value(edit, "value")
    if isinstance(value, str):
        check_text(value, f"metadata.{key}", required=False)
    elif key in METADATA_KEYS and value is not None:
        raise expected_value("text", repr(value), f"metadata.{key}")
    metadata = {k: v for k, v in case.metadata.items() if k != key}
    if value is not None and value != "":
        metadata = {**case.metadata, key: value}
    return dataset.with_case(case_index, replace(case, metadata=metadata))


def _apply_case_id(dataset: RagDataset, edit: Edit) -> RagDataset:
    case_index = _rag_case(dataset, edit)
    value = check_case_id(dataset, edit_text(edit, "value"), "id", own=case_index)
    return dataset.with_case(case_index, replace(dataset.cases[case_index], id=value))


_TEXT_APPLY = MappingProxyType({
    "new_case": _apply_new_case, "case_text": _apply_case_text, "unit_text": _apply_unit_text,
    "add_unit": _apply_add_unit, "remove_unit": _apply_remove_unit, "move_unit": _apply_move_unit,
    "split_unit": _apply_split_unit, "merge_units": _apply_merge_units, "metadata": _apply_metadata,
    "case_id": _apply_case_id,
})


# ---------------------------------------------------------------- making text records (checked by applying them)


def cleared_labels(before: RagCase, after: RagCase) -> list[dict[str, Any]]:
    """``[{"kind", "unit_id", "fields"}]``: the labels a unit of ``before`` had that are gone in ``after``.

    A unit counts by id: one that is gone (removed, merged into another) clears nothing (it has no labels to show);
    one that is still there with fewer labels set is listed with the label names it lost.
    """
    cleared = []
    for kind in UNIT_KINDS:
        now = {unit.id: unit for unit in after.units(kind)}
        for unit in before.units(kind):
            later = now.get(unit.id)
            if later is None:
                continue
            lost = [name for name in LABEL_FIELDS[kind] if unit.label(name) is not None and later.label(name) is None]
            if lost:
                cleared.append({"kind": kind, "unit_id": unit.id, "fields": lost})
    return cleared


def _record(dataset: RagDataset, case: int, op: str, **fields: Any) -> dict[str, Any]:
    edit = {"op": op, "case": case, "case_id": dataset.cases[case].id, **fields}
    changed = apply_rag_edit(dataset, edit)
    edit["cleared"] = cleared_labels(dataset.cases[case], changed.cases[case])
    return edit


def new_case(dataset: RagDataset, case_id: str, question: str, passages: Sequence[str], answer: str = "",
             reference: str = "", metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a new case at the end of ``dataset`` (claims and facts split from the answer and reference)."""
    edit = {"op": "new_case", "id": case_id, "question": question, "passages": list(passages), "answer": answer,
            "reference": reference, "metadata": dict(metadata or {})}
    apply_rag_edit(dataset, edit)
    return edit


def case_text(dataset: RagDataset, case: int, field: str, value: str, split: bool = False) -> dict[str, Any]:
    """Set the question, answer or reference (``split``: claims or facts split again from the new text)."""
    return _record(dataset, case, "case_text", field=field, value=value, split=split)


def _unit_fields(dataset: RagDataset, case: int, kind: str, unit: int) -> dict[str, Any]:
    units = dataset.cases[case].units(kind) if kind in UNIT_KINDS else ()
    unit_id = units[unit].id if 0 <= unit < len(units) else ""
    return {"kind": kind, "unit": unit, "unit_id": unit_id}


def unit_text(dataset: RagDataset, case: int, kind: str, unit: int, value: str) -> dict[str, Any]:
    return _record(dataset, case, "unit_text", **_unit_fields(dataset, case, kind, unit), value=value)


def add_unit(dataset: RagDataset, case: int, kind: str, value: str, position: int | None = None) -> dict[str, Any]:
    """A new unit of ``kind`` (unlabelled) at ``position`` (None: at the end)."""
    units = dataset.cases[case].units(kind) if kind in UNIT_KINDS else ()
    where = len(units) if position is None else position
    new_id = fresh_id(kind, units) if kind in UNIT_KINDS else ""
    return _record(dataset, case, "add_unit", kind=kind, position=where, new_id=new_id, value=value)


def remove_unit(dataset: RagDataset, case: int, kind: str, unit: int) -> dict[str, Any]:
    return _record(dataset, case, "remove_unit", **_unit_fields(dataset, case, kind, unit))


def move_unit(dataset: RagDataset, case: int, kind: str, unit: int, to: int) -> dict[str, Any]:
    return _record(dataset, case, "move_unit", **_unit_fields(dataset, case, kind, unit), to=to)


def split_unit(dataset: RagDataset, case: int, kind: str, unit: int, at: int) -> dict[str, Any]:
    """Cut a claim or fact's text at character ``at``: the rest becomes a new unit right after it."""
    units = dataset.cases[case].units(kind) if kind in UNIT_KINDS else ()
    new_id = fresh_id(kind, units) if kind in UNIT_KINDS else ""
    return _record(dataset, case, "split_unit", **_unit_fields(dataset, case, kind, unit), at=at, new_id=new_id)


def merge_units(dataset: RagDataset, case: int, kind: str, unit: int) -> dict[str, Any]:
    """Join a claim or fact with the one after it."""
    units = dataset.cases[case].units(kind) if kind in UNIT_KINDS else ()
    next_id = units[unit + 1].id if 0 <= unit < len(units) - 1 else ""
    return _record(dataset, case, "merge_units", **_unit_fields(dataset, case, kind, unit), next_id=next_id)


def set_metadata(dataset: RagDataset, case: int, key: str, value: Any) -> dict[str, Any]:
    """Set one metadata key (None or empty text removes it)."""
    return _record(dataset, case, "metadata", key=key, value=value)


def set_case_id(dataset: RagDataset, case: int, value: str) -> dict[str, Any]:
    return _record(dataset, case, "case_id", value=value)


def split_point(text: str) -> int:
    """Where to offer to split a text: after its first sentence when it has two, else at the space nearest its
    middle (0: nowhere to split)."""
    sentences = split_sentences(text)
    if len(sentences) > 1:
        found = text.find(sentences[1], len(sentences[0]))
        if found > 0:
            return found
    spaces = [i for i, char in enumerate(text) if char == " " and text[:i].strip() and text[i:].strip()]
    return min(spaces, key=lambda i: abs(i - len(text) / 2)) if spaces else 0


# ---------------------------------------------------------------- the agreement page: two annotators' labels

ANNOTATORS = ("a", "b")  # the positions of the pair (A, B), as the records name them
