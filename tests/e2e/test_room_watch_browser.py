"""A room member's page asks the server for the room's change number and runs its script only when the room changed
(issue 37, item 2; ``ui/views/room/watch.py``), in real Chromium against ``serve.py`` (the route is its own).

An idle member's page sent a script run every 5 s before (its room timer); now it sends none while nothing changes,
asks ``api/uncase/room-head`` instead, and still shows the facilitator's reveal within a look or two, after labels
too (a label's run no longer reruns the fragment that holds the watcher)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, sidebar, toggle_passage_label
from tests.e2e.test_room_browser import create_room, new_page

pytestmark = pytest.mark.e2e

IDLE_MS = 12_000  # more than two of the old timer's runs


def script_runs(page: Any) -> list[str]:
    """Collect the fragment ids of the script runs the page asks for over its websocket (rerun BackMsgs)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    runs: list[str] = []

    def sent(payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            message = BackMsg()
            message.ParseFromString(payload)
            if message.WhichOneof("type") == "rerun_script":
                runs.append(message.rerun_script.fragment_id or "(the whole page)")

    page.on("websocket", lambda socket: socket.on("framesent", sent))
    return runs


def test_an_idle_member_page_runs_nothing_until_the_room_changes(chromium: Any) -> None:
    from tests.e2e.conftest import streamlit_server
    from tests.support.browser_env import free_port

    pages: list[Any] = []
    try:
        with streamlit_server(free_port(), "streamlit-room-watch.log", script="serve.py") as base:
            facilitator = new_page(chromium)
            pages.append(facilitator)
            facilitator.goto(f"{base}/workshop_room")
            code = create_room(facilitator, base)

            member = new_page(chromium)
            pages.append(member)
            looks: list[int] = []
            member.on("response", lambda r: looks.append(r.status) if "api/uncase/room-head" in r.url else None)
            runs = script_runs(member)
            member.goto(f"{base}/workshop_room?join={code}")
            member.get_by_role("textbox", name="Your name or an alias").fill("Ana")
            member.get_by_role("button", name="Join").click()
            expect(sidebar(member).get_by_text("you label as Ana")).to_be_visible(timeout=TEXT_TIMEOUT)
            # Labels first: each asks for a run that the page turns into its result fragments' only; the browser
            # drops the fragment's slow timer then, and the watcher must keep looking by itself.
            for row in (1, 2):
                toggle_passage_label(member, row)
            expect(counts(member)).to_have_text(counts_pattern(2, 2), timeout=TEXT_TIMEOUT)
            member.wait_for_timeout(1_000)
            runs.clear()
            looks.clear()
            member.wait_for_timeout(IDLE_MS)
            assert runs == [], f"an idle member's page ran its script: {runs}"
            assert len(looks) >= 2 and set(looks) == {200}, f"the page's looks at the room: {looks}"

            facilitator.bring_to_front()
            sidebar(facilitator).get_by_text("Reveal the reference labels and the class distribution").click()
            member.bring_to_front()
            # A look (every 5 s) and a run: well inside the 30 s of the fragment's own slow timer.
            expect(sidebar(member).get_by_text("reference labels revealed")).to_be_visible(timeout=12_000)
            assert runs, "the reveal reached the page without a run?"
    finally:
        for page in pages:
            page.context.close()
