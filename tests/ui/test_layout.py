"""Label-table sizing: rows tall enough for the whole text on a phone-wide table, never a cut word count."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.layout import (
    HEADER_HEIGHT,
    MIN_TEXT_WIDTH,
    TABLE_WIDTH,
    WRAPPING_ROW,
    lines_needed,
    row_height,
    table_height,
    text_column_width,
)
from ui.widgets.text_widths import (
    ADVANCE,
    CELL_MARGIN,
    LINE_PITCH,
    TEXT_HEIGHT,
    TOP_PADDING,
    WIDEST,
    word_width,
    wrap,
)

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzáéíóúñABCMW0129.,¿?", min_size=1, max_size=30)


def text_height(lines: int) -> float:
    """The height in px of ``lines`` lines of a cell's text (from the first line's top to the last one's foot)."""
    return TEXT_HEIGHT + LINE_PITCH * (max(1, lines) - 1)


@given(st.lists(WORDS, max_size=60), st.integers(MIN_TEXT_WIDTH, 600))
def test_lines_are_a_greedy_wrap_of_the_text_within_the_cell(words, width):
    text = " ".join(words)
    lines = wrap(text, width)
    room = width - CELL_MARGIN
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # every character, in order, once
    for line, following in itertools.pairwise(lines):
        assert word_width(line) <= room or " " not in line  # a line fits, or is one piece of a broken word
        # Greedy: the next line's first word (or piece) would not have fitted on this one.
        assert word_width(f"{line} {following.split(' ')[0]}") > room or word_width(following.split(" ")[0]) > room
    assert all(word_width(line) <= room for line in lines if " " in line)


def test_the_wrap_matches_lines_the_browser_drew():
    # Seen in Chromium at 390 px in 118 px columns: the summary page's Spanish question and a RAG claim.
    question = ("¿El resumen sigue 'Resume la solicitud del cliente y el resultado de la llamada en dos o tres "
                "oraciones'?")
    assert wrap(question, 118) == ["¿El resumen", "sigue 'Resume la", "solicitud del", "cliente y el",
                                   "resultado de la", "llamada en dos", "o tres", "oraciones'?"]
    claim = ("The refund goes to your original payment method within 5 business days after the jacket reaches the "
             "warehouse.")
    assert wrap(claim, 118)[:4] == ["The refund goes", "to your original", "payment", "method within 5"]


@given(st.lists(WORDS, min_size=1, max_size=40), st.integers(MIN_TEXT_WIDTH, 400))
def test_a_longer_text_never_needs_fewer_lines(words, width):
    text = " ".join(words)
    assert lines_needed(text + " " + words[0], width) >= lines_needed(text, width)


@given(st.lists(WORDS, max_size=300), st.integers(MIN_TEXT_WIDTH, 400))
def test_a_row_is_never_shorter_than_the_grid_needs_for_its_text(words, width):
    text = " ".join(words)
    assert row_height(([text], width)) >= text_height(lines_needed(text, width)) + TOP_PADDING


def test_row_heights_cover_the_longest_text_of_every_column_without_a_cap():
    one_line = row_height((["short"], 300))
    assert one_line == row_height() == row_height(([""], 118))
    long_text = "palabra " * 40
    assert row_height((["short"], 300), ([long_text], 150)) == row_height(([long_text], 150))
    assert row_height((["x " * 2000], MIN_TEXT_WIDTH)) > row_height((["x " * 1000], MIN_TEXT_WIDTH))


def test_a_text_of_two_lines_gets_a_row_the_grid_wraps_in():
    two_lines = "palabra " * 4
    assert lines_needed(two_lines, 118) == 2
    assert row_height(([two_lines], 118)) >= WRAPPING_ROW > 64
    assert row_height((["short"], 118)) < WRAPPING_ROW  # one line: Streamlit's compact row


def test_a_character_not_measured_counts_as_the_widest():
    assert word_width("漢字") == 2 * WIDEST
    assert max(ADVANCE.values()) == WIDEST


def test_text_columns_fill_a_phone_wide_table_but_never_below_the_minimum():
    assert text_column_width([40, 100]) == TABLE_WIDTH - 140
    assert text_column_width([40, 100, 100, 100]) == MIN_TEXT_WIDTH
    assert text_column_width([100], text_columns=2) == (TABLE_WIDTH - 100) // 2


def test_table_shows_every_row():
    assert table_height(5, 88) == HEADER_HEIGHT + 5 * 88 + 3


def test_a_word_longer_than_a_line_takes_the_lines_its_length_needs():
    room = 200 - CELL_MARGIN
    per_line = int(room // ADVANCE["x"])
    assert lines_needed("x" * per_line, 200) == 1
    assert lines_needed("x" * (per_line + 1), 200) == 2
    assert lines_needed("x" * (3 * per_line), 200) == 3
    assert lines_needed("a " + "x" * (per_line + 3), 200) == 3  # moved to a line of its own, then broken
    assert lines_needed("x" * (per_line + 3) + " a", 200) == 2  # what follows goes on after its end


def test_the_names_style_is_a_constant_without_user_text():
    from ui.widgets.layout import NAMES_STYLE

    assert NAMES_STYLE.startswith("<style>") and NAMES_STYLE.endswith("</style>")
    assert "{" in NAMES_STYLE and "<" not in NAMES_STYLE[len("<style>"):-len("</style>")]
