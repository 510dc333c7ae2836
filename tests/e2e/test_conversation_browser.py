"""Conversation quality page in real Chromium: personal data is marked, gates zero Q, batches certify."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import choose_option

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TIMEOUT = 30_000


def _load(page: Any, title: str) -> None:
    sidebar = page.get_by_test_id("stSidebar")
    choose_option(page, sidebar.locator('[data-testid="stSelectbox"]').first, title)
    sidebar.get_by_role("button", name="Load scenario").click()


def _metric(page: Any, label: str) -> Any:
    return page.locator('[data-testid="stMetric"]').filter(has_text=label).locator(
        '[data-testid="stMetricValue"]')


def test_privacy_leak_is_highlighted_and_q_is_zero(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/conversation_quality")
    expect(page.get_by_text(re.compile("^Passes every metric and gate as measured"))).to_be_visible(timeout=TIMEOUT)
    _load(page, "Privacy leak")
    expect(page.get_by_text("Fails (clear): Privacy findings.")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("4111 1111 1111 1111")).to_be_visible()
    expect(page.get_by_text("payment card", exact=True)).to_be_visible()
    expect(_metric(page, "Q = min(...)")).to_have_text("0.00")
    expect(_metric(page, "Privacy findings")).to_have_text("3")


def test_batch_of_all_conversations_shows_pass_rate_and_certificate(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/conversation_quality")
    expect(page.get_by_text(re.compile("^Passes every metric and gate as measured"))).to_be_visible(timeout=TIMEOUT)
    _load(page, "All built-in conversations (batch)")
    expect(page.get_by_text("Batch of 7 conversations")).to_be_visible(timeout=TIMEOUT)
    expect(_metric(page, "Pass rate")).to_have_text("14.3%")
    expect(page.get_by_text(re.compile(r"Certificate \(SHA-256\): [0-9a-f]{64}"))).to_be_visible()
