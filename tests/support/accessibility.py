"""axe-core on a Playwright page: the WCAG 2.1 A and AA rules (issue 52).

axe-core ships inside axe-playwright-python (requirements-dev.txt); :func:`axe_violations` injects it into the page
and runs it on the whole document. tools/accessibility_report.py and tests/e2e/test_accessibility_browser.py use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
IMPACTS = ("minor", "moderate", "serious", "critical")


@dataclass(frozen=True)
class Violation:
    """One rule axe-core found broken: its id, impact, and the CSS selectors of the elements that break it."""

    rule: str
    impact: str
    targets: tuple[str, ...]
    help: str = ""
    tags: tuple[str, ...] = ()
    # Each element's markup (its start) and axe's summary of what is wrong with it, in the order of ``targets``.
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        shown = " || ".join((self.notes or self.targets)[:3]) + (" ..." if len(self.targets) > 3 else "")
        return f"{self.rule} ({self.impact}, {len(self.targets)} element(s): {shown})"


def _target(node: dict[str, Any]) -> str:
    # A node's target is a list of selectors (more than one when it sits in a shadow root or a frame).
    return " >> ".join(str(part) for part in node.get("target", []))


def axe_violations(page: Any, impacts: Iterable[str] | None = ("serious", "critical"),
                   tags: Iterable[str] = WCAG_TAGS) -> list[Violation]:
    """The violations axe-core finds on ``page`` (WCAG 2.1 A/AA rules) of the given ``impacts`` (None: all)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": list(tags)}}
    response = Axe().run(page, options=options).response
    wanted = None if impacts is None else set(impacts)
    found = []
    for item in response.get("violations", []):
        impact = item.get("impact") or "minor"
        if wanted is not None and impact not in wanted:
            continue
        nodes = item.get("nodes", [])
        notes = tuple(f"{node.get('html', '')[:160]} | {' '.join(node.get('failureSummary', '').split())[:240]}"
                      for node in nodes)
        found.append(Violation(item["id"], impact, tuple(_target(node) for node in nodes), item.get("help", ""),
                               tuple(item.get("tags", ())), notes))
    return found
