"""``python -m uncase_core conversations`` and ``verify``: JSON reports, certificates, bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from uncase_core import __version__
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.conversations.evaluator import Evaluator

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "assets" / "conversations"
REPORT_KEYS = {"version", "thresholds", "memorization_limit", "count", "passed", "pass_rate", "failure_counts",
               "not_checked_counts", "results", "certificate_hash"}
RESULT_KEYS = {"id", "rouge_l", "rouge_band", "fidelity", "ttr", "mattr", "coherence", "privacy_score",
               "privacy_findings", "memorization_rate", "composite_score", "mean_score", "min_over", "passed",
               "failures", "not_checked", "claims", "turn_checks", "certainty"}
SHA256 = re.compile(r"^[0-9a-f]{64}$")


def builtin(name: str, language: str = "en") -> dict:
    return json.loads((ASSETS / language / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture
def dataset_file(tmp_path):
    """Three built-in conversations as JSONL: good passes, drift fails ROUGE-L, privacy_leak fails privacy."""
    path = tmp_path / "convs.jsonl"
    records = [builtin("good"), builtin("drift"), builtin("privacy_leak", "es")]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def run_json(capsys, *args) -> tuple[int, dict, str]:
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def run_bad(capsys, *args) -> str:
    """Run expecting bad input; return the single stderr line."""
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def test_report_json_on_stdout(capsys, dataset_file):
    code, report, err = run_json(capsys, "conversations", dataset_file)
    assert code == 0 and err == ""
    assert set(report) == REPORT_KEYS
    assert report["certificate_hash"] is None  # only with --certify
    assert (report["count"], report["passed"]) == (3, 1)
    assert report["pass_rate"] == pytest.approx(100 / 3)
    assert report["version"] == __version__
    assert report["thresholds"] == {"rouge_l": 0.65, "fidelity": 0.90, "ttr": 0.55, "coherence": 0.85}
    assert report["failure_counts"] == {"rouge_l": 1, "fidelity": 0, "ttr": 0, "coherence": 0, "privacy": 1,
                                        "memorization": 0}
    assert [r["id"] for r in report["results"]] == ["good", "drift", "privacy_leak"]
    assert [r["failures"] for r in report["results"]] == [[], ["rouge_l"], ["privacy"]]
    for result in report["results"]:
        assert set(result) == RESULT_KEYS


def test_certify_adds_the_same_hash_as_the_library(capsys, dataset_file):
    code, report, _ = run_json(capsys, "conversations", dataset_file, "--certify")
    assert code == 0
    assert SHA256.match(report["certificate_hash"])
    records = [json.loads(line) for line in dataset_file.read_text(encoding="utf-8").splitlines()]
    assert report["certificate_hash"] == Evaluator().batch_evaluate(records).certificate_hash
    _, again, _ = run_json(capsys, "conversations", dataset_file, "--certify")
    assert again == report


def test_thresholds_option(capsys, dataset_file):
    code, report, _ = run_json(capsys, "conversations", dataset_file, "--threshold", "rouge_l=0.1",
                               "--threshold", "ttr=0.99")
    assert code == 0
    assert report["thresholds"]["rouge_l"] == 0.1 and report["thresholds"]["ttr"] == 0.99
    assert report["failure_counts"]["rouge_l"] == 0 and report["failure_counts"]["ttr"] == 3


def test_out_writes_the_report_file(capsys, dataset_file, tmp_path):
    out = tmp_path / "report.json"
    code = run(["conversations", str(dataset_file), "--certify", "--out", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 0 and stdout == "" and stderr == ""
    report = json.loads(out.read_text(encoding="utf-8"))
    assert set(report) == REPORT_KEYS and SHA256.match(report["certificate_hash"])
    assert "é" in out.read_text(encoding="utf-8") or "ó" in out.read_text(encoding="utf-8")  # UTF-8 kept as is


def certify_to(capsys, dataset_file, out: Path) -> dict:
    assert run(["conversations", str(dataset_file), "--certify", "--out", str(out)]) == 0
    capsys.readouterr()
    return json.loads(out.read_text(encoding="utf-8"))


def test_verify_exits_0_when_the_certificate_matches(capsys, dataset_file, tmp_path):
    report_path = tmp_path / "report.json"
    report = certify_to(capsys, dataset_file, report_path)
    code, answer, err = run_json(capsys, "verify", report_path, dataset_file)
    assert (code, err) == (0, "")
    assert answer["matches"] is True
    assert answer["expected"] == answer["recomputed"] == report["certificate_hash"]


def test_verify_exits_1_after_editing_one_conversation(capsys, dataset_file, tmp_path):
    report_path = tmp_path / "report.json"
    certify_to(capsys, dataset_file, report_path)
    lines = dataset_file.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    record["turns"][1]["text"] += " Anything else?"
    lines[1] = json.dumps(record, ensure_ascii=False)
    dataset_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, answer, err = run_json(capsys, "verify", report_path, dataset_file)
    assert (code, err) == (1, "")
    assert answer["matches"] is False and answer["expected"] != answer["recomputed"]


def test_verify_exits_1_after_editing_the_reports_results(capsys, dataset_file, tmp_path):
    report_path = tmp_path / "report.json"
    report = certify_to(capsys, dataset_file, report_path)
    report["results"][1]["passed"] = True
    report["results"][1]["failures"] = []
    report_path.write_text(json.dumps(report), encoding="utf-8")
    code, answer, _ = run_json(capsys, "verify", report_path, dataset_file)
    assert code == 1 and answer["matches"] is False


def test_bad_role_in_jsonl_exits_2_naming_file_and_place(capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    bad = builtin("good")
    bad["id"] = "other"
    bad["turns"][1]["role"] = "bot"
    path.write_text(json.dumps(builtin("good")) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    line = run_bad(capsys, "conversations", path)
    assert line == f'error: {path}: line 2: turns[1].role: expected "customer" or "agent", got "bot"'


@pytest.mark.parametrize(("content", "place"), [
    ('{"id": "a", "turns": [], "claims": [{"turn": 0, "text": "x", "verified": true}]}', "claims[0].turn"),
    ('{"id": "a", "turns": [{"role": "agent", "text": "x"}], "claims": [{"turn": 0, "text": "x", "verified": "yes"}]}',
     "claims[0].verified"),
    ("{not json", "line 1"),
    ("", "the file is empty"),
])
def test_bad_files_exit_2(capsys, tmp_path, content, place):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    line = run_bad(capsys, "conversations", path)
    assert line.startswith(f"error: {path}: ")
    assert place in line


def test_missing_file_exits_2(capsys, tmp_path):
    line = run_bad(capsys, "conversations", tmp_path / "nope.jsonl")
    assert line.startswith(f"error: {tmp_path / 'nope.jsonl'}: ")


def test_bad_threshold_exits_2(capsys, dataset_file):
    assert "thresholds" in run_bad(capsys, "conversations", dataset_file, "--threshold", "bleu=0.5")
    assert "ttr" in run_bad(capsys, "conversations", dataset_file, "--threshold", "ttr=2")
    with pytest.raises(SystemExit) as caught:
        run(["conversations", str(dataset_file), "--threshold", "ttr"])
    assert caught.value.code == EXIT_BAD_INPUT
    assert capsys.readouterr().err.count("\n") == 1


def test_verify_bad_inputs_exit_2(capsys, dataset_file, tmp_path):
    uncertified = tmp_path / "plain.json"
    assert run(["conversations", str(dataset_file), "--out", str(uncertified)]) == 0
    capsys.readouterr()
    assert "certificate_hash" in run_bad(capsys, "verify", uncertified, dataset_file)
    broken = tmp_path / "broken.json"
    broken.write_text("{oops", encoding="utf-8")
    assert run_bad(capsys, "verify", broken, dataset_file).startswith(f"error: {broken}: not a JSON report")
    report = tmp_path / "report.json"
    certify_to(capsys, dataset_file, report)
    bad_data = tmp_path / "bad.jsonl"
    bad_data.write_text('{"id": 1}\n', encoding="utf-8")
    assert run_bad(capsys, "verify", report, bad_data) == f"error: {bad_data}: id: expected text, got 1"


def test_verify_report_with_broken_thresholds_exits_2_naming_the_report(capsys, dataset_file, tmp_path):
    report_path = tmp_path / "report.json"
    report = certify_to(capsys, dataset_file, report_path)
    report["thresholds"] = "strict"
    report_path.write_text(json.dumps(report), encoding="utf-8")
    line = run_bad(capsys, "verify", report_path, dataset_file)
    assert line == f"error: {report_path}: thresholds: expected an object of thresholds, got 'strict'"
    report["thresholds"] = {"ttr": 7}
    report_path.write_text(json.dumps(report), encoding="utf-8")
    assert run_bad(capsys, "verify", report_path, dataset_file).startswith(f"error: {report_path}: thresholds.ttr: ")


def test_unpaired_surrogate_exits_2_instead_of_crashing(capsys, tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text('{"id": "a", "turns": []}\n{"id": "b", "turns": [{"role": "agent", "text": "hi \\ud800"}]}\n',
                    encoding="utf-8")
    line = run_bad(capsys, "conversations", path, "--certify")
    assert line == f"error: {path}: line 2: turns[0].text: unpaired surrogate \\ud800 in the text (not a character)"


def small_batch(path: Path, count: int) -> Path:
    records = [{"id": f"c{i}", "seed_template": "hello how can I help",
                "turns": [{"role": "customer", "text": f"hello number {i}"},
                          {"role": "agent", "text": "how can I help"}]} for i in range(count)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_progress_bar_on_stderr_for_200_conversations(capsys, tmp_path):
    code, report, err = run_json(capsys, "conversations", small_batch(tmp_path / "big.jsonl", 200))
    assert code == 0 and report["count"] == 200
    assert err.endswith("] 200/200\n")
    assert "[" + "#" * 30 + "]" in err
    assert "\r" in err and "Traceback" not in err


def test_no_progress_bar_below_200_conversations(capsys, tmp_path):
    code, report, err = run_json(capsys, "conversations", small_batch(tmp_path / "small.jsonl", 199))
    assert code == 0 and report["count"] == 199
    assert err == ""


def test_real_subprocess(dataset_file):
    completed = subprocess.run(
        [sys.executable, "-m", "uncase_core", "conversations", str(dataset_file), "--certify"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    report = json.loads(completed.stdout)
    assert set(report) == REPORT_KEYS
    records = [json.loads(line) for line in dataset_file.read_text(encoding="utf-8").splitlines()]
    assert report["certificate_hash"] == Evaluator().batch_evaluate(records).certificate_hash
