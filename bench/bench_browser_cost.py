"""CPU that one update costs the browser and the server: the RAG page against a minimal Streamlit page.

    .venv/bin/python bench/bench_browser_cost.py [--moves 20] [--pause 1.5] [--rounds 1] [--profile]

For each page, starts `streamlit run` and one Debian chromium page, opens the page, then moves the
"Context relevance" slider in the sidebar one step at a time (``--moves`` key presses, ``--pause`` s apart,
long enough for each update to finish) and reads the CPU time used by the chromium processes this bench launched
(its own process tree: on a shared machine another session's Chromium once made the minimal page "cost" 1,192 ms a
step) and by the server over that window, minus what they use over the same window with no input (idle). Nothing
polls the page while the clock runs, so the figures are the page's own work; the load average is printed before
and after.

Three pages: the RAG page; the same-size floor (bench/same_size_app.py: the RAG page's kinds of elements in
its numbers, nothing computed or stored), the floor under any page of the RAG page's size, since Streamlit's
frontend renders the whole page again on each of a step's commits (bench/bench_rerender.py counts them); and the
minimal page (bench/minimal_app.py: one slider, one metric card), the floor under any Streamlit page on this
machine. ``--rounds`` measures them in turn several times and gives medians: one round's figures move by a fifth
between runs on this machine. With these
figures, the load that N concurrent browser sessions on this same machine can sustain follows: each session
asks for one update per (think time + response time).

``--profile`` then moves the slider as often again on each page with Chromium's sampling profiler on (CDP
``Profiler``; the CPU figures above are taken without it) and splits a step's main-thread time by where it goes:
React's render and commit, the styled components' CSS (emotion), the rest of Streamlit's frontend, the browser's
native work outside JavaScript (style, layout: the profiler's ``(program)``) and garbage collection.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import VIEWPORT, proc_table, serve  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402

HANG_MS = 600_000  # a hang guard, not a timing: under load a page can take minutes, and a fixed 60 s failed benches

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
SLIDER = "Context relevance"
PAGES = (("RAG diagnosis page", "app.py", "/rag_diagnosis"), ("same-size floor", "bench/same_size_app.py", "/"),
         ("minimal Streamlit page", "bench/minimal_app.py", "/"))


def own_processes(table: dict[int, tuple[int, str, int]]) -> set[int]:
    """This bench's process and its descendants (the Playwright driver and the chromium it launched): another
    Chromium on a shared machine (another session's tests) is not ours to count."""
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in table.items():
        children.setdefault(parent, []).append(pid)
    own, waiting = set(), [os.getpid()]
    while waiting:
        pid = waiting.pop()
        own.add(pid)
        waiting += children.get(pid, [])
    return own


def cpu_seconds(server_pid: int) -> tuple[float, float]:
    """CPU seconds used so far by the chromium processes this bench launched, and by the server. A chromium that
    exited between two readings drops out of the sum, so each page's readings are taken with one browser open."""
    chromium = server = 0.0
    table = proc_table()
    own = own_processes(table)
    for pid, (_, name, ticks) in table.items():
        if pid in own and name.startswith("chrom"):
            chromium += ticks / TICKS_PER_SECOND
        elif pid == server_pid:
            server += ticks / TICKS_PER_SECOND
    return chromium, server


@dataclass
class Cost:
    page: str
    moves: int
    chromium_ms: float  # per update, idle subtracted
    server_ms: float
    main_thread_ms: float  # the page's main-thread task time per update (CDP Performance.getMetrics)


@contextmanager
def slider_page(script: str, path: str, init_script: str | None = None) -> Iterator[tuple[Any, Any, Any]]:
    """The page served from ``script`` open in chromium, drawn and settled, its slider focused: page, slider,
    server process. ``init_script`` runs in the page before any of its own."""
    from playwright.sync_api import sync_playwright

    with serve(script=script) as (base, server), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            if init_script is not None:
                page.add_init_script(init_script)
            page.goto(base + path)
            thumb = page.get_by_test_id("stSidebar").get_by_role("slider", name=SLIDER).first
            thumb.wait_for(timeout=HANG_MS)
            page.get_by_test_id("stMetric").first.wait_for(timeout=HANG_MS)
            time.sleep(3)  # let the first render settle
            thumb.focus()
            yield page, thumb, server
        finally:
            browser.close()


def move_slider(page: Any, moves: int, pause: float) -> None:
    """``moves`` steps right and back in turn, ``pause`` s apart (long enough for each update to finish)."""
    for index in range(moves):
        page.keyboard.press("ArrowRight" if index % 2 == 0 else "ArrowLeft")
        time.sleep(pause)


def measure(name: str, script: str, path: str, moves: int, pause: float) -> Cost:
    with slider_page(script, path) as (page, thumb, server):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        def task_seconds() -> float:
            return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]
                        if m["name"] == "TaskDuration")

        idle0 = cpu_seconds(server.pid)
        time.sleep(moves * pause)
        idle1 = cpu_seconds(server.pid)
        busy0, task0 = cpu_seconds(server.pid), task_seconds()
        start = float(thumb.get_attribute("aria-valuenow") or "nan")
        move_slider(page, moves, pause)
        busy1, task1 = cpu_seconds(server.pid), task_seconds()
        end = float(thumb.get_attribute("aria-valuenow") or "nan")
        expected = start if moves % 2 == 0 else round(start + 0.05, 2)
        if abs(end - expected) > 1e-9:
            raise RuntimeError(f"{name}: the slider ended at {end}, not {expected}: an input was lost")
    chromium = (busy1[0] - busy0[0]) - (idle1[0] - idle0[0])
    served = (busy1[1] - busy0[1]) - (idle1[1] - idle0[1])
    return Cost(name, moves, 1000 * chromium / moves, 1000 * served / moves, 1000 * (task1 - task0) / moves)


# Which part of the frontend a sampled function belongs to, by the bundle file it comes from.
PROFILE_PARTS = (("React", ("react-dom",)), ("styles (emotion)", ("emotion", "styled-components")))


def _profile_part(function: str, url: str) -> str | None:
    if function == "(idle)":
        return None
    if function == "(program)":
        return "native (style, layout)"
    if function == "(garbage collector)":
        return "garbage collection"
    name = url.rsplit("/", 1)[-1]
    return next((part for part, files in PROFILE_PARTS if any(f in name for f in files)), "Streamlit and the rest")


def profile_split(script: str, path: str, moves: int, pause: float) -> dict[str, float]:
    """Main-thread milliseconds per slider step, by part, from a sampled CPU profile of ``moves`` steps."""
    with slider_page(script, path) as (page, _thumb, _server):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})  # microseconds
        cdp.send("Profiler.start")
        move_slider(page, moves, pause)
        profile = cdp.send("Profiler.stop")["profile"]
    frames = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    parts: collections.Counter[str] = collections.Counter()
    for node, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        part = _profile_part(frames[node]["functionName"], frames[node]["url"])
        if part is not None:
            parts[part] += delta / 1000 / moves  # microseconds to ms per step
    return dict(parts.most_common())


def median_cost(costs: list[Cost]) -> Cost:
    """One page's median over rounds, figure by figure."""
    def middle(values: list[float]) -> float:
        return statistics.median(values)
    return Cost(costs[0].page, costs[0].moves, middle([c.chromium_ms for c in costs]),
                middle([c.server_ms for c in costs]), middle([c.main_thread_ms for c in costs]))


def sustainable(cost: Cost, sessions: int, think: float, response: float = 0.5) -> str:
    rate = sessions / (think + response)
    busy = rate * (cost.chromium_ms + cost.server_ms) / 1000
    cores = os.cpu_count() or 1
    return f"{sessions} sessions, think {think:.0f} s: {rate:4.1f} updates/s need {busy:4.1f} of {cores} cores"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="slider steps per page (default 20)")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between two steps (default 1.5)")
    parser.add_argument("--profile", action="store_true",
                        help="then split a step's main-thread time by part, from Chromium's sampling profiler")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure the pages in turn this many times and give each page's median (default 1)")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    rounds = [[measure(name, script, path, args.moves, args.pause) for name, script, path in PAGES]
              for _ in range(args.rounds)]
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"CPU per slider step ({args.moves} steps, {args.pause:.1f} s apart; idle use subtracted), ms:")
    for number, measured in enumerate(rounds, 1):
        if args.rounds > 1:
            print(f" round {number}:")
        for cost in measured:
            print(f"  {cost.page:<24} chromium {cost.chromium_ms:5.0f} (main thread {cost.main_thread_ms:4.0f})  "
                  f"server {cost.server_ms:4.0f}  total {cost.chromium_ms + cost.server_ms:5.0f}")
    costs = [median_cost([measured[i] for measured in rounds]) for i in range(len(PAGES))]
    totals = {cost.page: cost.chromium_ms + cost.server_ms for cost in costs}
    if args.rounds > 1:
        print(f" median of {args.rounds} rounds:")
        for cost in costs:
            print(f"  {cost.page:<24} chromium {cost.chromium_ms:5.0f} (main thread {cost.main_thread_ms:4.0f})  "
                  f"server {cost.server_ms:4.0f}  total {totals[cost.page]:5.0f}")
    rag, same, minimal = (totals[name] for name, _, _ in PAGES)
    print(f"the RAG page's step: {rag / same:.2f}x the same-size floor, {rag / minimal:.2f}x the minimal page "
          f"(the same-size floor itself {same / minimal:.2f}x the minimal page)")
    print("what N browsers on this machine would need, with every session a real chromium page:")
    for cost in costs:
        for think in (1.0, 3.0, 5.0):
            print(f"  {cost.page:<24} {sustainable(cost, 30, think)}")
    if args.profile:
        print("main thread per slider step, by part, from a sampled profile (ms):")
        for name, script, path in PAGES:
            split = profile_split(script, path, args.moves, args.pause)
            shown = ", ".join(f"{part} {ms:.1f}" for part, ms in split.items())
            print(f"  {name:<24} total {sum(split.values()):5.1f}: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
