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


# A view imports the frame, the widgets, the page data and the core, and its own domain's views; never another
# domain's view. What several pages share has its home below the views: a page's lesson and room state in
# ui/frame/ (lessons.py, rooms.py), the RAG focus mode, other tools' files in and out and the room box in
# ui/widgets/, the data a page keeps (RAG cases, stored pairs, the agreement and compare models) in ui/page_data/.
# The one exception is the workshop room, which composes the other pages' views for its class and projector views.
COMPOSING_DOMAINS = {"room"}


def view_domain(path: Path) -> str:
    """A view module's domain: its package under ui/views/, or a single-file view's own name."""
    parts = path.relative_to(ROOT / "ui" / "views").parts
    return parts[0] if len(parts) > 1 else Path(parts[0]).stem


def view_imports() -> set[tuple[str, str]]:
    """(domain, the other domain's view module) for every import of another domain's view, anywhere in a file."""
    found = set()
    for path in (ROOT / "ui" / "views").rglob("*.py"):
        if path.name == "__init__.py" and path.parent == ROOT / "ui" / "views":
            continue
        domain = view_domain(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui.views."):
                target = ROOT.joinpath(*node.module.split("."))
                other = view_domain(target.with_suffix(".py") if not target.is_dir() else target / "__init__.py")
                if other != domain:
                    found.add((domain, node.module))
    return found


def test_the_view_domains_are_read_from_packages_and_single_files():
    assert view_domain(ROOT / "ui/views/rag/tables.py") == "rag"
    assert view_domain(ROOT / "ui/views/summaries/focus.py") == "summaries"
    assert view_domain(ROOT / "ui/views/conversations.py") == "conversations"


def test_no_view_imports_another_domains_view_but_the_rooms_composition():
    found = {(domain, module) for domain, module in view_imports() if domain not in COMPOSING_DOMAINS}
    assert found == set(), "use ui/frame, ui/widgets or ui/page_data for what pages share: " + repr(sorted(found))


def test_the_room_composes_other_views_and_no_view_imports_the_room():
    found = view_imports()
    assert any(domain == "room" for domain, _ in found), "the room's composition is the one exception (see above)"
    assert not [pair for pair in found if pair[1].startswith("ui.views.room")]


def test_widgets_and_page_data_sit_below_the_views():
    """ui/widgets/ imports no page data and no view; ui/page_data/ imports no view. The frame imports one view: the
    lesson panel it draws on every page (ui/frame/page.py)."""
    graph = import_graph()
    upward = {(module, target) for module, targets in graph.items() for target in targets
              if (module.startswith("ui.widgets") and target.startswith(("ui.page_data", "ui.views")))
              or (module.startswith("ui.page_data") and target.startswith("ui.views"))
              or (module.startswith("ui.frame") and target.startswith(("ui.page_data", "ui.views"))
                  and (module, target) != ("ui.frame.page", "ui.views.lessons.panel"))}
    assert upward == set()


def test_the_shared_names_live_in_the_widgets_not_in_the_rag_view():
    """metric_name, field_label, field_value and label_value: fourteen files of other domains imported them from
    ui/views/rag/view.py; they are ui/widgets/names.py's."""
    from ui.views.rag import view
    from ui.widgets import names

    for name in ("metric_name", "field_label", "field_value", "label_value"):
        assert (hasattr(names, name) and not hasattr(view, name)) or getattr(view, name) is getattr(names, name)


# Tests import their helpers from tests/support/ (server, Chromium, protocol client, layout checks), which bench/
# imports too. A test imports a bench/ module only to test that benchmark or to use its data builder:
BENCH_MODULES_TESTED = {
    "bench.bench_attacks",  # test_back_messages_server: the attacks the benchmark replays, held off
    "bench.bench_load",  # test_load, test_room_polling_server: the load benchmark's run and its store check
    "bench.bench_room",  # tests/e2e/test_room_rehearsal_server: the room benchmark's rehearsal
    "bench.bench_upload_memory",  # test_upload_release_browser: what the server holds of an upload
    # tests/harness/: the coverage harness, its reduced run in CI and its simulations checked against the pages
    # and the pages' wording tests that quote its figures
    *(f"bench.harness{name}" for name in ("", ".cells", ".draws", ".registry", ".run", ".proportions", ".pooled",
                                          ".paired", ".judge", ".agreement", ".planner", ".rules", ".fixed_cells",
                                          ".conversation", ".grouped", ".rubrics", ".paired_intervals",
                                          ".paired_orders", ".room_pair", ".threshold_verdicts", ".workbench",
                                          ".tool_scores")),
    "bench.ppi_py_reference",  # test_ppi: the reference problems the PPI oracle test replays
    "bench.score_means_methods",  # test_tool_scores: the t-interval the benchmark sets beside the betting one
    "bench.synthetic_rag",  # test_thresholds, test_threshold_step_cost: the large datasets the tick bench times
    "bench.bench_tick_cost",  # the agreement and compare tick tests: the pair and the sessions the bench times
}


def test_tests_take_their_helpers_from_tests_support_and_support_nothing_from_bench():
    imported: dict[str, set[str]] = {}
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "bench":
                imported.setdefault(node.module, set()).add(str(path.relative_to(ROOT)))
    assert set(imported) <= BENCH_MODULES_TESTED, {m: f for m, f in imported.items() if m not in BENCH_MODULES_TESTED}
    assert not [f for files in imported.values() for f in files if f.startswith("tests/support/")]


def test_the_shared_package_imports_no_domain():
    """uncase_core.shared is the bottom layer: it imports the core's errors and itself, no domain package (the
    built-in data's reader, which reads for every domain, is uncase_core.assets)."""
    graph = import_graph()
    found = {(module, target) for module, targets in graph.items() if module.startswith("uncase_core.shared")
             for target in targets if target.startswith("uncase_core.")
             and not target.startswith(("uncase_core.shared", "uncase_core.errors"))
             and target != "uncase_core"}
    assert found == set()


def private_imports_across_packages() -> list[tuple[str, str, str]]:
    """``(module, imported from, name)`` for each ``from x import _name`` whose ``x`` is in another package than the
    importing module's: a private name one package takes from another."""
    found = []
    for module, path in module_files().items():
        package = _package_of(module, path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                source_package = node.module.rpartition(".")[0]
                found += [(module, node.module, alias.name) for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")
                          and source_package != package and node.module.split(".")[0] in PACKAGES]
    return sorted(found)


def test_no_package_takes_another_packages_private_names():
    """A name shared across a package boundary is public, with a docstring saying what it checks or gives: the
    domains' edit readers took six of uncase_core.shared.edits' private helpers (27 imports) and the judge
    took rag.edits' unit finder."""
    assert private_imports_across_packages() == []
