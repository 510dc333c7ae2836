"""Every page in both languages at 1400, 800 and 390 px wide, as PNG files, with the layout checks.

    .venv/bin/python bench/screenshots.py [--out bench/out/screens] [--pages rag_diagnosis,...] [--widths 1400,800]

Starts its own server (a throwaway store) and Chromium; for each language it opens one workspace (``?lang=``
sets the language once), then each page at each width, waits for the page to settle, saves
``<out>/<lang>-<width>-<page>.png`` (the whole page: the window is made as tall as the page's content), and
prints any layout problem (sideways scrolling, a metric card's label or value cut). Exit status 1 when there is
one. Anyone can look at the pictures; tests/e2e/test_language_layout_browser.py runs the same checks.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import serve  # noqa: E402
from bench.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from bench.layout_checks import WIDTHS, layout_problems  # noqa: E402
from ui.frame.navigation import PAGES as REGISTRY  # noqa: E402

# Every page of the one registry, in its order (the home page is "home" on the command line).
PAGES = tuple(entry.url_path for entry in REGISTRY)


def settle(page) -> None:
    """Wait until Streamlit has drawn the page (its title is there), finished running, and stopped moving."""
    page.wait_for_selector('[data-testid="stMain"] h1', state="visible", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_timeout(1500)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "screens")
    parser.add_argument("--pages", default=",".join(p or "home" for p in PAGES))
    parser.add_argument("--widths", default=",".join(str(w) for w in WIDTHS))
    parser.add_argument("--languages", default="en,es")
    args = parser.parse_args()
    pages = [("" if p == "home" else p) for p in args.pages.split(",")]
    widths = [int(w) for w in args.widths.split(",")]
    args.out.mkdir(parents=True, exist_ok=True)
    store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-screens-')}/store.db"
    from playwright.sync_api import sync_playwright

    found = 0
    with serve(store=store) as (base, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for lang in args.languages.split(","):
            context = browser.new_context(viewport={"width": widths[0], "height": 900},
                                          locale="es-ES" if lang == "es" else "en-US")
            page = context.new_page()
            page.goto(f"{base}/?lang={lang}")
            settle(page)
            token = page.url.split("w=")[-1].split("&")[0]
            for width in widths:
                page.set_viewport_size({"width": width, "height": 900})
                for name in pages:
                    page.goto(f"{base}/{name}?w={token}")
                    settle(page)
                    problems = layout_problems(page)
                    # The whole page: a window as tall as the main area's content.
                    height = page.evaluate(
                        "() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight") or 900
                    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 12_000)})
                    page.wait_for_timeout(500)
                    path = args.out / f"{lang}-{width}-{name or 'home'}.png"
                    page.screenshot(path=str(path))
                    page.set_viewport_size({"width": width, "height": 900})
                    for problem in problems:
                        found += 1
                        print(f"{lang} {width}px /{name}: {problem}", flush=True)
            context.close()
        browser.close()
    print(f"screenshots in {args.out}; {found} layout problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
