"""axe-core (WCAG 2.1 A/AA) on every page in both languages at 1400 and 390 px, as a markdown table (issue 52).

    .venv/bin/python tools/accessibility_report.py [--pages rag_diagnosis,...] [--widths 1400,390]
                                                   [--languages en,es] [--no-room] [--details] [--best-practice]

Starts its own server (a throwaway store) and Chromium; for each language it opens one workspace (the example data
every page starts with is loaded), then each page of the registry (ui/frame/navigation.py) at each width, waits for
it to settle and runs axe-core on it (tests/support/accessibility.py), then the RAG page with lesson 1's panel open
(``rag_diagnosis+lesson``). Unless ``--no-room``, the workshop room's screens too (facilitator, participant,
projector: tests/support/screens.py makes the room). Prints one line per rule: rule | impact | pages | elements,
where pages are those with the rule broken in any language or width and elements the count of broken elements over
every page, language and width; ``--details`` adds each page's elements; ``--best-practice`` adds axe's
best-practice rules. Exit status 1 when a serious or critical violation is found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.support.accessibility import IMPACTS, WCAG_TAGS, axe_violations  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.screens import open_in_language, room_screens, settle, start_lesson_1  # noqa: E402
from tests.support.server import serve  # noqa: E402
from ui.frame.navigation import PAGES as REGISTRY  # noqa: E402

PAGES = tuple(entry.url_path for entry in REGISTRY)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default=",".join(p or "home" for p in PAGES))
    parser.add_argument("--widths", default="1400,390")
    parser.add_argument("--languages", default="en,es")
    parser.add_argument("--no-room", action="store_true", help="leave out the workshop room's screens")
    parser.add_argument("--details", action="store_true", help="list each page's broken elements")
    parser.add_argument("--best-practice", action="store_true",
                        help="axe's best-practice rules too (heading order, empty table header, ...)")
    args = parser.parse_args()
    pages = [("" if p == "home" else p) for p in args.pages.split(",")]
    widths = [int(w) for w in args.widths.split(",")]
    tags = (*WCAG_TAGS, "best-practice") if args.best_practice else WCAG_TAGS
    store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-axe-')}/store.db"
    from playwright.sync_api import sync_playwright

    # rule -> (impact, {page: elements}); a page's elements summed over languages and widths.
    rules: dict[str, tuple[str, dict[str, int]]] = {}
    details: dict[tuple[str, str], set[str]] = defaultdict(set)
    checked = 0

    def check(page, label: str, run: str) -> None:
        nonlocal checked
        checked += 1
        for violation in axe_violations(page, impacts=None, tags=tags):
            impact, by_page = rules.setdefault(violation.rule, (violation.impact, defaultdict(int)))
            by_page[label] += len(violation.targets)
            if IMPACTS.index(violation.impact) > IMPACTS.index(impact):
                rules[violation.rule] = (violation.impact, by_page)
            details[(violation.rule, label)].update(
                f"{run}: {note}" for note in (violation.notes or violation.targets))

    with serve(store=store) as (base, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for lang in args.languages.split(","):
            context, page, token = open_in_language(browser, base, lang, widths[0])
            for width in widths:
                page.set_viewport_size({"width": width, "height": 900})
                for name in pages:
                    page.goto(f"{base}/{name}?w={token}")
                    settle(page)
                    check(page, name or "home", f"{lang} {width}")
                    print(f"checked {lang} {width}px /{name}", file=sys.stderr, flush=True)
                if "rag_diagnosis" in pages:  # the RAG page with a lesson's panel open, beside it or above it
                    start_lesson_1(page, base, token, lang)
                    check(page, "rag_diagnosis+lesson", f"{lang} {width}")
            if not args.no_room:
                page.set_viewport_size({"width": widths[0], "height": 900})
                screens = room_screens(browser, page, base, token, lang)
                for width in widths:
                    page.set_viewport_size({"width": width, "height": 900})
                    for name, (address, drawn, _before) in screens.items():
                        if name == "room-members":
                            continue  # the facilitator's page with one box opened: its markup is the same
                        page.goto(address)
                        settle(page, drawn)
                        check(page, name, f"{lang} {width}")
                        print(f"checked {lang} {width}px {name}", file=sys.stderr, flush=True)
            context.close()
        browser.close()

    order = sorted(rules.items(), key=lambda item: (-IMPACTS.index(item[1][0]), item[0]))
    print(f"{checked} page views ({args.languages}; {args.widths} px; rules tagged {', '.join(tags)})\n")
    print("| rule | impact | pages | elements |")
    print("|---|---|---|---|")
    for rule, (impact, by_page) in order:
        listed = ", ".join(f"{name} {count}" for name, count in sorted(by_page.items()))
        print(f"| {rule} | {impact} | {len(by_page)}: {listed} | {sum(by_page.values())} |")
    if not rules:
        print("| (none) | | | |")
    if args.details:
        print()
        for (rule, label), targets in sorted(details.items()):
            print(f"- {rule} on {label}:")
            for target in sorted(targets):
                print(f"  - `{target}`")
    serious = any(impact in ("serious", "critical") for impact, _ in rules.values())
    return 1 if serious else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
