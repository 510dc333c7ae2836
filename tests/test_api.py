"""The core's public API: what the issue promises imports as written, each package's ``__all__`` resolves and is
listed in docs/api.md, the package stays small at the top, and importing a package loads nothing heavy."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rag", "conversations", "summaries", "rubrics", "datasets", "agreement", "judge", "lessons", "stats",
            "shared", "assets", "cli", "compare")
MAX_TOP_LEVEL_ENTRIES = 17  # 14 packages (assets/ left shared/ so that shared names no domain), errors, evaluator, main


def test_the_promised_imports_work_as_written():
    script = """
from uncase_core.rag import (dataset_from_bytes, dataset_from_text, dataset_to_text, case_to_dict, evaluate_case,
                             evaluate_dataset, diagnose, RagCase, RagDataset, Settings)
from uncase_core.stats import wilson_interval, Proportion, required_sample_size, difference_interval, ppi_mean_interval
from uncase_core.agreement import cohen_kappa, fleiss_kappa, krippendorff_alpha
from uncase_core.conversations import find_personal_data
from uncase_core.errors import InputError
from uncase_core.judge import compare_ragas, read_ragas_scores, simulate
from uncase_core.evaluator import Evaluator
from uncase_core.conversations.evaluator import Evaluator as Defined
assert Evaluator is Defined
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("package", PACKAGES)
def test_every_exported_name_resolves_to_its_defining_module(package: str):
    module = importlib.import_module(f"uncase_core.{package}")
    for name in module.__all__:
        value = getattr(module, name)
        defining = importlib.import_module(f"uncase_core.{package}.{module._EXPORTS[name]}")
        assert getattr(defining, name) is value
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        module.not_a_name  # noqa: B018


def test_the_api_page_lists_each_packages_api():
    section = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for package in PACKAGES:
        line = re.search(rf"^- \*\*`uncase_core\.{package}`\*\* \([^)]*\): (.*)$", section, re.M)
        assert line, f"uncase_core.{package} is not listed"
        listed = re.findall(r"`([A-Za-z_]\w*)`", line.group(1))
        assert sorted(listed) == sorted(importlib.import_module(f"uncase_core.{package}").__all__), package


def test_the_core_has_few_top_level_entries():
    entries = [p.name for p in (ROOT / "uncase_core").iterdir() if p.name != "__pycache__"]
    assert len(entries) <= MAX_TOP_LEVEL_ENTRIES, sorted(entries)


def test_importing_a_package_loads_none_of_its_modules():
    script = ("import sys\nimport " + ", ".join(f"uncase_core.{p}" for p in PACKAGES if p != "lessons") +
              "\nheavy = [m for m in ('statsmodels', 'pandas', 'scipy', 'numpy', 'krippendorff', 'phonenumbers') "
              "if m in sys.modules]\nprint(heavy)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
