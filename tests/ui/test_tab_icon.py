"""The browser tab's icon never sends the browser elsewhere (docs/privacy.md): Streamlit fetches a ``:material/...:``
tab icon from fonts.gstatic.com and an image's address as it is, but draws an emoji as an inline SVG. Every icon the
code gives a tab (``st.Page(icon=...)`` in the navigation, ``st.set_page_config(page_icon=...)``) is an emoji; the
browser test ``tests/e2e/test_offline_browser.py`` watches the requests themselves on every page."""

from __future__ import annotations

import ast
from pathlib import Path

from streamlit.string_util import is_emoji

from ui.frame.navigation import TAB_ICON

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted([ROOT / "app.py", ROOT / "serve.py", *(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").glob("*.py")])


def _tab_icons(tree: ast.AST) -> list[ast.expr]:
    """The expressions given as a tab's icon: ``page_icon=`` of set_page_config, ``icon=`` of ``st.Page``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        wanted = {"set_page_config": "page_icon", "Page": "icon"}.get(node.func.attr)
        if wanted is None:
            continue
        found.extend(keyword.value for keyword in node.keywords if keyword.arg == wanted)
    return found


def test_the_tab_icon_is_an_emoji():
    assert is_emoji(TAB_ICON)


def _problem(path: Path, value: ast.expr) -> str | None:
    if isinstance(value, ast.Name):
        return None if value.id == "TAB_ICON" else f"{path.name}:{value.lineno}: a tab icon from {value.id}"
    if isinstance(value, ast.Constant) and isinstance(value.value, str) and is_emoji(value.value):
        return None
    return f"{path.name}:{value.lineno}: a tab icon that is not an emoji: {ast.unparse(value)}"


def test_every_tab_icon_is_the_emoji():
    problems = [problem for path in CODE for value in _tab_icons(ast.parse(path.read_text(encoding="utf-8")))
                if (problem := _problem(path, value)) is not None]
    assert not problems, "\n".join(problems)


def test_the_scan_finds_the_navigations_and_the_pages_icons():
    found = {path.name: len(_tab_icons(ast.parse(path.read_text(encoding="utf-8")))) for path in CODE}
    assert found["app.py"] == 1 and found["page.py"] >= 3 and found["access.py"] == 1
    material = ast.parse('st.Page("x.py", icon=":material/home:")\nst.set_page_config(page_icon="https://a/b.png")')
    assert [ast.literal_eval(value) for value in _tab_icons(material)] == [":material/home:", "https://a/b.png"]
