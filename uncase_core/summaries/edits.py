"""The summary page's edit records, and the case editor's text records for summary cases (document 002).

Label records (:func:`summary_edit`): ``{"op": "accuracy" | "rubric", "case", "case_id", "index", "value"}``,
``{"op": "completeness", "case", "case_id", "question", "item", "value"}``, ``{"op": "section", "case", "case_id",
"index", "kind", "categorical"}`` and ``{"op": "block", "case", "case_id", "block", "data"}`` (a pasted block).

Text records write and rewrite summary cases in the app (the case editor), each naming its case by position and id
(``"case": 2, "case_id": "appointment"``). The units of a summary case have no ids, so a record naming a unit gives
its position and, under ``"was"``, its main text (a turn's text, a section's name, a point, a rubric's or a
completeness question's question, an item's transcript content) as it was: a record that no longer fits its data
(the data replaced underneath it, the case's other language) is refused, never applied to another unit. The unit
kinds (:data:`UNIT_KINDS`) are ``transcript`` (turns), ``sections``, ``accuracy`` (points), ``rubrics``,
``completeness`` (questions) and ``items`` (a completeness question's content list, named with ``"question"``: the
question's position):

* ``{"op": "new_case", "id", "language", "transcript": [{"role", "text"}], "sections": [{"name", "kind",
  "categorical", "instruction", "allowed_values", "text"}], "points": [text], "rubrics": [question],
  "completeness": [{"question", "items": [transcript content]}], "metadata": {key: text}}``: a case appended, every
  label null; it needs a turn and a section, and no text may be empty where the format needs one;
* ``{"op": "unit_field", "case", "case_id", "kind", "unit", ("question",) "was", "field", "value"}``: one text of a
  unit (:data:`TEXT_FIELDS`; a section's ``allowed_values`` is a list of texts or null);
* ``{"op": "add_unit", ... "kind", "position", ("question",) "value": {field: value}}`` (fields left out are
  empty; a section may also give ``kind`` and ``categorical``), ``{"op": "remove_unit", ... "kind", "unit",
  ("question",) "was"}`` and ``{"op": "move_unit", ... "unit", "was", "to"}``;
* ``{"op": "split_points", "case", "case_id"}``: the accuracy points become the summary's sentences again
  (:func:`summary_points`); a point whose text is still there keeps its justification and label;
* ``{"op": "metadata", "case", "case_id", "key", "value"}``: ``language`` is the format's own field, any other key
  lives in the case's ``"metadata"`` object (``value`` null or empty removes it), and ``{"op": "case_id", "case",
  "case_id", "value"}``.

A text change of a labelled unit clears that unit's label: a point's text (its ``is_accurate``), a rubric's
question (``is_addressed``), an item's transcript content or related summary content (``is_covered``). A
justification or reasoning explains a label and changing it clears nothing, nor does a change to the transcript, a
section or a completeness question (the units labelled against them keep their labels, as a RAG passage's change
keeps the claims' support). Never silently: each record made by this module's functions lists what it cleared
under ``"cleared"`` (``[{"kind", "unit", ("question",) "fields", "text"}]``), and :func:`pending_cleared` replays a
page's records to say which cleared labels are still empty. ``"cleared"`` is a report, not an instruction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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
from uncase_core.rag.edits import check_text
from uncase_core.shared.edits import (
    SECTION_KINDS,
    SUMMARY_BLOCKS,
    Edit,
    check_edit_id,
    edit_label,
    edit_op,
    edit_position,
    edit_text,
    edit_value,
)
from uncase_core.shared.sentences import split_sentences
from uncase_core.summaries.cases import case_from_dict, case_to_dict
from uncase_core.summaries.format import (
    AccuracyPoint,
    CompletenessItem,
    CompletenessQuestion,
    Rubric,
    Section,
    SummaryCase,
    Turn,
)

LABEL_OPS = ("accuracy", "rubric", "completeness", "section", "block")
TEXT_OPS = ("new_case", "unit_field", "add_unit", "remove_unit", "move_unit", "split_points", "metadata", "case_id")
OPS = (*LABEL_OPS, *TEXT_OPS)
UNIT_KINDS = ("transcript", "sections", "accuracy", "rubrics", "completeness", "items")
TEXT_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "transcript": ("role", "text"),
    "sections": ("name", "instruction", "text", "allowed_values"),
    "accuracy": ("point", "accuracy"),
    "rubrics": ("question", "reasoning"),
    "completeness": ("question",),
    "items": ("transcript_content", "related_content_from_summary"),
})
MAIN_FIELDS: Mapping[str, str] = MappingProxyType({
    "transcript": "text", "sections": "name", "accuracy": "point", "rubrics": "question", "completeness": "question",
    "items": "transcript_content"})
# The texts that may not be empty, by kind (the rest may: a justification, an instruction, a related content).
REQUIRED_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "transcript": ("role", "text"), "sections": ("name", "text"), "accuracy": ("point",), "rubrics": ("question",),
    "completeness": ("question",), "items": ("transcript_content",)})
LABEL_OF: Mapping[str, str] = MappingProxyType({"accuracy": "is_accurate", "rubrics": "is_addressed",
                                                "items": "is_covered"})
SUMMARY_LABELS: tuple[str, ...] = tuple(LABEL_OF.values())  # the summary format's labels, each with its guideline
# The texts whose change clears the unit's label (what the label judges).
CLEARING_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "accuracy": ("point",), "rubrics": ("question",), "items": ("transcript_content", "related_content_from_summary")})
ROLES = ("agent", "customer")  # the roles document 002's transcripts use (any other text is kept as it is)
METADATA_KEY = "metadata"  # the case's own key (SummaryCase.extra) holding the metadata beside its language
METADATA_KEYS = ("language", "domain", "split", "source")
_NEEDED = MappingProxyType({"transcript": "transcript_needs_a_turn", "sections": "summary_needs_a_section"})
_POSITION_TERMS = MappingProxyType({"transcript": "turn", "sections": "section", "accuracy": "accuracy_point",
                                    "rubrics": "rubric", "completeness": "completeness_question",
                                    "items": "content_item"})

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "transcript_needs_a_turn": "a summary case needs a transcript of at least one turn",
    "summary_needs_a_section": "a summary needs at least one section with its text",
    "not_a_field_of": "{kind} have no text {field}; they have {choices}",
    "summary_metadata_key_empty": "a metadata key must not be empty",
})


def summary_edit(cases: Sequence[SummaryCase], op: str, case: int, **fields: Any) -> dict[str, Any]:
    """A label record (``op`` one of :data:`LABEL_OPS`), checked by applying it."""
    edit = {"op": op, "case": case, "case_id": cases[case].id, **fields}
    apply_summary_edit(tuple(cases), edit)
    return edit


def apply_summary_edit(cases: tuple[SummaryCase, ...], edit: Edit) -> tuple[SummaryCase, ...]:
    """``cases`` with one record applied: a label record or a text record (the module docstring)."""
    op = edit_op(edit, OPS)
    if op == "new_case":
        return (*cases, _new_case(cases, edit))
    index = edit_position(edit, "case", len(cases), "case")
    case = cases[index]
    check_edit_id(edit, "case_id", case.id)
    if op in TEXT_OPS:
        updated = _TEXT_APPLY[op](cases, index, case, edit)
    elif op == "accuracy":
        points = list(case.accuracy)
        position = edit_position(edit, "index", len(points), "accuracy_point")
        points[position] = replace(points[position], is_accurate=edit_label(edit))
        updated = replace(case, accuracy=tuple(points))
    elif op == "rubric":
        rubrics = list(case.rubrics)
        position = edit_position(edit, "index", len(rubrics), "rubric")
        rubrics[position] = replace(rubrics[position], is_addressed=edit_label(edit))
        updated = replace(case, rubrics=tuple(rubrics))
    elif op == "completeness":
        questions = list(case.completeness)
        q = edit_position(edit, "question", len(questions), "completeness_question")
        items = list(questions[q].content_list)
        i = edit_position(edit, "item", len(items), "content_item")
        items[i] = replace(items[i], is_covered=edit_label(edit))
        questions[q] = replace(questions[q], content_list=tuple(items))
        updated = replace(case, completeness=tuple(questions))
    elif op == "section":
        sections = list(case.sections)
        position = edit_position(edit, "index", len(sections), "section")
        kind = edit_text(edit, "kind")
        if kind not in SECTION_KINDS:
            raise expected_one_of(SECTION_KINDS, repr(kind), "kind")
        categorical = edit_value(edit, "categorical")
        if not isinstance(categorical, bool):
            raise expected_value("true_false", repr(categorical), "categorical")
        sections[position] = replace(sections[position], kind=kind, categorical=categorical)
        updated = replace(case, sections=tuple(sections))
    else:
        block = edit_text(edit, "block")
        if block not in SUMMARY_BLOCKS:
            raise expected_one_of(SUMMARY_BLOCKS, repr(block), "block")
        data = case_to_dict(case)
        data[block] = edit_value(edit, "data")
        try:
            updated = replace(case_from_dict(data), notes=case.notes)
        except InputError as error:
            raise error.nested("data") from None
    changed = list(cases)
    changed[index] = updated
    return tuple(changed)


# ---------------------------------------------------------------- checks of typed text


def check_summary_id(cases: Sequence[SummaryCase], value: str, where: str = "id", own: int | None = None) -> str:
    """``value`` if it can be a case's id among ``cases``: not empty, no other case's (``own``: the case's
    position)."""
    if not value.strip():
        raise problem("id_must_not_be_empty", where)
    if any(case.id == value for i, case in enumerate(cases) if i != own):
        raise problem("duplicate_case_id_here", where, id=value)
    return value


def _field_text(kind: str, field: str, value: Any, where: str) -> Any:
    """A unit's field value checked: text (not empty where the format needs it, at most :data:`MAX_TEXT_BYTES`), or
    for a section's ``allowed_values`` a list of non-empty texts or null."""
    if kind == "sections" and field == "allowed_values":
        if value is None:
            return None
        if not isinstance(value, list | tuple):
            raise expected_value("list_of_values_or_null", repr(value), where)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise expected_value("text", repr(item), f"{where}[{i}]")
            check_text(item, f"{where}[{i}]")
        return tuple(value)
    if not isinstance(value, str):
        raise expected_value("text", repr(value), where)
    return check_text(value, where, required=field in REQUIRED_FIELDS[kind])


def _kind_of(edit: Edit) -> str:
    kind = edit_text(edit, "kind")
    if kind not in UNIT_KINDS:
        raise unknown_choice("unit_kind", repr(kind), UNIT_KINDS, "kind")
    return kind


def _place(kind: str, position: int, question: int | None) -> str:
    return f"completeness[{question}].items[{position}]" if kind == "items" else f"{kind}[{position}]"


# ---------------------------------------------------------------- a case's units of one kind


def _units(case: SummaryCase, kind: str, question: int | None = None) -> list[Any]:
    if kind == "items":
        return list(case.completeness[question or 0].content_list)
    return list(getattr(case, kind))


def _with_units(case: SummaryCase, kind: str, units: Sequence[Any], question: int | None = None) -> SummaryCase:
    if kind == "items":
        questions = list(case.completeness)
        position = question or 0
        questions[position] = replace(questions[position], content_list=tuple(units))
        return replace(case, completeness=tuple(questions))
    return replace(case, **{kind: tuple(units)})


def _question(edit: Edit, case: SummaryCase, kind: str) -> int | None:
    """The completeness question an ``items`` record names (None for the other kinds)."""
    if kind != "items":
        return None
    return edit_position(edit, "question", len(case.completeness), "completeness_question")


def _named_unit(edit: Edit, case: SummaryCase) -> tuple[str, int | None, list[Any], int]:
    """``(kind, question, units, position)`` of the unit a record names by position and main text (``"was"``)."""
    kind = _kind_of(edit)
    question = _question(edit, case, kind)
    units = _units(case, kind, question)
    position = edit_position(edit, "unit", len(units), _POSITION_TERMS[kind])
    check_edit_id(edit, "was", getattr(units[position], MAIN_FIELDS[kind]))
    return kind, question, units, position


def _blank_unit(kind: str, values: Mapping[str, Any], where: str) -> Any:
    """A new unlabelled unit of ``kind`` from ``values`` (its fields by name; the ones left out empty)."""
    allowed = TEXT_FIELDS[kind] + (("kind", "categorical") if kind == "sections" else ())
    for name in values:
        if name not in allowed:
            raise input_error(PROBLEMS, "not_a_field_of", f"{where}.{name}", kind=kind, field=repr(name),
                              choices=", ".join(allowed))
    checked = {name: _field_text(kind, name, values.get(name, None if name == "allowed_values" else ""),
                                 f"{where}.{name}") for name in TEXT_FIELDS[kind]}
    if kind == "transcript":
        return Turn(checked["role"], checked["text"])
    if kind == "sections":
        section_kind = values.get("kind", "custom")
        if section_kind not in SECTION_KINDS:
            raise expected_one_of(SECTION_KINDS, repr(section_kind), f"{where}.kind")
        categorical = values.get("categorical", False)
        if not isinstance(categorical, bool):
            raise expected_value("true_false", repr(categorical), f"{where}.categorical")
        return Section(checked["name"], section_kind, categorical, checked["instruction"], checked["allowed_values"],
                       checked["text"])
    if kind == "accuracy":
        return AccuracyPoint(checked["point"], checked["accuracy"], None)
    if kind == "rubrics":
        return Rubric(checked["question"], checked["reasoning"], None)
    if kind == "completeness":
        return CompletenessQuestion(checked["question"], ())
    return CompletenessItem(checked["transcript_content"], checked["related_content_from_summary"], None)


def _cleared(kind: str, unit: Any) -> Any:
    return replace(unit, **{LABEL_OF[kind]: None}) if kind in LABEL_OF else unit


# ---------------------------------------------------------------- applying text records


def _list_of(edit: Edit, key: str) -> list[Any]:
    value = edit_value(edit, key)
    if not isinstance(value, list):
        raise expected_value("list", repr(value), key)
    return value


def _object_at(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise expected_value("object", repr(value), where)
    return value


def _metadata_object(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    value = _object_at(value, where)
    for key, item in value.items():
        if not str(key).strip():
            raise input_error(PROBLEMS, "summary_metadata_key_empty", where)
        if isinstance(item, str):
            check_text(item, f"{where}.{key}", required=False)
        elif key in METADATA_KEYS and item is not None:
            raise expected_value("text", repr(item), f"{where}.{key}")
    return {key: item for key, item in value.items() if item is not None and item != "" and key != "language"}


def _new_case(cases: Sequence[SummaryCase], edit: Edit) -> SummaryCase:
    case_id = check_summary_id(cases, edit_text(edit, "id"))
    language = check_text(edit_text(edit, "language"), "language", required=False)
    turns = [_blank_unit("transcript", _object_at(item, f"transcript[{i}]"), f"transcript[{i}]")
             for i, item in enumerate(_list_of(edit, "transcript"))]
    if not turns:
        raise input_error(PROBLEMS, "transcript_needs_a_turn", "transcript")
    sections = [_blank_unit("sections", _object_at(item, f"sections[{i}]"), f"sections[{i}]")
                for i, item in enumerate(_list_of(edit, "sections"))]
    if not sections:
        raise input_error(PROBLEMS, "summary_needs_a_section", "sections")
    points = [AccuracyPoint(_field_text("accuracy", "point", text, f"points[{i}]"), "", None)
              for i, text in enumerate(_list_of(edit, "points"))]
    rubrics = [Rubric(_field_text("rubrics", "question", text, f"rubrics[{i}]"), "", None)
               for i, text in enumerate(_list_of(edit, "rubrics"))]
    questions = []
    for i, item in enumerate(_list_of(edit, "completeness")):
        item = _object_at(item, f"completeness[{i}]")
        question = _field_text("completeness", "question", item.get("question", ""), f"completeness[{i}].question")
        raw = item.get("items", [])
        if not isinstance(raw, list):
            raise expected_value("list", repr(raw), f"completeness[{i}].items")
        questions.append(CompletenessQuestion(question, tuple(
            CompletenessItem(_field_text("items", "transcript_content", text, f"completeness[{i}].items[{j}]"), "",
                             None) for j, text in enumerate(raw))))
    metadata = _metadata_object(edit.get("metadata"), "metadata")
    return SummaryCase(case_id, language, tuple(turns), tuple(sections), tuple(points), tuple(rubrics),
                       tuple(questions), {METADATA_KEY: metadata} if metadata else {})


def _apply_unit_field(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    kind, question, units, position = _named_unit(edit, case)
    field = edit_text(edit, "field")
    if field not in TEXT_FIELDS[kind]:
        raise input_error(PROBLEMS, "not_a_field_of", "field", kind=kind, field=repr(field),
                          choices=", ".join(TEXT_FIELDS[kind]))
    value = _field_text(kind, field, edit_value(edit, "value"), f"{_place(kind, position, question)}.{field}")
    unit = units[position]
    if getattr(unit, field) != value:
        unit = replace(unit, **{field: value})
        if field in CLEARING_FIELDS.get(kind, ()):
            unit = _cleared(kind, unit)
        units[position] = unit
    return _with_units(case, kind, units, question)


def _apply_add_unit(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    kind = _kind_of(edit)
    question = _question(edit, case, kind)
    units = _units(case, kind, question)
    position = edit_position(edit, "position", len(units) + 1, _POSITION_TERMS[kind])
    values = _object_at(edit_value(edit, "value"), "value")
    units.insert(position, _blank_unit(kind, values, _place(kind, position, question)))
    return _with_units(case, kind, units, question)


def _apply_remove_unit(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    kind, question, units, position = _named_unit(edit, case)
    if kind in _NEEDED and len(units) == 1:
        raise input_error(PROBLEMS, _NEEDED[kind], "unit")
    del units[position]
    return _with_units(case, kind, units, question)


def _apply_move_unit(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    kind, question, units, position = _named_unit(edit, case)
    to = edit_position(edit, "to", len(units), _POSITION_TERMS[kind])
    units.insert(to, units.pop(position))
    return _with_units(case, kind, units, question)


def summary_points(sections: Sequence[Section]) -> list[str]:
    """The points a summary decomposes into: the sentences of its free-text sections, in order (of every section
    when all are categorical), split by :func:`~uncase_core.shared.sentences.split_sentences`."""
    chosen = [section for section in sections if not section.categorical] or list(sections)
    return [sentence for section in chosen for sentence in split_sentences(section.text)]


def kept_points(texts: Sequence[str], old: Sequence[str]) -> list[int | None]:
    """For each text, the position of the old point with that same text that it keeps (each used once, in order),
    or None for a new point."""
    left = list(range(len(old)))
    kept: list[int | None] = []
    for text in texts:
        found = next((i for i in left if old[i] == text), None)
        if found is not None:
            left.remove(found)
        kept.append(found)
    return kept


def _apply_split_points(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    texts = summary_points(case.sections)
    for i, text in enumerate(texts):
        check_text(text, f"accuracy[{i}].point")
    kept = kept_points(texts, [point.point for point in case.accuracy])
    points = tuple(case.accuracy[old] if old is not None else AccuracyPoint(text, "", None)
                   for text, old in zip(texts, kept, strict=True))
    return replace(case, accuracy=points)


def _apply_metadata(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    key = edit_text(edit, "key")
    if not key.strip():
        raise input_error(PROBLEMS, "summary_metadata_key_empty", "key")
    value = edit_value(edit, "value")
    if isinstance(value, str):
        check_text(value, f"metadata.{key}", required=False)
    elif key in METADATA_KEYS and value is not None:
        raise expected_value("text", repr(value), f"metadata.{key}")
    if key == "language":
        return replace(case, language=value or "")
    current = case.extra.get(METADATA_KEY)
    if current is not None and not isinstance(current, Mapping):
        raise expected_value("object", repr(current), METADATA_KEY)
    metadata = {k: v for k, v in (current or {}).items() if k != key}
    if value is not None and value != "":
        metadata = {**(current or {}), key: value}
    extra = {k: v for k, v in case.extra.items() if k != METADATA_KEY}
    if metadata:
        extra[METADATA_KEY] = metadata
    return replace(case, extra=extra)


def _apply_case_id(cases: Sequence[SummaryCase], index: int, case: SummaryCase, edit: Edit) -> SummaryCase:
    return replace(case, id=check_summary_id(cases, edit_text(edit, "value"), "id", own=index))


_TEXT_APPLY = MappingProxyType({
    "unit_field": _apply_unit_field, "add_unit": _apply_add_unit, "remove_unit": _apply_remove_unit,
    "move_unit": _apply_move_unit, "split_points": _apply_split_points, "metadata": _apply_metadata,
    "case_id": _apply_case_id,
})


# ---------------------------------------------------------------- making text records (checked by applying them)


def _labelled(case: SummaryCase) -> dict[tuple[str, int | None, int], tuple[str, bool | None]]:
    """Every labelled unit by ``(kind, question, position)``: its main text and label."""
    found: dict[tuple[str, int | None, int], tuple[str, bool | None]] = {}
    for i, point in enumerate(case.accuracy):
        found[("accuracy", None, i)] = (point.point, point.is_accurate)
    for i, rubric in enumerate(case.rubrics):
        found[("rubrics", None, i)] = (rubric.question, rubric.is_addressed)
    for q, question in enumerate(case.completeness):
        for i, item in enumerate(question.content_list):
            found[("items", q, i)] = (item.transcript_content, item.is_covered)
    return found


def _record(cases: Sequence[SummaryCase], case: int, op: str, **fields: Any) -> dict[str, Any]:
    edit = {"op": op, "case": case, "case_id": cases[case].id, **fields}
    changed = apply_summary_edit(tuple(cases), edit)
    cleared = []
    if op == "unit_field":  # the one record that clears a label (the unit stays where it was)
        kind, unit, question = fields["kind"], fields["unit"], fields.get("question")
        before = _labelled(cases[case]).get((kind, question, unit))
        after = _labelled(changed[case]).get((kind, question, unit))
        if before is not None and after is not None and before[1] is not None and after[1] is None:
            cleared.append({"kind": kind, "unit": unit, **({"question": question} if kind == "items" else {}),
                            "fields": [LABEL_OF[kind]], "text": after[0]})
    edit["cleared"] = cleared
    return edit


def _unit_fields(cases: Sequence[SummaryCase], case: int, kind: str, unit: int,
                 question: int | None) -> dict[str, Any]:
    """``kind``, ``unit``, ``question`` (items only) and ``was`` of a record naming a unit (``was`` empty when the
    position holds nothing: applying the record then says why)."""
    fields: dict[str, Any] = {"kind": kind, "unit": unit}
    if kind == "items":
        fields["question"] = question
    was = ""
    try:
        units = _units(cases[case], kind, question) if kind in UNIT_KINDS else []
        if 0 <= unit < len(units):
            was = getattr(units[unit], MAIN_FIELDS[kind])
    except (IndexError, TypeError):
        pass
    fields["was"] = was
    return fields


def new_case(cases: Sequence[SummaryCase], case_id: str, transcript: Sequence[Mapping[str, str]],
             sections: Sequence[Mapping[str, Any]], points: Sequence[str] | None = None, rubrics: Sequence[str] = (),
             completeness: Sequence[Mapping[str, Any]] = (), language: str = "",
             metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a new summary case after ``cases``. ``points`` None: the summary's sentences
    (:func:`summary_points`); ``completeness``: ``[{"question", "items": [transcript content]}]``."""
    if points is None:
        try:
            points = summary_points([_blank_unit("sections", section, f"sections[{i}]")
                                     for i, section in enumerate(sections) if isinstance(section, Mapping)])
        except InputError:
            points = []  # applying the record says what is wrong with the sections
    edit = {"op": "new_case", "id": case_id, "language": language,
            "transcript": [dict(turn) if isinstance(turn, Mapping) else turn for turn in transcript],
            "sections": [_plain_section(section) for section in sections], "points": list(points),
            "rubrics": list(rubrics),
            "completeness": [{"question": item.get("question", ""), "items": list(item.get("items", []))}
                             if isinstance(item, Mapping) else item for item in completeness],
            "metadata": dict(metadata or {})}
    apply_summary_edit(tuple(cases), edit)
    return edit


def _plain_section(section: Any) -> Any:
    if not isinstance(section, Mapping):
        return section
    plain = dict(section)
    if isinstance(plain.get("allowed_values"), tuple):
        plain["allowed_values"] = list(plain["allowed_values"])
    return plain


def set_unit_field(cases: Sequence[SummaryCase], case: int, kind: str, unit: int, field: str, value: Any,
                   question: int | None = None) -> dict[str, Any]:
    """One text of a unit (``question``: the completeness question of an item)."""
    if isinstance(value, tuple):
        value = list(value)
    return _record(cases, case, "unit_field", **_unit_fields(cases, case, kind, unit, question), field=field,
                   value=value)


def add_unit(cases: Sequence[SummaryCase], case: int, kind: str, value: Mapping[str, Any],
             position: int | None = None, question: int | None = None) -> dict[str, Any]:
    """A new unit of ``kind`` (unlabelled) at ``position`` (None: at the end), its fields from ``value``."""
    fields: dict[str, Any] = {"kind": kind}
    if kind == "items":
        fields["question"] = question
    if position is None:
        try:
            position = len(_units(cases[case], kind, question)) if kind in UNIT_KINDS else 0
        except (IndexError, TypeError):
            position = 0
    return _record(cases, case, "add_unit", **fields, position=position, value=_plain_section(value))


def remove_unit(cases: Sequence[SummaryCase], case: int, kind: str, unit: int,
                question: int | None = None) -> dict[str, Any]:
    return _record(cases, case, "remove_unit", **_unit_fields(cases, case, kind, unit, question))


def move_unit(cases: Sequence[SummaryCase], case: int, kind: str, unit: int, to: int,
              question: int | None = None) -> dict[str, Any]:
    return _record(cases, case, "move_unit", **_unit_fields(cases, case, kind, unit, question), to=to)


def split_points(cases: Sequence[SummaryCase], case: int) -> dict[str, Any]:
    """The accuracy points made the summary's sentences again (a point still there keeps its label)."""
    return _record(cases, case, "split_points")


def set_summary_metadata(cases: Sequence[SummaryCase], case: int, key: str, value: Any) -> dict[str, Any]:
    """Set one metadata key (``language`` is the case's own field; None or empty text removes a key)."""
    return _record(cases, case, "metadata", key=key, value=value)


def set_summary_id(cases: Sequence[SummaryCase], case: int, value: str) -> dict[str, Any]:
    return _record(cases, case, "case_id", value=value)


def summary_metadata(case: SummaryCase) -> dict[str, Any]:
    """The case's metadata: its language (when it has one) and its ``"metadata"`` object's keys."""
    current = case.extra.get(METADATA_KEY)
    metadata = dict(current) if isinstance(current, Mapping) else {}
    return {"language": case.language, **metadata} if case.language else metadata


# ---------------------------------------------------------------- labels cleared and not set again


@dataclass(frozen=True)
class ClearedLabel:
    """A label a text change cleared and nobody set again: the unit (``kind``, its ``question`` for an item, its
    ``unit`` position) in case ``case`` of the data as it is now, and the label's name."""

    case: int
    kind: str
    unit: int
    question: int | None
    field: str


def _marks(case: SummaryCase) -> dict[str, Any]:
    return {"accuracy": [False] * len(case.accuracy), "rubrics": [False] * len(case.rubrics),
            "completeness": [[False] * len(q.content_list) for q in case.completeness]}


def _mark_list(marks: dict[str, Any], kind: str, question: int | None) -> list[Any] | None:
    if kind == "items":
        return marks["completeness"][question or 0]
    return marks.get(kind)


def pending_cleared(cases: Sequence[SummaryCase], records: Sequence[Edit]) -> tuple[ClearedLabel, ...]:
    """The labels cleared by a text change in ``records`` (replayed on ``cases`` in order) that are still empty at
    the end, each at the unit's position now (the unit followed through later moves, additions and removals)."""
    current = tuple(cases)
    marks = [_marks(case) for case in current]
    for record in records:
        after = apply_summary_edit(current, record)
        op = record["op"]
        if op == "new_case":
            marks.append(_marks(after[-1]))
            current = after
            continue
        index = record["case"]
        case_marks = marks[index]
        if op in ("accuracy", "rubric"):
            case_marks["accuracy" if op == "accuracy" else "rubrics"][record["index"]] = False
        elif op == "completeness":
            case_marks["completeness"][record["question"]][record["item"]] = False
        elif op == "block":
            key = "rubrics" if record["block"] == "adherence" else record["block"]  # a whole block replaced
            case_marks[key] = _marks(after[index])[key]
        elif op == "split_points":
            old = [point.point for point in current[index].accuracy]
            kept = kept_points([point.point for point in after[index].accuracy], old)
            case_marks["accuracy"] = [case_marks["accuracy"][i] if i is not None else False for i in kept]
        elif op in ("unit_field", "add_unit", "remove_unit", "move_unit"):
            kind, question = record["kind"], record.get("question")
            if kind == "completeness":
                listed = case_marks["completeness"]
                if op == "add_unit":
                    listed.insert(record["position"], [])
                elif op == "remove_unit":
                    del listed[record["unit"]]
                elif op == "move_unit":
                    listed.insert(record["to"], listed.pop(record["unit"]))
            elif (listed := _mark_list(case_marks, kind, question)) is not None:
                if op == "add_unit":
                    listed.insert(record["position"], False)
                elif op == "remove_unit":
                    del listed[record["unit"]]
                elif op == "move_unit":
                    listed.insert(record["to"], listed.pop(record["unit"]))
                else:
                    before = _labelled(current[index]).get((kind, question, record["unit"]))
                    now = _labelled(after[index]).get((kind, question, record["unit"]))
                    if before is not None and now is not None and before[1] is not None and now[1] is None:
                        listed[record["unit"]] = True
        current = after
    found = []
    for index, (case, case_marks) in enumerate(zip(current, marks, strict=True)):
        for kind in ("accuracy", "rubrics"):
            for position, marked in enumerate(case_marks[kind]):
                if marked and _labelled(case)[(kind, None, position)][1] is None:
                    found.append(ClearedLabel(index, kind, position, None, LABEL_OF[kind]))
        for q, items in enumerate(case_marks["completeness"]):
            for position, marked in enumerate(items):
                if marked and case.completeness[q].content_list[position].is_covered is None:
                    found.append(ClearedLabel(index, "items", position, q, "is_covered"))
    return tuple(found)
