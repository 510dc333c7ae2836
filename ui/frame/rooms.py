"""A page's workshop room, as every page asks it: the room this workspace labels in, the rooms in the store, and the
secrets of a room this session made. The room's own pages (class view, projector, facilitator) are
``ui/views/room/``; this is the part the other pages read (the RAG, summary, editor and drills pages, the lesson
panel), so none of them imports the room's view.
"""

from __future__ import annotations

import streamlit as st

from ui.frame.access import configured_code
from ui.frame.sealed import browser_cookie
from ui.frame.state import current_workspace, get_store
from ui.frame.throttle import rooms_per_hour
from ui.frame.workspace import Workspace
from uncase_core.agreement.materials import RAG_MATERIAL, SUMMARY_MATERIAL, Material
from uncase_store import StoreError
from uncase_store.rooms import Room, RoomKeys, Rooms

ROOM = "room"  # workspace setting: the code of the room this workspace labels in
ROOM_NAME = "room_name"  # workspace setting: the participant's display name there
ROOM_KEYS = "room_keys"  # session state, never stored: code -> (facilitator secret, projector key) made here
ROOM_COOKIE_PREFIX = "uncase_room_"  # + code: a sealed tab's facilitator secret, for a workspace that is not the owner
ROOM_GUIDELINES = "guidelines"  # a room's state: the facilitator's annotation guidelines (ui/views/room/guidelines.py)
PAIR_FORMAT = "rag-blind-pair"  # a room's format: two systems' answers to the same questions, blinded together
SUMMARY_FORMAT = "summary-cases"  # a room's format: summary cases (document 002), labelled on the summary page
REFRESH = "5s"  # how often an open class view and a participant's page look for changes
REFRESH_SECONDS = 5


def rooms() -> Rooms:
    return Rooms(get_store())


def make_room(title: str, body: str, source: str, source_kind: str, format: str = "rag-dataset") -> RoomKeys:
    """A new room made by the session's workspace, which every page that makes one calls (the room page's form, the
    pages' "start a room" boxes, the compare page's pair): its bytes count in that workspace's cap, and in workshop
    mode the workspace makes at most ``UNCASE_ROOMS_PER_HOUR`` rooms in any hour (a participant's link made
    148 rooms in 40 s). StoreError (WorkspaceFull, TooManyRooms, ...) when the store refuses it."""
    per_hour = rooms_per_hour() if configured_code() is not None else None
    return rooms().create(title, body, source, source_kind, format=format, owner=current_workspace().token,
                          per_hour=per_hour)


def is_pair_room(room: Room) -> bool:
    """Whether the room's cases are two systems' answers, blinded together (``ui/views/room/pair.py``)."""
    return room.format == PAIR_FORMAT


def is_summary_room(room: Room) -> bool:
    """Whether the room's cases are summary cases (document 002), labelled on the summary page."""
    return room.format == SUMMARY_FORMAT


def room_material(room: Room) -> Material:
    return SUMMARY_MATERIAL if is_summary_room(room) else RAG_MATERIAL


def room_of(workspace: Workspace) -> str | None:
    code = workspace.setting(ROOM)
    return code if isinstance(code, str) else None


def remember_keys(keys: RoomKeys) -> None:
    """Keep a room's new secrets for this session's links. The store keeps only their hashes, and the workspace
    none at all (so neither "Download everything" nor ``uncase_store export`` holds them); the room's owner
    opens it from their workspace and can make new links (:meth:`uncase_store.rooms.Rooms.new_keys`)."""
    st.session_state.setdefault(ROOM_KEYS, {})[keys.code] = (keys.secret, keys.view_key)


def session_keys(code: str) -> tuple[str, str] | None:
    """The room's (facilitator secret, projector key) when this session made them, else None."""
    return st.session_state.get(ROOM_KEYS, {}).get(code)


def room_cookie(code: str) -> str:
    return ROOM_COOKIE_PREFIX + code


def room_secret(code: str, in_address: object) -> str | None:
    """The facilitator's secret this tab holds for room ``code``, unchecked: the address's (a facilitator's link),
    else this session's, else the one a sealed tab's browser keeps (``ui/frame/sealed.py``)."""
    if isinstance(in_address, str) and in_address:
        return in_address
    keys = session_keys(code)
    return keys[0] if keys is not None else browser_cookie(room_cookie(code))


def remember_secret(code: str, secret: str) -> None:
    """Keep a facilitator's link's secret (checked) for this session, once the address no longer holds it."""
    if session_keys(code) is not None:
        return
    view_key = rooms().projector_key(code, secret)
    if view_key is not None:  # a room made before the projector's key was derived: the link's secret serves alone
        remember_keys(RoomKeys(code, secret, view_key))


def room_lesson(code: str) -> str | None:
    """The lesson the facilitator started in room ``code`` (None: none, or the room cannot be read now)."""
    try:
        return rooms().get(code, body=False).lesson
    except StoreError:  # the room is gone or the store is down: no lesson to offer
        return None
