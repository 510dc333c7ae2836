"""Label Studio: the labelling config our cases need, the tasks to import there, and its JSON export read back.

A team that labels in Label Studio gets two files: the labelling config (:func:`label_studio_config`, XML to
paste under the project's *Labeling Interface*) and the tasks (:func:`export_label_studio`, JSON to import).
The config shows the question, each retrieved passage with a *relevant* choice, the answer, each claim with a
*supported* and a *correct* choice and each reference fact with a *covered* choice: the four labels of the
RAG page, as single choices whose results are ``true`` or ``false`` (their ``alias``); a choice left empty is
not labelled. Passages, claims and facts are repeated over the task's lists with Label Studio's ``Repeater`` tag,
so one config fits cases of any size.

A task is ``{"data": <the case without its labels>, "annotations": [...], "predictions": [...]}``: its
``data`` is the case in the RAG format with every key but the labels and judge verdicts (so the case comes back
whole), the hand labels already given are one annotation (so labelling goes on where it stopped) and the judge
verdicts a prediction of ``model_version`` ``uncase-judge`` (Label Studio's place for a machine's suggestions,
never counted as an annotation).

Reading the project's JSON export (:func:`read_label_studio_cases`): each task's ``data`` is the case, and its
labels come from the last annotation that was not cancelled (``was_cancelled``); the other annotations, results
of other controls (a comment box the team added) and every other key of the task are kept and written back.
A result naming a passage, claim or fact the task does not have is refused with its place
(``[2].annotations[0].result[3].from_name``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from uncase_core.errors import InputError, Place, expected_one_of, expected_value, input_error, missing, problem
from uncase_core.rag.cases import (
    JUDGE_FIELDS,
    LABEL_FIELDS,
    UNIT_KINDS,
    RagCase,
    RagDataset,
    case_from_dict,
    case_to_dict,
)
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.rag.sources import (
    RECORD_KEYS,
    SOURCE_FILE_KEY,
    CaseImport,
    Progress,
    collector_paused,
    mapping_note,
    name_list,
    report_progress,
    tool_record,
    with_file,
)
from uncase_core.shared.jsonfiles import decode_text, dumps_json, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.notes import Note

LABEL_STUDIO_RECORD = RECORD_KEYS["label-studio"]
JUDGE_MODEL_VERSION = "uncase-judge"
CONFIG_LANGUAGES = ("en", "es")
# The object tag's name prefix of each unit kind, and each label's Choices control (named by the label): the unit
# kind it is on and that prefix, from the dimensions' records.
OBJECT_PREFIXES: Mapping[str, str] = MappingProxyType({"passages": "passage_", "claims": "claim_",
                                                     "reference_facts": "fact_"})
CONTROLS: Mapping[str, tuple[str, str]] = MappingProxyType({
    dimension.label: (dimension.unit, OBJECT_PREFIXES[dimension.unit]) for dimension in DIMENSIONS})
TRUE, FALSE = "true", "false"  # the choices' aliases: what a result holds
# The words the config shows, per language: headings, and each label's yes and no. They are the file format's too (a
# result holds the choice's words when the config gave no alias), so the reader knows them: a label without words
# here is shown and read by its own name ("on_topic", "not on_topic").
WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "en": MappingProxyType({
        "question": "Question", "passages": "Retrieved passages: is each one relevant to the question?",
        "answer": "Answer",
        "claims": "Claims of the answer: is each one supported by the passages? Is it correct against the reference?",
        "reference_facts": "Reference facts: is each one covered by the answer?",
        "relevant": "Relevant", "relevant.no": "Not relevant", "supported": "Supported",
        "supported.no": "Not supported", "correct": "Correct", "correct.no": "Incorrect", "covered": "Covered",
        "covered.no": "Not covered",
    }),
    "es": MappingProxyType({
        "question": "Pregunta", "passages": "Pasajes recuperados: ¿cada uno es relevante para la pregunta?",
        "answer": "Respuesta",
        "claims": "Afirmaciones de la respuesta: ¿cada una está respaldada por los pasajes? ¿Es correcta según la "
                  "referencia?",
        "reference_facts": "Hechos de referencia: ¿la respuesta cubre cada uno?",
        "relevant": "Relevante", "relevant.no": "No relevante", "supported": "Respaldada",
        "supported.no": "No respaldada", "correct": "Correcta", "correct.no": "Incorrecta", "covered": "Cubierto",
        "covered.no": "No cubierto",
    }),
})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "label_studio_not_tasks": "expected a list of Label Studio tasks (each with \"data\"), as its JSON export writes",
    "label_studio_no_unit": 'the result "{name}" is for {kind} number {number}, but the task has {count}',
    "label_studio_no_choice": "a single choice was expected, got {count}",
})


# ---------------------------------------------------------------- the config


def yes_word(words: Mapping[str, str], label: str) -> str:
    return words.get(label, label)


def no_word(words: Mapping[str, str], label: str) -> str:
    return words.get(f"{label}.no", f"not {label}")


def label_studio_config(language: str = "en") -> bytes:
    """The labelling config (XML, UTF-8) for tasks of :func:`export_label_studio`, its texts in ``language``."""
    if language not in CONFIG_LANGUAGES:
        raise expected_one_of(CONFIG_LANGUAGES, repr(language), "language")
    words = WORDS[language]
    view = ET.Element("View")

    def header(text: str) -> None:
        ET.SubElement(view, "Header", value=text)

    def choices(parent: ET.Element, label: str, to_name: str) -> None:
        group = ET.SubElement(parent, "Choices", name=f"{label}_{{{{idx}}}}", toName=to_name, choice="single",
                              showInline="true")
        ET.SubElement(group, "Choice", value=yes_word(words, label), alias=TRUE)
        ET.SubElement(group, "Choice", value=no_word(words, label), alias=FALSE)

    header(words["question"])
    ET.SubElement(view, "Text", name="question", value="$question")
    for kind in UNIT_KINDS:
        if kind == "claims":
            header(words["answer"])
            ET.SubElement(view, "Text", name="answer", value="$answer")
        header(words[kind])
        repeater = ET.SubElement(view, "Repeater", on=f"${kind}", indexFlag="{{idx}}")
        prefix = OBJECT_PREFIXES[kind]
        text_name = f"{prefix}{{{{idx}}}}"
        ET.SubElement(repeater, "Text", name=text_name, value=f"${kind}[{{{{idx}}}}].text")
        for label in LABEL_FIELDS[kind]:
            choices(repeater, label, text_name)
    ET.indent(view)
    return (ET.tostring(view, encoding="unicode") + "\n").encode("utf-8")


# ---------------------------------------------------------------- tasks out


def _results(case: RagCase, judge: bool) -> list[dict[str, Any]]:
    """The case's labels (or, ``judge``, its judge verdicts) as Label Studio choice results."""
    results = []
    for label, (kind, prefix) in CONTROLS.items():
        for index, unit in enumerate(case.units(kind)):
            value = unit.verdict(label) if judge else unit.label(label)
            if value is None:
                continue
            name = f"{label}_{index}"
            results.append({"id": name, "from_name": name, "to_name": f"{prefix}{index}", "type": "choices",
                            "value": {"choices": [TRUE if value else FALSE]}, "origin": "prediction" if judge
                            else "manual"})
    return results


def _task_data(case: RagCase) -> dict[str, Any]:
    data = case_to_dict(case)
    data.pop(LABEL_STUDIO_RECORD, None)
    data.pop(SOURCE_FILE_KEY, None)  # reading the tasks back, they came in Label Studio's file
    for kind in UNIT_KINDS:
        # labels go in the annotation and verdicts in the prediction; a verdict key without a verdict stays
        labels, verdicts = set(LABEL_FIELDS[kind]), set(JUDGE_FIELDS[kind])
        data[kind] = [{key: value for key, value in unit.items()
                       if key not in labels and not (key in verdicts and value is not None)} for unit in data[kind]]
    return data


def _task(case: RagCase) -> dict[str, Any]:
    record = tool_record(case, "label-studio") or {}
    fields = record.get("fields") if isinstance(record.get("fields"), Mapping) else {}
    task: dict[str, Any] = {**fields, "data": _task_data(case)}
    annotations = list(record.get("other_annotations") or []) if isinstance(record.get("other_annotations"), list) \
        else []
    labels = _results(case, judge=False)
    annotation = record.get("annotation") if isinstance(record.get("annotation"), Mapping) else None
    others = list(record.get("other_results") or []) if isinstance(record.get("other_results"), list) else []
    if labels or annotation is not None or others:
        position = record.get("annotation_index") if isinstance(record.get("annotation_index"), int) else \
            len(annotations)
        annotations.insert(min(position, len(annotations)), {**(annotation or {}), "result": labels + others})
    if annotations:
        task["annotations"] = annotations
    predictions = list(record.get("other_predictions") or []) if isinstance(record.get("other_predictions"), list) \
        else []
    verdicts = _results(case, judge=True)
    if verdicts:
        predictions.append({"model_version": JUDGE_MODEL_VERSION, "result": verdicts})
    if predictions:
        task["predictions"] = predictions
    order = record.get("order") if isinstance(record.get("order"), list) else None
    if order:
        task = {**{key: task[key] for key in order if key in task}, **task}
    return task


def export_label_studio(dataset: RagDataset) -> bytes:
    """The cases as Label Studio tasks (JSON, UTF-8) for the config of :func:`label_studio_config`."""
    with collector_paused():
        return dumps_json([_task(case) for case in dataset.cases]).encode("utf-8")


# ---------------------------------------------------------------- the export in


def _control(name: Any) -> tuple[str, int] | None:
    """``("relevant", 3)`` for the result name ``relevant_3``; None for a control that is not ours."""
    if not isinstance(name, str):
        return None
    label, _, number = name.rpartition("_")
    if label in CONTROLS and number.isdigit() and number.isascii():
        return label, int(number)
    return None


def _choice(result: Mapping[str, Any], label: str, where: str) -> bool | None:
    value = result.get("value")
    chosen = value.get("choices") if isinstance(value, Mapping) else None
    if not isinstance(chosen, list):
        raise missing("choices", f"{where}.value")
    if not chosen:
        return None
    if len(chosen) > 1:
        raise input_error(PROBLEMS, "label_studio_no_choice", f"{where}.value.choices", count=len(chosen))
    yes = {TRUE, *(yes_word(words, label) for words in WORDS.values())}
    no = {FALSE, *(no_word(words, label) for words in WORDS.values())}
    if chosen[0] in yes:
        return True
    if chosen[0] in no:
        return False
    raise expected_one_of((TRUE, FALSE), repr(chosen[0]), f"{where}.value.choices[0]")


def _apply(case: RagCase, results: Sequence[Any], where: str, judge: bool) -> tuple[RagCase, list[Any], set[str]]:
    """The case with the results' choices as labels (or judge verdicts); the results not ours, and their names."""
    units = {kind: list(case.units(kind)) for kind in UNIT_KINDS}
    others, names = [], set()
    for index, result in enumerate(results):
        at = f"{where}[{index}]"
        if not isinstance(result, Mapping):
            raise expected_value("object", type(result).__name__, at)
        control = _control(result.get("from_name"))
        if control is None or result.get("type", "choices") != "choices":
            others.append(result)
            names.add(str(result.get("from_name")))
            continue
        label, number = control
        kind = CONTROLS[label][0]
        if number >= len(units[kind]):
            raise input_error(PROBLEMS, "label_studio_no_unit", f"{at}.from_name", name=result["from_name"],
                              kind=kind, number=number, count=len(units[kind]))
        value = _choice(result, label, at)
        unit = units[kind][number]
        units[kind][number] = unit.with_verdict(label, value) if judge else unit.with_label(label, value)
    return replace(case, **{kind: tuple(found) for kind, found in units.items()}), others, names


def _task_case(task: Any, where: str, reader: _Reader) -> RagCase:
    if not isinstance(task, Mapping):
        raise expected_value("object", type(task).__name__, where)
    if "data" not in task:
        raise missing("data", where)
    case = case_from_dict(task["data"], f"{where}.data")
    unlabelled = {kind: tuple(replace(unit, labels=dict.fromkeys(LABEL_FIELDS[kind]),
                                      judge={key: None for key in unit.judge})  # only empty verdict keys are in data
                              for unit in case.units(kind)) for kind in UNIT_KINDS}
    case = replace(case, **unlabelled)
    record: dict[str, Any] = {"order": list(task),
                              "fields": {key: value for key, value in task.items()
                                         if key not in ("data", "annotations", "predictions")}}
    annotations = task.get("annotations") or []
    if not isinstance(annotations, list):
        raise expected_value("list", type(annotations).__name__, f"{where}.annotations")
    live = [index for index, item in enumerate(annotations)
            if isinstance(item, Mapping) and not item.get("was_cancelled")]
    if len(live) > 1:
        reader.several += 1
    if live:
        chosen = live[-1]
        annotation = annotations[chosen]
        results = annotation.get("result") or []
        if not isinstance(results, list):
            raise expected_value("list", type(results).__name__, f"{where}.annotations[{chosen}].result")
        case, others, names = _apply(case, results, f"{where}.annotations[{chosen}].result", judge=False)
        reader.other_names |= names
        record["annotation"] = {key: value for key, value in annotation.items() if key != "result"}
        record["annotation_index"] = chosen
        if others:
            record["other_results"] = others
        rest = [item for index, item in enumerate(annotations) if index != chosen]
    else:
        reader.unlabelled += 1
        rest = list(annotations)
    if rest:
        record["other_annotations"] = rest
    predictions = task.get("predictions") or []
    if not isinstance(predictions, list):
        raise expected_value("list", type(predictions).__name__, f"{where}.predictions")
    other_predictions = []
    for index, prediction in enumerate(predictions):
        if isinstance(prediction, Mapping) and prediction.get("model_version") == JUDGE_MODEL_VERSION \
                and isinstance(prediction.get("result"), list):
            case, others, _ = _apply(case, prediction["result"], f"{where}.predictions[{index}].result", judge=True)
            reader.verdicts += len(prediction["result"]) - len(others)
            if others:
                other_predictions.append({**prediction, "result": others})
        else:
            other_predictions.append(prediction)
    if other_predictions:
        record["other_predictions"] = other_predictions
    return replace(case, extra={**case.extra, LABEL_STUDIO_RECORD: record})


class _Reader:
    def __init__(self) -> None:
        self.several = 0
        self.unlabelled = 0
        self.verdicts = 0
        self.other_names: set[str] = set()


def read_label_studio_cases(data: bytes, source: str = "", progress: Progress | None = None,
                            limit: ReadLimit = UNLIMITED) -> CaseImport:
    """Read a Label Studio JSON export of tasks made by :func:`export_label_studio` (see the module's docstring); a
    file of more tasks than ``limit`` takes is refused before any becomes a case.

    Raises
    ------
    InputError
        Naming ``source`` and the task and result of the first problem.
    """
    try:
        text = decode_text(data)
        if not text.strip():
            raise problem("file_empty")
        document = parse_document(text, limit=limit)
        tasks = document.value if document.kind == "json" else [record for _, record in document.records]
        if not isinstance(tasks, list) or not tasks:
            raise input_error(PROBLEMS, "label_studio_not_tasks")
        check_rows(len(tasks), limit)
        places = [f"[{index}]" for index in range(len(tasks))] if document.kind == "json" \
            else [f"line {line}" for line, _ in document.records]
        reader = _Reader()
        cases, seen = [], {}
        for index, (task, where) in enumerate(zip(tasks, places, strict=True)):
            case = _task_case(task, where, reader)
            if case.id in seen:
                raise problem("duplicate_case_id", f"{where}.data.id", id=case.id, first=Place(seen[case.id]))
            seen[case.id] = f"{where}.data.id"
            cases.append(case)
            report_progress(progress, index + 1, len(tasks))
        notes = [Note.of("read_as", count=len(cases), format_name="Label Studio tasks", layout=document.kind),
                 mapping_note([("data", "case"), ("annotations", "hand_labels"),
                               (f"predictions ({JUDGE_MODEL_VERSION})", "judge_verdicts")])]
        if reader.several:
            notes.append(Note.of("label_studio_several", count=reader.several))
        if reader.unlabelled:
            notes.append(Note.of("label_studio_cancelled", count=reader.unlabelled))
        if reader.other_names:
            notes.append(Note.of("label_studio_other_results", names=name_list(sorted(reader.other_names))))
        if reader.verdicts:
            notes.append(Note.of("label_studio_verdicts", count=reader.verdicts, model_version=JUDGE_MODEL_VERSION))
        kept = sorted({key for case in cases for key in (tool_record(case, "label-studio") or {}).get("fields", {})})
        if kept:
            notes.append(Note.of("kept_fields", fields=name_list(kept)))
        return CaseImport(RagDataset(with_file(cases, "label-studio", "json"), "jsonl"), "label-studio", document.kind,
                          tuple(notes))
    except InputError as error:
        raise error.located(source) if source and not error.source else error from None


# ---------------------------------------------------------------- the format's record (uncase_core/rag/tools.py)

def read_file(data: bytes, name: str = "", *, variables: Mapping[str, str | None] | None = None,
              progress: Progress | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """:func:`read_label_studio_cases` in the shape every format's module has (``variables`` is promptfoo's)."""
    return read_label_studio_cases(data, name, progress, limit)


def write_file(dataset: RagDataset, *, kind: str = "json", layout: str | None = None, delimiter: str = ",",
               spreadsheet: bool = False) -> bytes:
    """:func:`export_label_studio` in the shape every format's module has (one kind: a JSON list of tasks)."""
    return export_label_studio(dataset)


# ---------------------------------------------------------------- which files are this format's (rag/tools.py)


def claims_record(record: Mapping[str, Any]) -> bool:
    """A Label Studio task: its texts under ``data``."""
    return isinstance(record.get("data"), Mapping)
