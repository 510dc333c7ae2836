"""Turn RAGAS-style evaluation rows into unlabelled cases, ready to label by hand.

Rows carry ``user_input``, ``retrieved_contexts``, ``response`` and ``reference`` (the
RAGAS 0.2 names; the older ``question``, ``contexts``, ``answer`` and ``ground_truth``
are accepted too), as JSON Lines, a JSON array, or CSV. Each retrieved context becomes a
passage, each sentence of the response a claim and each sentence of the reference a
fact, all with null labels.
"""

from __future__ import annotations

import ast
import csv
import io
import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    at_line,
    expected_object_with,
    expected_value,
    input_error,
    problem,
    unreadable_csv,
)
from uncase_core.rag.cases import LABEL_FIELDS, RagCase, RagDataset, Unit
from uncase_core.text.formats import RAGAS, check_csv_header, parse_format
from uncase_core.text.jsonfiles import decode_text, parse_document
from uncase_core.text.sentences import split_sentences

COLUMNS: Mapping[str, tuple[str, ...]] = {
    "question": ("user_input", "question"),
    "contexts": ("retrieved_contexts", "contexts"),
    "answer": ("response", "answer"),
    "reference": ("reference", "ground_truth"),
}
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "missing_either": "missing {first} or {second}",
    "unreadable_contexts": "cannot read the list of contexts; write it as a JSON list of strings",
    "expected_list_of_strings": "expected a list of strings",
    "no_question_column": "the header has no user_input (or question) column; it has: {columns}",
    "no_rows": "no rows to import",
    "duplicate_row_id": 'duplicate id "{id}"',
})
# A list literal longer than this in a CSV cell is not read as a Python literal.
_MAX_LITERAL_CHARS = 1_000_000


def _pick(row: Mapping[str, Any], field: str, where: str, required: bool) -> Any:
    for name in COLUMNS[field]:
        if name in row and row[name] not in (None, ""):
            return row[name]
    if required:
        first, second = COLUMNS[field]
        raise input_error(PROBLEMS, "missing_either", where, first=repr(first), second=repr(second))
    return None


def _contexts(value: Any, where: str) -> list[str]:
    """A list of strings, or a CSV cell holding one as JSON or as a Python list literal."""
    if value is None:
        return []
    if isinstance(value, str):
        stripped = value.strip()
        if stripped.startswith("["):
            parsed: Any = None
            try:
                parsed = json.loads(stripped)
            except (json.JSONDecodeError, RecursionError):
                # RAGAS exports written by pandas use Python's list repr. literal_eval only
                # builds literals, it never runs code.
                if len(stripped) <= _MAX_LITERAL_CHARS:
                    try:
                        parsed = ast.literal_eval(stripped)
                    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                        parsed = None
            if isinstance(parsed, list):
                value = parsed
            else:
                raise input_error(PROBLEMS, "unreadable_contexts", where)
        else:
            return [value] if stripped else []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise input_error(PROBLEMS, "expected_list_of_strings", where)
    return [item for item in value if item.strip()]


def _text(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise expected_value("text", type(value).__name__, where)
    return value


def _units(prefix: str, kind: str, texts: list[str]) -> tuple[Unit, ...]:
    labels = dict.fromkeys(LABEL_FIELDS[kind])
    return tuple(Unit(f"{prefix}{i}", text, labels) for i, text in enumerate(texts, start=1))


def _field(where: str, name: str) -> str:
    """``line 3: response`` for a file line, ``[2].response`` for a position in a list, ``response`` for the
    one object of a file."""
    if not where:
        return name
    return f"{where}: {name}" if where.startswith("line") else f"{where}.{name}"


def case_from_row(row: Mapping[str, Any], index: int, where: str) -> RagCase:
    if not isinstance(row, Mapping):
        raise expected_object_with(("user_input", "retrieved_contexts", "response", "reference"), where)
    question = _text(_pick(row, "question", where, required=True), _field(where, "user_input"))
    contexts = _contexts(_pick(row, "contexts", where, required=False), _field(where, "retrieved_contexts"))
    answer = _text(_pick(row, "answer", where, required=False), _field(where, "response"))
    reference = _text(_pick(row, "reference", where, required=False), _field(where, "reference"))
    raw_id = row.get("id")
    case_id = str(raw_id) if raw_id is not None and str(raw_id).strip() else f"ragas-{index + 1:03d}"
    return RagCase(
        id=case_id,
        question=question,
        passages=_units("p", "passages", contexts),
        answer=answer,
        claims=_units("c", "claims", split_sentences(answer)),
        reference_facts=_units("f", "reference_facts", split_sentences(reference)),
        metadata={"source": "ragas-import"},
    )


def _ragas_header(names: list[str]) -> None:
    check_csv_header(names, RAGAS, at_line(1))  # a ';' or tab delimiter, or another module's columns, said so
    if not set(names) & set(COLUMNS["question"]):
        raise input_error(PROBLEMS, "no_question_column", at_line(1), columns=", ".join(names))


def csv_rows(text: str, check_header: Callable[[list[str]], None] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The rows of CSV text as ``("line N", {column: cell})``; ``check_header`` may refuse the header first."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        header = reader.fieldnames
    except csv.Error as error:  # e.g. a header cell longer than the csv module's field limit
        raise unreadable_csv(error, at_line(1)) from None
    if not header:
        raise problem("csv_no_header")
    if check_header is not None:
        check_header(list(header))
    rows = []
    try:
        for row in reader:
            if None in row:
                raise problem("csv_more_cells", at_line(reader.line_num))
            rows.append((at_line(reader.line_num), row))
    except csv.Error as error:  # DictReader.line_num is only updated after a row is read: ask its reader
        raise unreadable_csv(error, at_line(reader.reader.line_num)) from None
    return rows


def read_rows(text: str, fmt: str | None = None,
              check_header: Callable[[list[str]], None] | None = None,
              parse: Callable[[str], Any] = parse_document) -> list[tuple[str, Any]]:
    """Rows of JSON Lines (``"line N"``), a JSON array (``"[i]"``), one JSON object (``""``) or CSV (``"line N"``).

    ``fmt`` is ``"jsonl"``, ``"json"``, ``"csv"`` or None to sniff (JSON when the text starts with
    ``[`` or ``{``). ``check_header`` sees a CSV header before any row is read; ``parse`` reads
    JSON (a reader that refuses another module's files, say). An empty file or one without rows is
    refused.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise problem("file_empty")
    is_json = fmt in ("json", "jsonl") or (fmt is None and text.lstrip()[:1] in "[{")
    if is_json:
        document = parse(text)
        if document.kind == "jsonl":
            rows = [(at_line(line), record) for line, record in document.records]
        elif isinstance(document.value, list):
            rows = [(f"[{i}]", record) for i, record in enumerate(document.value)]
        else:
            rows = [("", document.value)]
    else:
        rows = csv_rows(text, check_header)
    if not rows:
        raise input_error(PROBLEMS, "no_rows")
    return rows


def import_ragas_text(text: str, source: str = "", fmt: str | None = None) -> RagDataset:
    """Read RAGAS rows from JSONL, a JSON array or CSV (chosen by ``fmt`` or by sniffing)."""
    try:
        rows = read_rows(text, fmt, _ragas_header, parse=lambda body: parse_format(body, RAGAS))
        cases = [case_from_row(row, i, where) for i, (where, row) in enumerate(rows)]
        seen: set[str] = set()
        for (where, _), case in zip(rows, cases, strict=True):
            if case.id in seen:
                raise input_error(PROBLEMS, "duplicate_row_id", where, id=case.id)
            seen.add(case.id)
        return RagDataset(tuple(cases), "jsonl")
    except InputError as error:
        raise error.located(source) if source else error from None


def import_ragas_bytes(data: bytes, source: str = "", fmt: str | None = None) -> RagDataset:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return import_ragas_text(text, source, fmt)
