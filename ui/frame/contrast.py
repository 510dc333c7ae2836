"""Text that reads against its background: WCAG 2.1 AA's 4.5:1 contrast for the small text Streamlit draws grey.

Streamlit draws every ``st.caption`` at 60 % opacity (#828180 on white, 3.9:1),
which axe-core found on 14 pages (issue 52, docs/accessibility.md). No theme option sets it, so one style rule
gives captions #60626f instead (6.0:1 on white, 5.4:1 on the secondary background #f0f2f6): still lighter than the
body text, so a caption still reads as the smaller note it is.
"""

from __future__ import annotations

import streamlit as st

CAPTION_COLOUR = "#60626f"
# More specific than Streamlit's own rule on the caption, so it wins: full opacity, a darker grey.
STYLE = (f'<style>.stApp [data-testid="stCaptionContainer"], .stApp [data-testid="stCaptionContainer"] p '
         f'{{ color: {CAPTION_COLOUR}; opacity: 1; }}</style>')


def readable_text() -> None:
    """Call once a run (the frame does): captions drawn in a colour with enough contrast."""
    st.html(STYLE)
