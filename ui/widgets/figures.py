"""The pages' side of the figure registry (:mod:`uncase_core.stats.figures`): every interval and verdict a
page draws names its registered id here, which refuses an unregistered one and notes the id as drawn on this run.

The note is what ``tests/pages/test_figures_drawn.py`` reads after opening every page in both languages: every
figure drawn is registered, and every registered figure is drawn by a page it names (or its entry says why not).
"""

from __future__ import annotations

import streamlit as st

from ui.frame.state import t
from uncase_core.stats.figures import Figure, registered

DRAWN_KEY = "figures_drawn"  # session state: the ids of the figures drawn in this session


def drawn(figure_id: str) -> Figure:
    """The registered figure ``figure_id``, noted as drawn by the page now running
    (:class:`~uncase_core.stats.figures.UnregisteredFigure` for an id the registry does not list)."""
    figure = registered(figure_id)
    st.session_state.setdefault(DRAWN_KEY, set()).add(figure_id)
    return figure


def figure_text(figure_id: str, key: str, **values: object) -> str:
    """The catalogue's ``key`` filled with ``values``: an interval's or a verdict's sentence, for a registered
    figure only (see :func:`drawn`)."""
    drawn(figure_id)
    return t(key, **values)
