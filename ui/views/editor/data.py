"""The case editor's data: the RAG page's own stored dataset, changed by text records.

The editor writes into the same workspace slot as the RAG page (:data:`ui.frame.data_kinds.RAG`), so a case
written or rewritten here is the case labelled there, and the downloads, the workspace file and a reload all see
it. Each change is one record of :mod:`uncase_core.rag.edits`, stored before it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.state import current_workspace, run_saving, set_kept
from ui.frame.workspace import Workspace
from ui.page_data.rag_cases import CASE_KEY
from ui.views.editor.own_cases import OwnCases
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS, RagCase, RagDataset

NEW_CASE = -1  # the case choice that opens the form for a new case
CHOICE_KEY = "editor_case"  # the editor's case choice (a kept setting: a position, or NEW_CASE)
CHOOSE_KEY = "editor_choose"  # a case to open in the next run (set before the choice box is drawn)
OWN_SOURCE = "my-cases"  # the name (and download stem) of the dataset the first case written here starts


def rag_default(language: str) -> tuple[RagDataset, str, str]:
    """What the RAG page shows while nothing is stored: its first scenario (``(dataset, source, source_kind)``)."""
    first = load_index()[0]
    return load_scenario(first, language), first.id, "scenario"


class EditorData(OwnCases):
    """The RAG dataset as this session's workspace holds it, and the one way the editor changes it."""

    notice_key = "editor_notice"  # what the last change cleared, said once in the next run (ui.views.editor.fields)
    kind = RAG
    own_source = OWN_SOURCE
    page_case_key = CASE_KEY

    @staticmethod
    def items(data: RagDataset) -> tuple[RagCase, ...]:
        return data.cases

    def __init__(self, workspace: Workspace, language: str) -> None:
        self.workspace = workspace
        self.language = language

    def default(self) -> tuple[RagDataset, str, str]:
        return rag_default(self.language)

    @property
    def dataset(self) -> RagDataset:
        return self.workspace.data(RAG, lambda: self.default()[0])

    @property
    def rag_case(self) -> int:
        """The case the RAG page has open."""
        index = self.workspace.setting(CASE_KEY, 0)
        return index if isinstance(index, int) and 0 <= index < len(self.dataset.cases) else 0

    def store(self, record: Mapping[str, Any]) -> bool:
        return self.store_all([record])

    def store_all(self, records: list[Mapping[str, Any]]) -> bool:
        """Store records (applied and stored at once, in order); False when the store refused them (the status line
        says why). The RAG page's label tables start again from the stored data."""
        if not records:
            return True
        if not run_saving(lambda: self.workspace.edit(RAG, list(records), self.default)):
            return False
        for key in [key for key in self.workspace.editors if key.startswith("rag_editor_")]:
            del self.workspace.editors[key]
        return True

    def cleared_now(self, case: RagCase) -> list[tuple[str, str, list[str]]]:
        """``(kind, unit id, label names)`` cleared by a text change of this case's units and not labelled since:
        read from the stored records, so the notice is still there after a reload."""
        units = {(kind, unit.id): unit for kind in LABEL_FIELDS for unit in case.units(kind)}
        found: dict[tuple[str, str], list[str]] = {}
        ids = {case.id}
        for record in reversed(self.workspace.edits(RAG)):  # newest first: a case id changed later names it
            if record.get("op") == "case_id" and record.get("value") in ids:
                ids.add(record.get("case_id"))
        for record in self.workspace.edits(RAG):
            if record.get("case_id") not in ids:
                continue
            for item in record.get("cleared") or ():
                unit = units.get((item.get("kind"), item.get("unit_id")))
                if unit is None:
                    continue
                names = [name for name in item.get("fields") or () if unit.label(name) is None]
                if names:
                    key = (item["kind"], item["unit_id"])
                    found[key] = list(dict.fromkeys([*found.get(key, []), *names]))
        return [(kind, unit_id, names) for (kind, unit_id), names in found.items()]


def editor_data(language: str) -> EditorData:
    return EditorData(current_workspace(), language)


def open_chosen_case() -> None:
    """Call before the case choice is drawn: a case just created (or asked for) is the one shown."""
    if (chosen := st.session_state.pop(CHOOSE_KEY, None)) is not None:
        set_kept(CHOICE_KEY, chosen)
