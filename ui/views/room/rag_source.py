"""The RAG cases the room form would open a room on (a built-in scenario or all of them, this workspace's cases, or
the facilitator's file): read before "Create the room" so the form can show their answer key, and read again when
it is pressed."""

from __future__ import annotations

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.workspace import Workspace
from ui.widgets.data_source import Loaded
from uncase_core.assets.reader import Scenario, load_all, load_scenario

ALL_SCENARIOS = "__all__"
UPLOADED_CASES_KEY = "room_new_dataset"  # the facilitator's file, once read


def chosen_rag_cases(source: str, choice: str | None, scenarios: tuple[Scenario, ...], workspace: Workspace,
                     lang: str) -> Loaded | None:
    """The cases ``source`` names (``choice`` is the scenario's id, or :data:`ALL_SCENARIOS`), None when there are
    none yet (no file uploaded, no cases in this workspace)."""
    if source == "scenario":
        if choice is None:
            return None
        by_id = {scenario.id: scenario for scenario in scenarios}
        dataset = load_all(scenarios, lang) if choice == ALL_SCENARIOS else load_scenario(by_id[choice], lang)
        return Loaded(dataset, choice, "scenario")
    if source == "workspace":
        stored = workspace.source(RAG) if workspace.has(RAG) else None
        return None if stored is None else Loaded(workspace.data(RAG), stored[0], stored[1])
    return st.session_state.get(UPLOADED_CASES_KEY)
