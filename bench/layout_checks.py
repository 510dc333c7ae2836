"""What a page must not do at any width, checked in the browser's DOM: scroll sideways, or cut a metric card's
label or value ("C.." for "Context relevance"). Shared by tests/e2e and bench/screenshots.py."""

from __future__ import annotations

from typing import Any

WIDTHS = (1400, 800, 390)

# Returns a list of problems (empty when none). A cut text is one whose content is wider than its box: the
# browser then shows an ellipsis ("C..") or hides the rest.
LAYOUT_JS = r"""
() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth}px of content in a ${window.innerWidth}px window`);
  }
  const main = document.querySelector('[data-testid="stMain"]');
  if (main && main.scrollWidth > main.clientWidth + 1) {
    problems.push(`the main area scrolls sideways: ${main.scrollWidth}px in ${main.clientWidth}px`);
  }
  const cut = (el) => {
    for (const node of [el, ...el.querySelectorAll('*')]) {
      if (node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1) return true;
    }
    return false;
  };
  for (const metric of document.querySelectorAll('[data-testid="stMetric"]')) {
    if (!metric.checkVisibility()) continue;
    const label = metric.querySelector('[data-testid="stMetricLabel"]');
    const value = metric.querySelector('[data-testid="stMetricValue"]');
    if (label && cut(label)) problems.push(`metric label cut: "${label.textContent.trim()}"`);
    if (value && cut(value)) {
      problems.push(`metric value cut: "${value.textContent.trim()}" (${label ? label.textContent.trim() : ''})`);
    }
  }
  return problems;
}
"""


def layout_problems(page: Any) -> list[str]:
    """The layout problems of ``page`` (a Playwright page, sync API) as it is now."""
    return list(page.evaluate(LAYOUT_JS))
