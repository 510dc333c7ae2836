"""Starting a workshop room on the pair the compare page shows: the class labels both systems blind, and
the facilitator and the projector see the paired result (``ui/views/room/pair.py``)."""

from __future__ import annotations

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.navigation import ROOM_PAGE
from ui.frame.rooms import remember_keys
from ui.frame.state import current_workspace, language, store_problem_text, t, workspace_params
from ui.page_data.compare import CompareView
from ui.views.room.pair import create_pair_room
from ui.widgets.room_start import room_allowance
from uncase_core.errors import InputError
from uncase_store import StoreError
from uncase_store.rooms import clean_name


def draw_room(view: CompareView) -> None:
    """A facilitator starts a room on the pair as shown (with the labels given here as the room's reference)."""
    pair = view.pair
    if pair is None:
        return
    with st.expander(t("compare.room_title")):
        st.caption(t("compare.room_help"))
        room_allowance()
        title = st.text_input(t("room.room_title"), value=t("compare.room_default_title"), max_chars=80,
                              key="cmp_room_title")
        if not st.button(t("compare.room_start"), key="cmp_room_start"):
            return
        workspace = current_workspace()
        source = " · ".join(view.file_names())
        try:
            keys = create_pair_room(clean_name(title) or t("compare.room_default_title"), pair[0], pair[1], source,
                                    view.source)
        except InputError as error:
            st.error(t("compare.room_not_made", message=error_text(error, language())))
            return
        except StoreError as error:
            st.error(t("store.not_saved", problem=store_problem_text(error, language())))
            return
        remember_keys(keys)
        # No secret in the address: the session keeps it (remember_keys), and the workspace is the room's owner.
        st.switch_page(ROOM_PAGE, query_params={"room": keys.code, **workspace_params(workspace)})
