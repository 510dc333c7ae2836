"""The route a room member's page asks for the room's change number (``ui/views/room/watch.py``): who it answers,
what it answers, and how often it reads the store."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.requests import Request

from ui.views.room.watch import TOKEN_HEADER, RoomHeads, room_head_route
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import StoreError, open_store
from uncase_store.rooms import Rooms
from uncase_store.store import new_token


class CountingRooms:
    """Rooms, counting the reads the route makes."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms, self.heads, self.members = rooms, 0, 0

    def head(self, code: str) -> int | None:
        self.heads += 1
        return self.rooms.head(code)

    def member(self, code: str, token: str) -> str | None:
        self.members += 1
        return self.rooms.member(code, token)


@pytest.fixture()
def room(tmp_path: Path) -> tuple[Rooms, str, str]:
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    rooms = Rooms(store)
    code = rooms.create("Room", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good", "scenario").code
    token = store.create_workspace()
    rooms.join(code, token, "Ana")
    return rooms, code, token


def ask(route_heads: RoomHeads, path: str, query: str, token: str | None) -> tuple[int, Any]:
    routes = room_head_route(route_heads)
    headers = [] if token is None else [(TOKEN_HEADER.lower().encode(), token.encode())]
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": headers,
             "root_path": "", "app": None}
    route = next(r for r in routes if r.matches(scope)[0].name == "FULL")
    response = route.endpoint(Request(scope))
    return response.status_code, json.loads(response.body)


def test_a_member_gets_the_rooms_change_number_and_nobody_else_learns_anything(room: tuple[Rooms, str, str]):
    rooms, code, token = room
    heads = RoomHeads(lambda: rooms)
    assert ask(heads, "/api/uncase/room-head", f"room={code}", token) == (200, {"head": rooms.head(code)})
    # Under a base path (a proxy serving the playground at /uncase/): the page asks relative to its address.
    assert ask(heads, "/uncase/api/uncase/room-head", f"room={code}", token)[0] == 200
    stranger = new_token()
    assert ask(heads, "/api/uncase/room-head", f"room={code}", stranger)[0] == 403  # not 404: the route exists
    assert ask(heads, "/api/uncase/room-head", "room=ZZZZZZ", token)[0] == 403  # no such room: the same answer
    assert ask(heads, "/api/uncase/room-head", f"room={code}", None)[0] == 400
    assert ask(heads, "/api/uncase/room-head", "room=not-a-code", token)[0] == 400
    assert ask(heads, "/api/uncase/room-head", "room=" + code + "'--", token)[0] == 400


def test_the_number_follows_the_room_within_the_time_it_is_kept(room: tuple[Rooms, str, str]):
    rooms, code, token = room
    now = [100.0]
    counting = CountingRooms(rooms)
    heads = RoomHeads(lambda: counting, kept_s=1.0, clock=lambda: now[0])
    first = heads.head(code, token)
    for _ in range(50):  # a class asking within the same second: one read
        assert heads.head(code, token) == first
    assert (counting.heads, counting.members) == (1, 1)
    rooms.set_state(code, revealed=True)
    assert heads.head(code, token) == first  # still within the second
    now[0] += 1.5
    assert heads.head(code, token) == rooms.head(code) != first
    assert counting.heads == 2 and counting.members == 1  # membership is read once


def test_members_known_are_bounded_and_strangers_never_kept(room: tuple[Rooms, str, str]):
    rooms, code, first = room
    members = [first]
    for name in ("Bea", "Carl"):
        token = rooms.store.create_workspace()
        rooms.join(code, token, name)
        members.append(token)
    counting = CountingRooms(rooms)
    heads = RoomHeads(lambda: counting, members_kept=2)
    stranger = new_token()
    for _ in range(3):  # a stranger is asked about every time: never remembered
        assert heads.head(code, stranger) is None
    assert counting.members == 3
    for token in members:  # three members, two kept: the first is forgotten
        assert heads.head(code, token) is not None
    assert counting.members == 6
    assert heads.head(code, members[2]) is not None and counting.members == 6  # kept
    assert heads.head(code, members[0]) is not None and counting.members == 7  # forgotten, read again


def test_a_store_that_is_down_is_a_503_not_an_error_page(room: tuple[Rooms, str, str]):
    _, code, token = room

    class Down:
        def member(self, code: str, token: str) -> str:
            raise StoreError("the database is down")

    assert ask(RoomHeads(lambda: Down()), "/api/uncase/room-head", f"room={code}", token)[0] == 503


def test_the_endpoint_runs_off_the_event_loop():
    """A plain function: Starlette runs it on its thread pool, so a slow database never stalls the websockets."""
    endpoint = room_head_route(RoomHeads(lambda: None))[0].endpoint  # type: ignore[arg-type, return-value]
    assert not asyncio.iscoroutinefunction(endpoint)
