"""The judge page in real Chromium: label five drawn units with the Yes and No buttons and watch the hand-labels
and PPI intervals change; the answers survive a reload.

The built-in set opens on correctness: 300 claims judged, no hand label, the judge alone at 73.0%.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TEXT_TIMEOUT = 30_000
# The bordered card holding a metric: the nearest block around the st.metric with exactly that label.
CARD = ('xpath=//div[@data-testid="stMetric"][.//*[@data-testid="stMetricLabel"][normalize-space(.)="{name}"]]'
        '/ancestor::div[@data-testid="stVerticalBlock"][1]')


def card(page: Any, name: str) -> Any:
    return page.locator(CARD.format(name=name))


def card_lines(page: Any, name: str) -> Any:
    return card(page, name).locator('[data-testid="stCaptionContainer"]')


def progress(page: Any) -> Any:
    return page.get_by_text(re.compile(r"^\d+ of 300 judged claims labelled, \d+ skipped\.$"))


def test_five_answers_move_the_hand_and_ppi_intervals_and_survive_a_reload(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/judge_and_hand_labels")
    expect(page.get_by_role("heading", name="Label the next one")).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(progress(page)).to_have_text("0 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    expect(card(page, "Judge alone").get_by_test_id("stMetricValue")).to_have_text("73.0%")
    expect(card_lines(page, "Hand labels alone").first).to_have_text("N/A (0 labelled, 300 not labelled)")
    expect(card_lines(page, "PPI").first).to_have_text("N/A: label a judged unit first")
    judge_before = card_lines(page, "Judge alone").nth(1).inner_text()

    hand_intervals, ppi_intervals = [], []
    for count, answer in enumerate(["Yes", "No", "Yes", "Yes", "No"], start=1):
        unit = page.get_by_text(re.compile(r"^claim c\d of case [a-z]+-\d+$")).inner_text()
        if count % 2:  # the button (its name holds its key too: "Yes 1"), or the key alone (focus mode's keys)
            page.get_by_role("button", name=re.compile(rf"^{answer}\b")).first.click()
        else:
            page.locator("body").press("1" if answer == "Yes" else "0")
        expect(progress(page)).to_have_text(f"{count} of 300 judged claims labelled, 0 skipped.",
                                            timeout=TEXT_TIMEOUT)
        expect(page.get_by_text(re.compile(r"^claim c\d of case [a-z]+-\d+$"))).not_to_have_text(unit)
        # The result cards redraw after the progress line: wait for them to count this answer before reading.
        expect(card_lines(page, "Hand labels alone").first).to_have_text(re.compile(rf" of {count} hand labels?$"),
                                                                         timeout=TEXT_TIMEOUT)
        expect(card_lines(page, "PPI").first).to_have_text(f"{count} hand-labelled + {300 - count} judged only",
                                                           timeout=TEXT_TIMEOUT)
        hand_intervals.append(card_lines(page, "Hand labels alone").nth(1).inner_text())
        ppi_intervals.append(card_lines(page, "PPI").nth(1).inner_text())

    expect(card_lines(page, "Hand labels alone").first).to_have_text("3 yes of 5 hand labels")
    expect(card(page, "Hand labels alone").get_by_test_id("stMetricValue")).to_have_text("60.0%")
    expect(card_lines(page, "PPI").first).to_have_text("5 hand-labelled + 295 judged only")
    assert len(set(hand_intervals)) >= 4, hand_intervals  # the interval moved with (nearly) every answer
    assert len(set(ppi_intervals)) >= 4, ppi_intervals
    assert all(text.startswith("95% interval ") for text in hand_intervals + ppi_intervals)
    assert card_lines(page, "Judge alone").nth(1).inner_text() == judge_before  # the judge's own does not move
    expect(page.get_by_text(re.compile(r"^Last answer, claim c\d of case .*: you said no, the judge said "))
           ).to_be_visible()

    names = ("Judge alone", "Hand labels alone", "PPI")
    shown = {name: (card(page, name).get_by_test_id("stMetricValue").inner_text(),
                    card_lines(page, name).all_inner_texts()) for name in names}
    page.reload()
    expect(progress(page)).to_have_text("5 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    for name, (value, lines) in shown.items():
        expect(card(page, name).get_by_test_id("stMetricValue")).to_have_text(value, timeout=TEXT_TIMEOUT)
        expect(card_lines(page, name)).to_have_text(lines)



def test_the_keys_label_right_after_a_choice_in_the_dimension_box(page: Any, app_url: str) -> None:
    """Issue 39: after choosing a dimension the keyboard stayed in the box and 1 labelled nothing (before
    filter_mode=None it typed "1" into the box's search). The box now hands the page's keys back."""
    from tests.e2e.conftest import choose_option, wait_until_idle

    page.goto(f"{app_url}/judge_and_hand_labels")
    expect(progress(page)).to_have_text("0 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    box = page.get_by_test_id("stSelectbox").filter(has_text="Dimension")
    choose_option(page, box, "Faithfulness")
    choose_option(page, box, "Correctness")  # back to the 300 claims, chosen with the mouse: the box has the focus
    expect(progress(page)).to_have_text("0 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    # Faithfulness also counts 300 claims, so the count alone does not say the choice has been drawn; its question
    # does. A key pressed before it reaches the buttons drawn for faithfulness and is refused on screen (ui/views/
    # judge/sources.py answer): what issue 49 asks of such a press, but not what this test is about (a CI run under
    # load pressed there, the count did not move, and the test failed).
    expect(page.get_by_text("Is this claim correct against the reference?")).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_idle(page)
    # the release script and its marker drawn, the list closed: what a person's next key meets (under load, later)
    page.wait_for_function("() => window.__uncaseSelectRelease === true"
                           " && document.querySelector('[data-release-keys]') !== null"
                           " && document.activeElement.getAttribute('aria-expanded') !== 'true'", timeout=TEXT_TIMEOUT)
    assert page.evaluate("() => document.activeElement.closest('[data-testid=\"stSelectbox\"]') !== null")
    page.keyboard.press("1")  # to the focused element, as a person's key goes
    expect(progress(page)).to_have_text("1 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    expect(box.locator("input")).not_to_be_focused()
    page.keyboard.press("0")
    expect(progress(page)).to_have_text("2 of 300 judged claims labelled, 0 skipped.", timeout=TEXT_TIMEOUT)
    box.locator("input").focus()  # a key the page does not use stays with the box
    page.keyboard.press("x")
    expect(box.locator("input")).to_be_focused()
