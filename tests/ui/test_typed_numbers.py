"""Numbers typed into the app's boxes, read with the reader's decimal mark (uncase_core/shared/numbers.py, issue 27)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.frame.input_errors import error_text
from ui.i18n import format_count, format_number
from uncase_core.errors import InputError
from uncase_core.shared.numbers import read_typed_number


@pytest.mark.parametrize(("typed", "mark", "expected"), [
    ("23,1", ",", 23.1),            # the card's own way of writing it, which the old box read as 231
    ("23.1", ",", 23.1),            # a point nobody uses to group digits this way: a decimal too
    ("0.125", ",", 0.125),          # a leading zero cannot start a digit group
    ("1.234,5", ",", 1234.5),
    ("12 345,5", ",", 12345.5),     # what format_count writes in Spanish
    ("12\u00a0345", ",", 12345.0),
    ("1.234.567", ",", 1234567.0),
    ("-0,5", ",", -0.5),
    ("\u22120,5", ",", -0.5),       # a typographic minus, as pasted from a document
    (",5", ",", 0.5),
    ("  7  ", ",", 7.0),
    ("23.1", ".", 23.1),
    ("23,1", ".", 23.1),
    ("1,234.5", ".", 1234.5),
    ("", ",", None),
    ("   ", ".", None),
])
def test_typed_numbers_are_read_with_the_readers_mark(typed, mark, expected):
    assert read_typed_number(typed, mark) == expected


@pytest.mark.parametrize(("typed", "mark", "code"), [
    ("2.500", ",", "number_ambiguous"),   # 2500 or 2,5: never guessed
    ("1,000", ".", "number_ambiguous"),
    ("abc", ",", "number_not_read"),
    ("1,2,3", ",", "number_not_read"),
    ("1.234,5", ".", "number_not_read"),  # Spanish grouping for an English reader: the marks are the wrong way round
    ("1e5", ".", "number_not_read"),
    ("inf", ".", "number_not_read"),
    ("nan", ",", "number_not_read"),
    ("12 34", ",", "number_not_read"),
    ("0,5.", ",", "number_not_read"),
])
def test_what_cannot_be_read_is_refused_with_its_code(typed, mark, code):
    with pytest.raises(InputError) as raised:
        read_typed_number(typed, mark, "answer")
    assert raised.value.code == code
    assert raised.value.where == "answer"


def test_bounds_whole_numbers_and_percentages():
    assert read_typed_number("70 %", ",", percent=True) == 70.0
    with pytest.raises(InputError):
        read_typed_number("70 %", ",")  # a box that does not ask for a percentage
    for typed, code in (("101", "number_above"), ("-1", "number_below")):
        with pytest.raises(InputError) as raised:
            read_typed_number(typed, ",", low=0, high=100)
        assert raised.value.code == code
    with pytest.raises(InputError) as raised:
        read_typed_number("2,5", ",", whole=True)
    assert raised.value.code == "number_not_whole"
    assert read_typed_number("1.000.000", ",", whole=True) == 1_000_000


def test_refusals_are_worded_in_the_readers_language():
    with pytest.raises(InputError) as raised:
        read_typed_number("2.500", ",", "respuesta")
    spanish = error_text(raised.value, "es")
    assert "se puede leer como 2500 o como 2,5: escribe el que quieres decir" in spanish  # 2,500 read as 2.5 too
    for written in ("2500", "2,5"):  # each reading, written as suggested, reads back as that reading
        assert read_typed_number(written, ",") in (2500, 2.5)
    with pytest.raises(InputError) as raised:
        read_typed_number("150", ",", low=0, high=99.5)
    assert "por encima del máximo permitido, 99,5" in error_text(raised.value, "es")
    assert r"above the largest value allowed, 99\.5" in error_text(raised.value, "en")  # markdown-escaped


@given(st.integers(min_value=-10**9, max_value=10**9), st.integers(min_value=0, max_value=4),
       st.sampled_from(["en", "es"]))
def test_every_number_the_app_writes_reads_back(hundredths, decimals, language):
    """What format_number and format_count show is what a person copies back into a box."""
    mark = "," if language == "es" else "."
    value = round(hundredths / 100, 2)
    assert read_typed_number(format_number(value, language, decimals), mark) == pytest.approx(round(value, decimals))
    count = hundredths // 100
    if language == "es" or abs(count) < 1000:  # English writes 1,234: grouping by the other mark, refused when alone
        assert read_typed_number(format_count(count, language), mark) == count


@given(st.text(max_size=12), st.sampled_from([",", "."]))
def test_any_text_is_a_number_none_or_a_located_refusal(typed, mark):
    try:
        value = read_typed_number(typed, mark, "box")
    except InputError as error:
        assert error.where == "box" and error.code.startswith("number_")
    else:
        assert value is None or value == value  # never NaN
