"""Label tables: what a person ticks in ``st.data_editor`` becomes one edit record per changed cell.

The editor reports edits as a difference from the table it was first given under its key
(its *base*), and reports all of them on every run. So each table keeps its base while the
widget lives, remembers which reported edits it has already stored, and turns only the
new ones into records: a cell ticked in this run, or one put back (a cell that drops out
of the report returns to its base value). Another tab's edits are therefore never written
back over, and nothing is stored twice.

A new base is taken when the key is new (other data, another case, a new language, the
workspace re-read from the store) or when Streamlit dropped the widget's state because a
run did not draw it (the person visited another page): the stored labels are then the
starting point.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from ui.widgets.text import cell_text


@dataclass
class EditorState:
    base: pd.DataFrame
    stored: dict[int, dict[str, Any]] = field(default_factory=dict)  # the report as of the last stored edit


def editor_base(editors: dict[str, Any], key: str, has_widget_state: bool,
                current: Callable[[], pd.DataFrame]) -> pd.DataFrame:
    """The table to give the editor under ``key`` this run (``current()`` builds it from the stored data), its text
    cells' bidirectional controls marked (only label cells are edited, so the marks never reach an edit)."""
    state = editors.get(key)
    if state is None or not has_widget_state:
        state = EditorState(cell_text(current()))
        editors[key] = state
    return state.base


def cell_value(value: Any) -> Any:
    """A cell as the editor reports it, as plain Python (pandas' missing values become None)."""
    if value is None:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    return value


def new_cells(editors: dict[str, Any], key: str, widget_state: Mapping[str, Any] | None
              ) -> list[tuple[int, str, Any]]:
    """``(row, column, value)`` for each cell whose reported edit is not stored yet, in row order.

    Call :func:`mark_stored` once the records made from them are stored.
    """
    state = editors.get(key)
    if state is None or not widget_state:
        return []
    report = {int(row): dict(columns) for row, columns in (widget_state.get("edited_rows") or {}).items()}
    cells = []
    for row in sorted(set(report) | set(state.stored)):
        now, before = report.get(row, {}), state.stored.get(row, {})
        for column in dict.fromkeys([*now, *before]):
            if column in now:
                value = cell_value(now[column])
                if column not in before or cell_value(before[column]) != value:
                    cells.append((row, column, value))
            elif 0 <= row < len(state.base) and column in state.base.columns:
                cells.append((row, column, cell_value(state.base.iloc[row][column])))  # put back
    return cells


def mark_stored(editors: dict[str, Any], key: str, widget_state: Mapping[str, Any] | None) -> None:
    state = editors.get(key)
    if state is not None:
        report = (widget_state or {}).get("edited_rows") or {}
        state.stored = {int(row): dict(columns) for row, columns in report.items()}


TABLES_KEY = "label_tables"  # session state: a page's table name -> its editor's key this run


def table_key(prefix: str, table: str, workspace: Any, kind: Any, index: int, language: str) -> str:
    """The editor key of label table ``table`` of item ``index``: new with other data, a new revision, another
    item or another language (translated column labels give the editor a new identity). Kept under
    ``TABLES_KEY``, where scripts driving a page (and its tests) find each table."""
    key = f"{prefix}_editor_{table}_{workspace.loaded_at(kind)}_{workspace.revision}_{index}_{language}"
    st.session_state.setdefault(TABLES_KEY, {})[table] = key
    return key
