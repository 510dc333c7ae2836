"""Label-table sizing: rows tall enough for the whole text on a phone-wide table, never a cut word count."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.layout import (
    HEADER_HEIGHT,
    LINE_HEIGHT,
    MAX_LINES,
    MIN_TEXT_WIDTH,
    PX_PER_CHAR,
    TABLE_WIDTH,
    lines_needed,
    row_height,
    table_height,
    text_column_width,
)

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzáéíóúñ", min_size=1, max_size=30)


def _per_line(width: int) -> int:
    return max(8, int((width - 16) / PX_PER_CHAR))


@given(st.lists(WORDS, max_size=60), st.integers(MIN_TEXT_WIDTH, 600))
def test_lines_match_a_greedy_word_wrap(words, width):
    text = " ".join(words)
    per_line = _per_line(width)
    # A greedy wrap, as both do. textwrap fills the rest of a line with the start of a word longer than a line;
    # the grid moves that word to a line of its own first, which costs at most one more line per such word.
    expected = max(1, len(textwrap.wrap(text, per_line, break_long_words=True)))
    assert expected <= lines_needed(text, width) <= expected + sum(len(w) > per_line for w in words)
    if all(len(w) <= per_line for w in words):
        assert lines_needed(text, width) == expected


@given(st.lists(WORDS, min_size=1, max_size=40), st.integers(MIN_TEXT_WIDTH, 400))
def test_a_longer_text_never_needs_fewer_lines(words, width):
    text = " ".join(words)
    assert lines_needed(text + " " + words[0], width) >= lines_needed(text, width)


def test_row_heights_cover_the_longest_text_of_every_column_up_to_the_cap():
    one_line = row_height((["short"], 300))
    assert one_line == 16 + LINE_HEIGHT
    long_text = "palabra " * 40
    assert row_height((["short"], 300), ([long_text], 150)) == row_height(([long_text], 150))
    assert row_height((["x " * 2000], MIN_TEXT_WIDTH)) == 16 + LINE_HEIGHT * MAX_LINES
    assert row_height() == 16 + LINE_HEIGHT


def test_text_columns_fill_a_phone_wide_table_but_never_below_the_minimum():
    assert text_column_width([40, 100]) == TABLE_WIDTH - 140
    assert text_column_width([40, 100, 100, 100]) == MIN_TEXT_WIDTH
    assert text_column_width([100], text_columns=2) == (TABLE_WIDTH - 100) // 2


def test_table_shows_every_row():
    assert table_height(5, 88) == HEADER_HEIGHT + 5 * 88 + 3


def test_a_word_longer_than_a_line_takes_the_lines_its_length_needs():
    per_line = _per_line(200)
    assert lines_needed("x" * per_line, 200) == 1
    assert lines_needed("x" * (per_line + 1), 200) == 2
    assert lines_needed("x" * (3 * per_line), 200) == 3
    assert lines_needed("a " + "x" * (per_line + 3), 200) == 3  # moved to a line of its own, then broken
    assert lines_needed("x" * (per_line + 3) + " a", 200) == 2  # what follows goes on after its end
