"""Issue 47, item 7: a workshop server asks nothing of the internet, at start or because of what a visitor sends.

``python3 dev.py run --workshop`` is started for real with an audit hook in the server's process that records every
name it looks up and every connection it opens to another machine (``tests/support/outgoing.py``). Streamlit used to
ask ``checkip.amazonaws.com`` for the "External URL" of its start banner, and again for every websocket whose
``Origin`` named another site, which any visitor without the code could send (``ui/frame/offline.py``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import websockets

from tests.e2e.test_protocol_client import run
from tests.support.browser_env import free_port
from tests.support.outgoing import attempts, recording_environment
from ui.frame.access import ACCESS_CODE_ENV

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60.0
CODE = "PLUM-7K4Q"
# dev.py's own `run`, with the set-up of .venv left out: Streamlit comes from the interpreter running the tests.
DEV_RUN = ("import sys, dev; dev.ensure_environment = lambda with_dev: None; dev.PYTHON = sys.executable; "
           "sys.exit(dev.main(sys.argv[1:]))")


@dataclass(frozen=True)
class Started:
    port: int
    output: Path  # what dev.py and the server printed
    outgoing: Path  # the attempts the hook recorded
    at_start: tuple[str, ...]  # those recorded by the time the server was healthy


def _healthy(process: subprocess.Popen[bytes], output: Path, port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"dev.py run exited with {process.returncode}:\n{output.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
                if response.read() == b"ok":
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    pytest.fail(f"not healthy within {START_TIMEOUT_S:.0f} s:\n{output.read_text(errors='replace')}")


@pytest.fixture(scope="module")
def workshop_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    folder = tmp_path_factory.mktemp("offline")
    port, output, outgoing = free_port(), folder / "dev-run.log", folder / "outgoing.log"
    env = {**os.environ, **recording_environment(folder / "hook", outgoing), ACCESS_CODE_ENV: CODE,
           "UNCASE_STORE": f"sqlite:///{folder / 'store.db'}"}
    with output.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", DEV_RUN, "run", "--workshop", f"--server.port={port}",
             "--server.fileWatcherType=none"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)  # its own process group: dev.py and the Streamlit it starts stop together
    try:
        _healthy(process, output, port)
        yield Started(port, output, outgoing, tuple(attempts(outgoing)))
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)


def test_the_hook_records_a_lookup_of_another_machine(tmp_path: Path):
    """The recorder itself: a child that looks a name up is caught (else the tests below could not fail)."""
    log = tmp_path / "outgoing.log"
    env = {**os.environ, **recording_environment(tmp_path / "hook", log)}
    script = ("import socket\ntry:\n    socket.getaddrinfo('checkip.amazonaws.com', 80)\nexcept OSError:\n    pass\n"
              "socket.getaddrinfo('localhost', 80)")
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)
    assert [line.split(" ", 1)[1] for line in attempts(log)] == ["socket.getaddrinfo checkip.amazonaws.com"]


def test_a_workshop_server_starts_without_asking_the_internet(workshop_server: Started):
    assert workshop_server.at_start == ()
    output = workshop_server.output.read_text(errors="replace")
    assert f"Local URL: http://localhost:{workshop_server.port}" in output  # the addresses are still printed
    assert "Network URL: http://" in output
    assert "External URL" not in output


def test_a_foreign_origin_does_not_make_the_server_ask_the_internet(workshop_server: Started):
    """A visitor's websocket whose ``Origin`` names another site is refused, as before, and the refusal asks no
    one: ten of them, the first one before any page was opened."""

    async def knock() -> list[int]:
        refused = []
        for _ in range(10):
            try:
                async with websockets.connect(f"ws://127.0.0.1:{workshop_server.port}/_stcore/stream",
                                              origin="http://elsewhere.example", open_timeout=30, proxy=None):
                    refused.append(0)
            except websockets.InvalidStatus as error:
                refused.append(error.response.status_code)
        return refused

    assert run(knock()) == [403] * 10
    assert attempts(workshop_server.outgoing)[len(workshop_server.at_start):] == []
