"""What Streamlit would draw in English unless told otherwise: every select box and multiselect is given a placeholder.

Streamlit's select boxes say "Choose an option" (multiselects "Choose options") when nothing is chosen, in English
whatever the page's language, unless ``placeholder=`` is given. :func:`ui.frame.state.kept` gives the catalogue's
``common.choose`` to the boxes it draws; every other call gives one itself. The strings Streamlit offers no way to
replace ("No results" in a box's search, "Copy to clipboard", "Skip to main content", the Backspace key name on a
button) are listed in the README.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.pages.apptest_helpers import open_app
from ui.i18n import translate

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "app_pages").glob("*.py"))
SOURCES = sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").glob("*.py"), ROOT / "app.py"])


def _select_calls_without_placeholder(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr not in ("selectbox", "multiselect"):
            continue
        if not any(k.arg == "placeholder" for k in node.keywords) and not any(k.arg is None for k in node.keywords):
            missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return missing


def test_every_select_call_in_the_source_gives_a_placeholder():
    calls = [line for path in SOURCES for line in _select_calls_without_placeholder(path)]
    assert not calls  # kept(st.selectbox, ...) passes the widget, not a call: it adds common.choose itself
    assert sum(p.read_text(encoding="utf-8").count("selectbox") for p in SOURCES) >= 20  # the sweep read the callers


@pytest.mark.parametrize("page", PAGES)
def test_every_box_a_spanish_page_shows_has_a_spanish_placeholder(page):
    at = open_app()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    boxes = [*at.get("selectbox"), *at.get("multiselect")]
    english = {"Choose an option", "Choose options", translate("en", "common.choose")}
    for box in boxes:
        assert box.proto.placeholder and box.proto.placeholder not in english, (page, box.label)
