"""Exit statuses a CI can use (uncase_core/cli/gates.py, docs/cli.md), the markdown summary for a pull request and
the versioned JSON: each status sent through the real command on real files, the JSON validated against the schema
files shipped in the package."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from uncase_core.assets.reader import ASSETS
from uncase_core.cli.main import EXIT_BAD_INPUT, SCHEMA_VERSION, run

PAIR = (ASSETS / "compare" / "en" / "system_a.json", ASSETS / "compare" / "en" / "system_b.json")
SCHEMAS = Path(__file__).resolve().parents[3] / "uncase_core" / "cli" / "schemas"
ALL_GOOD = ASSETS / "rag" / "en" / "all_good.json"
MULTIPLE = ASSETS / "rag" / "en" / "multiple_failures.json"


def unlabelled(tmp_path, name="blank.json"):
    case = {"id": "q1", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": None}],
            "answer": "a", "claims": [{"id": "c1", "text": "a", "supported": None, "correct": None}]}
    path = tmp_path / name
    path.write_text(json.dumps(case), encoding="utf-8")
    return path


def status(capsys, *args):
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_rag_fails_clearly_failing_data_with_1(capsys, tmp_path):
    many = tmp_path / "many.jsonl"  # a clear failure needs enough units: the scenario's case ten times
    case = json.loads(MULTIPLE.read_text(encoding="utf-8"))
    case = case["cases"][0] if "cases" in case else case
    many.write_text("".join(json.dumps({**case, "id": f"c{i}"}) + "\n" for i in range(10)), encoding="utf-8")
    code, out, _ = status(capsys, "rag", many)
    data = json.loads(out)
    assert code == 1
    assert data["gate"]["status"] == "fail" and "context_relevance" in data["gate"]["dimensions"]
    assert status(capsys, "rag", many, "--exit-zero")[0] == 0


def test_rag_passes_with_0_when_nothing_fails_clearly(capsys):
    code, out, _ = status(capsys, "rag", ALL_GOOD)
    assert code == 0 and json.loads(out)["gate"] == {"status": "pass", "dimensions": [], "exit_code": 0}


def test_an_unlabelled_dataset_is_never_ok_and_exits_3(capsys, tmp_path):
    code, out, _ = status(capsys, "rag", unlabelled(tmp_path))
    data = json.loads(out)
    assert code == 3
    assert data["pooled"]["diagnosis"]["status"] == "unlabelled"
    assert data["cases"][0]["diagnosis"]["status"] == "unlabelled"


def test_compare_exits_1_when_b_is_clearly_worse(capsys):
    code, out, _ = status(capsys, "compare", *PAIR, "--format", "json", "--resamples", "200")
    assert code == 1  # the built-in pair: B is clearly less faithful
    assert json.loads(out)["gate"] == {"status": "fail", "dimensions": ["faithfulness"], "exit_code": 1}


def test_compare_exits_0_when_b_is_not_worse(capsys):
    code, out, _ = status(capsys, "compare", PAIR[0], PAIR[0], "--format", "json", "--resamples", "200")
    assert code == 0  # a system against itself: never worse
    assert json.loads(out)["gate"]["status"] == "pass"
    code, _, _ = status(capsys, "compare", PAIR[1], PAIR[0], "--exit-zero")
    assert code == 0  # the other way round B is clearly worse on context relevance, and --exit-zero says 0


def test_compare_exits_3_when_nothing_is_labelled(capsys, tmp_path):
    code, _, _ = status(capsys, "compare", unlabelled(tmp_path, "a.json"), unlabelled(tmp_path, "b.json"))
    assert code == 3


def test_bad_input_stays_2(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    assert status(capsys, "rag", path)[0] == EXIT_BAD_INPUT
    assert status(capsys, "compare", path, path, "--exit-zero")[0] == EXIT_BAD_INPUT


def test_compare_markdown_is_short_enough_for_a_pull_request(capsys):
    code, out, _ = status(capsys, "compare", *PAIR, "--format", "markdown", "--resamples", "200")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) <= 12  # a heading, a line, a row per dimension and the gate, whatever the number of cases
    assert lines[0].startswith("### Compare: A `")
    assert "| faithfulness |" in out and "A is better (clear)" in out
    assert lines[-1] == "**Gate: fail** (faithfulness), exit status 1"


def test_rag_markdown(capsys, tmp_path):
    code, out, _ = status(capsys, "rag", unlabelled(tmp_path), "--format", "markdown")
    assert code == 3
    assert "| context_relevance | N/A (0 labelled) | 0.5 | N/A |" in out
    assert out.splitlines()[-1] == "**Gate: nothing labelled**, exit status 3"


@pytest.mark.parametrize("command", ["rag", "compare"])
def test_json_output_follows_its_versioned_schema(capsys, tmp_path, command):
    schema = json.loads((SCHEMAS / f"{command}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    runs = ([["rag", MULTIPLE], ["rag", ALL_GOOD], ["rag", unlabelled(tmp_path)]] if command == "rag" else
            [["compare", *PAIR, "--format", "json", "--resamples", "200", "--stratum", "domain"],
             ["compare", unlabelled(tmp_path, "a.json"), unlabelled(tmp_path, "b.json"), "--json"]])
    for args in runs:
        _, out, _ = status(capsys, *args)
        data = json.loads(out)
        assert data["schema_version"] == SCHEMA_VERSION == schema["properties"]["schema_version"]["const"]
        errors = sorted(validator.iter_errors(data), key=str)
        assert not errors, errors[0]
        broken = {**data, "gate": {"status": "maybe"}}  # the schema is no formality: a wrong gate is caught
        assert list(validator.iter_errors(broken))
