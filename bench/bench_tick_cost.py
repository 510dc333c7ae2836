"""Server CPU per label tick on the RAG page with 20 cases and with the page's case limit loaded, interleaved.

    .venv/bin/python bench/bench_tick_cost.py [--rounds 8] [--ticks 10] [--cases N]

Issue 50's goal: one case is on screen whatever the dataset's size, so a tick (a passage's label changed in the
label table: a rerun of the result fragments) at the page's case limit (``ui/frame/limits.py``, 2,000) should cost
the server at most 1.5x what it costs at 20 cases. Two protocol-level sessions (tests/support/protocol_client.py:
the browser's own websocket messages, nothing rendered) open two workspaces of synthetic cases
(bench/synthetic_rag.py), stored before the server starts, on one server. They tick in turn, ``--ticks`` ticks a
block, the 20-case session's block then the large one's (A B A B ...), for ``--rounds`` rounds, so that a change in
the machine's load falls on both. Only the server process's CPU time is counted (from /proc); the machine's load
average and how busy its CPUs were during the run are printed beside the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import RAG_PATH  # noqa: E402
from bench.bench_server_cost import cpu_seconds  # noqa: E402
from bench.synthetic_rag import synthetic_dataset  # noqa: E402
from tests.support.protocol_client import ProtocolSession  # noqa: E402
from tests.support.server import serve  # noqa: E402

FLOOR_CASES = 20
GOAL = 1.5
WARM_UP_TICKS = 5  # first runs import and compile, and fill the session's kept evaluations


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the whole machine so far, from /proc/stat (idle and iowait are not busy)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return sum(values) - values[3] - values[4], sum(values)


def stored_workspace(store_url: str, cases: int) -> str:
    """A new workspace in the store holding ``cases`` synthetic cases as an upload; its token."""
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from uncase_store import open_store

    store = open_store(store_url)
    try:
        workspace = Workspace.create(store)
        workspace.replace(RAG, synthetic_dataset(cases), f"synthetic-{cases}.jsonl", "upload")
        return workspace.token
    finally:
        store.engine.dispose()


async def opened(base: str, token: str, cases: int) -> ProtocolSession:
    """A session on the RAG page of workspace ``token``, checked to show its ``cases`` cases' figures."""
    from ui.i18n import translate

    session = await ProtocolSession.open(base, f"{RAG_PATH}?w={token}")
    heading = translate("en", "rag.results_dataset", count=cases)
    if heading not in session.texts():
        await session.close()
        raise RuntimeError(f"the page does not show {heading!r}")
    return session


async def tick(session: ProtocolSession, i: int) -> None:
    run = await session.toggle_editor_cell(0, i % 5, "relevant")
    if run.exceptions:
        raise RuntimeError(f"a tick drew an exception: {run.exceptions[0][:300]}")


async def measure(base: str, pid: int, tokens: dict[int, str], rounds: int, ticks: int) -> dict[int, list[float]]:
    """CPU ms per tick of each block, by the number of cases loaded."""
    sessions = {cases: await opened(base, token, cases) for cases, token in tokens.items()}
    try:
        for session in sessions.values():
            for i in range(WARM_UP_TICKS):
                await tick(session, i)
        per_tick: dict[int, list[float]] = {cases: [] for cases in sessions}
        for _ in range(rounds):
            for cases, session in sessions.items():  # A B A B: the floor's block, then the large one's
                before = cpu_seconds(pid)
                for i in range(ticks):
                    await tick(session, i)
                per_tick[cases].append(1000 * (cpu_seconds(pid) - before) / ticks)
        return per_tick
    finally:
        for session in sessions.values():
            await session.close()


def main() -> int:
    from ui.frame.limits import LIMITS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8, help="A B rounds (default 8)")
    parser.add_argument("--ticks", type=int, default=10, help="ticks per block (default 10)")
    parser.add_argument("--cases", type=int, default=LIMITS["rag"].max_items,
                        help="cases in the large workspace (default: the RAG page's limit)")
    args = parser.parse_args()
    store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-tick-cost-')}/store.db"
    tokens = {cases: stored_workspace(store, cases) for cases in (FLOOR_CASES, args.cases)}
    load_before = os.getloadavg()
    with serve(store=store) as (base, process):
        started = time.monotonic()
        busy_before, all_before = machine_ticks()
        per_tick = asyncio.run(measure(base, process.pid, tokens, args.rounds, args.ticks))
        busy_after, all_after = machine_ticks()
        busy = (busy_after - busy_before) / max(1, all_after - all_before)
        took = time.monotonic() - started
    load_after = os.getloadavg()
    print(f"server CPU per label tick on the RAG page, {args.rounds} rounds of {args.ticks} ticks, "
          f"{FLOOR_CASES} cases (A) and {args.cases} cases (B) interleaved A B A B, {took:.0f} s")
    for cases, blocks in per_tick.items():
        print(f"  {cases:>5} cases: median {statistics.median(blocks):6.1f} ms  blocks "
              + " ".join(f"{ms:.1f}" for ms in blocks))
    ratios = [large / small for small, large in zip(per_tick[FLOOR_CASES], per_tick[args.cases], strict=True)]
    ratio = statistics.median(per_tick[args.cases]) / statistics.median(per_tick[FLOOR_CASES])
    print(f"  ratio of medians {ratio:.2f}x (round by round: {min(ratios):.2f}-{max(ratios):.2f}x)   "
          f"goal <= {GOAL}x: {'met' if ratio <= GOAL else 'MISSED'}")
    print(f"machine: load average {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 min); CPUs busy "
          f"{100 * busy:.0f}% during the run ({os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
