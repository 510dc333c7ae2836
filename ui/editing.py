"""Keeping ``st.data_editor`` edits right across reruns.

The editor reports edits as a difference from the table it was first given under its key
(in the browser and on the server). So it must be given that same first table, its
*base*, on every run, and base plus edits is the current state. A new base is taken when
the key is new, or when Streamlit dropped the widget's state because a run did not draw
it (the user visited another page): then the current labels are the starting point.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TypeVar

T = TypeVar("T")


def stable_base(bases: MutableMapping[str, T], key: str, current: T, has_widget_state: bool) -> T:
    """The table to give the editor under ``key`` this run."""
    if not has_widget_state or key not in bases:
        bases[key] = current
    return bases[key]
