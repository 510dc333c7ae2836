"""RAGAS rows in and out without losing a column: JSON Lines, a JSON array, CSV and Parquet.

Reading (:func:`read_ragas_cases`). A row becomes a case as :mod:`uncase_core.rag.ragas` makes it
(``user_input`` the question, each of ``retrieved_contexts`` a passage, the sentences of ``response`` the claims
and those of ``reference`` the facts; the older names ``question``, ``contexts``, ``answer``, ``ground_truth``
too; a CSV file in any layout that module reads). Beyond that:

- the score columns RAGAS writes (``faithfulness``, ``context_recall``, ``factual_correctness(mode=f1)``... and
  its other metrics, :data:`RAGAS_METRIC_NAMES`) become the case's judge scores, never hand labels; NaN or an
  empty cell is a score RAGAS could not determine (kept as empty);
- every other column is kept, in its place, and written back as it came (:mod:`uncase_core.rag.sources`);
- ``metadata`` (an object, in JSON and Parquet rows) is the case's metadata;
- ``hand_labels`` and ``hand_<dimension>`` (what :func:`export_ragas` adds) give the units back with their labels;
- ``judge_scores`` (what :func:`export_ragas` writes for the scores of another tool's judge, a JSON list of
  ``{metric, dimension, score, passed, threshold, reason}``) gives those scores back whole.

Parquet files (RAGAS results saved with pandas, a Hugging Face dataset's ``to_parquet``) are read with pyarrow
(:mod:`uncase_core.rag.parquet`), JSON Lines as a Hugging Face dataset's ``to_json`` writes them. Places are
``line 3: response`` (JSON Lines, CSV), ``[2].response`` (a JSON array, Parquet rows from 0).

Writing (:func:`export_ragas`): JSON Lines, a JSON array, CSV (lists of texts as RAGAS's ``to_csv`` writes them)
or Parquet, one row per case, the columns of the file the case came from in their order (mapped ones filled from
the case as it is now, the score columns from its judge scores, kept ones as they were), then the hand-label
columns. A case that did not come from RAGAS gets ``id``, ``user_input``, ``retrieved_contexts``, ``response``,
``reference`` and ``metadata``. Judge scores whose metric is not a RAGAS score column (a DeepEval
``Faithfulness``, a promptfoo ``context-recall``) go to one ``judge_scores`` column with their dimension, verdict,
threshold and reason: a bare column of that name would be read back as a kept column, not
a score, and would lose everything but the number.
"""

from __future__ import annotations

import csv
import io
import json
import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from uncase_core.errors import InputError, Place, expected_one_of, expected_value, input_error, invalid_json, problem
from uncase_core.rag.cases import RagCase, RagDataset, new_case
from uncase_core.rag.edits import REFERENCE_KEY
from uncase_core.rag.parquet_pages import is_parquet
from uncase_core.rag.ragas import (
    CLAIM_PREFIX,
    COLUMNS,
    DEFAULT_SOURCE,
    FACT_PREFIX,
    METADATA_COLUMNS,
    METADATA_PREFIX,
    PASSAGE_PREFIXES,
    CsvLayout,
    _contexts,
    case_from_csv_row,
    check_ragas_header,
    csv_layout,
    csv_rows,
    is_json_text,
    parse_ragas_json,
    read_rows,
    score_dimension,
)
from uncase_core.rag.sources import (
    HAND_COLUMNS,
    HAND_LABELS_COLUMN,
    HAND_SCORE_COLUMNS,
    JUDGE_SCORES_KEY,
    RECORD_KEYS,
    SOURCE_FILE_KEY,
    CaseImport,
    JudgeScore,
    Progress,
    blank_units,
    collector_paused,
    file_note,
    finite_or_none,
    hand_columns,
    judge_scores,
    mapping_note,
    name_list,
    record_fields,
    record_order,
    reference_of,
    report_progress,
    scores_note,
    tool_record,
    units_from_hand_labels,
)
from uncase_core.rag.tools import FILE_KINDS
from uncase_core.shared.jsonfiles import decode_text, dumps_json, reject_non_finite
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.shared.notes import Note
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.spreadsheets import csv_row, decimal_text, delimiter_name, sniff_delimiter

if TYPE_CHECKING:
    import pyarrow as pa

# pyarrow (about 0.14 s to import) and parquet.py, which needs it, are imported only where a Parquet file is read
# or written: this module is imported to ask whether any file of cases is RAGAS rows, and the command line's
# `rag` on a JSON file must not pay for them.

RAGAS_RECORD = RECORD_KEYS["ragas"]
EXPORT_LAYOUTS = FILE_KINDS["ragas"]
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "ragas_no_question": "missing the question: a user_input (or question) with text",
})
_FIELDS = ("question", "contexts", "answer", "reference")
_PASSAGES_COLUMN = "retrieved_contexts"
_DEFAULT_COLUMNS = MappingProxyType({"question": "user_input", "contexts": "retrieved_contexts", "answer": "response",
                                     "reference": "reference"})


def _place(where: str, column: str) -> str:
    if not where:
        return column
    return f"{where}: {column}" if where.startswith("line") else f"{where}.{column}"


def _score(value: Any, where: str, column: str, dimension: str | None, csv_cell: bool) -> tuple[float | None, bool]:
    """A score cell as a number or None (not determined), and whether it was NaN; its place (``where`` and
    ``column``) is spelled out only for an error."""
    if csv_cell and isinstance(value, str):
        word = value.strip()
        lowered = word.lower()
        if lowered in ("", "nan", "null", "none"):
            return None, lowered == "nan"
        try:  # a word without a comma is as decimal_text gives it back
            value = float(word if "," not in word else decimal_text(word, _place(where, column)))
        except ValueError:
            raise expected_value("finite_number", repr(word), _place(where, column)) from None
    if value is None:
        return None, False
    if isinstance(value, float) and math.isnan(value):
        return None, True
    if type(value) is float and 0.0 <= value <= 1.0:  # what finite_or_none gives back, in or out of the unit range
        return value, False
    return finite_or_none(value, _place(where, column), unit_range=dimension is not None), False


def _used_columns(row: Mapping[str, Any]) -> dict[str, str]:
    """For each mapped field, the column of ``row`` it is read from (the first alias with a value, else present)."""
    used = {}
    for field in _FIELDS:
        present = [name for name in COLUMNS[field] if name in row]
        if present:
            used[field] = next((name for name in present if row[name] not in (None, "")), present[0])
    return used


@dataclass(frozen=True)
class _Plan:
    """How the rows with one set of columns are read (worked out once per set, not once per row)."""

    used: Mapping[str, str]  # field -> the column it is read from
    consumed: frozenset[str]  # columns the case holds (mapped, id, metadata, hand labels): not kept as they are
    scores: Mapping[str, str | None]  # score column -> its dimension
    hand_scores: tuple[str, ...]
    order: tuple[str, ...]  # the columns a case's record keeps the order of (all but the hand-label ones)


class _Reader:
    """What one file's rows add up to: the cases, and what the notes say about them."""

    def __init__(self, file: Mapping[str, str], csv_layout_: CsvLayout | None = None) -> None:
        self.file = file  # each case's source_file (sources.file_note), put in as the case is made
        self.layout = csv_layout_
        self.kept: dict[str, None] = {}
        self.scores: dict[str, str | None] = {}
        self.nan: dict[str, int] = {}
        self.hand = 0
        self.hand_scores: dict[str, None] = {}
        self.blank_lines = 0
        self._plans: dict[tuple[str, ...], _Plan] = {}

    def _plan(self, row: Mapping[str, Any]) -> _Plan:
        columns = tuple(row)
        plan = self._plans.get(columns)
        if plan is None:
            used = _used_columns(row)
            consumed = {*used.values(), "id", JUDGE_SCORES_KEY, *HAND_COLUMNS}
            if self.layout is None:
                consumed.add("metadata")
            else:
                layout = self.layout
                consumed |= {*layout.passages, *layout.claims, *layout.facts, *(name for name, _ in layout.metadata)}
            scores = {}
            for column in columns:
                if column not in consumed:
                    is_score, dimension = score_dimension(column)
                    if is_score:
                        scores[column] = dimension
            plan = _Plan(used, frozenset(consumed), scores,
                         tuple(column for column in HAND_SCORE_COLUMNS if column in row),
                         tuple(column for column in columns if column not in HAND_COLUMNS))
            self._plans[columns] = plan
            self.hand_scores.update(dict.fromkeys(plan.hand_scores))
            for column, dimension in scores.items():
                self.scores.setdefault(column, dimension)
        return plan

    def _json_case(self, row: Mapping[str, Any], plan: _Plan, index: int, where: str) -> tuple[RagCase, bool]:
        """A case from a JSON or Parquet row (as :func:`uncase_core.rag.ragas.case_from_row` makes it, built once)."""
        used = plan.used
        if "question" not in used or row[used["question"]] in (None, ""):
            raise input_error(PROBLEMS, "ragas_no_question", where)
        question = row[used["question"]]
        if not isinstance(question, str):
            raise expected_value("text", type(question).__name__, _place(where, "user_input"))
        contexts = row[used["contexts"]] if "contexts" in used else None
        if type(contexts) is list and all(type(item) is str for item in contexts):
            passages = [item for item in contexts if item.strip()]
        else:
            passages = _contexts(contexts if contexts != "" else None, _place(where, "retrieved_contexts"))
        texts = {}
        for field in ("answer", "reference"):
            value = row[used[field]] if field in used else None
            if value is not None and not isinstance(value, str):
                raise expected_value("text", type(value).__name__, _place(where, _DEFAULT_COLUMNS[field]))
            texts[field] = value or ""
        metadata = row.get("metadata")
        if isinstance(metadata, str) and metadata.lstrip().startswith("{"):  # a Parquet file of export_ragas's
            try:
                metadata = json.loads(metadata)
            except json.JSONDecodeError as error:
                raise invalid_json(error, _place(where, "metadata")) from None
        if metadata is not None and not isinstance(metadata, Mapping):
            raise expected_value("object", type(metadata).__name__, _place(where, "metadata"))
        raw_id = row.get("id")
        case_id = str(raw_id) if raw_id is not None and str(raw_id).strip() else f"ragas-{index + 1:03d}"
        case = new_case(case_id, question, blank_units("p", "passages", passages), texts["answer"],
                        blank_units("c", "claims", split_sentences(texts["answer"])),
                        blank_units("f", "reference_facts", split_sentences(texts["reference"])),
                        {"source": DEFAULT_SOURCE} if metadata is None else dict(metadata), {})
        return case, metadata is None

    def _other_scores(self, value: Any, where: str) -> list[dict[str, Any]]:
        """The ``judge_scores`` cell: another tool's judge scores, as :func:`export_ragas` wrote them."""
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as error:
                raise invalid_json(error, where) from None
        if not isinstance(value, list):
            raise expected_value("list", type(value).__name__, where)
        scores = [JudgeScore.from_dict(item, f"{where}[{i}]") for i, item in enumerate(value)]
        for score in scores:
            self.scores.setdefault(score.metric, score.dimension)
        return [score.to_dict() for score in scores]

    def case(self, row: Mapping[str, Any], index: int, where: str) -> RagCase:
        if not isinstance(row, dict | Mapping):
            raise problem("expected_object_with", where, columns="user_input, retrieved_contexts, response, reference")
        plan = self._plan(row)
        if self.layout is None:
            case, default_source = self._json_case(row, plan, index, where)
        else:
            case, split = case_from_csv_row(row, index, where, self.layout)
            self.blank_lines += split
            default_source = self.layout.default_source
        used = plan.used
        reference = row.get(used["reference"]) if "reference" in used else None
        extra: dict[str, Any] = {}
        if isinstance(reference, str) and reference:
            extra[REFERENCE_KEY] = reference
        units = {}
        if row.get(HAND_LABELS_COLUMN) not in (None, ""):
            value = row[HAND_LABELS_COLUMN]
            at = _place(where, HAND_LABELS_COLUMN)
            if isinstance(value, str):
                try:
                    value = json.loads(value)
                except json.JSONDecodeError as error:
                    raise invalid_json(error, at) from None
            units = units_from_hand_labels(value, at)
            self.hand += 1
        scores, fields, nulls = [], {}, []
        consumed, score_columns, csv_cells = plan.consumed, plan.scores, self.layout is not None
        if row.get(JUDGE_SCORES_KEY) not in (None, ""):
            scores.extend(self._other_scores(row[JUDGE_SCORES_KEY], _place(where, JUDGE_SCORES_KEY)))
        for column, value in row.items():
            if column in consumed:
                if value is None and column in used.values():
                    nulls.append(column)
            elif column in score_columns:
                dimension = score_columns[column]
                score, nan = _score(value, where, column, dimension, csv_cells)
                if nan:
                    self.nan[column] = self.nan.get(column, 0) + 1
                scores.append({"metric": column, "dimension": dimension, "score": score, "passed": None,
                               "threshold": None, "reason": None})
            else:  # JSON's NaN means "not determined" in a score column only (Parquet's are empty already)
                if isinstance(value, list | dict | float):
                    reject_non_finite(value, _place(where, column))
                fields[column] = value
                self.kept[column] = None
        record: dict[str, Any] = {"order": list(plan.order), "fields": fields}
        if nulls:
            record["nulls"] = nulls
        if default_source:
            record["default_source"] = True
        raw_id = row.get("id")
        if raw_id is not None and not isinstance(raw_id, str):
            record["id"] = raw_id
        extra[RAGAS_RECORD] = record
        if scores:
            extra[JUDGE_SCORES_KEY] = scores
        extra[SOURCE_FILE_KEY] = self.file
        return new_case(case.id, case.question, units.get("passages", case.passages), case.answer,
                        units.get("claims", case.claims), units.get("reference_facts", case.reference_facts),
                        case.metadata, {**case.extra, **extra})

    def notes(self, count: int, layout: str, used: Mapping[str, str]) -> list[Note]:
        notes = [Note.of("read_as", count=count, format_name="RAGAS rows", layout=layout)]
        targets = {"question": "question", "contexts": "passages", "answer": "answer", "reference": "reference"}
        mapping = [(used[field], targets[field]) for field in _FIELDS if field in used]
        if self.layout is not None and self.layout.passages:
            mapping.insert(1, (", ".join(self.layout.passages), "passages"))
        notes.append(mapping_note(mapping))
        mapped = [column for column, dimension in self.scores.items() if dimension is not None]
        if self.scores:
            notes.append(scores_note(self.scores))
        unmapped = [column for column in self.scores if column not in mapped]
        if unmapped:
            notes.append(Note.of("judge_scores_unmapped", metrics=name_list(unmapped)))
        if self.nan:
            notes.append(Note.of("nan_scores", count=sum(self.nan.values()), columns=name_list(list(self.nan))))
        if self.kept:
            notes.append(Note.of("kept_fields", fields=name_list(list(self.kept))))
        if self.hand:
            notes.append(Note.of("hand_labels_read", count=self.hand, column=HAND_LABELS_COLUMN))
        if self.hand_scores:
            notes.append(Note.of("hand_scores_recomputed", columns=name_list(list(self.hand_scores))))
        if self.blank_lines:
            notes.append(Note.of("blank_line_passages", count=self.blank_lines))
        return notes


def _check_ids(cases: Sequence[RagCase], places: Sequence[str]) -> None:
    seen: dict[str, str] = {}
    for case, where in zip(cases, places, strict=True):
        if case.id in seen:
            raise problem("duplicate_id", where, id=case.id, first=Place(seen[case.id]))
        seen[case.id] = where


def _build(rows: Sequence[tuple[str, Any]], reader: _Reader, progress: Progress | None) -> list[RagCase]:
    cases = []
    total = len(rows)
    with collector_paused():
        for index, (where, row) in enumerate(rows):
            cases.append(reader.case(row, index, where))
            report_progress(progress, index + 1, total)
    _check_ids(cases, [where for where, _ in rows])
    return cases


def _first_used(rows: Sequence[tuple[str, Any]]) -> dict[str, str]:
    for _, row in rows:
        if isinstance(row, Mapping):
            return _used_columns(row)
    return {}


def read_ragas_cases(data: bytes, source: str = "", progress: Progress | None = None,
                     limit: ReadLimit = UNLIMITED) -> CaseImport:
    """Read RAGAS rows (Parquet, JSON Lines, a JSON array or CSV, told apart by their content) as cases.

    ``progress(done, total)`` is called as rows become cases (every 1,000 and at the end). A file of more rows than
    ``limit`` takes is refused before any becomes a case (:mod:`uncase_core.shared.limits`).

    Raises
    ------
    InputError
        Naming ``source`` and the row and column of the first problem.
    """
    try:
        if is_parquet(data):
            from uncase_core.rag.parquet import parquet_rows

            found = parquet_rows(data, limit)
            rows = list(found.rows)
            if not rows:
                raise problem("no_cases_in_dataset")
            reader = _Reader(file_note("ragas", "parquet"))
            cases = _build(rows, reader, progress)
            for column, count in found.nan_counts.items():
                reader.nan[column] = reader.nan.get(column, 0) + count
            notes = reader.notes(len(cases), "parquet", _first_used(rows))
            return CaseImport(RagDataset(tuple(cases), "jsonl"), "ragas", "parquet", tuple(notes))
        text = decode_text(data)
        if not text.strip():
            raise problem("file_empty")
        if is_json_text(text):
            rows = read_rows(text, parse=parse_ragas_json, limit=limit)
            layout = "jsonl" if rows[0][0].startswith("line") else "json"
            reader = _Reader(file_note("ragas", layout))
            cases = _build(rows, reader, progress)
            notes = reader.notes(len(cases), layout, _first_used(rows))
            return CaseImport(RagDataset(tuple(cases), "jsonl"), "ragas", layout, tuple(notes))
        delimiter = sniff_delimiter(text)
        layouts: list[CsvLayout] = []

        def check_header(names: list[str]) -> None:
            check_ragas_header(names)
            layouts.append(csv_layout(names))

        rows = csv_rows(text, check_header, delimiter, limit)
        if not rows:
            raise problem("no_cases_in_dataset")
        reader = _Reader(file_note("ragas", "csv", delimiter), layouts[0])
        cases = _build(rows, reader, progress)
        notes = [Note.of("csv_delimiter", delimiter=delimiter_name(delimiter)),
                 *reader.notes(len(cases), "csv", _first_used(rows))]
        return CaseImport(RagDataset(tuple(cases), "jsonl"), "ragas", "csv", tuple(notes), delimiter)
    except InputError as error:
        raise error.located(source) if source and not error.source else error from None


# ---------------------------------------------------------------- writing


def _passage_prefix(order: Sequence[str]) -> str | None:
    for name in order:
        for prefix in PASSAGE_PREFIXES:
            if name.startswith(prefix) and name[len(prefix):].isdigit():
                return prefix
    return None


def _numbered(name: str, prefixes: Sequence[str]) -> bool:
    return any(name.startswith(prefix) and name[len(prefix):].isdigit() for prefix in prefixes)


def _metadata_of(case: RagCase, record: Mapping[str, Any] | None) -> dict[str, Any]:
    metadata = dict(case.metadata)
    if record is not None and record.get("default_source") and metadata.get("source") == DEFAULT_SOURCE:
        del metadata["source"]
    return metadata


def _metadata_columns(metadata: Mapping[str, Any]) -> dict[str, Any]:
    return {(key if key in METADATA_COLUMNS else METADATA_PREFIX + key): value for key, value in metadata.items()}


def _row(case: RagCase, index: int, as_csv: bool, where: str) -> dict[str, Any]:
    """The case as one RAGAS row (see the module's docstring); ``as_csv`` lays passages and metadata out as columns."""
    record = tool_record(case, "ragas")
    order = record_order(case, "ragas")
    fields = record_fields(case, "ragas")
    nulls = set(record.get("nulls") or ()) if record is not None and isinstance(record.get("nulls"), list) else set()
    scores = {score.metric: score for score in judge_scores(case, where)}
    # Another tool's metrics, whole, in the one column the reader takes back as scores (see the module's docstring).
    others = [scores.pop(metric).to_dict() for metric in list(scores) if not score_dimension(metric)[0]]
    metadata = _metadata_of(case, record)
    passages = [unit.text for unit in case.passages]
    values = {"question": case.question, "contexts": passages, "answer": case.answer, "reference": reference_of(case)}
    alias = {name: field for field in _FIELDS for name in COLUMNS[field]}
    prefix = _passage_prefix(order)
    row: dict[str, Any] = {}
    written: set[str] = set()
    passages_out = metadata_out = False

    def put_passages(at_name: str | None) -> None:
        nonlocal passages_out
        if passages_out:
            return
        passages_out = True
        if as_csv and prefix is not None:
            for i, text in enumerate(passages, start=1):
                row[f"{prefix}{i}"] = text
        else:
            name = at_name if at_name in COLUMNS["contexts"] else _PASSAGES_COLUMN
            row[name] = None if name in nulls and not passages else passages
        written.add("contexts")

    def put_metadata(listed_here: bool = False) -> None:
        nonlocal metadata_out
        if metadata_out:
            return
        metadata_out = True
        if as_csv:
            row.update(_metadata_columns(metadata))
            for name in order:  # the file's metadata columns stay, empty where the case has no such key
                if name in METADATA_COLUMNS or name.startswith(METADATA_PREFIX):
                    row.setdefault(name, None)
            if record is None and "source" not in metadata:  # a source column: reading back adds no ragas-import
                row["source"] = None
        elif metadata or listed_here:
            row["metadata"] = metadata

    default_id = f"ragas-{index + 1:03d}"
    if "id" not in order and (case.id != default_id or (as_csv and record is None)):
        row["id"] = case.id
    for name in order:
        if name == "id":
            raw = record.get("id") if record is not None else None
            row["id"] = raw if raw is not None and str(raw) == case.id else case.id
        elif name in alias and alias[name] not in written and (alias[name] != "contexts" or prefix is None):
            field = alias[name]
            if field == "contexts":
                put_passages(name)
                continue
            value = values[field]
            row[name] = None if name in nulls and value == "" else value
            written.add(field)
        elif prefix is not None and _numbered(name, PASSAGE_PREFIXES):
            put_passages(None)
        elif _numbered(name, (CLAIM_PREFIX, FACT_PREFIX)):
            if as_csv:
                kind = "claims" if name.startswith(CLAIM_PREFIX) else "reference_facts"
                units = case.units(kind)
                number = int(name.split("_")[-1])
                row[name] = units[number - 1].text if number <= len(units) else ""
        elif name == "metadata" or name in METADATA_COLUMNS or name.startswith(METADATA_PREFIX):
            put_metadata(listed_here=name == "metadata")
        elif name in scores:
            row[name] = scores.pop(name).score
        elif name == JUDGE_SCORES_KEY and others:
            row[name] = others
        elif name in fields:
            row[name] = fields[name]
    for field in _FIELDS:  # a CSV row of a case from elsewhere has them all, so that every row has one header
        if field not in written and (field == "question" or values[field] or (as_csv and record is None)):
            if field == "contexts":
                put_passages(None)
            else:
                row[_DEFAULT_COLUMNS[field]] = values[field]
    for metric, score in scores.items():
        row[metric] = score.score
    if others:
        row.setdefault(JUDGE_SCORES_KEY, others)
    put_metadata(listed_here=record is None)  # {} too, else reading back adds the source ragas-import
    if as_csv:  # claims and facts past the columns the file had
        for kind, column_prefix in (("claims", CLAIM_PREFIX), ("reference_facts", FACT_PREFIX)):
            if any(name.startswith(column_prefix) for name in order):
                for i, unit in enumerate(case.units(kind), start=1):
                    row.setdefault(f"{column_prefix}{i}", unit.text)
    row.update(hand_columns(case))
    return row


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        # As RAGAS's to_csv (pandas) writes a list of texts: Python's repr, which the reader takes back as such.
        return repr(value)
    if isinstance(value, (bool, list, dict)):
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    if isinstance(value, numbers.Real):
        return repr(value) if isinstance(value, float) else str(value)
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _header(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The union of the rows' columns in first-seen order, each numbered family (context_1...) kept together."""
    names: dict[str, None] = {}
    for row in rows:
        names.update(dict.fromkeys(row))
    header: list[str] = []
    families = (*PASSAGE_PREFIXES, CLAIM_PREFIX, FACT_PREFIX)
    for name in names:
        family = next((prefix for prefix in families if _numbered(name, (prefix,))), None)
        if family is None:
            header.append(name)
        elif not any(_numbered(done, (family,)) for done in header):
            header.extend(sorted((other for other in names if _numbered(other, (family,))),
                                 key=lambda other: int(other[len(family):])))
    return header


def _parquet_column(name: str, values: Sequence[Any]) -> pa.Array:
    """One column for a Parquet file as pandas would type it: texts, numbers, booleans, lists of texts; an object
    or a list of objects (the hand labels, another tool's judge scores, metadata) as its JSON text. A score column
    with no score yet is a column of numbers (pandas' NaN, as RAGAS writes a score it could not determine)."""
    import pyarrow as pa

    given = [value for value in values if value is not None]
    if not given and (name in HAND_SCORE_COLUMNS or score_dimension(name)[0]):
        return pa.array(values, type=pa.float64())
    if given and all(isinstance(value, list) and all(isinstance(item, str) for item in value) for value in given):
        return pa.array(values, type=pa.list_(pa.string()))
    if given and all(isinstance(value, bool) for value in given):
        return pa.array(values, type=pa.bool_())
    if given and all(isinstance(value, numbers.Integral) and not isinstance(value, bool) for value in given):
        return pa.array(values, type=pa.int64())
    if given and all(isinstance(value, numbers.Real) and not isinstance(value, bool) for value in given):
        return pa.array([None if value is None else float(value) for value in values], type=pa.float64())
    if all(isinstance(value, str) for value in given):
        return pa.array(values, type=pa.string())
    return pa.array([None if value is None else value if isinstance(value, str) else
                     json.dumps(value, ensure_ascii=False, allow_nan=False) for value in values], type=pa.string())


def _parquet(rows: Sequence[Mapping[str, Any]]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    header = _header(rows)
    table = pa.table({name: _parquet_column(name, [row.get(name) for row in rows]) for name in header})
    out = io.BytesIO()
    pq.write_table(table, out, compression="snappy")
    return out.getvalue()


def export_ragas(dataset: RagDataset, layout: str = "jsonl", delimiter: str = ",", spreadsheet: bool = False) -> bytes:
    """The cases as RAGAS rows, in a file of kind ``layout``: ``"jsonl"``, ``"json"`` (an array), ``"csv"`` (cells
    separated by ``delimiter``; lists of texts written as pandas writes them) or ``"parquet"`` (with pyarrow, as
    pandas' ``to_parquet`` types the columns); UTF-8 text.

    See the module's docstring for the columns. Reading the result back with :func:`read_ragas_cases` gives
    the same cases, labels, judge scores and kept columns. A CSV's cells are written as they are, unless
    ``spreadsheet`` asks for the spreadsheet guard (:func:`~uncase_core.shared.spreadsheets.formula_safe`: a ``'``
    before a text a spreadsheet would run as a formula), which RAGAS and pandas then read as part of the text.
    """
    if layout not in EXPORT_LAYOUTS:
        raise expected_one_of(EXPORT_LAYOUTS, repr(layout), "layout")
    as_csv = layout == "csv"
    with collector_paused():
        rows = [_row(case, index, as_csv, f"cases[{index}]") for index, case in enumerate(dataset.cases)]
    if layout == "parquet":
        return _parquet(rows)
    if layout == "json":
        return dumps_json(rows).encode("utf-8")
    if not as_csv:
        return "".join(json.dumps(row, ensure_ascii=False, allow_nan=False) + "\n" for row in rows).encode("utf-8")
    header = _header(rows)
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(csv_row(header, spreadsheet))
    for row in rows:
        writer.writerow(csv_row((_cell(row.get(name)) for name in header), spreadsheet))
    return out.getvalue().encode("utf-8")


# ---------------------------------------------------------------- the format's record (uncase_core/rag/tools.py)

def read_file(data: bytes, name: str = "", *, variables: Mapping[str, str | None] | None = None,
              progress: Progress | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """:func:`read_ragas_cases` in the shape every format's module has (``variables`` is promptfoo's)."""
    return read_ragas_cases(data, name, progress, limit)


def write_file(dataset: RagDataset, *, kind: str, layout: str | None = None, delimiter: str = ",",
               spreadsheet: bool = False) -> bytes:
    """:func:`export_ragas` in the shape every format's module has (RAGAS has no layout of its own)."""
    return export_ragas(dataset, kind, delimiter, spreadsheet)


# ---------------------------------------------------------------- which files are this format's (rag/tools.py)

_CLAIMED_KEYS = frozenset({"user_input", "retrieved_contexts", "response", "contexts", "ground_truth"})


def claims_record(record: Mapping[str, Any]) -> bool:
    """A RAGAS row: a key of its schema (0.2 and later, or the older ``contexts``/``ground_truth``), or the older
    ``question`` with an answer, contexts or a reference."""
    keys = set(record)
    return bool(keys & _CLAIMED_KEYS) or ("question" in keys and bool(keys & {"answer", "contexts", "ground_truth",
                                                                             "reference"}))


def claims_bytes(data: bytes) -> bool:
    """A Parquet file (a Hugging Face dataset's RAGAS rows)."""
    return is_parquet(data)
