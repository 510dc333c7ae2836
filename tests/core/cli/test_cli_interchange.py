"""``python -m uncase_core import-cases`` and ``export-cases``: other tools' files in as JSONL cases, and back out."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd
import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.rag.cases import dataset_from_text

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "interchange"
PROMPTFOO = ["--question-var", "query", "--context-var", "context", "--reference-var", "expected"]


def ok(capsys, *args: object) -> tuple[str, str]:
    code = run([str(arg) for arg in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


def bad(capsys, *args: object) -> str:
    try:
        code = run([str(arg) for arg in args])
    except SystemExit as stop:  # argparse usage errors
        code = stop.code
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err
    return err.rstrip("\n")


@pytest.mark.parametrize(("name", "count"), [
    ("ragas_results_en.parquet", 3), ("ragas_results_es.csv", 2), ("ragas_results_en.jsonl", 3),
    ("deepeval_goldens_es.csv", 2), ("deepeval_test_run_en.json", 2), ("promptfoo_results_es.json", 2),
    ("label_studio_export_en.json", 3),
])
def test_import_cases_writes_jsonl_cases_and_notes(capsys, name, count):
    extra = PROMPTFOO if name.startswith("promptfoo") else []
    out, err = ok(capsys, "import-cases", DATA / name, *extra)
    dataset = dataset_from_text(out, "stdout.jsonl")
    assert len(dataset.cases) == count and len(out.splitlines()) == count
    assert err and all(line.startswith(f"note: {DATA / name}: ") for line in err.splitlines())
    assert f"read {count} cases from" in err


def test_the_format_can_be_named(capsys):
    out, _ = ok(capsys, "import-cases", DATA / "deepeval_goldens_en.json", "--from", "deepeval")
    assert dataset_from_text(out).cases[0].id == "refund-01"
    message = bad(capsys, "import-cases", DATA / "deepeval_goldens_en.json", "--from", "ragas")
    assert message == f"error: {DATA / 'deepeval_goldens_en.json'}: [0]: missing the question: a user_input (or " \
                      "question) with text"
    assert "invalid choice: 'langfuse'" in bad(capsys, "import-cases", DATA / "ragas_results_en.csv", "--from",
                                               "langfuse")


def test_a_file_of_no_known_format_exits_2_with_one_line(capsys, tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"project": 3, "runs": []}), encoding="utf-8")
    assert bad(capsys, "import-cases", path) == (
        f"error: {path}: not a file of a known format (RAGAS rows as JSONL, JSON, CSV or Parquet; DeepEval test cases "
        "or goldens as JSON, JSONL or CSV; promptfoo results JSON; Label Studio tasks JSON); found a JSON object with "
        "the keys project, runs")


def test_promptfoo_without_the_vars_names_them(capsys):
    message = bad(capsys, "import-cases", DATA / "promptfoo_results_en.json")
    assert message.endswith("such as --question-var query --context-var context --reference-var expected; the "
                            "results have the vars query, context, expected")
    message = bad(capsys, "import-cases", DATA / "promptfoo_results_en.json", "--question-var", "prompt")
    assert message.endswith('vars: no result has the vars key "prompt" (chosen as the question); the vars are query, '
                            "context, expected")


def test_a_large_file_shows_progress_on_stderr(capsys, tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps({"user_input": f"Question {i}?", "response": "Yes. No."}) + "\n"
                            for i in range(1500)), encoding="utf-8")
    out, err = ok(capsys, "import-cases", path)
    assert len(out.splitlines()) == 1500
    assert "\r[" in err and "1000/1500" in err and "1500/1500\n" in err


def test_export_cases_writes_each_target(capsys, tmp_path):
    out, _ = ok(capsys, "import-cases", DATA / "ragas_results_es.csv")
    cases = tmp_path / "cases.jsonl"
    cases.write_text(out, encoding="utf-8")
    csv_path = tmp_path / "back.csv"
    assert ok(capsys, "export-cases", cases, "--to", "ragas", "--out", csv_path) == ("", "")
    header = csv_path.read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("user_input,retrieved_contexts,response,reference,faithfulness")
    assert "hand_labels" in header
    rows, _ = ok(capsys, "export-cases", cases, "--to", "ragas", "--layout", "jsonl")
    assert json.loads(rows.splitlines()[0])["run"] == "ci-1234"
    # Without --to or --out the cases go back as they came: RAGAS rows, CSV.
    again, _ = ok(capsys, "export-cases", cases)
    assert again.replace("\r\n", "\n") == csv_path.read_text(encoding="utf-8").replace("\r\n", "\n")
    parquet_path = tmp_path / "back.parquet"  # the extension names the kind of file
    assert ok(capsys, "export-cases", cases, "--out", parquet_path) == ("", "")
    frame = pd.read_parquet(parquet_path)
    assert list(frame.columns[:5]) == ["user_input", "retrieved_contexts", "response", "reference", "faithfulness"]
    assert frame["retrieved_contexts"][0].tolist()[0].startswith("Los reembolsos")
    records, _ = ok(capsys, "export-cases", cases, "--to", "deepeval", "--layout", "camel")
    first = json.loads(records)[0]
    assert first["input"] == "¿Cuánto tarda un reembolso?" and "retrievalContext" in first
    config = tmp_path / "config.xml"
    tasks, _ = ok(capsys, "export-cases", cases, "--to", "label-studio", "--config", config, "--language", "es")
    assert json.loads(tasks)[0]["data"]["question"] == "¿Cuánto tarda un reembolso?"
    assert ET.fromstring(config.read_bytes()).find("Header").get("value") == "Pregunta"
    back, _ = ok(capsys, "import-cases", csv_path)
    assert dataset_from_text(back).cases == dataset_from_text(out).cases


def test_export_cases_refuses_what_it_cannot_do(capsys, tmp_path):
    out, _ = ok(capsys, "import-cases", DATA / "ragas_results_en.jsonl")
    cases = tmp_path / "cases.jsonl"
    cases.write_text(out, encoding="utf-8")
    assert bad(capsys, "export-cases", cases, "--to", "ragas", "--config", tmp_path / "c.xml") == \
        "error: --config: --config writes the Label Studio labelling config; use it with --to label-studio"
    assert bad(capsys, "export-cases", cases, "--to", "ragas", "--layout", "camel") == \
        "error: --layout: --layout camel is not a layout of --to ragas; use jsonl, json, csv, parquet"
    # An output file whose extension names another kind of file than the tool writes, or none, is refused.
    assert bad(capsys, "export-cases", cases, "--to", "deepeval", "--out", tmp_path / "back.parquet") == \
        "error: --out: a .parquet file cannot hold DeepEval test cases or goldens; end the file's name in .json, " \
        ".jsonl, .csv"
    assert bad(capsys, "export-cases", cases, "--to", "ragas", "--out", tmp_path / "back.txt") == \
        "error: --out: a .txt file cannot hold RAGAS rows; end the file's name in .jsonl, .json, .csv, .parquet"
    assert bad(capsys, "export-cases", cases, "--to", "ragas", "--layout", "jsonl", "--out", tmp_path / "b.csv") == \
        "error: --out: the file's name ends in .csv but --layout is jsonl; make them agree"
    assert not (tmp_path / "back.parquet").exists() and not (tmp_path / "b.csv").exists()
    assert bad(capsys, "export-cases", cases, "--to", "deepeval", "--out", tmp_path / "no" / "such" / "dir.json") \
        .startswith(f"error: {tmp_path / 'no' / 'such' / 'dir.json'}: cannot write the file (")
    judged = tmp_path / "judged.jsonl"
    first = json.loads(out.splitlines()[0])
    first["judge_scores"][0]["score"] = "high"
    judged.write_text(json.dumps(first) + "\n", encoding="utf-8")
    assert bad(capsys, "export-cases", judged, "--to", "ragas") == \
        f"error: {judged}: cases[0].judge_scores[0].score: expected a finite number, got 'high'"


def test_import_cases_takes_the_promptfoo_answer_from_a_var(capsys, tmp_path):
    source = json.loads((DATA / "promptfoo_results_en.json").read_text(encoding="utf-8"))
    for result in source["results"]["results"]:
        result["vars"]["reply"] = "Fourteen days."
    path = tmp_path / "results.json"
    path.write_text(json.dumps(source), encoding="utf-8")
    out, err = ok(capsys, "import-cases", path, *PROMPTFOO, "--answer-var", "reply")
    assert dataset_from_text(out).cases[0].answer == "Fourteen days."
    assert "vars.reply → answer" in err or "vars.reply" in err
