"""Joining a room: one participant per browser, however often the join is made again.

A join stores three things one after the other: the membership (``Rooms.join``), the room's blank cases as the
workspace's data, then the settings that name the room and the participant's name. A server killed between them, or
a page that never heard the answer, leaves the browser's address on the workspace it had, with the join form on
screen; the person presses Join again. That second join must find the first one, not make "Mateo 2" (23
joined for 22 people, the ghost counted as unlabelled everywhere). So:

- a workspace that is already a member of the room is that member: the join finishes what the first one left
  (a join that did finish is left as it is, labels and all: the room's setting is its last write, and until it is
  stored the join page shows the form, not the cases);
- a join that needs a new workspace (the address's own holds other work) first notes the new one's token in the
  address's workspace (:data:`JOINED_AS`), the one thing the browser is sure to name again, and a join made
  again from that address takes the noted workspace while it is still a member.

Nothing here depends on the session, which a restart loses; only on what the store holds and the address names.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ui.frame.access import ROOM_CODE_HOURS
from ui.frame.data_kinds import RAG, SUMMARIES
from ui.frame.rooms import ROOM, ROOM_NAME, is_summary_room, room_of, rooms
from ui.frame.state import LANGUAGE, current_workspace, get_store, new_workspace
from ui.frame.workspace import Workspace
from ui.views.room.rooms import room_dataset
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.compare.blind import without_key
from uncase_store import StoreError, UnknownWorkspace, valid_token
from uncase_store.rooms import Room

JOINED_AS = "room_joined_as"  # workspace setting: room code -> the workspace a join from this one made there


class RoomClosed(StoreError):
    """The room was made more than ROOM_CODE_HOURS ago: its code no longer lets anyone join (as at the gate)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"room {code} was made more than {ROOM_CODE_HOURS} hours ago and takes no one new")
        self.code = code


def joinable(room: Room, now: datetime | None = None) -> bool:
    """Whether the room's code still lets a person join: for ROOM_CODE_HOURS after it was made, as at the gate."""
    return (now or datetime.now(UTC)) - room.created_at <= timedelta(hours=ROOM_CODE_HOURS)


def join_room(code: str, wanted_name: str) -> Workspace:
    """A workspace for the person in room ``code``: the one an earlier join from this address made (see the module
    docstring), else the session's own when it holds nothing yet (a link just opened), else a new one (their own
    work stays under its own link); its language, the room's cases without labels as its data. Returns it; the
    caller makes it the session's.

    RoomClosed when the room is older than ROOM_CODE_HOURS: its code was on a projector for a day's workshop."""
    old = current_workspace()
    room = rooms().get(code)
    if not joinable(room):
        raise RoomClosed(code)
    workspace = earlier_join(code, old)
    if workspace is None:
        # The workspace the link opened serves when it holds nothing yet: a join is one new workspace, not two, and
        # a class behind one school network joins twice as many under its address's hourly allowance.
        workspace = old if old.unused() else new_workspace(get_store(), {LANGUAGE: old.language or "en"})
        if workspace is not old:
            old.set_settings({JOINED_AS: {**_noted(old), code: workspace.token}})
    name = rooms().join(code, workspace.token, wanted_name)  # a member already: the name it has
    if room_of(workspace) == code:  # that join was whole (its last write names the room): its labels stay
        return workspace
    blank = blank_copy(room_dataset(room))
    if is_summary_room(room):
        workspace.replace(SUMMARIES, blank, room.title, "room", {"room": code})
    else:  # a room on a pair keeps which answer is whose out of the participants' copies (uncase_core.compare.blind)
        workspace.replace(RAG, without_key(blank), room.title, "room", {"room": code})
    workspace.set_settings({ROOM: code, ROOM_NAME: name})
    return workspace


def earlier_join(code: str, old: Workspace) -> Workspace | None:
    """The member of room ``code`` an earlier join from ``old`` (the address's workspace) made: ``old`` itself, or
    the workspace it noted; None when there is none still in the room."""
    api = rooms()
    if api.member(code, old.token) is not None:
        return old
    token = _noted(old).get(code)
    if not valid_token(token) or api.member(code, token) is None:
        return None
    try:
        return Workspace.open(get_store(), token)
    except UnknownWorkspace:  # pruned since: a new join it is
        return None


def _noted(workspace: Workspace) -> dict[str, Any]:
    noted = workspace.setting(JOINED_AS, {})
    return dict(noted) if isinstance(noted, dict) else {}


def rejoin_room(code: str, resume: object) -> Workspace | None:
    """The workspace of the member of room ``code`` whose code to come back is ``resume`` (None: no one's), for
    the caller to make the session's: a person who lost their link is back in their own labels, not a new member.
    A room past its hours takes them back too (they are no one new)."""
    member = rooms().rejoin(code, resume)
    return None if member is None else Workspace.open(get_store(), member.token)
