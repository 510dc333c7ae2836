"""A new visitor's first view: time from opening the link to the page's main content drawn, in Chromium.

    .venv/bin/python bench/bench_first_view.py [--visits 8]

For each page, starts `streamlit run` and Debian's chromium, then opens the link ``--visits`` times, each in a
new browser context (no cache, no cookies: a new visitor), and times ``goto`` to the moment the content is
visible: the RAG page's first label grid (its canvas drawn), a minimal page's one label grid (what a data grid
adds to any page), the minimal page's metric card (the floor under any Streamlit page on this machine). The
first visit after the server started is reported on its own (the server imports and reads its store then); the
others give the median and p95 on a warm server.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import VIEWPORT, serve  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402

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
        page.wait_for_selector(selector, state="visible", timeout=60_000)
        return time.perf_counter() - start
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=8, help="visits per page, the first right after the start")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        try:
            for name, script, path, selector in PAGES:
                with serve(script=script) as (base, _process):
                    times = [visit(browser, base + path, selector) for _ in range(args.visits)]
                rows.append((name, times[0], statistics.median(times[1:]), p95(times[1:])))
        finally:
            browser.close()
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
