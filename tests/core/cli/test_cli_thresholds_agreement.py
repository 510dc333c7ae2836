"""``python -m uncase_core thresholds`` and ``agreement``: the same figures as the core, exit 2 on bad input."""

from __future__ import annotations

import json

import pytest

from uncase_core.agreement.pairs import agreement_from_bytes
from uncase_core.assets.reader import ASSETS, load_workbench
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.rag.thresholds import threshold_flips

WORKBENCH = ASSETS / "datasets" / "workbench_en.json"
PAIR = (ASSETS / "agreement" / "annotator_a_en.json", ASSETS / "agreement" / "annotator_b_en.json")


def good_run(capsys, *args) -> dict:
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def bad_run(capsys, *args) -> str:
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_thresholds_sweep_is_monotone_with_counts_and_flips(capsys):
    data = good_run(capsys, "thresholds", WORKBENCH, "--metric", "faithfulness", "--step", "0.1", "--flip", "0.7",
                    "0.5")
    assert [p["x"] for p in data["points"]] == pytest.approx([i / 10 for i in range(11)])
    rates = [p["pass_rate"]["value"] for p in data["points"]]
    assert rates == sorted(rates, reverse=True)
    for point in data["points"]:
        assert point["clear_pass"] + point["uncertain"] + point["clear_fail"] == point["pass_rate"]["total"]
    expected = threshold_flips(load_workbench("en").cases, "faithfulness", 0.7, 0.5)
    assert data["flips"]["newly_passing"] == list(expected.newly_passing)
    assert data["flips"]["newly_failing"] == []


def test_agreement_matches_the_core(capsys):
    data = good_run(capsys, "agreement", *PAIR)
    matched = agreement_from_bytes(PAIR[0].read_bytes(), str(PAIR[0]), PAIR[1].read_bytes(), str(PAIR[1]))
    result = matched.agreement()
    assert data["kappa"] == pytest.approx(result.kappa)
    assert data["agreement"]["successes"] == result.agreed and data["agreement"]["total"] == result.units
    assert (data["only_a"], data["only_b"], data["cases_only_a"]) == (matched.only_a, matched.only_b,
                                                                       list(matched.cases_only_a))
    assert len(data["disagreements"]) == len(matched.disagreements)
    one = good_run(capsys, "agreement", *PAIR, "--field", "relevant")
    assert {d["field"] for d in one["disagreements"]} == {"relevant"}


def test_bad_input_is_one_line_naming_the_file(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"cases": [', encoding="utf-8")
    assert "broken.json" in bad_run(capsys, "thresholds", broken, "--metric", "coverage")
    assert "broken.json" in bad_run(capsys, "agreement", PAIR[0], broken)
    assert "missing.json" in bad_run(capsys, "agreement", tmp_path / "missing.json", PAIR[1])


def test_bad_options_exit_2_without_a_traceback(capsys):
    for args in (("thresholds", WORKBENCH, "--metric", "nope"), ("thresholds", WORKBENCH, "--metric",
                                                                 "coverage", "--step", "x"),
                 ("agreement", *PAIR, "--field", "nope")):
        with pytest.raises(SystemExit) as exit_info:
            run([*map(str, args)])
        assert exit_info.value.code == 2
        assert "Traceback" not in capsys.readouterr().err
