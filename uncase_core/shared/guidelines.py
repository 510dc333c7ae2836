"""Annotation guidelines: for each label a person gives, a short rule of what counts, and one example.

The labels are the label fields of the formats: ``relevant``, ``supported``, ``correct`` and ``covered`` for
RAG cases (:data:`uncase_core.rag.cases.LABEL_NAMES`), ``is_accurate``, ``is_addressed`` and ``is_covered`` for
summaries. The playground ships defaults in English and Spanish (``assets/guidelines/defaults.toml``, read by
:func:`uncase_core.assets.reader.load_guidelines`); a dataset file may carry its own under a top-level
``"guidelines"`` key, and a workshop room may have the facilitator's. Each is a mapping of label to either the
rule as text, or an object with the rule (``"text"``) and an example (``"example"``)::

    "guidelines": {
      "relevant": "Relevant: the passage helps answer this question.",
      "supported": {"text": "Supported: a passage states it.", "example": "..."}
    }

A label a file leaves out keeps the default (:func:`merge_guidelines`). Bad input names its place
(``guidelines.relevant.text: ...``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from uncase_core.errors import Param, expected_value, input_error, missing, problem, term, unknown_choice

GUIDELINE_KEYS = ("text", "example")
MAX_GUIDELINE_CHARS = 2_000  # the rule or the example, each: short enough to read beside a unit

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "guideline_too_long": "{length:,} characters, more than the {limit:,} a guideline's text may have",
    "unknown_guideline_key": "unknown key {got}; a guideline has text and example",
    "expected_guideline": 'expected a text, or an object with "text" and "example", got {got}',
    "expected_guidelines": "expected an object of guidelines by label (relevant, supported...), got {got}",
})


@dataclass(frozen=True)
class Guideline:
    """What counts as a yes for one label, and an example (empty when there is none)."""

    text: str
    example: str = ""


def _describe(value: Any) -> Param:
    if isinstance(value, str):
        return f'"{value if len(value) <= 40 else value[:37] + "..."}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return term("object")
    if isinstance(value, list):
        return term("list")
    return repr(value)


def _text(value: Any, where: str, required: bool) -> str:
    if not isinstance(value, str):
        raise expected_value("text", _describe(value), where)
    if required and not value.strip():
        raise problem("must_not_be_empty", where)
    if len(value) > MAX_GUIDELINE_CHARS:
        raise input_error(PROBLEMS, "guideline_too_long", where, length=len(value), limit=MAX_GUIDELINE_CHARS)
    return value.strip()


def read_guideline(value: Any, where: str) -> Guideline:
    """One guideline as a file gives it: the rule as text, or ``{"text": ..., "example": ...}``."""
    if isinstance(value, str):
        return Guideline(_text(value, where, required=True))
    if not isinstance(value, dict):
        raise input_error(PROBLEMS, "expected_guideline", where, got=_describe(value))
    for key in value:
        if key not in GUIDELINE_KEYS:
            raise input_error(PROBLEMS, "unknown_guideline_key", f"{where}.{key}", got=_describe(key))
    if "text" not in value:
        raise missing("text", where)
    example = value.get("example")
    return Guideline(_text(value["text"], f"{where}.text", required=True),
                     "" if example is None else _text(example, f"{where}.example", required=False))


def read_guidelines(value: Any, dimensions: Sequence[str], where: str = "guidelines") -> dict[str, Guideline]:
    """A ``guidelines`` object: label -> guideline, each label one of ``dimensions`` (the labels of the caller's
    format: ``uncase_core.rag.cases.LABEL_NAMES``, ``uncase_core.summaries.edits.SUMMARY_LABELS``), in the file's
    order."""
    if not isinstance(value, dict):
        raise input_error(PROBLEMS, "expected_guidelines", where, got=_describe(value))
    read = {}
    for name, entry in value.items():
        place = f"{where}.{name}"
        if name not in dimensions:
            raise unknown_choice("label", _describe(name), dimensions, place)
        read[name] = read_guideline(entry, place)
    return read


def guideline_to_dict(guideline: Guideline) -> dict[str, str]:
    return {"text": guideline.text, **({"example": guideline.example} if guideline.example else {})}


def guidelines_to_dict(guidelines: Mapping[str, Guideline]) -> dict[str, dict[str, str]]:
    """The ``guidelines`` object a file carries (what :func:`read_guidelines` reads back the same)."""
    return {name: guideline_to_dict(guideline) for name, guideline in guidelines.items()}


def merge_guidelines(*layers: Mapping[str, Guideline]) -> dict[str, Guideline]:
    """Later layers win label by label: ``merge_guidelines(defaults, the dataset's, the room's)``."""
    merged: dict[str, Guideline] = {}
    for layer in layers:
        merged.update(layer)
    return merged
