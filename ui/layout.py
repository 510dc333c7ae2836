"""Layout pieces that stay readable from a projector to a phone.

``st.columns`` keeps its columns side by side down to 640 px, squeezing what is in them (a metric card's
label ends as "C.."). A horizontal container whose children have a fixed width wraps them onto the next
line instead, so each card keeps the width its label needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import plotly.graph_objects as go
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.i18n import plot_separators
from ui.session import language

CARD_WIDTH = 205  # px: "Relevancia del contexto" and a value fit on one line each
VERSION_CARD_WIDTH = 290  # px: a 12-character version id at the metric font size
RESULTS_WIDTH = 2 * CARD_WIDTH + 20  # px: a results column two cards wide, beside the labels or below them
HEADER_HEIGHT = 35  # px: the data editor's header row, whatever the rows' height
LINE_HEIGHT = 18  # px per line of wrapped text in a data editor cell
TABLE_WIDTH = 410  # px: what a label table gets beside the results on a laptop, and on a tablet
LABEL_COLUMN_WIDTH = 104  # "Respaldada" and the edit icon
ID_COLUMN_WIDTH = 48
PX_PER_CHAR = 6.3  # average width of a character in a cell (13 px font), a little generous


def card_row(count: int, width: int | Sequence[int] = CARD_WIDTH, border: bool = True) -> list[DeltaGenerator]:
    """``count`` cards side by side that wrap onto the next line when the page is narrow; ``width`` is every
    card's, or one per card."""
    widths = [width] * count if isinstance(width, int) else list(width)
    if len(widths) != count:
        raise ValueError(f"card_row: {count} cards but {len(widths)} widths")
    row = st.container(horizontal=True, gap="small")
    return [row.container(border=border, width=w) for w in widths]


def text_column_width(label_columns: int) -> int:
    """The text column's width that fills a label table beside ``label_columns`` boxes and the id."""
    return max(160, TABLE_WIDTH - ID_COLUMN_WIDTH - LABEL_COLUMN_WIDTH * label_columns)


def row_height(texts: Sequence[str], text_width: int) -> int:
    """A data editor row tall enough to show the longest text in full (cells wrap their text), at most 8 lines."""
    per_line = max(10, int((text_width - 16) / PX_PER_CHAR))
    longest = max((len(text) for text in texts), default=0)
    lines = min(8, max(1, math.ceil(longest / per_line)))
    return 16 + LINE_HEIGHT * lines


def table_height(rows: int, height_of_row: int) -> int:
    """The editor's height showing every row, without a scroll bar of its own (Streamlit caps it otherwise)."""
    return HEADER_HEIGHT + rows * height_of_row + 3


def show_chart(figure: go.Figure, target: DeltaGenerator | None = None) -> None:
    """Draw ``figure`` full width, without plotly's tool bar, with the reader's decimal and thousands marks."""
    figure.update_layout(separators=plot_separators(language()))
    (target or st).plotly_chart(figure, width="stretch", config={"displayModeBar": False})
