"""``python -m uncase_core compare A B``: the core's figures as a table or JSON, exit 2 on bad input."""

from __future__ import annotations

import json

import pytest

from tests.core.cli.test_cli_startup import STATISTICS, imported
from uncase_core.assets.reader import ASSETS, load_pair_index, load_system_pair
from uncase_core.cli.gates import compare_gate
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.compare.systems import VERDICT_TEXTS, compare_systems
from uncase_core.rag.evaluation import Settings

PAIR = (ASSETS / "compare" / "en" / "system_a.json", ASSETS / "compare" / "en" / "system_b.json")


def good_run(capsys, *args) -> tuple[str, str]:
    code = run([*map(str, args), "--exit-zero"])  # the gate's own exit statuses: test_cli_gates.py
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


def bad_run(capsys, *args) -> str:
    code = run([*map(str, args)])
    out, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_json_is_the_cores_comparison(capsys):
    out, err = good_run(capsys, "compare", *PAIR, "--json", "--stratum", "domain", "--seed", "4", "--resamples", "300",
                        "--threshold", "faithfulness=0.6", "--confidence", "0.9", "--power", "0.9")
    assert err == ""
    data = json.loads(out)
    (pair,) = load_pair_index()
    a, b = load_system_pair(pair, "en")
    comparison = compare_systems(a, b, Settings.build(thresholds={"faithfulness": 0.6}, confidence=0.9),
                                 stratum="domain", seed=4, resamples=300, power=0.9)
    expected = comparison.to_dict()
    assert data == {"schema_version": 1, "a": str(PAIR[0]), "b": str(PAIR[1]), **json.loads(json.dumps(expected)),
                    "gate": compare_gate(comparison).to_dict()}
    assert data["dimensions"]["context_relevance"]["verdict"]["code"] == "b_better"
    assert data["dimensions"]["coverage"]["strata"][0]["value"] == "banking"


def test_the_table_reads_the_verdicts_and_the_figures(capsys):
    out, _ = good_run(capsys, "compare", *PAIR, "--strata", "domain")  # --strata is the spelling
    (pair,) = load_pair_index()
    result = compare_systems(*load_system_pair(pair, "en"), stratum="domain")
    assert out.startswith(f"A: {PAIR[0]}\nB: {PAIR[1]}\n20 cases, 95% intervals, bootstrap seed 0 with 2000 resamples")
    for name, d in result.dimensions.items():
        assert f"\n{name} (a case passes at {d.threshold:g} or more)\n" in out
        assert f"verdict        {VERDICT_TEXTS[d.verdict.code]}: " in out
    cr = result.dimensions["context_relevance"]
    assert f"both {cr.paired.both}, only A {cr.paired.only_a}, only B {cr.paired.only_b}, neither 0" in out
    assert f"B - A          +0.500 [{cr.paired.low:+.3f}, {cr.paired.high:+.3f}]   exact McNemar p = 0.001953" in out
    # Said as every page says a proportion (uncase_core.stats.reading), in English.
    # a case's 2 units: Wilson's interval is withheld below 3 (issue 48, docs/coverage.md)
    assert "flipped        telecom-cancel: only A passes (A 2 / 2 · 100.0% · interval withheld below 3, B 1 / 2 · " \
           "50.0%" in out
    assert "domain = retail (exploratory): both 3, only A 5, only B 0, neither 0" in out
    needed = result.dimensions["correctness"].sample_size.pairs_needed
    assert f"pairs needed   {needed} for the exact test to tell a difference of -0.100 at 80% power (20 now, " \
           f"{needed - 20} more)" in out
    assert "pairs needed   N/A: the systems flip as many cases one way as the other" in out
    assert "NaN" not in out


def test_a_primary_dimension_is_declared_on_the_command_line(capsys):
    out, _ = good_run(capsys, "compare", *PAIR, "--primary", "context_relevance", "--json")
    data = json.loads(out)
    assert data["primary"] == "context_relevance" and data["verdict_basis"] == "exact_mcnemar_primary_then_holm"
    assert data["dimensions"]["context_relevance"]["verdict"]["role"] == "primary"
    out, _ = good_run(capsys, "compare", *PAIR, "--primary", "correctness")
    assert "primary dimension (declared first): correctness" in out
    assert f"verdict        {VERDICT_TEXTS['not_tested']}: after the primary" in out


def test_a_primary_that_is_not_a_dimension_names_the_option(capsys):
    err = bad_run(capsys, "compare", *PAIR, "--primary", "relevance")
    assert err.startswith("error: --primary: ") and "context_relevance" in err


def test_a_stratum_no_case_has_is_warned_on_stderr(capsys):
    out, err = good_run(capsys, "compare", *PAIR, "--json", "--stratum", "tier")
    assert err == f'warning: {PAIR[0]}: no case of system A has the metadata field "tier", so every case is in the ' \
                  'stratum "(missing)"\n'
    assert json.loads(out)["notes"][0]["code"] == "stratum_field_absent"


def test_withheld_intervals_say_so(tmp_path, capsys):
    case = {"id": "q1", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": True}]}
    path = tmp_path / "one.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    out, _ = good_run(capsys, "compare", path, path)
    assert "bootstrap      pooled B - A +0.000 withheld" in out
    assert "note: only 1 cases have labelled units for both systems" in out
    na = "N/A (0 labelled, 0 not labelled)"
    assert f"pooled         A {na}   B {na}" in out  # no claims: faithfulness is N/A
    assert "verdict        not applicable: no case has a pass or fail for both systems" in out


def test_case_ids_that_differ_name_both_files_and_the_ids(capsys):
    err = bad_run(capsys, "compare", PAIR[0], ASSETS / "agreement" / "annotator_a_en.json")
    assert err.startswith(f"error: {PAIR[0]}, {ASSETS / 'agreement' / 'annotator_a_en.json'}: the two systems must "
                          'answer the same cases; only in A (20): "retail-returns", ')
    assert "only in B (24): " in err


@pytest.mark.parametrize(("args", "start"), [
    (["--resamples", "0"], "error: --resamples: expected a whole number from 1 to 20,000, got 0"),
    (["--seed", "-1"], "error: --seed: expected a whole number from 0 to"),
    (["--power", "0.1"], "error: --power: expected a number from 0.5 to 0.999, got 0.1"),
])
def test_bad_options_exit_2_naming_the_option(capsys, args, start):
    assert bad_run(capsys, "compare", *PAIR, *args).startswith(start)


@pytest.mark.parametrize("args", [[*PAIR, "--seed", "x"], [*PAIR, "--threshold", "nope=0.3"],
                                  [*PAIR, "--confidence", "2"], [PAIR[0]]])
def test_argument_errors_exit_2(capsys, args):
    with pytest.raises(SystemExit) as exited:
        run(["compare", *map(str, args)])
    assert exited.value.code == EXIT_BAD_INPUT
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("python -m uncase_core compare: ")


def test_missing_files_and_bad_files_exit_2(tmp_path, capsys):
    assert bad_run(capsys, "compare", PAIR[0], tmp_path / "nope.json").endswith("nope.json: no such file\n")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"id": "q1", "question": "q"}\n{"id": "q1", "question": "q"}\n', encoding="utf-8")
    assert "duplicate case id" in bad_run(capsys, "compare", broken, PAIR[1])


def test_help_and_argument_errors_load_nothing_heavy():
    for args in (["compare", "--help"], ["compare", "a.json"]):
        names, done = imported(*args)
        assert done.returncode in (0, 2)
        assert not names & STATISTICS, sorted(names & STATISTICS)
