"""How long ``python3 dev.py run`` takes to serve, against a bare Streamlit server (issue 50 item 6).

    .venv/bin/python bench/bench_server_start.py [--rounds 6] [--root DIR]

Each round starts, in turn (A B A B), the playground as ``dev.py run`` starts it once ``.venv`` is ready
(``python -m streamlit run serve.py`` with ``dev.SERVER_ENVIRONMENT``, headless, its own empty SQLite store) and the
floor: the same Streamlit, the same flags, serving ``bench/minimal_app.py``. Two times are taken from the spawn:
**healthy** (``/_stcore/health`` answers 200: what a deploy's health check and ``dev.py``'s banner wait for) and
**first page** (a visitor's first run finished at ``/``, spoken at the protocol level by
``tests/support/protocol_client.py``, so no browser's CPU is counted). Only the bench's own processes are involved;
the machine's load average is printed before and after, since the two servers are timed in the same conditions but
not on an idle machine. ``--root`` serves another copy of the project (``git worktree add /tmp/old <commit>``) as A,
to measure an earlier tree with the same script.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dev import SERVER_ENVIRONMENT  # noqa: E402  (the environment dev.py run gives the server)
from tests.support.protocol_client import ProtocolSession  # noqa: E402

FLAGS = ["--server.headless=true", "--browser.gatherUsageStats=false", "--server.fileWatcherType=none",
         "--server.address=127.0.0.1"]
TIMEOUT_S = 300.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


async def first_page(base: str) -> None:
    session = await ProtocolSession.open(base, "/", timeout=TIMEOUT_S)
    await session.close()


def start_and_time(root: Path, script: str, store_dir: Path) -> tuple[float, float]:
    """Seconds from the spawn to healthy and to the end of a first visitor's first run."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**SERVER_ENVIRONMENT, **os.environ, "UNCASE_STORE": f"sqlite:///{store_dir / f'{port}.db'}"}
    command = [sys.executable, "-m", "streamlit", "run", str(root / script), f"--server.port={port}", *FLAGS]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not healthy(base):
            if process.poll() is not None or time.perf_counter() - started > TIMEOUT_S:
                raise RuntimeError(f"{script} did not become healthy")
            time.sleep(0.02)
        to_healthy = time.perf_counter() - started
        asyncio.run(first_page(base))
        return to_healthy, time.perf_counter() - started
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--root", type=Path, default=ROOT, help="the project copy served as A (default: this one)")
    options = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    times: dict[str, list[tuple[float, float]]] = {"playground": [], "floor": []}
    with tempfile.TemporaryDirectory() as work:
        for round_number in range(options.rounds):
            for name, root, script in (("playground", options.root.resolve(), "serve.py"),
                                       ("floor", ROOT, "bench/minimal_app.py")):
                times[name].append(start_and_time(root, script, Path(work)))
            (a_health, a_page), (b_health, b_page) = times["playground"][-1], times["floor"][-1]
            print(f"round {round_number + 1}: healthy {a_health:.2f} s vs {b_health:.2f} s "
                  f"({a_health / b_health:.2f}x); first page {a_page:.2f} s vs {b_page:.2f} s "
                  f"({a_page / b_page:.2f}x)", flush=True)
    for index, what in ((0, "healthy"), (1, "first page")):
        a = statistics.median(t[index] for t in times["playground"])
        b = statistics.median(t[index] for t in times["floor"])
        print(f"{what}: playground median {a:.2f} s, floor median {b:.2f} s: {a / b:.2f}x")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
