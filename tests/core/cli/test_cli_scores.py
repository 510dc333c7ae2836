"""``scores FILE [RUN_B]``: a tool's own scores with intervals, and two runs compared, in text, JSON (versioned
schema) and markdown, with the exit codes docs/cli.md gives (issue 51 item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, SCHEMA_VERSION, run

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "uncase_core" / "cli" / "schemas" / "scores.schema.json"
RAGAS = ROOT / "tests" / "data" / "interchange" / "ragas_results_en.jsonl"
DEEPEVAL = ROOT / "tests" / "data" / "interchange" / "deepeval_test_run_en.json"
GOLDENS = ROOT / "tests" / "data" / "interchange" / "deepeval_goldens_en.json"


def ragas_run(tmp_path: Path, name: str, faithfulness: list[float]) -> Path:
    rows = [{"user_input": f"question {i}", "retrieved_contexts": ["a passage"], "response": "an answer",
             "reference": "the reference", "faithfulness": score, "answer_relevancy": 0.9}
            for i, score in enumerate(faithfulness)]
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def status(capsys, *args):
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


BEFORE = [0.6, 0.7, 0.5, 0.65, 0.55] * 8
AFTER = [0.95, 1.0, 0.9, 1.0, 0.85] * 8


def test_one_file_prints_each_columns_mean_and_interval(capsys):
    code, out, _ = status(capsys, "scores", RAGAS)
    assert code == 0
    assert "faithfulness (faithfulness): 0.500 [0.000, 1.000], 3 scored" in out
    assert "context_recall (coverage): 1.000 [0.000, 1.000], 2 scored, 1 missing" in out
    assert "95% betting interval" in out


def test_deepeval_files_too(capsys):
    code, out, _ = status(capsys, "scores", DEEPEVAL, "--format", "json")
    assert code == 0
    metrics = [c["metric"] for c in json.loads(out)["columns"]]
    assert "Faithfulness" in metrics


def test_two_runs_b_clearly_higher_exits_0_and_says_so(capsys, tmp_path):
    a, b = ragas_run(tmp_path, "a.jsonl", BEFORE), ragas_run(tmp_path, "b.jsonl", AFTER)
    code, out, _ = status(capsys, "scores", a, b)
    assert code == 0
    assert "B - A  +0.340 [" in out and "verdict B higher" in out
    assert "verdict no clear difference" in out  # answer_relevancy is 0.9 in both


def test_two_runs_b_clearly_lower_fails_the_gate_with_1(capsys, tmp_path):
    a, b = ragas_run(tmp_path, "a.jsonl", AFTER), ragas_run(tmp_path, "b.jsonl", BEFORE)
    code, out, _ = status(capsys, "scores", a, b, "--format", "markdown")
    assert code == 1
    assert "| faithfulness (faithfulness) |" in out and "| B lower |" in out
    assert "**Gate: fail** (faithfulness), exit status 1" in out
    assert status(capsys, "scores", a, b, "--exit-zero")[0] == 0


def test_a_file_without_scores_is_nothing_scored_and_exits_3(capsys):
    code, out, _ = status(capsys, "scores", GOLDENS)
    assert code == 3 and "no tool's scores in this file" in out
    code, out, _ = status(capsys, "scores", GOLDENS, "--format", "json")
    assert code == 3 and json.loads(out)["gate"] == {"status": "nothing_scored", "dimensions": [], "exit_code": 3}


def test_bad_input_exits_2(capsys, tmp_path):
    missing = tmp_path / "nowhere.jsonl"
    assert status(capsys, "scores", missing)[0] == EXIT_BAD_INPUT
    with pytest.raises(SystemExit) as usage:
        run(["scores", str(RAGAS), "--confidence", "2"])
    assert usage.value.code == EXIT_BAD_INPUT


@pytest.mark.parametrize("runs", [1, 2])
def test_json_follows_its_versioned_schema(capsys, tmp_path, runs):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = [ragas_run(tmp_path, "a.jsonl", BEFORE), ragas_run(tmp_path, "b.jsonl", AFTER)][:runs]
    code, out, _ = status(capsys, "scores", *files, "--format", "json", "--confidence", "0.9")
    assert code == 0
    data = json.loads(out)
    validator.validate(data)
    assert data["schema_version"] == SCHEMA_VERSION == schema["properties"]["schema_version"]["const"]
    assert data["confidence"] == 0.9 and data["columns"][0]["mean"]["n"] == 40
    if runs == 2:
        difference = data["comparisons"][0]["difference"]
        assert difference["verdict"] == "b_higher" and difference["low"] > 0
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**data, "gate": {"status": "maybe", "dimensions": [], "exit_code": 0}})


def test_help_names_the_command(capsys):
    with pytest.raises(SystemExit):
        run(["scores", "--help"])
    assert "betting interval" in capsys.readouterr().out
