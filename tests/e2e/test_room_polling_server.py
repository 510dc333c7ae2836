"""A room member's page keeps one timer, not two (issue 37, item 2), against a real ``serve.py``: the RAG page's
room poll and the lesson panel's each reran a fragment every 5 s (about 6 ms of server CPU each, 0.72 core for 300
people who were not even labelling); the room poll notices a started lesson too (it bumps the room's change number),
so the lesson panel's timer stands down on that page, and a lesson started still reaches the member."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench.bench_load import _token_of
from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.i18n import translate
from ui.views.room.watch import HEAD_KEPT_S
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms

pytestmark = pytest.mark.e2e


def test_a_member_on_the_labelling_page_polls_with_one_timer(tmp_path: Path):
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    api = Rooms(open_store(store_url))
    code = api.create("Room", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good", "scenario").code
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url) as (base, _process):

        async def scenario() -> tuple[dict[str, float], dict[str, float], list[str]]:
            session = await ProtocolSession.open(base, f"/workshop_room?join={code}")
            try:
                joined = await session.submit_form({translate("en", "room.name"): "Ana"},
                                                   translate("en", "room.join"))
                assert not joined.exceptions, joined.exceptions
                timers = dict(session.auto_reruns)
                assert len(timers) == 1, f"timers on the member's labelling page: {timers}"
                api.set_state(code, lesson="l01")  # the facilitator starts a lesson
                for fragment in list(timers):
                    await session.rerun_fragment(fragment)  # the timer fires: the page notices and runs again
                await session.wait_late(timeout=10)
                return timers, dict(session.auto_reruns), session.texts()
            finally:
                await session.close()

        before, after, texts = run(scenario())
    assert len(before) == 1, f"timers on the member's labelling page: {before}"
    assert len(after) == 1, (before, after)
    started = translate("en", "lesson.room_started", order=1, title="").split(":")[0]
    assert any(started in text for text in texts), "the started lesson did not reach the member"


def test_a_label_sent_after_the_freeze_by_a_page_drawn_before_it_is_not_stored(tmp_path: Path):
    """A label edit reruns only the result fragments, with the page's copy of the room: the freeze is noticed by the
    room's change number (one indexed read per edit, ``ui.views.room.rooms.frozen_now``), not by a poll."""
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace

    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    store = open_store(store_url)
    api = Rooms(store)
    code = api.create("Room", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good", "scenario").code
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url) as (base, _process):

        async def scenario() -> tuple[str, list[str]]:
            session = await ProtocolSession.open(base, f"/workshop_room?join={code}")
            try:
                joined = await session.submit_form({translate("en", "room.name"): "Ana"},
                                                   translate("en", "room.join"))
                assert not joined.exceptions, joined.exceptions
                stored = await session.toggle_editor_cell(0, 0, "relevant", False)
                assert not stored.exceptions, stored.exceptions
                api.set_state(code, frozen=True)  # the facilitator freezes; the page has not polled since
                refused = await session.toggle_editor_cell(0, 1, "relevant", False)
                assert not refused.exceptions, refused.exceptions
                await session.wait_late(timeout=10)
                return session.query_string, session.texts()
            finally:
                await session.close()

        query, texts = run(scenario())
    passages = Workspace.open(store, _token_of(query)).data(RAG).cases[0].passages
    assert passages[0].label("relevant") is False  # before the freeze: stored
    assert passages[1].label("relevant") is not False, "a label sent after the freeze was stored"
    assert any(translate("en", "room.frozen_note")[:30] in text for text in texts)


def test_a_look_at_the_room_runs_nothing_until_the_room_changes(tmp_path: Path):
    """The page's watcher (``ui/views/room/watch.py``) asks ``serve.py``'s route over HTTP; the server runs the page's
    script only when the room's change number moved, and then the member sees what changed."""
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    api = Rooms(open_store(store_url))
    code = api.create("Room", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good", "scenario").code
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url) as (base, _process):

        async def scenario() -> tuple[list[object], list[str]]:
            session = await ProtocolSession.open(base, f"/workshop_room?join={code}")
            try:
                joined = await session.submit_form({translate("en", "room.name"): "Ana"},
                                                   translate("en", "room.join"))
                assert not joined.exceptions, joined.exceptions
                quiet = [await session.look_at_room() for _ in range(3)]
                api.set_state(code, lesson="l01")  # the facilitator starts a lesson
                await asyncio.sleep(HEAD_KEPT_S)  # the number a process read is kept that long
                changed = await session.look_at_room()
                assert changed is not None and not changed.exceptions
                await session.wait_late(timeout=10)
                return quiet, session.texts()
            finally:
                await session.close()

        quiet, texts = run(scenario())
    assert quiet == [None, None, None], "a look at an unchanged room ran the page"
    started = translate("en", "lesson.room_started", order=1, title="").split(":")[0]
    assert any(started in text for text in texts), "the started lesson did not reach the member"
