"""Cases in and out of the tools practitioners already run: RAGAS, DeepEval, promptfoo and Label Studio.

In. :func:`read_cases` takes a file's bytes and name, finds which tool's file it is (:func:`detect_format`, or
``fmt``), and gives a :class:`~uncase_core.rag.sources.CaseImport`: the unlabelled (or, from Label Studio and our
own exports, labelled) cases, the judge scores that came with them kept beside them, what each case keeps of its
source to be written back, and notes saying what was read, mapped, kept and ignored. promptfoo files need the
``vars`` keys of the question, context and reference (``variables``; see
:func:`uncase_core.rag.promptfoo.guess_promptfoo_vars`). A file of no known format is refused naming the formats
known and what was found instead (a JSON object's keys, a CSV header's columns). ``progress(done, total)`` is
called as rows become cases, for a progress bar.

Out. One function per target writes cases back to bytes: :func:`~uncase_core.rag.ragas_files.export_ragas`
(JSON Lines or CSV, the hand labels as added columns, the scores kept),
:func:`~uncase_core.rag.deepeval.export_deepeval` (a JSON list in the layout it came in),
:func:`~uncase_core.rag.label_studio.export_label_studio` with
:func:`~uncase_core.rag.label_studio.label_studio_config` (tasks and the labelling config), and
:func:`export_case_json` (the RAG case format, what promptfoo's cases go out as). :func:`export_cases` picks one
by name.

Each tool's reader is its own module: :mod:`~uncase_core.rag.ragas_files` (with :mod:`~uncase_core.rag.parquet`),
:mod:`~uncase_core.rag.deepeval`, :mod:`~uncase_core.rag.promptfoo`, :mod:`~uncase_core.rag.label_studio`; what
they share is :mod:`~uncase_core.rag.sources`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from uncase_core.errors import InputError, at_line, input_error, problem, term, unreadable_csv
from uncase_core.rag import tools
from uncase_core.rag.cases import RagDataset, case_to_dict
from uncase_core.rag.sources import (
    FILE_EXTENSIONS,
    CaseImport,
    Progress,
    came_in,
    collector_paused,
    name_list,
)
from uncase_core.shared.formats import RAG, RAGAS, guess_format, wrong_format_error
from uncase_core.shared.jsonfiles import decode_text, dumps_json, one_reading, parse_head
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.shared.spreadsheets import sniff_delimiter

_RAG_KEYS = frozenset({"passages", "reference_facts"})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "interchange_unknown_object": "not a file of a known format ({formats}); found a JSON object with the keys {keys}",
    "interchange_unknown_record": "not a file of a known format ({formats}); found records with the keys {keys}",
    "interchange_unknown_columns": "not a file of a known format ({formats}); found a CSV file with the columns "
                                   "{columns}",
    "interchange_unknown_value": "not a file of a known format ({formats}); found {got}",
    "interchange_rag_cases": "this is already a file of RAG cases: open it on the RAG diagnosis page or use "
                             "`python -m uncase_core rag`",
    "interchange_promptfoo_config": "this is a promptfoo config (prompts, providers, tests), not its results: run "
                                    "`promptfoo eval -c FILE --output results.json` and bring results.json",
    "interchange_unknown_format": 'unknown format "{got}"; use one of {choices}',
    "interchange_file_kind": "{target} cannot be written as a {kind} file; write {kinds}",
})
_UNKNOWN = frozenset({"interchange_unknown_object", "interchange_unknown_record", "interchange_unknown_value"})
# The words the errors quote, as terms (uncase_core.errors.Term).
TERMS: Mapping[str, str] = MappingProxyType({
    "interchange_formats": "RAGAS rows as JSONL, JSON, CSV or Parquet; DeepEval test cases or goldens as JSON, "
                           "JSONL or CSV; promptfoo results JSON; Label Studio tasks JSON",
    "interchange_empty_list": "an empty list",
    "interchange_scalar": "a single value, not records",
})


def _formats() -> Any:
    return term("interchange_formats", TERMS)


def _record_format(record: Any) -> str | None:
    """The format whose claim takes ``record`` first (the records' ranks, rag/tools.py), after the refusal of another
    page's file or our own RAG cases for the claims that need it; None when no format claims it."""
    if not isinstance(record, Mapping):
        return None
    keys = set(record)
    guarded = False
    for tool in tools.by_rank():
        if tool.rank >= tools.GUARDED_FROM and not guarded:
            guarded = True
            if not keys & frozenset().union(*(other.own_keys for other in tools.TOOLS.values())):
                _other_module(record)  # a DeepEval golden may share a key with a page's format ("turns")
            if keys & _RAG_KEYS:
                raise input_error(PROBLEMS, "interchange_rag_cases")
        if tool.claims_record(record):
            return tool.name
    return None


def _json_format(value: Any, records: bool) -> str:
    if isinstance(value, Mapping) and not records:
        for tool in tools.by_rank():
            if tool.claims_file(value):
                return tool.name
        if isinstance(value.get("cases"), list):
            raise input_error(PROBLEMS, "interchange_rag_cases")
        if isinstance(value.get("tests"), list | str) and ("prompts" in value or "providers" in value):
            raise input_error(PROBLEMS, "interchange_promptfoo_config")
        found = _record_format(value)
        if found is None:
            raise input_error(PROBLEMS, "interchange_unknown_object", formats=_formats(), keys=name_list(list(value)))
        return found
    items = value if isinstance(value, list) else [value]
    if not items:
        raise input_error(PROBLEMS, "interchange_unknown_value", formats=_formats(),
                          got=term("interchange_empty_list", TERMS))
    first = items[0]
    found = _record_format(first)
    if found is None:
        if isinstance(first, Mapping):
            raise input_error(PROBLEMS, "interchange_unknown_record", formats=_formats(), keys=name_list(list(first)))
        raise input_error(PROBLEMS, "interchange_unknown_value", formats=_formats(),
                          got=term("interchange_scalar", TERMS))
    return found


def _other_module(data: Any) -> None:
    """Refuse a file of another page of the playground (conversations, summaries, rubric verdicts...) by name."""
    found = guess_format(data)
    if found is not None and found not in (RAG, RAGAS):
        raise wrong_format_error(found, RAGAS)


def _csv_format(text: str) -> str:
    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter)
    try:
        names = [name.strip() for name in next(reader, [])]
    except csv.Error as error:  # a header cell beyond the csv module's field limit
        raise unreadable_csv(error, at_line(1)) from None
    found = _record_format(dict.fromkeys(names))
    if found is not None and "csv" in tools.TOOLS[found].kinds:  # a header names a format written as CSV
        return found
    _other_module({name.lower(): None for name in names if name})
    raise input_error(PROBLEMS, "interchange_unknown_columns", formats=_formats(), columns=name_list(names))


def detect_format(data: bytes, name: str = "") -> str:
    """Which tool's file ``data`` is: ``ragas``, ``deepeval``, ``promptfoo`` or ``label-studio``.

    Each format claims its files (``claims_bytes``, ``claims_file``, ``claims_record`` in its module, asked in the
    order of the records' ranks, rag/tools.py): Parquet is RAGAS rows; JSON is judged by its top-level keys
    (promptfoo's ``results.results``, DeepEval's ``testCases`` or ``goldens``) or its first record's keys (``data``:
    a Label Studio task; ``input``, ``actual_output``...: DeepEval; ``vars``: promptfoo; ``user_input``,
    ``retrieved_contexts``...: RAGAS); CSV by its header, as a record of a format written as CSV.

    Raises
    ------
    InputError
        Naming ``name``: a file of no known format (saying what it found), a file of RAG cases, bad text.
    """
    try:
        for tool in tools.by_rank():
            if tool.claims_bytes(data):
                return tool.name
        text = decode_text(data)
        if not text.strip():
            raise problem("file_empty")
        if text.lstrip("\ufeff").lstrip()[:1] in ("[", "{"):
            document = parse_head(text, allow_nan=True)
            try:
                if document.kind == "jsonl":
                    return _json_format([record for _, record in document.records[:1]], records=True)
                return _json_format(document.value, records=False)
            except InputError as error:
                if error.code in _UNKNOWN:
                    _other_module(document)  # a file of another page is named as such
                raise
        return _csv_format(text)
    except InputError as error:
        raise error.located(name) if name and not error.source else error from None


def read_cases(data: bytes, name: str = "", fmt: str | None = None,
               variables: Mapping[str, str | None] | None = None, progress: Progress | None = None,
               limit: ReadLimit = UNLIMITED) -> CaseImport:
    """Read another tool's file as RAG cases (see the module's docstring); a file of more records than ``limit``
    takes is refused before any becomes a case.

    ``fmt`` is one of :data:`~uncase_core.rag.tools.INTERCHANGE_FORMATS` (None: :func:`detect_format`);
    ``variables`` maps ``question``, ``context`` and ``reference`` to promptfoo ``vars`` keys (promptfoo only).
    """
    with one_reading():  # the text and a JSON file's value that told the format are the ones read
        if fmt is None:
            fmt = detect_format(data, name)
        if fmt not in tools.TOOLS:  # read at call time: a format's record is all it takes
            raise input_error(PROBLEMS, "interchange_unknown_format", "format", name, got=str(fmt),
                              choices=", ".join(tools.TOOLS))
        with collector_paused():  # reading makes many objects and no cycles (see collector_paused)
            return tools.TOOLS[fmt].read(data, name, variables, progress, limit)


def export_case_json(dataset: RagDataset) -> bytes:
    """The cases as a JSON array in the RAG case format (UTF-8): labels, judge scores and kept fields included."""
    return dumps_json([case_to_dict(case) for case in dataset.cases]).encode("utf-8")


def export_cases(dataset: RagDataset, target: str, layout: str | None = None, kind: str | None = None,
                 delimiter: str = ",", spreadsheet: bool = False) -> bytes:
    """The cases written for ``target`` (one of :data:`~uncase_core.rag.tools.EXPORT_TARGETS`) in a file of
    ``kind`` (one of the target's :data:`~uncase_core.rag.tools.FILE_KINDS`; None: the first, JSON Lines for
    RAGAS and a JSON list for DeepEval), a CSV's cells separated by ``delimiter``. A CSV's cells are as the cases
    hold them, so the tool reads back what it wrote; ``spreadsheet`` asks for the spreadsheet guard instead (a
    ``'`` before a text a spreadsheet would run as a formula, :func:`~uncase_core.shared.spreadsheets.formula_safe`),
    for a CSV meant to be opened in a spreadsheet program.

    ``layout`` is the format's own option: for ``deepeval`` ``"snake"`` or ``"camel"`` keys (default: each case's
    own); a ``layout`` that names one of the format's kinds, with no ``kind``, is taken as the kind (how RAGAS's
    kind was given before ``kind`` was). The Label Studio config is
    :func:`~uncase_core.rag.label_studio.label_studio_config`.
    """
    writers = [name for name, tool in tools.TOOLS.items() if tool.writes]
    if target not in writers:
        raise input_error(PROBLEMS, "interchange_unknown_format", "--to", got=str(target), choices=", ".join(writers))
    kinds = tools.TOOLS[target].kinds
    if kind is None and layout in kinds:
        kind, layout = layout, None
    kind = kind or kinds[0]
    if kind not in kinds:
        raise input_error(PROBLEMS, "interchange_file_kind", "--out", kind=kind, target=tools.TOOLS[target].title,
                          kinds=", ".join(kinds))
    return tools.TOOLS[target].write(dataset, kind, layout, delimiter, spreadsheet)


@dataclass(frozen=True)
class ExportedFile:
    """A file of cases written back: its bytes, the tool and kind of file (``None`` tool: the RAG case format), and
    the extension and media type a download gives it."""

    data: bytes
    tool: str | None
    kind: str

    @property
    def extension(self) -> str:
        return FILE_EXTENSIONS[self.kind]

    @property
    def mime(self) -> str:
        return MEDIA_TYPES[self.kind]


MEDIA_TYPES: Mapping[str, str] = MappingProxyType({"jsonl": "application/jsonl", "json": "application/json",
                                                   "csv": "text/csv", "parquet": "application/vnd.apache.parquet"})


def export_as_it_came(dataset: RagDataset) -> ExportedFile:
    """The cases back in the format and kind of file they came in (:func:`~uncase_core.rag.sources.came_in`):
    RAGAS rows as JSON Lines, JSON, CSV or Parquet, DeepEval records as JSON, JSON Lines or CSV, Label Studio tasks;
    a CSV with its own delimiter and its cells as they are (never the spreadsheet guard). Cases of our own (or from
    a promptfoo run) go out as RAG cases, JSON."""
    found = came_in(dataset)
    if found is None:
        return ExportedFile(export_case_json(dataset), None, "json")
    tool, kind, delimiter = found
    return ExportedFile(export_cases(dataset, tool, kind=kind, delimiter=delimiter or ","), tool, kind)


def kind_of_path(suffix: str) -> str | None:
    """The kind of file an output path's extension names (``.csv`` -> ``csv``), or None for another extension."""
    return next((kind for kind, extension in FILE_EXTENSIONS.items() if extension == suffix.lower()), None)
