"""Lesson 1 in real Chromium, from the home page's "Start lesson 1" to "Done": the answers go through the lesson
panel in the sidebar (a multiselect, then a radio), the last step through two boxes of the passages table; and the
panel shows beside the page on a wide screen and above it on a phone, never both."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn, wait_until_idle
from tests.e2e.test_rag_browser import TEXT_TIMEOUT, counts, counts_pattern, sidebar, toggle_passage_label
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

EN = {key: translate("en", key) for key in ("home.start_button", "lesson.check", "lesson.done")}
PANEL_TITLE = "Lesson 1 · One number hides four failures"
SIDE, TOP = ".st-key-lesson_side", ".st-key-lesson_top"  # the panel's two places (ui.views.lessons.panel)


def start_lesson_1(page: Any, app_url: str) -> None:
    """Home, "Start lesson 1": the Lessons page starts it and switches to the RAG page, whose panel names it."""
    page.goto(app_url)
    page.get_by_role("button", name=EN["home.start_button"]).click()
    expect(page.get_by_role("heading", name="RAG diagnosis", exact=False).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(counts(page)).to_have_text(counts_pattern(1, 5), timeout=TEXT_TIMEOUT)  # Multiple failures' warranty-01


def panel(page: Any) -> Any:
    return sidebar(page).locator(SIDE)


def check_my_answer(page: Any) -> None:
    panel(page).get_by_role("button", name=EN["lesson.check"]).click()


def test_lesson_1_is_played_to_done_from_the_home_page(page: Any, app_url: str) -> None:
    start_lesson_1(page, app_url)
    expect(panel(page).get_by_text(PANEL_TITLE)).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(panel(page).get_by_text("Step 1 of 3")).to_be_visible()

    # Step 1: which dimensions fail? Every one of three, chosen in the panel's multiselect.
    wait_until_drawn(page)  # a list opened while a widget's code still loads closes again (conftest)
    panel(page).get_by_test_id("stMultiSelect").click()
    for name in ("Context relevance", "Faithfulness", "Coverage"):  # the list stays open; a chosen one leaves it
        option = page.get_by_role("option", name=name, exact=True)
        option.click()
        expect(option).to_have_count(0)
    page.keyboard.press("Escape")
    check_my_answer(page)
    expect(panel(page).get_by_text("Step 2 of 3")).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(panel(page).get_by_text("Right.", exact=True)).to_be_visible()

    # Step 2: what does faithfulness 2 of 5 with correctness 4 of 5 say? A radio.
    panel(page).get_by_text("The answer says things that are true but that no retrieved passage states",
                            exact=False).click()
    check_my_answer(page)
    expect(panel(page).get_by_text("Step 3 of 3")).to_be_visible(timeout=TEXT_TIMEOUT)

    # Step 3: labels only. p2 and p3 relevant: context relevance 3 of 5 passes; the panel checks after each box.
    toggle_passage_label(page, 2)
    expect(counts(page)).to_have_text(counts_pattern(2, 5), timeout=TEXT_TIMEOUT)
    expect(panel(page).get_by_text("Not yet: Context relevance is still below its threshold.")).to_be_visible(
        timeout=TEXT_TIMEOUT)
    toggle_passage_label(page, 3)
    expect(counts(page)).to_have_text(counts_pattern(3, 5), timeout=TEXT_TIMEOUT)
    expect(panel(page).get_by_text(EN["lesson.done"])).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(panel(page).get_by_text("Every dimension is below or reaches its threshold as asked.")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)


@pytest.mark.parametrize(("width", "shown", "hidden"), [(390, TOP, SIDE), (1400, SIDE, TOP)])
def test_the_panel_shows_in_one_place_by_the_screens_width(page: Any, app_url: str, width: int, shown: str,
                                                           hidden: str) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    start_lesson_1(page, app_url)
    expect(page.locator(shown).get_by_text(PANEL_TITLE)).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(page.locator(shown).get_by_text("Step 1 of 3")).to_be_visible()
    expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(hidden).get_by_text(PANEL_TITLE)).to_be_hidden()
    if width < 768:  # above the page's title on a phone, where the sidebar is folded away
        top = page.locator(TOP).bounding_box()
        title = page.get_by_test_id("stHeading").first.bounding_box()
        assert top is not None and title is not None and top["y"] < title["y"]


MAIN_SCROLL = "() => document.querySelector('[data-testid=\"stMain\"]').scrollTop"


def test_a_lesson_started_from_low_on_the_lessons_page_opens_its_page_at_the_top(page: Any, app_url: str) -> None:
    """Issue 27: "Start" on lesson 8, low on the Lessons page, opened the agreement page 1,044 px down, its figures
    out of view. Streamlit keeps the main area's scroll position across a page switch when the new page is drawn
    before the old one is cleared: seen here in one try of three, and every time with the CPU slowed 6x, as now."""
    page.goto(f"{app_url}/lessons")
    start = page.get_by_test_id("stMain").get_by_role("button", name="Start", exact=True).nth(7)  # lesson 8
    expect(start).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})  # the switch below as on a slow laptop
    start.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    assert page.evaluate(MAIN_SCROLL) > 1000  # low on the page
    start.click()
    expect(page.get_by_role("heading", name="Annotator agreement", exact=False).first).to_be_visible(
        timeout=3 * TEXT_TIMEOUT)
    expect(panel(page).get_by_text("Lesson 8", exact=False)).to_be_visible(timeout=3 * TEXT_TIMEOUT)
    wait_until_drawn(page)
    samples = []
    for _ in range(8):  # and it stays there while the page settles
        page.wait_for_timeout(250)
        samples.append(page.evaluate(MAIN_SCROLL))
    assert samples == [0] * len(samples), samples


def choose_in_panel(page: Any, names: list[str]) -> None:
    """Empty the panel's answer multiselect, then pick ``names`` in its list (typed, as a person filters it)."""
    box = panel(page).get_by_test_id("stMultiSelect")
    clear = box.get_by_role("button", name="Clear all")
    if clear.count():
        clear.click()
    box.click()
    for name in names:
        page.keyboard.type(name)
        option = page.get_by_role("option", name=name, exact=True)
        option.click()
        expect(option).to_have_count(0)
    page.keyboard.press("Escape")


@pytest.mark.parametrize("throttle", [1, 6])
def test_the_first_check_after_changing_the_answer_answers_the_answer_on_screen(page: Any, app_url: str,
                                                                               throttle: int) -> None:
    """Issue 27's report: after changing lesson 9's answer, the first "Check my answer" within about 1.5 s was
    ignored and the note on the previous answer stayed. Reproduced here at once, with or without the CPU slowed 6x
    (CDP Emulation.setCPUThrottlingRate): the click blurred the multiselect, which shrank by a line and moved the
    button 33 px up from under the pointer (ui/views/lessons/panel.py, STYLE). Every first click, at once after
    choosing, must answer the answer on screen: the wrong pair's note, then step 2."""
    page.goto(f"{app_url}/lessons")
    start = page.get_by_test_id("stMain").get_by_role("button", name="Start", exact=True).nth(8)  # lesson 9
    expect(start).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    start.click()
    expect(panel(page).get_by_text("Step 1 of 4")).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_idle(page)
    if throttle > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    timeout = throttle * TEXT_TIMEOUT
    choose_in_panel(page, ["health-011", "health-013"])  # near duplicates inside one split: wrong
    check_my_answer(page)  # at once
    wrong = panel(page).get_by_text("Not yet: health-011 and health-013", exact=False)
    expect(wrong).to_be_visible(timeout=timeout)
    # The note shows while the panel's run still streams in: a person reads it before choosing again, and so does
    # the test (one CI run with three workers lost the next check, made while that run was still drawing; the
    # choice and the click after it stay at once, which is what issue 27 was about).
    wait_until_idle(page, timeout)
    choose_in_panel(page, ["banking-002", "banking-013"])
    check_my_answer(page)  # at once, the first click
    expect(panel(page).get_by_text("Step 2 of 4")).to_be_visible(timeout=timeout)
    expect(wrong).to_have_count(0)


def test_on_a_phone_a_steps_sidebar_control_and_its_feedback_are_in_view_together(page: Any, app_url: str) -> None:
    """Issue 27: on a phone the panel sits above the page, but lesson 3's weights are in the sidebar, which opens
    over the page and hid the panel's feedback. At 390 px, with the sidebar open: the panel shows in it, above the
    weights; moving faithfulness's weight to 0 (the first step) is answered there, in view, while the sidebar is
    open; with the sidebar closed the panel above the page says the same."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/lessons")
    start = page.get_by_test_id("stMain").get_by_role("button", name="Start", exact=True).nth(2)  # lesson 3
    expect(start).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    start.click()
    expect(page.locator(TOP).get_by_text("Step 1 of 4")).to_be_visible(timeout=TEXT_TIMEOUT)
    wait_until_drawn(page)
    expect(panel(page)).to_be_hidden()  # the sidebar is folded away
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(panel(page).get_by_text("Step 1 of 4")).to_be_in_viewport(timeout=TEXT_TIMEOUT)
    weights = sidebar(page).get_by_test_id("stExpander").filter(has_text="Composite weights")
    weights.get_by_text("Composite weights", exact=True).click()
    weight = weights.get_by_test_id("stSlider").filter(has_text="Faithfulness").get_by_role("slider")
    expect(weight).to_be_attached(timeout=TEXT_TIMEOUT)  # drawn by the run that opening the box starts
    wait_until_idle(page)
    weight.scroll_into_view_if_needed()
    weight.focus()
    for _ in range(2):  # 1.0 -> 0.5 -> 0.0
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(600)
    done = panel(page).get_by_text("Step 2 of 4")
    expect(done).to_be_attached(timeout=TEXT_TIMEOUT)
    done.scroll_into_view_if_needed()  # the panel is at the sidebar's top, above the weights
    expect(done).to_be_in_viewport()
    expect(sidebar(page)).to_be_in_viewport()  # still open: the control and its feedback in one view
    page.get_by_test_id("stSidebarCollapseButton").click()
    expect(page.locator(TOP).get_by_text("Step 2 of 4")).to_be_in_viewport(timeout=TEXT_TIMEOUT)
