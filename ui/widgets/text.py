"""Showing user-supplied text literally inside markdown: no formatting, links, images, HTML or LaTeX."""

from __future__ import annotations

import html
import re
from collections.abc import Collection
from typing import Any

import pandas as pd

from uncase_core.shared.bidi import BIDI_CONTROLS, mark_bidi_controls

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~$:])")
# GitHub's "autolink literals" (``http://...``, ``www.x.y``, ``a@b.c``) are found in the text *after* the
# backslash escapes are read, so escaping cannot stop them. The finder links an address only after a space or a
# punctuation mark (and an email only when its name touches the ``@``): an invisible word joiner in front of
# ``http``/``www.`` and of ``@`` keeps the text as it reads and links nothing.
WORD_JOINER = "\u2060"
_AUTOLINK_START = re.compile(r"(?=https?:|www\.|@)", re.IGNORECASE)


def literal(text: object) -> str:
    """``text`` with every markdown-active character backslash-escaped, so it shows exactly as typed.

    Streamlit never renders raw HTML in markdown unless told to, but it does render links,
    images (which would fetch from any address) and LaTeX; case text, ids, file names and
    error messages quoting them all pass through here before reaching markdown. Bidirectional
    control characters (a right-to-left override can make ``fdp.exe`` show as ``exe.pdf``) are
    shown as marked escapes such as ``⟦U+202E⟧``; an address or email in the text stays text (see
    :data:`WORD_JOINER`).
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", _AUTOLINK_START.sub(WORD_JOINER, mark_bidi_controls(str(text))))


def plot_text(text: object) -> str:
    """``text`` for a plotly figure (tick labels, legend names, hover text, annotations): shown exactly as typed.

    Plotly draws a subset of HTML in every text it shows (``<b>``, ``<br>``, ``<a href>`` links, ``<span
    style>``), so ``<`` and ``&`` are written as entities, which plotly shows as the characters; bidirectional
    controls are marked as in :func:`literal`.
    """
    return html.escape(mark_bidi_controls(str(text)), quote=False)


def _marked(value: Any) -> Any:
    return mark_bidi_controls(value) if isinstance(value, str) else value


_ANY_CONTROL = "[" + "".join(sorted(BIDI_CONTROLS)) + "]"


_CONTROL_FOUND = re.compile(_ANY_CONTROL)
# Up to this many rows a column's texts are searched joined, in Python; past it, by pandas' ``.str`` (Arrow). Each
# pandas call costs about 0.1-0.3 ms whatever the column's length, which on the seven-row tables a focus-mode key
# redraws was most of the tables' cost; at 2,000 rows the joined search costs twice pandas' (bench/bench_focus.py's
# figures in docs/figures.md, tests/ui/test_ui_text.py for the equality).
_JOINED_SEARCH_ROWS = 256


def _plain_text(values: pd.Series) -> bool:
    """A string column with text and no bidirectional control: marking it cell by cell would give it back as it is."""
    if not isinstance(values.dtype, pd.StringDtype):
        return False
    if len(values) <= _JOINED_SEARCH_ROWS:
        texts = [text for text in values.tolist() if isinstance(text, str)]
        return bool(texts) and _CONTROL_FOUND.search("\n".join(texts)) is None
    return bool(values.notna().any()) and not bool(values.str.contains(_ANY_CONTROL, regex=True, na=False).any())


def _text_like(dtype: Any) -> bool:
    return pd.api.types.is_object_dtype(dtype) or isinstance(dtype, pd.StringDtype) or str(dtype) == "category"


def cell_text(frame: pd.DataFrame, marked_columns: Collection[str] = ()) -> pd.DataFrame:
    """``frame`` with the bidirectional controls of every text cell, index entry and column name marked, as
    :func:`literal` marks them: a table cell is drawn as plain text, but a right-to-left override inside it still
    reverses what follows. The cells of ``marked_columns`` are marked already
    (:func:`uncase_core.shared.bidi.mark_bidi_controls`, which leaves a marked text as it is), by a page that keeps
    them from one run to the next. A table with nothing to mark is given back as it is (not copied): the pages only
    draw what this returns."""
    replaced = {position: values.map(_marked) for position, (column, values) in enumerate(frame.items())
                if column not in marked_columns and _text_like(values.dtype) and not _plain_text(values)}
    names = [_marked(column) for column in frame.columns]
    text_index = frame.index.dtype == object or isinstance(frame.index.dtype, pd.StringDtype)
    if not replaced and not text_index and names == list(frame.columns):
        return frame
    marked = frame.copy()
    for position, values in replaced.items():
        marked.isetitem(position, values)
    if text_index:
        marked.index = marked.index.map(_marked)
    marked.columns = names
    return marked


def text_table(frame: pd.DataFrame, marked_columns: Collection[str] = (), **options: Any) -> None:
    """``st.dataframe`` for a table that holds text from a file or a person: every page's tables go through here
    (``marked_columns``: as :func:`cell_text`)."""
    import streamlit as st

    st.dataframe(cell_text(frame, marked_columns), **options)


def wrapping_table(frame: pd.DataFrame) -> None:
    """A read-only table whose headers and cells wrap to the width they have (an HTML table, ``st.table``): a
    canvas grid (``st.dataframe``) draws each header on one line and, past the screen's width, pushes its last
    columns out of view ("Referencia" at 1280 px). ``st.table`` reads every cell and header as markdown, so each is
    passed through :func:`literal` and shows exactly as typed."""
    import streamlit as st

    shown = pd.DataFrame({literal(column): [literal(value) for value in frame[column]] for column in frame.columns})
    st.table(shown, hide_index=True, border="horizontal")


def id_list(ids: object, limit: int = 10) -> str:
    """The first ``limit`` ids, comma-separated and shown literally, with "..." when there are more."""
    items = [str(i) for i in ids]  # type: ignore[attr-defined]
    return literal(", ".join(items[:limit])) + (" ..." if len(items) > limit else "")
