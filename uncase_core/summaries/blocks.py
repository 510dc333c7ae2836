"""The three judgement blocks of a summary case (document 002), read from a case file or pasted text and written
back: strict JSON or the single-quoted Python-literal form the document prints (read with :func:`ast.literal_eval`,
never evaluated), the categorical adherence example repaired into one rubric object, each read with its notes.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    Param,
    expected_one_of,
    expected_value,
    input_error,
    json_detail,
    term,
)
from uncase_core.shared.jsonfiles import (
    reject_non_finite,
    reject_surrogates,
    too_long_integer,
)
from uncase_core.summaries.format import (
    MAX_BLOCK_CHARS,
    PROBLEMS,
    SUMMARY_METRICS,
    TERMS,
    AccuracyPoint,
    CompletenessItem,
    CompletenessQuestion,
    Rubric,
    _at,
    _extra,
    _kind,
    _label,
    _list,
    _object,
    _text,
)

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


def parse_block(value: Any, kind: str, where: str) -> tuple[Any, list[str]]:
    """Validate one block given as parsed JSON or as a string; return its parsed objects and notes."""
    notes: list[str] = []
    if isinstance(value, str):
        value, notes = _read_block_text(value, kind, where)
        _check_plain(value, where)
    objects, more = _BLOCK_READERS[kind](value, where)
    return objects, notes + more


def accuracy_to_dict(points: Iterable[AccuracyPoint]) -> dict[str, Any]:
    return {"decomposition": [{"point": p.point, "accuracy": p.accuracy, "is_accurate": p.is_accurate, **p.extra}
                              for p in points]}


def adherence_to_dict(rubrics: Iterable[Rubric]) -> dict[str, Any]:
    return {"rubrics": [{"question": r.question, "reasoning": r.reasoning, "is_addressed": r.is_addressed, **r.extra}
                        for r in rubrics]}


def completeness_to_list(questions: Iterable[CompletenessQuestion]) -> list[dict[str, Any]]:
    return [{"question": q.question,
             "content_list": [{"transcript_content": c.transcript_content,
                               "related_content_from_summary": c.related_content_from_summary,
                               "is_covered": c.is_covered, **c.extra} for c in q.content_list],
             **q.extra}
            for q in questions]


_BLOCK_WRITERS = {"accuracy": accuracy_to_dict, "adherence": adherence_to_dict,
                  "completeness": completeness_to_list}


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
    objects, notes = parse_block(text, kind, kind)
    return _BLOCK_WRITERS[kind](objects), tuple(notes)


