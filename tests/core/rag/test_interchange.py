"""Cases in and out of RAGAS, DeepEval, promptfoo and Label Studio (issue 23): read, label, write back, read again.

The fixtures are in tests/data/interchange (their README says who wrote each one: DeepEval's own save_as, pandas
as RAGAS users save results, promptfoo's and Label Studio's documented output shapes).
"""

from __future__ import annotations

import io
import json
import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, case_to_dict, dataset_from_bytes
from uncase_core.rag.deepeval import export_deepeval
from uncase_core.rag.evaluation import METRIC_UNITS, evaluate_case
from uncase_core.rag.interchange import detect_format, export_case_json, export_cases, read_cases
from uncase_core.rag.label_studio import export_label_studio, label_studio_config
from uncase_core.rag.promptfoo import guess_promptfoo_vars, promptfoo_var_keys, shape_of
from uncase_core.rag.ragas_files import export_ragas, score_dimension
from uncase_core.rag.sources import (
    INTERCHANGE_NOTES,
    RECORD_KEYS,
    SOURCE_FILE_KEY,
    hand_shares,
    judge_scores,
)

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "interchange"
PROMPTFOO_VARS = {"question": "query", "context": "context", "reference": "expected", "answer": None}
# (file, format, cases, the first question)
FIXTURES = [
    ("ragas_results_en.jsonl", "ragas", 3, "How long does a refund take?"),
    ("ragas_results_en.csv", "ragas", 3, "How long does a refund take?"),
    ("ragas_results_en.parquet", "ragas", 3, "How long does a refund take?"),
    ("ragas_results_es.jsonl", "ragas", 2, "¿Cuánto tarda un reembolso?"),
    ("ragas_results_es.csv", "ragas", 2, "¿Cuánto tarda un reembolso?"),
    ("ragas_results_es.parquet", "ragas", 2, "¿Cuánto tarda un reembolso?"),
    *((f"ragas_dataset_{lang}.{kind}", "ragas", 2, question) for lang, question in (
        ("en", "How long does a refund take?"), ("es", "¿Cuánto tarda un reembolso?")) for kind in ("jsonl", "csv",
                                                                                                    "parquet")),
    ("hf_dataset_en.parquet", "ragas", 2, "How long does a refund take?"),
    ("hf_dataset_es.parquet", "ragas", 2, "¿Cuánto tarda un reembolso?"),
    ("deepeval_goldens_en.json", "deepeval", 2, "How long does a refund take?"),
    ("deepeval_goldens_en.csv", "deepeval", 2, "How long does a refund take?"),
    ("deepeval_goldens_en.jsonl", "deepeval", 2, "How long does a refund take?"),
    ("deepeval_goldens_es.json", "deepeval", 2, "¿Cuánto tarda un reembolso?"),
    ("deepeval_goldens_es.csv", "deepeval", 2, "¿Cuánto tarda un reembolso?"),
    ("deepeval_goldens_es.jsonl", "deepeval", 2, "¿Cuánto tarda un reembolso?"),
    ("deepeval_api_goldens_es.json", "deepeval", 2, "¿Cuánto tarda un reembolso?"),
    ("deepeval_test_run_en.json", "deepeval", 2, "How long does a refund take?"),
    ("promptfoo_results_en.json", "promptfoo", 3, "How long does a refund take?"),
    ("promptfoo_results_es.json", "promptfoo", 2, "¿Cuánto tarda un reembolso?"),
    ("label_studio_export_en.json", "label-studio", 3, "How long does a refund take?"),
    ("label_studio_export_es.json", "label-studio", 2, "¿Cuánto tarda un reembolso?"),
]


def read(name: str, **kwargs):
    variables = PROMPTFOO_VARS if name.startswith("promptfoo") else None
    return read_cases((DATA / name).read_bytes(), name, variables=variables, **kwargs)


def error_of(data: bytes, name: str = "f.json", **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        read_cases(data, name, **kwargs)
    return caught.value


def labelled(dataset: RagDataset) -> RagDataset:
    """Every unit labelled (alternating yes and no, the last of each kind left unlabelled) and one judge verdict."""
    cases = []
    for case in dataset.cases:
        for kind in UNIT_KINDS:
            units = []
            for index, unit in enumerate(case.units(kind)):
                for label in LABEL_FIELDS[kind]:
                    unit = unit.with_label(label, None if index == len(case.units(kind)) - 1 and index else
                                           index % 2 == 0)
                units.append(unit)
            if kind == "claims" and units:
                units[0] = units[0].with_verdict("supported", True)
            case = case.with_units(kind, tuple(units))
        cases.append(case)
    return replace(dataset, cases=tuple(cases))


def unmarked(cases):
    """The cases without the kind of file each came in (their ``source_file``): what differs
    when cases read from one kind of file are written as another and read back."""
    return tuple(replace(case, extra={key: value for key, value in case.extra.items() if key != SOURCE_FILE_KEY})
                 for case in cases)


@pytest.mark.parametrize(("name", "fmt", "count", "question"), FIXTURES)
def test_each_fixture_is_detected_and_read(name, fmt, count, question):
    data = (DATA / name).read_bytes()
    assert detect_format(data, name) == fmt
    imported = read(name)
    assert imported.format == fmt and len(imported.dataset.cases) == count
    assert imported.dataset.cases[0].question == question
    assert imported.dataset.cases[0].passages and imported.dataset.cases[0].claims
    texts = [note["text"] for note in imported.notes_to_dicts()]
    assert texts[0].startswith("read as CSV") or texts[0].startswith(f"read {count} cases")
    assert all(note.code in INTERCHANGE_NOTES for note in imported.notes)
    if fmt != "label-studio":  # only Label Studio brings hand labels
        assert all(unit.label(label) is None for case in imported.dataset.cases for kind in UNIT_KINDS
                   for unit in case.units(kind) for label in LABEL_FIELDS[kind])


@pytest.mark.parametrize(("name", "target", "layout"), [
    ("ragas_results_en.jsonl", "ragas", "jsonl"), ("ragas_results_es.jsonl", "ragas", "jsonl"),
    ("ragas_results_en.csv", "ragas", "csv"), ("ragas_results_es.csv", "ragas", "csv"),
    ("ragas_results_en.parquet", "ragas", "jsonl"), ("ragas_results_es.parquet", "ragas", "csv"),
    ("deepeval_goldens_en.json", "deepeval", None), ("deepeval_goldens_es.json", "deepeval", None),
    ("deepeval_goldens_en.csv", "deepeval", None), ("deepeval_goldens_es.jsonl", "deepeval", None),
    ("deepeval_api_goldens_es.json", "deepeval", None), ("deepeval_test_run_en.json", "deepeval", None),
    ("label_studio_export_en.json", "label-studio", None), ("label_studio_export_es.json", "label-studio", None),
    ("ragas_results_es.jsonl", "label-studio", None), ("deepeval_goldens_en.json", "label-studio", None),
])
def test_imported_labelled_exported_and_imported_back_unchanged(name, target, layout):
    labelled_cases = labelled(read(name).dataset)
    written = export_cases(labelled_cases, target, layout)
    back = read_cases(written, f"back.{layout or 'json'}")
    assert back.format == target
    if target == "label-studio" and not name.startswith("label_studio"):  # Label Studio's record is new
        key = RECORD_KEYS["label-studio"]
        back_cases = tuple(replace(case, extra={k: v for k, v in case.extra.items() if k != key})
                           for case in back.dataset.cases)
        assert unmarked(back_cases) == unmarked(labelled_cases.cases)
    else:  # written as another kind of file than it came in (Parquet as JSON Lines...), it is read back as that one
        assert unmarked(back.dataset.cases) == unmarked(labelled_cases.cases)
    assert export_cases(back.dataset, target, layout) == written  # and the file is the same the second time


@pytest.mark.parametrize("name", ["promptfoo_results_en.json", "promptfoo_results_es.json"])
def test_promptfoo_cases_go_out_as_case_json_with_the_grades(name):
    cases = labelled(read(name).dataset)
    back = dataset_from_bytes(export_case_json(cases), "cases.json")
    assert back.cases == cases.cases
    scores = judge_scores(back.cases[0])
    assert [(score.metric, score.dimension, score.score, score.passed) for score in scores] == [
        ("context-faithfulness", "faithfulness", 0.5, False), ("context-recall", "coverage", 1.0, True),
        ("factuality", "correctness", 1.0, True), ("overall", None, pytest.approx(5 / 6), False)]


def test_hand_labels_go_to_ragas_as_added_columns_and_the_scores_stay():
    cases = labelled(read("ragas_results_en.jsonl").dataset)
    rows = [json.loads(line) for line in export_ragas(cases).decode().splitlines()]
    original = [json.loads(line) for line in (DATA / "ragas_results_en.jsonl").read_text().splitlines()]
    for row, source, case in zip(rows, original, cases.cases, strict=True):
        assert list(row)[:len(source)] == list(source)  # every column, in its place
        assert {key: row[key] for key in source} == source  # scores (null where undetermined) and kept columns
        assert list(row)[len(source):] == ["hand_labels", "hand_context_relevance", "hand_faithfulness",
                                           "hand_correctness", "hand_coverage"]
        assert row["hand_labels"]["claims"][0]["supported"] is True
        assert row["hand_labels"]["claims"][0]["judge_supported"] is True
        metrics = evaluate_case(case).metrics
        for dimension in METRIC_UNITS:
            assert row[f"hand_{dimension}"] == metrics[dimension].value
    assert hand_shares(cases.cases[0])["hand_context_relevance"] == 1.0  # passage 1 yes, passage 2 unlabelled


SCORED = [name for name, *_ in FIXTURES if "goldens" not in name and "_dataset_" not in name]  # files with scores
EXPORTS = {"ragas.jsonl": lambda d: export_ragas(d, "jsonl"), "ragas.csv": lambda d: export_ragas(d, "csv"),
           "deepeval.json": export_deepeval, "label-studio.json": export_label_studio}


@pytest.mark.parametrize("target", list(EXPORTS))
@pytest.mark.parametrize("name", SCORED)
def test_judge_scores_survive_a_trip_through_any_other_tool(name, target):
    """A file's judge scores (metric, dimension, score, verdict, threshold, reason) come back whole from every
    target, the tool's own or another's, and a second trip writes the same file (issue 23: nothing is lost)."""
    dataset = read(name).dataset
    expected = [judge_scores(case) for case in dataset.cases]
    assert any(expected), name
    first = EXPORTS[target](dataset)
    back = read_cases(first, f"back.{target.split('.')[-1]}").dataset
    assert [judge_scores(case) for case in back.cases] == expected
    assert EXPORTS[target](back) == first


def test_another_tools_scores_go_to_one_judge_scores_cell_in_ragas_and_to_metrics_data_in_deepeval():
    dataset = read("promptfoo_results_en.json").dataset
    row = json.loads(export_ragas(dataset, "jsonl").decode("utf-8").splitlines()[0])
    assert "context-recall" not in row  # a bare column would come back as a kept column, not a score
    assert [item["metric"] for item in row["judge_scores"]] == [s.metric for s in judge_scores(dataset.cases[0])]
    record = json.loads(export_deepeval(dataset))[0]
    assert {item["name"]: item["dimension"] for item in record["metrics_data"]} == {
        s.metric: s.dimension for s in judge_scores(dataset.cases[0])}


@pytest.mark.parametrize(("cell", "place"), [
    ("[{", "line 2: judge_scores"),
    ('{"metric": "x"}', "line 2: judge_scores"),
    ('[{"metric": "x", "dimension": "tone"}]', "line 2: judge_scores[0].dimension"),
    ('[{"metric": "x", "dimension": "faithfulness", "score": 3}]', "line 2: judge_scores[0].score"),
])
def test_a_bad_judge_scores_cell_is_refused_with_its_place(cell, place):
    header = "user_input,response,judge_scores\n"
    line = 'q,a,"' + cell.replace('"', '""') + '"\n'
    error = error_of((header + line).encode("utf-8"), "f.csv")
    assert place in str(error), str(error)


def test_judge_scores_are_beside_the_cases_never_labels():
    imported = read("ragas_results_en.parquet")
    first = imported.dataset.cases[0]
    assert {score.metric: score.score for score in imported.judge[first.id]} == {
        "faithfulness": 0.5, "context_precision": 1.0, "context_recall": 1.0, "factual_correctness(mode=f1)": 0.67,
        "answer_relevancy": 0.91}
    assert {score.metric: score.dimension for score in imported.judge[first.id]}["context_precision"] == \
        "context_relevance"
    second = imported.judge[imported.dataset.cases[1].id]
    assert next(score for score in second if score.metric == "context_recall").score is None  # NaN: not determined
    assert all(metric.total == 0 for metric in evaluate_case(first).metrics.values())  # no hand label counted
    assert imported.kept[first.id] == {"run": "ci-1234"}


def test_deepeval_metric_scores_are_judge_scores():
    imported = read("deepeval_test_run_en.json")
    scores = imported.judge[imported.dataset.cases[1].id]
    assert [(s.metric, s.dimension, s.score, s.passed, s.threshold) for s in scores] == [
        ("Faithfulness", "faithfulness", 0.4, False, 0.5),
        ("Contextual Relevancy", "context_relevance", 0.5, True, 0.5),
        ("Correctness [GEval]", "correctness", 0.8, True, 0.5)]
    assert imported.dataset.cases[0].id == "test_case_0"
    assert imported.dataset.cases[0].metadata == {"language": "en", "domain": "retail"}
    ignored = next(note for note in imported.notes if note.code == "ignored_keys")
    assert "testFile" in ignored.params["keys"] and "metricsScores" in ignored.params["keys"]


def test_the_deepeval_layouts_read_to_the_same_cases():
    by_layout = [read(f"deepeval_goldens_es.{ext}").dataset.cases for ext in ("json", "csv", "jsonl")]
    essentials = [[(c.id, c.question, c.answer, [u.text for u in c.passages], c.metadata) for c in cases]
                  for cases in by_layout]
    assert essentials[0] == essentials[1] == essentials[2]
    assert essentials[0][0][3] == ["Los reembolsos se emiten dentro de los 14 días posteriores a la devolución.",
                                   "Las tiendas abren a las 9."]


def test_deepeval_keeps_its_spelling():
    camel = json.loads(export_deepeval(read("deepeval_api_goldens_es.json").dataset))
    assert list(camel[0])[:5] == ["input", "actualOutput", "expectedOutput", "context", "retrievalContext"]
    snake = json.loads(export_deepeval(read("deepeval_api_goldens_es.json").dataset, "snake"))
    assert "actual_output" in snake[0] and "actualOutput" not in snake[0]
    source = json.loads((DATA / "deepeval_goldens_en.json").read_text())
    written = json.loads(export_deepeval(read("deepeval_goldens_en.json").dataset))
    assert [{key: record[key] for key in source[0]} for record in written] == source  # same keys, same values


def test_a_case_from_elsewhere_is_written_as_save_as_writes():
    case = read("promptfoo_results_en.json").dataset.cases[0]
    record = json.loads(export_deepeval(RagDataset((case,))))[0]
    assert list(record)[:6] == ["input", "actual_output", "expected_output", "retrieval_context", "context", "name"]
    assert record["retrieval_context"] == [unit.text for unit in case.passages] and record["name"] == case.id


def test_the_parquet_file_reads_as_its_jsonl_twin():
    assert unmarked(read("ragas_results_en.parquet").dataset.cases) == \
        unmarked(read("ragas_results_en.jsonl").dataset.cases)


def test_label_studio_labels_come_from_the_last_live_annotation_and_the_rest_is_kept():
    imported = read("label_studio_export_en.json")
    case = imported.dataset.cases[0]
    assert [unit.label("relevant") for unit in case.passages] == [True, False]
    assert [unit.label("correct") for unit in case.claims] == [True, True]
    assert imported.dataset.cases[1].claims[0].label("supported") is True  # the cancelled annotation is not read
    codes = [note.code for note in imported.notes]
    assert "label_studio_other_results" in codes and "kept_fields" in codes
    tasks = json.loads(export_label_studio(imported.dataset))
    source = json.loads((DATA / "label_studio_export_en.json").read_text())
    assert [task["id"] for task in tasks] == [task["id"] for task in source]
    assert tasks[0]["annotations"][0]["result"][-1]["from_name"] == "comment"  # the team's comment box is kept
    assert tasks[1]["annotations"][1]["was_cancelled"] is True
    assert {key: tasks[0]["annotations"][0][key] for key in ("id", "completed_by", "lead_time")} == \
        {key: source[0]["annotations"][0][key] for key in ("id", "completed_by", "lead_time")}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_label_studio_config_shows_every_unit_with_our_choices(language):
    view = ET.fromstring(label_studio_config(language))
    repeaters = view.findall("Repeater")
    assert [repeater.get("on") for repeater in repeaters] == ["$passages", "$claims", "$reference_facts"]
    names = {choices.get("name") for choices in view.iter("Choices")}
    assert names == {"relevant_{{idx}}", "supported_{{idx}}", "correct_{{idx}}", "covered_{{idx}}"}
    texts = {text.get("name") for text in view.iter("Text")}
    for choices in view.iter("Choices"):
        assert choices.get("toName") in texts and choices.get("choice") == "single"
        assert [choice.get("alias") for choice in choices] == ["true", "false"]
    headers = [header.get("value") for header in view.iter("Header")]
    assert headers[0] == ("Question" if language == "en" else "Pregunta")


def test_label_studio_tasks_carry_labels_as_an_annotation_and_verdicts_as_a_prediction():
    cases = labelled(read("ragas_results_es.jsonl").dataset)
    task = json.loads(export_label_studio(cases))[0]
    assert "relevant" not in task["data"]["passages"][0] and "supported" not in task["data"]["claims"][0]
    results = {result["from_name"]: result["value"]["choices"] for result in task["annotations"][0]["result"]}
    assert results["relevant_0"] == ["true"] and results["supported_0"] == ["true"] and "relevant_1" not in results
    assert sorted(results) == ["correct_0", "covered_0", "relevant_0", "supported_0"]
    assert task["predictions"] == [{"model_version": "uncase-judge", "result": [
        {"id": "supported_0", "from_name": "supported_0", "to_name": "claim_0", "type": "choices",
         "value": {"choices": ["true"]}, "origin": "prediction"}]}]


def test_promptfoo_vars_are_listed_guessed_and_required():
    data = (DATA / "promptfoo_results_en.json").read_bytes()
    keys = promptfoo_var_keys(data)
    assert keys == ("query", "context", "expected") and shape_of(keys) == "context,expected,query"
    assert guess_promptfoo_vars(keys) == PROMPTFOO_VARS
    assert guess_promptfoo_vars(["Pregunta", "contexto", "gold"]) == {"question": "Pregunta", "context": "contexto",
                                                                       "reference": "gold", "answer": None}
    assert guess_promptfoo_vars(["a", "b"]) == {"question": None, "context": None, "reference": None, "answer": None}
    error = error_of(data, "r.json")
    assert error.code == "promptfoo_needs_vars_guess" and "query, context, expected" in str(error)
    assert "--question-var query" in str(error)
    error = error_of(data, "r.json", variables={"question": "q"})
    assert error.code == "promptfoo_unknown_var" and "query, context, expected" in str(error)
    error = error_of(data, "r.json", variables={"question": "query", "reference": "query"})
    assert error.code == "promptfoo_same_var"


def test_a_promptfoo_result_without_the_chosen_question_is_refused_with_its_place():
    document = json.loads((DATA / "promptfoo_results_es.json").read_text())
    del document["results"]["results"][1]["vars"]["query"]
    error = error_of(json.dumps(document).encode(), "r.json", variables=PROMPTFOO_VARS)
    assert str(error) == 'r.json: results.results[1].vars: missing the vars key "query" (chosen as the question)'


@pytest.mark.parametrize("role", ["reference", "context"])
def test_a_promptfoo_test_without_the_reference_or_context_var_has_none(role):
    # vars are per test in promptfoo: one test without the reference has no reference, the others keep theirs.
    document = json.loads((DATA / "promptfoo_results_es.json").read_text())
    del document["results"]["results"][1]["vars"][PROMPTFOO_VARS[role]]
    whole = read_cases((DATA / "promptfoo_results_es.json").read_bytes(), "r.json", variables=PROMPTFOO_VARS)
    cases = read_cases(json.dumps(document).encode(), "r.json", variables=PROMPTFOO_VARS).dataset.cases
    units = "reference_facts" if role == "reference" else "passages"
    assert getattr(cases[1], units) == ()
    assert getattr(whole.dataset.cases[1], units) != ()
    assert getattr(cases[0], units) == getattr(whole.dataset.cases[0], units)


def test_a_deepeval_file_without_input_is_refused_with_its_place():
    records = json.loads((DATA / "deepeval_goldens_en.json").read_text())
    del records[1]["input"]
    error = error_of(json.dumps(records).encode(), "goldens.json", fmt="deepeval")
    assert str(error) == 'goldens.json: [1]: missing "input"'
    lines = (DATA / "deepeval_goldens_es.jsonl").read_text().splitlines()
    lines[1] = json.dumps({key: value for key, value in json.loads(lines[1]).items() if key != "input"})
    assert str(error_of("\n".join(lines).encode(), "g.jsonl", fmt="deepeval")) == 'g.jsonl: line 2: missing "input"'
    conversational = json.dumps([{"scenario": "A refund", "turns": [], "expected_outcome": "paid"}]).encode()
    assert error_of(conversational, "c.json").code == "deepeval_conversational"
    both = json.dumps([{"input": "q", "actual_output": "a", "actualOutput": "b"}]).encode()
    assert str(error_of(both, "b.json")) == 'b.json: [0]: both "actual_output" and "actualOutput" are given; keep one'


@pytest.mark.parametrize(("data", "name", "fmt", "message"), [
    (b'{"user_input": "q", "faithfulness": Infinity}\n{"user_input": "r"}\n', "r.jsonl", "ragas",
     "r.jsonl: line 1: faithfulness: expected a finite number, got inf"),
    (b'[{"user_input": "q", "faithfulness": 1.5}]', "r.json", "ragas",
     "r.json: [0].faithfulness: expected a score from 0 to 1, got 1.5"),
    (b'[{"user_input": "q", "run": {"x": [1, NaN]}}]', "r.json", "ragas",
     "r.json: [0].run.x[1]: NaN is not a JSON number (write null for a missing value)"),
    (b'[{"input": "q", "metricsData": [{"name": "Faithfulness", "score": NaN}]}]', "d.json", "deepeval",
     "d.json: [0].metricsData[0].score: NaN is not a JSON number (write null for a missing value)"),
    (b'{"results": {"results": [{"vars": {"q": "x"}, "score": -Infinity}]}}', "p.json", "promptfoo",
     "p.json: results.results[0].score: -Infinity (or a number beyond -1.8e308) is not a JSON number; write a "
     "finite number or null"),
])
def test_non_finite_numbers_are_refused_with_their_place(data, name, fmt, message):
    variables = {"question": "q"} if fmt == "promptfoo" else None
    assert str(error_of(data, name, fmt=fmt, variables=variables)) == message


def test_an_infinite_number_in_parquet_is_refused_with_its_row_and_column():
    buffer = io.BytesIO()
    pq.write_table(pa.table({"user_input": ["a", "b"], "faithfulness": [0.5, math.inf]}), buffer)
    assert str(error_of(buffer.getvalue(), "r.parquet")) == \
        "r.parquet: [1].faithfulness: an infinite number (inf) cannot be kept; write a finite number or leave the " \
        "cell empty"


def test_parquet_columns_a_case_file_cannot_keep_are_refused_by_name():
    buffer = io.BytesIO()
    pq.write_table(pa.table({"user_input": ["a"], "when": pa.array([0], pa.timestamp("s"))}), buffer)
    error = error_of(buffer.getvalue(), "r.parquet")
    assert error.code == "parquet_column_type" and '"when"' in str(error) and "timestamp" in str(error)
    assert error_of(b"PAR1 not really PAR1", "x.parquet").code == "parquet_unreadable"


def test_parquet_nan_in_any_number_column_is_empty_and_said():
    buffer = io.BytesIO()
    pq.write_table(pa.table({"user_input": ["a", "b"], "faithfulness": [math.nan, 0.5], "cost": [1.0, math.nan]}),
                   buffer)
    imported = read_cases(buffer.getvalue(), "r.parquet")
    assert imported.judge["ragas-001"][0].score is None and imported.kept["ragas-002"] == {"cost": None}
    note = next(note for note in imported.notes if note.code == "nan_scores")
    assert note.params == {"count": 2, "columns": "faithfulness, cost"}


@pytest.mark.parametrize(("data", "message"), [
    (b'{"project": 3, "title": "x"}', "found a JSON object with the keys project, title"),
    (b'[{"messages": "a", "completion": "b"}]', "found records with the keys messages, completion"),
    (b"[]", "found an empty list"),
    (b"[1, 2]", "found a single value, not records"),
    (b"messages,completion\na,b\n", "found a CSV file with the columns messages, completion"),
])
def test_a_file_of_no_known_format_says_what_it_found(data, message):
    error = error_of(data, "x.json")
    assert str(error) == ("x.json: not a file of a known format (RAGAS rows as JSONL, JSON, CSV or Parquet; DeepEval "
                          "test cases or goldens as JSON, JSONL or CSV; promptfoo results JSON; Label Studio tasks "
                          f"JSON); {message}")


def test_a_file_of_another_page_is_named():
    conversation = Path(__file__).resolve().parents[3].joinpath("assets/conversations/en/good.json").read_bytes()
    error = error_of(conversation, "good.json")
    assert error.code == "wrong_module_format" and "this looks like synthetic conversations" in str(error)
    assert error_of(b"candidate,prompt,item,judge,run,verdict\n", "v.csv").code == "wrong_module_format"


def test_our_own_case_file_is_pointed_to_the_rag_page():
    data = Path(__file__).resolve().parents[3].joinpath("assets/rag/en/all_good.json").read_bytes()
    assert error_of(data, "all_good.json").code == "interchange_rag_cases"
    assert error_of(data, "x.json", fmt="ragsa").code == "interchange_unknown_format"


def test_label_studio_results_for_missing_units_and_bad_choices_are_refused():
    tasks = json.loads((DATA / "label_studio_export_es.json").read_text())
    tasks[1]["annotations"][0]["result"][0]["from_name"] = "relevant_7"
    error = error_of(json.dumps(tasks).encode(), "ls.json")
    assert str(error) == 'ls.json: [1].annotations[0].result[0].from_name: the result "relevant_7" is for passages ' \
                         "number 7, but the task has 1"
    tasks = json.loads((DATA / "label_studio_export_es.json").read_text())
    tasks[0]["annotations"][0]["result"][0]["value"]["choices"] = ["maybe"]
    assert str(error_of(json.dumps(tasks).encode(), "ls.json")) == \
        "ls.json: [0].annotations[0].result[0].value.choices[0]: expected one of true, false, got 'maybe'"
    tasks[0]["annotations"][0]["result"][0]["value"]["choices"] = ["No relevante"]  # the visible Spanish choice
    assert read_cases(json.dumps(tasks).encode(), "ls.json").dataset.cases[0].passages[0].label("relevant") is False


def test_wrong_shapes_are_refused_with_their_place():
    assert str(error_of(b'[{"user_input": ["a", "b"]}]', "r.json", fmt="ragas")) == \
        "r.json: [0].user_input: expected text, got list"
    assert str(error_of(b'[{"input": "q", "retrieval_context": "one"}]', "d.json", fmt="deepeval")) == \
        "d.json: [0].retrieval_context: expected a list of texts, got str"
    assert str(error_of(b'[{"data": {"question": "q"}}]', "ls.json")) == 'ls.json: [0].data: missing "id"'
    assert str(error_of(b'{"results": {"results": [{"vars": {"q": 3}}]}}', "p.json",
                        variables={"question": "q"})) == "p.json: results.results[0].vars.q: expected text, got int"
    assert error_of(b'{"results": {"results": []}}', "p.json", fmt="promptfoo").code == "promptfoo_no_results"
    hand = b'[{"user_input": "q", "hand_labels": {"passages": [{"id": "p1", "text": "a", "relevant": "yes"}]}}]'
    assert str(error_of(hand, "r.json")) == \
        'r.json: [0].hand_labels.passages[0].relevant: expected true, false or null, got "yes"'


def test_progress_is_reported_up_to_the_total():
    rows = "".join(json.dumps({"user_input": f"q{i}", "response": "A. B."}) + "\n" for i in range(2500))
    calls = []
    read_cases(rows.encode(), "r.jsonl", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1000, 2500), (2000, 2500), (2500, 2500)]


@pytest.mark.parametrize("column", ["faithfulness", "factual_correctness(mode=f1)", "context_recall",
                                    "llm_context_precision_with_reference", "answer_relevancy", "run", "user_input"])
def test_score_columns_are_known_by_their_metric(column):
    expected = {"faithfulness": (True, "faithfulness"), "factual_correctness(mode=f1)": (True, "correctness"),
                "context_recall": (True, "coverage"), "llm_context_precision_with_reference": (True,
                                                                                               "context_relevance"),
                "answer_relevancy": (True, None), "run": (False, None), "user_input": (False, None)}
    assert score_dimension(column) == expected[column]


def test_a_case_edited_here_is_written_with_its_new_texts():
    dataset = read("ragas_results_en.csv").dataset
    case: RagCase = dataset.cases[0]
    edited = replace(case, question="How long, exactly?", passages=case.passages[:1],
                     metadata={**case.metadata, "language": "en"})
    rows = export_ragas(replace(dataset, cases=(edited,)), "csv").decode().splitlines()
    header = rows[0].split(",")
    assert header[:4] == ["user_input", "retrieved_contexts", "response", "reference"] and "language" in header
    back = read_cases(export_ragas(replace(dataset, cases=(edited,)), "csv"), "e.csv").dataset.cases[0]
    assert back.question == "How long, exactly?" and [u.text for u in back.passages] == [case.passages[0].text]
    assert back.metadata["language"] == "en"
    assert case_to_dict(back)["ragas_row"]["fields"] == {"run": "ci-1234"}


def test_the_judge_page_reads_the_scores_the_cases_came_with():
    from uncase_core.judge.imports import compare_ragas, stored_case_scores

    cases = labelled(read("ragas_results_en.csv").dataset)
    scores = stored_case_scores(cases)
    assert dict(scores.columns) == {"context_relevance": "context_precision", "faithfulness": "faithfulness",
                                    "correctness": "factual_correctness(mode=f1)", "coverage": "context_recall"}
    assert scores.scores["coverage"] == (1.0, None, 1.0)
    comparison = compare_ragas(cases.cases, scores, "faithfulness")
    assert comparison.column == "faithfulness" and comparison.report.dimension == "faithfulness"
    promptfoo = stored_case_scores(read("promptfoo_results_es.json").dataset)
    assert dict(promptfoo.columns) == {"faithfulness": "context-faithfulness", "correctness": "factuality",
                                       "coverage": "context-recall"}


def test_a_promptfoo_answer_can_come_from_a_var_and_echo_is_named():
    """Issue 38: with promptfoo's echo provider, response.output is the rendered prompt ("Question: ...") and was
    always read as the answer. The answer may now be a var; reading echo's output as the answer says what it is."""
    source = json.loads((DATA / "promptfoo_results_en.json").read_text(encoding="utf-8"))
    for result in source["results"]["results"]:
        result["provider"] = {"id": "echo", "label": "echo"}
        result["vars"]["answer"] = "A refund takes 14 days. It goes back to the card."
        result["response"]["output"] = f"Question: {result['vars']['query']}\nContext: {result['vars']['context']}"
    data = json.dumps(source).encode("utf-8")
    as_output = read_cases(data, "echo.json", variables={"question": "query", "context": "context"})
    assert as_output.dataset.cases[0].claims[0].text.startswith("Question:")
    assert "promptfoo_echo" in [note.code for note in as_output.notes]
    chosen = read_cases(data, "echo.json", variables={"question": "query", "context": "context", "answer": "answer"})
    case = chosen.dataset.cases[0]
    assert case.answer == "A refund takes 14 days. It goes back to the card."
    assert [claim.text for claim in case.claims] == ["A refund takes 14 days.", "It goes back to the card."]
    codes = [note.code for note in chosen.notes]
    assert "promptfoo_echo" not in codes
    mapped = next(note for note in chosen.notes if note.code == "mapped")
    assert ("vars.answer", "answer") in [tuple(pair) for pair in mapped.params["pairs"]]
    kept = case.extra[RECORD_KEYS["promptfoo"]]["fields"]
    assert kept["response"]["output"].startswith("Question:")  # the provider's output is kept as it was
    assert "answer" not in kept["vars"]
    error = error_of(data, "echo.json", variables={"question": "query", "answer": "nope"})
    assert error.code == "promptfoo_unknown_var" and "(chosen as the answer)" in str(error)
