"""Focus mode in real Chromium: a whole case labelled by keys only, at 1400 px and on a 390 px phone, with what a
screen reader hears (the accessible names Chromium computes: the buttons' words, never an icon's ligature).

The case is "Multiple failures" with every label cleared, stored in a workspace of the test's store before the
page opens (the e2e server shares it); then only keys: F for focus mode (a phone starts there), 1 and 0 for each of
its 20 labels as the scenario has them, U to undo the last one, 1 or 0 again.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn, wait_until_idle
from ui.frame.data_kinds import RAG
from ui.frame.workspace import Workspace
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, dataset_from_bytes
from uncase_store import open_store, store_url

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TEXT_TIMEOUT = 30_000
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 "
               "Mobile Safari/537.36")
KIND_WORD = {"passages": "passage", "claims": "claim", "reference_facts": "reference fact"}
# The keypad's buttons are heard by their words; each button's key is announced through aria-keyshortcuts (its
# printed key is hidden from screen readers, ui/widgets/focus_pad.py).
BUTTON_NAMES = {"Yes", "No", "Clear", "Back", "Next", "Undo"}
KEY_NAMES = {"Yes": "1", "No": "0", "Clear": "Backspace", "Back": "ArrowLeft", "Next": "ArrowRight", "Undo": "U"}


def keypad_shortcuts(page: Any) -> dict[str, str]:
    """Each keypad button's words and its aria-keyshortcuts."""
    return page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll('.uncase-pad button'))
        .map(b => [b.querySelector('.pad-word').textContent, b.getAttribute('aria-keyshortcuts') || '']))""")


def reference_case() -> Any:
    scenario = next(s for s in load_index() if s.id == "multiple_failures")
    return load_scenario(scenario, "en")


def labels_in_focus_order(dataset: Any) -> list[tuple[str, int, str, bool]]:
    """``(kind, unit, field, label)`` in the order focus mode asks them (ui/widgets/rag_focus.py)."""
    case = dataset.cases[0]
    return [(kind, i, field, unit.label(field)) for kind in UNIT_KINDS for field in LABEL_FIELDS[kind]
            for i, unit in enumerate(case.units(kind))]


def blank_workspace() -> str:
    """A workspace in the server's store holding the scenario with no labels: its token."""
    store = open_store(store_url())
    try:
        dataset = reference_case()
        workspace = Workspace.create(store, {"language": "en"})
        workspace.replace(RAG, blank_copy(dataset), "multiple_failures.json", "upload")
        return workspace.token
    finally:
        store.engine.dispose()


def stored_labels(token: str) -> list[bool | None]:
    store = open_store(store_url())
    try:
        return [label for *_, label in labels_in_focus_order(Workspace.open(store, token).data(RAG))]
    finally:
        store.engine.dispose()


def accessible_names(page: Any) -> tuple[list[tuple[str, str]], set[str], list[str]]:
    """Every exposed node's ``(role, name)`` as Chromium's accessibility tree has it, the Material icons' ligatures
    drawn on the page, and the exposed texts that are such a ligature."""
    icons = set(page.evaluate("""() => Array.from(document.querySelectorAll('span, i'))
        .filter(e => e.children.length === 0 && /Material/.test(getComputedStyle(e).fontFamily))
        .map(e => e.textContent.trim())"""))
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    nodes = [((n.get("role") or {}).get("value") or "", (n.get("name") or {}).get("value") or "")
             for n in tree["nodes"] if not n.get("ignored")]
    leaked = [name for role, name in nodes if role in ("StaticText", "InlineTextBox") and name.strip() in icons]
    return nodes, icons, leaked


@pytest.mark.parametrize("width", [1400, 390])
def test_a_whole_case_labelled_by_keys_only(chromium: Any, app_url: str, width: int) -> None:
    phone = width < 640
    context = chromium.new_context(viewport={"width": width, "height": 900 if phone else 1000}, locale="en-US",
                                   **({"user_agent": PHONE_AGENT, "is_mobile": True, "has_touch": True}
                                      if phone else {}))
    context.set_default_timeout(TEXT_TIMEOUT)
    page = context.new_page()
    try:
        token = blank_workspace()
        page.goto(f"{app_url}/rag_diagnosis?w={token}")
        main = page.get_by_test_id("stMain")
        position = main.get_by_text(re.compile(r"^Case 1 of 1 · "))
        if phone:  # a phone starts in focus mode
            expect(position).to_be_visible(timeout=60_000)
        else:
            expect(main.get_by_role("button", name=re.compile("^Focus mode"))).to_be_visible(timeout=60_000)
            page.keyboard.press("f")
        plan = labels_in_focus_order(reference_case())
        total = len(plan)
        expect(position).to_have_text(f"Case 1 of 1 · passage 1 of 5 · 0 of {total} labelled")
        if phone:  # issue 39: the unit was below the first screen, and the buttons showed keys with no keyboard
            wait_until_drawn(page)
            question = main.get_by_text(re.compile(r"^Is this passage relevant"))
            box = question.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 900, box
            assert page.locator(".uncase-pad kbd").first.is_hidden()

        expect(main.get_by_role("button", name=re.compile("^Undo"))).to_be_visible()
        wait_until_drawn(page)  # a widget still a loading placeholder has no name yet (conftest)
        nodes, icons, leaked = accessible_names(page)
        buttons = {name for role, name in nodes if role == "button"}
        assert buttons >= BUTTON_NAMES, sorted(buttons)
        # On a phone no key is announced (no keyboard); on a desktop each button says its key.
        assert keypad_shortcuts(page) == ({name: "" for name in KEY_NAMES} if phone else KEY_NAMES)
        assert leaked == [], leaked
        assert not [name for role, name in nodes if role == "button" and (not name.strip() or name.endswith(" icon")
                                                                            or name.strip() in icons)]

        started = time.perf_counter()
        for done, (*_, label) in enumerate(plan, start=1):
            page.keyboard.press("1" if label else "0")
            if done < len(plan):  # the next unlabelled unit comes up by itself
                next_kind, next_unit = plan[done][0], plan[done][1]
                count = sum(1 for k, *_ in plan if k == next_kind) // len(LABEL_FIELDS[next_kind])
                expect(position).to_have_text(
                    f"Case 1 of 1 · {KIND_WORD[next_kind]} {next_unit + 1} of {count} · {done} of {total} labelled")
                if done == 1:  # the live region says the label set, then where the person is now (issue 52),
                    # then, once the server's answer has moved them, the case's figures (the cards are not read)
                    expect(page.locator(".uncase-pad .pad-live")).to_have_text(re.compile(
                        rf"^.+: {'yes' if label else 'no'}\. Case 1 of 1 · {KIND_WORD[next_kind]} {next_unit + 1} "
                        rf"of {count} · 1 of {total} labelled( This case now: Context relevance {int(label)} of 1; "
                        r"Faithfulness not labelled yet; Correctness not labelled yet; Coverage not labelled yet\.)?$"))
        expect(main.get_by_text(f"All {total} labels are set.", exact=False)).to_be_visible()
        seconds = time.perf_counter() - started
        print(f"\n{width} px: {total} labels by keys in {seconds:.1f} s ({seconds / total * 1000:.0f} ms per label)")

        page.keyboard.press("u")  # undo: the last fact is not labelled again, and it is the unit shown
        facts = len(reference_case().cases[0].reference_facts)
        expect(position).to_have_text(f"Case 1 of 1 · reference fact {facts} of {facts} · {total - 1} of {total} "
                                      "labelled")
        page.keyboard.press("1" if plan[-1][3] else "0")
        expect(position).to_contain_text(f"{total} of {total} labelled")
        # The keypad counts a press on screen as soon as it is made and marks it saving until the server has it:
        # the store is read until it holds the plan (a press never stored still fails here).
        deadline = time.monotonic() + 20
        while stored_labels(token) != [label for *_, label in plan] and time.monotonic() < deadline:
            time.sleep(0.25)
        assert stored_labels(token) == [label for *_, label in plan]

        # The figures follow: "Multiple failures" is below on relevance, faithfulness and coverage (five units each:
        # uncertain); and the sidebar's download, which a key does not redraw, gives the labels as they are now.
        expect(main.get_by_text(re.compile(r"^Uncertain: 3 dimensions are below their thresholds"))).to_be_visible()
        if not phone:
            with page.expect_download() as download:
                page.get_by_test_id("stSidebar").get_by_role("button", name="Download labelled data").click()
            downloaded = dataset_from_bytes(Path(download.value.path()).read_bytes(), "download.json")
            assert [label for *_, label in labels_in_focus_order(downloaded)] == [label for *_, label in plan]
        page.keyboard.press("g")  # and the grid shows the same labels
        expect(main.get_by_test_id("stDataFrame").first).to_be_visible()
        expect(position).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize("path", ["summary_autoevaluation", "annotator_agreement"])
def test_focus_mode_on_the_summary_and_agreement_pages_by_keys_with_named_buttons(page: Any, app_url: str,
                                                                                   path: str) -> None:
    """The other two labelling pages: F opens focus mode, 0 labels the first unit no and the next comes up, U undoes
    it; every button is heard by its words and key, no icon's ligature is exposed."""
    page.goto(f"{app_url}/{path}")
    main = page.get_by_test_id("stMain")
    expect(main.get_by_role("button", name=re.compile("^Focus mode"))).to_be_visible(timeout=60_000)
    page.keyboard.press("f")
    position = main.get_by_text(re.compile(r"^Case \d+ of \d+ · "))
    expect(main.get_by_role("button", name=re.compile("^Undo"))).to_be_visible()
    first = position.text_content()
    wait_until_drawn(page)
    nodes, icons, leaked = accessible_names(page)
    assert {name for role, name in nodes if role == "button"} >= BUTTON_NAMES
    assert keypad_shortcuts(page) == KEY_NAMES
    assert leaked == [], leaked
    assert not [name for role, name in nodes if role == "button" and (not name.strip() or name.endswith(" icon")
                                                                        or name.strip() in icons)]
    page.keyboard.press("0")
    expect(position).not_to_have_text(first)
    # The next unlabelled label is in another case: that is a whole-page run, and a key pressed while it streams in
    # was lost in CI under load (the page showed the label still changed). A person sees the page settle first.
    wait_until_idle(page)
    page.keyboard.press("u")
    # Undo goes back to the first case: a whole-page run, during which the other case's line still shows (stale,
    # until the run ends; CI saw both for more than 5 s under load, and once the count fell to one before the first
    # case's line was drawn beside the stale one). The first case's line, the run's end, then that line alone.
    expect(main.get_by_text(first, exact=True)).to_be_visible(timeout=60_000)
    wait_until_idle(page, 60_000)
    expect(position).to_have_count(1, timeout=60_000)
    expect(position).to_have_text(first)


def test_no_page_exposes_an_icons_ligature_to_screen_readers(page: Any, app_url: str) -> None:
    """Every page of the registry, as Chromium's accessibility tree has it: the Material icons' ligatures
    (``keyboard_arrow_right``, ``edit_note``...) are in the DOM's text but hidden from screen readers, and no button
    is named by an icon or left without a name."""
    from ui.frame.navigation import PAGES

    page.goto(app_url)
    page.wait_for_url(re.compile(r".*[?&]w="), timeout=60_000)
    token = re.search(r"[?&]w=([^&]+)", page.url).group(1)
    problems = {}
    for entry in PAGES:
        page.goto(f"{app_url}/{entry.url_path}?w={token}")
        expect(page.get_by_test_id("stSidebar").get_by_text("Modules")).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("stMain").locator("h1").first).to_be_visible(timeout=60_000)
        page.wait_for_timeout(1_500)  # the rest of the page's elements arrive
        wait_until_drawn(page)
        nodes, icons, leaked = accessible_names(page)
        bad = [name for role, name in nodes if role in ("button", "link", "DisclosureTriangle", "tab", "radio")
               and (not name.strip() or name.endswith(" icon") or name.strip() in icons)]
        if leaked or bad:
            problems[entry.url_path or "/"] = (leaked, bad)
        assert icons, "the check found no icon on the page: it would pass for the wrong reason"
    assert problems == {}, problems
