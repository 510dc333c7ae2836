"""Access code guessing (issue 27, item 4) against the real server: a protocol-level client types codes into the
gate as a browser does, from two addresses (as a proxy on this machine names them in ``X-Forwarded-For``).

Past a few wrong codes from one address the gate waits before it looks at the next (the right code included), each
wrong try is in the server's log with the address, and another address is not slowed down.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.frame.access import TRUSTED_PROXIES_ENV
from ui.frame.throttle import CODE_TRIES
from ui.i18n import translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
GUESSER, PARTICIPANT = "203.0.113.5", "198.51.100.7"


@pytest.fixture(scope="module")
def gated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = Path(tmp_path_factory.mktemp("guessing"))
    log = folder / "server.log"
    store = f"sqlite:///{folder / 'store.db'}"
    # The test clients stand for browsers behind a proxy on this machine, which the server is told to trust.
    env = {"UNCASE_ACCESS_CODE": CODE, TRUSTED_PROXIES_ENV: "127.0.0.1"}
    with serve(log_path=log, script="serve.py", store=store, env=env) as (base, _process):
        yield base, log, store


async def _type(session: ProtocolSession, code: str) -> str:
    await session.submit_form({translate("en", "access.code"): code}, translate("en", "access.enter"))
    return " ".join(session.texts())


def test_guessing_is_slowed_and_logged_per_address(gated_server: tuple[str, Path, str]):
    base, log, _store = gated_server

    async def scenario() -> None:
        guesser = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": GUESSER})
        participant = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": f"10.0.0.1, {PARTICIPANT}"})
        try:
            for _ in range(CODE_TRIES.free - 1):
                assert translate("en", "access.wrong") in await _type(guesser, "AAAA-2222")
            assert translate("en", "access.wrong_wait", seconds=2) in await _type(guesser, "AAAA-3333")
            shown = await _type(guesser, CODE)  # the right code, typed at once: not looked at
            assert any(translate("en", "access.wait", seconds=left) in shown for left in (1, 2))  # 2 s from the last
            assert translate("en", "access.intro")[:40] in shown  # still the gate
            # Another address is not slowed down by the guesser's tries.
            assert translate("en", "access.intro")[:40] not in await _type(participant, CODE)
        finally:
            await guesser.close()
            await participant.close()

    run(scenario())
    lines = [line for line in log.read_text(errors="replace").splitlines() if "access gate: wrong code" in line]
    assert len(lines) == CODE_TRIES.free and all(f"from {GUESSER}" in line for line in lines)


def test_room_codes_guessed_through_join_links_are_slowed_and_logged(gated_server: tuple[str, Path, str]):
    """Issue 35, finding 5: ``/?join=<code>`` was looked at before the gate at full speed and never counted. Each
    guess is a new session (a new websocket), as a script would make them."""
    base, log, store = gated_server
    body = dataset_to_text(load_scenario(load_index()[0], "en"))
    room = Rooms(open_store(store)).create("Guessing", body, "scenario", "scenario").code
    link_guesser = "203.0.113.77"

    async def opened(code: str, address: str) -> str:
        session = await ProtocolSession.open(base, f"/?join={code}", headers={"X-Forwarded-For": address})
        try:
            return " ".join(session.texts())
        finally:
            await session.close()

    async def scenario() -> None:
        gate = translate("en", "access.intro")[:40]
        for guess in ("AAAAAA", "AAAAAB", "AAAAAC", "AAAAAD", "AAAAAE")[:CODE_TRIES.free]:
            assert gate in await opened(guess, link_guesser)
        # The right room code, linked at once from the same address: not looked at while it must wait.
        assert gate in await opened(room, link_guesser)
        # From another address the same link opens the room's join form, past the gate.
        assert gate not in await opened(room, "198.51.100.99")

    run(scenario())
    lines = [line for line in log.read_text(errors="replace").splitlines() if f"from {link_guesser}" in line]
    assert sum("wrong room code in a link" in line for line in lines) == CODE_TRIES.free
    assert any("while it must wait" in line for line in lines)


def test_without_a_trusted_proxy_a_client_cannot_choose_its_address(tmp_path: Path):
    """Issue 35, finding 6: a client on this machine changing its X-Forwarded-For at every try escaped the slowdown;
    with no proxy named, the header is not believed and every try counts against the one address it comes from."""
    log = tmp_path / "server.log"
    with serve(log_path=log, script="serve.py", store=f"sqlite:///{tmp_path / 'store.db'}",
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):

        async def scenario() -> None:
            for index in range(CODE_TRIES.free - 1):
                session = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": f"203.0.113.{index}"})
                try:
                    assert translate("en", "access.wrong") in await _type(session, "AAAA-2222")
                finally:
                    await session.close()
            last = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": "203.0.113.200"})
            try:
                assert translate("en", "access.wrong_wait", seconds=2) in await _type(last, "AAAA-3333")
            finally:
                await last.close()

        run(scenario())
    text = log.read_text(errors="replace")
    assert "per-address limits count each connection's own address" in text  # said at start
    assert text.count("wrong code from local") == CODE_TRIES.free
