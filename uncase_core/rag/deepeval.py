"""DeepEval test cases and goldens in and out: the JSON, JSON Lines and CSV ``EvaluationDataset.save_as`` writes,
the camelCase its API sends (``{"goldens": [...]}``) and a test run file (``{"testCases": [...]}``).

Reading (:func:`read_deepeval_cases`). Each single-turn test case or golden becomes a case: ``input`` is the
question (required), the items of ``retrieval_context`` the passages (a case without one takes ``context``, said in
a note), the sentences of ``actual_output`` the claims and those of ``expected_output`` the reference facts;
``name`` is the case's id when every record has its own (else ``deepeval-001``...), ``additional_metadata`` (in
a test run ``metadata``) the case's metadata. Keys are read as ``save_as`` writes them (snake_case) or as the
API sends them (``actualOutput``, ``retrievalContext``, ``additionalMetadata``...); a record giving one key both
ways is refused. In JSON Lines and CSV, as ``save_as`` writes them, ``retrieval_context`` and ``context`` are one
text joined with ``|`` and are split there; CSV cells of ``additional_metadata``, ``tools_called`` and the like
are JSON. A ``RetrievedContextData`` item (``deepeval_source=...,deepeval_context=...``) is a passage whose
text is the context, its source kept beside it. A test case's ``metricsData`` (``Faithfulness``, ``Contextual
Relevancy``, ``Contextual Recall``, a GEval ``Correctness``...) become the case's judge scores; every other key
is kept and written back. Conversational goldens (``scenario``, ``turns``) are refused: they are not RAG cases.

Writing (:func:`export_deepeval`): a JSON list, one record per case in the layout it came in (its keys in their
order and spelling, snake_case for a case from elsewhere, as ``save_as`` writes), plus ``hand_labels`` and the
``hand_<dimension>`` shares (:mod:`uncase_core.rag.sources`), which DeepEval's loaders ignore. A case from another
tool with judge scores (RAGAS score columns, promptfoo's grader) gets them as ``metrics_data`` in DeepEval's
``MetricData`` shape (``name``, ``score``, ``threshold``, ``success``, ``reason``) plus the ``dimension`` it scores,
which the reader takes back for a metric DeepEval itself does not name.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    Place,
    at_line,
    expected_one_of,
    expected_value,
    input_error,
    invalid_json,
    missing,
    problem,
)
from uncase_core.rag.cases import RagCase, RagDataset, Unit, new_case, new_unit
from uncase_core.rag.dimensions import DIMENSIONS, METRICS
from uncase_core.rag.edits import REFERENCE_KEY
from uncase_core.rag.ragas import csv_rows
from uncase_core.rag.sources import (
    HAND_COLUMNS,
    HAND_LABELS_COLUMN,
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
from uncase_core.shared.jsonfiles import decode_text, dumps_json, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.notes import Note
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.spreadsheets import csv_row, delimiter_name, sniff_delimiter

DEEPEVAL_RECORD = RECORD_KEYS["deepeval"]
# snake_case (save_as) -> camelCase (the API's serialization aliases of Golden, LLMApiTestCase, TestRun).
CAMEL: Mapping[str, str] = MappingProxyType({
    "actual_output": "actualOutput", "expected_output": "expectedOutput", "retrieval_context": "retrievalContext",
    "additional_metadata": "additionalMetadata", "tools_called": "toolsCalled", "expected_tools": "expectedTools",
    "source_file": "sourceFile", "custom_column_key_values": "customColumnKeyValues", "token_cost": "tokenCost",
    "input_token_count": "inputTokenCount", "output_token_count": "outputTokenCount", "metrics_data": "metricsData",
    "run_duration": "runDuration", "evaluation_cost": "evaluationCost", "expected_labels": "expectedLabels",
    "images_mapping": "imagesMapping", "completion_time": "completionTime", "expectations_data": "expectationsData",
    "test_cases": "testCases", "conversational_test_cases": "conversationalTestCases",
    "conversational_goldens": "conversationalGoldens",
})
_SNAKE = MappingProxyType({camel: snake for snake, camel in CAMEL.items()})
# The keys of one golden as save_as writes them in JSON, in its order (a case from elsewhere is written so).
SAVE_AS_KEYS = ("input", "actual_output", "expected_output", "retrieval_context", "context", "name", "comments",
                "source_file", "tools_called", "expected_tools", "token_cost", "input_token_count",
                "output_token_count", "additional_metadata", "custom_column_key_values")
# CSV cells save_as writes as JSON (lists of tools, mappings, numbers), and the lists it joins with "|".
JSON_CELLS = ("tools_called", "expected_tools", "additional_metadata", "custom_column_key_values", "expectations",
              "token_cost", "input_token_count", "output_token_count")
JOINED_LISTS = ("retrieval_context", "context")
# The cells export_deepeval adds or fills that hold JSON in a CSV file: the hand labels, judge scores.
_OUR_JSON_CELLS = frozenset({"hand_labels", "metrics_data", "metricsData"})
# The cells save_as writes as plain text (the lists joined with "|"), in either spelling.
_TEXT_CELLS = frozenset(key for snake in ("input", "actual_output", "expected_output", "retrieval_context",
                                          "context", "name", "comments", "source_file")
                        for key in (snake, CAMEL.get(snake, snake)))
LIST_DELIMITER = "|"  # deepeval.dataset.utils.DELIMITER
SOURCE_KEY = "deepeval_source"  # a passage's RetrievedContextData source, kept in the unit's own keys
_MARKER = re.compile(r"^deepeval_source=(?P<source>.*?),deepeval_context=(?P<context>.*)$", re.S)
_MARKER_START = "deepeval_source="  # what every text _MARKER matches starts with: the rest skip the regex
# DeepEval metric names (each metric's __name__) and the dimension they score; a GEval metric is "<name> [GEval]".
METRIC_DIMENSIONS: Mapping[str, str] = MappingProxyType({metric: d.name for d in DIMENSIONS
                                                          for metric in d.deepeval_metrics})
_RECORD_LISTS = ("testCases", "test_cases", "goldens")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "deepeval_both_spellings": 'both "{snake}" and "{camel}" are given; keep one',
    "deepeval_conversational": "a conversational golden (scenario, turns) is not a RAG case; give single-turn test "
                               "cases or goldens (input, actual_output, retrieval_context...)",
    "deepeval_no_records": "no test cases or goldens to read",
    "deepeval_not_texts": "expected a list of texts, got {got}",
    "deepeval_not_records": "expected a list of test cases or goldens, or an object with {keys}",
})


def metric_dimension(name: str) -> str | None:
    """The dimension a DeepEval metric scores: the built-in RAG metrics, and a GEval metric named for correctness."""
    if name in METRIC_DIMENSIONS:
        return METRIC_DIMENSIONS[name]
    if name.endswith("[GEval]") and "correct" in name.lower():
        return "correctness"
    return None


def _at(where: str, key: str) -> str:
    if not where:
        return key
    return f"{where}: {key}" if where.startswith("line") else f"{where}.{key}"


def _key(record: Mapping[str, Any], snake: str, where: str) -> str | None:
    """The spelling of ``snake`` this record uses, or None when it has neither."""
    camel = CAMEL.get(snake)
    if camel is not None and camel in record and snake in record:
        raise input_error(PROBLEMS, "deepeval_both_spellings", where, snake=snake, camel=camel)
    if snake in record:
        return snake
    return camel if camel is not None and camel in record else None


def _text(record: Mapping[str, Any], key: str | None, where: str) -> str:
    if key is None or record[key] is None:
        return ""
    if not isinstance(record[key], str):
        raise expected_value("text", type(record[key]).__name__, _at(where, key))
    return record[key]


def _split(value: Any) -> Any:
    return value.split(LIST_DELIMITER) if isinstance(value, str) and value else ([] if value == "" else value)


def _passages(value: Any, where: str) -> tuple[Unit, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise input_error(PROBLEMS, "deepeval_not_texts", where, got=type(value).__name__)
    for position, item in enumerate(value):
        if not isinstance(item, str):
            raise expected_value("text", type(item).__name__, f"{where}[{position}]")
    units = []
    for item in value:
        found = _MARKER.match(item) if item.startswith(_MARKER_START) else None
        text, extra = (found.group("context"), {SOURCE_KEY: found.group("source")}) if found else (item, {})
        units.append(new_unit(f"p{len(units) + 1}", text, {"relevant": None}, extra))
    return tuple(units)


def _scores(value: Any, where: str) -> list[JudgeScore]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise expected_value("list", type(value).__name__, where)
    scores = []
    for index, item in enumerate(value):
        at = f"{where}[{index}]"
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise missing("name", at)
        given = item.get("dimension")  # written by export_deepeval for another tool's metric
        dimension = given if given in METRICS else metric_dimension(item["name"])
        passed = item.get("success")
        if passed is not None and not isinstance(passed, bool):
            raise expected_value("true_false_null", repr(passed), f"{at}.success")
        reason = item.get("reason")
        scores.append(JudgeScore(item["name"], dimension, finite_or_none(item.get("score"), f"{at}.score",
                                                                         dimension is not None),
                                 passed, finite_or_none(item.get("threshold"), f"{at}.threshold"),
                                 reason if isinstance(reason, str) else None))
    return scores


class _Reader:
    def __init__(self, joined: bool, file: Mapping[str, str]) -> None:
        self.joined = joined  # JSON Lines and CSV: the lists are joined with "|"
        self.file = file  # each case's source_file (sources.file_note), put in as the case is made
        self.kept: dict[str, None] = {}
        self.metrics: dict[str, str | None] = {}
        self.from_context = 0
        self.hand = 0
        self.layouts: list[str] = []
        self._shapes: dict[tuple[str, ...], tuple[dict[str, str | None], str]] = {}

    def case(self, record: Any, index: int, where: str, name_is_id: bool) -> RagCase:
        if not isinstance(record, Mapping):
            raise expected_value("object", type(record).__name__, where)
        shape = tuple(record)  # the spellings and layout depend on the record's keys alone: worked out once per set
        known = self._shapes.get(shape)
        if known is None:
            known = self._shapes[shape] = (
                {snake: _key(record, snake, where) for snake in
                 ("input", "actual_output", "expected_output", "retrieval_context", "context", "name",
                  "additional_metadata", "metrics_data")},
                "camel" if any(key in _SNAKE for key in record) else "snake")
        keys, layout = known
        if keys["input"] is None:
            if "scenario" in record or "turns" in record:
                raise input_error(PROBLEMS, "deepeval_conversational", where)
            raise missing("input", where)
        metadata_key = keys["additional_metadata"] or ("metadata" if "metadata" in record else None)
        self.layouts.append(layout)
        question = _text(record, keys["input"], where)
        answer = _text(record, keys["actual_output"], where)
        reference = _text(record, keys["expected_output"], where)
        passages_key = keys["retrieval_context"]
        retrieval = record.get(passages_key) if passages_key else None
        if retrieval is None and keys["context"] is not None and record.get(keys["context"]) is not None:
            passages_key = keys["context"]
            self.from_context += 1
        values = dict(record)
        for snake in JOINED_LISTS:
            key = keys[snake]
            if self.joined and key is not None:
                values[key] = _split(values[key])
        passages = _passages(values.get(passages_key) if passages_key else None, _at(where, passages_key or ""))
        raw_name = record.get(keys["name"]) if keys["name"] else None
        case_id = raw_name if name_is_id and isinstance(raw_name, str) and raw_name.strip() \
            else f"deepeval-{index + 1:03d}"
        metadata = record.get(metadata_key) if metadata_key else None
        if metadata is not None and not isinstance(metadata, Mapping):
            raise expected_value("object", type(metadata).__name__, _at(where, metadata_key))
        claims = blank_units("c", "claims", split_sentences(answer))
        facts = blank_units("f", "reference_facts", split_sentences(reference))
        units = {"passages": passages, "claims": claims, "reference_facts": facts}
        if record.get(HAND_LABELS_COLUMN) is not None:
            units = units_from_hand_labels(record[HAND_LABELS_COLUMN], _at(where, HAND_LABELS_COLUMN))
            self.hand += 1
        scores = _scores(record.get(keys["metrics_data"]) if keys["metrics_data"] else None,
                         _at(where, keys["metrics_data"] or ""))
        for score in scores:
            self.metrics.setdefault(score.metric, score.dimension)
        mapped = {keys["input"], keys["actual_output"], keys["expected_output"], passages_key, metadata_key,
                  keys["name"] if name_is_id else None, *HAND_COLUMNS}
        fields = {key: value for key, value in values.items() if key not in mapped}
        self.kept.update(dict.fromkeys(key for key in fields if key != keys["metrics_data"]))
        nulls = [key for key in (keys["actual_output"], keys["expected_output"], passages_key, metadata_key,
                                 keys["name"] if name_is_id else None) if key is not None and record.get(key) is None]
        roles = {"question": keys["input"], "answer": keys["actual_output"], "reference": keys["expected_output"],
                 "passages": passages_key, "metadata": metadata_key, "id": keys["name"] if name_is_id else None}
        kept: dict[str, Any] = {"layout": layout, "order": [key for key in record if key not in HAND_COLUMNS],
                                "fields": fields, "keys": roles}
        if nulls:
            kept["nulls"] = nulls
        extra = {REFERENCE_KEY: reference} if reference else {}
        extra[DEEPEVAL_RECORD] = kept
        if scores:  # as with_judge_scores puts them
            extra[JUDGE_SCORES_KEY] = [score.to_dict() for score in scores]
        extra[SOURCE_FILE_KEY] = self.file
        return new_case(case_id, question, units["passages"], answer, units["claims"], units["reference_facts"],
                        dict(metadata or {}), extra)


def _records(text: str, csv_file: bool, limit: ReadLimit) -> tuple[list[tuple[str, Any]], str, list[str]]:
    """The file's records with their places, its layout (``json``, ``jsonl``, ``csv``) and the keys it ignores; a
    file of more records than ``limit`` takes is refused before any is read as a record."""
    if csv_file:
        delimiter = sniff_delimiter(text)
        rows = csv_rows(text.lstrip("\ufeff"), delimiter=delimiter, limit=limit)
        return [(where, _csv_record({column: cell or "" for column, cell in row.items()}, where))
                for where, row in rows], "csv", [delimiter]
    document = parse_document(text, limit=limit)
    if document.kind == "jsonl":
        return [(at_line(line), record) for line, record in document.records], "jsonl", []
    value = document.value
    if isinstance(value, Mapping) and isinstance(value.get("testRunData"), Mapping):
        value = value["testRunData"]
    if isinstance(value, list):
        check_rows(len(value), limit)
        return [(f"[{i}]", record) for i, record in enumerate(value)], "json", []
    if isinstance(value, Mapping):
        key = next((key for key in _RECORD_LISTS if isinstance(value.get(key), list)), None)
        if key is not None:
            check_rows(len(value[key]), limit)
            ignored = [other for other in value if other != key]
            return [(f"{key}[{i}]", record) for i, record in enumerate(value[key])], "json", ignored
        if "input" in value:
            # One record on one line is JSON Lines of one golden (save_as's jsonl): its lists are joined with "|".
            one_line = "\n" not in text.strip()
            return [(at_line(1) if one_line else "", value)], "jsonl" if one_line else "json", []
    raise input_error(PROBLEMS, "deepeval_not_records", keys="testCases or goldens")


def _csv_record(row: Mapping[str, str], where: str) -> dict[str, Any]:
    """A save_as CSV row: empty cells are null, the JSON cells read as JSON (lists stay joined, for the reader);
    a column save_as does not write (what export_deepeval keeps of a test run: ``success``, ``metadata``...) is
    read as JSON when its cell is JSON (:func:`_csv_cell` quotes a text that would read as JSON), else as text."""
    record: dict[str, Any] = {}
    for column, cell in row.items():
        if cell == "":
            record[column] = None
        elif column in JSON_CELLS or column in _OUR_JSON_CELLS:
            try:
                record[column] = json.loads(cell)
            except json.JSONDecodeError as error:
                raise invalid_json(error, _at(where, column)) from None
        elif column in _TEXT_CELLS:
            record[column] = cell
        else:  # a column of a record save_as does not write (a test run's): JSON where it reads as JSON
            try:
                record[column] = json.loads(cell)
            except json.JSONDecodeError:
                record[column] = cell
    return record


def read_deepeval_cases(data: bytes, source: str = "", progress: Progress | None = None,
                        csv_file: bool | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """Read DeepEval test cases or goldens (see the module's docstring); ``csv_file`` None sniffs (not JSON: CSV). A
    file of more records than ``limit`` takes is refused before any becomes a case.

    Raises
    ------
    InputError
        Naming ``source`` and the record and key of the first problem.
    """
    try:
        text = decode_text(data)
        if not text.strip():
            raise problem("file_empty")
        if csv_file is None:
            csv_file = text.lstrip("\ufeff").lstrip()[:1] not in ("[", "{")
        records, layout, extra = _records(text, csv_file, limit)
        if not records:
            raise input_error(PROBLEMS, "deepeval_no_records")
        names = [record.get("name") for _, record in records if isinstance(record, Mapping)]
        named = [name for name in names if isinstance(name, str) and name.strip()]
        name_is_id = len(set(named)) == len(named)
        delimiter = extra[0] if layout == "csv" else None
        reader = _Reader(layout in ("jsonl", "csv"), file_note("deepeval", layout, delimiter))
        cases, seen = [], {}
        for index, (where, record) in enumerate(records):
            case = reader.case(record, index, where, name_is_id)
            if case.id in seen:
                raise problem("duplicate_case_id", where, id=case.id, first=Place(seen[case.id]))
            seen[case.id] = where
            cases.append(case)
            report_progress(progress, index + 1, len(records))
        keys = reader.layouts[0] if reader.layouts else "snake"
        notes = [Note.of("read_as", count=len(cases), format_name="DeepEval test cases or goldens",
                         layout=f"{layout}, {keys}")]
        if layout == "csv":
            notes.insert(0, Note.of("csv_delimiter", delimiter=delimiter_name(extra[0])))
        input_key, output_key, expected_key, retrieval_key = (
            ("input", "actualOutput", "expectedOutput", "retrievalContext") if keys == "camel"
            else ("input", "actual_output", "expected_output", "retrieval_context"))
        mapping = [(input_key, "question"), (retrieval_key, "passages"), (output_key, "answer"),
                   (expected_key, "reference")]
        if name_is_id and named:
            mapping.append(("name", "id"))
        notes.append(mapping_note(mapping))
        if reader.from_context:
            notes.append(Note.of("passages_from_context", count=reader.from_context, retrieval=retrieval_key,
                                 context="context"))
        if layout in ("jsonl", "csv"):
            notes.append(Note.of("lists_split", columns=", ".join(JOINED_LISTS)))
        if reader.metrics:
            notes.append(scores_note(reader.metrics))
            unmapped = [name for name, dimension in reader.metrics.items() if dimension is None]
            if unmapped:
                notes.append(Note.of("judge_scores_unmapped", metrics=name_list(unmapped)))
        if reader.kept:
            notes.append(Note.of("kept_fields", fields=name_list(list(reader.kept))))
        if reader.hand:
            notes.append(Note.of("hand_labels_read", count=reader.hand, column=HAND_LABELS_COLUMN))
        if layout == "json" and extra:
            notes.append(Note.of("ignored_keys", keys=name_list(extra)))
        return CaseImport(RagDataset(tuple(cases), "jsonl"), "deepeval",
                          f"{layout}, {keys}", tuple(notes), delimiter)
    except InputError as error:
        raise error.located(source) if source and not error.source else error from None


# ---------------------------------------------------------------- writing

EXPORT_KEYS = ("snake", "camel")
_ROLE_KEYS = MappingProxyType({"question": "input", "answer": "actual_output", "reference": "expected_output",
                               "passages": "retrieval_context", "metadata": "additional_metadata", "id": "name"})


def _spelled(key: str, keys: str) -> str:
    """``key`` in the spelling ``keys`` (``snake`` or ``camel``); keys without two spellings stay as they are."""
    return CAMEL.get(key, key) if keys == "camel" else _SNAKE.get(key, key)


def _passage_values(case: RagCase) -> list[str]:
    return [f"deepeval_source={unit.extra[SOURCE_KEY]},deepeval_context={unit.text}"
            if isinstance(unit.extra.get(SOURCE_KEY), str) else unit.text for unit in case.passages]


def _record(case: RagCase, index: int, keys: str | None) -> dict[str, Any]:
    record = tool_record(case, "deepeval") or {}
    layout = record.get("layout") if record.get("layout") in EXPORT_KEYS else "snake"
    fields = record_fields(case, "deepeval")
    order = record_order(case, "deepeval") or [_spelled(key, layout) for key in SAVE_AS_KEYS]
    mapped = record.get("keys") if isinstance(record.get("keys"), Mapping) else \
        {role: _spelled(key, layout) for role, key in _ROLE_KEYS.items()}
    nulls = set(record.get("nulls") or ()) if isinstance(record.get("nulls"), list) else set()
    default_id = f"deepeval-{index + 1:03d}"
    values = {"question": case.question, "answer": case.answer, "reference": reference_of(case),
              "passages": _passage_values(case), "metadata": dict(case.metadata), "id": case.id}
    empty = {role: value in ("", [], {}) for role, value in values.items()}
    empty["id"] = case.id == default_id
    role_of = {key: role for role, key in mapped.items() if isinstance(key, str)}
    out: dict[str, Any] = {}
    for key in order:
        if key in fields:
            out[key] = fields[key]
        elif key in role_of:
            role = role_of.pop(key)
            out[key] = None if empty[role] and (key in nulls or not record) else values[role]
            values.pop(role)
        elif not record:
            out[key] = None  # save_as writes every key of a golden
    for role, value in values.items():
        if not empty[role]:
            out[_spelled(_ROLE_KEYS[role], layout)] = value
    scores_key = _spelled("metrics_data", layout)
    if scores_key not in out and (scores := judge_scores(case)):
        # Another tool's judge scores (RAGAS columns, promptfoo's grader), as DeepEval's own MetricData; the
        # dimension rides along so that reading back maps a metric DeepEval does not name.
        out[scores_key] = [{"name": score.metric, "score": score.score, "threshold": score.threshold,
                            "success": score.passed, "reason": score.reason, "dimension": score.dimension}
                           for score in scores]
    out.update(hand_columns(case))
    if keys is not None and keys != layout:
        out = {_spelled(key, keys): value for key, value in out.items()}
    return out


def _joined(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record as save_as writes it in JSON Lines and CSV: the lists of passages joined with "|"."""
    joined = {_spelled(key, "snake") for key in JOINED_LISTS}
    return {key: LIST_DELIMITER.join(value) if _spelled(key, "snake") in joined and isinstance(value, list)
            and all(isinstance(item, str) for item in value) else value for key, value in record.items()}


def _csv_cell(key: str, value: Any) -> str:
    """A CSV cell as save_as writes it; in a column save_as does not write, a value that is not text as JSON, and a
    text that would read as JSON quoted, so that :func:`_csv_record` gives back exactly what was written."""
    if value is None:
        return ""
    if isinstance(value, str):
        if key in _TEXT_CELLS or key in JSON_CELLS or key in _OUR_JSON_CELLS:
            return value
        try:
            json.loads(value)
        except json.JSONDecodeError:
            return value
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def export_deepeval(dataset: RagDataset, keys: str | None = None, kind: str = "json", delimiter: str = ",",
                    spreadsheet: bool = False) -> bytes:
    """The cases as DeepEval test cases or goldens (see the module's docstring), in a file of ``kind``: ``"json"``
    (a list), ``"jsonl"`` or ``"csv"`` (cells separated by ``delimiter``), the last two as ``save_as`` writes them
    (passages joined with "|"; in CSV, objects, lists of tools and numbers as JSON), UTF-8.

    ``keys`` ``"snake"`` or ``"camel"`` spells every record so; None keeps each case's own (snake_case for a case
    that did not come from DeepEval). :func:`read_deepeval_cases` reads the result back to the same cases. A CSV's
    cells are written as they are, unless ``spreadsheet`` asks for the spreadsheet guard
    (:func:`~uncase_core.shared.spreadsheets.formula_safe`), which DeepEval then reads as part of the text.
    """
    if keys is not None and keys not in EXPORT_KEYS:
        raise expected_one_of(EXPORT_KEYS, repr(keys), "keys")
    if kind not in FILE_KINDS["deepeval"]:
        raise expected_one_of(FILE_KINDS["deepeval"], repr(kind), "kind")
    with collector_paused():
        records = [_record(case, index, keys) for index, case in enumerate(dataset.cases)]
    if kind == "json":
        return dumps_json(records).encode("utf-8")
    records = [_joined(record) for record in records]
    if kind == "jsonl":
        return "".join(json.dumps(record, ensure_ascii=False, allow_nan=False) + "\n"
                       for record in records).encode("utf-8")
    header = list(dict.fromkeys(key for record in records for key in record))
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(csv_row(header, spreadsheet))
    for record in records:
        writer.writerow(csv_row((_csv_cell(key, record.get(key)) for key in header), spreadsheet))
    return out.getvalue().encode("utf-8")


# ---------------------------------------------------------------- the format's record (uncase_core/rag/tools.py)

def read_file(data: bytes, name: str = "", *, variables: Mapping[str, str | None] | None = None,
              progress: Progress | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """:func:`read_deepeval_cases` in the shape every format's module has (``variables`` is promptfoo's)."""
    return read_deepeval_cases(data, name, progress, limit=limit)


def write_file(dataset: RagDataset, *, kind: str, layout: str | None = None, delimiter: str = ",",
               spreadsheet: bool = False) -> bytes:
    """:func:`export_deepeval` in the shape every format's module has (``layout``: snake or camel keys)."""
    return export_deepeval(dataset, layout, kind, delimiter, spreadsheet)


# ---------------------------------------------------------------- which files are this format's (rag/tools.py)

# Keys only DeepEval's records have (a record is judged by its first item; a CSV by its header).
_CLAIMED_KEYS = frozenset({"input", "actual_output", "expected_output", "retrieval_context", *CAMEL.values(),
                           "scenario", "turns", "expected_outcome"})


def claims_record(record: Mapping[str, Any]) -> bool:
    """A DeepEval test case or golden (snake or camel keys; a conversational golden's ``scenario``/``turns``)."""
    return bool(set(record) & _CLAIMED_KEYS)


def claims_file(value: Mapping[str, Any]) -> bool:
    """A DeepEval test run or dataset file: its records under ``testCases``, ``test_cases``, ``testRunData`` or
    ``goldens``."""
    return any(isinstance(value.get(key), (list, Mapping)) for key in ("testCases", "test_cases", "testRunData",
                                                                       "goldens"))
