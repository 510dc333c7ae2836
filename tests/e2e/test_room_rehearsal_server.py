"""A facilitator rehearses their own room at scale (issue 37, item 4): ``bench/bench_room.py --join CODE --base URL``
joins an existing room on a running ``serve.py`` (a room of their own cases, not the script's), labels, polls as
browsers do, reloads its page once, watches with the facilitator's view and the projector, and reads every
acknowledged label back."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import pytest

from bench.bench_room import rehearse
from tests.support.server import serve
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms

pytestmark = pytest.mark.e2e


def test_load_clients_join_a_room_someone_made_on_a_running_server(tmp_path: Path):
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    # A room on another scenario than the script's own (its first case has its own number of passages).
    keys = Rooms(open_store(store_url)).create("My class", dataset_to_text(load_scenario(load_index()[2], "en")),
                                               "mine", "scenario")
    # rehearse() on a thread of its own: it runs its own event loop, and in a whole run sync Playwright keeps one
    # running in the main thread (asyncio.run would refuse there; the fresh-clone CI caught it).
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url) as (base, _process), \
            concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = pool.submit(rehearse, [base], keys.code, participants=3, seconds=8, think=1.0,
                             secret=keys.secret, store=store_url, rejoin=1.0).result()
    assert result.errors == [], result.errors
    assert result.joined == 3 and result.final_members == 3
    assert result.checked > 0 and result.lost == []
    assert result.ticks and result.polls and result.refreshes and result.projector_refreshes
    # Everyone reloaded their page once, in the middle of labelling, and found every label it had acknowledged.
    assert len(result.rejoins) == 3
