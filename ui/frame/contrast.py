"""Text that reads against its background: WCAG 2.1 AA's 4.5:1 contrast for the small text Streamlit draws grey.

Streamlit draws every ``st.caption`` at 60 % opacity (#828180 on white, 3.9:1),
which axe-core found on 14 pages (docs/accessibility.md). No theme option sets it, so one style rule
gives captions #60626f instead (6.0:1 on white, 5.4:1 on the secondary background #f0f2f6): still lighter than the
body text, so a caption still reads as the smaller note it is.

The same style gives a visible focus (WCAG 2.4.7) to the two tab stops Streamlit leaves without one, found by the
keyboard walk in ``tests/e2e/test_keyboard_browser.py``: the sidebar's link to the page being shown (its active
background does not change on focus) and the main area, a tab stop since it scrolls. A ring in the theme's primary
colour (5.5:1 on white), inside the main area's edge so it is not cut off.
"""

from __future__ import annotations

import streamlit as st

CAPTION_COLOUR = "#60626f"
FOCUS_RING = "rgb(197, 57, 72)"  # the theme's primary colour, as Streamlit's own focus shadows use it
# More specific than Streamlit's own rule on the caption, so it wins: full opacity, a darker grey.
STYLE = (f'<style>.stApp [data-testid="stCaptionContainer"], .stApp [data-testid="stCaptionContainer"] p '
         f'{{ color: {CAPTION_COLOUR}; opacity: 1; }}'
         f' .stApp a[data-testid="stPageLink-NavLink"]:focus-visible {{ outline: 2px solid {FOCUS_RING};'
         f' outline-offset: 1px; }}'
         f' .stApp [data-testid="stMain"]:focus-visible {{ outline: 2px solid {FOCUS_RING}; outline-offset: -2px; }}'
         f'</style>')


def readable_text() -> None:
    """Call once a run (the frame does): captions drawn in a colour with enough contrast."""
    st.html(STYLE)
