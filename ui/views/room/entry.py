"""The ways into a room on its page: the facilitator's links, the join form, the rooms a workspace made.

A room's secrets (the facilitator's and the projector's) are kept only in the session that made them
(:func:`ui.frame.rooms.remember_keys`); the store keeps their hashes and the workspace none, so the workspace
that made a room opens it by being its owner and makes new links when it needs them. The join form
refuses a room older than its hours, and slows down guessed codes per session and per address in workshop mode, as
the gate does (``ui/frame/access.py``); a room's code that came with its link's join key is not slowed.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from ui.frame.access import ROOM_CODE_HOURS, client_address, configured_code, count_wrong, session_key, wait_text
from ui.frame.code_tries import CODE_TRIES, Wait
from ui.frame.rooms import ROOM_NAME, remember_keys, rooms, session_keys
from ui.frame.state import language, store_problem_text, switch_workspace, t, workspace_params
from ui.frame.workspace import Workspace
from ui.views.room.joining import RoomClosed, join_room, rejoin_room
from ui.views.room.rooms import facilitator_keys, links_address_note, room_links
from ui.widgets.text import literal
from uncase_store import StoreError
from uncase_store.rooms import Room, Rooms, UnknownRoom, clean_name, normalize_code


def draw_links(api: Rooms, room: Room, workspace: Workspace, key: object) -> None:
    """The room's links: the participant's in the open (with the address it uses), then the projector's in the open
    too, on a line that says this is the view to put on the wall (it holds no secret and no control); the
    facilitator's folded away, since this page may be projected and must not show the secret. The projector's link
    is there wherever the facilitator's link opens (its key is derived from the secret); the owner, opening the room
    from their workspace without the secret, makes new links."""
    code = room.code
    keys = session_keys(code)
    secret = keys[0] if keys else (key if isinstance(key, str) and api.is_facilitator(code, key) else None)
    links = room_links(code, secret, facilitator_keys(code, secret), api.join_key(code))
    st.caption(t("room.participant_link"))
    st.code(links["participant"], language=None, wrap_lines=True)
    st.caption(links_address_note())
    if "projector" in links:  # a teacher's first question: which screen goes on the projector
        with st.container(key="room_projector_line"):
            st.markdown(t("room.project_this"))
            st.code(links["projector"], language=None, wrap_lines=True)
    with st.expander(t("room.links_title"), expanded=False):
        if "projector" not in links and secret is not None:  # a room made before the projector's key was derived
            st.caption(t("room.projector_old"))
            if st.button(t("room.projector_new"), key="room_new_projector"):
                try:
                    api.new_projector_key(code, secret)
                except StoreError as error:
                    st.error(t("store.not_saved", problem=store_problem_text(error, language())))
                else:
                    st.rerun()
        if "facilitator" in links:
            st.caption(t("room.facilitator_link"))
            st.code(links["facilitator"], language=None, wrap_lines=True)
        if secret is None and room.owner == workspace.token:
            st.caption(t("room.new_links_help"))
            if st.button(t("room.new_links"), key="room_new_links"):
                try:
                    remember_keys(api.new_keys(code))
                except StoreError as error:
                    st.error(t("store.not_saved", problem=store_problem_text(error, language())))
                else:
                    st.query_params.pop("key", None)
                    st.rerun()


def join_from_form(typed: object, name: object, resume: object = "", key: object = None) -> Workspace | None:
    """Join the room the person typed, as the session's new workspace; with a code to come back, reopen that
    member's own workspace instead (no name needed). None (with the reason shown) when neither happens. ``key``: the
    join key the page's link carried, with which the room's code is not a guess (a code to come back still is)."""
    wanted = normalize_code(typed)
    address, session = client_address(), session_key()
    coming_back = bool(normalize_code(resume))
    guessing = configured_code() is not None and (coming_back or not _keyed(wanted, key))
    wait = CODE_TRIES.wait(session, address) if guessing else Wait(0.0)  # guessing codes: as at the gate
    if not wanted:
        st.error(t("room.code_needed"))
    elif wait:
        st.error(wait_text(language(), wait))
    elif coming_back:
        return _come_back(wanted, resume, address)
    elif not clean_name(name):
        st.error(t("room.name_needed"))
    else:
        try:
            joined = join_room(wanted, str(name))
        except UnknownRoom:
            count_wrong(address, f"room page: no room {wanted}, typed")
            st.error(t("room.unknown", code=literal(wanted)))
        except RoomClosed:
            st.error(t("room.closed", code=literal(wanted), hours=ROOM_CODE_HOURS))
        except StoreError as error:
            st.error(t("store.not_saved", problem=store_problem_text(error, language())))
        else:
            CODE_TRIES.passed(session, address)
            resume = rooms().resume_code(wanted, joined.token)
            if resume is None:
                switch_workspace(joined, "room.joined_notice")
            else:  # shown once here, and always in the sidebar of the person's pages
                switch_workspace(joined, "room.joined_with_code", resume=resume)
            return joined
    return None


def _keyed(code: str, key: object) -> bool:
    """Whether ``key`` is room ``code``'s join key (the page's link carried it)."""
    if not code or not isinstance(key, str) or not key:
        return False
    try:
        return rooms().is_join_key(code, key)
    except StoreError:
        return False


def _come_back(code: str, resume: object, address: str) -> Workspace | None:
    """Reopen the workspace of the member whose code to come back is ``resume``; a wrong code counts as a wrong
    guess (slowed down per session and per address in workshop mode, as room codes are)."""
    try:
        back = rejoin_room(code, resume)
    except UnknownRoom:
        count_wrong(address, f"room page: no room {code}, typed with a code to come back")
        st.error(t("room.unknown", code=literal(code)))
        return None
    except StoreError as error:
        st.error(t("store.not_saved", problem=store_problem_text(error, language())))
        return None
    if back is None:
        count_wrong(address, f"room page: a wrong code to come back in room {code}")
        st.error(t("room.resume_unknown", code=literal(code)))
        return None
    CODE_TRIES.passed(session_key(), address)
    switch_workspace(back, "room.back_notice", name=back.setting(ROOM_NAME, ""))
    return back


def draw_owned(workspace: Workspace) -> None:
    """The rooms this workspace made, each with a link to its facilitator's view (opened as their owner)."""
    try:
        owned = rooms().owned(workspace.token)
    except StoreError:
        return
    if not owned:
        return
    st.header(t("room.yours"))
    for mine in owned:
        links = room_links(mine.code, *(session_keys(mine.code) or (None, None)))
        line = (f"**{mine.code}** · [{t('room.open_facilitator')}]({links['participant'].split('?')[0]}"
                f"?{urlencode({'room': mine.code, **workspace_params(workspace)})})")
        if "projector" in links:
            line += f" · [{t('room.open_projector')}]({links['projector']})"
        st.markdown(line)
