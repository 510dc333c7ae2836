"""The RAG page's data: the dataset being labelled, as stored in the person's workspace.

The workspace holds the dataset as loaded and one edit record per label change; this view
gives the page the current dataset, the label tables' keys and bases, and turns what the
tables report into records (see :mod:`ui.widgets.labels`). Keys change with the data loaded, the
case, the language and each re-read of the workspace.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from ui.frame.data_kinds import RAG, DataKind
from ui.frame.workspace import Workspace
from ui.widgets.labels import editor_base, mark_stored, new_cells
from uncase_core.rag.cases import LABEL_FIELDS, RagCase, RagDataset, Unit
from uncase_core.rag.edits import rag_label

CASE_KEY = "rag_case"


class RagView:
    """The RAG page's view of a workspace: ``default()`` gives ``(dataset, source, source_kind)`` while none is
    stored. ``kind``, ``case_key`` and ``prefix`` name the data, the case choice and the tables' keys (the drills
    page labels its own data with the same tables)."""

    kind: DataKind = RAG
    case_key = CASE_KEY
    prefix = "rag"

    def __init__(self, workspace: Workspace, default: Callable[[], tuple[RagDataset, str, str]],
                 key_suffix: str = "",
                 decorate: Callable[[RagCase, str, pd.DataFrame], pd.DataFrame] | None = None) -> None:
        self.workspace = workspace
        self._given_default = default
        self._defaulted: tuple[RagDataset, str, str] | None = None
        self.key_suffix = key_suffix  # more of what the tables show (a room's reveal, say): a change redraws them
        self.decorate = decorate  # adds read-only columns to a label table (case, kind, table) -> table

    def _default(self) -> tuple[RagDataset, str, str]:
        """``default()``, called once per view (a page run): while nothing is stored, a new visitor's page asked
        for the built-in dataset some sixty times a run, each a read and parse of its file (33 ms of a 140 ms run,
        profiled)."""
        if self._defaulted is None:
            self._defaulted = self._given_default()
        return self._defaulted

    @property
    def dataset(self) -> RagDataset:
        return self.workspace.data(self.kind, lambda: self._default()[0])

    @property
    def original(self) -> RagDataset:
        return self.workspace.original(self.kind, lambda: self._default()[0])

    @property
    def source(self) -> tuple[str, str]:
        stored = self.workspace.source(self.kind)
        return stored if stored is not None else self._default()[1:]

    @property
    def changed(self) -> bool:
        return bool(self.workspace.edits(self.kind)) and self.dataset != self.original

    @property
    def case_index(self) -> int:
        index = self.workspace.setting(self.case_key, 0)
        count = len(self.dataset.cases)
        return index if isinstance(index, int) and 0 <= index < count else 0

    @property
    def case(self) -> RagCase:
        return self.dataset.cases[self.case_index]

    def editor_key(self, kind: str, language: str) -> str:
        # The language is part of the key: translated column labels give the editor a new identity.
        loaded = self.workspace.loaded_at(self.kind)
        revision = self.workspace.revision
        return f"{self.prefix}_editor_{kind}_{loaded}_{revision}_{self.case_index}_{language}{self.key_suffix}"

    def editor_base(self, kind: str, language: str, has_widget_state: bool) -> pd.DataFrame:
        """The table to give the editor this run (see :mod:`ui.widgets.labels`)."""
        def table() -> pd.DataFrame:
            frame = units_frame(self.case.units(kind), kind)
            return self.decorate(self.case, kind, frame) if self.decorate is not None else frame

        return editor_base(self.workspace.editors, self.editor_key(kind, language), has_widget_state, table)

    def pending(self, state: Mapping[str, Any], language: str) -> tuple[list[dict[str, Any]], list[tuple[str, Any]]]:
        """The edit records the current case's tables report and have not stored yet, and the tables' states."""
        dataset, case = self.dataset, self.case_index
        records, tables = [], []
        for kind in LABEL_FIELDS:
            key = self.editor_key(kind, language)
            widget_state = state.get(key) if key in state else None
            units = dataset.cases[case].units(kind)
            for row, column, value in new_cells(self.workspace.editors, key, widget_state):
                label = None if value is None else bool(value)
                # A cell set to the label already stored (e.g. by another tab) changes nothing: nothing to store.
                if column in LABEL_FIELDS[kind] and row < len(units) and units[row].label(column) != label:
                    records.append(rag_label(dataset, case, kind, row, column, label))
            tables.append((key, widget_state))
        return records, tables

    def store_labels(self, records: list[dict[str, Any]]) -> None:
        """Store label records (:func:`uncase_core.rag.edits.rag_label`): the one write path of the label tables
        and focus mode. A StoreError propagates with nothing changed."""
        self.workspace.edit(self.kind, records, self._default)

    def set_label(self, case: int, kind: str, unit: int, field: str, value: bool | None) -> bool:
        """Store one label as the tables would (focus mode): True when stored, False when it already was that."""
        dataset = self.dataset
        if dataset.cases[case].units(kind)[unit].label(field) == value:
            return False
        self.store_labels([rag_label(dataset, case, kind, unit, field, value)])
        return True

    def apply_editor_states(self, state: Mapping[str, Any], language: str) -> None:
        """Store the label changes the current case's tables report and have not stored yet.

        A StoreError (the workspace is full, the database is down) propagates with nothing changed.
        """
        records, tables = self.pending(state, language)
        self.store_labels(records)
        for key, widget_state in tables:
            mark_stored(self.workspace.editors, key, widget_state)


def units_frame(units: tuple[Unit, ...], kind: str) -> pd.DataFrame:
    """A table of units: id, text, then one nullable-boolean column per label."""
    frame = pd.DataFrame({
        "id": pd.Series([u.id for u in units], dtype="string"),
        "text": pd.Series([u.text for u in units], dtype="string"),
    })
    for name in LABEL_FIELDS[kind]:
        frame[name] = pd.Series([u.label(name) for u in units], dtype="boolean")
    return frame
