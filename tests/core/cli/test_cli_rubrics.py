"""``python -m uncase_core rubrics``: JSON shape (DRFR 0-100), --filters, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
from uncase_core.rubrics.lab import verdicts_to_csv

ROOT = Path(__file__).resolve().parents[3]
DRFR_KEYS = {"passed", "judged", "value", "low", "high"}
STABILITY_KEYS = {"spearman", "kendall", "identical_ranks", "mean_neighbour_gap", "spread", "separated_pairs"}


@pytest.fixture
def verdicts_file(tmp_path):
    frame, _ = generate_verdicts(GeneratorSettings(seed=8, candidates=5, prompts=10, items_per_prompt=4))
    path = tmp_path / "verdicts.csv"
    path.write_text(verdicts_to_csv(frame), encoding="utf-8")
    return path


def run_json(capsys, *args):
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def run_bad(capsys, *args) -> str:
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT and out == "" and "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def test_json_shape_and_scale(capsys, verdicts_file):
    code, report, err = run_json(capsys, "rubrics", verdicts_file)
    assert code == 0 and err == ""
    assert set(report) == {"drfr", "removed", "stability", "ties"}
    assert set(report["drfr"]) == {"before", "after"} and set(report["stability"]) == {"before", "after"}
    for side in ("before", "after"):
        assert set(report["drfr"][side]) == {"J1", "J2", "J3"}
        for row in report["drfr"][side].values():
            assert set(row) == {"C1", "C2", "C3", "C4", "C5"}
            for cell in row.values():
                assert set(cell) == DRFR_KEYS
                assert cell["value"] == pytest.approx(100 * cell["passed"] / cell["judged"])
                if side == "after" and report["removed"]:
                    # the filters chose the kept items from these verdicts: no interval after them
                    assert cell["low"] is None and cell["high"] is None
                else:
                    assert 0 <= cell["low"] <= cell["value"] <= cell["high"] <= 100
        figures = report["stability"][side]
        assert set(figures) == STABILITY_KEYS
        assert set(figures["spearman"]) == set(figures["kendall"]) == {"J1|J2", "J1|J3", "J2|J3"}
        assert figures["mean_neighbour_gap"] == pytest.approx(figures["spread"] / 4)
        assert figures["spread"] > 1  # points, not a 0-1 share
    assert report["removed"]
    for entry in report["removed"]:
        assert set(entry) == {"prompt", "item", "filter", "reason"}
    assert {e["filter"] for e in report["removed"]} == {"trivial", "impossible", "misaligned", "unstable"}


def test_filters_subset(capsys, verdicts_file):
    code, report, _ = run_json(capsys, "rubrics", verdicts_file, "--filters", "trivial,unstable")
    assert code == 0
    assert {e["filter"] for e in report["removed"]} == {"trivial", "unstable"}
    code, report, _ = run_json(capsys, "rubrics", verdicts_file, "--filters", "")
    assert report["removed"] == [] and report["drfr"]["before"] == report["drfr"]["after"]


def test_bad_input(capsys, tmp_path, verdicts_file):
    path = tmp_path / "bad.csv"
    path.write_text("candidate,prompt,item,judge,run,verdict\nA,P,i,J,1,yes\nA,P,j,J,1,maybe\n", encoding="utf-8")
    assert run_bad(capsys, "rubrics", path) == (
        f"error: {path}: line 3: verdict: expected yes/no, true/false or 1/0, got 'maybe'")
    path.write_text("candidate,item,verdict\nA,i,yes\n", encoding="utf-8")
    assert run_bad(capsys, "rubrics", path) == f"error: {path}: line 1: missing columns: prompt, judge, run"
    path.write_bytes(b"")
    assert run_bad(capsys, "rubrics", path) == f"error: {path}: the file is empty"
    assert run_bad(capsys, "rubrics", tmp_path / "nope.csv").startswith("error: ")
    with pytest.raises(SystemExit) as exit_:
        run(["rubrics", str(verdicts_file), "--filters", "trivial,easy"])
    out, err = capsys.readouterr()
    assert exit_.value.code == EXIT_BAD_INPUT and out == "" and err.count("\n") == 1
    assert "unknown filter 'easy'" in err


def test_module_entry_point_without_traceback(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"candidate": "A", "prompt": "P", "item": "i", "judge": "J", "run": 1, "verdict": "?"}\n',
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "uncase_core", "rubrics", str(path)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == EXIT_BAD_INPUT and done.stdout == ""
    assert done.stderr == f"error: {path}: line 1: verdict: expected yes/no, true/false or 1/0, got '?'\n"
