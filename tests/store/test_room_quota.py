"""A room counts in its owner's workspace (issue 47, item 4): a participant's link made 148 rooms in 40 s and stored
39 MB of them in 63 s, none of it in any workspace's cap. A room made by a workspace now takes its bytes from that
workspace's cap and gives them back when it is pruned, and ``per_hour`` bounds how many a workspace makes in any hour,
on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import inspect, select, text

from tests.support import room_fixtures
from tests.support.store_backends import BACKENDS, store_url
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import Limits, UnknownWorkspace, WorkspaceFull, open_store, schema
from uncase_store.engine import create_store_engine
from uncase_store.migrations import migrate
from uncase_store.rooms import Rooms, TooManyRooms
from uncase_store.store import MB

store = room_fixtures.store  # the fixture: a store on each backend


@pytest.fixture(scope="module")
def body() -> str:
    return dataset_to_text(load_scenario(load_index()[0], "en"))


def room_count(store) -> int:
    with store.engine.connect() as connection:
        return len(connection.execute(select(schema.rooms.c.code)).all())


def test_a_rooms_bytes_count_in_its_owners_workspace(store, body):
    token = store.create_workspace()
    keys = Rooms(store).create("Room", body, "scenario", "scenario", owner=token)
    size = len(body.encode()) + len(b"Room") + len(b"scenario")
    assert store.load(token).size_bytes == size
    with store.engine.connect() as connection:
        assert connection.execute(select(schema.rooms.c.charged_bytes)
                                  .where(schema.rooms.c.code == keys.code)).scalar() == size
    Rooms(store).create("Ownerless", body, "scenario", "scenario")  # a room no workspace made counts in none
    assert store.load(token).size_bytes == size


@pytest.mark.parametrize("backend", BACKENDS)
def test_rooms_past_the_workspace_cap_are_refused_and_nothing_is_stored(backend, tmp_path):
    body = "x" * (3 * MB)
    with store_url(backend, tmp_path) as url:
        small = open_store(url, Limits(workspace_bytes=10 * MB))
        token = small.create_workspace()
        api = Rooms(small)
        for _ in range(3):
            api.create("Big", body, "upload", "upload", owner=token)
        with pytest.raises(WorkspaceFull) as refused:
            api.create("Big", body, "upload", "upload", owner=token)
        assert refused.value.cap == 10 * MB and "10.0 MB per workspace" in str(refused.value)
        assert room_count(small) == 3 and small.load(token).size_bytes == 3 * (3 * MB + 9)
        with pytest.raises(UnknownWorkspace):
            api.create("Big", "x", "upload", "upload", owner="N" * 24)
        assert room_count(small) == 3
        small.engine.dispose()


def test_a_workspace_makes_at_most_per_hour_rooms_in_any_hour(store, body):
    token = store.create_workspace()
    api = Rooms(store)
    start = datetime.now(UTC)
    for minute in range(3):
        api.create("Room", body, "scenario", "scenario", owner=token, now=start + timedelta(minutes=minute),
                   per_hour=3)
    size = store.load(token).size_bytes
    with pytest.raises(TooManyRooms) as refused:
        api.create("Room", body, "scenario", "scenario", owner=token, now=start + timedelta(minutes=30), per_hour=3)
    assert refused.value.limit == 3 and refused.value.wait_s == pytest.approx(30 * 60)
    assert "made 3 rooms in the last hour" in str(refused.value) and "30 min" in str(refused.value)
    assert store.load(token).size_bytes == size and room_count(store) == 3  # the refusal stored nothing
    other = store.create_workspace()  # another workspace's rooms are its own
    api.create("Room", body, "scenario", "scenario", owner=other, now=start + timedelta(minutes=30), per_hour=3)
    # An hour after the first, one more may be made.
    api.create("Room", body, "scenario", "scenario", owner=token, now=start + timedelta(minutes=60, seconds=1),
               per_hour=3)
    assert room_count(store) == 5


def test_pruning_a_room_gives_its_bytes_back_to_its_owner(store, body):
    token = store.create_workspace()
    api = Rooms(store)
    old = datetime.now(UTC) - timedelta(days=40)
    api.create("Old", body, "scenario", "scenario", owner=token, now=old)
    api.create("New", body, "scenario", "scenario", owner=token)
    store.touch(token)  # the owner is in use: only the old room goes
    assert store.load(token).size_bytes == 2 * (len(body.encode()) + 11)
    assert store.prune(days=30).rooms == 1
    assert store.load(token).size_bytes == len(body.encode()) + 11


@pytest.mark.parametrize("backend", BACKENDS)
def test_step_6_adds_the_column_and_rooms_made_before_it_count_in_no_workspace(backend, tmp_path, body):
    with store_url(backend, tmp_path) as url:
        engine = create_store_engine(url)
        assert migrate(engine, target=5) == 5
        now = datetime.now(UTC) - timedelta(days=40)
        with engine.begin() as connection:  # a workspace and its room, as version 5 wrote them
            connection.execute(text(
                "INSERT INTO workspaces (token, created_at, touched_at, changed_at, seq, size_bytes) "
                "VALUES (:t, :n, :n, :n, 0, 100)"), {"t": "T" * 24, "n": now})
            connection.execute(text(
                "INSERT INTO rooms (code, title, created_at, changed_at, seq, secret_hash, view_hash, owner, format, "
                "source, source_kind, body, state, size_bytes) VALUES ('OLDROM', 't', :n, :n, 0, 'a', 'b', :t, "
                "'rag-dataset', 's', 'scenario', 'body', '{}', 5000)"), {"t": "T" * 24, "n": now})
        engine.dispose()
        migrated = open_store(url)
        assert "charged_bytes" in {c["name"] for c in inspect(migrated.engine).get_columns("rooms")}
        migrated.touch("T" * 24)
        assert migrated.prune(days=30).rooms == 1
        assert migrated.load("T" * 24).size_bytes == 100  # nothing was counted, so nothing is taken off
        migrated.engine.dispose()

