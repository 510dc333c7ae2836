"""Every page in both languages at 1400, 800 and 390 px wide, as PNG files, with the layout checks.

    .venv/bin/python tools/screenshots.py [--out bench/out/screens] [--pages rag_diagnosis,...] [--widths 1400,800]
                                          [--no-room]

Starts its own server (a throwaway store) and Chromium; for each language it opens one workspace (``?lang=``
sets the language once), then each page at each width, waits for the page to settle, saves
``<out>/<lang>-<width>-<page>.png`` (the whole page: the window is made as tall as the page's content), and
prints any layout problem (tests/support/layout_checks.py: sideways scrolling, a metric card's label or value cut, a
link or a choice cut, a small table hiding a column, a scrolling box opened away from its start, a table row
shorter than its text). Then the workshop room's screens, which only a room shows: that workspace creates a room
(the facilitator's view, and its Participants box opened), a second browser joins it (the participant's page) and
the projector's link is opened, saved as ``room-facilitator``, ``room-members``, ``room-participant`` and
``room-projector``. Exit status 1 when there is a problem. Anyone can look at the pictures;
tests/e2e/test_language_layout_browser.py runs the same checks on the registry's pages.
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

from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.layout_checks import WIDTHS, layout_problems  # noqa: E402
from tests.support.screens import open_in_language, room_screens, settle  # noqa: E402
from tests.support.server import serve  # noqa: E402
from ui.frame.navigation import PAGES as REGISTRY  # noqa: E402

# Every page of the one registry, in its order (the home page is "home" on the command line).
PAGES = tuple(entry.url_path for entry in REGISTRY)


def take(page, path: Path, label: str) -> list[str]:
    """The layout problems of the page as it is (each printed with ``label``), then its whole picture at ``path``."""
    problems = layout_problems(page)
    width = page.viewport_size["width"]
    # The whole page: a window as tall as the main area's content.
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight") or 900
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 12_000)})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": width, "height": 900})
    for problem in problems:
        print(f"{label}: {problem}", flush=True)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "screens")
    parser.add_argument("--pages", default=",".join(p or "home" for p in PAGES))
    parser.add_argument("--widths", default=",".join(str(w) for w in WIDTHS))
    parser.add_argument("--languages", default="en,es")
    parser.add_argument("--no-room", action="store_true", help="leave out the workshop room's screens")
    args = parser.parse_args()
    pages = [("" if p == "home" else p) for p in args.pages.split(",")]
    widths = [int(w) for w in args.widths.split(",")]
    args.out.mkdir(parents=True, exist_ok=True)
    store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-screens-')}/store.db"
    from playwright.sync_api import sync_playwright

    found = pictures = 0
    with serve(store=store) as (base, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for lang in args.languages.split(","):
            context, page, token = open_in_language(browser, base, lang, widths[0])
            for width in widths:
                page.set_viewport_size({"width": width, "height": 900})
                for name in pages:
                    page.goto(f"{base}/{name}?w={token}")
                    settle(page)
                    path = args.out / f"{lang}-{width}-{name or 'home'}.png"
                    found += len(take(page, path, f"{lang} {width}px /{name}"))
                    pictures += 1
            if not args.no_room:
                page.set_viewport_size({"width": widths[0], "height": 900})
                screens = room_screens(browser, page, base, token, lang)
                for width in widths:
                    page.set_viewport_size({"width": width, "height": 900})
                    for name, (address, drawn, before) in screens.items():
                        page.goto(address)
                        settle(page, drawn)
                        if before is not None:
                            before(page)
                        found += len(take(page, args.out / f"{lang}-{width}-{name}.png", f"{lang} {width}px {name}"))
                        pictures += 1
            context.close()
        browser.close()
    print(f"{pictures} screenshots in {args.out}; {found} layout problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
