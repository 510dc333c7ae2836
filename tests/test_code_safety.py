"""Static safety checks over the playground's own Python (issue 8, bullet B), with ``ast`` rather than grep.

* Nothing keeps user data at module level: no ``global``; no module-level (or class-level)
  mutable container outside an explicit allowlist, whose entries must never be mutated; no
  ``st.cache_data`` / ``st.cache_resource`` / ``functools.cache`` / ``lru_cache`` outside an
  explicit allowlist of functions judged not to take user data (empty today).
* No ``eval``, ``exec``, ``compile`` or pickle-like loading of anything a user supplies;
  ``ast.literal_eval`` only where it is bounded and documented.
* No ``unsafe_allow_html`` / ``st.html`` / ``components.html`` with user content (none today).
* Streamlit's XSRF protection (and the CORS protection it needs) stays on.

Scope: ``app.py``, ``app_pages/``, ``ui/``, ``uncase_core/``, ``uncase_store/`` and ``dev.py``. Streamlit runs
``app.py`` and each page as a script, in a new module namespace on every rerun
(``ScriptRunner._new_module("__main__")`` then ``exec``), so names at the top of a page are
per-run, not shared between sessions; they are exempt from the module-level container rule
as long as no module imports a page (checked). Modules under ``ui/`` and ``uncase_core/`` are
imported once per process and shared by every session, so the rule applies to them in full.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted([ROOT / "app.py", *(ROOT / "app_pages").glob("*.py")])
MODULES = sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "uncase_core").rglob("*.py"),
                  *(ROOT / "uncase_store").rglob("*.py")])
ALL_CODE = [*SCRIPTS, *MODULES, ROOT / "dev.py"]
UI_CODE = [*SCRIPTS, *(ROOT / "ui").rglob("*.py")]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@functools.cache  # parsed once per test session
def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=rel(path))


def trees(paths: list[Path]) -> Iterator[tuple[str, ast.Module]]:
    for path in paths:
        yield rel(path), parse(path)


def dotted(node: ast.AST) -> str:
    """``st.cache_data`` for an attribute chain, ``eval`` for a name, ``""`` for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else node.attr
    return ""


def last_name(node: ast.AST) -> str:
    """The final identifier of a name or attribute chain (``cache_data`` for ``st.cache_data``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def enclosing_functions(tree: ast.Module) -> dict[ast.AST, str]:
    """Each node -> the name of the innermost function around it (``"<module>"`` at the top)."""
    owner: dict[ast.AST, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else name
            owner[child] = inner
            visit(child, inner)

    visit(tree, "<module>")
    return owner


def is_false(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is False


# ================================================================ nothing kept at module level


def test_no_global_statements():
    # `nonlocal` cannot reach module names (Python rejects it there), so `global` is the only way a function
    # could rebind module-level state.
    found = [f"{path}:{node.lineno}: global {', '.join(node.names)}"
             for path, tree in trees(ALL_CODE) for node in ast.walk(tree) if isinstance(node, ast.Global)]
    assert not found, "module state rebound from a function:\n" + "\n".join(found)


MUTABLE_CALLS = frozenset({"list", "dict", "set", "defaultdict", "Counter", "deque", "OrderedDict", "ChainMap",
                           "bytearray", "array"})

# (file, name) -> why a mutable container there holds no user data. Each could be a MappingProxyType (as
# uncase_core/rag/evaluation.py and privacy.py already do); test_allowlisted_containers_are_never_mutated keeps them
# read-only.
ALLOWED_MODULE_CONTAINERS = {
    ("uncase_core/conversations/coherence.py", "_UNIT_GROUPS"): "constant unit word -> unit family table",
    ("uncase_core/datasets/workbench.py", "FIELD_KIND"): "constant label field -> unit kind, derived from LABEL_FIELDS",
    ("uncase_core/conversations/evaluator.py", "DEFAULT_THRESHOLDS"):
        "document 000's constant thresholds; copied before use",
    ("uncase_core/rag/ragas.py", "COLUMNS"): "constant field -> accepted RAGAS column names",
    ("uncase_core/summaries/format.py", "_LABEL_STRINGS"): "constant 'True'/'False' spellings -> booleans",
    ("uncase_core/summaries/blocks.py", "_BLOCK_READERS"): "constant block kind -> reader function",
    ("uncase_core/summaries/blocks.py", "_BLOCK_WRITERS"): "constant block kind -> writer function",
}


def is_mutable_container(node: ast.AST | None) -> bool:
    if isinstance(node, ast.List | ast.Dict | ast.Set | ast.ListComp | ast.DictComp | ast.SetComp):
        return True
    return isinstance(node, ast.Call) and last_name(node.func) in MUTABLE_CALLS


def shared_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that run once per import: the module's, inside its if/with/try/for blocks and class bodies."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield node
        if isinstance(node, ast.ClassDef):
            yield from shared_statements(node.body)
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from shared_statements(getattr(node, field, None) or [])
        for handler in getattr(node, "handlers", None) or []:
            yield from shared_statements(handler.body)
        for case in getattr(node, "cases", None) or []:
            yield from shared_statements(case.body)


def assigned_names(node: ast.stmt) -> list[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [dotted(name) or ast.unparse(name) for target in targets
            for name in (target.elts if isinstance(target, ast.Tuple | ast.List) else [target])]


def module_containers() -> dict[tuple[str, str], int]:
    found = {}
    for path, tree in trees([*MODULES, ROOT / "dev.py"]):
        for node in shared_statements(tree.body):
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and is_mutable_container(node.value):
                for name in assigned_names(node):
                    found[path, name] = node.lineno
    return found


def test_no_mutable_containers_at_module_level():
    found = module_containers()
    unexpected = [f"{path}:{line}: {name}" for (path, name), line in sorted(found.items())
                  if (path, name) not in ALLOWED_MODULE_CONTAINERS]
    assert not unexpected, (
        "module-level mutable containers are shared by every session; use a tuple, frozenset or "
        "types.MappingProxyType (or add a reasoned entry to ALLOWED_MODULE_CONTAINERS):\n" + "\n".join(unexpected))
    stale = sorted(set(ALLOWED_MODULE_CONTAINERS) - set(found))
    assert not stale, f"allowlist entries that no longer exist (remove them): {stale}"


MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault",
                      "add", "discard", "difference_update", "intersection_update", "symmetric_difference_update",
                      "sort", "reverse", "__setitem__", "__delitem__", "__ior__", "appendleft", "extendleft"})


def test_allowlisted_containers_are_never_mutated():
    allowed_names = {name for _, name in ALLOWED_MODULE_CONTAINERS}
    problems = []
    for path, tree in trees(ALL_CODE):
        # The allowlisted names as this file sees them: themselves, or the alias they are imported under.
        watched = {name for file, name in ALLOWED_MODULE_CONTAINERS if file == path}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                watched |= {alias.asname or alias.name for alias in node.names if alias.name in allowed_names}

        def refers(node: ast.AST, watched: set[str] = watched) -> bool:
            return (isinstance(node, ast.Name) and node.id in watched) or (
                isinstance(node, ast.Attribute) and node.attr in allowed_names)

        for node in ast.walk(tree):
            hit = None
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del) and refers(node.value):
                hit = "item assignment or deletion"
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATORS and refers(node.func.value):
                hit = f".{node.func.attr}()"
            elif isinstance(node, ast.AugAssign) and refers(node.target):
                hit = "augmented assignment"
            if hit:
                problems.append(f"{path}:{node.lineno}: {hit} on {ast.unparse(node)[:60]}")
    assert not problems, "allowlisted module-level containers must stay read-only:\n" + "\n".join(problems)


def test_no_module_imports_a_page_script():
    # Pages are exempt from the container rule only because Streamlit re-executes them per run.
    scripts = ("pages", "app_pages", "app")
    found = [f"{path}:{node.lineno}" for path, tree in trees([*ALL_CODE]) for node in ast.walk(tree)
             if (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in scripts)
             or (isinstance(node, ast.Import) and any(a.name.split(".")[0] in scripts for a in node.names))]
    assert not found, f"a page script imported as a module would share its top-level state: {found}"


CACHE_DECORATORS = frozenset({"cache_data", "cache_resource", "experimental_memo", "experimental_singleton",
                              "lru_cache", "cache", "memoize", "once_per_process"})
# (file, function) -> why it takes no user data.
ALLOWED_CACHES: dict[tuple[str, str], str] = {
    ("ui/frame/lessons.py", "lessons"): (
        "the lesson files under assets/lessons, built in and read once per process"),
    ("ui/views/lessons/state.py", "_cached_verdicts"): (
        "the rubric generator's seeded verdicts for a GeneratorSettings (a handful of bounded numbers): built-in "
        "synthetic data, the same for everyone who picks the same sizes; never an upload or a label"),
    ("ui/frame/state.py", "_open_store"): (
        "the store's SQLAlchemy engine (a bounded connection pool), one per store URL and process, kept by "
        "ui/frame/process.py where no client's clear_cache reaches it. It holds connections, never user data; "
        "workspaces are read per session"),
    ("ui/page_data/compare.py", "builtin_pairs"): (
        "the index of the built-in system pairs under assets/compare, read once per process"),
    ("ui/page_data/compare.py", "builtin_pair"): (
        "one built-in system pair (two frozen RagDatasets) by language and id: built-in data, the same for everyone; "
        "a person's labels are edit records applied to it in their own workspace, never to the cached copy"),
    ("ui/frame/access.py", "_no_header_from"): (
        "one log line per trusted proxy that sent no X-Forwarded-For: keyed by a proxy's address the facilitator "
        "named, at most one entry per named proxy; it holds nothing else"),
    ("uncase_core/compare/systems.py", "_kept_weight_blocks"): (
        "the bootstrap's resample weights for (number of cases, resamples, seed): three bounded whole numbers, the "
        "same weights for anyone with as many cases; never a label or a text. Two sizes at most (lru_cache "
        "maxsize=2), each at most 2,000,000 cells (16 MB); the labels' counts are pooled per session"),
    ("ui/frame/memory.py", "start_collector"): (
        "the process's one garbage-collector thread (a closed tab's dropped session freed on a quiet server), kept "
        "by ui/frame/process.py where no client's clear_cache reaches it; it holds no data at all"),
}


def cache_uses() -> dict[tuple[str, str], int]:
    found = {}
    for path, tree in trees(ALL_CODE):
        owner = enclosing_functions(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if last_name(target) in CACHE_DECORATORS:
                        found[path, node.name] = node.lineno
            elif isinstance(node, ast.Call) and dotted(node.func) in (
                    "st.cache_data", "st.cache_resource", "streamlit.cache_data", "streamlit.cache_resource",
                    "functools.lru_cache", "functools.cache", "lru_cache") and node.args:
                # Used as a plain call, cache_data(load) wraps its argument.
                found[path, f"{ast.unparse(node.args[0])} (wrapped in {owner[node]})"] = node.lineno
    return found


def test_no_cache_holds_user_data():
    found = cache_uses()
    unexpected = [f"{path}:{line}: {name}" for (path, name), line in sorted(found.items())
                  if (path, name) not in ALLOWED_CACHES]
    assert not unexpected, (
        "a cache is shared by every session: cache only functions of built-in data, never of uploads or labels, "
        "and list each in ALLOWED_CACHES with the reason:\n" + "\n".join(unexpected))
    stale = sorted(set(ALLOWED_CACHES) - set(found))
    assert not stale, f"allowlist entries that no longer exist (remove them): {stale}"


# ================================================================ no eval, exec or pickle


def test_no_eval_exec_or_compile():
    banned = {"eval", "exec", "compile", "builtins.eval", "builtins.exec", "builtins.compile", "__import__",
              "os.system", "os.popen", "os.execv", "os.execve"}
    found = [f"{path}:{node.lineno}: {dotted(node.func)}()" for path, tree in trees(ALL_CODE)
             for node in ast.walk(tree) if isinstance(node, ast.Call) and dotted(node.func) in banned]
    assert not found, "\n".join(found)


PICKLE_LIKE = frozenset({"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "joblib"})


def test_no_pickle_like_modules():
    found = []
    for path, tree in trees(ALL_CODE):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [f"{path}:{node.lineno}: import {a.name}" for a in node.names
                          if a.name.split(".")[0] in PICKLE_LIKE]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in PICKLE_LIKE:
                found.append(f"{path}:{node.lineno}: from {node.module} import ...")
    assert not found, "\n".join(found)


def test_no_unsafe_loaders():
    found = []
    for path, tree in trees(ALL_CODE):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = dotted(node.func)
            keywords = {k.arg: k.value for k in node.keywords}
            if last_name(node.func) in ("read_pickle", "unsafe_load", "full_load", "unsafe_load_all") \
                    or name in ("yaml.load_all", "yaml.full_load_all"):
                found.append(f"{path}:{node.lineno}: {name}()")
            elif name == "yaml.load":
                loader = keywords.get("Loader", node.args[1] if len(node.args) > 1 else None)
                if loader is None or last_name(loader) not in ("SafeLoader", "CSafeLoader"):
                    found.append(f"{path}:{node.lineno}: yaml.load() without SafeLoader")
            if "allow_pickle" in keywords and not is_false(keywords["allow_pickle"]):
                found.append(f"{path}:{node.lineno}: {name}(allow_pickle=...)")
            if "shell" in keywords and not is_false(keywords["shell"]):
                found.append(f"{path}:{node.lineno}: {name}(shell=...)")
    assert not found, "\n".join(found)


# Where ast.literal_eval may run: (file, enclosing function) -> why it is bounded.
LITERAL_EVAL_SITES = {
    ("uncase_core/summaries/blocks.py", "_literal"):
        "document 002's single-quoted judgement blocks; _read_block_text rejects more than MAX_BLOCK_CHARS first",
    ("uncase_core/rag/ragas.py", "_contexts"):
        "pandas-written RAGAS CSV cells holding a Python list repr; only cells of at most _MAX_LITERAL_CHARS",
}


def test_literal_eval_only_where_bounded():
    found = set()
    for path, tree in trees(ALL_CODE):
        owner = enclosing_functions(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "ast" \
                    and any(alias.name == "literal_eval" for alias in node.names):
                found.add((path, f"from ast import literal_eval (line {node.lineno})"))
            elif isinstance(node, ast.Call) and last_name(node.func) == "literal_eval":
                found.add((path, owner[node]))
    assert found == set(LITERAL_EVAL_SITES), (
        f"literal_eval found at {sorted(found)}; allowed only at {sorted(LITERAL_EVAL_SITES)}")


def test_summary_literal_blocks_are_bounded_and_never_run_code(monkeypatch):
    from uncase_core.errors import InputError
    from uncase_core.summaries import blocks as summary_blocks
    from uncase_core.summaries import format as summary_format

    with pytest.raises(InputError, match="neither JSON"):
        summary_blocks.parse_judgement_block("__import__('os').system('echo owned')", "accuracy")
    with pytest.raises(InputError, match="neither JSON"):
        summary_blocks.parse_judgement_block("{'decomposition': [open('/etc/passwd').read()]}", "accuracy")
    calls = []
    monkeypatch.setattr(ast, "literal_eval", lambda text: calls.append(len(text)))
    too_long = "{'decomposition': [" + "1, " * (summary_format.MAX_BLOCK_CHARS // 3 + 1) + "]}"
    with pytest.raises(InputError, match="too long"):
        summary_blocks.parse_judgement_block(too_long, "accuracy")
    assert calls == []


def test_ragas_literal_cells_are_bounded_and_never_run_code(monkeypatch):
    from uncase_core.errors import InputError
    from uncase_core.rag import ragas as ragas_import

    with pytest.raises(InputError, match="list of contexts"):
        ragas_import._contexts("[__import__('os').system('echo owned')]", "row")
    assert ragas_import._contexts("['a', \"b\"]", "row") == ["a", "b"]
    calls = []
    monkeypatch.setattr(ast, "literal_eval", lambda text: calls.append(len(text)))
    too_long = "[" + "'y', " * (ragas_import._MAX_LITERAL_CHARS // 5 + 1) + "]"
    with pytest.raises(InputError, match="list of contexts"):
        ragas_import._contexts(too_long, "row")
    assert calls == []


# ================================================================ no unsafe HTML


HTML_FUNCTIONS = frozenset({"st.html", "streamlit.html", "components.html", "components.v1.html",
                            "st.components.v1.html", "streamlit.components.v1.html", "stc.html", "html"})
# (file, enclosing function) -> the behavioural test proving its HTML escapes user text, or holds none.
HTML_SITES: dict[tuple[str, str], str] = {
    ("ui/widgets/layout.py", "whole_names"):
        "tests/ui/test_layout.py::test_the_names_style_is_a_constant_without_user_text",
    ("ui/views/lessons/panel.py", "make_slot"):
        "tests/ui/test_lesson_panel.py::test_the_style_rule_is_a_constant_without_user_text",
    ("ui/frame/scroll.py", "scroll_to_top_if_asked"):
        "tests/ui/test_lesson_panel.py::test_the_scroll_to_top_script_is_a_constant_without_user_text",
    ("ui/frame/outage.py", "outage_words"):
        "tests/ui/test_outage.py::test_the_outage_style_is_one_style_block_with_the_catalogues_words",
    ("ui/views/room/projector.py", "projector_view"):
        "tests/pages/test_room_page.py::test_the_projectors_style_rule_is_a_constant_without_user_text",
    ("ui/frame/select_release.py", "release_select_boxes"):
        "tests/ui/test_html_constants.py::test_the_select_release_script_holds_only_our_keys",
    ("ui/widgets/focus.py", "hide_key_hints_without_keyboard"):
        "tests/ui/test_html_constants.py::test_the_key_hints_style_is_a_constant",
    ("ui/frame/streamlit_words.py", "streamlit_words"):
        "tests/ui/test_html_constants.py::test_streamlit_words_holds_only_the_catalogues_words_escaped",
    ("ui/frame/sealed.py", "seal_address"):
        "tests/ui/test_html_constants.py::test_the_sealing_box_style_is_a_constant_holding_only_its_key",
    ("ui/frame/contrast.py", "readable_text"):
        "tests/ui/test_html_constants.py::test_the_caption_contrast_style_is_a_constant",
    ("ui/widgets/layout.py", "label_column"):
        "tests/ui/test_html_constants.py::test_the_label_columns_style_holds_only_a_class_name_and_a_number",
}


def html_sites() -> dict[tuple[str, str], str]:
    found = {}
    for path, tree in trees(UI_CODE):
        owner = enclosing_functions(tree)
        html_imported = any(isinstance(node, ast.ImportFrom) and (node.module or "").startswith("streamlit")
                            and any(alias.name == "html" for alias in node.names) for node in ast.walk(tree))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import) and "streamlit.components" in ast.unparse(node):
                found[path, owner[node]] = f"line {node.lineno}: {ast.unparse(node)}"
            if not isinstance(node, ast.Call):
                continue
            name = dotted(node.func)
            unsafe = [k for k in node.keywords if k.arg == "unsafe_allow_html" and not is_false(k.value)]
            if unsafe or (name in HTML_FUNCTIONS and (name != "html" or html_imported)):
                found[path, owner[node]] = f"line {node.lineno}: {ast.unparse(node)[:100]}"
    return found


def test_no_unescaped_html_sinks():
    # A call site added here needs an entry in HTML_SITES naming a behavioural test that calls the helper with
    # "<script>alert(1)</script>" and "<img src=x onerror=alert(1)>" and asserts the output holds "&lt;script" /
    # "&lt;img" and no raw "<script".
    found = html_sites()
    unexpected = [f"{path} ({function}) {site}" for (path, function), site in sorted(found.items())
                  if (path, function) not in HTML_SITES]
    assert not unexpected, "HTML rendered without a proof that user text is escaped:\n" + "\n".join(unexpected)
    stale = sorted(set(HTML_SITES) - set(found))
    assert not stale, f"allowlist entries that no longer exist (remove them): {stale}"


def test_html_sink_scan_finds_what_it_should():
    sample = ast.parse(
        "import streamlit as st\nfrom streamlit.components import v1 as components\n"
        "st.markdown(x, unsafe_allow_html=True)\nst.markdown(x, unsafe_allow_html=flag)\n"
        "st.markdown(x, unsafe_allow_html=False)\nst.html(x)\ncomponents.html(x)\nst.markdown(x)\n")
    hits = [node.lineno for node in ast.walk(sample) if isinstance(node, ast.Call) and (
        dotted(node.func) in HTML_FUNCTIONS
        or any(k.arg == "unsafe_allow_html" and not is_false(k.value) for k in node.keywords))]
    assert sorted(hits) == [3, 4, 6, 7]


# ================================================================ XSRF protection stays on


# A flag or environment variable switching the protection off, however it is spelled or quoted.
DISABLING = re.compile(
    r"(enableXsrfProtection|enableCORS|ENABLE_XSRF_PROTECTION|ENABLE_CORS)"
    r"""["']?\s*[=:,]?\s*["']?\s*(false|0|no|off)\b""", re.IGNORECASE)
LAUNCHERS = sorted({ROOT / "dev.py", *(ROOT / ".ci").glob("*"), *(ROOT / "tests" / "e2e").glob("*.py"),
                    *(ROOT / "tests" / "support").glob("*.py"),
                    *(ROOT / "bench").glob("*.py"), *(ROOT / ".streamlit").glob("*"), ROOT / "README.md",
                    *(ROOT / "docs").rglob("*.md"), *ALL_CODE})


def test_streamlit_config_keeps_xsrf_and_cors_on():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    server = config.get("server", {})
    assert server.get("enableXsrfProtection", True) is not False
    assert server.get("enableCORS", True) is not False  # XSRF protection needs CORS protection on


def test_no_launcher_switches_xsrf_or_cors_off():
    found = [f"{rel(path)}: {match.group(0)!r}" for path in LAUNCHERS if path.is_file()
             for match in DISABLING.finditer(path.read_text(encoding="utf-8", errors="replace"))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("text", "disables"), [
    ("--server.enableXsrfProtection=false", True),
    ("--server.enableXsrfProtection false", True),
    ('"--server.enableXsrfProtection", "False"', True),
    ("--server.enableCORS=0", True),
    ("STREAMLIT_SERVER_ENABLE_XSRF_PROTECTION=false", True),
    ("enableXsrfProtection = false", True),
    ("--server.enableXsrfProtection=true", False),
    ("--server.headless=true", False),
])
def test_disabling_pattern(text, disables):
    assert bool(DISABLING.search(text)) is disables


def test_every_table_marks_bidi_controls():
    """Issue 35, finding 9: tables draw cells as text, but a raw right-to-left override still reverses what follows;
    every ``st.dataframe`` goes through ``ui.widgets.text.text_table`` and every label table's frame through
    ``ui.widgets.labels.editor_base``, which mark them."""
    found = []
    for path, tree in trees(UI_CODE):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and dotted(node.func) in ("st.dataframe", "st.data_editor"):
                found.append((path, dotted(node.func), node.lineno))
    direct = [f"{path}:{line}" for path, name, line in found
              if name == "st.dataframe" and path != "ui/widgets/text.py"]
    assert not direct, f"call ui.widgets.text.text_table instead of st.dataframe: {direct}"
    editors = {path for path, name, _line in found if name == "st.data_editor"}
    for path in editors:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert "editor_base" in source or "editor_table" in source, f"{path}: a label table not built by editor_base"


def test_product_comments_give_the_reason_not_the_ticket():
    """A comment or docstring says why; "(issue 39)" sends the reader to a tracker the code outlives. The few left
    date a change ("before issue 48": the method the pages drew then), which the words around them explain."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    files = [p for top in ("uncase_core", "uncase_store", "ui", "app_pages") for p in (root / top).rglob("*.py")]
    files += [root / name for name in ("app.py", "serve.py", "dev.py")]
    found = [f"{path.relative_to(root)}:{number}" for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bissues? \d+", line, re.IGNORECASE)]
    assert len(found) <= 5, found
