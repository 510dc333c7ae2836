"""The one error type for bad input, which always says where the problem is, and what kind of problem it is.

An :class:`InputError` carries the English ``problem`` (what the command line prints), the
``where`` and ``source`` of it, and, for a page to say the same in its own language, a stable
snake_case ``code`` with the ``params`` the message quotes.

Codes and their English. Each code's English template lives in a module-level ``PROBLEMS``
mapping (code -> template, ``str.format`` fields named after the params): this module's for the
shapes most messages share (:func:`expected_value`, :func:`missing`, :func:`unknown_choice`...), and
a module's own for problems only it has; :func:`input_error` fills a template. Codes are unique
across the package, since a page's catalogue keys them as ``error.<code>`` (and a term's as
``error.term.<code>``).

Params. What a page does with a param follows from its type alone:

* :class:`Term`: a word or phrase of the core's vocabulary (what a value should be, such as
  ``a list`` or ``true, false or null``; the kind of value found, such as ``an object``). Its
  ``code`` is for the page to translate; its English is in a ``TERMS`` mapping (this module's for
  shared words, a module's own for its words) and is what the English template shows.
* ``int`` or ``float``: a number the core states (a count, a limit, a line). A page writes it in
  the reader's number style; the English template may give it a format (``{limit:,}``).
* :class:`Place`: a place in the input (``also at line 3``), in the grammar of ``where`` below.
* ``str``: quoted from the input, or a name of the format (a field, a column, a metric, an
  option), shown exactly as it is (a page escapes it for markdown).

Places. ``where`` is a string in a small grammar: zero or more *markers* separated by ``": "``,
then optionally ``": "`` and a *path*. A marker is ``line N`` (a line of the file, from 1) or
``conversation N`` (the N-th conversation of a file, from 0); :func:`split_place` reads the markers
and leaves the rest verbatim. A path is a place in the data as the format names it
(``cases[2].claims[0].supported``, ``[3].response``, ``verdict``, ``--judge-file``) and is never
translated. So ``line 7: passages[0].relevant`` is a marker and a path, which a Spanish page shows
as ``línea 7: passages[0].relevant``. Only markers at the start are markers: a path that itself
holds ``": line 3"`` stays verbatim.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from uncase_core.shared.bidi import mark_bidi_controls

# Control characters and line separators (a value quoted from the file may hold them) are written
# as escapes, so the message stays on one line and cannot move a terminal's cursor.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# A part longer than this (e.g. a 1 MB value quoted in full) is shortened in the middle.
MAX_PART_CHARS = 600
_HEAD, _TAIL = 400, 150


def one_line(text: str) -> str:
    """``text`` on one line, controls escaped, bidirectional controls marked, shortened when very long."""
    text = _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)
    text = mark_bidi_controls(text)  # a right-to-left override would reorder the message on screen
    if len(text) > MAX_PART_CHARS:
        text = f"{text[:_HEAD]} [... {len(text) - _HEAD - _TAIL:,} characters left out ...] {text[-_TAIL:]}"
    return text


@dataclass(frozen=True)
class Term:
    """A word or phrase of the core's vocabulary in an error's params: ``code`` to translate, ``english`` to show.

    Formatting a term (``"{what}".format(what=term)``) gives its English, so the English
    templates need nothing special. A phrase that quotes values of its own (``invalid syntax at
    line 3``) carries them in ``params``, as an error does (:func:`term` fills its English).
    """

    code: str
    english: str
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def __str__(self) -> str:
        return self.english

    def __format__(self, spec: str) -> str:
        return format(self.english, spec)


@dataclass(frozen=True)
class Place:
    """A place in the input quoted inside a problem (``also at line 3``), in the grammar of ``where``."""

    where: str

    def __str__(self) -> str:
        return self.where

    def __format__(self, spec: str) -> str:
        return format(self.where, spec)


Param = str | int | float | Term | Place
_NO_PARAMS: Mapping[str, Param] = MappingProxyType({})


def _clean(value: Param) -> Param:
    """``value`` on one line (texts, places, and a term's English and params), as every part of a message is."""
    if isinstance(value, Place):
        return Place(one_line(value.where))
    if isinstance(value, Term):
        return Term(value.code, one_line(value.english),
                    MappingProxyType({name: _clean(param) for name, param in value.params.items()}))
    return one_line(value) if isinstance(value, str) else value


class InputError(ValueError):
    """Input that cannot be used, with the place it was found.

    ``where`` is a place as the module docstring describes (``cases[2].claims[0].supported``,
    ``line 7``); ``source`` is the file or upload name when there is one. ``str()`` gives
    the one-line message shown to people: ``source: where: problem``. Control characters and
    line breaks in any part (and in every text param) are written as escapes (``\\n``),
    bidirectional controls as ``⟦U+202E⟧`` (:mod:`uncase_core.shared.bidi`), and a part longer than
    :data:`MAX_PART_CHARS` is shortened in the middle, saying how much was left out.

    ``code`` and ``params`` name the kind of problem and the values its message quotes, so that a
    page can say it in its own language (``problem`` is the English text; see the module
    docstring). Every error the core raises has them (make it with :func:`input_error` or a
    shape below); they survive :meth:`located`, :meth:`nested` and :meth:`at`.
    """

    def __init__(self, problem: str, where: str = "", source: str = "", *, code: str = "",
                 params: Mapping[str, Param] = _NO_PARAMS) -> None:
        self.problem = one_line(problem)
        self.where = one_line(where)
        self.source = one_line(source)
        self.code = code
        self.params: Mapping[str, Param] = MappingProxyType({name: _clean(value) for name, value in params.items()})
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return ": ".join(part for part in (self.source, self.where, self.problem) if part)

    def _copy(self, where: str, source: str) -> InputError:
        return InputError(self.problem, where, source, code=self.code, params=self.params)

    def located(self, source: str) -> InputError:
        """The same error, naming the file or upload it came from."""
        return self._copy(self.where, source)

    def at(self, where: str) -> InputError:
        """The same error at another place."""
        return self._copy(where, self.source)

    def to_dict(self) -> dict[str, Any]:
        """The error as plain JSON data (for a result that carries it, such as a lesson note); see :meth:`from_dict`.

        ``{"code", "problem", "where", "source", "params"}``; in ``params`` a number or a text is itself, a
        :class:`Term` is ``{"term": code, "english": ..., "params": {...}}`` and a :class:`Place` is
        ``{"place": where}``.
        """
        return {"code": self.code, "problem": self.problem, "where": self.where, "source": self.source,
                "params": _params_to_dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> InputError:
        """The error :meth:`to_dict` gave (``error == InputError.from_dict(error.to_dict())`` in every part)."""
        return cls(data["problem"], data["where"], data["source"], code=data["code"],
                   params=_params_from_dict(data["params"]))

    def nested(self, prefix: str) -> InputError:
        """The same error with ``prefix`` put in front of its place."""
        if not self.where:
            where = prefix
        elif self.where.startswith("["):
            where = prefix + self.where
        else:
            where = f"{prefix}.{self.where}" if prefix else self.where
        return self._copy(where, self.source)


def _param_to_dict(value: Param) -> Any:
    if isinstance(value, Term):
        return {"term": value.code, "english": value.english, "params": _params_to_dict(value.params)}
    if isinstance(value, Place):
        return {"place": value.where}
    return value


def _params_to_dict(params: Mapping[str, Param]) -> dict[str, Any]:
    return {name: _param_to_dict(value) for name, value in params.items()}


def _param_from_dict(value: Any) -> Param:
    if isinstance(value, Mapping):
        if "place" in value:
            return Place(value["place"])
        return Term(value["term"], value["english"], MappingProxyType(_params_from_dict(value["params"])))
    return value


def _params_from_dict(params: Mapping[str, Any]) -> dict[str, Param]:
    return {name: _param_from_dict(value) for name, value in params.items()}


def input_error(problems: Mapping[str, str], code: str, where: str = "", source: str = "",
                **params: Param) -> InputError:
    """The error ``code``, its English made from ``problems[code]`` (a module's ``PROBLEMS``) and ``params``."""
    return InputError(problems[code].format(**params), where, source, code=code, params=params)


# ---------------------------------------------------------------- places

# The markers a place may start with (see the module docstring), as (kind, number).
MARKERS = ("line", "conversation")
_MARKER = re.compile(rf"({'|'.join(MARKERS)}) (\d+)")


def at_line(line: int, path: str = "") -> str:
    """``line 7``, or ``line 7: path``: the place of something on a line of the file."""
    return f"line {line}: {path}" if path else f"line {line}"


def at_conversation(index: int) -> str:
    """``conversation 3``: the conversation at position 3 (from 0) of a file, however the file lists them."""
    return f"conversation {index}"


def split_place(where: str) -> tuple[tuple[tuple[str, int], ...], str]:
    """The markers at the start of ``where`` as ``(kind, number)`` pairs, and the path after them (verbatim).

    >>> split_place("line 7: passages[0].relevant")
    ((('line', 7),), 'passages[0].relevant')
    """
    markers = []
    rest = where
    while rest:
        head, separator, tail = rest.partition(": ")
        found = _MARKER.fullmatch(head)
        if found is None:
            break
        markers.append((found.group(1), int(found.group(2))))
        rest = tail if separator else ""
    return tuple(markers), rest


# ---------------------------------------------------------------- shared words

# Term code -> English: what a value should be (``what``) or the kind of value found (``got``).
TERMS: Mapping[str, str] = MappingProxyType({
    # kinds of value, as expected or as found
    "object": "an object",
    "list": "a list",
    "tuple": "a tuple",
    # what a value should be
    "text": "text",
    "true_false_null": "true, false or null",
    "true_false": "true or false",
    "share_above_half": "a share above one half and at most 1 (0.8 = 80%)",
    "number": "a number",
    "finite_number": "a finite number",
    "whole_number": "a whole number",
    "non_negative_number": "a non-negative number",
    "finite_non_negative_number": "a finite non-negative number",
    "positive_number": "a positive number",
    "non_negative_whole_number": "a non-negative whole number",
    "score": "a score",
    "string_or_number": "a string or number",
    "list_of_numbers": "a list of numbers",
    "list_of_labels": "a list of labels",
    "list_of_true_false_null": "a list of true, false or null",
    "list_of_binary": "a list of 0/1 or true/false values",
    "binary": "0, 1, true or false",
    "rag_case": "a RAG case",
    "rag_dataset": "a RAG dataset",
    "summary_cases": "summary cases (a list of them)",
    "room_dataset": "a RAG dataset or summary cases",
    "case_object": "a case object",
    "summary_case_object": "a summary case object",
    "conversation_object": "a conversation object",
    "turn_object": "a turn object",
    "claim_object": "a claim object",
    "turn_label_object": "a turn label object",
    "question_object": "a question object",
    "section_object": "a section object",
    "accuracy_point_object": "an accuracy point object",
    "turn_number": "a turn number",
    "position": "a position (a whole number)",
    "iso_time": "an ISO 8601 time",
    "split_name": "a split name",
    "annotator": '"a" or "b" (annotator A or B)',
    "text_alias": "a non-empty text alias",
    "name": "a name",
    "json_value": "a JSON value (text, number, true/false/null, list, object)",
    "block_text": "the block as text",
    "list_of_values_or_null": "a list of values or null",
    "list_of_questions": "a list of questions",
    "thresholds_object": "an object of thresholds",
    "verdict": "true, false, 1, 0, yes, no or empty",
    "label_value": "a whole number, true, false or a text label",
    "any_label_value": "true, false, a whole number or a text label",
    "alias_mapping": "a mapping of participant alias to labelled dataset",
    # what a value is, in "unknown X" and the like
    "dimension": "dimension",
    "metric": "metric",
    "unit_kind": "unit kind",
    "label": "label",
    "role": '"customer" or "agent"',
    "case_or_dataset": 'a case, a list of cases or {{"cases": [...]}}',  # a template: braces doubled
    "section_kind": '"custom" or "predefined"',
    "decomposition_object": 'an object with "decomposition"',
    "rubrics_object": 'an object with "rubrics"',
    "rubric_object": "a rubric object",
    "content_object": "a content object",
    "yes_no_verdict": "yes/no, true/false or 1/0",
    "all_or_any": "'all' or 'any'",
    "true_false_slash": "true/false",
    "kappa_weights": "none, 'linear' or 'quadratic'",
    "ppi_method": "'small_sample' or 'wald'",
    "lists_per_annotator": "one list of labels per annotator",
    "entries_per_unit": "a list with one entry per unit (None where not labelled)",
    "similarity_cutoff": "a number above 0 and at most 1",
    "list_of_turn_texts": "a list of turn texts",
    "single_string": "a single string",
    # lesson files (TOML)
    "table": "a table",
    "non_empty_text": "a non-empty text",
    "page": "page",
})


def term(code: str, terms: Mapping[str, str] = TERMS, **params: Param) -> Term:
    """The term ``code`` of ``terms`` (this module's shared words, or a module's own ``TERMS``), filled with
    ``params`` when it quotes values. Every entry of a ``TERMS`` is a template, as a problem is."""
    return Term(code, terms[code].format(**params),
                MappingProxyType({name: _clean(value) for name, value in params.items()}))


# ---------------------------------------------------------------- shared shapes

PROBLEMS: Mapping[str, str] = MappingProxyType({
    "expected": "expected {what}, got {got}",
    "expected_in_range": "expected {what} from {low:,} to {high:,}, got {got}",
    "expected_at_least": "expected {what} of at least {low:,}, got {got}",
    "expected_one_of": "expected one of {choices}, got {got}",
    "must_be_in_range": "must be from {low:,} to {high:,}, got {got}",
    "must_not_be_negative": "must not be negative, got {got}",
    "unknown_choice": "unknown {what} {got}; use one of {choices}",
    "missing_key": 'missing "{key}"',
    "missing_value": "missing value",
    "must_not_be_empty": "must not be empty",
    "id_must_not_be_empty": "id must not be empty",
    "duplicate_id": 'duplicate id "{id}" (also at {first})',
    "duplicate_case_id": 'duplicate case id "{id}" (also at {first})',
    "duplicate_case_id_here": 'duplicate case id "{id}"',
    "file_empty": "the file is empty",
    "not_utf8": "not UTF-8 text (undecodable byte at offset {offset}); save the file as UTF-8",
    "invalid_json": "invalid JSON: {detail} (column {column})",
    "json_too_deep": "JSON is nested too deeply to read",
    "unreadable_value": "unreadable value: {detail}",
    "number_too_long": "unreadable value: a number with {digits:,} digits (at most {limit:,} can be read)",
    "unpaired_surrogate": "unpaired surrogate \\u{code_point} in the text (not a character)",
    "nan_not_json": "NaN is not a JSON number (write null for a missing value)",
    "infinity_not_json": "{sign}Infinity (or a number beyond {sign}1.8e308) is not a JSON number; write a finite "
                         "number or null",
    "unreadable_csv": "unreadable CSV: {detail}",
    "csv_field_too_long": "unreadable CSV: field larger than field limit ({limit})",
    "csv_more_cells": "more cells than header columns",
    "csv_no_header": "the CSV has no header row",
    "expected_one_of_or_null": "expected one of {choices} or null, got {got}",
    "no_cases_in_dataset": "the dataset has no cases",
    "empty_value": "empty value",
    "must_be_between": "must be between {low} and {high}, got {got}",
    "missing_column": "missing column: {columns}",
    "missing_columns": "missing columns: {columns}",
    "expected_object_with": "expected an object with {columns}",
    "no_such_label": "{kind} have no label {got}; use {choices}",
    "no_case_with_id": "no case with id {got}",
})

# What Python's JSON reader says went wrong, as terms (its English, as Python words it): a page translates them.
JSON_DETAILS: Mapping[str, str] = MappingProxyType({
    "json_expecting_value": "Expecting value",
    "json_expecting_name": "Expecting property name enclosed in double quotes",
    "json_expecting_colon": "Expecting ':' delimiter",
    "json_expecting_comma": "Expecting ',' delimiter",
    "json_unterminated_string": "Unterminated string starting at",
    "json_control_character": "Invalid control character at",
    "json_bad_escape": "Invalid \\escape",
    "json_bad_unicode_escape": "Invalid \\uXXXX escape",
    "json_extra_data": "Extra data",
    "json_trailing_comma_object": "Illegal trailing comma before end of object",
    "json_trailing_comma_array": "Illegal trailing comma before end of array",
})
_JSON_DETAIL_CODES: Mapping[str, str] = MappingProxyType({text: code for code, text in JSON_DETAILS.items()})
_CSV_FIELD_LIMIT = re.compile(r"field larger than field limit \((\d+)\)")


def expected_value(what: str, got: Param, where: str = "") -> InputError:
    """``expected <what>, got <got>``: ``what`` a code of :data:`TERMS`, ``got`` the value as quoted or a Term."""
    return input_error(PROBLEMS, "expected", where, what=term(what), got=got)


def expected_in_range(what: str, low: int | float, high: int | float, got: Param, where: str = "") -> InputError:
    """``expected a number from 0 to 1, got 'x'`` (``what``: ``number``, ``whole_number``, ``score``)."""
    return input_error(PROBLEMS, "expected_in_range", where, what=term(what), low=low, high=high, got=got)


def expected_at_least(what: str, low: int, got: Param, where: str = "") -> InputError:
    return input_error(PROBLEMS, "expected_at_least", where, what=term(what), low=low, got=got)


def expected_one_of(choices: Sequence[str], got: Param, where: str = "") -> InputError:
    """``expected one of a, b, c, got 'x'``: the choices are names of the format, shown as they are."""
    return input_error(PROBLEMS, "expected_one_of", where, choices=", ".join(choices), got=got)


def must_be_in_range(low: int | float, high: int | float, got: Param, where: str = "") -> InputError:
    return input_error(PROBLEMS, "must_be_in_range", where, low=low, high=high, got=got)


def must_not_be_negative(got: Param, where: str = "") -> InputError:
    return input_error(PROBLEMS, "must_not_be_negative", where, got=got)


def unknown_choice(what: str, got: Param, choices: Sequence[str], where: str = "") -> InputError:
    """``unknown dimension 'x'; use one of a, b`` (``what``: ``dimension``, ``metric``, ``unit_kind``...)."""
    return input_error(PROBLEMS, "unknown_choice", where, what=term(what), got=got, choices=", ".join(choices))


def missing(key: str, where: str = "") -> InputError:
    """``missing "key"``: a field the format requires is absent."""
    return input_error(PROBLEMS, "missing_key", where, key=key)


def problem(code: str, where: str = "", **params: Param) -> InputError:
    """One of this module's :data:`PROBLEMS` by code (the shapes without a function of their own)."""
    return input_error(PROBLEMS, code, where, **params)


def json_detail(message: str) -> Param:
    """What Python's JSON reader said, as a Term when it is one of the few things it says (else as it is)."""
    code = _JSON_DETAIL_CODES.get(message)
    return message if code is None else Term(code, message)


def invalid_json(error: json.JSONDecodeError, where: str) -> InputError:
    return problem("invalid_json", where, detail=json_detail(error.msg), column=error.colno)


def unreadable_csv(error: csv.Error, where: str = "") -> InputError:
    """Python's csv reader refused the text; its one likely complaint here (a cell over its limit) is a code."""
    text = str(error)
    found = _CSV_FIELD_LIMIT.fullmatch(text)
    if found:
        return problem("csv_field_too_long", where, limit=int(found.group(1)))
    return problem("unreadable_csv", where, detail=text)


def missing_columns(columns: Sequence[str], where: str = "") -> InputError:
    """``missing column: score`` or ``missing columns: judge, run`` (a CSV header or a record lacks them)."""
    return problem("missing_column" if len(columns) == 1 else "missing_columns", where, columns=", ".join(columns))


def expected_object_with(columns: Sequence[str], where: str = "") -> InputError:
    """``expected an object with candidate, judge, score``: a record of a file that is not an object."""
    return problem("expected_object_with", where, columns=", ".join(columns))
