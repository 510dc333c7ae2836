"""uncase_core stays pure, checked from its code (ast, not grep): no user interface, store, network, environment,
clock or unseeded randomness, and files opened only by the assets reader and the command line.

Every number on screen is testable without Streamlit or a database because the core receives plain data and returns
results; these rules keep it so. A string or comment that mentions a forbidden name does not count; an import
inside a function does.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "uncase_core"
FORBIDDEN_IMPORTS = frozenset({
    "streamlit", "plotly", "sqlalchemy", "psycopg", "psycopg2", "sqlite3", "uncase_store", "ui",  # UI and store
    "socket", "ssl", "http", "urllib", "requests", "httpx", "aiohttp", "websockets", "ftplib", "smtplib",  # network
    "random", "secrets", "uuid", "time",  # randomness and clocks (numpy's generators are checked for a seed)
})
# The modules that may open files: the assets reader and the command line.
FILE_READERS = frozenset({"uncase_core/assets/reader.py", "uncase_core/cli/main.py", "uncase_core/cli/files.py"})
FILE_METHODS = frozenset({"open", "read_text", "read_bytes", "write_text", "write_bytes", "glob", "rglob", "iterdir",
                          "exists", "is_file", "is_dir", "stat", "listdir", "scandir", "walk", "mkdir", "unlink"})
CLOCK_CALLS = frozenset({"now", "utcnow", "today", "monotonic", "perf_counter", "time", "process_time"})
UNSEEDED = frozenset({"default_rng", "RandomState", "Generator", "SeedSequence"})


def core_files() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def violations(path: Path, source: str | None = None) -> list[str]:
    """Every place in ``path`` (or in ``source``, read as that file) that breaks the core's purity."""
    name = _relative(path)
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    found = []
    for line, module in _imports(tree):
        if module.split(".")[0] in FORBIDDEN_IMPORTS:
            found.append(f"{name}:{line}: imports {module}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os" \
                and node.attr in ("environ", "getenv", "putenv", "environb"):
            found.append(f"{name}:{node.lineno}: reads the environment (os.{node.attr})")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        touches_files = called == "open" or (isinstance(func, ast.Attribute) and called in FILE_METHODS)
        if name not in FILE_READERS and touches_files:
            found.append(f"{name}:{node.lineno}: touches files ({called}); only the assets reader and the CLI may")
        if isinstance(func, ast.Attribute) and called in CLOCK_CALLS and ast.unparse(func.value).split(".")[-1] in (
                "datetime", "date", "time"):
            found.append(f"{name}:{node.lineno}: reads the clock ({ast.unparse(func)})")
        if called in UNSEEDED and not node.args and not any(k.arg in ("seed", "entropy") for k in node.keywords):
            found.append(f"{name}:{node.lineno}: unseeded random generator ({ast.unparse(func)}())")
        if isinstance(func, ast.Attribute) and ast.unparse(func.value) in ("np.random", "numpy.random") \
                and called not in UNSEEDED:
            found.append(f"{name}:{node.lineno}: numpy's global random state ({ast.unparse(func)})")
    return found


def test_the_core_is_pure():
    problems = [problem for path in core_files() for problem in violations(path)]
    assert problems == [], "\n".join(problems)


def test_only_the_assets_reader_and_the_cli_may_touch_files():
    existing = {_relative(path) for path in core_files()}
    assert existing >= FILE_READERS  # the allowed readers are still where this test says


@pytest.mark.parametrize(("source", "expected"), [
    ("import streamlit as st", "imports streamlit"),
    ("def f():\n    from plotly import graph_objects", "imports plotly"),
    ("from sqlalchemy.engine import Engine", "imports sqlalchemy.engine"),
    ("import urllib.request", "imports urllib.request"),
    ("import os\nx = os.environ['A']", "reads the environment"),
    ("import os\nx = os.getenv('A')", "reads the environment"),
    ("from pathlib import Path\nPath('a').read_text()", "touches files (read_text)"),
    ("open('a')", "touches files (open)"),
    ("from datetime import datetime\ndatetime.now()", "reads the clock"),
    ("import datetime\ndatetime.date.today()", "reads the clock"),
    ("import numpy as np\nnp.random.default_rng()", "unseeded random generator"),
    ("import numpy as np\nnp.random.rand(3)", "numpy's global random state"),
    ("import random", "imports random"),
])
def test_the_purity_scan_finds_what_it_should(source: str, expected: str):
    found = violations(CORE / "rag" / "evaluation.py", source)
    assert any(expected in problem for problem in found), found


@pytest.mark.parametrize("source", [
    "import numpy as np\nrng = np.random.default_rng(seed)",
    "import numpy as np\nrng = np.random.default_rng(seed=3)",
    "x = 'import streamlit'  # a string is not an import",
    "from datetime import datetime\ndatetime.fromisoformat('2024-01-01')",
])
def test_the_purity_scan_lets_pure_code_be(source: str):
    assert violations(CORE / "rag" / "evaluation.py", source) == []
