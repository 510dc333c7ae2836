"""Server CPU per interaction on the RAG page, one protocol-level session on an idle server.

    .venv/bin/python bench/bench_server_cost.py [--repeats 60]

One simulated user (bench/protocol_client.py: the browser's own websocket messages, nothing rendered)
ticks a passage label ``--repeats`` times, moves the Context relevance threshold slider as often, then goes
to the planner page and back a third as often, then switches to focus mode and presses Yes and No in turn as
often (what the keys 1 and 0 send: a rerun of focus mode's fragment, with the results in it; a key that moves to
another case is a full run). For each kind, prints the server process's CPU time per interaction (from /proc)
and the median time from the request to the end of its run. A tick or a slider move reruns only the result
fragments; a page switch is a full run of the page arrived at.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import RAG_PATH, proc_stat, serve  # noqa: E402
from bench.protocol_client import ProtocolSession  # noqa: E402

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
SLIDER = "Context relevance"


def cpu_seconds(pid: int) -> float:
    stat = proc_stat(pid)
    if stat is None:
        raise RuntimeError(f"the server (pid {pid}) is gone")
    return stat[2] / TICKS_PER_SECOND


async def _switch_pair(session: ProtocolSession) -> float:
    away = await session.switch_page("/sample_size_planner")
    back = await session.switch_page(RAG_PATH)
    return away.ms + back.ms


async def measure(base: str, server_pid: int, repeats: int) -> list[tuple[str, float, float]]:
    session = await ProtocolSession.open(base, RAG_PATH)
    try:
        for _ in range(5):  # warm up: first runs import and compile
            await session.toggle_editor_cell(0, 1, "relevant")

        async def tick(i: int) -> float:
            return (await session.toggle_editor_cell(0, i % 5, "relevant")).ms

        async def slide(i: int) -> float:
            return (await session.set_slider(SLIDER, round((10 + i % 2) * 0.05, 2))).ms

        async def switch(i: int) -> float:
            return await _switch_pair(session)

        async def key(i: int) -> float:
            if i == 0:
                await session.click("Focus mode")
                for _ in range(3):  # warm up focus mode's first runs
                    await session.click("Yes")
            return (await session.click("Yes" if i % 2 else "No")).ms

        kinds: list[tuple[str, Callable[[int], Awaitable[float]], int]] = [
            ("tick (label change)", tick, repeats), ("slider step", slide, repeats),
            ("page switch away and back", switch, max(1, repeats // 3)),
            ("key in focus mode (1 or 0)", key, repeats)]
        rows = []
        for name, act, count in kinds:
            if act is key:
                await key(0)  # into focus mode and warmed up, outside the measurement
            before = cpu_seconds(server_pid)
            times = [await act(i) for i in range(1 if act is key else 0, count + (1 if act is key else 0))]
            rows.append((name, 1000 * (cpu_seconds(server_pid) - before) / count, statistics.median(times)))
        return rows
    finally:
        await session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=60, help="ticks and slider steps (default 60)")
    args = parser.parse_args()
    with serve() as (base, process):
        rows = asyncio.run(measure(base, process.pid, args.repeats))
    print("server CPU per interaction, and request -> end of run (median), one session, idle server:")
    for name, cpu_ms, median_ms in rows:
        print(f"  {name:<28} CPU {cpu_ms:5.1f} ms   response {median_ms:5.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
