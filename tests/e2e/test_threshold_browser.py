"""Threshold explorer and planner in real Chromium: moving a slider lists the flipping cases and moves n."""

from __future__ import annotations

import re
from typing import Any

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

from uncase_core.assets.reader import load_workbench
from uncase_core.rag.thresholds import threshold_flips
from uncase_core.stats.planning import margin_sample_size

pytestmark = pytest.mark.e2e

TIMEOUT = 40_000


def metric(page: Any, label: str) -> Any:
    return page.locator('[data-testid="stMetric"]').filter(has_text=label).locator('[data-testid="stMetricValue"]')


def test_comparison_threshold_slider_lists_the_cases_that_flip(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/threshold_explorer")
    expect(metric(page, "Pass rate")).to_have_text(re.compile(r"%$"), timeout=TIMEOUT)
    expect(page.locator(".js-plotly-plot")).to_have_count(1, timeout=TIMEOUT)
    flips = threshold_flips(load_workbench("en").cases, "faithfulness", 0.7, 0.0)
    page.get_by_role("slider", name="Compare with threshold").focus()
    page.keyboard.press("Home")  # all the way down to 0%: every case with a value passes
    expect(page.get_by_text(f"Fail before, pass after ({len(flips.newly_passing)})")).to_be_visible(timeout=TIMEOUT)


def test_planner_slider_moves_the_required_n(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/sample_size_planner")
    expect(metric(page, "Units needed (Wilson)")).to_have_text(f"{margin_sample_size(0.8, 0.05):,}",
                                                               timeout=TIMEOUT)
    page.get_by_role("slider", name="Expected proportion").focus()
    page.keyboard.press("End")  # 100%: the normal approximation collapses to 1
    expect(metric(page, "Units needed (Wilson)")).to_have_text(f"{margin_sample_size(1.0, 0.05):,}",
                                                               timeout=TIMEOUT)
    expect(metric(page, "Normal approximation")).to_have_text("1")
    expect(page.get_by_text("the normal approximation is misleading")).to_be_visible()
