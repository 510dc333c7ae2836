"""Writes are paced per workspace, whichever session sends them (issue 35, finding 7), against a real ``serve.py``
behind an access code: eight sessions on one workspace link each clicking labels as fast as the protocol lets them
made 236 stored edits with none refused, eight times one session's allowance."""

from __future__ import annotations

import asyncio
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.frame.throttle import EDIT_BURST, EDITS_PER_SECOND
from ui.i18n import translate
from uncase_store import open_store

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
SESSIONS, CLICKS = 8, 30
PASSAGES, RELEVANT = 0, "relevant"


def test_eight_sessions_on_one_workspace_share_its_pace(tmp_path: Path):
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url,
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):

        async def scenario() -> tuple[str, int, float]:
            first = await ProtocolSession.open(base, "/rag_diagnosis")
            await first.submit_form({translate("en", "access.code"): CODE}, translate("en", "access.enter"))
            token = urllib.parse.parse_qs(first.query_string)["w"][0]
            others = [await ProtocolSession.open(base, f"/rag_diagnosis?w={token}") for _ in range(SESSIONS - 1)]
            sessions = [first, *others]
            before = open_store(store_url).head(token)
            start = time.monotonic()

            async def clicks(session: ProtocolSession) -> None:
                for _ in range(CLICKS):
                    await session.toggle_editor_cell(PASSAGES, 0, RELEVANT)

            try:
                await asyncio.gather(*(clicks(session) for session in sessions))
                elapsed = time.monotonic() - start
            finally:
                for session in sessions:
                    await session.close()
            return token, before, elapsed

        token, before, elapsed = run(scenario())
    stored = open_store(store_url).head(token) - before
    allowed = EDIT_BURST + EDITS_PER_SECOND * elapsed
    assert stored <= allowed + 2, f"{stored} edits stored in {elapsed:.1f} s; one workspace's pace allows {allowed:.0f}"
    assert stored >= EDIT_BURST  # the burst itself goes through
