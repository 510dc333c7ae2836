"""Raw websocket messages from a visitor who never typed the code (issue 35, findings 1 and 2), against a real
``serve.py`` behind an access code, on SQLite and on PostgreSQL.

``BackMsg(clear_cache=True)`` made Streamlit empty every cache of the process: the collector thread was one of them,
so each clear followed by anyone's page run started another thread (50 clears: 40 -> 90 threads). The guard drops
what such a session may not send, and the process's own objects are not caches any more, so a clear from a session
past the gate is harmless too. The store's engine was such a cache as well: every clear left a PostgreSQL
connection pool behind (40 clears, 40 connections); it is made once per process now, its pool bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bench.bench_attacks import clear_cache, settled_threads
from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from tests.support.store_backends import postgres_admin_url, postgres_database
from ui.i18n import translate
from uncase_store.engine import store_connections

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
CLEARS = 50
CLEARS_PG = 40
THREADS_SLACK = 4  # a script-runner or executor thread that happens to be alive at the second count


@pytest.fixture(scope="module")
def gated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, Path]]:
    folder = Path(tmp_path_factory.mktemp("back_messages"))
    log = folder / "server.log"
    with serve(log_path=log, script="serve.py", store=f"sqlite:///{folder / 'store.db'}",
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, process):
        yield base, process.pid, log


async def _past_the_gate(base: str) -> ProtocolSession:
    session = await ProtocolSession.open(base, "/")
    await session.submit_form({translate("en", "access.code"): CODE}, translate("en", "access.enter"))
    assert translate("en", "access.intro")[:40] not in " ".join(session.texts())
    return session


def test_clear_cache_before_the_gate_changes_nothing_in_the_process(gated_server: tuple[str, int, Path]):
    base, pid, log = gated_server

    async def scenario() -> tuple[int, int]:
        participant = await _past_the_gate(base)
        visitor = await ProtocolSession.open(base, "/")
        try:
            await participant.rerun()
            before = settled_threads(pid)
            for _ in range(CLEARS):
                await visitor.send_raw(clear_cache())
                await participant.rerun()  # anyone's next page run used to start another collector thread
            await visitor.rerun()  # the visitor's own connection still works: still the gate
            assert translate("en", "access.intro")[:40] in " ".join(visitor.texts())
            return before, settled_threads(pid)
        finally:
            await visitor.close()
            await participant.close()

    before, after = run(scenario())
    assert after <= before + THREADS_SLACK, f"threads {before} -> {after} after {CLEARS} clear_cache messages"
    dropped = [line for line in log.read_text(errors="replace").splitlines() if "clear_cache dropped" in line]
    assert len(dropped) == 1, dropped  # one line per connection and kind, not one per message
    assert "has not entered the access code" in dropped[0]


def test_clear_cache_past_the_gate_does_not_multiply_the_collector(gated_server: tuple[str, int, Path]):
    """A session past the gate reaches Streamlit's clear; what it drops is only what is safe to drop."""
    base, pid, _log = gated_server

    async def scenario() -> tuple[int, int]:
        participant = await _past_the_gate(base)
        try:
            await participant.rerun()
            before = settled_threads(pid)
            for _ in range(CLEARS // 2):
                await participant.send_raw(clear_cache())
                await participant.rerun()
            return before, settled_threads(pid)
        finally:
            await participant.close()

    before, after = run(scenario())
    assert after <= before + THREADS_SLACK, f"threads {before} -> {after} after {CLEARS // 2} clears past the gate"


# ------------------------------------------------------------------------------------------ PostgreSQL (finding 2)

def connections_to(admin: str, database: str) -> int:
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = :name"),
                                      {"name": database}).scalar_one()
    finally:
        engine.dispose()


def test_clear_cache_leaks_no_postgresql_connections(tmp_path: Path):
    """40 clears from a session past the gate (which reach Streamlit) and 40 from one before it (which do not), each
    followed by page runs that open the store: the server holds the connections it held before."""
    admin = postgres_admin_url()
    with postgres_database() as url, serve(log_path=tmp_path / "server.log", script="serve.py", store=url,
                                           env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):
        database = make_url(url).database

        async def scenario() -> tuple[int, int]:
            participant = await _past_the_gate(base)
            visitor = await ProtocolSession.open(base, "/")
            try:
                for _ in range(3):
                    await participant.rerun()
                before = connections_to(admin, database)
                for _ in range(CLEARS_PG):
                    await participant.send_raw(clear_cache())
                    await participant.rerun()  # its own state cleared: the gate lets its workspace link in again
                    await visitor.send_raw(clear_cache())
                    await visitor.rerun()  # the gate's page opens the store too
                return before, connections_to(admin, database)
            finally:
                await visitor.close()
                await participant.close()

        before, after = run(scenario())
    assert after <= max(before, 2) + 1, f"PostgreSQL connections {before} -> {after} after {CLEARS_PG} clears each"
    assert after <= store_connections()  # the process's bound, whatever happens
