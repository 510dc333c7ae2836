"""``python -m uncase_core``: JSON out for good input, one line and exit 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.rag.evaluation import CAUSES, METRICS
from uncase_core.stats.proportions import wilson_interval

ROOT = Path(__file__).resolve().parents[3]

# The keys issue 2 fixes for `python -m uncase_core rag`.
ISSUE_TOP_KEYS = {"confidence", "thresholds", "weights", "cases", "pooled"}
ISSUE_CASE_KEYS = {"id", "metrics", "diagnosis", "composite", "composite_note"}
PROPORTION_KEYS = ["successes", "total", "unlabelled", "value", "low", "high"]
DIAGNOSIS_KEYS = {"status", "failing", "clear_failing", "not_applicable", "uncertain", "causes", "exact_disagrees",
                  "held_by_correction"}
# Additions beyond the issue, listed so that any change to the output is noticed here.
EXTRA_TOP_KEYS = {"raw_weights", "aggregation", "gates", "schema_version", "gate"}
EXTRA_CASE_KEYS = {"gated", "composite_notes"}


@pytest.fixture
def dataset_file(tmp_path, make_case_dict):
    """Two cases: ``good`` passes everything; ``weak`` fails relevance and coverage, and has N/A correctness."""
    good = make_case_dict("good", passages=[True, True, True], claims=[(True, True)] * 4, facts=[True, True])
    weak = make_case_dict("weak", passages=[False, False, True, None], claims=[(True, None), (False, None)],
                          facts=[False, True, False])
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(weak) + "\n", encoding="utf-8")
    return path


def rag_json(capsys, *args: str) -> dict:
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert code == data["gate"]["exit_code"] != EXIT_BAD_INPUT  # a CI gate's exit status (uncase_core/cli/gates.py)
    return data


def bad_run(capsys, *args: str) -> str:
    """Run expecting bad input; return the single stderr line."""
    try:
        code = run([*map(str, args)])
    except SystemExit as stop:  # argparse usage errors
        code = stop.code
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT == 2
    assert out == ""
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


# ---------------------------------------------------------------- output shape


def test_rag_output_keys_are_those_of_the_issue(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file)
    assert set(data) == ISSUE_TOP_KEYS | EXTRA_TOP_KEYS
    assert data["confidence"] == 0.95
    assert data["thresholds"] == {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7, "coverage": 0.7}
    assert data["weights"] == dict.fromkeys(METRICS, 0.25)
    assert data["aggregation"] == "mean"
    assert data["gates"] == {}
    assert [case["id"] for case in data["cases"]] == ["good", "weak"]
    for case in data["cases"]:
        assert set(case) == ISSUE_CASE_KEYS | EXTRA_CASE_KEYS
        assert list(case["metrics"]) == list(METRICS)
        for proportion in case["metrics"].values():
            assert list(proportion) == PROPORTION_KEYS
        assert set(case["diagnosis"]) == DIAGNOSIS_KEYS
    assert set(data["pooled"]) == (ISSUE_CASE_KEYS - {"id"}) | EXTRA_CASE_KEYS | {"macro", "units_only", "clustered"}
    assert list(data["pooled"]["metrics"]) == list(METRICS)
    assert list(data["pooled"]["macro"]) == list(METRICS)


def test_rag_output_values(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file)
    good, weak = data["cases"]
    # Everything passes, but with 2 to 4 units per dimension no verdict is clear.
    assert good["diagnosis"] == {"status": "ok", "failing": [], "clear_failing": [], "not_applicable": [],
                                 "uncertain": list(METRICS), "exact_disagrees": [], "held_by_correction": [],
                                 "causes": {}}
    assert good["composite"] == 1.0
    assert good["composite_note"] == ""

    assert weak["metrics"]["context_relevance"] == {
        "successes": 1, "total": 3, "unlabelled": 1, "value": 1 / 3,
        "low": wilson_interval(1, 3)[0], "high": wilson_interval(1, 3)[1],
    }
    # N/A is null, never 0 or NaN.
    assert weak["metrics"]["correctness"] == {"successes": 0, "total": 0, "unlabelled": 2, "value": None,
                                              "low": None, "high": None}
    assert weak["diagnosis"]["status"] == "multiple"
    assert weak["diagnosis"]["failing"] == ["context_relevance", "faithfulness", "coverage"]
    assert weak["diagnosis"]["not_applicable"] == ["correctness"]
    assert weak["diagnosis"]["uncertain"] == ["context_relevance", "faithfulness", "coverage"]
    assert weak["diagnosis"]["causes"] == {name: CAUSES[name] for name in ("context_relevance", "faithfulness",
                                                                           "coverage")}
    assert weak["composite"] == pytest.approx((1 / 3 + 1 / 2 + 1 / 3) / 3)
    assert weak["composite_note"] == "dropped as N/A: correctness; the other weights were renormalized"

    pooled = data["pooled"]
    assert pooled["metrics"]["context_relevance"]["successes"] == 4
    assert pooled["metrics"]["context_relevance"]["total"] == 6
    assert pooled["metrics"]["context_relevance"]["unlabelled"] == 1
    assert pooled["metrics"]["correctness"]["total"] == 4
    assert pooled["macro"]["context_relevance"] == pytest.approx((1 + 1 / 3) / 2)
    assert pooled["macro"]["correctness"] == 1.0  # the N/A case is skipped
    assert pooled["metrics"]["context_relevance"]["value"] == pytest.approx(4 / 6)


def test_threshold_option(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file, "--threshold", "context_relevance=0.3", "--threshold", "coverage=0.2")
    assert data["thresholds"] == {"context_relevance": 0.3, "faithfulness": 0.7, "correctness": 0.7, "coverage": 0.2}
    assert data["cases"][1]["diagnosis"]["failing"] == ["faithfulness"]
    assert data["cases"][1]["diagnosis"]["status"] == "single"


def test_weight_option_leaves_others_at_raw_weight_one(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file, "--weight", "coverage=3")
    assert data["raw_weights"] == {"context_relevance": 1.0, "faithfulness": 1.0, "correctness": 1.0, "coverage": 3.0}
    assert data["weights"] == pytest.approx({"context_relevance": 1 / 6, "faithfulness": 1 / 6, "correctness": 1 / 6,
                                             "coverage": 0.5})
    # Weak: correctness N/A, so 1 : 1 : 3 over relevance, faithfulness, coverage.
    assert data["cases"][1]["composite"] == pytest.approx((1 / 3 + 1 / 2 + 3 * 1 / 3) / 5)


def test_huge_weights_give_a_composite(capsys, dataset_file):
    """Issue 16: 1e308 + 1e308 overflowed, every weight became 0 and the composite null, with exit 0."""
    data = rag_json(capsys, "rag", dataset_file, "--weight", "faithfulness=1e308", "--weight", "coverage=1e308")
    assert data["weights"]["faithfulness"] == data["weights"]["coverage"] == 0.5
    good, weak = data["cases"]
    assert good["composite"] == 1.0
    assert weak["composite"] == pytest.approx((1 / 2 + 1 / 3) / 2)


def test_aggregation_option(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file, "--aggregation", "min")
    assert data["aggregation"] == "min"
    assert data["cases"][1]["composite"] == pytest.approx(1 / 3)
    data = rag_json(capsys, "rag", dataset_file, "--aggregation", "min", "--weight", "context_relevance=0",
                    "--weight", "coverage=0")
    assert data["cases"][1]["composite"] == 0.5


def test_confidence_option(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file, "--confidence", "0.8")
    assert data["confidence"] == 0.8
    relevance = data["cases"][1]["metrics"]["context_relevance"]
    assert (relevance["low"], relevance["high"]) == wilson_interval(1, 3, 0.8)
    default = rag_json(capsys, "rag", dataset_file)["cases"][1]["metrics"]["context_relevance"]
    assert default["low"] < relevance["low"] < relevance["high"] < default["high"]


def test_gate_option(capsys, dataset_file):
    data = rag_json(capsys, "rag", dataset_file, "--gate", "faithfulness=0.9", "--gate", "correctness=0.5")
    assert data["gates"] == {"faithfulness": 0.9, "correctness": 0.5}
    good, weak = data["cases"]
    assert good["gated"] == []
    assert weak["gated"] == ["faithfulness"]
    assert "below hard gate: faithfulness" in weak["composite_note"]
    assert "gate not checked (N/A): correctness" in weak["composite_note"]


def test_single_case_and_cases_object_files(capsys, tmp_path, make_case_dict):
    one = tmp_path / "one.json"
    one.write_text(json.dumps(make_case_dict("solo", passages=[True, False])), encoding="utf-8")
    data = rag_json(capsys, "rag", one)
    assert [case["id"] for case in data["cases"]] == ["solo"]
    assert data["cases"][0]["metrics"]["context_relevance"]["value"] == 0.5
    many = tmp_path / "many.json"
    many.write_text(json.dumps({"cases": [make_case_dict("a"), make_case_dict("b")]}), encoding="utf-8")
    assert [case["id"] for case in rag_json(capsys, "rag", many)["cases"]] == ["a", "b"]


def test_output_keeps_unicode(capsys, tmp_path, make_case_dict):
    path = tmp_path / "es.json"
    path.write_text(json.dumps(make_case_dict("reembolso-ñ", passages=[True]), ensure_ascii=False), encoding="utf-8")
    run(["rag", str(path)])
    out = capsys.readouterr().out
    assert '"reembolso-ñ"' in out


# ---------------------------------------------------------------- bad input


def test_bad_label_names_file_and_place(capsys, tmp_path, make_case_dict):
    bad = make_case_dict("b", claims=[(True, True)])
    bad["claims"][0]["supported"] = "yes"
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(make_case_dict("a")) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    line = bad_run(capsys, "rag", path)
    assert line == f'error: {path}: line 2: claims[0].supported: expected true, false or null, got "yes"'


def test_bad_json_names_file_and_line(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "id": "a",\n  "question": \n', encoding="utf-8")
    line = bad_run(capsys, "rag", path)
    assert line.startswith(f"error: {path}: line 4: invalid JSON")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b"   \n", "the file is empty"),
        (b"[]", "cases: the dataset has no cases"),
        (b'{"id": "a", "question": "caf\xe9"}',
         "not UTF-8 text (undecodable byte at offset 28); save the file as UTF-8"),
        (b"[" * 100_000, "JSON is nested too deeply to read"),
        (b'[{"id": "a", "question": "q"}, {"id": "a", "question": "q"}]',
         'cases[1]: duplicate case id "a" (also at cases[0])'),
    ],
)
def test_bad_files(capsys, tmp_path, content, message):
    path = tmp_path / "input.json"
    path.write_bytes(content)
    assert bad_run(capsys, "rag", path) == f"error: {path}: {message}"


def test_missing_file(capsys, tmp_path):
    path = tmp_path / "nope.json"
    assert bad_run(capsys, "rag", path) == f"error: {path}: no such file"
    assert bad_run(capsys, "import-ragas", path) == f"error: {path}: no such file"


def test_directory_instead_of_file(capsys, tmp_path):
    assert bad_run(capsys, "rag", tmp_path) == f"error: {tmp_path}: is a directory, not a file"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--threshold", "faithfulness"], "--threshold expects NAME=VALUE, got 'faithfulness'"),
        (["--threshold", "faithfulness:0.5"], "--threshold expects NAME=VALUE"),
        (["--threshold", "coverage=abc"], "--threshold coverage: expected a number, got 'abc'"),
        (["--threshold", "speed=0.5"], "--threshold: unknown dimension 'speed'"),
        (["--weight", "relevance=2"], "--weight: unknown dimension 'relevance'"),
        (["--gate", "=0.5"], "--gate: unknown dimension ''"),
        (["--confidence", "high"], "argument --confidence: expected a number, got 'high'"),
        (["--confidence", "1.5"], "expected a confidence from 0.5 to 0.999 (0.95 gives a 95% interval), got '1.5'"),
        (["--confidence", "0"], "expected a confidence from 0.5 to 0.999"),
        (["--confidence", "1e-300"], "expected a confidence from 0.5 to 0.999"),
        (["--confidence", "0.9999"], "expected a confidence from 0.5 to 0.999"),
        (["--confidence", "nan"], "argument --confidence: expected a finite number, got 'nan'"),
        (["--threshold", "coverage=nan"], "--threshold coverage: expected a finite number, got 'nan'"),
        (["--weight", "coverage=inf"], "--weight coverage: expected a finite number, got 'inf'"),
        (["--weight", "faithfulness=1e999"], "--weight faithfulness: expected a finite number, got '1e999'"),
        (["--gate", "coverage=-inf"], "--gate coverage: expected a finite number, got '-inf'"),
        (["--max-file-mb", "0"], "argument --max-file-mb: expected a positive number of megabytes, got '0'"),
        (["--max-file-mb", "1e307"], "argument --max-file-mb: expected a positive number of megabytes"),
        (["--aggregation", "median"], "invalid choice: 'median'"),
    ],
)
def test_bad_option_syntax(capsys, dataset_file, args, expected):
    line = bad_run(capsys, "rag", dataset_file, *args)
    assert line.startswith("python -m uncase_core rag: ")
    assert expected in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--threshold", "coverage=1.5"], "thresholds.coverage: must be from 0 to 1, got 1.5"),
        (["--threshold", "coverage=-0.1"], "thresholds.coverage: must be from 0 to 1, got -0.1"),
        (["--weight", "coverage=-1"], "weights.coverage: must not be negative, got -1.0"),
        (["--gate", "coverage=2"], "gates.coverage: must be from 0 to 1, got 2.0"),
        ([f"--weight={name}=0" for name in METRICS],
         "weights: all weights are zero; give at least one dimension a positive weight"),
    ],
)
def test_bad_settings(capsys, dataset_file, args, message):
    assert bad_run(capsys, "rag", dataset_file, *args) == f"error: {message}"


def test_no_command_or_unknown_command(capsys):
    assert "required" in bad_run(capsys)
    assert "invalid choice: 'frob'" in bad_run(capsys, "frob")


# ---------------------------------------------------------------- import-ragas


RAGAS_ROW = {"user_input": "How long?", "retrieved_contexts": ["Five days.", "Free shipping."],
             "response": "Five days. To the card.", "reference": "Five working days."}


def test_import_ragas_jsonl(capsys, tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(RAGAS_ROW) + "\n" + json.dumps({**RAGAS_ROW, "id": "x"}) + "\n", encoding="utf-8")
    assert run(["import-ragas", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert [case["id"] for case in lines] == ["ragas-001", "x"]
    assert lines[0]["passages"] == [{"id": "p1", "text": "Five days.", "relevant": None},
                                    {"id": "p2", "text": "Free shipping.", "relevant": None}]
    assert lines[0]["claims"] == [{"id": "c1", "text": "Five days.", "supported": None, "correct": None},
                                  {"id": "c2", "text": "To the card.", "supported": None, "correct": None}]
    assert lines[0]["reference_facts"] == [{"id": "f1", "text": "Five working days.", "covered": None}]
    # The output is itself a dataset the rag command reads: all N/A until labelled.
    cases = tmp_path / "cases.jsonl"
    cases.write_text(out, encoding="utf-8")
    data = rag_json(capsys, "rag", cases)
    assert data["cases"][0]["diagnosis"]["not_applicable"] == list(METRICS)
    assert data["cases"][0]["composite"] is None
    assert data["cases"][0]["metrics"]["context_relevance"]["unlabelled"] == 2


def test_import_ragas_csv(capsys, tmp_path):
    path = tmp_path / "rows.csv"
    path.write_text('question,contexts,answer,ground_truth\n"How long?","[\'Five days.\', \'Free.\']",'
                    '"Five days. To the card.","Five working days."\n', encoding="utf-8")
    assert run(["import-ragas", str(path), "--format", "csv"]) == 0
    out = capsys.readouterr().out
    (case,) = [json.loads(line) for line in out.splitlines()]
    assert case["question"] == "How long?"
    assert [p["text"] for p in case["passages"]] == ["Five days.", "Free."]
    assert [c["text"] for c in case["claims"]] == ["Five days.", "To the card."]


def test_import_ragas_bad_row(capsys, tmp_path):
    path = tmp_path / "rows.csv"
    path.write_text("user_input,response\nq,a\nq,a,surplus\n", encoding="utf-8")
    assert bad_run(capsys, "import-ragas", path) == f"error: {path}: line 3: more cells than header columns"
    path.write_text("user_input,retrieved_contexts\nq,\"[__import__('os').system('x')]\"\n", encoding="utf-8")
    assert bad_run(capsys, "import-ragas", path).startswith(f"error: {path}: line 2: retrieved_contexts: ")


# ---------------------------------------------------------------- a real process


def _module(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "uncase_core", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=600, check=False)  # a hang guard, not a timing


def test_subprocess_rag(capsys, dataset_file):
    process = _module("rag", str(dataset_file), "--weight", "coverage=2")
    assert process.returncode == 0, process.stderr
    assert process.stderr == ""
    assert json.loads(process.stdout) == rag_json(capsys, "rag", dataset_file, "--weight", "coverage=2")


def test_subprocess_bad_input(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"id": "a", "question": "q", "passages": [{"id": "p", "text": "t", "relevant": 1}]}',
                    encoding="utf-8")
    process = _module("rag", str(path))
    assert process.returncode == 2
    assert process.stdout == ""
    assert process.stderr == f"error: {path}: passages[0].relevant: expected true, false or null, got 1\n"


def test_import_ragas_reads_bare_nan_scores_as_no_verdict(capsys, tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({**RAGAS_ROW, "faithfulness": float("nan")}) + "\n"
                    + json.dumps({**RAGAS_ROW, "faithfulness": 0.8}) + "\n", encoding="utf-8")
    assert run(["import-ragas", str(path)]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 2 and "NaN" not in out
