"""The docs of the house stay true: every path they name exists, every package is on the map, every core module is
described in docs/layout.md.

Docs drift silently: a module moves (`shared/assets.py` became `uncase_core/assets/reader.py`) and three pages go on
sending a newcomer to a file that is gone. A path is named in backticks; it is found when a tracked file or folder
is that path or ends with it (layout.md names `rag/cases.py` inside the core's section).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]

# Backticked names that look like paths but are not files of this repository, each with the reason.
NOT_OUR_FILES = {
    "stats/proportion.py": "statsmodels' module, named as the model our stats/ follows",
    "_stcore/health": "Streamlit's health route",
    "api/uncase/room-head": "our HTTP route, not a file",
    "data/uncase.db": "the default store, made on first start (not in git)",
    "tests/e2e/artifacts/case_editor_times.txt": "written by the browser test that times the case editor",
    ".venv/lib/python3.11/site-packages/streamlit": "Streamlit's installed source, made by the setup command",
    "runtime/scriptrunner_utils/script_requests.py": "a module of Streamlit's installed source",
    "runtime/state/session_state.py": "a module of Streamlit's installed source",
}
FILE_ENDINGS = r"\.(py|md|toml|json|jsonl|csv|parquet|txt|sh|yml|yaml)$"


def _tracked() -> set[str]:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    folders = {"/".join(f.split("/")[:i]) for f in files for i in range(1, f.count("/") + 1)}
    return set(files) | folders


def named_paths(text: str) -> set[str]:
    """The backticked tokens of a page that name a path: a folder (with a slash) or a file with a known ending."""
    found = set()
    for token in re.findall(r"`([^`\s]+)`", text):
        if not re.fullmatch(r"[\w.\-/]+", token) or token.startswith(("/", "..", "http")) or "//" in token:
            continue
        if "/" in token or re.search(FILE_ENDINGS, token):
            found.add(token.rstrip("/"))
    return found


def _exists(path: str, tracked: set[str]) -> bool:
    return path in tracked or any(t.endswith("/" + path) for t in tracked)


def test_the_path_finder_reads_what_it_is_for():
    text = "see `uncase_core/rag/cases.py`, `rag/`, `shared/assets.py`, `st.navigation`, `k / n`, `0,65`, `a.b`"
    assert named_paths(text) == {"uncase_core/rag/cases.py", "rag", "shared/assets.py"}
    tracked = {"uncase_core", "uncase_core/rag", "uncase_core/rag/cases.py"}
    assert _exists("rag/cases.py", tracked) and _exists("rag", tracked)
    assert not _exists("shared/assets.py", tracked)


def test_every_path_the_docs_name_exists():
    tracked = _tracked()
    missing = {}
    for doc in DOCS:
        gone = sorted(p for p in named_paths(doc.read_text(encoding="utf-8"))
                      if p not in NOT_OUR_FILES and not _exists(p, tracked))
        if gone:
            missing[doc.relative_to(ROOT).as_posix()] = gone
    assert not missing, f"paths the docs name that do not exist (fix the doc, or list it in NOT_OUR_FILES): {missing}"


def test_every_package_is_on_the_map():
    the_map = (ROOT / "docs" / "map.md").read_text(encoding="utf-8")
    packages = sorted({p.parent.relative_to(ROOT) for top in ("uncase_core", "uncase_store", "ui")
                       for p in (ROOT / top).rglob("__init__.py")})
    assert len(packages) > 20
    absent = [str(p) for p in packages if f"{p.name}/" not in the_map]
    assert not absent, f"packages docs/map.md does not name: {absent}"


def test_every_core_module_is_described_in_the_layout():
    layout = (ROOT / "docs" / "layout.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`]+)`", layout))
    modules = sorted(p for p in (ROOT / "uncase_core").rglob("*.py") if p.name != "__init__.py")
    assert len(modules) > 60
    absent = []
    for module in modules:
        inside = module.relative_to(ROOT / "uncase_core").as_posix()
        if not ({module.stem, module.name, inside} & named) and not any(inside in name for name in named):
            absent.append(inside)
    assert not absent, f"core modules docs/layout.md does not describe: {absent}"
