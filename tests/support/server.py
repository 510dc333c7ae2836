"""A Streamlit server for a test or a benchmark: ``streamlit run <script>`` on a free local port, stopped after."""

from __future__ import annotations

import contextlib
import functools
import os
import resource
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path

from tests.support.browser_env import free_port, stop_process, streamlit_command
from tests.support.slowed_streamlit import DELAY_ENV

ROOT = Path(__file__).resolve().parents[2]
HEALTH_TIMEOUT_S = 60.0  # a cold start on a loaded two-core machine


def wait_until_healthy(base: str, process: subprocess.Popen[bytes], timeout_s: float = HEALTH_TIMEOUT_S) -> None:
    """Return once ``base``'s ``/_stcore/health`` says ok; RuntimeError if ``process`` exits or ``timeout_s`` passes."""
    deadline = time.monotonic() + timeout_s
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"streamlit exited with code {process.returncode} before it was healthy")
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as response:
                if response.read().decode().strip() == "ok":
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"streamlit was not healthy within {timeout_s:.0f} s")
        time.sleep(0.2)


def slowed_command(command: list[str]) -> list[str]:
    """``command`` (a `streamlit run`) started through tests/support/slowed_streamlit.py instead."""
    at = command.index("streamlit")
    return [*command[:at], "tests.support.slowed_streamlit", *command[at + 1:]]


@contextlib.contextmanager
def serve(log_path: Path | None = None, script: str = "app.py", store: str | None = None,
          env: Mapping[str, str] | None = None, open_files: tuple[int, int] | None = None,
          slowed_ms: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`streamlit run <script>` on a free local port; yields (base URL, process) once healthy, stops it after.

    ``store`` is the SQLAlchemy URL of the workspace store the server uses (default: the environment's);
    ``env`` adds environment variables (``STREAMLIT_SERVER_...`` settings, say); ``open_files`` sets the server's
    (soft, hard) limit on open files as it starts, as a machine's configuration would; ``slowed_ms`` makes every
    script run wait that long before it draws (``tests/support/slowed_streamlit.py``: a loaded server).
    """
    port = free_port()
    command = streamlit_command(port, script)
    if slowed_ms is not None:
        command = slowed_command(command)
        env = {**(env or {}), DELAY_ENV: str(slowed_ms)}
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, **({"UNCASE_STORE": store} if store else {}), **(env or {})}
    with contextlib.ExitStack() as stack:
        log = stack.enter_context(log_path.open("wb")) if log_path else subprocess.DEVNULL
        limits = None if open_files is None else functools.partial(resource.setrlimit, resource.RLIMIT_NOFILE,
                                                                    open_files)
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env,
                                   preexec_fn=limits)
        try:
            wait_until_healthy(base, process)
            yield base, process
        finally:
            stop_process(process)
