"""Every ``python`` block in docs/*.md and the README runs as written, from the clone's root (where the examples'
relative paths point), each in a fresh namespace: an example that drifts from the API fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
# The README's block is an import list that names document 000's API paths; it runs too.
FILES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
BLOCKS = [(path, index, code) for path in FILES
          for index, code in enumerate(FENCE.findall(path.read_text(encoding="utf-8")))]


def test_the_docs_have_examples():
    assert {path.name for path, _, _ in BLOCKS} >= {"api.md", "compare.md", "formats.md", "pages.md"}


@pytest.mark.parametrize(("path", "index", "code"), BLOCKS,
                         ids=[f"{path.name}-{index}" for path, index, _ in BLOCKS])
def test_example_runs(path, index, code, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"{path.name} block {index}", "exec"), {"__name__": f"docs_example_{index}"})
