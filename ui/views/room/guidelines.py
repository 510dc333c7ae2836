"""A workshop room's annotation guidelines: the facilitator edits them, every participant's page shows them.

They are the room's state (``guidelines``, :data:`ui.views.room.rooms.ROOM_GUIDELINES`), so saving them bumps the
room's change number and the participants' pages, which look for a change every few seconds, draw them. Only the
labels whose rule or example differs from the ones the room's dataset gives (the dataset file's own, else the
playground's defaults in the facilitator's language) are kept; the others follow each participant's language.
"""

from __future__ import annotations

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.rooms import ROOM_GUIDELINES, is_summary_room, rooms
from ui.frame.state import language, store_problem_text, t
from ui.views.room.rooms import room_dataset
from ui.views.summaries.focus import summary_guidelines
from ui.widgets.rag_focus import rag_guidelines
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_NAMES
from uncase_core.shared.guidelines import MAX_GUIDELINE_CHARS, Guideline, guidelines_to_dict, read_guidelines
from uncase_core.summaries.edits import SUMMARY_LABELS
from uncase_store import StoreError
from uncase_store.rooms import Room


def room_guidelines(room: Room, lang: str) -> tuple[tuple[str, ...], dict[str, Guideline], dict[str, Guideline]]:
    """The labels the room's cases have, their guidelines without the facilitator's (the shipped ones in ``lang``, and
    for RAG cases the dataset file's own), and with them: what participants see."""
    own = room.state.get(ROOM_GUIDELINES)
    if is_summary_room(room):
        return SUMMARY_LABELS, summary_guidelines(lang), summary_guidelines(lang, own)
    dataset = room_dataset(room)
    return LABEL_NAMES, rag_guidelines(dataset, lang), rag_guidelines(dataset, lang, room.state)


def room_guidelines_editor(code: str, room: Room, lang: str) -> None:
    """The facilitator's form: a rule and an example per label, saved for the whole room."""
    dimensions, base, current = room_guidelines(room, lang)
    with st.expander(t("guide.room.title")):
        st.caption(t("guide.room.help"))
        with st.form(f"room_guidelines_{code}", border=False):
            typed = {}
            for name in dimensions:
                label = t(f"label.{name}")
                typed[name] = {
                    "text": st.text_area(t("guide.room.text", label=label), value=current[name].text, height=110,
                                         max_chars=MAX_GUIDELINE_CHARS, key=f"room_guide_{code}_{lang}_{name}_text"),
                    "example": st.text_area(t("guide.room.example", label=label), value=current[name].example,
                                            height=80, max_chars=MAX_GUIDELINE_CHARS,
                                            key=f"room_guide_{code}_{lang}_{name}_example"),
                }
            saving = st.form_submit_button(t("guide.room.save"), type="primary")
        if saving:
            try:
                read = read_guidelines(typed, dimensions)
            except InputError as error:
                st.error(t("guide.room.refused", message=error_text(error, lang)))
                return
            changed = {name: guideline for name, guideline in read.items() if guideline != base[name]}
            try:
                rooms().set_state(code, **{ROOM_GUIDELINES: guidelines_to_dict(changed) or None})
            except StoreError as error:
                st.error(t("store.not_saved", problem=store_problem_text(error, language())))
                return
            st.success(t("guide.room.saved", count=len(changed)))
        if room.state.get(ROOM_GUIDELINES) and st.button(t("guide.room.reset"), key=f"room_guide_{code}_reset"):
            try:
                rooms().set_state(code, **{ROOM_GUIDELINES: None})
            except StoreError as error:
                st.error(t("store.not_saved", problem=store_problem_text(error, language())))
                return
            for name in dimensions:
                for part in ("text", "example"):
                    st.session_state.pop(f"room_guide_{code}_{lang}_{name}_{part}", None)
            st.rerun()
