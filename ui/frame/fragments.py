"""Which result fragments the page's last full run drew, so that a label change reruns only those.

A keyed ``st.rerun([...])`` refuses a key the session has not registered, so a page used to call every result
fragment in every full run, even one with nothing to show (the dataset's figures for a one-case dataset, the
lesson panels with no lesson open), and each then reran on every tick: a fragment rerun costs the server about
1.5 ms of CPU before it draws anything (Streamlit copies the cursors and the container stack twice, and our
fragments store pending labels first). Now a fragment is called only when it has something to show, says so with
:func:`mark_drawn`, and :func:`rerun_drawn` reruns the listed fragments that were drawn.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

DRAWN = "_fragments_drawn"  # session state: the fragments the last full run drew (tests read it)


def start_full_run() -> None:
    """Called by the frame at the start of every full run: no fragment has been drawn yet."""
    st.session_state[DRAWN] = set()


def mark_drawn(key: str) -> None:
    """A fragment with this key is drawn in this full run (a call from a fragment's own rerun changes nothing)."""
    shown = st.session_state.get(DRAWN)
    if shown is None:
        shown = st.session_state[DRAWN] = set()
    shown.add(key)


def drawn(keys: Iterable[str]) -> list[str]:
    """Those of ``keys`` the last full run drew, in order."""
    shown = st.session_state.get(DRAWN) or set()
    return [key for key in keys if key in shown]


def rerun_drawn(keys: Iterable[str]) -> None:
    """Widget callback: rerun those of ``keys`` drawn by the last full run (the whole page when none was)."""
    chosen = drawn(keys)
    st.rerun(chosen if chosen else "app")
