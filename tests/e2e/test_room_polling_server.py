"""A room member's page keeps one timer, not two (issue 37, item 2), against a real ``serve.py``: the RAG page's
room poll and the lesson panel's each reran a fragment every 5 s (about 6 ms of server CPU each, 0.72 core for 300
people who were not even labelling); the room poll notices a started lesson too (it bumps the room's change number),
so the lesson panel's timer stands down on that page, and a lesson started still reaches the member."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_load import serve
from bench.protocol_client import ProtocolSession
from tests.e2e.test_protocol_client import run
from ui.i18n import translate
from uncase_core.rag.cases import dataset_to_text
from uncase_core.shared.assets import load_index, load_scenario
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
