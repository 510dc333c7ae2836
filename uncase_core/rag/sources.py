"""What a case keeps of the file of another tool it came from: the tool's own fields, its judge scores, the labels.

Cases read from RAGAS, DeepEval, promptfoo or Label Studio files (:mod:`uncase_core.rag.interchange`) are
ordinary RAG cases; beside the case they keep, in the case's own keys (``RagCase.extra``, which every case file
writes back):

``judge_scores``
    The scores and verdicts the tool's judge or grader gave the whole case (a RAGAS score column, a promptfoo
    assertion, a DeepEval metric): a list of ``{"metric", "dimension", "score", "passed", "threshold",
    "reason"}``. ``metric`` is the tool's name for it, ``dimension`` the RAG dimension it stands for
    (``faithfulness``...) or null, ``score`` a finite number or null (not determined), ``passed`` the tool's own
    pass/fail or null. They are never hand labels: no count of labels reads them.
``ragas_row``, ``deepeval_record``, ``promptfoo_result``, ``label_studio_task``
    One per tool (:data:`RECORD_KEYS`): the fields of the row, record or task that the case does not hold, in
    ``fields``, and the order of the source's keys in ``order``, so that writing the case back for that tool
    gives its file again with every field it had.

The reference answer's text is kept as the case editor keeps it (``reference``, see
:func:`uncase_core.rag.edits.reference_text`), so it is written back as it came, not rebuilt from the facts.

Hand labels travel to RAGAS and DeepEval files as added columns (:func:`hand_columns`): ``hand_labels`` (every
passage, claim and fact with its id, text, labels and judge verdicts) and ``hand_context_relevance``,
``hand_faithfulness``, ``hand_correctness``, ``hand_coverage`` (the case's share of labelled units judged yes,
null when none is labelled), for a comparison with the tool's own score columns. Reading such a file back takes
the units from ``hand_labels`` and recomputes the shares.
"""

from __future__ import annotations

import gc
import math
import numbers
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core.errors import expected_in_range, expected_value, input_error, unknown_choice
from uncase_core.rag import tools
from uncase_core.rag.cases import (  # noqa: F401 - blank_units: the readers' name for it
    UNIT_KINDS,
    RagCase,
    RagDataset,
    Unit,
    blank_units,
    case_from_dict,
    unit_to_dict,
)
from uncase_core.rag.dimensions import METRIC_UNITS, METRICS
from uncase_core.rag.edits import REFERENCE_KEY
from uncase_core.rag.ragas import RAGAS_NOTES
from uncase_core.shared.notes import Note, notes_to_dicts

JUDGE_SCORES_KEY = "judge_scores"
RECORD_KEYS: Mapping[str, str] = MappingProxyType({
    "ragas": "ragas_row",
    "deepeval": "deepeval_record",
    "promptfoo": "promptfoo_result",
    "label-studio": "label_studio_task",
})
SCORE_KEYS = ("metric", "dimension", "score", "passed", "threshold", "reason")
HAND_LABELS_COLUMN = "hand_labels"
HAND_PREFIX = "hand_"
HAND_SCORE_COLUMNS = tuple(HAND_PREFIX + metric for metric in METRICS)
HAND_COLUMNS = (HAND_LABELS_COLUMN, *HAND_SCORE_COLUMNS)
# How often a reader calls its progress callback, in rows.
PROGRESS_EVERY = 1000

Progress = Callable[[int, int], None]

# Note codes of the interchange readers (uncase_core.shared.notes.Note) and their English.
INTERCHANGE_NOTES: Mapping[str, str] = MappingProxyType({
    **RAGAS_NOTES,
    "read_as": "read {count} cases from {format_name} ({layout})",
    "mapped": "mapped: {mapping}",
    "kept_fields": "kept and written back unchanged: {fields}",
    "judge_scores": "judge scores of {count} metrics kept beside the cases, never as hand labels: {metrics}",
    "judge_scores_unmapped": "judge scores with no RAG dimension, kept for the record: {metrics}",
    "ignored_keys": "ignored (they describe the run, not a case): {keys}",
    "nan_scores": "{count} scores were NaN (not determined) and are kept as empty: {columns}",
    "hand_labels_read": "the units and their labels of {count} cases were read from the {column} column",
    "hand_scores_recomputed": "{columns} are recomputed from the labels when written, not kept",
    "blank_line_passages": "in {count} cases the passages were one text, split at its blank lines",
    "passages_from_context": "{count} cases had no {retrieval} and took their passages from {context}",
    "lists_split": "{columns} were split at '|', where DeepEval's CSV and JSON Lines join a list",
    "promptfoo_vars": "vars.{question} is the question, vars.{context} the passages, vars.{reference} the reference",
    "promptfoo_no_output": "{count} results had no output (the provider failed); their answer is empty",
    "promptfoo_echo": "{count} results are of the echo provider, whose output is the prompt itself: choose the var "
                      "that holds the answer",
    "promptfoo_json_output": "{count} outputs were not text and are kept as their JSON",
    "label_studio_several": "{count} tasks had more than one annotation; the last one not cancelled gave the labels, "
                            "the others are kept",
    "label_studio_cancelled": "{count} tasks had only cancelled or no annotations: their units are unlabelled",
    "label_studio_other_results": "results of other controls were kept as they are: {names}",
    "label_studio_verdicts": "{count} judge verdicts were read from the predictions of {model_version}",
})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "hand_labels_not_object": 'expected an object with "passages", "claims" and "reference_facts" (lists), got {got}',
})


# ---------------------------------------------------------------- judge scores


@dataclass(frozen=True)
class JudgeScore:
    """One score or verdict a tool's judge gave a whole case (see the module's docstring)."""

    metric: str
    dimension: str | None = None
    score: float | None = None
    passed: bool | None = None
    threshold: float | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "dimension": self.dimension, "score": self.score, "passed": self.passed,
                "threshold": self.threshold, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Any, where: str = "") -> JudgeScore:
        """A score as :meth:`to_dict` wrote it; bad values are refused naming their place under ``where``."""
        if not isinstance(data, Mapping):
            raise expected_value("object", _shown(data), where)
        metric = data.get("metric")
        if not isinstance(metric, str) or not metric:
            raise expected_value("non_empty_text", _shown(metric), f"{where}.metric")
        dimension = data.get("dimension")
        if dimension is not None and dimension not in METRICS:
            raise unknown_choice("dimension", _shown(dimension), METRICS, f"{where}.dimension")
        score = finite_or_none(data.get("score"), f"{where}.score", dimension is not None)
        passed = data.get("passed")
        if passed is not None and not isinstance(passed, bool):
            raise expected_value("true_false_null", _shown(passed), f"{where}.passed")
        threshold = finite_or_none(data.get("threshold"), f"{where}.threshold")
        reason = data.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise expected_value("text", _shown(reason), f"{where}.reason")
        return cls(metric, dimension, score, passed, threshold, reason)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def finite_or_none(value: Any, where: str, unit_range: bool = False) -> float | None:
    """``value`` as a float (None stays None); not a number, not finite, or (``unit_range``) outside 0..1 is refused."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise expected_value("finite_number", _shown(value), where)
    number = float(value)
    if not math.isfinite(number):
        raise expected_value("finite_number", _shown(value), where)
    if unit_range and not 0.0 <= number <= 1.0:
        raise expected_in_range("score", 0, 1, _shown(value), where)
    return number


def judge_scores(case: RagCase, where: str = "") -> tuple[JudgeScore, ...]:
    """The case's judge scores (none when it has no ``judge_scores`` key), read with their places."""
    raw = case.extra.get(JUDGE_SCORES_KEY)
    at = f"{where}.{JUDGE_SCORES_KEY}" if where else JUDGE_SCORES_KEY
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise expected_value("list", _shown(raw), at)
    return tuple(JudgeScore.from_dict(item, f"{at}[{i}]") for i, item in enumerate(raw))


def with_judge_scores(case: RagCase, scores: Sequence[JudgeScore]) -> RagCase:
    """The case with these judge scores (the key dropped when there are none)."""
    extra = {key: value for key, value in case.extra.items() if key != JUDGE_SCORES_KEY}
    if scores:
        extra[JUDGE_SCORES_KEY] = [score.to_dict() for score in scores]
    return replace(case, extra=extra)


# ---------------------------------------------------------------- a tool's record


def tool_record(case: RagCase, tool: str) -> Mapping[str, Any] | None:
    """What the case keeps of ``tool``'s file (``{"order", "fields", ...}``), or None when it has none."""
    record = case.extra.get(RECORD_KEYS[tool])
    return record if isinstance(record, Mapping) else None


def record_fields(case: RagCase, tool: str) -> Mapping[str, Any]:
    record = tool_record(case, tool)
    fields = record.get("fields") if record is not None else None
    return fields if isinstance(fields, Mapping) else {}


def record_order(case: RagCase, tool: str) -> list[str]:
    record = tool_record(case, tool)
    order = record.get("order") if record is not None else None
    return [key for key in order if isinstance(key, str)] if isinstance(order, list) else []


# The files each tool's cases can be written back as (the first: a case from elsewhere), and their extensions.
FILE_EXTENSIONS: Mapping[str, str] = MappingProxyType({"jsonl": ".jsonl", "json": ".json", "csv": ".csv",
                                                       "parquet": ".parquet"})
SOURCE_FILE_KEY = "source_file"  # a case's own key: {"tool", "file" (its kinds), "delimiter"} of the last file read


def with_file(cases: Sequence[RagCase], tool: str, kind: str, delimiter: str | None = None) -> tuple[RagCase, ...]:
    """The cases, each noting the tool and kind of file they came in (and a CSV's delimiter) in its own
    ``source_file`` key, so that they can go back out as they came (:func:`came_in`) after being stored and read
    again. The last file read decides: a case of a RAGAS file labelled in Label Studio came in Label Studio's.
    A reader that makes its cases itself puts :func:`file_note` under that key last, as this does."""
    note = file_note(tool, kind, delimiter)
    return tuple(replace(case, extra={**case.extra, SOURCE_FILE_KEY: note}) for case in cases)


def file_note(tool: str, kind: str, delimiter: str | None = None) -> dict[str, str]:
    """What a case's ``source_file`` key holds (:func:`with_file`)."""
    return {"tool": tool, "file": kind, **({"delimiter": delimiter} if delimiter else {})}


def came_in(dataset: RagDataset) -> tuple[str, str, str | None] | None:
    """``(tool, kind of file, CSV delimiter)`` the dataset's first case came in (:func:`with_file`), or None: cases
    of our own, or of promptfoo (whose results file is a run's output, not an input: they go out as RAG cases)."""
    for case in dataset.cases[:1]:
        note = case.extra.get(SOURCE_FILE_KEY)
        if not isinstance(note, Mapping):
            return None
        tool, kind, delimiter = note.get("tool"), note.get("file"), note.get("delimiter")
        if tool in tools.TOOLS and kind in tools.TOOLS[tool].kinds:
            return tool, kind, delimiter if delimiter in (",", ";", "\t") else None
    return None


def reference_of(case: RagCase) -> str:
    """The reference answer as it came (``reference``), else the facts joined by spaces (as the case editor does)."""
    text = case.extra.get(REFERENCE_KEY)
    return text if isinstance(text, str) else " ".join(unit.text for unit in case.reference_facts)


# ---------------------------------------------------------------- hand labels as columns


def hand_shares(case: RagCase) -> dict[str, float | None]:
    """``hand_<dimension>``: the share of the case's labelled units judged yes; None when none is labelled."""
    shares: dict[str, float | None] = {}
    for dimension, (kind, label) in METRIC_UNITS.items():
        values = [unit.labels.get(label) for unit in case.units(kind)]
        labelled = [value for value in values if value is not None]
        shares[HAND_PREFIX + dimension] = sum(labelled) / len(labelled) if labelled else None
    return shares


def hand_labels(case: RagCase) -> dict[str, list[dict[str, Any]]]:
    """Every unit of the case with its id, text, labels, judge verdicts and other keys (the ``hand_labels`` column)."""
    return {kind: [unit_to_dict(unit) for unit in case.units(kind)] for kind in UNIT_KINDS}


def hand_columns(case: RagCase) -> dict[str, Any]:
    """The columns a case's hand labels add to a RAGAS row or a DeepEval record (see the module's docstring)."""
    return {HAND_LABELS_COLUMN: hand_labels(case), **hand_shares(case)}


def units_from_hand_labels(value: Any, where: str) -> dict[str, tuple[Unit, ...]]:
    """The units of a ``hand_labels`` value, checked as a case file's units are (places under ``where``)."""
    if not isinstance(value, Mapping) or any(not isinstance(value.get(kind, []), list) for kind in UNIT_KINDS):
        raise input_error(PROBLEMS, "hand_labels_not_object", where, got=_shown(value))
    probe = case_from_dict({"id": "hand_labels", "question": "", **{kind: value.get(kind, []) for kind in UNIT_KINDS}},
                           where)
    return {kind: probe.units(kind) for kind in UNIT_KINDS}


# ---------------------------------------------------------------- what an import gives


@dataclass(frozen=True)
class CaseImport:
    """Cases read from another tool's file, with how they were read.

    ``dataset`` holds the cases, each keeping its tool's record and judge scores in its own keys (see the
    module's docstring), so the dataset alone can be stored and written back later; :attr:`judge` and
    :attr:`kept` read them off the cases. ``format`` is ``ragas``, ``deepeval``, ``promptfoo`` or
    ``label-studio``; ``layout`` what the file was (``jsonl``, ``json``, ``csv``, ``parquet``; for DeepEval also
    ``snake`` or ``camel`` keys); ``notes`` say what was mapped, kept and ignored (:data:`INTERCHANGE_NOTES`).
    """

    dataset: RagDataset
    format: str
    layout: str
    notes: tuple[Note, ...] = ()
    delimiter: str | None = None  # a CSV file's delimiter (",", ";" or "\t")

    @property
    def judge(self) -> Mapping[str, tuple[JudgeScore, ...]]:
        """Case id -> the judge scores that came with it (cases without any are left out)."""
        found = {}
        for index, case in enumerate(self.dataset.cases):
            scores = judge_scores(case, f"cases[{index}]")
            if scores:
                found[case.id] = scores
        return MappingProxyType(found)

    @property
    def kept(self) -> Mapping[str, Mapping[str, Any]]:
        """Case id -> the fields of the source the case keeps to write back (empty when it keeps none)."""
        return MappingProxyType({case.id: record_fields(case, self.format) for case in self.dataset.cases})

    def notes_to_dicts(self) -> list[dict[str, Any]]:
        return notes_to_dicts(self.notes, INTERCHANGE_NOTES)


MORE_NAMES = " (and {count} more)"  # what name_list adds past its limit; a page finds it with names_and_more
# What a file's keys become, in the "mapped" note (mapping_note): target code -> its English.
MAPPING_TARGETS: Mapping[str, str] = MappingProxyType({
    "question": "question",
    "passages": "passages",
    "answer": "answer (its sentences the claims)",
    "reference": "reference (its sentences the facts)",
    "id": "id",
    "provider": "metadata.provider",
    "case": "the case",
    "hand_labels": "hand labels (the last annotation not cancelled)",
    "judge_verdicts": "judge verdicts",
})


def name_list(names: Sequence[str], limit: int = 12) -> str:
    """``a, b, c`` for a note or an error, the first ``limit`` names and how many more (:data:`MORE_NAMES`)."""
    names = list(names)
    shown = ", ".join(names[:limit])
    return shown if len(names) <= limit else shown + MORE_NAMES.format(count=len(names) - limit)


def names_and_more(text: str) -> tuple[str, int]:
    """A :func:`name_list` text split into its names and how many more it left off (0: none), so that a page can
    word "and 3 more" in its reader's language."""
    head, sep, tail = text.rpartition(MORE_NAMES.split("{", 1)[0])
    count = tail.removesuffix(MORE_NAMES.rsplit("}", 1)[1])
    if sep and tail.endswith(MORE_NAMES.rsplit("}", 1)[1]) and count.isdigit():
        return head, int(count)
    return text, 0


def mapping_note(pairs: Sequence[tuple[str, str]]) -> Note:
    """The "mapped" note: ``pairs`` (a key of the file, a :data:`MAPPING_TARGETS` code). ``mapping`` holds the
    English; ``pairs`` goes along so that a page words the targets in its reader's language."""
    return Note.of("mapped", mapping=", ".join(f"{source} → {MAPPING_TARGETS[target]}" for source, target in pairs),
                   pairs=[[source, target] for source, target in pairs])


def scores_note(metrics: Mapping[str, str | None]) -> Note:
    """The "judge_scores" note of an import: each metric with the dimension it scores (None: none here).
    ``metrics`` holds the English; ``scored`` the pairs, for a page to name the dimensions in its reader's language."""
    return Note.of("judge_scores", count=len(metrics), metrics=name_list(
        [f"{name} ({dimension})" if dimension else name for name, dimension in metrics.items()]),
        scored=[[name, dimension] for name, dimension in metrics.items()])


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while many rows become cases, and restore it after.

    Rows and cases hold no reference cycles, so the collector only re-scans the growing set of new objects:
    reading 50,000 RAGAS rows took 16.3 s with it running and 5.1 s with it paused (bench/bench_interchange.py,
    on a loaded 2-core machine). Memory is still freed by reference counting meanwhile.

    On the way out, what was made meanwhile is handed to the oldest generation (``gc.freeze()`` then
    ``gc.unfreeze()``: two list moves, no scan) instead of being left in the youngest, where the first allocation
    after ``gc.enable()`` scanned every new object once more, a fifth of reading 10,000 rows. A cycle made meanwhile
    (another thread's) is still collected, by the next full collection. Skipped when something else holds objects
    frozen, whose freeze this must not undo.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def report_progress(progress: Progress | None, done: int, total: int) -> None:
    """Call ``progress(done, total)`` every :data:`PROGRESS_EVERY` rows and at the end."""
    if progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
        progress(done, total)
