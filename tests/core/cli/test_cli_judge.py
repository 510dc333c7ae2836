"""``python -m uncase_core judge``: the three intervals and the agreement as JSON; bad input is one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from uncase_core.assets.reader import JUDGE_SET
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.judge.lexical_judge import judge_dataset
from uncase_core.judge.report import judge_report
from uncase_core.rag.cases import dataset_from_text, dataset_to_text
from uncase_core.rag.evaluation import METRICS

ROOT = Path(__file__).resolve().parents[3]
REPORT_KEYS = {"dimension", "unit", "confidence", "counts", "tuned", "intervals", "judge_worth", "judge_worth_interval",
               "agreement", "notes"}


@pytest.fixture
def half_labelled(tmp_path) -> Path:
    """The built-in English retail set with the hand labels of every other case removed (verdicts kept)."""
    dataset = dataset_from_text((JUDGE_SET / "en" / "retail.json").read_text(encoding="utf-8"))
    cases = []
    for index, case in enumerate(dataset.cases):
        if index % 2:
            for kind in ("passages", "claims", "reference_facts"):
                units = []
                for unit in case.units(kind):
                    for name in unit.labels:
                        unit = unit.with_label(name, None)
                    units.append(unit)
                case = case.with_units(kind, tuple(units))
        cases.append(case)
    path = tmp_path / "half.json"
    path.write_text(dataset_to_text(dataset.__class__(tuple(cases), "object", {})), encoding="utf-8")
    return path


def judge_json(capsys, *args: object) -> dict:
    code = run(["judge", *map(str, args)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def judge_error(capsys, *args: object) -> str:
    code = run(["judge", *map(str, args)])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_every_dimension_by_default_with_the_stored_verdicts(capsys, half_labelled):
    data = judge_json(capsys, half_labelled)
    assert (data["judge"], data["confidence"], data["tuned"]) == ("stored", 0.95, False)
    assert list(data["dimensions"]) == list(METRICS)
    dataset = dataset_from_text(half_labelled.read_text(encoding="utf-8"))
    for dimension in METRICS:
        report = data["dimensions"][dimension]
        assert set(report) == REPORT_KEYS
        assert set(report["intervals"]) == {"hand_labels", "judge_only", "ppi", "ppi_tuned"}
        assert report == json.loads(json.dumps(judge_report(dataset.cases, dimension).to_dict()))
        assert report["counts"]["verdict_only"] > 0 and report["judge_worth"] is not None


def test_one_dimension_tuned_and_confidence(capsys, half_labelled):
    data = judge_json(capsys, half_labelled, "--dimension", "coverage", "--dimension", "coverage", "--tuned",
                      "--confidence", "0.9")
    assert list(data["dimensions"]) == ["coverage"]
    report = data["dimensions"]["coverage"]
    assert report["tuned"] is True and report["intervals"]["ppi_tuned"]["confidence"] == 0.9
    assert report["judge_worth"] == report["intervals"]["ppi_tuned"]["judge_worth"]


def test_builtin_judge_with_a_cutoff(capsys, half_labelled):
    data = judge_json(capsys, half_labelled, "--judge", "builtin", "--cutoff", "faithfulness=1.0",
                      "--dimension", "faithfulness")
    assert data["cutoffs"]["faithfulness"] == 1.0
    dataset = judge_dataset(dataset_from_text(half_labelled.read_text(encoding="utf-8")), {"faithfulness": 1.0})
    assert data["dimensions"]["faithfulness"]["intervals"]["judge_only"] == judge_report(
        dataset.cases, "faithfulness").judge.to_dict()


def test_verdict_file(capsys, tmp_path, half_labelled):
    verdicts = tmp_path / "verdicts.csv"
    verdicts.write_text("case_id,unit_id,dimension,judge_verdict\nretail-01,p1,context_relevance,false\n",
                        encoding="utf-8")
    data = judge_json(capsys, half_labelled, "--judge", "file", "--judge-file", verdicts,
                      "--dimension", "context_relevance")
    assert data["attached"] == {"rows": 1, "attached": {"context_relevance": 1, "faithfulness": 0,
                                                        "correctness": 0, "coverage": 0}}
    verdicts.write_text("case_id,unit_id,dimension,judge_verdict\nretail-01,p7,context_relevance,false\n",
                        encoding="utf-8")
    err = judge_error(capsys, half_labelled, "--judge", "file", "--judge-file", verdicts)
    assert f"{verdicts}: line 2: unit_id: " in err


def test_ragas_results(capsys, tmp_path):
    results = tmp_path / "ragas.csv"
    results.write_text("user_input,retrieved_contexts,response,reference,faithfulness,context_recall\n"
                       "q1,['c'],A. B.,R.,1.0,0.2\nq2,['c'],C. D.,R.,0.1,nan\nq3,['c'],E.,R.,0.9,0.8\n",
                       encoding="utf-8")
    assert run(["import-ragas", str(results)]) == 0
    imported = dataset_from_text(capsys.readouterr().out)
    labelled = []
    for case, supported in zip(imported.cases, (True, False, None), strict=True):
        labelled.append(case.with_units("claims", tuple(c.with_label("supported", supported) for c in case.claims)))
    cases = tmp_path / "labelled.jsonl"
    cases.write_text(dataset_to_text(imported.__class__(tuple(labelled), "jsonl")), encoding="utf-8")
    data = judge_json(capsys, cases, "--judge", "ragas", "--judge-file", results, "--score-threshold", "0.5")
    assert list(data["dimensions"]) == ["faithfulness", "coverage"]
    faithfulness = data["dimensions"]["faithfulness"]
    assert faithfulness["unit"] == "case" and faithfulness["ragas_column"] == "faithfulness"
    assert faithfulness["agreement"]["table"] == {"label_1_judge_1": 1, "label_1_judge_0": 0, "label_0_judge_1": 0,
                                                  "label_0_judge_0": 1}
    err = judge_error(capsys, cases, "--judge", "ragas", "--judge-file", results, "--dimension", "correctness")
    assert "no column for correctness" in err


@pytest.mark.parametrize(("args", "fragment"), [
    (["--dimension", "relevance"], "dimension: unknown dimension 'relevance'"),
    (["--judge", "file"], "--judge-file: --judge file needs --judge-file F"),
    (["--judge", "builtin", "--cutoff", "coverage=2"], "cutoffs.coverage: expected a number from 0 to 1"),
    (["--judge", "file", "--judge-file", "missing.csv"], "missing.csv: no such file"),
])
def test_bad_options(capsys, half_labelled, args, fragment):
    assert fragment in judge_error(capsys, half_labelled, *args)


@pytest.mark.parametrize(("args", "fragment"), [
    (["--judge", "oracle"], "invalid choice: 'oracle'"),
    (["--confidence", "1.5"], "expected a confidence from 0.5 to 0.999"),
])
def test_usage_errors_exit_2(capsys, half_labelled, args, fragment):
    with pytest.raises(SystemExit) as caught:
        run(["judge", str(half_labelled), *args])
    assert caught.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("python -m uncase_core judge: ") and fragment in err


def test_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "uncase_core", "judge", str(JUDGE_SET / "es" / "travel.json"),
                           "--dimension", "correctness"], capture_output=True, text=True, cwd=ROOT, check=True)
    report = json.loads(done.stdout)["dimensions"]["correctness"]
    assert report["agreement"]["units"] == 75
