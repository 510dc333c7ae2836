"""The facilitator's list of participants: hand a person back their link, merge a ghost who
joined again ("Ana 2") into the person, or remove a participant, each change confirmed and kept in the store
(:meth:`uncase_store.rooms.Rooms.merge`, :meth:`~uncase_store.rooms.Rooms.remove`); the class view is recomputed
from the store on the next run, as always."""

from __future__ import annotations

import streamlit as st

from ui.frame.addresses import page_address
from ui.frame.rooms import room_material, rooms
from ui.frame.state import language, store_problem_text, t
from ui.i18n import translate
from ui.views.room.rooms import resume_link
from ui.widgets.text import literal
from uncase_store import StoreError

ACTIONS = ("merge", "remove")
MEMBER = "room_member"
NOTICE = "room_members_notice"  # (kind, text) of the last change, shown on the next run
LINK_SHOWN = "room_link_shown"


def _sure_key(action: str, source: str, target: str = "") -> str:
    return f"room_{action}_sure::{source}::{target}"


def _change(code: str, action: str, source: str, target: str) -> None:
    """Button callback: merge or remove, then say so (the confirmation and the choice start afresh)."""
    try:
        if action == "merge":
            count = rooms().merge(code, source, target, document=room_material(rooms().get(code, body=False)).name)
            text = t("room.merged", source=literal(source), target=literal(target), count=count)
        else:
            rooms().remove(code, source)
            text = t("room.removed", source=literal(source))
    except StoreError as error:
        st.session_state[NOTICE] = ("error", t("store.not_saved", problem=store_problem_text(error, language())))
        return
    st.session_state[NOTICE] = ("success", text)
    for key in (MEMBER, "room_merge_target", LINK_SHOWN, _sure_key(action, source, target)):
        st.session_state.pop(key, None)


def members_box(code: str) -> None:
    """The room's participants, one chosen at a time: their link back, and merging or removing them."""
    if notice := st.session_state.pop(NOTICE, None):
        getattr(st, notice[0])(notice[1])
    try:
        api = rooms()
        members = api.members(code)
    except StoreError as error:
        st.error(t("store.not_saved", problem=store_problem_text(error, language())))
        return
    lang = language()
    with st.expander(t("room.members_title"), expanded=False):
        st.caption(t("room.members_help"))
        if not members:  # the progress table above says nobody has joined; this box has nothing to act on
            st.caption(t("room.members_none"))
            return
        names = [member.name for member in members]
        source = st.selectbox(t("room.member"), names, key=MEMBER, placeholder=t("common.choose"))
        if st.button(t("room.show_link"), key="room_show_link"):
            st.session_state[LINK_SHOWN] = source
        if st.session_state.get(LINK_SHOWN) == source:
            token = next(member.token for member in members if member.name == source)
            resume = api.resume_code(code, token)
            if resume is not None:
                st.markdown(t("room.member_link", name=literal(source), resume=resume))
                st.code(resume_link(code, resume), language=None, wrap_lines=True)
            else:  # joined before codes to come back were given: their workspace's own link
                st.markdown(t("room.member_link_no_code", name=literal(source)))
                st.code(f"{page_address('rag_diagnosis').url}?w={token}", language=None, wrap_lines=True)
        action = st.radio(t("room.action"), ACTIONS, horizontal=True, key="room_member_action",
                          format_func=lambda a, lang=lang: translate(lang, f"room.action.{a}"))
        if action == "merge":
            others = [name for name in names if name != source]
            if not others:
                st.caption(t("room.one_member"))
                return
            target = st.selectbox(t("room.merge_into"), others, key="room_merge_target", placeholder=t("common.choose"))
            st.caption(t("room.merge_help", source=literal(source)))
            sure = st.checkbox(t("room.confirm_merge", source=literal(source), target=literal(target)),
                               key=_sure_key("merge", source, target))
            st.button(t("room.do_merge"), type="primary", disabled=not sure, key="room_do_merge", on_click=_change,
                      args=(code, "merge", source, target))
        else:
            sure = st.checkbox(t("room.confirm_remove", source=literal(source)), key=_sure_key("remove", source))
            st.button(t("room.do_remove"), type="primary", disabled=not sure, key="room_do_remove", on_click=_change,
                      args=(code, "remove", source, ""))
