"""No import cycle among the project's modules, counting imports inside functions.

Every ``.py`` file of ``ui/``, ``app_pages/``, ``app.py``, ``uncase_core/`` and ``uncase_store/`` is parsed with
``ast``; every import (at module level, in a function, under ``if TYPE_CHECKING``) is an edge from the file's module
to the project module it names: ``from x import y`` counts as ``x.y`` when ``x.y`` is a module, else as ``x``; a
relative import is resolved against the file's package. A package's ``__init__`` is its own node, so
``from pkg import name`` reads ``pkg/__init__.py``. The test is generic over whatever modules exist.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("ui", "app_pages", "uncase_core", "uncase_store")
SCRIPTS = ("app.py",)


def module_files() -> dict[str, Path]:
    """Every project module by its dotted name (page scripts under their path's dotted name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    for script in SCRIPTS:
        if (ROOT / script).is_file():
            found[Path(script).stem] = ROOT / script
    return found


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def imports_of(module: str, path: Path, modules: set[str]) -> set[str]:
    """The project modules ``module`` imports anywhere in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                while name and name not in modules:  # `import a.b.c` binds a.b.c (and runs a, a.b)
                    name = name.rpartition(".")[0]
                if name:
                    targets.add(name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(module, path)
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    targets.add(full)
                elif base in modules:
                    targets.add(base)
    targets.discard(module)
    return targets


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    names = set(files)
    return {module: imports_of(module, path, names) for module, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected component of more than one module (Tarjan), as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def _one_loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest path round one member of ``component``, to say where the cycle goes."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return component


def test_the_graph_sees_function_level_and_relative_imports():
    graph = import_graph()
    assert "ui.frame.page" in graph and "ui.frame.state" in graph["ui.frame.page"]
    assert graph["app"], "the entry script imports the frame"
    tiny = {"a": set(), "a.b": set(), "c": set()}
    assert cycles({"a": {"c"}, "c": {"a"}, "a.b": set()}) == [["a", "c"]]
    assert cycles(tiny) == []


def test_no_import_cycle_among_the_project_modules():
    graph = import_graph()
    found = cycles(graph)
    described = [" -> ".join(_one_loop(graph, component)) + f"  (cycle of {len(component)}: {', '.join(component)})"
                 for component in found]
    assert not found, "import cycles (imports inside functions count):\n" + "\n".join(described)
