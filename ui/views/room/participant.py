"""What a room's member sees around their labels, on the page they label on (the RAG page, or the summary page in a
room of summary cases): who and where they are in the sidebar, and once the facilitator reveals, the class's labels
and the reference beside each unit."""

from __future__ import annotations

import streamlit as st

from ui.frame.rooms import ROOM_NAME
from ui.frame.state import t
from ui.frame.workspace import Workspace
from ui.views.room.rooms import class_view, member_code_note, unit_table
from ui.widgets.text import literal, text_table
from uncase_store.rooms import Room


def room_sidebar(room: Room, workspace: Workspace) -> None:
    """In the sidebar: the room, the person's name and code to come back, the room's state."""
    st.markdown(t("room.you_are", code=room.code, title=literal(room.title),
                  name=literal(workspace.setting(ROOM_NAME, ""))))
    member_code_note(room.code, workspace.token)
    st.caption(t("room.state.frozen") if room.frozen else t("room.state.open"))
    if room.revealed:
        st.caption(t("room.state.revealed"))


def class_beside(room: Room, case_id: str) -> None:
    """After reveal: for each unit of the case on screen, how the class labelled it, its majority, the room's
    reference and why the room's file says so (the explanations a participant's copy leaves out); the summary
    page's tables keep their own columns, and this table sits under them."""
    view = class_view(room.code, resamples=0)
    units = [unit for unit in view.labels.units if unit.case == case_id]
    st.header(t("room.summary.class_title"))
    why = view.labels.material.explanations(view.dataset)
    text_table(unit_table(view, units, revealed=True, why=why, with_case=False), hide_index=True, width="stretch")
