"""No page fills an interval's sentence without naming its registered figure (issue 48): every catalogue text with a
``{low}`` and a ``{high}`` is drawn through ``ui/widgets/figures.py`` (or the formatter), which refuses an
unregistered figure, never by ``t()`` alone. The page test (tests/pages/test_figures_drawn.py) sees what a page
draws with its data; this one sees every line of code, drawn or not."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
import streamlit as st

from ui.widgets.figures import DRAWN_KEY, drawn, figure_text
from uncase_core.stats.figures import UnregisteredFigure

ROOT = Path(__file__).resolve().parents[2]
# the formatter's own templates, filled only by ui/widgets/proportions.py (tests/core/stats/test_reading.py)
FORMATTER = {"value.line", "value.counts", "value.interval", "table.clustered_value"}
# a low and a high that are no interval: the class's shares from the lowest to the highest (no level claimed)
DESCRIPTIVE = {"room.gold.spread_line"}


def interval_keys() -> set[str]:
    keys = set()
    for path in (ROOT / "ui" / "i18n" / "en").glob("*.toml"):
        for key, text in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(text, str) and "{low}" in text and "{high}" in text:
                keys.add(key)
    return keys - FORMATTER - DESCRIPTIVE


def test_every_interval_sentence_is_filled_through_its_figure():
    keys = interval_keys()
    assert len(keys) >= 10  # the catalogue has them; a rename that emptied this set would make the test vacuous
    offenders = []
    for folder in ("ui", "app_pages"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("t", "translate")):
                    continue
                for argument in node.args[:2]:
                    if isinstance(argument, ast.Constant) and argument.value in keys:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {argument.value}")
    assert not offenders, offenders


def test_a_page_cannot_draw_an_unregistered_figure_and_a_registered_one_is_noted():
    st.session_state.pop(DRAWN_KEY, None)
    with pytest.raises(UnregisteredFigure):
        drawn("rag.case.intervals")
    with pytest.raises(UnregisteredFigure):
        figure_text("nope", "verdict.clear")
    assert figure_text("rag.case.verdict", "verdict.clear") == "clear"
    assert st.session_state[DRAWN_KEY] == {"rag.case.verdict"}
