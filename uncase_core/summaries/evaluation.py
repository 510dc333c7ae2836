"""Summary autoevaluation (document 002): accuracy, adherence and completeness, labelled by hand.

A summary case holds the transcript, the summary's sections and three judgement blocks in
the shape document 002 prints them:

* accuracy: ``{"decomposition": [{"point", "accuracy", "is_accurate"}]}``;
* adherence: ``{"rubrics": [{"question", "reasoning", "is_addressed"}]}``;
* completeness: ``[{"question", "content_list": [{"transcript_content",
  "related_content_from_summary", "is_covered"}]}]``.

Labels are ``true``, ``false`` or ``null`` (not labelled yet); the strings ``"True"`` /
``"False"`` that document 002 prints are accepted too. In a case file each block may also be a
string holding the block exactly as the document prints it: strict JSON, the single-quoted
Python-literal form (read with :func:`ast.literal_eval`, never evaluated), or the categorical
adherence example whose members sit directly inside ``"rubrics": [...]`` (repaired into one
rubric object, with a note). Unknown keys are kept, so a round trip loses nothing.

Scores are :class:`~uncase_core.stats.proportions.Proportion` objects with Wilson intervals.
Not applicable (N/A) rules, each with a reason code:

* ``only_predefined_sections``: adherence is only judged for summaries with at least one
  custom section;
* ``only_categorical_sections``: completeness is only judged when at least one section is free
  text;
* ``no_units``: a metric with no labelled units is N/A, never 0.

An N/A by one of the two section rules has a null value and zero counts (the units are not
counted at all). A case without sections skips the section rules. A completeness question
whose ``content_list`` is empty is not penalized and not counted.

Micro and macro: the proportion (micro) pools units; the macro value averages per-question
scores the way document 002's product does. For accuracy there is one group, so macro equals
micro; for adherence every rubric is its own question scoring 0 or 1, so the mean of the
rubric scores equals micro too. For completeness the macro value is the mean over questions
with at least one labelled item of (covered / labelled in that question): a question with one
item weighs as much as a question with ten, which is why micro and macro can differ. Over a
dataset, micro pools the counts of all cases and macro is the mean of the cases' macro values.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    Param,
    at_line,
    expected_one_of,
    expected_value,
    input_error,
    json_detail,
    missing,
    problem,
    term,
)
from uncase_core.shared.formats import SUMMARIES, parse_format
from uncase_core.shared.jsonfiles import (
    decode_text,
    dumps_json,
    dumps_jsonl,
    reject_non_finite,
    reject_surrogates,
    too_long_integer,
)
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

SUMMARY_METRICS = ("accuracy", "adherence", "completeness")
SECTION_KINDS = ("custom", "predefined")
NA_ONLY_PREDEFINED = "only_predefined_sections"
NA_ONLY_CATEGORICAL = "only_categorical_sections"
NA_NO_UNITS = "no_units"
MAX_BLOCK_CHARS = 200_000

_CASE_KEYS = ("id", "language", "transcript", "sections", "accuracy", "adherence", "completeness")
_SECTION_KEYS = ("name", "kind", "categorical", "instruction", "allowed_values", "text")
_LINE = re.compile(r"line \d+")  # a JSONL record: "line 3: field", deeper places "line 3: field.sub"
_LABEL_STRINGS = {"True": True, "true": True, "False": False, "false": False}

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "block_too_long": "the block is too long ({length} characters; at most {limit})",
    "block_empty": "the block is empty",
    "block_unreadable": "neither JSON ({json_problem}) nor a Python literal ({literal_problem})",
    "keys_must_be_text": "keys must be text, got {got}",
    "cannot_read_file": "cannot read the file: {detail}",
    "no_summary_cases": "no cases in the file",
})
# Why a pasted block is neither JSON nor a Python literal (terms the block_unreadable error quotes).
TERMS: Mapping[str, str] = MappingProxyType({
    "json_at": "{detail} at line {line}, column {column}",
    "json_too_deep": "nested too deeply to read",
    "json_number_too_long": "a number with {digits:,} digits (at most {limit:,} can be read)",
    "literal_syntax": "invalid syntax at line {line}",
    "literal_not_plain": "only plain values (text, numbers, True/False/None, lists, objects) are allowed, not "
                         "expressions",
    "literal_too_deep": "too deeply nested or too large to read",
})


# ------------------------------------------------------------------ the format


@dataclass(frozen=True)
class Turn:
    role: str
    text: str


@dataclass(frozen=True)
class Section:
    name: str
    kind: str  # "custom" or "predefined"
    categorical: bool
    instruction: str
    allowed_values: tuple[str, ...] | None
    text: str
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AccuracyPoint:
    point: str
    accuracy: str  # the justification
    is_accurate: bool | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rubric:
    question: str
    reasoning: str
    is_addressed: bool | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CompletenessItem:
    transcript_content: str
    related_content_from_summary: str
    is_covered: bool | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CompletenessQuestion:
    question: str
    content_list: tuple[CompletenessItem, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SummaryCase:
    id: str
    language: str
    transcript: tuple[Turn, ...]
    sections: tuple[Section, ...]
    accuracy: tuple[AccuracyPoint, ...]
    rubrics: tuple[Rubric, ...]
    completeness: tuple[CompletenessQuestion, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    # Repairs made while reading (e.g. the categorical adherence repair); not part of the data.
    notes: tuple[str, ...] = field(default=(), compare=False)


def _kind(value: Any) -> Param:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value[:40]}"' + ("..." if len(value) > 40 else "")
    if isinstance(value, int | float):
        return repr(value)
    kind = {dict: "object", list: "list", tuple: "tuple"}.get(type(value))
    return type(value).__name__ if kind is None else term(kind)


def _at(where: str, key: str) -> str:
    if not where:
        return key
    return f"{where}: {key}" if _LINE.fullmatch(where) else f"{where}.{key}"


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise missing(key, where)
        return ""
    if not isinstance(value, str):
        raise expected_value("text", _kind(value), _at(where, key))
    return value


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise expected_value("list", _kind(value), _at(where, key))
    return value


def _object(item: Any, what: str, place: str) -> Mapping[str, Any]:
    if not isinstance(item, dict):
        raise expected_value(what, _kind(item), place)
    return item


def _label(data: Mapping[str, Any], key: str, where: str) -> bool | None:
    value = data.get(key)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str) and value in _LABEL_STRINGS:
        return _LABEL_STRINGS[value]
    raise expected_value("true_false_null", _kind(value), _at(where, key))


def _extra(data: Mapping[str, Any], known: Iterable[str]) -> dict[str, Any]:
    known = set(known)
    return {k: v for k, v in data.items() if k not in known}


def _turns(items: list[Any], where: str) -> tuple[Turn, ...]:
    turns = []
    for i, item in enumerate(items):
        place = f"{where}[{i}]"
        item = _object(item, "turn_object", place)
        turns.append(Turn(_text(item, "role", place, required=True), _text(item, "text", place, required=True)))
    return tuple(turns)


def _sections(items: list[Any], where: str) -> tuple[Section, ...]:
    sections = []
    for i, item in enumerate(items):
        place = f"{where}[{i}]"
        item = _object(item, "section_object", place)
        kind = _text(item, "kind", place, required=True)
        if kind not in SECTION_KINDS:
            raise expected_value("section_kind", _kind(kind), _at(place, "kind"))
        categorical = item.get("categorical", False)
        if categorical is None:
            categorical = False
        if not isinstance(categorical, bool):
            raise expected_value("true_false", _kind(categorical), _at(place, "categorical"))
        allowed = item.get("allowed_values")
        if allowed is not None:
            if not isinstance(allowed, list):
                raise expected_value("list_of_values_or_null", _kind(allowed), _at(place, "allowed_values"))
            for j, value in enumerate(allowed):
                if not isinstance(value, str):
                    raise expected_value("text", _kind(value), f"{_at(place, 'allowed_values')}[{j}]")
            allowed = tuple(allowed)
        sections.append(Section(
            name=_text(item, "name", place, required=True),
            kind=kind,
            categorical=categorical,
            instruction=_text(item, "instruction", place),
            allowed_values=allowed,
            text=_text(item, "text", place),
            extra=_extra(item, _SECTION_KEYS),
        ))
    return tuple(sections)


# ------------------------------------------------------------------ judgement blocks


READ_NOTES: Mapping[str, str] = MappingProxyType({
    "ignored_keys": '{where}: ignored keys beside "{key}": {ignored}',
    "python_literal": "{where}: read as a Python literal (single quotes), as document 002 prints it",
    "bare_rubrics_repaired": (
        '{where}: the rubric members were written directly inside "rubrics": [...] (not valid JSON, as in '
        "document 002's categorical example); read as one rubric object"
    ),
})
"""English wording of the notes made while reading a judgement block; pages translate the codes."""


class ReadNote(str):
    """A note made while reading: its English text (what ``str`` gives, for the command line), its ``code`` of
    :data:`READ_NOTES`, the place and the parameters, for pages that say it in another language."""

    code: str
    where: str
    params: Mapping[str, str]

    def __new__(cls, code: str, where: str, **params: str) -> ReadNote:
        note = super().__new__(cls, READ_NOTES[code].format(where=where, **params))
        note.code, note.where, note.params = code, where, MappingProxyType(dict(params))
        return note

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "where": self.where, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReadNote:
        return cls(str(data["code"]), str(data.get("where", "")), **{k: str(v) for k, v in
                                                                     dict(data.get("params") or {}).items()})


def _block_notes(data: Mapping[str, Any], key: str, where: str) -> list[str]:
    ignored = [k for k in data if k != key]
    if not ignored:
        return []
    return [ReadNote("ignored_keys", where, key=key, ignored=", ".join(repr(k) for k in ignored))]


def _accuracy_block(data: Any, where: str) -> tuple[tuple[AccuracyPoint, ...], list[str]]:
    if data is None:
        return (), []
    data = _object(data, "decomposition_object", where)
    points = []
    for i, item in enumerate(_list(data, "decomposition", where)):
        place = f"{_at(where, 'decomposition')}[{i}]"
        item = _object(item, "accuracy_point_object", place)
        points.append(AccuracyPoint(_text(item, "point", place, required=True), _text(item, "accuracy", place),
                                    _label(item, "is_accurate", place),
                                    _extra(item, ("point", "accuracy", "is_accurate"))))
    return tuple(points), _block_notes(data, "decomposition", where)


def _adherence_block(data: Any, where: str) -> tuple[tuple[Rubric, ...], list[str]]:
    if data is None:
        return (), []
    data = _object(data, "rubrics_object", where)
    rubrics = []
    for i, item in enumerate(_list(data, "rubrics", where)):
        place = f"{_at(where, 'rubrics')}[{i}]"
        item = _object(item, "rubric_object", place)
        rubrics.append(Rubric(_text(item, "question", place, required=True), _text(item, "reasoning", place),
                              _label(item, "is_addressed", place),
                              _extra(item, ("question", "reasoning", "is_addressed"))))
    return tuple(rubrics), _block_notes(data, "rubrics", where)


def _completeness_block(data: Any, where: str) -> tuple[tuple[CompletenessQuestion, ...], list[str]]:
    if data is None:
        return (), []
    if not isinstance(data, list):
        raise expected_value("list_of_questions", _kind(data), where)
    questions = []
    for i, item in enumerate(data):
        place = f"{where}[{i}]"
        item = _object(item, "question_object", place)
        items = []
        for j, entry in enumerate(_list(item, "content_list", place)):
            entry_place = f"{_at(place, 'content_list')}[{j}]"
            entry = _object(entry, "content_object", entry_place)
            items.append(CompletenessItem(
                _text(entry, "transcript_content", entry_place),
                _text(entry, "related_content_from_summary", entry_place),
                _label(entry, "is_covered", entry_place),
                _extra(entry, ("transcript_content", "related_content_from_summary", "is_covered"))))
        questions.append(CompletenessQuestion(_text(item, "question", place, required=True), tuple(items),
                                              _extra(item, ("question", "content_list"))))
    return tuple(questions), []


_BLOCK_READERS = {"accuracy": _accuracy_block, "adherence": _adherence_block, "completeness": _completeness_block}

# The categorical adherence example of document 002: rubric members directly inside "rubrics": [ ... ].
_BARE_RUBRICS = re.compile(r"""(["'])rubrics\1\s*:\s*\[(?=\s*["'])""")


class _Unreadable(ValueError):
    """Why a block's text is not JSON or not a Python literal: ``detail`` is a term of :data:`TERMS` (or what
    Python said, as it said it), and ``str()`` its English."""

    def __init__(self, detail: Param) -> None:
        super().__init__(str(detail))
        self.detail = detail


def _literal(text: str) -> Any:
    """Read a Python literal safely (``ast.literal_eval`` never runs code); raise ``_Unreadable`` if it is not one."""
    try:
        return ast.literal_eval(text)
    except SyntaxError as error:
        raise _Unreadable(term("literal_syntax", TERMS, line=error.lineno or 1)) from None
    except ValueError:
        raise _Unreadable(term("literal_not_plain", TERMS)) from None
    except (MemoryError, RecursionError, TypeError):
        raise _Unreadable(term("literal_too_deep", TERMS)) from None


def _json(text: str) -> Any:
    """Strict JSON; raise ``_Unreadable`` with the line and column if it is not."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _Unreadable(term("json_at", TERMS, detail=json_detail(error.msg), line=error.lineno,
                               column=error.colno)) from None
    except ValueError as error:  # e.g. a number beyond Python's digit limit
        found = too_long_integer(text)
        if found is None:
            raise _Unreadable(str(error)) from None
        raise _Unreadable(term("json_number_too_long", TERMS, digits=found[0],
                               limit=sys.get_int_max_str_digits())) from None
    except RecursionError:
        raise _Unreadable(term("json_too_deep", TERMS)) from None


def _read_block_text(text: str, kind: str, where: str) -> tuple[Any, list[str]]:
    if len(text) > MAX_BLOCK_CHARS:
        raise input_error(PROBLEMS, "block_too_long", where, length=len(text), limit=MAX_BLOCK_CHARS)
    text = text.lstrip("\ufeff").strip()  # a byte-order mark copied along with the text
    if not text:
        raise input_error(PROBLEMS, "block_empty", where)
    try:
        return _json(text), []
    except _Unreadable as error:
        json_problem = error.detail
    try:
        value = _literal(text)
        return value, [ReadNote("python_literal", where)]
    except _Unreadable as error:
        literal_problem = error.detail
    if kind == "adherence":
        match = _BARE_RUBRICS.search(text)
        close = text.rfind("]")
        if match and close > match.end() and re.fullmatch(r"\]\s*\}", text[close:]):
            repaired = text[:match.end()] + "{" + text[match.end():close] + "}" + text[close:]
            note = ReadNote("bare_rubrics_repaired", where)
            for reader in (_json, _literal):
                try:
                    return reader(repaired), [note]
                except ValueError:
                    continue
    raise input_error(PROBLEMS, "block_unreadable", where, json_problem=json_problem, literal_problem=literal_problem)


def _check_plain(value: Any, where: str) -> None:
    """A block read from text holds only what JSON can hold: a Python literal may carry sets, bytes or tuples."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise input_error(PROBLEMS, "keys_must_be_text", where, got=repr(key))
            _check_plain(item, _at(where, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_plain(item, f"{where}[{i}]")
    elif value is not None and not isinstance(value, str | int | float):
        raise expected_value("json_value", _kind(value), where)
    else:
        reject_surrogates(value, where)
        reject_non_finite(value, where)  # json.loads reads NaN, and a literal 1e999 is infinity


def _parse_block(value: Any, kind: str, where: str) -> tuple[Any, list[str]]:
    """Validate one block given as parsed JSON or as a string; return its parsed objects and notes."""
    notes: list[str] = []
    if isinstance(value, str):
        value, notes = _read_block_text(value, kind, where)
        _check_plain(value, where)
    objects, more = _BLOCK_READERS[kind](value, where)
    return objects, notes + more


def _accuracy_to_dict(points: Iterable[AccuracyPoint]) -> dict[str, Any]:
    return {"decomposition": [{"point": p.point, "accuracy": p.accuracy, "is_accurate": p.is_accurate, **p.extra}
                              for p in points]}


def _adherence_to_dict(rubrics: Iterable[Rubric]) -> dict[str, Any]:
    return {"rubrics": [{"question": r.question, "reasoning": r.reasoning, "is_addressed": r.is_addressed, **r.extra}
                        for r in rubrics]}


def _completeness_to_list(questions: Iterable[CompletenessQuestion]) -> list[dict[str, Any]]:
    return [{"question": q.question,
             "content_list": [{"transcript_content": c.transcript_content,
                               "related_content_from_summary": c.related_content_from_summary,
                               "is_covered": c.is_covered, **c.extra} for c in q.content_list],
             **q.extra}
            for q in questions]


_BLOCK_WRITERS = {"accuracy": _accuracy_to_dict, "adherence": _adherence_to_dict,
                  "completeness": _completeness_to_list}


def parse_judgement_block(text: str, kind: str) -> tuple[Any, tuple[str, ...]]:
    """Read a judgement block pasted from document 002 and return it validated, with notes.

    ``kind`` is ``"accuracy"``, ``"adherence"`` or ``"completeness"``. The text is read as
    strict JSON; failing that, as a Python literal (the single-quoted form), with
    :func:`ast.literal_eval` on at most :data:`MAX_BLOCK_CHARS` characters, which never runs
    code; failing that, for adherence only, members written directly inside
    ``"rubrics": [...]`` are wrapped into one rubric object and a note says so.

    Returns the normalized structure (``{"decomposition": [...]}``, ``{"rubrics": [...]}`` or
    the list of questions) with real booleans or ``None`` as labels and unknown keys kept, and
    the notes. Raises :class:`InputError` naming the place (``accuracy.decomposition[1]...``).
    """
    if kind not in _BLOCK_READERS:
        raise expected_one_of(SUMMARY_METRICS, _kind(kind), "kind")
    if not isinstance(text, str):
        raise expected_value("block_text", _kind(text), kind)
    objects, notes = _parse_block(text, kind, kind)
    return _BLOCK_WRITERS[kind](objects), tuple(notes)


# ------------------------------------------------------------------ cases


def case_from_dict(data: Any, where: str = "") -> SummaryCase:
    """Validate one summary case given as parsed JSON; errors name the place under ``where``."""
    if isinstance(data, SummaryCase):
        return data
    if not isinstance(data, dict):
        raise expected_value("summary_case_object", _kind(data), where)
    case_id = _text(data, "id", where, required=True)
    if not case_id.strip():
        raise problem("id_must_not_be_empty", _at(where, "id"))
    transcript = _turns(_list(data, "transcript", where), _at(where, "transcript"))
    sections = _sections(_list(data, "sections", where), _at(where, "sections"))
    notes: list[str] = []
    blocks = {}
    for kind in SUMMARY_METRICS:
        blocks[kind], block_notes = _parse_block(data.get(kind), kind, _at(where, kind))
        notes.extend(block_notes)
    return SummaryCase(
        id=case_id,
        language=_text(data, "language", where),
        transcript=transcript,
        sections=sections,
        accuracy=blocks["accuracy"],
        rubrics=blocks["adherence"],
        completeness=blocks["completeness"],
        extra=_extra(data, _CASE_KEYS),
        notes=tuple(notes),
    )


def case_to_dict(case: SummaryCase) -> dict[str, Any]:
    """The case in the file format, blocks written as normalized JSON (real booleans), unknown keys kept."""
    result: dict[str, Any] = {
        "id": case.id,
        "language": case.language,
        "transcript": [{"role": t.role, "text": t.text} for t in case.transcript],
        "sections": [{"name": s.name, "kind": s.kind, "categorical": s.categorical, "instruction": s.instruction,
                      "allowed_values": None if s.allowed_values is None else list(s.allowed_values),
                      "text": s.text, **s.extra} for s in case.sections],
        "accuracy": _accuracy_to_dict(case.accuracy),
        "adherence": _adherence_to_dict(case.rubrics),
        "completeness": _completeness_to_list(case.completeness),
    }
    return {**result, **case.extra}


def _parse_document(text: str) -> Any:
    try:
        return parse_format(text, SUMMARIES)
    except InputError:
        raise
    except ValueError as error:  # a number beyond Python's digit limit is a plain ValueError, not a JSON error
        raise input_error(PROBLEMS, "cannot_read_file", detail=str(error)) from None


def cases_from_text(text: str, source: str = "") -> tuple[SummaryCase, ...]:
    """One case (JSON object), JSONL, a JSON array or ``{"cases": [...]}``; errors name the place."""
    try:
        document = _parse_document(text)
        if document.kind == "jsonl":
            placed = [(at_line(line), record) for line, record in document.records]
        elif isinstance(document.value, list):
            placed = [(f"[{i}]", item) for i, item in enumerate(document.value)]
        elif isinstance(document.value, dict) and isinstance(document.value.get("cases"), list):
            placed = [(f"cases[{i}]", item) for i, item in enumerate(document.value["cases"])]
        else:
            placed = [("", document.value)]
        if not placed:
            raise input_error(PROBLEMS, "no_summary_cases")
        cases = []
        seen: set[str] = set()
        for where, record in placed:
            case = case_from_dict(record, where)
            if case.id in seen:
                raise problem("duplicate_case_id_here", _at(where, "id"), id=case.id)
            seen.add(case.id)
            cases.append(case)
        return tuple(cases)
    except InputError as error:
        raise error.located(source) if source else error from None


def cases_from_bytes(data: bytes, source: str = "") -> tuple[SummaryCase, ...]:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return cases_from_text(text, source)


def cases_to_text(cases: Iterable[SummaryCase]) -> str:
    """One case as pretty JSON, several as JSONL.

    A lone case carrying its own ``"cases"`` list is written inside a JSON array: as a bare
    object it would read back as the ``{"cases": [...]}`` wrapper.
    """
    cases = tuple(cases)
    if len(cases) == 1:
        data = case_to_dict(cases[0])
        return dumps_json([data] if isinstance(data.get("cases"), list) else data)
    return dumps_jsonl([case_to_dict(case) for case in cases])


# ------------------------------------------------------------------ scores


def categorical_check(section: Section) -> bool | None:
    """Whether a categorical section's text is exactly one allowed value, case and surrounding space aside.

    ``None`` for a free-text section or one without allowed values (nothing to check).
    """
    if not section.categorical or not section.allowed_values:
        return None
    answer = section.text.strip().casefold()
    return sum(1 for value in section.allowed_values if value.strip().casefold() == answer) == 1


@dataclass(frozen=True)
class SummaryEvaluation:
    metrics: Mapping[str, Proportion]
    macro: Mapping[str, float | None]
    not_applicable: Mapping[str, str]  # metric -> reason code

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {name: self.metrics[name].to_dict() for name in SUMMARY_METRICS}
        result["macro"] = {name: self.macro[name] for name in SUMMARY_METRICS}
        result["not_applicable"] = dict(self.not_applicable)
        return result


def _rule_na(case: SummaryCase) -> dict[str, str]:
    """N/A by document 002's section rules; a case without sections skips them."""
    reasons = {}
    if case.sections:
        if not any(section.kind == "custom" for section in case.sections):
            reasons["adherence"] = NA_ONLY_PREDEFINED
        if all(section.categorical for section in case.sections):
            reasons["completeness"] = NA_ONLY_CATEGORICAL
    return reasons


def _counts(labels: Iterable[bool | None]) -> tuple[int, int, int]:
    labels = list(labels)
    total = sum(1 for label in labels if label is not None)
    return sum(1 for label in labels if label is True), total, len(labels) - total


def _mean(values: Iterable[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return sum(present) / len(present) if present else None


def _completeness_macro(case: SummaryCase) -> float | None:
    scores = []
    for question in case.completeness:
        covered, labelled, _ = _counts(item.is_covered for item in question.content_list)
        if labelled:
            scores.append(covered / labelled)
    return _mean(scores)


def _case_counts(case: SummaryCase) -> tuple[dict[str, tuple[int, int, int]], dict[str, str]]:
    rule = _rule_na(case)
    counts = {
        "accuracy": _counts(point.is_accurate for point in case.accuracy),
        "adherence": _counts(rubric.is_addressed for rubric in case.rubrics),
        "completeness": _counts(item.is_covered for question in case.completeness for item in question.content_list),
    }
    for name in rule:
        counts[name] = (0, 0, 0)
    return counts, rule


def _evaluation(counts: Mapping[str, tuple[int, int, int]], rule: Mapping[str, str],
                macro: Mapping[str, float | None], confidence: float) -> SummaryEvaluation:
    proportions = Proportion.many([counts[name] for name in SUMMARY_METRICS], confidence)
    metrics = dict(zip(SUMMARY_METRICS, proportions, strict=True))
    not_applicable = {}
    for name in SUMMARY_METRICS:
        if name in rule:
            not_applicable[name] = rule[name]
        elif metrics[name].is_na:
            not_applicable[name] = NA_NO_UNITS
    return SummaryEvaluation(metrics, {name: None if name in not_applicable else macro[name]
                                       for name in SUMMARY_METRICS}, not_applicable)


def evaluate_summary(case: SummaryCase, confidence: float = DEFAULT_CONFIDENCE) -> SummaryEvaluation:
    """Accuracy, adherence and completeness of one case, with the N/A rules and macro values."""
    case = case_from_dict(case)
    confidence = check_confidence(confidence)
    counts, rule = _case_counts(case)
    accuracy = counts["accuracy"]
    adherence = counts["adherence"]
    macro = {
        "accuracy": accuracy[0] / accuracy[1] if accuracy[1] else None,  # one group: the value itself
        "adherence": adherence[0] / adherence[1] if adherence[1] else None,  # mean of 0/1 rubric scores
        "completeness": _completeness_macro(case),
    }
    return _evaluation(counts, rule, macro, confidence)


@dataclass(frozen=True)
class SummaryReport:
    cases: tuple[tuple[str, SummaryEvaluation], ...]
    aggregate: SummaryEvaluation

    def to_dict(self) -> dict[str, Any]:
        aggregate = self.aggregate.to_dict()
        del aggregate["not_applicable"]
        return {"cases": [{"id": case_id, **evaluation.to_dict()} for case_id, evaluation in self.cases],
                "aggregate": aggregate}


def evaluate_summaries(cases: Iterable[SummaryCase], confidence: float = DEFAULT_CONFIDENCE) -> SummaryReport:
    """Every case's evaluation and the aggregate: pooled counts (micro) and the mean of case macros."""
    confidence = check_confidence(confidence)
    cases = tuple(case_from_dict(case, f"cases[{i}]") for i, case in enumerate(cases))
    results = []
    pooled = {name: [0, 0, 0] for name in SUMMARY_METRICS}
    reasons: dict[str, set[str]] = {name: set() for name in SUMMARY_METRICS}
    for case in cases:
        evaluation = evaluate_summary(case, confidence)
        results.append((case.id, evaluation))
        for name in SUMMARY_METRICS:
            metric = evaluation.metrics[name]
            for i, count in enumerate((metric.successes, metric.total, metric.unlabelled)):
                pooled[name][i] += count
            reasons[name].add(evaluation.not_applicable.get(name, ""))
    counts = {name: (pooled[name][0], pooled[name][1], pooled[name][2]) for name in SUMMARY_METRICS}
    # An aggregate with no labelled units keeps the section rule when every case was N/A by that same rule.
    rule = {name: reasons[name].pop() for name in SUMMARY_METRICS
            if len(reasons[name]) == 1 and next(iter(reasons[name])) in (NA_ONLY_PREDEFINED, NA_ONLY_CATEGORICAL)}
    macro = {name: _mean(evaluation.macro[name] for _, evaluation in results) for name in SUMMARY_METRICS}
    return SummaryReport(tuple(results), _evaluation(counts, rule, macro, confidence))
