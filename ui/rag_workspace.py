"""The RAG page's working data: the dataset being labelled, kept in session state.

The dataset in session state is the one source of truth for labels. Each label table is
given the same first table under its key (see :mod:`ui.editing`), and what the editor
returns, that base plus every edit, is written back to the dataset. Keys change with the
case, the language and each replaced or reset dataset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from ui.editing import stable_base
from uncase_core.rag_cases import LABEL_FIELDS, RagCase, RagDataset, Unit

_STATE_KEY = "rag_workspace"


@dataclass
class Workspace:
    dataset: RagDataset
    original: RagDataset
    source: str  # scenario id, "all", or the uploaded file's name
    source_kind: str  # "scenario", "all" or "upload"
    generation: int = 0
    case_index: int = 0
    editor_bases: dict[str, tuple[Unit, ...]] = field(default_factory=dict)

    @property
    def case(self) -> RagCase:
        return self.dataset.cases[min(self.case_index, len(self.dataset.cases) - 1)]

    @property
    def changed(self) -> bool:
        return self.dataset != self.original

    def replace_dataset(self, dataset: RagDataset, source: str, source_kind: str) -> None:
        self.dataset = dataset
        self.original = dataset
        self.source = source
        self.source_kind = source_kind
        self.case_index = 0
        self.generation += 1
        self.editor_bases.clear()

    def reset(self) -> None:
        self.dataset = self.original
        self.generation += 1
        self.editor_bases.clear()

    def editor_key(self, kind: str, language: str) -> str:
        # The language is part of the key: translated column labels give the editor a new identity.
        return f"rag_editor_{kind}_{self.generation}_{self.case_index}_{language}"

    def editor_base(self, kind: str, language: str, has_widget_state: bool) -> tuple[Unit, ...]:
        """The units to give the editor this run (see :mod:`ui.editing`)."""
        key = self.editor_key(kind, language)
        return stable_base(self.editor_bases, key, self.case.units(kind), has_widget_state)

    def apply_editor_states(self, state: Mapping[str, Any], language: str) -> None:
        """Write the current case's label tables (their base plus the edits in ``state``) into the dataset."""
        case = self.case
        for kind in LABEL_FIELDS:
            key = self.editor_key(kind, language)
            if key not in self.editor_bases or key not in state:
                continue
            units = apply_edits(self.editor_bases[key], kind, state[key].get("edited_rows", {}))
            if units != case.units(kind):
                case = case.with_units(kind, units)
        if case is not self.case:
            self.dataset = self.dataset.with_case(self.case_index, case)


def get_workspace() -> Workspace | None:
    return st.session_state.get(_STATE_KEY)


def set_workspace(workspace: Workspace) -> None:
    st.session_state[_STATE_KEY] = workspace


def units_frame(units: tuple[Unit, ...], kind: str) -> pd.DataFrame:
    """A table of units: id, text, then one nullable-boolean column per label."""
    frame = pd.DataFrame({
        "id": pd.Series([u.id for u in units], dtype="string"),
        "text": pd.Series([u.text for u in units], dtype="string"),
    })
    for name in LABEL_FIELDS[kind]:
        frame[name] = pd.Series([u.label(name) for u in units], dtype="boolean")
    return frame


def apply_edits(units: tuple[Unit, ...], kind: str, edited_rows: Mapping[object, Mapping[str, object]]
                ) -> tuple[Unit, ...]:
    """The units with a data editor's ``edited_rows`` applied (rows are positions; a cleared box is None)."""
    updated = list(units)
    for row, changes in edited_rows.items():
        position = int(row)  # the browser reports "3", the session state keeps 3
        unit = updated[position]
        for name, value in changes.items():
            if name in LABEL_FIELDS[kind]:
                unit = unit.with_label(name, None if value is None else bool(value))
        updated[position] = unit
    return tuple(updated)
