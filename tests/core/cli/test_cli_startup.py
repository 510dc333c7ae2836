"""``python -m uncase_core --help`` and argument errors load no heavy library; each subcommand loads only its own.

Measured in a fresh interpreter with ``-X importtime`` (its list of every module imported), so
whatever this test process has already imported does not matter. Figures: bench/bench_cli_startup.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "assets"
STATISTICS = {"scipy", "statsmodels", "pandas", "numpy"}
ROUGE = {"rouge_score", "nltk"}


def imported(*args: object) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The top-level packages ``python -m uncase_core ARGS`` imports, and the finished process."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "uncase_core", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    names = {line.rsplit("|", 1)[1].strip().split(".")[0] for line in done.stderr.splitlines()
             if line.startswith("import time:") and "self [us]" not in line}
    return names, done


def test_help_imports_neither_scipy_nor_statsmodels():
    names, done = imported("--help")
    assert done.returncode == 0 and "usage: python -m uncase_core" in done.stdout
    assert "uncase_core" in names  # the parse worked: the package itself was imported
    assert not names & (STATISTICS | ROUGE), sorted(names & (STATISTICS | ROUGE))


@pytest.mark.parametrize("args", [["rag"], ["rag", "--help"], ["frob"], ["summaries", "x.json", "--confidence", "2"],
                                  ["rag", "x.json", "--weight", "coverage=inf"]])
def test_argument_errors_and_subcommand_help_import_nothing_heavy(args):
    names, done = imported(*args)
    assert done.returncode in (0, 2)
    assert not names & (STATISTICS | ROUGE), sorted(names & (STATISTICS | ROUGE))


def test_a_missing_file_is_refused_before_any_heavy_import():
    names, done = imported("rag", "no_such_file.json")
    assert done.returncode == 2 and done.stderr.endswith("error: no_such_file.json: no such file\n")
    assert not names & (STATISTICS | ROUGE)


def test_each_subcommand_imports_only_what_it_uses(tmp_path):
    ragas = tmp_path / "rows.jsonl"
    ragas.write_text(json.dumps({"user_input": "How long?", "response": "Five days."}) + "\n", encoding="utf-8")
    names, done = imported("import-ragas", ragas)
    assert done.returncode == 0, done.stderr
    assert not names & (STATISTICS | ROUGE)  # no interval is computed: nothing statistical
    for args in (["dataset", ASSETS / "datasets/workbench_en.json", "--strata", "domain"],
                 ["conversations", ASSETS / "conversations/en/good.json"]):
        names, done = imported(*args)
        assert done.returncode == 0, done.stderr
        # Their statistics beyond Wilson's interval import scipy.stats or statsmodels inside the functions that use
        # them, so only what a file asks for is loaded (the workbench's strata need neither).
        assert "scipy.stats" not in names or args[0] != "dataset", sorted(names & STATISTICS)
        assert not names & ROUGE, (args[0], sorted(names & ROUGE))  # rouge-score is only the tests' oracle


# What reading and evaluating a file of RAG cases must not import: scipy.stats (about 1 s), statsmodels and, through
# it, pandas and pyarrow. Wilson's interval, the exact binomial test and Student's t come from scipy.special's ufuncs
# (uncase_core.stats.distributions), equal to the last digit (tests/core/stats/test_distributions.py).
NOT_FOR_RAG = ("scipy.stats", "statsmodels", "pandas", "pyarrow")


def modules_imported(*args: object) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """Every module (dotted names) ``python -m uncase_core ARGS`` imports, and the finished process."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "uncase_core", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    names = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
             if line.startswith("import time:") and "self [us]" not in line}
    return names, done


def heavy_among(names: set[str]) -> list[str]:
    return sorted(name for name in names if any(name == heavy or name.startswith(heavy + ".") for heavy in NOT_FOR_RAG))


@pytest.mark.parametrize("markdown", [False, True])
def test_rag_on_a_case_file_imports_neither_scipy_stats_nor_statsmodels_pandas_or_pyarrow(tmp_path, markdown):
    cases = tmp_path / "cases.jsonl"  # ten cases, several labelled units each: every interval and test is worked out
    cases.write_text("".join(json.dumps({
        "id": f"c{i}", "question": f"question {i}", "answer": "answer",
        "passages": [{"id": f"p{j}", "text": f"passage {j}", "relevant": (i + j) % 3 > 0} for j in range(4)],
        "claims": [{"id": f"k{j}", "text": f"claim {j}", "supported": (i * j) % 4 > 0, "correct": j != i % 3}
                   for j in range(3)],
        "reference_facts": [{"id": "f0", "text": "fact", "covered": i % 2 == 0}]}) + "\n" for i in range(10)),
        encoding="utf-8")
    for file in (ASSETS / "rag/en/all_good.json", cases):
        names, done = modules_imported("rag", file, "--exit-zero", *(["--format", "markdown"] if markdown else []))
        assert done.returncode == 0, done.stderr
        assert "uncase_core.stats.clustered" in names and "scipy.special" in names  # the statistics did run
        assert not heavy_among(names), heavy_among(names)
