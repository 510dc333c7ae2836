"""Page scripts stay thin and read top to bottom.

A page script (``app_pages/*.py``, run by ``app.py`` through ``st.navigation``) reads widgets, calls the core and
draws; drawing helpers live in ``ui/views/<domain>``. Two rules checked from the code:

* no page script is longer than 250 lines;
* no function in a page reads a module-level name that the script assigns only further down (a function called
  before that line would fail, and one called after depends on the order of the script's top level).
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_SCRIPTS = sorted((ROOT / "app_pages").glob("*.py"))
MAX_LINES = 250


def _bound_at_top(tree: ast.Module) -> dict[str, int]:
    """Each name the script's top level binds, with the first line that binds it."""
    first: dict[str, int] = {}

    def bind(name: str, line: int) -> None:
        first.setdefault(name, line)

    for node in tree.body:
        for sub in ast.walk(node):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and sub is not node:
                continue
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                bind(sub.id, sub.lineno)
            elif isinstance(sub, (ast.Import, ast.ImportFrom)):
                for alias in sub.names:
                    bind((alias.asname or alias.name).split(".")[0], sub.lineno)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name, node.lineno)
    return first


def _top_level_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Functions defined by the script itself, at its top level or in its top-level blocks (not nested ones)."""
    found = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append(node)
            elif not isinstance(node, ast.ClassDef):
                for field in ("body", "orelse", "finalbody", "handlers"):
                    visit([n for n in getattr(node, field, []) if isinstance(n, ast.stmt | ast.ExceptHandler)])
                if isinstance(node, ast.ExceptHandler):
                    visit(node.body)

    visit(tree.body)
    return found


def _local_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Names bound inside ``function`` (its arguments, assignments, nested definitions, imports)."""
    names = {a.arg for a in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
    names |= {a.arg for a in (function.args.vararg, function.args.kwarg) if a is not None}
    for node in ast.walk(function):
        if node is function:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def later_reads(source: str) -> list[str]:
    """``line: function reads NAME (bound at line N)`` for each module-level name read before it is bound."""
    tree = ast.parse(source)
    bound = _bound_at_top(tree)
    problems = []
    for function in _top_level_functions(tree):
        local = _local_names(function)
        for node in ast.walk(function):
            if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local
                    and node.id in bound and bound[node.id] > function.lineno and not hasattr(builtins, node.id)):
                problems.append(f"{node.lineno}: {function.name} reads {node.id} (bound at line {bound[node.id]})")
    return problems


def test_the_rule_sees_a_later_name_and_allows_an_earlier_one():
    assert later_reads("A = 1\ndef f():\n    return A\n") == []
    assert later_reads("def f():\n    return B\nB = 2\n") == ["2: f reads B (bound at line 3)"]
    assert later_reads("def f(B):\n    return B\nB = 2\n") == []
    assert later_reads("with x:\n    def f():\n        return C\nC = 1\n") == ["3: f reads C (bound at line 4)"]


def test_every_page_script_is_at_most_250_lines():
    assert PAGE_SCRIPTS, "no page scripts found"
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PAGE_SCRIPTS}
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}


def test_no_function_in_a_page_reads_a_name_the_script_assigns_later():
    found = {path.name: problems for path in PAGE_SCRIPTS
             if (problems := later_reads(path.read_text(encoding="utf-8")))}
    assert found == {}
