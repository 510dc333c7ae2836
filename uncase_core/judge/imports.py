"""Bring a real judge's output in: verdicts per unit, or RAGAS scores per case.

Generic verdicts
    A CSV, JSON Lines or JSON array file with the columns ``case_id``, ``unit_id``, ``dimension``
    (``context_relevance``, ``faithfulness``, ``correctness`` or ``coverage``) and
    ``judge_verdict``, attached to the units of a loaded dataset by id: ``faithfulness`` and
    ``correctness`` go to a claim's ``judge_supported`` and ``judge_correct``, and so on. A
    verdict is ``true``/``false`` (also ``1``/``0`` and ``yes``/``no``, any case) or empty /
    ``null`` for "judged, no verdict". Other columns (a score, the judge's reasons) are
    ignored. A row whose case or unit is not in the dataset, a repeated row, an unknown
    dimension or an unreadable verdict is refused with its line (or ``[i]`` in a JSON array)
    and column. Units the file does not mention keep the verdicts they had.

RAGAS results
    Rows of RAGAS's ``EvaluationResult.to_pandas()`` saved as CSV or JSON Lines: the sample
    columns (``user_input``, ``retrieved_contexts``, ``response``, ``reference``) and one column
    of scores per metric. RAGAS scores cases, not units, so here the unit is the case:

    - the judge's verdict on a case is ``score >= score_threshold`` (default 0.5); a NaN or
      empty score (RAGAS's "could not determine") is no verdict, never 0;
    - the case's hand label is whether its proportion of units labelled yes on the dimension
      passes ``pass_threshold`` (``value >= threshold``; default the RAG page's threshold), and
      it has none until every unit of that dimension is labelled: a partly labelled case is left
      out (the note ``partly_labelled_cases`` counts them), since its label would depend on which
      units were labelled first (one of three claims labelled yes passes; the same case fully
      labelled may fail);
    - PPI then estimates the share of passing cases.

    Columns: ``faithfulness`` -> faithfulness; ``context_precision`` (or its ``llm_`` /
    ``non_llm_`` variants) -> context relevance; ``context_recall`` (or variants) -> coverage;
    ``factual_correctness`` (also written ``factual_correctness(mode=f1)``) or
    ``answer_correctness`` -> correctness. These are approximations: RAGAS's context precision
    also weighs the rank of relevant chunks, and its context recall asks whether the retrieved
    contexts (not the answer) support the reference. Rows are matched to cases as
    :mod:`uncase_core.rag.ragas` names them (the ``id`` column, else ``ragas-001``, ...), so
    a RAGAS file imported for labelling matches its own scores.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    Place,
    at_line,
    expected_in_range,
    expected_object_with,
    expected_value,
    input_error,
    problem,
    term,
    unknown_choice,
)
from uncase_core.judge.report import JudgeReport, check_dimension, compare_judge
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRIC_UNITS, METRICS
from uncase_core.rag.ragas import RAGAS_COLUMNS, is_json_text, read_rows
from uncase_core.rag.sources import judge_scores
from uncase_core.shared.jsonfiles import decode_text, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.shared.spreadsheets import CSV_NOTES, decimal_text, delimiter_name, sniff_delimiter
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, count_labels

VERDICT_COLUMNS = ("case_id", "unit_id", "dimension", "judge_verdict")
_TRUE = frozenset({"true", "1", "yes"})
_FALSE = frozenset({"false", "0", "no"})
_NULL = frozenset({"", "null", "none"})

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "missing_verdict_column": "missing column {columns}; the header has: {header}",
    "missing_verdict_columns": "missing columns {columns}; the header has: {header}",
    "no_such_case": 'no case "{id}" in the dataset',
    "no_such_unit": 'case "{case}" has no {unit_kind} "{unit}" (a {dimension} verdict goes on its {unit_kinds})',
    "second_verdict": "a second verdict for {dimension} of {case}/{unit} (first at {first})",
    "no_ragas_score_column": "no RAGAS score column found; expected one of {choices}",
    "expected_ragas_object": "expected an object with RAGAS columns",
    "ragas_no_column_for": "the RAGAS file has no column for {dimension} (expected one of {choices}; it has {found})",
    "ragas_no_column_at_all": "the RAGAS file has no column for {dimension} (expected one of {choices}; it has none)",
    "ragas_case_not_in_dataset": 'the RAGAS file scores case "{id}", which is not in the dataset',
})
# The units a verdict goes on, one and many (terms the no_such_unit error quotes).
TERMS: Mapping[str, str] = MappingProxyType({
    "one.passages": "passage",
    "one.claims": "claim",
    "one.reference_facts": "reference fact",
    "many.passages": "passages",
    "many.claims": "claims",
    "many.reference_facts": "reference facts",
})

DEFAULT_SCORE_THRESHOLD = 0.5
NO_RAGAS_SCORES = "no_ragas_score_column"  # InputError code: rows without any score column (samples only)

IMPORT_NOTES: Mapping[str, str] = MappingProxyType({
    **CSV_NOTES,
    "decimal_commas": "{count} scores were written with a decimal comma (0,65) and read as such",
    "case_is_the_unit": "RAGAS scores whole cases, so each case is one unit: its hand label is whether its "
                        "labelled {dimension} reaches {pass_threshold:g}, its judge verdict whether the RAGAS "
                        "score in {column} reaches {score_threshold:g}; PPI estimates the share of passing cases",
    "undetermined_scores": "{count} cases have no {column} score (RAGAS could not determine it); they count as "
                           "not judged, never as 0",
    "unscored_cases": "{count} cases of the dataset have no row in the RAGAS file; they count as not judged",
    "partly_labelled_cases": "{count} cases have some but not every unit of {dimension} labelled; a case counts "
                             "as hand-labelled only when every unit is, so they are left out of the hand labels",
})


def _place(where: str, column: str) -> str:
    """``line 3: dimension`` for a file line, ``[2].dimension`` for a position in a JSON array."""
    return f"{where}: {column}" if where.startswith("line") else f"{where}.{column}"


def _text_cell(row: Mapping[str, Any], column: str, where: str) -> str:
    value = row.get(column)
    if value is None or (isinstance(value, str) and not value.strip()):
        raise problem("missing_value", _place(where, column))
    if not isinstance(value, str):
        raise expected_value("text", repr(value), _place(where, column))
    return value.strip()


def parse_verdict(value: object, where: str) -> bool | None:
    """A judge verdict cell: booleans, 1/0, or "true"/"false"/"yes"/"no"/"1"/"0" (any case); empty or null is None."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        if word in _NULL:
            return None
    raise expected_value("verdict", repr(value), where)


@dataclass(frozen=True)
class VerdictImport:
    """The dataset with the file's verdicts attached, and how many were attached per dimension."""

    dataset: RagDataset
    attached: Mapping[str, int]
    rows: int

    def to_dict(self) -> dict[str, object]:
        return {"rows": self.rows, "attached": dict(self.attached)}


def _check_verdict_header(names: list[str]) -> None:
    missing = [column for column in VERDICT_COLUMNS if column not in names]
    if missing:
        raise input_error(PROBLEMS, "missing_verdict_column" if len(missing) == 1 else "missing_verdict_columns",
                          at_line(1), columns=", ".join(missing), header=", ".join(names))


def attach_verdicts(dataset: RagDataset, text: str, source: str = "", fmt: str | None = None) -> VerdictImport:
    """Attach the verdicts of a ``case_id, unit_id, dimension, judge_verdict`` file to ``dataset``'s units.

    Raises
    ------
    InputError
        Naming ``source`` and the row and column of the first problem.
    """
    try:
        # A verdict names one unit and dimension, each at most once: a file of more rows than the dataset has such
        # pairs is refused before any row is kept.
        pairs = sum(len(case.units(METRIC_UNITS[dimension][0])) for case in dataset.cases for dimension in METRICS)
        rows = read_rows(text, fmt, _check_verdict_header, limit=ReadLimit(rows=pairs))
        cases = {case.id: index for index, case in enumerate(dataset.cases)}
        changes: dict[tuple[int, str, str, str], bool | None] = {}
        seen: dict[tuple[str, str, str], str] = {}
        attached = dict.fromkeys(METRICS, 0)
        for where, row in rows:
            if not isinstance(row, Mapping):
                raise expected_object_with(VERDICT_COLUMNS, where)
            case_id = _text_cell(row, "case_id", where)
            unit_id = _text_cell(row, "unit_id", where)
            dimension = _text_cell(row, "dimension", where)
            if dimension not in METRICS:
                raise unknown_choice("dimension", repr(dimension), METRICS, _place(where, "dimension"))
            verdict = parse_verdict(row.get("judge_verdict"), _place(where, "judge_verdict"))
            if case_id not in cases:
                raise input_error(PROBLEMS, "no_such_case", _place(where, "case_id"), id=case_id)
            kind, label = METRIC_UNITS[dimension]
            case = dataset.cases[cases[case_id]]
            if not any(unit.id == unit_id for unit in case.units(kind)):
                raise input_error(PROBLEMS, "no_such_unit", _place(where, "unit_id"), case=case_id, unit=unit_id,
                                  dimension=dimension, unit_kind=term(f"one.{kind}", TERMS),
                                  unit_kinds=term(f"many.{kind}", TERMS))
            key = (case_id, unit_id, dimension)
            if key in seen:
                raise input_error(PROBLEMS, "second_verdict", where, dimension=dimension, case=case_id, unit=unit_id,
                                  first=Place(seen[key]))
            seen[key] = where
            changes[cases[case_id], kind, unit_id, label] = verdict
            attached[dimension] += 1
        return VerdictImport(_apply(dataset, changes), MappingProxyType(attached), len(rows))
    except InputError as error:
        raise error.located(source) if source else error from None


def _apply(dataset: RagDataset, changes: Mapping[tuple[int, str, str, str], bool | None]) -> RagDataset:
    by_case: dict[int, dict[tuple[str, str], dict[str, bool | None]]] = {}
    for (index, kind, unit_id, label), verdict in changes.items():
        by_case.setdefault(index, {}).setdefault((kind, unit_id), {})[label] = verdict
    cases = list(dataset.cases)
    for index, units in by_case.items():
        case = cases[index]
        for kind in {kind for kind, _ in units}:
            updated = []
            for unit in case.units(kind):
                for label, verdict in units.get((kind, unit.id), {}).items():
                    unit = unit.with_verdict(label, verdict)
                updated.append(unit)
            case = case.with_units(kind, tuple(updated))
        cases[index] = case
    return replace(dataset, cases=tuple(cases))


def attach_verdicts_bytes(dataset: RagDataset, data: bytes, source: str = "", fmt: str | None = None) -> VerdictImport:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return attach_verdicts(dataset, text, source, fmt)


# ---------------------------------------------------------------- RAGAS scores


@dataclass(frozen=True)
class RagasScores:
    """RAGAS scores per case id for each dimension a column was found for; None where undetermined (NaN)."""

    case_ids: tuple[str, ...]
    columns: Mapping[str, str]
    scores: Mapping[str, tuple[float | None, ...]]
    notes: tuple[Note, ...] = ()  # how a CSV file was read: its delimiter, decimal commas (IMPORT_NOTES)


def _score_column(header: Sequence[str], dimension: str) -> str | None:
    for name in RAGAS_COLUMNS[dimension]:
        if name in header:
            return name
    for name in RAGAS_COLUMNS[dimension]:  # "factual_correctness(mode=f1)" and the like
        for column in header:
            if column.startswith(name + "("):
                return column
    return None


def parse_score(value: object, where: str, decimal_comma: bool = False) -> float | None:
    """A RAGAS score cell: a number in [0, 1]; NaN, empty or null (undetermined) is None.

    ``decimal_comma`` (a CSV cell) also reads ``0,65`` and refuses digit grouping such as ``1.234,5``.
    """
    if value is None or isinstance(value, bool):
        if value is None:
            return None
        raise expected_in_range("score", 0, 1, repr(value), where)
    if isinstance(value, str):
        word = value.strip()
        if word.lower() in ("", "nan", "null", "none"):
            return None
        if decimal_comma:
            word = decimal_text(word, where)
        try:
            value = float(word)
        except ValueError:
            raise expected_in_range("score", 0, 1, repr(word), where) from None
    if not isinstance(value, numbers.Real):
        raise expected_in_range("score", 0, 1, repr(value), where)
    score = float(value)
    if math.isnan(score):
        return None
    if not 0.0 <= score <= 1.0:
        raise expected_in_range("score", 0, 1, repr(value), where)
    return score


def read_ragas_scores(text: str, source: str = "", fmt: str | None = None,
                      limit: ReadLimit = UNLIMITED) -> RagasScores:
    """The score columns of a RAGAS results file, per case id (``id`` column, else ``ragas-001``, ...).

    ``NaN`` (RAGAS's "could not determine", written as a bare token by ``json.dumps``) is read as
    not judged; it is the one place a non-finite number is accepted, and it is never written back.
    A CSV file may be separated by ``,``, ``;`` or tabs (sniffed) and its scores may use a decimal
    comma (``0,65``, as a Spanish spreadsheet saves them); the result's notes say so. A file of more rows than
    ``limit`` takes is refused before any is read.
    """
    try:
        is_csv = bool(text.strip()) and not is_json_text(text, fmt)
        delimiter = sniff_delimiter(text) if is_csv else ","
        rows = read_rows(text, fmt, parse=lambda body, limit: parse_document(body, allow_nan=True, limit=limit),
                         delimiter=delimiter, limit=limit)
        header: list[str] = []
        for _, row in rows:
            if not isinstance(row, Mapping):
                continue
            header.extend(column for column in row if column not in header)
        columns = {d: c for d in METRICS if (c := _score_column(header, d)) is not None}
        if not columns:
            names = ", ".join(name for dimension in METRICS for name in RAGAS_COLUMNS[dimension])
            raise input_error(PROBLEMS, NO_RAGAS_SCORES, at_line(1) if rows[0][0].startswith("line") else "",
                              choices=names)
        case_ids: list[str] = []
        seen: dict[str, str] = {}
        scores: dict[str, list[float | None]] = {d: [] for d in columns}
        commas = 0
        for index, (where, row) in enumerate(rows):
            if not isinstance(row, Mapping):
                raise input_error(PROBLEMS, "expected_ragas_object", where)
            raw_id = row.get("id")
            case_id = str(raw_id) if raw_id is not None and str(raw_id).strip() else f"ragas-{index + 1:03d}"
            if case_id in seen:
                raise problem("duplicate_id", where, id=case_id, first=Place(seen[case_id]))
            seen[case_id] = where
            case_ids.append(case_id)
            for dimension, column in columns.items():
                cell = row.get(column)
                if is_csv and isinstance(cell, str) and "," in cell:
                    commas += 1
                scores[dimension].append(parse_score(cell, _place(where, column), decimal_comma=is_csv))
        notes = [Note.of("csv_delimiter", delimiter=delimiter_name(delimiter))] if is_csv else []
        if commas:
            notes.append(Note.of("decimal_commas", count=commas))
        return RagasScores(tuple(case_ids), MappingProxyType(columns),
                           MappingProxyType({d: tuple(v) for d, v in scores.items()}), tuple(notes))
    except InputError as error:
        raise error.located(source) if source else error from None


def read_ragas_scores_bytes(data: bytes, source: str = "", fmt: str | None = None,
                            limit: ReadLimit = UNLIMITED) -> RagasScores:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return read_ragas_scores(text, source, fmt, limit)


def stored_case_scores(dataset: RagDataset) -> RagasScores:
    """The judge scores the cases came with from RAGAS, DeepEval or promptfoo (``judge_scores``, see
    :mod:`uncase_core.rag.sources`), as :func:`compare_ragas` takes them.

    Each dimension takes the first metric of the cases that stands for it (``faithfulness``, promptfoo's
    ``context-faithfulness``, DeepEval's ``Faithfulness``...); a case without that metric has no score on it.
    """
    columns: dict[str, str] = {}
    found = []
    for index, case in enumerate(dataset.cases):
        scores = judge_scores(case, f"cases[{index}]")
        for score in scores:
            if score.dimension is not None:
                columns.setdefault(score.dimension, score.metric)
        found.append({score.metric: score.score for score in scores})
    ordered = {dimension: columns[dimension] for dimension in METRICS if dimension in columns}
    return RagasScores(tuple(case.id for case in dataset.cases), MappingProxyType(ordered),
                       MappingProxyType({dimension: tuple(scores.get(metric) for scores in found)
                                         for dimension, metric in ordered.items()}))


@dataclass(frozen=True)
class RagasComparison:
    """The judge report over cases, with how the RAGAS scores and the hand labels became verdicts and labels."""

    report: JudgeReport
    column: str
    score_threshold: float
    pass_threshold: float
    case_ids: tuple[str, ...]
    notes: tuple[Note, ...]

    def to_dict(self) -> dict[str, object]:
        return {**self.report.to_dict(), "ragas_column": self.column, "score_threshold": self.score_threshold,
                "pass_threshold": self.pass_threshold,
                "notes": self.report.to_dict()["notes"] + notes_to_dicts(self.notes, IMPORT_NOTES)}


def _threshold(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(float(value)) \
            or not 0.0 <= float(value) <= 1.0:
        raise expected_in_range("number", 0, 1, repr(value), name)
    return float(value)


def case_passes(case: RagCase, dimension: str, pass_threshold: float) -> bool | None:
    """Whether the case's proportion of units labelled yes on ``dimension`` reaches ``pass_threshold``.

    None unless every unit of the dimension is labelled (and when it has no such unit): a partly labelled case
    has no case label.
    """
    kind, label = METRIC_UNITS[dimension]
    successes, total, unlabelled = count_labels([unit.label(label) for unit in case.units(kind)])
    return None if total == 0 or unlabelled else successes / total >= pass_threshold


def _partly_labelled(case: RagCase, dimension: str) -> bool:
    """Whether some but not every unit of ``dimension`` in ``case`` is labelled."""
    kind, label = METRIC_UNITS[dimension]
    _, total, unlabelled = count_labels([unit.label(label) for unit in case.units(kind)])
    return bool(total and unlabelled)


def compare_ragas(
    cases: Sequence[RagCase],
    scores: RagasScores,
    dimension: str,
    score_threshold: float = DEFAULT_SCORE_THRESHOLD,
    pass_threshold: float | None = None,
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
) -> RagasComparison:
    """Hand labels (does the case pass?) against RAGAS verdicts (does its score pass?), one unit per case.

    Every case of the RAGAS file must be in ``cases`` (else InputError naming it); cases without a
    RAGAS row are not judged.
    """
    dimension = check_dimension(dimension)
    if dimension not in scores.columns:
        found = ", ".join(scores.columns[d] for d in scores.columns)
        choices = ", ".join(RAGAS_COLUMNS[dimension])
        if found:
            raise input_error(PROBLEMS, "ragas_no_column_for", "dimension", dimension=dimension, choices=choices,
                              found=found)
        raise input_error(PROBLEMS, "ragas_no_column_at_all", "dimension", dimension=dimension, choices=choices)
    score_threshold = _threshold(score_threshold, "score_threshold")
    pass_threshold = _threshold(DEFAULT_THRESHOLDS[dimension] if pass_threshold is None else pass_threshold,
                                "pass_threshold")
    known = {case.id for case in cases}
    for case_id in scores.case_ids:
        if case_id not in known:
            raise input_error(PROBLEMS, "ragas_case_not_in_dataset", "case_ids", id=case_id)
    by_id = dict(zip(scores.case_ids, scores.scores[dimension], strict=True))
    labels = [case_passes(case, dimension, pass_threshold) for case in cases]
    verdicts = [None if by_id.get(case.id) is None else by_id[case.id] >= score_threshold for case in cases]
    report = compare_judge(labels, verdicts, dimension, "case", confidence, tuned)
    column = scores.columns[dimension]
    notes = [Note.of("case_is_the_unit", dimension=dimension, pass_threshold=pass_threshold, column=column,
                     score_threshold=score_threshold)]
    undetermined = sum(1 for case in cases if case.id in by_id and by_id[case.id] is None)
    if undetermined:
        notes.append(Note.of("undetermined_scores", count=undetermined, column=column))
    unscored = sum(1 for case in cases if case.id not in by_id)
    if unscored:
        notes.append(Note.of("unscored_cases", count=unscored))
    partly = sum(1 for case in cases if _partly_labelled(case, dimension))
    if partly:
        notes.append(Note.of("partly_labelled_cases", count=partly, dimension=dimension))
    return RagasComparison(report, column, score_threshold, pass_threshold, tuple(case.id for case in cases),
                           tuple(notes))
