"""A new visitor's first view: time from opening the link to the page's main content drawn, in Chromium.

    .venv/bin/python bench/bench_first_view.py [--visits 8]

Starts one `streamlit run` per page and Debian's chromium, then opens each page's link ``--visits`` times, the
pages taken in turn (A B C A B C: each meets the same load on a shared machine), each visit in a new browser
context (no cache, no cookies: a new visitor), and times ``goto`` to the moment the content is visible: the RAG
page's first label grid (its canvas drawn), a minimal page's one label grid (what a data grid adds to any page),
the minimal page's metric card (the floor under any Streamlit page on this machine). The first visit after the
server started is reported on its own (the server imports and reads its store then); the others give the median
and p95 on a warm server. The load average is printed before and after; only this bench's servers and browser run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import VIEWPORT, serve  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402

HANG_MS = 600_000  # a hang guard, not a timing: under load a page can take minutes, and a fixed 60 s failed benches

# (name, script, path, what is visible when the page is there)
PAGES = (
    ("RAG diagnosis page, label grid", "serve.py", "/rag_diagnosis",
     '[data-testid="stMain"] [data-testid="stDataFrame"] canvas'),
    # A second floor: what one data grid adds to any Streamlit page (its canvas component, its fonts).
    ("minimal page with one label grid", "bench/minimal_grid_app.py", "/",
     '[data-testid="stMain"] [data-testid="stDataFrame"] canvas'),
    ("minimal Streamlit page (floor)", "bench/minimal_app.py", "/", '[data-testid="stMetric"]'),
)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def visit(browser, url: str, selector: str) -> float:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(selector, state="visible", timeout=HANG_MS)
        return time.perf_counter() - start
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=8, help="visits per page, the first right after the start")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    times: dict[str, list[float]] = {name: [] for name, _, _, _ in PAGES}
    with sync_playwright() as playwright, contextlib.ExitStack() as servers:
        bases = {name: servers.enter_context(serve(script=script))[0] for name, script, _, _ in PAGES}
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        try:
            for _ in range(args.visits):  # the pages in turn, so each meets the same load
                for name, _, path, selector in PAGES:
                    times[name].append(visit(browser, bases[name] + path, selector))
        finally:
            browser.close()
    rows = [(name, t[0], statistics.median(t[1:]), p95(t[1:])) for name, t in times.items()]
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"goto -> content visible, Chromium, new visitor each time ({args.visits - 1} warm visits):")
    for name, first, median, high in rows:
        print(f"  {name:<34} first after start {first:5.2f} s   warm median {median:5.2f} s   p95 {high:5.2f} s")
    floor, grid_floor = rows[-1][2], rows[-2][2]
    rag = rows[0][2]
    print(f"  {rows[0][0]}: {rag / floor:.1f} x the floor's warm median, {rag / grid_floor:.1f} x the one-grid "
          f"page's; the one-grid page {grid_floor / floor:.1f} x the floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
