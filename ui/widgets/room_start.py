"""One click from a page's cases to a workshop room on them: the drills page's answer key, the RAG
page's cases, the case being written in the editor. A box with the room's title and a button; the room is made with
this workspace as its owner and the page switches to its facilitator view."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ui.frame.access import configured_code
from ui.frame.navigation import ROOM_PAGE
from ui.frame.rooms import make_room, remember_keys
from ui.frame.state import bytes_text, current_workspace, get_store, language, store_problem_text, t, workspace_params
from ui.frame.throttle import rooms_per_hour
from ui.widgets.answer_key import answer_key_review
from uncase_core.rag.cases import RagDataset, dataset_to_text
from uncase_store import StoreError
from uncase_store.rooms import clean_name


def room_allowance() -> None:
    """What anyone may make here, said wherever a room is made: in workshop mode so many rooms an hour from one
    workspace (:func:`ui.frame.rooms.make_room`), and always their cases counted in the workspace's cap."""
    cap = bytes_text(get_store().limits.workspace_bytes, language())
    if configured_code() is not None:
        st.caption(t("room.allowance_workshop", per_hour=rooms_per_hour(), cap=cap))
    else:
        st.caption(t("room.allowance", cap=cap))


def start_room_box(prefix: str, cases: Callable[[], RagDataset], title: str, source: str, source_kind: str,
                   heading: str, help_text: str) -> None:
    """The closed box ``heading`` with a title field (``title`` to start with), the answer key's gaps and its review
    unit by unit, and "Start the room": the room is made on ``cases()`` (their labels are the room's reference, shown
    on reveal), and the page switches to its facilitator view. ``prefix`` keys the widgets."""
    with st.expander(heading):
        st.caption(help_text)
        room_allowance()
        typed = st.text_input(t("room.room_title"), value=title, max_chars=80, key=f"{prefix}_room_title")
        dataset = cases()
        answer_key_review(dataset, prefix)
        if not st.button(t("drill.room_start"), key=f"{prefix}_room_start"):
            return
        workspace = current_workspace()
        try:
            keys = make_room(clean_name(typed) or t("room.default_title"), dataset_to_text(dataset), source,
                             source_kind)
        except StoreError as error:
            st.error(t("store.not_saved", problem=store_problem_text(error, language())))
            return
        remember_keys(keys)
        # No secret in the address: the session keeps it (remember_keys), and the workspace is the room's owner.
        st.switch_page(ROOM_PAGE, query_params={"room": keys.code, **workspace_params(workspace)})
