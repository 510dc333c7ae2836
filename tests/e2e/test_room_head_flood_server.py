"""A flood of raw requests to ``serve.py``'s room route from someone whose page never drew the room's watcher, against
a real server behind an access code on PostgreSQL (``ui/views/room/watch.py``).

The route is plain HTTP, outside the session where the access gate runs. It used to look every (room, token) pair it
was asked about up in the store, and remembered only members: a visitor sending made-up tokens with a room's code
cost one database read per request, and 167 a second moved a labelling participant from 0.09 s to 0.91 s. Now only
the pairs this process's pages watch are answered, from memory. The store's reads are counted by PostgreSQL itself
(its transactions on the test's database, read once the server has stopped and its connections have written their
statistics), not timed.
"""

from __future__ import annotations

import http.client
import time
import urllib.parse
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bench.bench_load import _token_of
from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from tests.support.store_backends import postgres_admin_url, postgres_database
from ui.i18n import translate
from ui.views.room.watch import ROUTE_PATH, TOKEN_HEADER
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms
from uncase_store.store import new_token

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
FLOOD = 600
SETTLE_S = 60.0  # generous: the server's connections end within a second or two of its stop


def transactions(admin: str, database: str) -> int:
    """Every transaction PostgreSQL has counted on ``database``: one per read the store makes (a read is a connection
    taken from the pool, one query, the connection given back, which ends its transaction)."""
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                           "WHERE datname = :name"), {"name": database}).scalar_one()
    finally:
        engine.dispose()


def connections_to(admin: str, database: str) -> int:
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = :name"),
                                      {"name": database}).scalar_one()
    finally:
        engine.dispose()


def flood(base: str, code: str, count: int) -> dict[int, int]:
    """``count`` looks at room ``code`` with made-up workspace tokens, on one kept-alive connection; status -> count."""
    statuses: dict[int, int] = {}
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=30)
    try:
        for _ in range(count):
            connection.request("GET", f"/{ROUTE_PATH}?room={code}", headers={TOKEN_HEADER: new_token()})
            response = connection.getresponse()
            response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
    finally:
        connection.close()
    return statuses


def test_a_flood_of_looks_from_strangers_reads_nothing_and_changes_nothing(tmp_path: Path):
    admin = postgres_admin_url()
    with postgres_database() as url:
        database = make_url(url).database
        store = open_store(url)
        rooms = Rooms(store)
        code = rooms.create("Room", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good",
                            "scenario").code
        with serve(log_path=tmp_path / "server.log", script="serve.py", store=url,
                   env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):

            async def scenario() -> tuple[str, dict[int, int], object, object]:
                member = await ProtocolSession.open(base, f"/workshop_room?join={code}")
                try:
                    joined = await member.submit_form({translate("en", "room.name"): "Ana"},
                                                      translate("en", "room.join"))
                    assert not joined.exceptions, joined.exceptions
                    labelled = await member.toggle_editor_cell(0, 0, "relevant", True)
                    assert not labelled.exceptions, labelled.exceptions
                    before = await member.look_at_room()  # the member's own page is answered (None: nothing moved)
                    statuses = flood(base, code, FLOOD)
                    after = await member.look_at_room()
                    return member.query_string, statuses, before, after
                finally:
                    await member.close()

            query, statuses, before, after = run(scenario())
            token = _token_of(query)
            stored = (store.head(token), rooms.head(code))
        store.engine.dispose()
        # The server has stopped: once its connections are gone they have written their statistics.
        deadline = time.monotonic() + SETTLE_S
        while connections_to(admin, database) and time.monotonic() < deadline:
            time.sleep(0.2)
        reads = transactions(admin, database)
        store = open_store(url)
        try:
            assert (store.head(token), Rooms(store).head(code)) == stored  # nothing stored moved after the flood
        finally:
            store.engine.dispose()
    assert statuses == {403: FLOOD}, statuses
    assert before is None and after is None, "the member's own looks were not answered as an unchanged room"
    # Everything the server and this test did: opening and migrating the store, the room, the join, a label, the
    # member's looks. Well under the flood's size; before, each request of the flood added one.
    assert reads < FLOOD // 2, f"{reads} transactions on the store's database for a flood of {FLOOD} requests"
