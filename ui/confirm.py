"""Ask before replacing data the user has labelled: loading a scenario or a file discards their changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import streamlit as st

from ui.session import t
from ui.text import literal

T = TypeVar("T")


def changed_items(original: Sequence[Any], current: Sequence[Any]) -> int:
    """How many items (cases, conversations) differ from the version that was loaded."""
    if len(original) != len(current):
        return max(len(original), len(current))
    return sum(1 for before, now in zip(original, current, strict=True) if before != now)


def confirm_replace(key: str, changes: int, candidate: T | None, upload_name: str | None = None) -> T | None:
    """The data to switch to in this run, or None while nothing is asked for or the user has not said yes.

    ``candidate`` is what the user asked for in this run (a loaded scenario, a parsed upload).
    With no label changes it is returned at once; otherwise it waits, with a warning and
    yes/no buttons drawn where this is called, until the user answers; "no" keeps the labels.
    """
    pending_key = f"{key}_pending"
    if candidate is not None:
        if changes == 0:
            st.session_state.pop(pending_key, None)
            return candidate
        st.session_state[pending_key] = (candidate, changes, upload_name)
    pending = st.session_state.get(pending_key)
    if pending is None:
        return None
    data, count, name = pending
    st.warning(t("confirm.replace_upload", name=literal(name), count=count) if name
               else t("confirm.replace", count=count))
    yes, no = st.columns(2)
    if yes.button(t("confirm.yes"), key=f"{key}_yes", type="primary"):
        del st.session_state[pending_key]
        return data
    if no.button(t("confirm.no"), key=f"{key}_no"):
        del st.session_state[pending_key]
        st.rerun()
    return None
