"""One formatter for a proportion (uncase_core/stats/reading.py, issue 36): the pages, the projector and the command
line say it alike."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.i18n import format_percent, translate
from uncase_core.stats.figures import UnregisteredFigure
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.reading import ENGLISH, interval_line, proportion_line, short_line

ROOT = Path(__file__).resolve().parents[3]
CASE = "rag.case.interval"  # a registered figure (uncase_core/stats/figures.py)


def test_the_command_lines_words_are_the_english_catalogues():
    for key, text in ENGLISH.items():
        assert translate("en", key) == text, key


@given(st.integers(0, 500), st.data(), st.integers(0, 5))
def test_a_line_carries_its_counts_and_interval_or_says_na(total, data, unlabelled):
    successes = data.draw(st.integers(0, total))
    p = Proportion.from_counts(successes, total, unlabelled)
    for words, percent in ((None, None), (lambda k, **v: translate("es", k, **v),
                                          lambda v, d: format_percent(v, "es", d))):
        line = (proportion_line(p, figure=CASE) if words is None
                else proportion_line(p, words, percent, figure=CASE))
        assert "nan" not in line.lower()
        if total == 0:
            assert line.startswith("N/A") and short_line(p, figure=CASE) == "N/A"
        else:
            assert line.startswith(f"{successes} / {total} · ")
            assert ("not labelled" in line or "sin etiquetar" in line) == bool(unlabelled)


def test_a_withheld_interval_is_said_not_drawn():
    p = Proportion(3, 5, 0, 0.6, None, None)
    assert proportion_line(p, figure=CASE) == "3 / 5 · 60.0% · interval withheld"
    assert proportion_line(Proportion.from_counts(3, 5), figure=CASE, verdict="fails") == \
        "3 / 5 · 60.0% · 95% interval 23.1% to 88.2% · fails"


def test_no_page_formats_a_proportion_line_itself():
    """Only ui/widgets/proportions.py fills the catalogue's value.line / value.counts templates."""
    offenders = []
    for path in (ROOT / "ui").rglob("*.py"):
        if path.name == "proportions.py" and path.parent.name == "widgets":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ("value.line", "value.counts", "value.withheld"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


@pytest.mark.parametrize("figure", ["rag.case.intervals", "", None, "RAG.CASE.INTERVAL"])
def test_the_formatter_refuses_a_figure_the_registry_does_not_list(figure):
    p = Proportion.from_counts(3, 5)
    with pytest.raises(UnregisteredFigure, match="not a registered figure"):
        proportion_line(p, figure=figure)
    with pytest.raises(UnregisteredFigure):
        short_line(p, figure=figure)
    with pytest.raises(UnregisteredFigure):
        interval_line(0.1, 0.2, str, lambda key, **values: key, "value.interval", "value.interval_withheld",
                      figure=figure)


def test_the_formatter_cannot_be_called_without_naming_its_figure():
    with pytest.raises(TypeError):
        proportion_line(Proportion.from_counts(3, 5))  # type: ignore[call-arg]
