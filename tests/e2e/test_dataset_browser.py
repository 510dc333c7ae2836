"""Dataset workbench in real Chromium: the built-in dataset shows its version, hidden stratum and leakage."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import choose_option
from uncase_core.shared.assets import ASSETS

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


def test_logged_change_is_exported_and_diffed_against_the_original(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/dataset_workbench")
    version = page.locator('[data-testid="stMetric"]').filter(has_text="Version").locator(
        '[data-testid="stMetricValue"]')
    expect(version).to_have_text(re.compile(r"^[0-9a-f]{12}$"), timeout=TIMEOUT)
    original_version = version.inner_text()

    # retail-001's first passage is relevant: log it as not relevant, with a reason.
    form = page.get_by_test_id("stForm")
    choose_option(page, form.get_by_test_id("stSelectbox").filter(has_text="New value"), "no")
    form.get_by_label("Reason").fill("Outdoor use is not the question")
    form.get_by_label("Author").fill("ana")
    form.get_by_role("button", name="Change the label and log it").click()
    expect(version).not_to_have_text(original_version, timeout=TIMEOUT)
    revisions = page.locator('[data-testid="stMetric"]').filter(has_text="Label revisions").locator(
        '[data-testid="stMetricValue"]')
    expect(revisions).to_have_text("1")

    # The sidebar's download button is drawn at the end of the run, after the metrics: until it is,
    # it still serves the file from before the change.
    for _ in range(10):
        with page.expect_download() as download_info:
            page.get_by_role("button", name="Download with the revision log").click()
        edited = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
        if "revisions" in edited:
            break
        page.wait_for_timeout(500)
    assert [(r["case"], r["field"], r["old"], r["new"], r["reason"]) for r in edited["revisions"]] == [
        ("retail-001", "relevant", True, False, "Outdoor use is not the question")]

    page.get_by_test_id("stSidebar").locator('[data-testid="stFileUploader"] input[type="file"]').nth(1) \
        .set_input_files(str(ASSETS / "datasets" / "workbench_en.json"))
    expect(page.get_by_text("0 added, 0 removed, 1 changed, 1 label changes.")).to_be_visible(timeout=TIMEOUT)
