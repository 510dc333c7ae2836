"""Turn RAGAS-style evaluation rows into unlabelled cases, ready to label by hand.

Rows carry ``user_input``, ``retrieved_contexts``, ``response`` and ``reference`` (the
RAGAS 0.2 names; the older ``question``, ``contexts``, ``answer`` and ``ground_truth``
are accepted too), as JSON Lines, a JSON array, or CSV. Each retrieved context becomes a
passage, each sentence of the response a claim and each sentence of the reference a
fact, all with null labels.

CSV files are read as spreadsheet programs save them (:mod:`uncase_core.shared.spreadsheets`):
UTF-8 with or without a byte-order mark, cells separated by ``,``, ``;`` or tabs (sniffed, and
said in the note ``csv_delimiter``). Beside the RAGAS columns a CSV file may have:

``id``
    The case's id (else ``ragas-001``, ``ragas-002``... by row); ids must be unique.
``context_1``, ``context_2``, ... (or ``passage_1``, ``passage_2``, ...)
    One column per passage, read in number order; an empty cell is no passage. Instead of
    them, the ``retrieved_contexts`` (or ``contexts``) cell may hold a JSON list of strings
    (or Python's list repr, as pandas writes it), one passage as plain text, or several
    passages separated by blank lines. A header giving the passages both ways is refused.
``claim_1``, ... and ``fact_1``, ...
    The answer's claims and the reference facts, one per column, when the sentence splitter
    would not find them in ``response`` and ``reference`` (:mod:`uncase_core.rag.csv_files`
    writes them only then).
``language``, ``domain``, ``split``, ``source`` and ``metadata.<key>``
    Copied into the case's metadata as text (an empty cell sets nothing). Without a
    ``source`` column the metadata's source is ``ragas-import``.

Other columns are ignored. A refused file names the line and the column (``line 3: context_2``):
a row with more cells than the header, an empty question, a repeated id, a cell longer than
:data:`MAX_CELL_CHARS`, an unreadable JSON list, a column given twice.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
from uncase_core.rag.cases import RagCase, RagDataset, Unit, blank_units, new_case
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.shared.formats import RAGAS, check_csv_header, check_format
from uncase_core.shared.jsonfiles import Document, decode_text, parse_document, reject_non_finite
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.spreadsheets import CSV_NOTES, delimiter_name, sniff_delimiter

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
    "csv_duplicate_column": 'the header has the column "{column}" twice',
    "csv_same_number": 'the columns "{first}" and "{second}" are both number {number}',
    "csv_passages_two_ways": 'the header gives the passages two ways, "{first}" and "{second}"; keep one',
    "csv_metadata_no_key": 'the column "{column}" names no metadata key; write metadata.<key>',
    "csv_metadata_twice": 'the columns "{first}" and "{second}" both set the metadata "{key}"',
    "csv_cell_too_long": "the cell has {size:,} characters, more than the {limit:,} a cell may hold",
})
# The RAGAS score columns read as judge scores on each of the four dimensions (uncase_core.judge.imports and
# uncase_core.rag.ragas_files read them); RAGAS names a column after its metric, sometimes with its mode
# ("factual_correctness(mode=f1)").
RAGAS_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType({d.name: d.ragas_columns for d in DIMENSIONS})
# RAGAS metrics with no RAG dimension here (ragas/metrics: each metric's ``name``); their columns are judge scores
# kept for the record. The four dimensions' columns are RAGAS_COLUMNS.
RAGAS_METRIC_NAMES = frozenset({
    "agent_goal_accuracy", "answer_accuracy", "answer_relevancy", "answer_similarity", "bleu_score", "chrf_score",
    "context_entity_recall", "context_precision_with_reference", "context_precision_without_reference",
    "context_relevance", "context_utilization", "data_compare_score", "domain_specific_rubrics", "exact_match",
    "faithful_rate", "faithfulness_with_hhem", "id_based_context_precision", "id_based_context_recall",
    "instance_rubrics", "llm_sql_equivalence_with_reference", "noise_sensitivity", "noise_sensitivity_relevant",
    "noise_sensitivity_irrelevant", "non_llm_string_similarity", "relevance_rate", "response_groundedness",
    "response_relevancy", "rouge_score", "semantic_similarity", "string_present", "summary_score",
    "tool_call_accuracy", "topic_adherence",
})


def score_dimension(column: str) -> tuple[bool, str | None]:
    """Whether ``column`` is a RAGAS score column, and the dimension it stands for (None: no dimension here).

    A metric with a mode counts as the metric (``factual_correctness(mode=f1)`` is ``factual_correctness``).
    """
    base = column.split("(", 1)[0]
    for dimension, names in RAGAS_COLUMNS.items():
        if column in names or base in names:
            return True, dimension
    return base in RAGAS_METRIC_NAMES, None


# Columns of a RAG case CSV beyond RAGAS's (see the module's docstring).
PASSAGE_PREFIXES = ("context_", "passage_")
CLAIM_PREFIX = "claim_"
FACT_PREFIX = "fact_"
METADATA_COLUMNS = ("language", "domain", "split", "source")
METADATA_PREFIX = "metadata."
DEFAULT_SOURCE = "ragas-import"
# A CSV cell longer than this is refused (with its line and column); the csv module itself stops at 131,072.
MAX_CELL_CHARS = 100_000
# Note codes (uncase_core.shared.notes.Note) of a CSV import, and their English.
RAGAS_NOTES: Mapping[str, str] = MappingProxyType({
    **CSV_NOTES,
    "csv_passage_columns": "the passages were read from {count} columns: {columns}",
    "csv_blank_line_passages": "in {count} rows the passages were one cell, split at its blank lines",
    "csv_metadata_columns": "metadata read from the columns {columns}",
})
# A list literal longer than this in a CSV cell is not read as a Python literal.
_MAX_LITERAL_CHARS = 1_000_000
# Python's repr of a list of texts, as pandas writes RAGAS's contexts to CSV: each text in quotes, with no control
# character but a tab and no backslash but those of the escapes repr writes. Such a cell is read here, each text
# what ast.literal_eval gives for it, without compiling the cell (compiling was a tenth of a CSV import's time).
# Any other cell goes to json.loads and then literal_eval, as before.
_PLAIN_ESCAPE = r"""\\(?:[\\'"ntr]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})"""
_PLAIN_ITEM = (rf"""'[^'\\\x00-\x08\x0a-\x1f]*(?:{_PLAIN_ESCAPE}[^'\\\x00-\x08\x0a-\x1f]*)*'"""
               rf"""|"[^"\\\x00-\x08\x0a-\x1f]*(?:{_PLAIN_ESCAPE}[^"\\\x00-\x08\x0a-\x1f]*)*\"""")
_PLAIN_LIST = re.compile(rf"\[(?:(?:{_PLAIN_ITEM})(?:, (?:{_PLAIN_ITEM}))*)?\]")
_PLAIN_ITEMS = re.compile(_PLAIN_ITEM)
_ESCAPE = re.compile(r"""\\(?:([\\'"ntr])|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))""")
_ESCAPED = MappingProxyType({"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t", "r": "\r"})


def _unescaped(match: re.Match[str]) -> str:
    if match.group(1):
        return _ESCAPED[match.group(1)]
    return chr(int(match.group(2) or match.group(3) or match.group(4), 16))


def _plain_list(cell: str) -> list[str] | None:
    """The texts of a cell in Python's plain list repr (see above), or None for any other cell (or a ``\\U`` past
    the last code point, which literal_eval refuses)."""
    if not _PLAIN_LIST.fullmatch(cell):
        return None
    texts = []
    for item in _PLAIN_ITEMS.findall(cell):
        text = item[1:-1]
        if "\\" in text:
            if any(int(code, 16) > 0x10FFFF for code in re.findall(r"\\U([0-9a-fA-F]{8})", text)):
                return None
            text = _ESCAPE.sub(_unescaped, text)
        texts.append(text)
    return texts


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
        plain = _plain_list(stripped) if stripped.startswith("[") and len(stripped) <= _MAX_LITERAL_CHARS else None
        if plain is not None:
            return [text for text in plain if text.strip()]
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
    return blank_units(prefix, kind, texts)


def _field(where: str, name: str) -> str:
    """``line 3: response`` for a file line, ``[2].response`` for a position in a list, ``response`` for the
    one object of a file."""
    if not where:
        return name
    return f"{where}: {name}" if where.startswith("line") else f"{where}.{name}"


def case_from_row(row: Mapping[str, Any], index: int, where: str) -> RagCase:
    """A case from one JSON row. A non-finite number (``NaN``, which RAGAS writes for a score it could not
    determine) is accepted in a RAGAS score column only (:func:`score_dimension`; the scores reader of
    :mod:`uncase_core.judge.imports` reads it as no verdict) and refused anywhere else, naming its place."""
    if not isinstance(row, Mapping):
        raise expected_object_with(("user_input", "retrieved_contexts", "response", "reference"), where)
    for name, value in row.items():
        if isinstance(value, float | list | dict) and not score_dimension(str(name))[0]:
            reject_non_finite(value, _field(where, str(name)))
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
        metadata={"source": DEFAULT_SOURCE},
    )


@dataclass(frozen=True)
class CsvLayout:
    """What the header of a RAG case CSV holds beyond the RAGAS columns, in column order."""

    passages: tuple[str, ...] = ()  # context_1, context_2... (or passage_1...), by number
    claims: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()  # (column, metadata key)
    default_source: bool = True  # no column sets metadata.source: it is "ragas-import"


def _numbered(names: list[str], prefixes: tuple[str, ...]) -> tuple[str, ...]:
    """The header's ``<prefix><number>`` columns in number order; one prefix per file, one column per number."""
    found: dict[int, str] = {}
    prefix_of: dict[str, str] = {}
    for name in names:
        for prefix in prefixes:
            if name.startswith(prefix) and name[len(prefix):].isdigit() and name[len(prefix):].isascii():
                number = int(name[len(prefix):])
                if number in found:
                    raise input_error(PROBLEMS, "csv_same_number", at_line(1), first=found[number], second=name,
                                      number=number)
                if prefix_of and prefix not in prefix_of.values():
                    first = next(iter(prefix_of))
                    raise input_error(PROBLEMS, "csv_passages_two_ways", at_line(1), first=first, second=name)
                found[number] = name
                prefix_of[name] = prefix
    return tuple(found[number] for number in sorted(found))


def csv_layout(names: list[str]) -> CsvLayout:
    """The layout of a RAG case CSV header (``names``, as split); a header that says a thing twice is refused."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise input_error(PROBLEMS, "csv_duplicate_column", at_line(1), column=name)
        seen.add(name)
    passages = _numbered(names, PASSAGE_PREFIXES)
    if passages:
        listed = next((name for name in COLUMNS["contexts"] if name in seen), None)
        if listed is not None:
            raise input_error(PROBLEMS, "csv_passages_two_ways", at_line(1), first=listed, second=passages[0])
    metadata: list[tuple[str, str]] = []
    keys: dict[str, str] = {}
    for name in names:
        if name in METADATA_COLUMNS:
            key = name
        elif name.startswith(METADATA_PREFIX):
            key = name[len(METADATA_PREFIX):]
            if not key.strip():
                raise input_error(PROBLEMS, "csv_metadata_no_key", at_line(1), column=name)
        else:
            continue
        if key in keys:
            raise input_error(PROBLEMS, "csv_metadata_twice", at_line(1), first=keys[key], second=name, key=key)
        keys[key] = name
        metadata.append((name, key))
    return CsvLayout(passages, _numbered(names, (CLAIM_PREFIX,)), _numbered(names, (FACT_PREFIX,)),
                     tuple(metadata), "source" not in keys)


_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")


def _cell_passages(value: Any, where: str) -> tuple[list[str], bool]:
    """The passages of a ``retrieved_contexts`` cell, and whether it was split at blank lines."""
    if isinstance(value, str) and not value.strip().startswith("[") \
            and _BLANK_LINE.search(value.replace("\r\n", "\n")):
        parts = [part.strip() for part in _BLANK_LINE.split(value.replace("\r\n", "\n"))]
        return [part for part in parts if part], True
    return _contexts(value, where), False


def _cells(row: Mapping[str, Any], columns: tuple[str, ...]) -> list[str]:
    return [row[column] for column in columns if isinstance(row.get(column), str) and row[column].strip()]


def case_from_csv_row(row: Mapping[str, Any], index: int, where: str, layout: CsvLayout) -> tuple[RagCase, bool]:
    """A case from a CSV row read with ``layout``, and whether its passages were one cell split at blank lines."""
    for column, cell in row.items():
        if isinstance(cell, str) and len(cell) > MAX_CELL_CHARS:
            raise input_error(PROBLEMS, "csv_cell_too_long", _field(where, column), size=len(cell),
                              limit=MAX_CELL_CHARS)
    question = _text(_pick(row, "question", where, required=True), _field(where, "user_input"))
    if not question.strip():
        first, second = COLUMNS["question"]
        raise input_error(PROBLEMS, "missing_either", where, first=repr(first), second=repr(second))
    split = False
    if layout.passages:
        contexts = _cells(row, layout.passages)
    else:
        contexts, split = _cell_passages(_pick(row, "contexts", where, required=False),
                                         _field(where, "retrieved_contexts"))
    answer = _text(_pick(row, "answer", where, required=False), _field(where, "response"))
    reference = _text(_pick(row, "reference", where, required=False), _field(where, "reference"))
    claims = _cells(row, layout.claims) if layout.claims else split_sentences(answer)
    facts = _cells(row, layout.facts) if layout.facts else split_sentences(reference)
    raw_id = row.get("id")
    case_id = raw_id if isinstance(raw_id, str) and raw_id.strip() else f"ragas-{index + 1:03d}"
    metadata = {key: row[column] for column, key in layout.metadata
                if isinstance(row.get(column), str) and row[column].strip()}
    if layout.default_source:
        metadata["source"] = DEFAULT_SOURCE
    case = new_case(case_id, question, _units("p", "passages", contexts), answer, _units("c", "claims", claims),
                    _units("f", "reference_facts", facts), metadata, {})
    return case, split


def check_ragas_header(names: list[str]) -> None:
    """Refuse a CSV header that is not RAGAS rows: another module's columns, a ';' or tab delimiter, no question."""
    check_csv_header(names, RAGAS, at_line(1))  # a ';' or tab delimiter, or another module's columns, said so
    if not set(names) & set(COLUMNS["question"]):
        raise input_error(PROBLEMS, "no_question_column", at_line(1), columns=", ".join(names))


def csv_rows(text: str, check_header: Callable[[list[str]], None] | None = None,
             delimiter: str = ",", limit: ReadLimit = UNLIMITED) -> list[tuple[str, dict[str, Any]]]:
    """The rows of CSV text as ``("line N", {column: cell})``; ``check_header`` may refuse the header first.

    A file of more records than ``limit`` takes is refused with their count once they are counted (the rest are
    read without being kept).

    ``N`` is the line a row starts on (a cell may hold line breaks, as spreadsheets write them);
    a row with fewer cells than the header has None in the rest. ``delimiter`` is ``","``,
    ``";"`` or ``"\t"`` (:func:`uncase_core.shared.spreadsheets.sniff_delimiter` finds it).
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader, None)
    except csv.Error as error:  # e.g. a header cell longer than the csv module's field limit
        raise unreadable_csv(error, at_line(1)) from None
    if not header:
        raise problem("csv_no_header")
    if check_header is not None:
        check_header(list(header))
    rows = []
    end = reader.line_num
    try:
        for cells in reader:
            start, end = end + 1, reader.line_num
            if not cells:  # a blank line
                continue
            if limit.rows is not None and len(rows) == limit.rows:
                check_rows(len(rows) + 1 + sum(1 for cells in reader if cells), limit)
            if len(cells) > len(header):
                raise problem("csv_more_cells", at_line(start))
            # A leading ' stays: it may be the text itself ("'-already"), and only a spreadsheet adds one as a guard.
            rows.append((at_line(start), dict(zip(header, cells + [None] * (len(header) - len(cells)), strict=True))))
    except csv.Error as error:
        raise unreadable_csv(error, at_line(reader.line_num)) from None
    return rows


def is_json_text(text: str, fmt: str | None = None) -> bool:
    """Whether :func:`read_rows` reads ``text`` as JSON: ``fmt`` "json" or "jsonl", or it starts with ``[`` or ``{``."""
    return fmt in ("json", "jsonl") or (fmt is None and text.lstrip("\ufeff").lstrip()[:1] in ("[", "{"))


def read_rows(text: str, fmt: str | None = None,
              check_header: Callable[[list[str]], None] | None = None,
              parse: Callable[..., Document] = parse_document, delimiter: str = ",",
              limit: ReadLimit = UNLIMITED) -> list[tuple[str, Any]]:
    """Rows of JSON Lines (``"line N"``), a JSON array (``"[i]"``), one JSON object (``""``) or CSV (``"line N"``).

    ``fmt`` is ``"jsonl"``, ``"json"``, ``"csv"`` or None to sniff (JSON when the text starts with
    ``[`` or ``{``). ``check_header`` sees a CSV header before any row is read; ``parse`` reads
    JSON (a reader that refuses another module's files, say; it takes ``limit=`` as
    :func:`~uncase_core.shared.jsonfiles.parse_document` does); ``delimiter`` splits CSV cells. An
    empty file or one without rows is refused, and so is one of more rows than ``limit`` takes, before any is kept.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise problem("file_empty")
    if is_json_text(text, fmt):
        document = parse(text, limit=limit)
        if document.kind == "jsonl":
            rows = [(at_line(line), record) for line, record in document.records]
        elif isinstance(document.value, list):
            check_rows(len(document.value), limit)
            rows = [(f"[{i}]", record) for i, record in enumerate(document.value)]
        else:
            rows = [("", document.value)]
    else:
        rows = csv_rows(text, check_header, delimiter, limit)
    if not rows:
        raise input_error(PROBLEMS, "no_rows")
    return rows


@dataclass(frozen=True)
class RagasImport:
    """The cases read from RAGAS rows, and notes on how a CSV file was read (:data:`RAGAS_NOTES`)."""

    dataset: RagDataset
    notes: tuple[Note, ...] = ()
    delimiter: str | None = None  # the CSV delimiter found (",", ";" or "\t"); None for JSON

    def notes_to_dicts(self) -> list[dict[str, Any]]:
        return notes_to_dicts(self.notes, RAGAS_NOTES)


def _check_unique(rows: list[tuple[str, Any]], cases: list[RagCase]) -> None:
    seen: set[str] = set()
    for (where, _), case in zip(rows, cases, strict=True):
        if case.id in seen:
            raise input_error(PROBLEMS, "duplicate_row_id", where, id=case.id)
        seen.add(case.id)


def _import_csv(text: str, limit: ReadLimit) -> RagasImport:
    delimiter = sniff_delimiter(text)
    layouts: list[CsvLayout] = []

    def check_header(names: list[str]) -> None:
        check_ragas_header(names)
        layouts.append(csv_layout(names))

    rows = read_rows(text, "csv", check_header, delimiter=delimiter, limit=limit)
    layout = layouts[0]
    cases, split = [], 0
    for index, (where, row) in enumerate(rows):
        case, blank_lines = case_from_csv_row(row, index, where, layout)
        cases.append(case)
        split += blank_lines
    _check_unique(rows, cases)
    notes = [Note.of("csv_delimiter", delimiter=delimiter_name(delimiter))]
    if layout.passages:
        notes.append(Note.of("csv_passage_columns", columns=", ".join(layout.passages), count=len(layout.passages)))
    if split:
        notes.append(Note.of("csv_blank_line_passages", count=split))
    if layout.metadata:
        notes.append(Note.of("csv_metadata_columns", columns=", ".join(column for column, _ in layout.metadata)))
    return RagasImport(RagDataset(tuple(cases), "jsonl"), tuple(notes), delimiter)


def parse_ragas_json(text: str, limit: ReadLimit = UNLIMITED) -> Document:
    """JSON or JSON Lines with ``NaN`` allowed (``json.dumps`` writes a score RAGAS could not determine as a bare
    ``NaN``; :func:`case_from_row` refuses it outside the score columns), refusing another module's file by name."""
    document = parse_document(text, allow_nan=True, limit=limit)
    check_format(document, RAGAS)
    return document


def import_ragas(text: str, source: str = "", fmt: str | None = None, limit: ReadLimit = UNLIMITED) -> RagasImport:
    """Read RAGAS rows from JSONL, a JSON array or CSV (chosen by ``fmt`` or by sniffing), with notes on the CSV.

    A CSV file may use any of the layouts of the module's docstring; its delimiter is sniffed
    (:func:`uncase_core.shared.spreadsheets.sniff_delimiter`) and said in the note ``csv_delimiter``. A file of more
    rows than ``limit`` takes is refused before any becomes a case.
    """
    try:
        if not text.lstrip("\ufeff").strip():
            raise problem("file_empty")
        if not is_json_text(text, fmt):
            return _import_csv(text, limit)
        rows = read_rows(text, fmt, check_ragas_header, parse=parse_ragas_json, limit=limit)
        cases = [case_from_row(row, i, where) for i, (where, row) in enumerate(rows)]
        _check_unique(rows, cases)
        return RagasImport(RagDataset(tuple(cases), "jsonl"))
    except InputError as error:
        raise error.located(source) if source else error from None


def import_ragas_text(text: str, source: str = "", fmt: str | None = None) -> RagDataset:
    """Read RAGAS rows from JSONL, a JSON array or CSV (chosen by ``fmt`` or by sniffing)."""
    return import_ragas(text, source, fmt).dataset


def import_ragas_bytes(data: bytes, source: str = "", fmt: str | None = None) -> RagDataset:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return import_ragas_text(text, source, fmt)
