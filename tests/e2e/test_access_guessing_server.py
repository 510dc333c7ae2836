"""Access code guessing (issue 27, item 4) against the real server: a protocol-level client types codes into the
gate as a browser does, from two addresses (as a proxy on this machine names them in ``X-Forwarded-For``).

Past a few wrong codes from one address the gate waits before it looks at the next (the right code included), each
wrong try is in the server's log with the address, and another address is not slowed down.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.bench_load import serve
from bench.protocol_client import ProtocolSession
from tests.e2e.test_protocol_client import run
from ui.frame.throttle import GATE_TRIES
from ui.i18n import translate

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
GUESSER, PARTICIPANT = "203.0.113.5", "198.51.100.7"


@pytest.fixture(scope="module")
def gated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = Path(tmp_path_factory.mktemp("guessing"))
    log = folder / "server.log"
    with serve(log_path=log, script="serve.py", store=f"sqlite:///{folder / 'store.db'}",
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):
        yield base, log


async def _type(session: ProtocolSession, code: str) -> str:
    await session.submit_form({translate("en", "access.code"): code}, translate("en", "access.enter"))
    return " ".join(session.texts())


def test_guessing_is_slowed_and_logged_per_address(gated_server: tuple[str, Path]):
    base, log = gated_server

    async def scenario() -> None:
        guesser = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": GUESSER})
        participant = await ProtocolSession.open(base, "/", headers={"X-Forwarded-For": f"10.0.0.1, {PARTICIPANT}"})
        try:
            for _ in range(GATE_TRIES.free - 1):
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
    assert len(lines) == GATE_TRIES.free and all(f"from {GUESSER}" in line for line in lines)
