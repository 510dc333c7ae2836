"""What a workshop room's cases can be made of: RAG cases (document 001) or summary cases (document 002).

The class view (:mod:`uncase_core.agreement.class_labels`) and the adjudication
(:mod:`uncase_core.agreement.adjudication`) work on **labelled units**: one yes/no label field of one unit of one
case, named by a key ``(case id, unit kind, unit id, label field)``. A :class:`Material` says how its datasets are
made of such units, how a participant's copy is read, rebuilt from edit records and relabelled, and how a labelled
dataset is evaluated. Everything else (distributions, majority, agreement, the queue, the gold) is the same for
both, so it is written once.

RAG cases: the units are passages (``relevant``), claims (``supported``, ``correct``) and reference facts
(``covered``), each with its own id; the dimensions are the four RAG metrics.

Summary cases have no unit ids: a unit is named by its position, counted from 1, as the summary page numbers it:
accuracy point ``"2"`` (kind ``accuracy``, field ``is_accurate``), adherence rubric ``"1"`` (kind ``rubrics``,
field ``is_addressed``), completeness item ``"2.3"`` (kind ``items``: the third item of the second question, field
``is_covered``). A room's cases never change, so positions name the same units for everyone. The dimensions are
accuracy, adherence and completeness; a dimension that document 002's section rules make N/A for a case still has
its units labelled and compared (the labels are people's judgements all the same), while the class's figures
follow the rules (:func:`uncase_core.summaries.evaluation.evaluate_summaries`). A participant's summary copy is
rebuilt from the summary page's label records (``accuracy``, ``rubric``, ``completeness``); a record of another
kind (a section's kind, a pasted block: the texts a room's participants cannot change) is refused and counted.
The adjudicated summary cases carry their revisions each in their own ``"revisions"`` list (the case's own keys
are kept on reading and writing), as the RAG dataset carries its log at the top; an entry has the workbench's
shape (case, unit, field, old, new, reason, author, time), its field a summary label field.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from uncase_core.datasets.workbench import Revision, with_revision
from uncase_core.errors import InputError, Place, expected_value, problem
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset, case_to_dict, dataset_to_text
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS, DatasetEvaluation, Settings, evaluate_dataset
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion
from uncase_core.summaries.cases import case_to_dict as summary_case_to_dict
from uncase_core.summaries.cases import cases_to_text
from uncase_core.summaries.evaluation import SummaryReport, evaluate_summaries
from uncase_core.summaries.format import SUMMARY_METRICS, SummaryCase

Key = tuple[str, str, str, str]
"""A labelled unit's name: (case id, unit kind, unit id, label field)."""
Row = tuple[int, str, str, str, str, str, "bool | None", str]
"""One label field of one unit, as :meth:`Material.units` lists it."""
SUMMARY_LABEL_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "accuracy": ("is_accurate",), "rubrics": ("is_addressed",), "items": ("is_covered",)})
SUMMARY_DIMENSION_FIELDS: Mapping[str, str] = MappingProxyType({
    "accuracy": "is_accurate", "adherence": "is_addressed", "completeness": "is_covered"})
RAG_DIMENSION_FIELDS: Mapping[str, str] = MappingProxyType({name: METRIC_UNITS[name][1] for name in METRICS})
FIELD_DIMENSIONS: Mapping[str, str] = MappingProxyType({
    **{label: name for name, label in RAG_DIMENSION_FIELDS.items()},
    **{label: name for name, label in SUMMARY_DIMENSION_FIELDS.items()}})
"""The dimension each label field counts toward, for both materials (their field names differ)."""
REVISIONS_KEY = "revisions"
_SUMMARY_RECORD_KINDS = MappingProxyType({"accuracy": "accuracy", "rubric": "rubrics", "completeness": "items"})


@dataclass(frozen=True)
class Slot:
    """One labelled unit of a room's dataset: where it is, its text and the room's own (reference) label."""

    case_index: int
    case_id: str
    kind: str
    unit: str
    field: str
    text: str
    reference: bool | None

    @property
    def key(self) -> Key:
        return (self.case_id, self.kind, self.unit, self.field)


class Material(ABC):
    """How a kind of dataset is made of labelled units (see the module docstring)."""

    name: str  # the workspace document it lives in: "rag" or "summaries"
    term: str  # how an error names a dataset of this material (uncase_core.errors' TERMS)
    dimensions: tuple[str, ...]
    dimension_fields: Mapping[str, str]  # dimension -> the label field it counts
    unit_kinds: tuple[str, ...]
    label_fields: Mapping[str, tuple[str, ...]]  # unit kind -> its label fields

    @abstractmethod
    def is_dataset(self, value: object) -> bool:
        """Whether ``value`` is a dataset of this material."""

    @abstractmethod
    def units(self, dataset: Any) -> list[Row]:
        """Every label field of every unit of a dataset of this material, in order, as (case index, case id, unit
        kind, unit id, label field, the unit's text, its label, its place in the file) rows (:meth:`slots` checks
        the dataset first)."""

    @abstractmethod
    def case_ids(self, dataset: Any) -> list[str]:
        """The dataset's case ids, in order."""

    @abstractmethod
    def with_labels(self, dataset: Any, values: Mapping[Key, bool | None]) -> Any:
        """``dataset`` with every label set from ``values`` (a label missing there: ``None``)."""

    @abstractmethod
    def evaluate(self, dataset: Any, settings: Settings) -> DatasetEvaluation | SummaryReport:
        """The dataset's figures per case and pooled (for summary cases only ``settings.confidence`` is used)."""

    @abstractmethod
    def pooled(self, evaluation: Any) -> Mapping[str, Proportion]:
        """The dataset's pooled proportion of each dimension, from :meth:`evaluate`'s result."""

    @abstractmethod
    def replay(self, start: Any, records: Sequence[Any]) -> tuple[Any, int]:
        """``start`` with each label record applied in order, and how many records did not fit (skipped)."""

    @abstractmethod
    def record_key(self, record: Any) -> Key | None:
        """The labelled unit a label record sets, or None for a record that names none."""

    @abstractmethod
    def with_revisions(self, dataset: Any, revisions: Sequence[Revision]) -> Any:
        """The dataset with ``revisions`` logged, after any log it already has."""

    @abstractmethod
    def to_dicts(self, dataset: Any) -> list[dict[str, Any]]:
        """The dataset's cases as plain JSON objects, in its file format."""

    @abstractmethod
    def to_text(self, dataset: Any) -> str:
        """The dataset as the text of a file that the pages and the CLI read back."""

    def slots(self, room: object, where: str = "room") -> list[Slot]:
        """Every labelled unit of ``room``, in order; InputError for another material or duplicate case ids."""
        if not self.is_dataset(room):
            raise expected_value(self.term, type(room).__name__, where)
        seen: dict[str, int] = {}
        for i, case_id in enumerate(self.case_ids(room)):
            if case_id in seen:
                raise problem("duplicate_case_id", f"{where}.cases[{i}].id", id=case_id,
                              first=Place(f"cases[{seen[case_id]}]"))
            seen[case_id] = i
        return [Slot(i, case_id, kind, unit, field, text, label)
                for i, case_id, kind, unit, field, text, label, _place in self.units(room)]

    def copy_labels(self, copy: object, where: str) -> dict[Key, bool | None]:
        """A participant's labels by unit; InputError naming ``where`` for another material, duplicate case ids
        or a label that is not true, false or null."""
        if not self.is_dataset(copy):
            raise expected_value(self.term, type(copy).__name__, where)
        seen: set[str] = set()
        for i, case_id in enumerate(self.case_ids(copy)):
            if case_id in seen:
                raise problem("duplicate_case_id_here", f"{where}.cases[{i}].id", id=case_id)
            seen.add(case_id)
        labels: dict[Key, bool | None] = {}
        for _i, case_id, kind, unit, field, _text, label, place in self.units(copy):
            if label is not None and not isinstance(label, bool):
                raise expected_value("true_false_null", repr(label), f"{where}.{place}.{field}")
            labels[case_id, kind, unit, field] = label
        return labels

    def blank(self, dataset: Any) -> Any:
        """The dataset with every label cleared (and whatever else gives the answer away): what each participant
        starts labelling from."""
        return self.with_labels(dataset, {})

    def explanations(self, dataset: Any) -> dict[Key, str]:
        """What the dataset's file says beside each label, to show after the reveal (none for RAG cases)."""
        return {}


# ---------------------------------------------------------------- RAG cases


class RagMaterial(Material):
    name = "rag"
    term = "rag_dataset"
    dimensions = METRICS
    dimension_fields = RAG_DIMENSION_FIELDS
    unit_kinds = UNIT_KINDS
    label_fields = LABEL_FIELDS

    def is_dataset(self, value: object) -> bool:
        return isinstance(value, RagDataset)

    def case_ids(self, dataset: RagDataset) -> list[str]:
        return [case.id for case in dataset.cases]

    def units(self, dataset: RagDataset) -> list[Row]:
        return [(i, case.id, kind, unit.id, name, unit.text, unit.labels.get(name), f"cases[{i}].{kind}[{j}]")
                for i, case in enumerate(dataset.cases) for kind in UNIT_KINDS
                for j, unit in enumerate(case.units(kind)) for name in LABEL_FIELDS[kind]]

    def with_labels(self, dataset: RagDataset, values: Mapping[Key, bool | None]) -> RagDataset:
        cases = []
        for case in dataset.cases:
            changed = {kind: tuple(replace(unit, labels={**unit.labels, **{
                name: values.get((case.id, kind, unit.id, name)) for name in LABEL_FIELDS[kind]}})
                for unit in case.units(kind)) for kind in UNIT_KINDS}
            cases.append(replace(case, **changed))
        return replace(dataset, cases=tuple(cases))

    def evaluate(self, dataset: RagDataset, settings: Settings) -> DatasetEvaluation:
        return evaluate_dataset(dataset.cases, settings)

    def pooled(self, evaluation: DatasetEvaluation) -> Mapping[str, Proportion]:
        return evaluation.pooled.metrics

    def replay(self, start: RagDataset, records: Sequence[Any]) -> tuple[RagDataset, int]:
        from uncase_core.rag.edits import replay_rag_edits

        return replay_rag_edits(start, list(records))

    def record_key(self, record: Any) -> Key | None:
        if not isinstance(record, Mapping):
            return None
        key = tuple(record.get(name) for name in ("case_id", "kind", "unit_id", "field"))
        return key if all(isinstance(part, str) for part in key) else None  # type: ignore[return-value]

    def with_revisions(self, dataset: RagDataset, revisions: Sequence[Revision]) -> RagDataset:
        for revision in revisions:
            dataset = with_revision(dataset, revision)
        return dataset

    def blank(self, dataset: RagDataset) -> RagDataset:
        # Every key of a unit's labels cleared, whatever the file holds beside the kind's own fields.
        return replace(dataset, cases=tuple(
            replace(case, **{kind: tuple(replace(unit, labels={name: None for name in unit.labels})
                                         for unit in case.units(kind)) for kind in UNIT_KINDS})
            for case in dataset.cases))

    def to_dicts(self, dataset: RagDataset) -> list[dict[str, Any]]:
        return [case_to_dict(case) for case in dataset.cases]

    def to_text(self, dataset: RagDataset) -> str:
        return dataset_to_text(dataset)


# ---------------------------------------------------------------- summary cases


def _summary_cases(value: object) -> tuple[SummaryCase, ...] | None:
    if isinstance(value, tuple | list) and value and all(isinstance(case, SummaryCase) for case in value):
        return tuple(value)
    return None


def _item_id(question: int, item: int) -> str:
    return f"{question + 1}.{item + 1}"


class SummaryMaterial(Material):
    name = "summaries"
    term = "summary_cases"
    dimensions = SUMMARY_METRICS
    dimension_fields = SUMMARY_DIMENSION_FIELDS
    unit_kinds = tuple(SUMMARY_LABEL_FIELDS)
    label_fields = SUMMARY_LABEL_FIELDS

    def is_dataset(self, value: object) -> bool:
        return _summary_cases(value) is not None

    def case_ids(self, dataset: Sequence[SummaryCase]) -> list[str]:
        return [case.id for case in dataset]

    def units(self, dataset: Sequence[SummaryCase]) -> list[Row]:
        found: list[Row] = []
        for i, case in enumerate(dataset):
            found.extend((i, case.id, "accuracy", str(j + 1), "is_accurate", point.point, point.is_accurate,
                          f"[{i}].accuracy.decomposition[{j}]") for j, point in enumerate(case.accuracy))
            found.extend((i, case.id, "rubrics", str(j + 1), "is_addressed", rubric.question, rubric.is_addressed,
                          f"[{i}].adherence.rubrics[{j}]") for j, rubric in enumerate(case.rubrics))
            found.extend((i, case.id, "items", _item_id(q, j), "is_covered", item.transcript_content, item.is_covered,
                          f"[{i}].completeness[{q}].content_list[{j}]")
                         for q, question in enumerate(case.completeness)
                         for j, item in enumerate(question.content_list))
        return found

    def with_labels(self, dataset: Sequence[SummaryCase], values: Mapping[Key, bool | None]) -> tuple[SummaryCase, ...]:
        cases = []
        for case in dataset:
            cases.append(replace(
                case,
                accuracy=tuple(replace(point, is_accurate=values.get((case.id, "accuracy", str(j + 1), "is_accurate")))
                               for j, point in enumerate(case.accuracy)),
                rubrics=tuple(replace(rubric, is_addressed=values.get((case.id, "rubrics", str(j + 1), "is_addressed")))
                              for j, rubric in enumerate(case.rubrics)),
                completeness=tuple(replace(question, content_list=tuple(
                    replace(item, is_covered=values.get((case.id, "items", _item_id(q, j), "is_covered")))
                    for j, item in enumerate(question.content_list))) for q, question in enumerate(case.completeness)),
            ))
        return tuple(cases)

    def evaluate(self, dataset: Sequence[SummaryCase], settings: Settings) -> SummaryReport:
        return evaluate_summaries(dataset, settings.confidence if settings is not None else DEFAULT_CONFIDENCE)

    def pooled(self, evaluation: SummaryReport) -> Mapping[str, Proportion]:
        return evaluation.aggregate.metrics

    def replay(self, start: Sequence[SummaryCase], records: Sequence[Any]) -> tuple[tuple[SummaryCase, ...], int]:
        from uncase_core.summaries.edits import apply_summary_edit

        cases, refused = tuple(start), 0
        for record in records:
            if self.record_key(record) is None:  # not a label record: the texts of a room's cases stay as they are
                refused += 1
                continue
            try:
                cases = apply_summary_edit(cases, record)
            except InputError:
                refused += 1
        return cases, refused

    def record_key(self, record: Any) -> Key | None:
        if not isinstance(record, Mapping) or not isinstance(record.get("case_id"), str):
            return None
        kind = _SUMMARY_RECORD_KINDS.get(record.get("op"))  # type: ignore[arg-type]
        positions = [record.get(name) for name in (("question", "item") if kind == "items" else ("index",))]
        if kind is None or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in positions):
            return None
        unit = _item_id(*positions) if kind == "items" else str(positions[0] + 1)
        return (record["case_id"], kind, unit, SUMMARY_LABEL_FIELDS[kind][0])

    def with_revisions(self, dataset: Sequence[SummaryCase], revisions: Sequence[Revision]) -> tuple[SummaryCase, ...]:
        cases = []
        for case in dataset:
            mine = [revision.to_dict() for revision in revisions if revision.case == case.id]
            if not mine:
                cases.append(case)
                continue
            log = case.extra.get(REVISIONS_KEY)
            earlier = list(log) if isinstance(log, list) else []
            cases.append(replace(case, extra={**case.extra, REVISIONS_KEY: [*earlier, *mine]}))
        return tuple(cases)

    def blank(self, dataset: Sequence[SummaryCase]) -> tuple[SummaryCase, ...]:
        # The judge's explanations go with its labels: a point's justification and a rubric's reasoning say the
        # verdict ("This is inaccurate..."), an item's related summary content says where (or that nothing) covers
        # it. A participant judges from the conversation and the summary themselves.
        cases = self.with_labels(dataset, {})
        return tuple(replace(
            case,
            accuracy=tuple(replace(point, accuracy="") for point in case.accuracy),
            rubrics=tuple(replace(rubric, reasoning="") for rubric in case.rubrics),
            completeness=tuple(replace(question, content_list=tuple(
                replace(item, related_content_from_summary="") for item in question.content_list))
                for question in case.completeness),
        ) for case in cases)

    def explanations(self, dataset: Sequence[SummaryCase]) -> dict[Key, str]:
        """What the room's file says beside each label (a point's justification, a rubric's reasoning, an item's
        related summary content): the answer's why, for after the reveal."""
        found: dict[Key, str] = {}
        for case in dataset:
            for j, point in enumerate(case.accuracy):
                found[case.id, "accuracy", str(j + 1), "is_accurate"] = point.accuracy
            for j, rubric in enumerate(case.rubrics):
                found[case.id, "rubrics", str(j + 1), "is_addressed"] = rubric.reasoning
            for q, question in enumerate(case.completeness):
                for j, item in enumerate(question.content_list):
                    found[case.id, "items", _item_id(q, j), "is_covered"] = item.related_content_from_summary
        return found

    def to_dicts(self, dataset: Sequence[SummaryCase]) -> list[dict[str, Any]]:
        return [summary_case_to_dict(case) for case in dataset]

    def to_text(self, dataset: Sequence[SummaryCase]) -> str:
        return cases_to_text(dataset)


RAG_MATERIAL = RagMaterial()
SUMMARY_MATERIAL = SummaryMaterial()
MATERIALS: Mapping[str, Material] = MappingProxyType({m.name: m for m in (RAG_MATERIAL, SUMMARY_MATERIAL)})


def material_of(dataset: object, where: str = "room") -> Material:
    """The material of a room's dataset: RAG cases or summary cases; InputError for anything else."""
    for material in MATERIALS.values():
        if material.is_dataset(dataset):
            return material
    raise expected_value("room_dataset", type(dataset).__name__, where)

