"""``python -m uncase_core summaries``: the report's JSON shape, document 002's examples, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.summaries.test_evaluation import (
    ADHERENCE_CATEGORICAL_EXAMPLE,
    COMPLETENESS_EXAMPLE,
    case,
    point,
    rubric,
    section,
)
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.stats.proportions import wilson_interval

ROOT = Path(__file__).resolve().parents[3]
P_KEYS = {"successes", "total", "unlabelled", "value", "low", "high"}
CASE_KEYS = {"id", "accuracy", "adherence", "completeness", "macro", "not_applicable"}
METRICS = {"accuracy", "adherence", "completeness"}


@pytest.fixture
def dataset_file(tmp_path):
    """Document 002's completeness and categorical adherence blocks, plus a case with only predefined sections."""
    records = [
        case(id="doc002", accuracy={"decomposition": [point(True), point("False")]},
             adherence=ADHERENCE_CATEGORICAL_EXAMPLE, completeness=COMPLETENESS_EXAMPLE),
        case(id="predefined", sections=[section("predefined")], adherence={"rubrics": [rubric(True)]},
             accuracy={"decomposition": [point(True), point(None)]}),
    ]
    path = tmp_path / "summaries.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def run_json(capsys, *args) -> tuple[int, dict, str]:
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def run_bad(capsys, *args) -> str:
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def test_report_shape_and_values(capsys, dataset_file):
    code, report, err = run_json(capsys, "summaries", dataset_file)
    assert code == 0 and err == ""
    assert set(report) == {"cases", "aggregate"}
    assert [c["id"] for c in report["cases"]] == ["doc002", "predefined"]
    for result in report["cases"]:
        assert set(result) == CASE_KEYS
        for name in METRICS:
            assert set(result[name]) == P_KEYS
        assert set(result["macro"]) == METRICS
    assert set(report["aggregate"]) == METRICS | {"macro"}
    assert set(report["aggregate"]["macro"]) == METRICS

    doc, predefined = report["cases"]
    low, high = wilson_interval(3, 5)
    assert doc["completeness"] == {"successes": 3, "total": 5, "unlabelled": 0, "value": 0.6, "low": low,
                                   "high": high}
    assert doc["macro"]["completeness"] == pytest.approx(1 / 3)
    assert doc["adherence"]["successes"] == 0 and doc["adherence"]["total"] == 1
    assert doc["accuracy"]["value"] == 0.5
    assert doc["not_applicable"] == {}
    assert predefined["adherence"] == {"successes": 0, "total": 0, "unlabelled": 0, "value": None, "low": None,
                                       "high": None}
    assert predefined["not_applicable"] == {"adherence": "only_predefined_sections", "completeness": "no_units"}
    assert predefined["macro"] == {"accuracy": 1.0, "adherence": None, "completeness": None}
    assert predefined["accuracy"]["unlabelled"] == 1

    aggregate = report["aggregate"]
    assert (aggregate["accuracy"]["successes"], aggregate["accuracy"]["total"]) == (2, 3)
    assert aggregate["accuracy"]["unlabelled"] == 1
    assert aggregate["macro"]["accuracy"] == pytest.approx((0.5 + 1.0) / 2)
    assert (aggregate["adherence"]["successes"], aggregate["adherence"]["total"]) == (0, 1)
    assert aggregate["macro"]["completeness"] == pytest.approx(1 / 3)


def test_confidence_option(capsys, dataset_file):
    _, narrow, _ = run_json(capsys, "summaries", dataset_file, "--confidence", "0.5")
    _, wide, _ = run_json(capsys, "summaries", dataset_file)
    assert narrow["aggregate"]["completeness"]["low"] > wide["aggregate"]["completeness"]["low"]


def test_single_case_file(capsys, tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(case()), encoding="utf-8")
    code, report, _ = run_json(capsys, "summaries", path)
    assert code == 0
    assert report["cases"][0]["not_applicable"] == {name: "no_units" for name in sorted(METRICS)}
    assert report["aggregate"]["macro"] == {"accuracy": None, "adherence": None, "completeness": None}


def test_bad_label_names_file_and_place(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"cases": [case(adherence={"rubrics": [rubric(True), rubric("yes")]})]}),
                    encoding="utf-8")
    line = run_bad(capsys, "summaries", path)
    assert line == (f'error: {path}: cases[0].adherence.rubrics[1].is_addressed: '
                    'expected true, false or null, got "yes"')


def test_malicious_block_is_rejected_not_run(capsys, tmp_path):
    target = tmp_path / "pwned"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(case(completeness=f"__import__('os').system('touch {target}')")), encoding="utf-8")
    line = run_bad(capsys, "summaries", path)
    assert f"{path}: completeness: " in line
    assert not target.exists()


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"{not json", b"[]", b'{"id": "x", "n": ' + b"1" * 5000 + b"}",
                                     b"[" * 100_000])
def test_bad_files_exit_2(capsys, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert str(path) in run_bad(capsys, "summaries", path)


def test_missing_file_and_bad_confidence(capsys, tmp_path, dataset_file):
    assert "missing.json" in run_bad(capsys, "summaries", tmp_path / "missing.json")
    for confidence in ("high", "1.5", "0.3"):
        with pytest.raises(SystemExit) as caught:  # a usage error, reported by argparse
            run(["summaries", str(dataset_file), "--confidence", confidence])
        assert caught.value.code == EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--confidence" in err and "Traceback" not in err


def test_module_entry_point_bad_input(tmp_path):
    """One real process (the rest call ``run`` in process): exit 2, one line, no traceback."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": 1}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "uncase_core", "summaries", str(bad)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == EXIT_BAD_INPUT
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr == f"error: {bad}: id: expected text, got 1\n"
