"""A join cut by a server kill, then made again from the same browser, is one participant (issue 49, item 7).

The rehearsal saw "Mateo" and "Mateo 2": 23 joined for 22 people. A join stores three things one after the other
(the membership, the room's blank cases, the settings that say which room); a kill between them left a workspace
that was a member and held data but did not say it was in the room, so the reconnecting page showed the join form
and the second join, from a workspace no longer "unused", made another one.

The kill is placed, not timed: PostgreSQL holds every write to the settings table (an EXCLUSIVE table lock taken by
the test, which lets reads through), the join waits on it after storing its membership and its cases, the test sees
the server's query waiting on that lock (``pg_locks``) and kills the server there.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from sqlalchemy import create_engine, text

from tests.support.protocol_client import ProtocolSession, run_on_its_own_loop
from tests.support.server import serve
from tests.support.store_backends import postgres_database
from ui.i18n import translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms

pytestmark = pytest.mark.e2e

LOCK_WAIT_S = 60.0  # a cold server on a loaded two-core machine takes a while to reach the join's third write
NAME = "Mateo"


def _waiting_on_settings(engine, holder_pid: int) -> bool:
    """Whether some other connection waits for the settings table's lock that ``holder_pid`` holds."""
    with engine.connect() as connection:
        return bool(connection.execute(text(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE c.relname = 'settings' AND NOT l.granted AND l.pid <> :pid"), {"pid": holder_pid}).scalar())


def test_a_join_cut_by_a_kill_and_made_again_from_the_same_page_is_one_participant(tmp_path: Path) -> None:
    with postgres_database() as url:
        api = Rooms(open_store(url))
        keys = api.create("Class", dataset_to_text(load_scenario(load_index()[0], "en")), "first", "scenario")
        link = f"/workshop_room?join={keys.code}&k={api.join_key(keys.code)}"
        holder = create_engine(url)
        watcher = create_engine(url)
        try:
            with serve(log_path=tmp_path / "first.log", script="serve.py", store=url) as (base, process):
                async def cut_join() -> str:
                    page = await ProtocolSession.open(base, link)
                    address = f"/{page.url_path}?{page.query_string}"  # what the browser's address bar holds
                    assert "w=" in page.query_string, page.query_string
                    with holder.connect() as locker:
                        locker.execute(text("LOCK TABLE settings IN EXCLUSIVE MODE"))
                        pid = locker.execute(text("SELECT pg_backend_pid()")).scalar()
                        submitted = asyncio.ensure_future(page.submit_form(
                            {translate("en", "room.name"): NAME}, translate("en", "room.join"), timeout=LOCK_WAIT_S))
                        deadline = time.monotonic() + LOCK_WAIT_S
                        while not await asyncio.to_thread(_waiting_on_settings, watcher, pid):
                            assert time.monotonic() < deadline, "the join never reached a settings write"
                            assert not submitted.done(), "the join finished without writing a setting"
                            await asyncio.sleep(0.05)
                        process.send_signal(signal.SIGKILL)  # in the middle of the join, as a crash would
                        process.wait(timeout=10)
                        locker.rollback()
                    submitted.cancel()
                    await asyncio.gather(submitted, return_exceptions=True)
                    await page.close()
                    return address

                address = run_on_its_own_loop(cut_join())
            assert [member.name for member in api.members(keys.code)] == [NAME]  # the membership was stored

            with serve(log_path=tmp_path / "second.log", script="serve.py", store=url) as (base, _process):
                async def join_again() -> str:
                    # The same tab, reconnected: the same address; the form is there again (or the cases are), and
                    # the person presses Join again with the same name.
                    page = await ProtocolSession.open(base, address)
                    if page.url_path == "workshop_room":
                        run = await page.submit_form({translate("en", "room.name"): NAME},
                                                     translate("en", "room.join"))
                        assert run.exceptions == [], run.exceptions
                    await page.close()
                    return page.query_string

                token = parse_qs(run_on_its_own_loop(join_again()))["w"][0]
        finally:
            holder.dispose()
            watcher.dispose()
        members = api.members(keys.code)
        assert [member.name for member in members] == [NAME], members
        assert members[0].token == token  # the page labels as the one participant the room counts
