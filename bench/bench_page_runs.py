"""Each page's full run, as a visitor switching to it pays it: the median time from the switch to the end of the run,
and the server CPU per visit, on ``serve.py`` after its warm-up (one protocol-level session, nothing rendered).

    .venv/bin/python bench/bench_page_runs.py [--visits 8]

Issue 38 found the first visits of some pages slow under load (Compare 3 s); this names the pages whose run costs
most, each visit alike (not only the first), so the cause is in the run, not in an import.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import proc_stat, serve  # noqa: E402
from bench.bench_server_cost import TICKS_PER_SECOND  # noqa: E402
from tests.support.protocol_client import ProtocolSession  # noqa: E402
from ui.frame.navigation import PAGES  # noqa: E402

WARM_UP_S = 8.0  # serve.py imports every page's modules in a thread at start


async def measure(base: str, pid: int, visits: int) -> list[tuple[str, float, float, float]]:
    session = await ProtocolSession.open(base, "/")
    rows = []
    try:
        paths = [f"/{entry.url_path}" if entry.url_path else "/" for entry in PAGES]
        for path in paths:
            times, cpu = [], 0.0
            first = None
            for _ in range(visits):
                await session.switch_page("/sample_size_planner" if path != "/sample_size_planner" else "/")
                before = proc_stat(pid)[2]
                run = await session.switch_page(path, timeout=120)
                cpu += (proc_stat(pid)[2] - before) / TICKS_PER_SECOND
                first = run.ms if first is None else first
                times.append(run.ms)
            rows.append((path, first, statistics.median(times), 1000 * cpu / visits))
    finally:
        await session.close()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=8)
    args = parser.parse_args()
    with serve(script="serve.py") as (base, process):
        time.sleep(WARM_UP_S)
        rows = asyncio.run(measure(base, process.pid, args.visits))
    print(f"each page's full run on switching to it (serve.py after its warm-up, idle server, {args.visits} visits):")
    for path, first, median, cpu in sorted(rows, key=lambda row: -row[2]):
        print(f"  {path:<28} first {first:6.0f} ms   median {median:6.0f} ms   server CPU {cpu:6.1f} ms a visit")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
