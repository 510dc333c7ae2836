"""The kinds of data a page loads and stores: how each is written to the store and read back.

A page's data is stored once per load as the text of the page's own download format (the
body), with a small JSON ``meta`` object for what that text cannot hold (notes made while
reading a file), and every change after that as an edit record of :mod:`uncase_core.shared.edits`.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core.agreement.edits import apply_agreement_edit
from uncase_core.compare.edits import apply_system_edit
from uncase_core.conversations.edits import apply_conversation_edit
from uncase_core.conversations.model import conversations_from_text, conversations_to_text
from uncase_core.datasets.edits import apply_workbench_edit
from uncase_core.datasets.workbench import dataset_from_file
from uncase_core.errors import InputError
from uncase_core.judge.edits import apply_judge_edit
from uncase_core.rag.cases import case_to_dict, dataset_from_bytes, dataset_from_text, dataset_to_text
from uncase_core.rag.drills import Drill
from uncase_core.rag.edits import ANNOTATORS, apply_rag_edit
from uncase_core.rubrics.holistic import holistic_to_csv, read_holistic
from uncase_core.rubrics.lab import read_verdicts, verdicts_to_csv
from uncase_core.shared.jsonfiles import dumps_json, parse_document
from uncase_core.summaries.blocks import ReadNote
from uncase_core.summaries.cases import cases_from_text, cases_to_text
from uncase_core.summaries.edits import apply_summary_edit


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


_LAYOUTS = ("case", "jsonl", "object", "array")  # uncase_core.rag.cases.DatasetFormat


def _pair_write(pair: Any) -> tuple[str, dict[str, Any]]:
    # One JSON object {"a": {"cases": [...]}, "b": ...}: readable in the workspace download. Each file's layout
    # (JSONL, one case, an array...) is kept beside it, so a download of either annotator is the file it came as.
    sides = {side: {**dataset.extra, "cases": [case_to_dict(case) for case in dataset.cases]}
             for side, dataset in zip(ANNOTATORS, pair, strict=True)}
    return dumps_json(sides), {"layouts": {side: dataset.format for side, dataset in zip(ANNOTATORS, pair,
                                                                                           strict=True)}}


def _pair_read(body: str, meta: Mapping[str, Any]) -> Any:
    value = parse_document(body).value
    if not isinstance(value, dict) or set(value) != set(ANNOTATORS):
        raise InputError('expected an object with the annotators "a" and "b"')
    layouts = meta.get("layouts") or {}
    pair = []
    for side in ANNOTATORS:
        dataset = dataset_from_text(dumps_json(value[side]), side)
        layout = layouts.get(side, "object")
        if layout not in _LAYOUTS:
            raise InputError(f"unknown layout {layout!r}", f"meta.layouts.{side}")
        pair.append(replace(dataset, format=layout))
    return tuple(pair)


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


MB = 1024 * 1024
MAX_SEALED_KEY_BYTES = 8 * MB  # a drill's answer key is its cases again: a few KB (a workspace holds at most 10 MB)


def _drill_write(drill: Any) -> tuple[str, dict[str, Any]]:
    # The answer key is sealed (compressed and base64-encoded): stored with the drill, so it survives a reload and
    # a restart, but not readable at a glance in the workspace download before the person presses Check.
    key = dumps_json([case_to_dict(case) for case in drill.answer_key]).encode("utf-8")
    return dumps_json({"source": drill.source, "seed": drill.seed,
                       "cases": [case_to_dict(case) for case in drill.cases],
                       "answer_key_sealed": base64.b64encode(zlib.compress(key, 9)).decode("ascii")}), {}


def unseal(sealed: str) -> str:
    """The answer key's text; OverflowError rather than more than ``MAX_SEALED_KEY_BYTES`` decompressed (a stored
    workspace is data like any other: a few KB of zlib can say gigabytes)."""
    inflater = zlib.decompressobj()
    text = inflater.decompress(base64.b64decode(sealed, validate=True), MAX_SEALED_KEY_BYTES)
    if inflater.unconsumed_tail:
        raise OverflowError
    return text.decode("utf-8")


def _drill_read(body: str, _meta: Mapping[str, Any]) -> Any:
    value = parse_document(body).value
    if not isinstance(value, dict) or not {"source", "seed", "cases", "answer_key_sealed"} <= set(value):
        raise InputError('expected an object with "source", "seed", "cases" and "answer_key_sealed"')
    try:
        key = unseal(str(value["answer_key_sealed"]))
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise InputError("the sealed answer key cannot be read", "answer_key_sealed") from None
    except OverflowError:
        raise InputError(f"the sealed answer key is larger than {MAX_SEALED_KEY_BYTES // MB} MB once unsealed",
                         "answer_key_sealed") from None
    cases = dataset_from_text(dumps_json({"cases": value["cases"]}), "cases").cases
    answer_key = dataset_from_text(dumps_json({"cases": parse_document(key).value}), "answer_key").cases
    return Drill(str(value["source"]), int(value["seed"]), cases, answer_key)


def _drill_apply(drill: Any, edit: Mapping[str, Any]) -> Any:
    """A label edit on the drill's cases (the RAG page's records); the answer key never changes."""
    return replace(drill, cases=apply_rag_edit(drill.dataset(), edit).cases)


RAG = DataKind("rag", "rag-dataset", _rag_write, _rag_read, apply_rag_edit)
CONVERSATIONS = DataKind("conversations", "conversations", lambda c: (conversations_to_text(c), {}),
                         lambda body, meta: conversations_from_text(body), apply_conversation_edit)
SUMMARIES = DataKind("summaries", "summaries", _summaries_write, _summaries_read, apply_summary_edit)
WORKBENCH = DataKind("workbench", "rag-dataset-with-log", _rag_write, _workbench_read, apply_workbench_edit)
WORKBENCH_COMPARE = DataKind("workbench_compare", "rag-dataset-with-log", _rag_write, _workbench_read)
# Uploads that are read, not labelled: the explorer's dataset, rubric verdicts and holistic scores, two label files.
THRESHOLD_UPLOAD = DataKind("thresholds_upload", "rag-dataset", _rag_write, _rag_read)
RUBRIC_VERDICTS = DataKind("rubric_verdicts", "verdicts-csv", lambda frame: (verdicts_to_csv(frame), {}),
                           lambda body, meta: read_verdicts(body.encode("utf-8"), "verdicts.csv"))
RUBRIC_HOLISTIC = DataKind("rubric_holistic", "holistic-csv",
                           lambda frame: (holistic_to_csv(frame), {}),
                           lambda body, meta: read_holistic(body.encode("utf-8"), "holistic.csv"))
AGREEMENT_A = DataKind("agreement_a", "rag-labels", _text_write, _text_read)
AGREEMENT_B = DataKind("agreement_b", "rag-labels", _text_write, _text_read)
# The agreement page's pair (A, B) of RagDatasets with the person's label edits (uncase_core.shared.edits.
# apply_agreement_edit): one slot for the built-in pair, one for the pair read from the two uploads above, so that
# switching between them loses nothing (see ui/page_data/agreement.py).
AGREEMENT_PAIR = DataKind("agreement_pair", "rag-dataset-pair", _pair_write, _pair_read, apply_agreement_edit)
AGREEMENT_UPLOADED_PAIR = DataKind("agreement_uploaded_pair", "rag-dataset-pair", _pair_write, _pair_read,
                                   apply_agreement_edit)

# The judge page: RAG cases with judge verdicts (hand labels and skips as edit records), and the judge output
# attached to them, kept as the files' text and read against the cases on every run.
JUDGE = DataKind("judge", "rag-dataset", _rag_write, _rag_read, apply_judge_edit)
JUDGE_VERDICTS = DataKind("judge_verdicts", "judge-verdicts", _text_write, _text_read)
JUDGE_RAGAS = DataKind("judge_ragas", "ragas-results", _text_write, _text_read)

# The drills page: a drill's cases with the person's label edits, and its answer key (sealed, see _drill_write).
DRILL = DataKind("drill", "rag-drill", _drill_write, _drill_read, _drill_apply)

# The compare page: system A's and system B's cases as a pair (A, B) with the person's label edits
# (uncase_core.compare.edits), one slot for the built-in pair and one for the pair read from the two uploads, each
# upload kept as it was read (RAGAS rows already turned into cases) until it is removed (ui/page_data/compare.py).
COMPARE_PAIR = DataKind("compare_pair", "rag-system-pair", _pair_write, _pair_read, apply_system_edit)
COMPARE_UPLOADED_PAIR = DataKind("compare_uploaded_pair", "rag-system-pair", _pair_write, _pair_read,
                                 apply_system_edit)
COMPARE_UPLOAD_A = DataKind("compare_upload_a", "rag-dataset", _rag_write, _rag_read)
COMPARE_UPLOAD_B = DataKind("compare_upload_b", "rag-dataset", _rag_write, _rag_read)

KINDS: Mapping[str, DataKind] = MappingProxyType({kind.name: kind for kind in (
    RAG, CONVERSATIONS, SUMMARIES, WORKBENCH, WORKBENCH_COMPARE, THRESHOLD_UPLOAD, RUBRIC_VERDICTS, RUBRIC_HOLISTIC,
    AGREEMENT_A, AGREEMENT_B, AGREEMENT_PAIR, AGREEMENT_UPLOADED_PAIR, JUDGE, JUDGE_VERDICTS, JUDGE_RAGAS, DRILL,
    COMPARE_PAIR, COMPARE_UPLOADED_PAIR, COMPARE_UPLOAD_A, COMPARE_UPLOAD_B)})
