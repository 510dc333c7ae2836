"""Summary case files: one case as a JSON object, several as a JSON list or JSON Lines, read with the place of every
problem and written back so that a round trip loses nothing (:mod:`~uncase_core.summaries.format`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from uncase_core.errors import (
    InputError,
    at_line,
    expected_value,
    input_error,
    problem,
)
from uncase_core.shared.formats import SUMMARIES, parse_format
from uncase_core.shared.jsonfiles import (
    decode_text,
    dumps_json,
    dumps_jsonl,
)
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.summaries.blocks import accuracy_to_dict, adherence_to_dict, completeness_to_list, parse_block
from uncase_core.summaries.format import (
    _CASE_KEYS,
    PROBLEMS,
    SUMMARY_METRICS,
    SummaryCase,
    _at,
    _extra,
    _kind,
    _list,
    _sections,
    _text,
    _turns,
)

# ------------------------------------------------------------------ cases


def case_from_dict(data: Any, where: str = "") -> SummaryCase:
    """Validate one summary case given as parsed JSON; errors name the place under ``where``."""
    if isinstance(data, SummaryCase):
        return data
    if not isinstance(data, dict):
        raise expected_value("summary_case_object", _kind(data), where)
    case_id = _text(data, "id", where, required=True)
    if not case_id.strip():
        raise problem("id_must_not_be_empty", _at(where, "id"))
    transcript = _turns(_list(data, "transcript", where), _at(where, "transcript"))
    sections = _sections(_list(data, "sections", where), _at(where, "sections"))
    notes: list[str] = []
    blocks = {}
    for kind in SUMMARY_METRICS:
        blocks[kind], block_notes = parse_block(data.get(kind), kind, _at(where, kind))
        notes.extend(block_notes)
    return SummaryCase(
        id=case_id,
        language=_text(data, "language", where),
        transcript=transcript,
        sections=sections,
        accuracy=blocks["accuracy"],
        rubrics=blocks["adherence"],
        completeness=blocks["completeness"],
        extra=_extra(data, _CASE_KEYS),
        notes=tuple(notes),
    )


def case_to_dict(case: SummaryCase) -> dict[str, Any]:
    """The case in the file format, blocks written as normalized JSON (real booleans), unknown keys kept."""
    result: dict[str, Any] = {
        "id": case.id,
        "language": case.language,
        "transcript": [{"role": t.role, "text": t.text} for t in case.transcript],
        "sections": [{"name": s.name, "kind": s.kind, "categorical": s.categorical, "instruction": s.instruction,
                      "allowed_values": None if s.allowed_values is None else list(s.allowed_values),
                      "text": s.text, **s.extra} for s in case.sections],
        "accuracy": accuracy_to_dict(case.accuracy),
        "adherence": adherence_to_dict(case.rubrics),
        "completeness": completeness_to_list(case.completeness),
    }
    return {**result, **case.extra}


def _parse_document(text: str, limit: ReadLimit) -> Any:
    try:
        return parse_format(text, SUMMARIES, limit)
    except InputError:
        raise
    except ValueError as error:  # a number beyond Python's digit limit is a plain ValueError, not a JSON error
        raise input_error(PROBLEMS, "cannot_read_file", detail=str(error)) from None


def cases_from_text(text: str, source: str = "", limit: ReadLimit = UNLIMITED) -> tuple[SummaryCase, ...]:
    """One case (JSON object), JSONL, a JSON array or ``{"cases": [...]}``; errors name the place. A file of more
    cases than ``limit`` takes is refused before any is read as one."""
    try:
        document = _parse_document(text, limit)
        if document.kind == "jsonl":
            placed = [(at_line(line), record) for line, record in document.records]
        elif isinstance(document.value, list):
            placed = [(f"[{i}]", item) for i, item in enumerate(document.value)]
        elif isinstance(document.value, dict) and isinstance(document.value.get("cases"), list):
            placed = [(f"cases[{i}]", item) for i, item in enumerate(document.value["cases"])]
        else:
            placed = [("", document.value)]
        if not placed:
            raise input_error(PROBLEMS, "no_summary_cases")
        check_rows(len(placed), limit)
        cases = []
        seen: set[str] = set()
        for where, record in placed:
            case = case_from_dict(record, where)
            if case.id in seen:
                raise problem("duplicate_case_id_here", _at(where, "id"), id=case.id)
            seen.add(case.id)
            cases.append(case)
        return tuple(cases)
    except InputError as error:
        raise error.located(source) if source else error from None


def cases_from_bytes(data: bytes, source: str = "", limit: ReadLimit = UNLIMITED) -> tuple[SummaryCase, ...]:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return cases_from_text(text, source, limit)


def cases_to_text(cases: Iterable[SummaryCase]) -> str:
    """One case as pretty JSON, several as JSONL.

    A lone case carrying its own ``"cases"`` list is written inside a JSON array: as a bare
    object it would read back as the ``{"cases": [...]}`` wrapper.
    """
    cases = tuple(cases)
    if len(cases) == 1:
        data = case_to_dict(cases[0])
        return dumps_json([data] if isinstance(data.get("cases"), list) else data)
    return dumps_jsonl([case_to_dict(case) for case in cases])


