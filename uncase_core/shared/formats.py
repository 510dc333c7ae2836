"""Which module a file belongs to, so that each reader can refuse another module's file by name.

Every reader accepts loosely shaped input (unknown keys are kept, most blocks may be absent),
so a RAG case read as a summary case used to load as an empty summary. :func:`guess_format`
looks at the keys of the first record (or the columns of a CSV header) and returns the code of
the format they belong to; :func:`parse_format` and :func:`check_csv_header` are what the
readers call. A file is refused only when it is *clearly* another module's: its first record
has a key only that other format uses and none only the expected one uses.

Errors carry codes (:data:`PROBLEMS`, English text) and params; the format labels, names and
hints they quote are terms (:data:`TERMS`), so a page can say all of it in its own language.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from uncase_core.errors import InputError, Term, input_error
from uncase_core.shared.jsonfiles import Document, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit

# Format codes.
RAG = "rag"
RAGAS = "ragas"
CONVERSATIONS = "conversations"
CONVERSATION_REPORT = "conversation_report"
SUMMARIES = "summaries"
VERDICTS = "verdicts"
HOLISTIC = "holistic"
FORMATS = (RAG, RAGAS, CONVERSATIONS, CONVERSATION_REPORT, SUMMARIES, VERDICTS, HOLISTIC)

# Error codes (InputError.code) and their English text; the params are the names in braces.
WRONG_FORMAT = "wrong_module_format"  # params: found, expected (format codes); their label, name and hint (terms)
CSV_DELIMITER = "csv_delimiter"  # params: delimiter (";" or "tab"); delimiter_label (a term)
PROBLEMS: Mapping[str, str] = MappingProxyType({
    WRONG_FORMAT: "this looks like {found_label}, not {expected_name}: {open_hint}",
    CSV_DELIMITER: "the file seems to use {delimiter_label} as the delimiter; save it with commas",
})
DELIMITER_LABELS: Mapping[str, str] = MappingProxyType({";": "';'", "tab": "tabs"})

# What a file of each format is called, and what it looks like.
FORMAT_NAMES: Mapping[str, str] = MappingProxyType({
    RAG: "RAG cases",
    RAGAS: "RAGAS rows",
    CONVERSATIONS: "conversations",
    CONVERSATION_REPORT: "a conversation quality report",
    SUMMARIES: "summary cases",
    VERDICTS: "rubric verdicts",
    HOLISTIC: "holistic scores",
})
FORMAT_LABELS: Mapping[str, str] = MappingProxyType({
    RAG: "a RAG case file (passages, claims, reference facts)",
    RAGAS: "RAGAS rows (user_input, retrieved_contexts, response, reference)",
    CONVERSATIONS: "synthetic conversations (turns, seed template, knowledge base)",
    CONVERSATION_REPORT: "a conversation quality report (results, certificate)",
    SUMMARIES: "summary cases (transcript, sections, accuracy, adherence, completeness)",
    VERDICTS: "rubric verdicts (candidate, prompt, item, judge, run, verdict)",
    HOLISTIC: "holistic scores (candidate, judge, score)",
})
OPEN_HINTS: Mapping[str, str] = MappingProxyType({
    RAG: "open it on the RAG diagnosis page or use `python -m uncase_core rag`",
    RAGAS: "upload it on the RAG diagnosis page, which imports it, or use `python -m uncase_core import-ragas`",
    CONVERSATIONS: "open it on the conversation quality page or use `python -m uncase_core conversations`",
    CONVERSATION_REPORT: "check its certificate with `python -m uncase_core verify REPORT CONVERSATIONS`",
    SUMMARIES: "open it on the summary autoevaluation page or use `python -m uncase_core summaries`",
    VERDICTS: "open it in the rubric lab or use `python -m uncase_core rubrics`",
    HOLISTIC: "add it in the rubric lab as holistic scores or use "
              "`python -m uncase_core rubrics VERDICTS --holistic SCORES`",
})

# The words the errors quote, as terms (errors.Term): "format_label.rag", "format_name.rag", "open_hint.rag",
# "delimiter.semicolon" and "delimiter.tab".
TERMS: Mapping[str, str] = MappingProxyType({
    **{f"format_label.{code}": text for code, text in FORMAT_LABELS.items()},
    **{f"format_name.{code}": text for code, text in FORMAT_NAMES.items()},
    **{f"open_hint.{code}": text for code, text in OPEN_HINTS.items()},
    "delimiter.semicolon": DELIMITER_LABELS[";"],
    "delimiter.tab": DELIMITER_LABELS["tab"],
})


def _term(kind: str, code: str) -> Term:
    return Term(f"{kind}.{code}", TERMS[f"{kind}.{code}"])


# Top-level keys (or CSV columns) that only one format uses, and keys a record must also have
# to be taken for it. Keys two formats share ("id", "question", "answer", "claims", "candidate",
# "judge", "language") say nothing about which one a file is.
_SIGNATURES: Mapping[str, tuple[frozenset[str], frozenset[str]]] = MappingProxyType({
    RAG: (frozenset({"passages", "reference_facts"}), frozenset()),
    RAGAS: (frozenset({"user_input", "retrieved_contexts", "response", "reference", "contexts", "ground_truth"}),
            frozenset()),
    CONVERSATIONS: (frozenset({"turns", "seed_template", "knowledge_base", "turn_labels", "source_texts"}),
                    frozenset()),
    CONVERSATION_REPORT: (frozenset({"certificate_hash", "results", "failure_counts", "not_checked_counts",
                                     "memorization_limit", "pass_rate"}), frozenset()),
    SUMMARIES: (frozenset({"transcript", "sections", "accuracy", "adherence", "completeness"}), frozenset()),
    VERDICTS: (frozenset({"prompt", "item", "run", "verdict"}), frozenset()),
    HOLISTIC: (frozenset({"score"}), frozenset({"candidate", "judge"})),
})
# A top-level object holding a list under this key is that format's wrapper.
_WRAPPERS: Mapping[str, str] = MappingProxyType({"conversations": CONVERSATIONS, "verdicts": VERDICTS})


def _own_keys(record: Mapping[str, Any]) -> dict[str, int]:
    """Format -> how many keys only it uses ``record`` has (a format whose required keys are missing left out)."""
    counts = {}
    for code, (unique, required) in _SIGNATURES.items():
        found = sum(1 for key in unique if key in record)
        if found and required <= record.keys():
            counts[code] = found
    return counts


def _judged(data: Any) -> tuple[Mapping[str, Any] | None, str | None]:
    """The record a file is judged by, and the format its wrapper names (``{"verdicts": [...]}``)."""
    if isinstance(data, Document):
        data = (data.records[0][1] if data.records else None) if data.kind == "jsonl" else data.value
    if isinstance(data, list):
        data = data[0] if data else None
    if not isinstance(data, Mapping):
        return None, None
    if not _own_keys(data):
        for key, code in _WRAPPERS.items():
            if isinstance(data.get(key), list):
                return data, code
        if isinstance(data.get("cases"), list):  # the wrapper of RAG and summary datasets
            return _judged(data["cases"])
    return data, None


def guess_format(data: Any) -> str | None:
    """The format code of parsed JSON, or ``None`` when no key belongs to one format more than to any other.

    ``data`` is a record (a dict: a JSON object, or a CSV header's column names as keys), a
    list of records, a wrapper (``{"cases": [...]}``, ``{"conversations": [...]}``,
    ``{"verdicts": [...]}``) or a :class:`~uncase_core.shared.jsonfiles.Document`; a list or a JSON
    Lines document is judged by its first record.
    """
    record, wrapped = _judged(data)
    if wrapped or record is None:
        return wrapped
    counts = _own_keys(record)
    if not counts:
        return None
    best = max(counts.values())
    winners = [code for code, found in counts.items() if found == best]
    return winners[0] if len(winners) == 1 else None


def wrong_format_error(found: str, expected: str) -> InputError:
    """The error for a file of format ``found`` given to the reader of ``expected``."""
    return input_error(PROBLEMS, WRONG_FORMAT, found=found, expected=expected,
                       found_label=_term("format_label", found), expected_name=_term("format_name", expected),
                       open_hint=_term("open_hint", found))


def check_format(data: Any, expected: str) -> None:
    """Refuse ``data`` (as :func:`guess_format` takes it) when it is clearly of another format than ``expected``."""
    found = guess_format(data)
    if found is None or found == expected:
        return
    record, _ = _judged(data)
    if record is not None and expected in _own_keys(record):
        return  # it also has keys only the expected format uses: let the reader judge it
    raise wrong_format_error(found, expected)


def parse_format(text: str, expected: str, limit: ReadLimit = UNLIMITED) -> Document:
    """:func:`~uncase_core.shared.jsonfiles.parse_document`, refusing another module's file by name (and JSON Lines of
    more records than ``limit`` takes).

    A JSON document is judged by its first record; a file that is not JSON but whose first line
    is the CSV header of another format (verdicts, holistic scores, RAGAS rows) is named too,
    instead of being reported as invalid JSON.
    """
    try:
        document = parse_document(text, limit=limit)
    except InputError:
        names = _header_names(text)
        if names:
            check_format(names, expected)
        raise
    check_format(document, expected)
    return document


def _header_names(text: str) -> dict[str, None]:
    """The column names of a CSV header on the first non-blank line (split on ',', ';' or tabs), as dict keys."""
    line = next((line for line in text.lstrip("\ufeff").split("\n", 50)[:50] if line.strip()), "").strip()
    if not line or line[0] in '{["':  # JSON, however broken, is not a CSV header
        return {}
    delimiter = max(",;\t", key=line.count)
    try:
        cells = next(csv.reader([line], delimiter=delimiter))
    except (csv.Error, StopIteration):
        return {}
    return {cell.strip().lower(): None for cell in cells if cell.strip()}


def check_csv_header(cells: Sequence[str], expected: str, where: str = "") -> None:
    """Refuse a CSV header written with ';' or tabs, or naming another format's columns.

    ``cells`` is the header row as the csv module split it (on commas). One cell holding a
    ';' or a tab means the file was saved with another delimiter, as spreadsheet programs do
    in many locales (the error's place is ``where``, the header's line); columns of another
    format are named as in :func:`check_format`.
    """
    if len(cells) == 1 and (";" in cells[0] or "\t" in cells[0]):
        delimiter = ";" if cells[0].count(";") >= cells[0].count("\t") else "tab"
        raise input_error(PROBLEMS, CSV_DELIMITER, where, delimiter=delimiter,
                          delimiter_label=_term("delimiter", "semicolon" if delimiter == ";" else "tab"))
    names = {cell.strip().lower(): None for cell in cells if cell.strip()}
    if names:
        check_format(names, expected)  # about the whole file: no place, as for JSON
