"""Dataset workbench in real Chromium: the built-in dataset shows its version, hidden stratum and leakage."""

from __future__ import annotations

import re
from typing import Any

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TIMEOUT = 40_000


def test_workbench_shows_version_hidden_failure_and_leakage(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/dataset_workbench")
    version = page.locator('[data-testid="stMetric"]').filter(has_text="Version").locator(
        '[data-testid="stMetricValue"]')
    expect(version).to_have_text(re.compile(r"^[0-9a-f]{12}$"), timeout=TIMEOUT)
    expect(page.get_by_text(re.compile(r"fails in domain = health while the whole dataset passes|"
                                       r"is below the threshold in domain = health"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Across splits: leakage \([1-9]"))).to_be_visible()
