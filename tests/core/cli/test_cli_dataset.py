"""``python -m uncase_core dataset``: the issue's JSON, and one line with exit 2 for bad input."""

from __future__ import annotations

import json

import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.datasets.workbench import dataset_version
from uncase_core.rag.cases import dataset_from_text

PROPORTION_KEYS = {"successes", "total", "unlabelled", "value", "low", "high"}
PAIR_KEYS = {"a", "b", "split_a", "split_b", "similarity", "kind"}
QUESTION = "How many days does the bank take to refund a card payment that was charged twice?"


@pytest.fixture
def dataset_file(tmp_path, make_case_dict):
    cases = [make_case_dict(f"g{i}", passages=[True] * 10, question=f"Unrelated question number {i} about loans",
                            metadata={"language": "en", "split": "dev"}) for i in range(4)]
    cases.append(make_case_dict("es1", passages=[False] * 20, question=QUESTION,
                                metadata={"language": "es", "split": "held-out"}))
    cases.append(make_case_dict("es2", passages=[True], question=QUESTION.replace("twice", "two times"),
                                metadata={"split": "dev"}))
    cases.append(make_case_dict("es3", passages=[True], question=QUESTION.lower(), metadata={"split": "held-out"}))
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    return path


def good_run(capsys, *args) -> dict:
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def bad_run(capsys, *args) -> str:
    try:
        code = run([*map(str, args)])
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT == 2
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err.rstrip("\n")


def test_output_shape(capsys, dataset_file):
    data = good_run(capsys, "dataset", dataset_file, "--strata", "language", "--leakage")
    assert set(data) == {"version", "cases", "strata", "hidden_failures", "leakage", "duplicates", "leakage_method",
                         "warnings"}
    assert data["warnings"] == []
    assert data["leakage_method"] == {"method": "prefix", "miss_probability": 0.0}
    assert data["version"] == dataset_version(dataset_from_text(dataset_file.read_text()))
    assert data["cases"] == 7
    assert set(data["strata"]) == {"language"}
    assert list(data["strata"]["language"]) == ["en", "es", "(missing)"]
    relevance = data["strata"]["language"]["es"]["context_relevance"]
    assert set(relevance) == PROPORTION_KEYS
    assert (relevance["successes"], relevance["total"]) == (0, 20)
    assert data["hidden_failures"] == [{"field": "language", "value": "es", "metric": "context_relevance"}]
    assert all(set(p) == PAIR_KEYS for p in data["leakage"] + data["duplicates"])
    assert [(p["a"], p["b"], p["kind"]) for p in data["duplicates"]] == [("es1", "es3", "exact")]
    assert {(p["a"], p["b"]) for p in data["leakage"]} == {("es1", "es2"), ("es2", "es3")}
    assert all(p["kind"] == "near" and p["split_a"] != p["split_b"] for p in data["leakage"])


def test_defaults_and_threshold(capsys, dataset_file):
    data = good_run(capsys, "dataset", dataset_file)
    assert data["strata"] == {} and data["leakage"] == [] and data["duplicates"] == []
    lowered = good_run(capsys, "dataset", dataset_file, "--strata", "language",
                       "--threshold", "context_relevance=0")
    assert lowered["hidden_failures"] == []


def test_bad_input(capsys, tmp_path, make_case_dict, dataset_file):
    broken = tmp_path / "broken.jsonl"
    good = json.dumps(make_case_dict("a"))
    broken.write_text(good + "\n" + '{"id": "b", "question": 3}\n', encoding="utf-8")
    assert bad_run(capsys, "dataset", broken) == f"error: {broken}: line 2: question: expected text, got 3"
    assert str(tmp_path / "none.json") in bad_run(capsys, "dataset", tmp_path / "none.json")
    assert "--threshold" in bad_run(capsys, "dataset", dataset_file, "--threshold", "bogus=1")
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"cases": [make_case_dict("a")], "revisions": [
        {"case": "a", "unit": "p1", "field": "relevant", "old": 1, "new": True, "time": "2024-01-01"}]}))
    assert bad_run(capsys, "dataset", log) == f"error: {log}: revisions[0].old: expected true, false or null, got 1"


def test_a_stratum_field_no_case_has_is_warned_about(capsys, dataset_file):
    """Issue 16: --strata no_such_field gave one "(missing)" stratum and no word about it."""
    code = run(["dataset", str(dataset_file), "--strata", "no_such_field", "--strata", "language"])
    out, err = capsys.readouterr()
    assert code == 0
    text = ('no case has the metadata field "no_such_field", so every case falls in the one stratum "(missing)"; '
            "the cases have: language, split")
    assert err == f"warning: {dataset_file}: {text}\n"
    data = json.loads(out)
    assert data["warnings"] == [{"code": "stratum_field_absent",
                                 "params": {"field": "no_such_field", "present": "language, split"}, "text": text}]
    assert list(data["strata"]["no_such_field"]) == ["(missing)"]  # the figures are still given
    assert list(data["strata"]["language"]) == ["en", "es", "(missing)"]  # a field some cases lack: no warning
