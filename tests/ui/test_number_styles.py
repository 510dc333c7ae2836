"""Numbers by a table of languages, not by ``== "es"`` branches (issue 40): a new language adds a row to
:data:`ui.i18n.NUMBER_STYLES`, and every formatter, the number boxes and the error messages follow it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ui.i18n as i18n
from ui.i18n import (
    NumberStyle,
    format_count,
    format_number,
    format_p,
    format_p_value,
    format_percent,
    percent_axis,
    plot_separators,
)

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").glob("*.py"), ROOT / "app.py"])


def test_no_code_branches_on_a_language_code():
    """``language == "es"`` (or ``!= "en"``) in a formatter is the branch a third language would have to find."""
    found = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
                sides = [node.left, *node.comparators]
                if any(isinstance(side, ast.Constant) and side.value in i18n.LANGUAGES for side in sides):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


@pytest.fixture
def portuguese(monkeypatch):
    """A third language's row, as Portuguese (Brazil) writes numbers: 1.234,5 and 66,7 %."""
    styles = {**i18n.NUMBER_STYLES, "pt": NumberStyle(decimal_mark=",", group_mark=".", group_from=1_000,
                                                       percent_gap="\u00a0")}
    monkeypatch.setattr(i18n, "NUMBER_STYLES", styles)
    return "pt"


def test_a_new_row_is_all_a_language_needs_for_its_numbers(portuguese):
    assert format_number(1234.5, portuguese, 1) == "1234,5"
    assert format_count(12345, portuguese) == "12.345" and format_count(1234, portuguese) == "1.234"
    assert format_percent(0.6667, portuguese) == "66,7\u00a0%"
    assert plot_separators(portuguese) == ",."
    assert percent_axis(portuguese)["ticktext"][1] == "20\u00a0%"
    from ui.widgets.numbers import decimal_mark

    assert decimal_mark(portuguese) == ","


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ("1234.5", "12,345", "1,234", "66.7%", ".,")),
    ("es", ("1234,5", "12\u00a0345", "1234", "66,7\u00a0%", ",.")),
    ("xx", ("1234.5", "12,345", "1,234", "66.7%", ".,")),  # a language without a row writes as English
])
def test_english_and_spanish_write_as_before(language, expected):
    assert (format_number(1234.5, language, 1), format_count(12345, language), format_count(1234, language),
            format_percent(0.6667, language), plot_separators(language)) == expected


@pytest.mark.parametrize(("value", "language", "digits", "relation"), [
    (0.042, "en", "0.042", "= 0.042"),
    (0.042, "es", "0,042", "= 0,042"),
    (0.0005, "en", "0.001", "= 0.001"),  # rounds up to the last decimal shown
    (0.00049, "en", "< 0.001", "< 0.001"),
    (1.9e-6, "es", "< 0,001", "< 0,001"),
    (0.0, "en", "< 0.001", "< 0.001"),
    (1.0, "es", "1,000", "= 1,000"),
])
def test_a_p_value_too_small_for_its_decimals_is_below_the_last_one(value, language, digits, relation):
    """``p = 0.000`` reads as "impossible": the compare and planner pages said it for a tiny p."""
    assert format_p_value(value, language) == digits
    assert format_p(value, language) == relation


@given(st.floats(min_value=0, max_value=1), st.integers(min_value=1, max_value=6))
def test_a_p_value_is_never_written_as_zero(value, decimals):
    text = format_p_value(value, "en", decimals)
    assert text != format_number(0, "en", decimals)
    if not text.startswith("<"):
        assert abs(float(text) - value) <= 10.0 ** -decimals / 2 + 1e-12
