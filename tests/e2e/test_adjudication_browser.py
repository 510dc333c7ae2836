"""Adjudication in real Chromium (issue 26): two participants split on a passage, the facilitator decides its gold
label with a reason and shows the agreement; each participant's open page shows their own agreement by itself,
the other's name nowhere; a reload of the facilitator's page shows the stored decision."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, wait_until_idle
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, toggle_passage_label
from tests.e2e.test_room_browser import REFRESH_WAIT, create_room, join, new_page

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e


def open_adjudication(page: Any) -> None:
    """Unfold the Adjudicate box (folded by default: it shows the reference labels)."""
    summary = page.get_by_test_id("stExpander").filter(has_text="Adjudicate: decide the gold labels").locator(
        "summary")
    summary.scroll_into_view_if_needed(timeout=TEXT_TIMEOUT)
    summary.click(timeout=TEXT_TIMEOUT)
    expect(page.get_by_role("combobox", name="Label to decide")).to_be_visible(timeout=TEXT_TIMEOUT)


def test_the_facilitator_adjudicates_a_unit_and_each_participant_sees_their_agreement(chromium: Any,
                                                                                      app_url: str) -> None:
    facilitator = new_page(chromium)
    pages = [facilitator]
    try:
        facilitator.goto(f"{app_url}/workshop_room")
        code = create_room(facilitator, app_url)
        ana = join(chromium, app_url, code, "Ana")
        bruno = join(chromium, app_url, code, "Bruno")
        pages += [ana, bruno]
        # Ana: p1 relevant (one tick). Bruno: p1 not relevant (ticked, then unticked).
        for page, rows, shown in ((ana, (1,), (1, 1)), (bruno, (1, 1), (0, 1))):
            page.bring_to_front()
            for row in rows:
                toggle_passage_label(page, row)
                page.wait_for_timeout(300)
            expect(counts(page)).to_have_text(counts_pattern(*shown), timeout=TEXT_TIMEOUT)

        facilitator.bring_to_front()
        facilitator.reload()  # the adjudication box is read on a full run
        open_adjudication(facilitator)
        unit = facilitator.get_by_role("combobox", name="Label to decide")
        expect(facilitator.get_by_text("the class is split")).to_be_visible(timeout=TEXT_TIMEOUT)
        expect(unit).to_have_value(re.compile(r"^1 of \d+ · .* p1 · Relevant · to decide$"), timeout=TEXT_TIMEOUT)
        wait_until_idle(facilitator)
        facilitator.get_by_text("✓ Yes", exact=True).click()
        expect(facilitator.get_by_role("radio", name="✓ Yes")).to_be_checked(timeout=TEXT_TIMEOUT)
        facilitator.get_by_role("textbox", name="Why (a short reason)").fill("the passage gives the refund window")
        wait_until_idle(facilitator)
        facilitator.get_by_role("button", name="Save this decision").click()
        expect(facilitator.get_by_text(re.compile(r"^Saved: Relevant of"))).to_be_visible(timeout=TEXT_TIMEOUT)
        facilitator.get_by_text("Show each participant their agreement with the gold").click()
        expect(facilitator.get_by_text(re.compile(r"^2 participants · share agreeing"))).to_be_visible(
            timeout=TEXT_TIMEOUT)
        facilitator.screenshot(path=str(ARTIFACTS / "adjudication-facilitator.png"), full_page=True)

        # Each open page follows by itself (the room's change number), with that person's figures only.
        for page, mine, other in ((ana, "1 of 1", "Bruno"), (bruno, "0 of 1", "Ana")):
            page.bring_to_front()
            box = page.locator(".st-key-room_gold_yours")
            expect(box).to_contain_text("Your agreement with the room's gold labels", timeout=REFRESH_WAIT)
            expect(box).to_contain_text(f"Your labels that agree with the gold: {mine}", timeout=TEXT_TIMEOUT)
            expect(box).not_to_contain_text(other)
            box.screenshot(path=str(ARTIFACTS / f"adjudication-{'ana' if other == 'Bruno' else 'bruno'}.png"))

        # A reload of the facilitator's page shows the decision as stored.
        facilitator.bring_to_front()
        facilitator.reload()
        open_adjudication(facilitator)
        expect(facilitator.get_by_role("textbox", name="Why (a short reason)")).to_have_value(
            "the passage gives the refund window", timeout=TEXT_TIMEOUT)
        expect(facilitator.get_by_text(re.compile(r"decided: ✓ yes\. the passage gives"))).to_be_visible(
            timeout=TEXT_TIMEOUT)
    except Exception:
        for number, page in enumerate(pages):
            page.screenshot(path=str(ARTIFACTS / f"adjudication-{number}.png"), full_page=True)
        raise
    finally:
        for page in pages:
            page.context.close()
