"""Reading JSON and JSONL documents with errors that say where the problem is.

Shared by every module's loader: bytes are decoded here (UTF-8, with or without a
byte-order mark), and the text is read either as one JSON document or as JSON Lines.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

from uncase_core.errors import InputError, at_line, invalid_json, problem
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows

DocumentKind = Literal["json", "jsonl"]


@dataclass(frozen=True)
class Document:
    """Parsed content: one JSON value, or the records of a JSONL file with line numbers."""

    kind: DocumentKind
    value: Any = None
    records: tuple[tuple[int, Any], ...] = ()


# Within one_reading(): the text each bytes object decoded to and the whole JSON value each text parsed to, by the
# objects' ids (the objects are held, so an id is not reused), with whether Python's reader took a non-finite number.
_ONE_READING: ContextVar[dict[tuple[str, int], tuple[Any, ...]] | None] = ContextVar("one_reading", default=None)


@contextmanager
def one_reading() -> Iterator[None]:
    """Decode and parse a file once while telling what it is and then reading it: within this,
    :func:`decode_text` of the same bytes object gives the text it gave before, and :func:`parse_document` or
    :func:`parse_head` of the same text the document of one JSON value they made before (the checks that depend on
    ``allow_nan`` made again). A JSON file was decoded and parsed twice by ``read_cases``: once to find its format,
    once to read it. Nothing is kept past the ``with``."""
    token = _ONE_READING.set({})
    try:
        yield
    finally:
        _ONE_READING.reset(token)


def decode_text(data: bytes) -> str:
    """Decode uploaded bytes as UTF-8, dropping a byte-order mark."""
    shared = _ONE_READING.get()
    if shared is not None and ("text", id(data)) in shared:
        return shared["text", id(data)][1]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise problem("not_utf8", offset=error.start) from None
    if shared is not None:
        shared["text", id(data)] = (data, text)
    return text


def _json_error(error: json.JSONDecodeError, line_offset: int = 0) -> InputError:
    return invalid_json(error, at_line(error.lineno + line_offset))


# A JSON string (skipped) or a JSON number, to find an integer too long for Python to read.
_STRING_OR_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?')


def too_long_integer(text: str) -> tuple[int, int] | None:
    """The digits and line of the first integer longer than Python reads (``sys.get_int_max_str_digits``)."""
    limit = sys.get_int_max_str_digits()
    for match in _STRING_OR_NUMBER.finditer(text):
        number = match.group().lstrip("-")
        if limit and number.isdigit() and len(number) > limit:
            return len(number), text.count("\n", 0, match.start()) + 1
    return None


class _NonFiniteSeen:
    """Parser hooks noting whether a NaN, an Infinity or a number beyond the float range went by.

    Python's reader takes all three, and JSON has none; :func:`parse_document` then finds and
    names the first one. The hooks run only for ``NaN`` / ``Infinity`` and for numbers written
    with a fraction or an exponent, so files without those pay nothing.
    """

    def __init__(self) -> None:
        self.seen = False

    def constant(self, name: str) -> float:
        self.seen = True
        return float(name)  # "NaN", "Infinity", "-Infinity"

    def number(self, text: str) -> float:
        value = float(text)
        if not math.isfinite(value):  # 1e999999
            self.seen = True
        return value


def _loads(text: str, locate: bool = True, hooks: _NonFiniteSeen | None = None) -> Any:
    """``json.loads``; a value it cannot read is an :class:`InputError` (``locate``: naming its line)."""
    hooks = hooks or _NonFiniteSeen()
    # Deeply nested input overflows the parser's recursion; say so instead of crashing.
    try:
        return json.loads(text, parse_constant=hooks.constant, parse_float=hooks.number)
    except RecursionError:
        raise problem("json_too_deep") from None
    except json.JSONDecodeError:
        raise
    except ValueError as error:  # e.g. an integer longer than Python's 4,300-digit limit
        found = too_long_integer(text)
        if found is None:
            raise problem("unreadable_value", detail=str(error)) from None
        digits, line = found
        raise problem("number_too_long", at_line(line) if locate else "", digits=digits,
                      limit=sys.get_int_max_str_digits()) from None


# A "\ud800"-style escape for half of a UTF-16 surrogate pair: JSON allows it, UTF-8 cannot hold it alone,
# so a value holding one could be read but never written back, hashed or downloaded.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# A line (JSON Lines splits on "\n" alone) holding something other than whitespace.
_NON_BLANK_LINE = re.compile(r"^[^\S\n]*\S", re.MULTILINE)


def reject_surrogates(value: Any, where: str = "") -> None:
    """Raise at the first string (key or value) holding an unpaired surrogate, naming its path under ``where``."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:  # iterative: the parser accepts nesting deeper than Python's recursion limit
        item, where = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                raise problem("unpaired_surrogate", where, code_point=f"{ord(found.group()):04x}")
        elif isinstance(item, dict):
            for key, child in reversed(item.items()):
                path = f"{where}.{key}" if where else str(key)
                stack.append((child, path))
                stack.append((key, where))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))


def _non_finite_error(number: float, where: str) -> InputError:
    if math.isnan(number):
        return problem("nan_not_json", where)
    return problem("infinity_not_json", where, sign="-" if number < 0 else "")


def reject_non_finite(value: Any, where: str = "") -> None:
    """Raise at the first NaN or infinite number in ``value`` (a key's value or a list item), naming its path."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:  # iterative: the parser accepts nesting deeper than Python's recursion limit
        item, where = stack.pop()
        if isinstance(item, float):
            if not math.isfinite(item):
                raise _non_finite_error(item, where)
        elif isinstance(item, dict):
            stack.extend((child, f"{where}.{key}" if where else str(key)) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))


def _check_records(document: Document, check: Any) -> None:
    if document.kind == "json":
        check(document.value)
    for line, record in document.records:
        try:
            check(record)
        except InputError as error:  # the loaders' JSONL place: "line 7: field"
            raise error.at(at_line(line, error.where)) from None


def parse_document(text: str, allow_nan: bool = False, limit: ReadLimit = UNLIMITED) -> Document:
    """Parse ``text`` as one JSON value or, failing that, as JSON Lines.

    ``limit`` refuses JSON Lines of more records (non-blank lines) than it reads before any line but the first is
    parsed; the records of one JSON value are its reader's to count, once parsed.

    Refuses, naming the place, what Python's reader takes but JSON has not: unpaired
    surrogates, ``NaN``, ``Infinity``, ``-Infinity`` and numbers beyond the float range
    (``1e999999``), which would otherwise be kept and written back as non-standard JSON.
    ``allow_nan`` keeps those numbers for a reader whose format gives them a meaning (RAGAS
    writes ``NaN`` for a score it could not determine); that reader must not write them back.
    """
    return _checked(text, allow_nan, lambda hooks: _parse(text, hooks, limit))


def parse_head(text: str, allow_nan: bool = False) -> Document:
    """:func:`parse_document` for a reader that looks at one record (which format a file is): a JSON document
    whole, but of JSON Lines only the first record, without reading the rest."""
    return _checked(text, allow_nan, lambda hooks: _parse(text, hooks, head_only=True))


def _checked(text: str, allow_nan: bool, parse: Callable[[_NonFiniteSeen], Document]) -> Document:
    shared = _ONE_READING.get()
    if shared is not None and ("json", id(text)) in shared:  # one JSON value, parsed and found free of surrogates
        _, document, seen = shared["json", id(text)]
        if seen and not allow_nan:
            _check_records(document, reject_non_finite)
        return document
    hooks = _NonFiniteSeen()
    document = parse(hooks)
    if _SURROGATE_ESCAPE.search(text):  # only such an escape can put a lone surrogate in the parsed value
        _check_records(document, reject_surrogates)
    if shared is not None and document.kind == "json":  # JSON Lines' head is not the whole file: not kept
        shared["json", id(text)] = (text, document, hooks.seen)
    if hooks.seen and not allow_nan:  # Python's reader took a NaN, an Infinity or 1e999999: none is JSON
        _check_records(document, reject_non_finite)
    return document


def count_lines(text: str) -> int:
    """The non-blank lines of ``text`` split on ``"\\n"`` (as JSON Lines is), counted without splitting it."""
    return sum(1 for _ in _NON_BLANK_LINE.finditer(text))


def _parse(text: str, hooks: _NonFiniteSeen, limit: ReadLimit = UNLIMITED, head_only: bool = False) -> Document:
    """Parse ``text`` as one JSON value or, failing that, as JSON Lines.

    A file whose whole text is valid JSON is one document. Otherwise, if its first
    non-blank line is a JSON value on its own, every non-blank line must be one (JSONL),
    and errors name the line. Empty files are an error.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise problem("file_empty")
    try:
        return Document("json", value=_loads(text, hooks=hooks))
    except json.JSONDecodeError as whole_error:
        # Split on "\n" only (as JSON Lines does and as the JSON error's line number counts):
        # str.splitlines() would also break at U+2028, U+0085 and the like, which JSON
        # strings may hold unescaped. The first record is read before the rest are counted or split, so a file that
        # is not JSON Lines at all is said to be invalid JSON.
        start = _NON_BLANK_LINE.search(text).start()  # type: ignore[union-attr]  # the text is not blank
        first = text.count("\n", 0, start)
        end = text.find("\n", start)
        try:
            head = _loads(text[start:] if end < 0 else text[start:end], locate=False, hooks=hooks)
        except json.JSONDecodeError:
            raise _json_error(whole_error) from None
        except InputError as error:
            raise error.nested(at_line(first + 1)) from None
        if head_only:
            return Document("jsonl", records=((first + 1, head),))
        if limit.rows is not None:
            check_rows(count_lines(text), limit)
        lines = text.split("\n")
        records = []
        for index, line in enumerate(lines):
            if not line.strip():
                continue
            try:
                records.append((index + 1, _loads(line, locate=False, hooks=hooks)))
            except json.JSONDecodeError as line_error:
                raise _json_error(line_error, index) from None
            except InputError as error:
                raise error.nested(at_line(index + 1)) from None
        return Document("jsonl", records=tuple(records))


def canonical_json(value: Any) -> bytes:
    """The serialization the certificate and the dataset version hash: sorted keys, no spaces, UTF-8, standard JSON."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def dumps_json(value: Any) -> str:
    """Serialize for download: readable, UTF-8 kept as is, ending with a newline.

    Standard JSON only: a NaN or infinite number raises ``ValueError`` instead of being written
    as ``NaN`` / ``Infinity``, which other JSON readers refuse.
    """
    return json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def dumps_jsonl(values: list[Any]) -> str:
    """One compact JSON value per line, standard JSON only (as :func:`dumps_json`)."""
    return "".join(json.dumps(value, ensure_ascii=False, allow_nan=False) + "\n" for value in values)
