"""Literal text in markdown: every markdown-active character is escaped, nothing else changes."""

from __future__ import annotations

import re

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.text import WORD_JOINER, cell_text, id_list, literal, plot_text
from uncase_core.shared.bidi import BIDI_CONTROLS, mark_bidi_controls


def test_html_links_images_and_latex_are_escaped():
    assert literal("<img src=x onerror=alert(1)>") == r"\<img src=x onerror=alert\(1\)\>"
    assert literal("[x](javascript:alert(1))") == r"\[x\]\(javascript\:alert\(1\)\)"
    assert literal("![t](http://evil/p.png)") == "\\!\\[t\\]\\(\u2060http\\://evil/p\\.png\\)"
    assert literal("$x^2$ **b**") == r"\$x^2\$ \*\*b\*\*"


def _read(markdown: str) -> str:
    """What a person reads: escapes resolved, the invisible word joiners dropped."""
    return re.sub(r"\\(.)", r"\1", markdown, flags=re.DOTALL).replace(WORD_JOINER, "")


@given(st.text())
def test_unescaping_gives_back_the_text(text):
    """Back to the text itself, bidirectional controls written as marked escapes (nothing else changes)."""
    assert _read(literal(text)) == mark_bidi_controls(text).replace(WORD_JOINER, "")


# mdast-util-gfm-autolink-literal (which Streamlit's markdown uses) links these in text whose escapes are read:
# an address after the start, a space or punctuation; an email whose name touches the "@".
_AUTOLINK = re.compile(r"(?:^|(?<=[\s!-/:-@\[-`{-~]))(?:https?://|www\.)|[-.\w+]@", re.IGNORECASE)


@given(st.lists(st.sampled_from(["http", "https", "://", "www", ".", "@", "a", " ", "(", "HTTP:"])).map("".join))
def test_addresses_and_emails_in_text_are_never_linked(text):
    shown = re.sub(r"\\(.)", r"\1", literal(text), flags=re.DOTALL)
    assert not _AUTOLINK.search(shown), shown
    assert _read(literal(text)) == text


def test_the_autolink_check_finds_what_markdown_links():
    assert _AUTOLINK.search("see http://x.y") and _AUTOLINK.search("(www.x.y)") and _AUTOLINK.search("a.b@c.d")


def test_plot_text_shows_html_as_typed():
    assert plot_text('<a href="http://e.x">x</a> & <b>b</b>\u202e') == '&lt;a href="http://e.x"&gt;x&lt;/a&gt; &amp; ' \
        "&lt;b&gt;b&lt;/b&gt;⟦U+202E⟧"


@given(st.text(alphabet=st.sampled_from(["a", "b", ".", "*", "\u202e", "\u2066", "\u200f", "ع", "ש"])))
def test_no_bidirectional_control_reaches_the_page(text):
    shown = literal(text)
    assert not BIDI_CONTROLS & set(shown)
    assert _read(shown) == mark_bidi_controls(text)


def test_a_disguised_name_is_shown_as_it_is():
    """A right-to-left override makes "invoice" + RLO + "fdp.exe" display as "invoiceexe.pdf"."""
    assert literal("invoice\u202efdp.exe") == r"invoice⟦U\+202E⟧fdp\.exe"
    assert literal("مرحبا שלום") == "مرحبا שלום"  # right-to-left letters are left alone


def test_id_list_is_literal_and_shortened():
    assert id_list(["a_1", "b*2"], 5) == r"a\_1, b\*2"
    assert id_list([str(i) for i in range(12)], 10).endswith(", 9 ...")


def _draw_a_wrapping_table() -> None:
    import pandas as pd

    from ui.widgets.text import wrapping_table

    wrapping_table(pd.DataFrame({"[h](http://x)": ["![t](http://evil/p.png)", "**b** <i>"], "n": [1, 25]}))


def test_a_wrapping_tables_headers_and_cells_are_shown_as_typed():
    """st.table reads every cell and header as markdown: each reaches it escaped, numbers as their text."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_draw_a_wrapping_table, default_timeout=30).run()
    (table,) = at.table
    assert list(table.value.columns) == [literal("[h](http://x)"), "n"]
    assert list(table.value.iloc[:, 0]) == [literal("![t](http://evil/p.png)"), literal("**b** <i>")]
    assert [_read(value) for value in table.value.iloc[:, 1]] == ["1", "25"]


@given(st.lists(st.one_of(st.none(), st.text(alphabet=st.sampled_from(["a", ".", "\u202e", "\u2066", "\u061c", "ع"]))),
                min_size=1, max_size=8),
       st.sampled_from(["object", "string"]))
def test_a_tables_cells_are_marked_as_marking_each_cell_marks_them(cells, dtype):
    """cell_text skips a column only where no cell holds a control: the same table as marking cell by cell."""
    frame = pd.DataFrame({"\u202ename": pd.Series(cells, dtype=dtype), "count": range(len(cells))})
    marked = cell_text(frame)
    assert list(marked.columns) == ["⟦U+202E⟧name", "count"]
    each = frame["\u202ename"].map(lambda c: mark_bidi_controls(c) if isinstance(c, str) else c)
    pd.testing.assert_series_equal(marked["⟦U+202E⟧name"], each, check_names=False)
    assert not any(BIDI_CONTROLS & set(c) for c in marked["⟦U+202E⟧name"] if isinstance(c, str))


@given(st.integers(min_value=1, max_value=600), st.one_of(st.none(), st.integers(min_value=0, max_value=599)),
       st.sampled_from(sorted(BIDI_CONTROLS)), st.booleans())
def test_a_long_or_short_columns_control_is_found_wherever_it_is(rows, where, control, plain_name):
    """Short columns are searched joined in Python and long ones by pandas: both find a control in any row, and a
    table with none comes back as it is (the same object: nothing was copied)."""
    cells = [f"case {i}" for i in range(rows)]
    if where is not None and where < rows:
        cells[where] = f"x{control}y"
    name = "name" if plain_name else f"n{control}"
    frame = pd.DataFrame({name: pd.Series(cells, dtype="string"), "count": range(rows)})
    marked = cell_text(frame)
    expected = frame[name].map(mark_bidi_controls)
    pd.testing.assert_series_equal(marked.iloc[:, 0], expected, check_names=False)
    clean = plain_name and (where is None or where >= rows)
    assert (marked is frame) == clean


def test_a_short_tables_cells_are_searched_without_a_pandas_string_call(monkeypatch):
    """The seven-row tables a focus-mode key redraws are searched in one pass, not by pandas' ``.str`` per column
    (about 0.3 ms each, most of the tables' cost)."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("pandas .str.contains called on a short table")

    monkeypatch.setattr(pd.core.strings.accessor.StringMethods, "contains", refuse)
    frame = pd.DataFrame({column: pd.Series([f"case {i}" for i in range(7)], dtype="string") for column in "abcdefgh"})
    assert cell_text(frame) is frame
