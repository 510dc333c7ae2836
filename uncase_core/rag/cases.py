"""The RAG case: its units, their labels, and how it is read from and written to files.

A case holds the question, the retrieved passages (labelled relevant or not), the
answer's claims (labelled supported by the passages, and separately correct against the
reference) and the reference facts (labelled covered by the answer or not). A label of
``None`` means "not labelled yet": it is kept, counted as unlabelled, and left out of
every denominator.

Beside each human label a unit may carry an automatic judge's verdict on the same question
(``judge_relevant``, ``judge_supported``, ``judge_correct``, ``judge_covered``: true, false or
null). They are kept apart from the labels (``Unit.judge``), only the keys the file has, so a
count of labels never includes a verdict and a file without verdicts is written back without
them.

Files hold one case (a JSON object), or a dataset: JSON Lines of cases, a JSON object
``{"cases": [...]}``, or a JSON array of cases. Keys this module does not know are kept
and written back, so a download round trip loses nothing. A file's top level (``{"cases": [...]}``, or a
one-case file) may carry the annotation guidelines its labels follow, ``"guidelines"``
(:mod:`uncase_core.shared.guidelines`): checked on reading, kept as written, read by :func:`dataset_guidelines`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Literal

from uncase_core.errors import InputError, Param, Place, at_line, expected_value, missing, problem, term
from uncase_core.rag.dimensions import labels_by_unit
from uncase_core.shared.formats import RAG, parse_format
from uncase_core.shared.guidelines import Guideline, read_guidelines
from uncase_core.shared.jsonfiles import decode_text, dumps_json, dumps_jsonl
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows

Label = bool | None
DatasetFormat = Literal["case", "jsonl", "object", "array"]

UNIT_KINDS = ("passages", "claims", "reference_facts")
# The labels each unit kind carries: the labels the dimensions count on it (uncase_core/rag/dimensions.py).
LABEL_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(labels_by_unit(UNIT_KINDS))
# Every label field, in the order of the unit kinds: relevant, supported, correct, covered.
LABEL_NAMES = tuple(name for kind in UNIT_KINDS for name in LABEL_FIELDS[kind])
JUDGE_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "passages": ("judge_relevant",),
    "claims": ("judge_supported", "judge_correct"),
    "reference_facts": ("judge_covered",),
})
JUDGE_PREFIX = "judge_"
GUIDELINES_KEY = "guidelines"  # a dataset file's own annotation guidelines (uncase_core.shared.guidelines)
_CASE_KEYS = ("id", "question", "passages", "answer", "claims", "reference_facts", "metadata")


@dataclass(frozen=True)
class Unit:
    """A passage, claim or reference fact: its id, text, labels, judge verdicts and any other keys.

    ``labels`` holds every label name of the unit's kind (``None`` when not labelled);
    ``judge`` holds only the verdict keys the unit has (``judge_relevant`` and so on), so
    "no verdict key" and ``"judge_relevant": null`` both survive a round trip.
    """

    id: str
    text: str
    labels: Mapping[str, Label]
    extra: Mapping[str, Any] = field(default_factory=dict)
    judge: Mapping[str, Label] = field(default_factory=dict)

    def label(self, name: str) -> Label:
        return self.labels.get(name)

    def with_label(self, name: str, value: Label) -> Unit:
        return replace(self, labels={**self.labels, name: value})

    def verdict(self, name: str) -> Label:
        """The judge's verdict on label ``name`` (``"relevant"`` reads ``judge_relevant``); None if absent."""
        return self.judge.get(JUDGE_PREFIX + name)

    def with_verdict(self, name: str, value: Label) -> Unit:
        """The unit with the judge's verdict on label ``name`` set (the key is written even when None)."""
        return replace(self, judge={**self.judge, JUDGE_PREFIX + name: value})


@dataclass(frozen=True)
class RagCase:
    id: str
    question: str
    passages: tuple[Unit, ...] = ()
    answer: str = ""
    claims: tuple[Unit, ...] = ()
    reference_facts: tuple[Unit, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def units(self, kind: str) -> tuple[Unit, ...]:
        return getattr(self, kind)

    def with_units(self, kind: str, units: tuple[Unit, ...]) -> RagCase:
        return replace(self, **{kind: tuple(units)})


@dataclass(frozen=True)
class RagDataset:
    """Cases in file order, the file layout they came in, and any top-level keys kept."""

    cases: tuple[RagCase, ...]
    format: DatasetFormat = "jsonl"
    extra: Mapping[str, Any] = field(default_factory=dict)

    def with_case(self, index: int, case: RagCase) -> RagDataset:
        cases = list(self.cases)
        cases[index] = case
        return replace(self, cases=tuple(cases))


# ---------------------------------------------------------------- made in bulk by the readers of other tools' files

# A reader of another tool's file makes a case and several units per row; a frozen dataclass's __init__ sets each
# field through object.__setattr__, which was most of the cost of a unit (3.5 us against 0.6 us) and of a case.
# These build the same objects by filling their __dict__, while the classes stay plain dataclasses of these fields.
_PLAIN_UNITS = not hasattr(Unit, "__slots__") and [f.name for f in fields(Unit)] == [
    "id", "text", "labels", "extra", "judge"]
_PLAIN_CASES = not hasattr(RagCase, "__slots__") and not hasattr(RagCase, "__post_init__") and [
    f.name for f in fields(RagCase)] == ["id", "question", "passages", "answer", "claims", "reference_facts",
                                         "metadata", "extra"]


def new_unit(unit_id: str, text: str, labels: dict[str, Label], extra: dict[str, Any] | None = None) -> Unit:
    """``Unit(unit_id, text, labels, extra or {})``, made without the frozen dataclass's ``__init__``."""
    if not _PLAIN_UNITS:
        return Unit(unit_id, text, labels, {} if extra is None else extra)
    unit = object.__new__(Unit)
    unit.__dict__.update(id=unit_id, text=text, labels=labels, extra={} if extra is None else extra, judge={})
    return unit


def blank_units(prefix: str, kind: str, texts: Sequence[str]) -> tuple[Unit, ...]:
    """Unlabelled units ``<prefix>1``, ``<prefix>2``... of ``kind`` for ``texts`` (each with its own labels)."""
    names = LABEL_FIELDS[kind]
    return tuple([new_unit(f"{prefix}{i}", text, dict.fromkeys(names)) for i, text in enumerate(texts, start=1)])


def new_case(case_id: str, question: str, passages: tuple[Unit, ...], answer: str, claims: tuple[Unit, ...],
             reference_facts: tuple[Unit, ...], metadata: Mapping[str, Any], extra: Mapping[str, Any]) -> RagCase:
    """``RagCase(...)`` with every field given, made without the frozen dataclass's ``__init__``."""
    if not _PLAIN_CASES:
        return RagCase(case_id, question, passages, answer, claims, reference_facts, metadata, extra)
    case = object.__new__(RagCase)
    case.__dict__.update(id=case_id, question=question, passages=passages, answer=answer, claims=claims,
                         reference_facts=reference_facts, metadata=metadata, extra=extra)
    return case


# ---------------------------------------------------------------- reading


def _describe(value: Any) -> Param:
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f'"{shown}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return term("object")
    if isinstance(value, list):
        return term("list")
    return repr(value)


def _string(data: Mapping[str, Any], key: str, where: str, required: bool) -> str:
    if key not in data or data[key] is None:
        if required:
            raise missing(key, where)
        return ""
    value = data[key]
    if not isinstance(value, str):
        raise expected_value("text", _describe(value), f"{where}.{key}" if where else key)
    return value


def _label(data: Mapping[str, Any], key: str, where: str) -> Label:
    value = data.get(key)
    if value is None or isinstance(value, bool):
        return value
    raise expected_value("true_false_null", _describe(value), f"{where}.{key}")


# Units read together share what they repeat (``shared``, one dict per file read, never kept at module level where
# every session would share it): a unit's labels with every unit of its kind labelled alike (a few dozen dicts in
# all), its empty ``extra`` and ``judge`` with every other unit, and its id ("p1", "c2"...) with every unit of that
# id (interned). For 10,000 cases of 14 units their own copies were 51 MB of the 84 MB the cases held, 8.4 times
# the file (tracemalloc, 2026-12-06); 3.4 times now. A unit's mappings are never changed in place (``with_label``
# and ``with_verdict`` make new ones), which is what makes sharing them safe.
Shared = dict[tuple[object, ...], dict[str, Any]]


def _unit(data: Any, kind: str, where: str, shared: Shared | None = None) -> Unit:
    if not isinstance(data, dict):
        raise expected_value("object", _describe(data), where)
    unit_id = _string(data, "id", where, required=True)
    if not unit_id.strip():
        raise problem("id_must_not_be_empty", f"{where}.id")
    text = _string(data, "text", where, required=True)
    labels = {name: _label(data, name, where) for name in LABEL_FIELDS[kind]}
    judge = {name: _label(data, name, where) for name in data if name in JUDGE_FIELDS[kind]}  # in file order
    known = ("id", "text", *LABEL_FIELDS[kind], *JUDGE_FIELDS[kind])
    extra = {k: v for k, v in data.items() if k not in known}
    if shared is None:
        return Unit(unit_id, text, labels, extra, judge)
    labels = shared.setdefault((kind, *labels.values()), labels)
    empty = shared.setdefault((), {})
    return Unit(sys.intern(unit_id), text, labels, extra or empty, judge or empty)


def case_from_dict(data: Any, where: str = "", shared: Shared | None = None) -> RagCase:
    """Validate one case given as parsed JSON; errors name the place under ``where``. Cases read with the same
    ``shared`` dict share their units' equal labels and empty mappings (see ``Shared``)."""

    def at(key: str) -> str:
        return f"{where}.{key}" if where else key

    if not isinstance(data, dict):
        raise expected_value("case_object", _describe(data), where)
    case_id = _string(data, "id", where, required=True)
    if not case_id.strip():
        raise problem("id_must_not_be_empty", at("id"))
    question = _string(data, "question", where, required=True)
    answer = _string(data, "answer", where, required=False)
    units: dict[str, tuple[Unit, ...]] = {}
    for kind in UNIT_KINDS:
        raw = data.get(kind)
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise expected_value("list", _describe(raw), at(kind))
        parsed = tuple(_unit(item, kind, f"{at(kind)}[{i}]", shared) for i, item in enumerate(raw))
        seen: dict[str, int] = {}
        for i, unit in enumerate(parsed):
            if unit.id in seen:
                raise problem("duplicate_id", f"{at(kind)}[{i}].id", id=unit.id,
                              first=Place(f"{at(kind)}[{seen[unit.id]}]"))
            seen[unit.id] = i
        units[kind] = parsed
    metadata = data.get("metadata")
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, dict):
        raise expected_value("object", _describe(metadata), at("metadata"))
    extra = {k: v for k, v in data.items() if k not in _CASE_KEYS}
    return RagCase(case_id, question, units["passages"], answer, units["claims"],
                   units["reference_facts"], dict(metadata), extra)


def _check_unique_ids(cases: list[RagCase], places: list[str]) -> None:
    seen: dict[str, str] = {}
    for case, place in zip(cases, places, strict=True):
        if case.id in seen:
            raise problem("duplicate_case_id", place, id=case.id, first=Place(seen[case.id]))
        seen[case.id] = place


def dataset_from_text(text: str, source: str = "", limit: ReadLimit = UNLIMITED) -> RagDataset:
    """Read a case or a dataset from file text, in any of the accepted layouts; a file of more cases than ``limit``
    takes is refused before any is read as a case."""
    try:
        document = parse_format(text, RAG, limit)
        if document.kind == "jsonl":
            cases, places, shared = [], [], {}
            for line, record in document.records:
                place = at_line(line)
                try:
                    cases.append(case_from_dict(record, shared=shared))
                except InputError as error:
                    raise error.at(at_line(line, error.where)) from None
                places.append(place)
            _check_unique_ids(cases, places)
            return RagDataset(tuple(cases), "jsonl")
        value = document.value
        if isinstance(value, list):
            check_rows(len(value), limit)
            return _dataset_from_list(value, "cases", "array", {})
        if isinstance(value, dict) and "cases" in value:
            extra = {k: v for k, v in value.items() if k != "cases"}
            if not isinstance(value["cases"], list):
                raise expected_value("list", _describe(value["cases"]), "cases")
            if GUIDELINES_KEY in extra:
                read_guidelines(extra[GUIDELINES_KEY], LABEL_NAMES, GUIDELINES_KEY)
            check_rows(len(value["cases"]), limit)
            return _dataset_from_list(value["cases"], "cases", "object", extra)
        if isinstance(value, dict):
            if GUIDELINES_KEY in value:  # one case's file: its top level is the case
                read_guidelines(value[GUIDELINES_KEY], LABEL_NAMES, GUIDELINES_KEY)
            return _keep_jsonl_layout(RagDataset((case_from_dict(value, shared={}),), "case"), source)
        raise expected_value("case_or_dataset", _describe(value))
    except InputError as error:
        raise error.located(source) if source else error from None


def _dataset_from_list(items: list[Any], name: str, fmt: DatasetFormat, extra: dict[str, Any]) -> RagDataset:
    if not items:
        raise problem("no_cases_in_dataset", name)
    places = [f"{name}[{i}]" for i in range(len(items))]
    shared: Shared = {}
    cases = [case_from_dict(item, place, shared) for item, place in zip(items, places, strict=True)]
    _check_unique_ids(cases, places)
    return RagDataset(tuple(cases), fmt, extra)


def dataset_from_bytes(data: bytes, source: str = "", limit: ReadLimit = UNLIMITED) -> RagDataset:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return dataset_from_text(text, source, limit)


def _keep_jsonl_layout(dataset: RagDataset, source: str) -> RagDataset:
    # A one-line JSONL file is also valid JSON; its name says which layout to write back.
    if dataset.format == "case" and source.lower().endswith(".jsonl"):
        return replace(dataset, format="jsonl")
    return dataset


def dataset_guidelines(dataset: RagDataset) -> dict[str, Guideline]:
    """The guidelines the dataset's file carries (its top-level ``"guidelines"``: in ``{"cases": [...]}`` or a
    one-case file), checked when it was read; empty when it has none. Kept as written on a round trip."""
    if dataset.format == "case" and len(dataset.cases) == 1:
        value = dataset.cases[0].extra.get(GUIDELINES_KEY)
    else:
        value = dataset.extra.get(GUIDELINES_KEY)
    return {} if value is None else read_guidelines(value, LABEL_NAMES, GUIDELINES_KEY)


# ---------------------------------------------------------------- writing


def unit_to_dict(unit: Unit) -> dict[str, Any]:
    return {"id": unit.id, "text": unit.text, **unit.labels, **unit.judge, **unit.extra}


def case_to_dict(case: RagCase) -> dict[str, Any]:
    return {
        "id": case.id,
        "question": case.question,
        "passages": [unit_to_dict(u) for u in case.passages],
        "answer": case.answer,
        "claims": [unit_to_dict(u) for u in case.claims],
        "reference_facts": [unit_to_dict(u) for u in case.reference_facts],
        "metadata": dict(case.metadata),
        **case.extra,
    }


def dataset_to_text(dataset: RagDataset) -> str:
    """Serialize in the layout the dataset was read in."""
    cases = [case_to_dict(case) for case in dataset.cases]
    if dataset.format == "case" and len(cases) == 1:
        return dumps_json(cases[0])
    if dataset.format == "array":
        return dumps_json(cases)
    if dataset.format == "object":
        return dumps_json({**dataset.extra, "cases": cases})
    return dumps_jsonl(cases)


def file_extension(dataset: RagDataset) -> str:
    return "jsonl" if dataset.format == "jsonl" or (dataset.format == "case" and len(dataset.cases) > 1) else "json"
