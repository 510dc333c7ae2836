"""The server's warm-up (ui/frame/warmup.py): it imports what the pages import and opens the store, without a
script run, and a failure in it is logged, never raised."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ui.frame.warmup import page_imports

ROOT = Path(__file__).resolve().parents[2]


def test_the_pages_imports_are_found_in_every_page_script():
    names = page_imports()
    assert "streamlit" in names
    assert "ui.frame.page:finish_page" in names
    assert any(name.startswith("uncase_core.rag") for name in names)  # the RAG page reads its files with the core
    assert any(name.startswith("ui.views.judge") for name in names)
    assert len(names) == len(set(names))


def test_a_missing_page_module_is_named_in_the_log_and_the_rest_still_imports(tmp_path: Path):
    (tmp_path / "app_pages").mkdir()
    (tmp_path / "app.py").write_text("import json\n")
    (tmp_path / "app_pages" / "bad.py").write_text("import not_a_module_anywhere\nfrom csv import reader\n")
    assert page_imports(tmp_path) == ["json", "not_a_module_anywhere", "csv:reader"]


def test_warm_up_imports_everything_and_opens_the_store_outside_a_script_run(tmp_path: Path):
    script = """
import logging, sys
logging.basicConfig(level=logging.WARNING)
from ui.frame import warmup
warmup.warm_up()
missing = [name for name in warmup.page_imports() if name.partition(":")[0] not in sys.modules]
assert not missing, missing
assert "uncase_core.rag.evaluation" in sys.modules  # imported by a view a page imports
assert "ui.i18n" in sys.modules and "statsmodels.stats.proportion" in sys.modules
print("warm")
"""
    env = {"PATH": "/usr/bin:/bin", "UNCASE_STORE": f"sqlite:///{tmp_path / 'store.db'}", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=180,
                          env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "warm"
    assert "failed" not in done.stderr and "did not open" not in done.stderr, done.stderr
    assert (tmp_path / "store.db").exists()
