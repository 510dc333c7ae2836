"""How many sessions one ``serve.py`` process takes, and what a closed one keeps, against the real server behind an
access code (``ui/frame/descriptors.py``, ``ui/frame/server_full.py``, ``ui/frame/closed_sessions.py``).

Each session holds four descriptors. Under a soft limit of 1,024 a process refused the 254th with "Errno 24 Too many
open files" (its visitor saw a page that never connected), although the hard limit allowed more; and a closed tab's
session kept three of them (its event loop) until something else wrote to Streamlit's session store, or forever on a
quiet server. Here the server is started with a low limit, as a machine's configuration would give it; descriptors
are counted in ``/proc``, never timed (the release is polled with a generous bound).
"""

from __future__ import annotations

import asyncio
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.frame.closed_sessions import SWEEP_EVERY_S
from ui.frame.descriptors import DESCRIPTORS_PER_SESSION, sessions_for
from ui.i18n import translate

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
TTL_S = 5  # server.disconnectedSessionTTL for these servers: a closed tab's session is kept this long
RELEASE_BOUND_S = TTL_S + SWEEP_EVERY_S + 60  # generous: the stated time is TTL + the sweep's period
LOW = 160  # open files: about twenty sessions
SESSIONS = 30
SLACK = 8  # descriptors something else may open or close meanwhile (a store connection, a log file)


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def open_file_limits(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise LookupError("Max open files")


def page_load(base: str, language: str = "en-US,en;q=0.9") -> tuple[int, str]:
    """What a browser gets when it opens the playground's address: the status and the HTML."""
    request = urllib.request.Request(f"{base}/", headers={"Accept": "text/html,application/xhtml+xml",
                                                          "Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def server_env() -> dict[str, str]:
    return {"UNCASE_ACCESS_CODE": CODE, "STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": str(TTL_S)}


def test_the_soft_limit_on_open_files_is_raised_to_the_hard_one_at_start(tmp_path: Path):
    log = tmp_path / "server.log"
    with serve(log_path=log, script="serve.py", store=f"sqlite:///{tmp_path / 'store.db'}", env=server_env(),
               open_files=(256, 2048)) as (_base, process):
        limits = open_file_limits(process.pid)
    assert limits == (2048, 2048)
    assert "raised from 256 to 2048" in log.read_text(errors="replace")  # said to whoever runs the server


def test_sessions_past_the_ceiling_get_the_full_page_not_an_error(tmp_path: Path):
    log = tmp_path / "server.log"
    with serve(log_path=log, script="serve.py", store=f"sqlite:///{tmp_path / 'store.db'}", env=server_env(),
               open_files=(LOW, LOW)) as (base, process):
        at_rest = descriptors(process.pid)

        async def scenario() -> tuple[int, tuple[int, str], tuple[int, str], Exception | None, int]:
            sessions: list[ProtocolSession] = []
            try:
                while len(sessions) < LOW:  # a visitor opens the address, then their page connects
                    status, _html = await asyncio.to_thread(page_load, base)
                    if status != 200:
                        break
                    session = await ProtocolSession.open(base, "/")
                    assert translate("en", "access.intro")[:40] in " ".join(session.texts())
                    sessions.append(session)
                opened = len(sessions)
                english = await asyncio.to_thread(page_load, base)
                spanish = await asyncio.to_thread(page_load, base, "es-MX,es;q=0.9,en;q=0.5")
                # Pages loaded before the server was full still connect, until half the spare is gone too; then the
                # websocket is refused before any session is made.
                refused = None
                for _ in range(LOW):
                    try:
                        sessions.append(await ProtocolSession.open(base, "/"))
                    except InvalidStatus as refusal:
                        refused = refusal
                        break
                return opened, english, spanish, refused, len(sessions) - opened
            finally:
                for session in sessions:
                    await session.close()

        opened, english, spanish, refused, late = run(scenario())
        expected = sessions_for(LOW, at_rest)
        # Once every session has gone, the server takes visitors again.
        deadline = time.monotonic() + RELEASE_BOUND_S
        while page_load(base)[0] != 200 and time.monotonic() < deadline:
            time.sleep(0.5)
        again = page_load(base)[0]
    text = log.read_text(errors="replace")
    assert "Too many open files" not in text, "a session was refused by the system, not by the server"
    assert abs(opened - expected) <= 2, f"{opened} sessions before the full page; the limit allows about {expected}"
    assert english[0] == 503 and translate("en", "full.title") in english[1]
    assert spanish[0] == 503 and spanish[1].index(translate("es", "full.title")) < spanish[1].index(
        translate("en", "full.title")), "the Spanish reader's page is not in Spanish first"
    assert refused is not None and refused.response.status_code == 403, "a websocket past the limit was not refused"
    assert late >= 1  # the spare lets in a page that loaded just before the server was full
    assert "server full" in text  # and whoever runs the server is told
    assert again == 200


def test_a_closed_sessions_descriptors_are_released_within_the_stated_time(tmp_path: Path):
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=f"sqlite:///{tmp_path / 'store.db'}",
               env=server_env()) as (base, process):

        async def scenario() -> int:
            sessions = [await ProtocolSession.open(base, "/") for _ in range(SESSIONS)]
            held = descriptors(process.pid)
            for session in sessions:
                await session.close()
            return held

        held = run(scenario())
        released, deadline = 0, time.monotonic() + RELEASE_BOUND_S
        while time.monotonic() < deadline:
            released = held - descriptors(process.pid)
            if released >= DESCRIPTORS_PER_SESSION * SESSIONS - SLACK:
                break
            time.sleep(0.5)
    assert released >= DESCRIPTORS_PER_SESSION * SESSIONS - SLACK, (
        f"{SESSIONS} closed sessions gave back {released} descriptors within {RELEASE_BOUND_S:.0f} s")
