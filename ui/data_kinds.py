"""The kinds of data a page loads and stores: how each is written to the store and read back.

A page's data is stored once per load as the text of the page's own download format (the
body), with a small JSON ``meta`` object for what that text cannot hold (notes made while
reading a file), and every change after that as an edit record of :mod:`uncase_core.edits`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core import edits
from uncase_core.conversations import conversations_from_text, conversations_to_text
from uncase_core.datasets import dataset_from_file
from uncase_core.holistic import read_holistic
from uncase_core.rag_cases import dataset_from_bytes, dataset_to_text
from uncase_core.rubrics import read_verdicts, verdicts_to_csv
from uncase_core.summary import ReadNote, cases_from_text, cases_to_text


@dataclass(frozen=True)
class DataKind:
    """One page's data slot in a workspace.

    ``write(data) -> (body, meta)`` and ``read(body, meta) -> data`` round-trip exactly;
    ``apply(data, edit) -> data`` replays one edit record (None: the data takes no edits).
    """

    name: str
    format: str
    write: Callable[[Any], tuple[str, dict[str, Any]]]
    read: Callable[[str, Mapping[str, Any]], Any]
    apply: Callable[[Any, Mapping[str, Any]], Any] | None = None


def _rag_write(dataset: Any) -> tuple[str, dict[str, Any]]:
    return dataset_to_text(dataset), {}


def _rag_read(body: str, _meta: Mapping[str, Any]) -> Any:
    return dataset_from_bytes(body.encode("utf-8"))


def _workbench_read(body: str, _meta: Mapping[str, Any]) -> Any:
    return dataset_from_file(body.encode("utf-8"))


def _summaries_write(cases: Any) -> tuple[str, dict[str, Any]]:
    # Notes made while reading the file (a repaired block) are not part of the data; keep them beside it.
    notes = {str(i): [note.to_dict() if isinstance(note, ReadNote) else str(note) for note in case.notes]
             for i, case in enumerate(cases) if case.notes}
    return cases_to_text(cases), ({"notes": notes} if notes else {})


def _summaries_read(body: str, meta: Mapping[str, Any]) -> Any:
    cases = cases_from_text(body)
    notes = meta.get("notes") or {}
    return tuple(replace(case, notes=tuple(ReadNote.from_dict(note) if isinstance(note, dict) else str(note)
                                           for note in notes.get(str(i), ())))
                 for i, case in enumerate(cases))


def _text_write(text: Any) -> tuple[str, dict[str, Any]]:
    return str(text), {}


def _text_read(body: str, _meta: Mapping[str, Any]) -> Any:
    return body


RAG = DataKind("rag", "rag-dataset", _rag_write, _rag_read, edits.apply_rag_edit)
CONVERSATIONS = DataKind("conversations", "conversations", lambda c: (conversations_to_text(c), {}),
                         lambda body, meta: conversations_from_text(body), edits.apply_conversation_edit)
SUMMARIES = DataKind("summaries", "summaries", _summaries_write, _summaries_read, edits.apply_summary_edit)
WORKBENCH = DataKind("workbench", "rag-dataset-with-log", _rag_write, _workbench_read, edits.apply_workbench_edit)
WORKBENCH_COMPARE = DataKind("workbench_compare", "rag-dataset-with-log", _rag_write, _workbench_read)
# Uploads that are read, not labelled: the explorer's dataset, rubric verdicts and holistic scores, two label files.
THRESHOLD_UPLOAD = DataKind("thresholds_upload", "rag-dataset", _rag_write, _rag_read)
RUBRIC_VERDICTS = DataKind("rubric_verdicts", "verdicts-csv", lambda frame: (verdicts_to_csv(frame), {}),
                           lambda body, meta: read_verdicts(body.encode("utf-8"), "verdicts.csv"))
RUBRIC_HOLISTIC = DataKind("rubric_holistic", "holistic-csv",
                           lambda frame: (frame.to_csv(index=False, lineterminator="\r\n"), {}),
                           lambda body, meta: read_holistic(body.encode("utf-8"), "holistic.csv"))
AGREEMENT_A = DataKind("agreement_a", "rag-labels", _text_write, _text_read)
AGREEMENT_B = DataKind("agreement_b", "rag-labels", _text_write, _text_read)

# The judge page: RAG cases with judge verdicts (hand labels and skips as edit records), and the judge output
# attached to them, kept as the files' text and read against the cases on every run.
JUDGE = DataKind("judge", "rag-dataset", _rag_write, _rag_read, edits.apply_judge_edit)
JUDGE_VERDICTS = DataKind("judge_verdicts", "judge-verdicts", _text_write, _text_read)
JUDGE_RAGAS = DataKind("judge_ragas", "ragas-results", _text_write, _text_read)

KINDS: Mapping[str, DataKind] = MappingProxyType({kind.name: kind for kind in (
    RAG, CONVERSATIONS, SUMMARIES, WORKBENCH, WORKBENCH_COMPARE, THRESHOLD_UPLOAD, RUBRIC_VERDICTS, RUBRIC_HOLISTIC,
    AGREEMENT_A, AGREEMENT_B, JUDGE, JUDGE_VERDICTS, JUDGE_RAGAS)})
