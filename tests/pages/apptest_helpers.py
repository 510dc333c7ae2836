"""AppTest helpers: run the real app files from the project root."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from ui.views.rag.settings import GATES_BOX, WEIGHTS_BOX

ROOT = Path(__file__).resolve().parents[2]
RAG_PAGE = "app_pages/rag_diagnosis.py"


def open_app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    return at


def open_rag_page() -> AppTest:
    at = open_app()
    at.switch_page(RAG_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric_values(at: AppTest) -> dict[str, str]:
    """The value shown on each metric card, by its label."""
    return {m.label: m.value for m in at.metric}


def captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption]


def edit_labels(at: AppTest, kind: str, edits: dict[int, dict[str, object]]) -> AppTest:
    """Apply edits to a RAG label table the way the browser's data editor reports them.

    Like the browser, the report holds every edit made in the table since it was drawn: pass
    the earlier ones again with the new one (or use :func:`tick`).
    """
    key = at.session_state["rag_workspace"].editor_key(kind, at.session_state["language_widget"])
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def edit_table(at: AppTest, table: str, edits: dict[int, dict[str, object]]) -> AppTest:
    """The same for the conversation and summary pages' tables (``claims``, ``turns``, ``accuracy`` ...)."""
    key = at.session_state["label_tables"][table]
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def workspace(at: AppTest):
    """The session's copy of the person's stored workspace (ui.frame.workspace.Workspace)."""
    return at.session_state["workspace"]


def token(at: AppTest) -> str:
    return at.query_params["w"]


def reopen(at: AppTest, path: str | None = None) -> AppTest:
    """A new session on the same link (a reload, or the tab reopened): nothing of the old session's state."""
    fresh = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    fresh.query_params["w"] = token(at)
    fresh.run()
    if path is not None:
        fresh.switch_page(path)
        fresh.run()
    assert not fresh.exception, [e.value for e in fresh.exception]
    return fresh


def open_settings_boxes(at: AppTest) -> AppTest:
    """Open the RAG page's weights and gates boxes: their widgets are drawn only while open (views/rag/settings.py)."""
    at.session_state[WEIGHTS_BOX] = True
    at.session_state[GATES_BOX] = True
    return at.run()


def load_scenario(at: AppTest, scenario_id: str) -> AppTest:
    at.sidebar.selectbox(key="rag_scenario_choice").set_value(scenario_id).run()
    next(b for b in at.sidebar.button if b.label in ("Load scenario", "Cargar escenario")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown(markdown: str) -> str:
    """The text a person reads: the backslash escapes that keep user text literal in markdown removed, and the
    invisible word joiners that keep addresses in it from becoming links."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def tree_place(block: Any, key: str, place: tuple[int, ...] = ()) -> tuple[int, ...] | None:
    """Where the element with this key sits in the app's element tree (its delta path), or None. A key button that
    keeps its place across reruns is never missing while a rerun streams in (the frontend writes the new elements
    over the old ones place by place)."""
    for index, node in getattr(block, "children", {}).items():
        if getattr(node, "key", None) == key:
            return (*place, index)
        found = tree_place(node, key, (*place, index))
        if found is not None:
            return found
    return None
