"""The summary case format (document 002): a transcript, the summary's sections and three judgement blocks,
as data classes with their field readers. The blocks are read in :mod:`~uncase_core.summaries.blocks`, whole case
files in :mod:`~uncase_core.summaries.cases`, scored in :mod:`~uncase_core.summaries.evaluation`.

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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    Param,
    expected_value,
    missing,
    term,
)

SUMMARY_METRICS = ("accuracy", "adherence", "completeness")

SECTION_KINDS = ("custom", "predefined")

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


