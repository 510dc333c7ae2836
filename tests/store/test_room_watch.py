"""The route a room member's page asks for the room's change number (``ui/views/room/watch.py``): who it answers,
what it answers, and how often it reads the store (never for a pair no page of this process watches)."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from ui.views.room.head_route import RoomHeadRoute, RoomHeads
from ui.views.room.watch import TOKEN_HEADER, Watchers
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
    """One raw HTTP request through serve.py's middleware: (status, JSON body); anything else reaches ``app``."""
    headers = [] if token is None else [(TOKEN_HEADER.lower().encode(), token.encode())]
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": headers}
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError(f"{scope['path']} passed on to Streamlit")

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(RoomHeadRoute(app, route_heads)(scope, receive, send))
    return sent[0]["status"], json.loads(sent[1]["body"])


def test_a_watching_member_gets_the_rooms_change_number_and_nobody_else_learns_anything(
        room: tuple[Rooms, str, str]):
    rooms, code, token = room
    watchers = Watchers()
    watchers.add(code, token)  # what the member's page does when it draws the watcher
    heads = RoomHeads(lambda: rooms, watchers=watchers)
    assert ask(heads, "/api/uncase/room-head", f"room={code}", token) == (200, {"head": rooms.head(code)})
    # Under a base path (a proxy serving the playground at /uncase/): the page asks relative to its address.
    assert ask(heads, "/uncase/api/uncase/room-head", f"room={code}", token)[0] == 200
    stranger = new_token()
    assert ask(heads, "/api/uncase/room-head", f"room={code}", stranger)[0] == 403  # not 404: the route exists
    assert ask(heads, "/api/uncase/room-head", "room=ZZZZZZ", token)[0] == 403  # no such room: the same answer
    assert ask(heads, "/api/uncase/room-head", f"room={code}", None)[0] == 400
    assert ask(heads, "/api/uncase/room-head", "room=not-a-code", token)[0] == 400
    assert ask(heads, "/api/uncase/room-head", "room=" + code + "'--", token)[0] == 400
    # A member whose page here never drew the watcher (another process's, or a script guessing tokens) learns nothing.
    other = rooms.store.create_workspace()
    rooms.join(code, other, "Bea")
    assert ask(heads, "/api/uncase/room-head", f"room={code}", other)[0] == 403


def test_a_flood_of_pairs_no_page_watches_is_refused_without_reading_the_store(room: tuple[Rooms, str, str]):
    """What a visitor without the access code can send: a real room code with made-up tokens, made-up codes with a
    real member's token, or both made up. Each used to cost a store read (the membership lookup); now none does."""
    rooms, code, token = room
    counting = CountingRooms(rooms)
    heads = RoomHeads(lambda: counting)  # the process's own watchers, as serve.py makes it
    requests = [(code, new_token()) for _ in range(200)] + [("ZZZZ" + str(i % 8 + 2) + "A", token) for i in range(100)]
    requests += [(code, token)] * 100 + [("ABCDEF", new_token()) for _ in range(100)]
    statuses = {ask(heads, "/api/uncase/room-head", f"room={room_code}", member)[0] for room_code, member in requests}
    assert (counting.members, counting.heads) == (0, 0), (
        f"{len(requests)} requests read the store {counting.members + counting.heads} times")
    assert statuses == {403}  # the member's own token too: their page here never drew the watcher


def test_the_number_follows_the_room_within_the_time_it_is_kept(room: tuple[Rooms, str, str]):
    rooms, code, token = room
    now = [100.0]
    counting = CountingRooms(rooms)
    watchers = Watchers()
    watchers.add(code, token)
    heads = RoomHeads(lambda: counting, kept_s=1.0, watchers=watchers, clock=lambda: now[0])
    first = heads.head(code, token)
    for _ in range(50):  # a class asking within the same second: one read
        assert heads.head(code, token) == first
    assert (counting.heads, counting.members) == (1, 0)
    rooms.set_state(code, revealed=True)
    assert heads.head(code, token) == first  # still within the second
    now[0] += 1.5
    assert heads.head(code, token) == rooms.head(code) != first
    assert (counting.heads, counting.members) == (2, 0)


def test_while_one_request_reads_the_number_the_others_answer_with_the_one_kept(room: tuple[Rooms, str, str]):
    rooms, code, token = room
    now = [100.0]
    watchers = Watchers()
    watchers.add(code, token)
    inside, release = threading.Event(), threading.Event()

    class SlowRooms(CountingRooms):
        def head(self, code: str) -> int | None:
            if self.heads == 1:  # the second read: hold it until the others have asked
                inside.set()
                release.wait(10)
            return super().head(code)

    counting = SlowRooms(rooms)
    heads = RoomHeads(lambda: counting, kept_s=1.0, watchers=watchers, clock=lambda: now[0])
    first = heads.head(code, token)
    now[0] += 1.5  # the number kept is stale: the next request reads it again
    reader = threading.Thread(target=heads.head, args=(code, token))
    reader.start()
    assert inside.wait(10)
    answers = [heads.head(code, token) for _ in range(30)]
    release.set()
    reader.join(10)
    assert answers == [first] * 30 and counting.heads == 2


def test_watchers_are_bounded(room: tuple[Rooms, str, str]):
    _rooms, code, first = room
    watchers = Watchers(kept=2)
    members = [first, new_token(), new_token()]
    for token in members:
        watchers.add(code, token)
    assert [(code, token) in watchers for token in members] == [False, True, True]  # the oldest is forgotten
    watchers.add(code, members[1])  # drawn again: the most recent now
    watchers.add(code, members[0])
    assert [(code, token) in watchers for token in members] == [True, True, False]


def test_a_store_that_is_down_is_a_503_not_an_error_page(room: tuple[Rooms, str, str]):
    _, code, token = room
    watchers = Watchers()
    watchers.add(code, token)

    class Down:
        def head(self, code: str) -> int:
            raise StoreError("the database is down")

    assert ask(RoomHeads(lambda: Down(), watchers=watchers), "/api/uncase/room-head", f"room={code}", token)[0] == 503


def test_only_a_stale_number_is_read_and_then_off_the_event_loop(room: tuple[Rooms, str, str]):
    """The store is read on a worker thread (a slow database never stalls the websockets); a refusal and a kept
    number are answered on the loop itself, with no thread at all."""
    rooms, code, token = room
    watchers = Watchers()
    watchers.add(code, token)
    threads: list[str] = []

    class WhereRead(CountingRooms):
        def head(self, code: str) -> int | None:
            threads.append(threading.current_thread().name)
            return super().head(code)

    heads = RoomHeads(lambda: WhereRead(rooms), watchers=watchers)
    for _ in range(5):
        assert ask(heads, "/api/uncase/room-head", f"room={code}", token)[0] == 200
    assert len(threads) == 1 and threads[0] != threading.current_thread().name


def test_other_paths_pass_on_and_other_methods_are_refused():
    reached: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    route = RoomHeadRoute(app, RoomHeads(lambda: None))  # type: ignore[arg-type, return-value]
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    def request(method: str, path: str) -> None:
        asyncio.run(route({"type": "http", "method": method, "path": path, "headers": []}, None, send))  # type: ignore[arg-type]

    for path in ("/", "/rag_diagnosis", "/_stcore/health", "/api/uncase/room-head/x", "/api/uncase/room-headx"):
        request("GET", path)
    request("POST", "/api/uncase/room-head")
    assert reached == ["/", "/rag_diagnosis", "/_stcore/health", "/api/uncase/room-head/x", "/api/uncase/room-headx"]
    assert sent[0]["status"] == 405
