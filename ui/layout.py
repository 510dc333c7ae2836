"""Layout pieces that stay readable from a projector to a phone.

``st.columns`` keeps its columns side by side down to 640 px, squeezing what is in them (a metric card's
label ends as "C.."). A horizontal container whose children have a fixed width wraps them onto the next
line instead, so each card keeps the width its label needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

CARD_WIDTH = 205  # px: "Relevancia del contexto" and a value fit on one line each
HEADER_HEIGHT = 35  # px: the data editor's header row, whatever the rows' height
LINE_HEIGHT = 20  # px per line of wrapped text in a data editor cell
CHARS_PER_LINE = 42  # what a text column shows per line at the narrowest width the tables keep


def card_row(count: int, width: int = CARD_WIDTH, border: bool = True) -> list[DeltaGenerator]:
    """``count`` cards side by side that wrap onto the next line when the page is narrow."""
    row = st.container(horizontal=True, gap="small")
    return [row.container(border=border, width=width) for _ in range(count)]


def row_height(texts: Sequence[str], chars_per_line: int = CHARS_PER_LINE) -> int:
    """A data editor row tall enough to show the longest text in full (cells wrap their text), at most 8 lines."""
    longest = max((len(text) for text in texts), default=0)
    lines = min(8, max(1, math.ceil(longest / chars_per_line)))
    return 15 + LINE_HEIGHT * lines
