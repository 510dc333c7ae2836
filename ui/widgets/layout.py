"""Layout pieces that stay readable from a projector to a phone.

``st.columns`` keeps its columns side by side down to 640 px, squeezing what is in them (a metric card's
label ends as "C.."). A horizontal container whose children have a fixed width wraps them onto the next
line instead, so each card keeps the width its label needs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.frame.state import language, t
from ui.i18n import plot_separators
from ui.widgets.text import literal
from ui.widgets.text_widths import LINE_PITCH, word_width, wrap

CARD_WIDTH = 205  # px: "Relevancia del contexto" and a value fit on one line each
VERSION_CARD_WIDTH = 290  # px: a 12-character version id at the metric font size
RESULTS_WIDTH = 2 * CARD_WIDTH + 20  # px: a results column two cards wide, beside the labels or below them
HEADER_HEIGHT = 35  # px: the data editor's header row, whatever the rows' height
LINE_HEIGHT = LINE_PITCH  # px per line of wrapped text in a data editor cell
ROW_AIR = 16  # px of a row beyond its text's lines (the grid cuts a text taller than the row less 3 px)
WRAPPING_ROW = 65  # px: the grid wraps a cell's text only in rows taller than 4rem (64 px); shorter rows cut it
# Label tables are laid out for a phone (390 px less the page's margins): rows are sized so the whole text shows
# there, and wider screens stretch the columns (the rows then have some air, never a cut text).
TABLE_WIDTH = 356  # px: a phone-wide table inside its 1 px frame (390 px less the page margins, 358, less 2)
# px: the narrowest a full-width table gets in a browser that is not a phone: a 769 px window (below, Streamlit
# lays the sidebar over the page) with the sidebar's 300 px open, less the page margins (measured in Chromium: 468 px
# at 800, 564 at 1024, 940 at 1400). A page whose tables take the main column's whole width sizes rows for it.
WIDE_TABLE_WIDTH = 436
LABEL_COLUMN_WIDTH = 100  # "Respaldada" and the edit icon
ID_COLUMN_WIDTH = 40
REVEAL_COLUMN_WIDTH = 80  # a room's reference and class columns: "sí", "12/20 sí"
MIN_TEXT_WIDTH = 116  # px: the narrowest text column (two label columns and the ids beside it on a phone)
PX_PER_CHAR = 6.3  # average width of a character in a cell (14 px font), for a column sized to a header


SIDEBAR_CHOICE_ROOM = 188  # px of text a sidebar selectbox shows (206 px inside, less its padding), measured
MAIN_CHOICE_ROOM = 300  # px of text a selectbox in the page shows on a phone (the narrowest screen it is read on)
# A link's label wraps onto a second line instead of ending in "..." (Streamlit's page link has no option for it).
NAMES_STYLE = """<style>
[data-testid="stPageLink-NavLink"] p { white-space: normal !important; line-height: 1.4; }
[data-testid="stPageLink-NavLink"] span { overflow: visible; white-space: normal; }
</style>"""


def whole_names() -> None:
    """Call once a run (the frame does): links show their whole label, wrapped (:data:`NAMES_STYLE`)."""
    st.html(NAMES_STYLE)


def whole_choice(name: str, room: int = SIDEBAR_CHOICE_ROOM) -> None:
    """Under a selectbox: the chosen option's whole ``name`` when the box cuts it. Streamlit's selectbox is a text
    box, which cannot wrap, and its list cuts a long option the same way; neither has an option to show more."""
    if word_width(name) > room:
        st.caption(t("common.whole_choice", name=literal(name)))


def label_column(row: DeltaGenerator, key: str, least: int = TABLE_WIDTH + 2) -> DeltaGenerator:
    """The stretching column of ``row`` (a horizontal container) that holds label tables, never narrower than
    ``least`` px (or the whole row, on a phone): when the row has less room beside its fixed-width results, the
    results wrap below the labels instead of squeezing them. Measured in Chromium at 1280 px with the sidebar open
    (a teacher's projector-sized laptop): the tables got 326 px, narrower than the phone's 356 their rows
    are sized for, so texts needed more lines than their rows had; after a room's reveal, the text column was
    pushed out of view by the reference and class columns."""
    if not re.fullmatch(r"[a-z_]+", key) or not isinstance(least, int):  # a class name and a number, nothing else
        raise ValueError(f"label_column: key {key!r} and width {least!r}")
    # On the flex item around the container (its parent), whose 100% is the row's width.
    st.html(f"<style>div:has(> .st-key-{key}) {{ min-width: min({least}px, 100%); }}</style>")
    return row.container(width="stretch", key=key)


def card_row(count: int, width: int | Sequence[int] = CARD_WIDTH, border: bool = True) -> list[DeltaGenerator]:
    """``count`` cards side by side that wrap onto the next line when the page is narrow; ``width`` is every
    card's, or one per card."""
    widths = [width] * count if isinstance(width, int) else list(width)
    if len(widths) != count:
        raise ValueError(f"card_row: {count} cards but {len(widths)} widths")
    row = st.container(horizontal=True, gap="small")
    return [row.container(border=border, width=w) for w in widths]


def fitted_width(header: str, values: Sequence[object] = (), least: int = REVEAL_COLUMN_WIDTH) -> int:
    """A column wide enough for its header (with the grid's sort and menu icons) and its longest value on one line,
    so that neither is cut: a room's reference and class columns after the reveal, at any page width."""
    longest = max((len(str(value)) for value in values if value is not None), default=0)
    return max(least, int(len(header) * PX_PER_CHAR) + 44, int(longest * PX_PER_CHAR) + 20)


def text_column_width(fixed_widths: Sequence[int], text_columns: int = 1, table_width: int = TABLE_WIDTH) -> int:
    """The width of each of ``text_columns`` text columns filling a table ``table_width`` wide (a phone's, unless
    told) beside columns of ``fixed_widths`` (boxes, ids)."""
    return max(MIN_TEXT_WIDTH, (table_width - sum(fixed_widths)) // text_columns)


def lines_needed(text: str, text_width: int) -> int:
    """Lines a cell ``text_width`` px wide needs for ``text``, wrapped as the grid wraps it (measured widths of
    its font, ``ui/widgets/text_widths.py``): a word that does not fit moves to the next line, and a word longer
    than a line (an id, a link) is broken across lines from the start of one."""
    return len(wrap(text, text_width))


def row_height(*columns: tuple[Sequence[str], int]) -> int:
    """A data editor row tall enough to show, in full, the longest text of every ``(texts, width)`` column
    (cells wrap their text). No cap: a text taller than its row is cut, and the grid has no way to scroll a cell.
    A text of two lines or more needs a row the grid wraps in at all (Streamlit's frontend, 1.67)."""
    lines = max((lines_needed(text, width) for texts, width in columns for text in texts), default=1)
    height = math.ceil(ROW_AIR + LINE_HEIGHT * max(1, lines))
    return max(height, WRAPPING_ROW) if lines > 1 else height


def table_height(rows: int, height_of_row: int) -> int:
    """The editor's height showing every row, without a scroll bar of its own (Streamlit caps it otherwise)."""
    return HEADER_HEIGHT + rows * height_of_row + 3


def figure_table(frame: pd.DataFrame, target: DeltaGenerator | None = None, wrapped: str | None = None) -> None:
    """A read-only table of named figures that fits a phone: every column but ``wrapped`` (the first, the figures'
    names, unless told) as wide as its header and its values on one line, ``wrapped`` in the rest of a phone-wide
    table, its rows tall enough for its texts to wrap. Left to itself the grid sizes every column to one line and
    pushes the last one out of view on a phone (the rubric lab's "Después")."""
    wrapped = frame.columns[0] if wrapped is None else wrapped
    fitted = {name: fitted_width(str(name), [str(v) for v in frame[name]]) for name in frame.columns if name != wrapped}
    texts = [str(v) for v in frame[wrapped]]
    text_width = text_column_width(list(fitted.values()))
    height = row_height((texts, text_width))
    config = {wrapped: st.column_config.TextColumn(width=text_width),
              **{name: st.column_config.Column(width=width) for name, width in fitted.items()}}
    (target or st).dataframe(frame, hide_index=True, width="stretch", column_config=config, row_height=height,
                             height=table_height(len(frame), height))


def show_chart(figure: go.Figure, target: DeltaGenerator | None = None) -> None:
    """Draw ``figure`` full width, without plotly's tool bar, with the reader's decimal and thousands marks."""
    figure.update_layout(separators=plot_separators(language()))
    (target or st).plotly_chart(figure, width="stretch", config={"displayModeBar": False})
