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
    for args in (["rag", ASSETS / "rag/en/all_good.json"],
                 ["dataset", ASSETS / "datasets/workbench_en.json", "--strata", "domain"],
                 ["conversations", ASSETS / "conversations/en/good.json"]):
        names, done = imported(*args)
        assert done.returncode == 0, done.stderr
        assert "statsmodels" in names  # Wilson intervals
        assert not names & ROUGE, (args[0], sorted(names & ROUGE))  # rouge-score is only the tests' oracle
