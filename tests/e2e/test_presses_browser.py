"""Presses faster than the server's runs, in real Chromium (issue 49, items 1 and 2): every key or tap lands on the
unit that was on screen when it was made, or is refused on screen; the stored labels are what was pressed.

The server is slowed, the same way every time: each of its script runs waits 400 ms before drawing
(``tests/support/slowed_streamlit.py``), so a key pressed 80-150 ms after the last one arrives while a run is in
progress, as on a loaded laptop serving a class. A scripted person then labels the blank "Multiple failures" case
without waiting for the page: in focus mode by keys at 1400 px and by taps on a phone (390 px, touch), going back
once to correct a label; in the grid by clicking each box (a click and Space at 1400 px, a tap on a phone).

For each press the test reads, from the page as a person sees it at the very moment of the key or the tap (a
listener of the test's own, called before the page's), which unit was on screen (the question asked and the unit's
text), and then whether the page refused it (its "Not taken" note; the keypad counts refusals in
``data-refused``). At the end, once nothing is waiting, every label in the store must be the last press that was
not refused on that unit, and must still be so a few seconds later (nothing lands late).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.server import serve
from ui.frame.data_kinds import RAG
from ui.frame.workspace import Workspace
from ui.i18n import translate
from ui.widgets.layout import LABEL_COLUMN_WIDTH
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS
from uncase_store import open_store

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

RUN_DELAY_MS = 400  # each script run of the test server waits this long before drawing
PACE_S = (0.08, 0.15)  # between two presses, as a fast person or a teacher writing an answer key
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/120.0 Mobile Safari/537.36"}
DESKTOP = {"viewport": {"width": 1400, "height": 1000}}
VALUES = {"yes": True, "no": False, "clear": None}
KEYS = {"yes": "1", "no": "0", "clear": "Backspace", "back": "ArrowLeft", "next": "ArrowRight"}
HEADER_HEIGHT = 35  # px: a data editor's header row (tests/e2e/test_rag_browser.py)

# What is on screen, read the way a person reads it: the question in bold and the unit's large text under it, in
# the keypad's card, or (before issue 49) in the markdown of focus mode's bordered box. Also the refusals the page
# has shown and whether a run is in progress.
SCREEN = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const app = document.querySelector('[data-testid="stApp"]');
  const running = app ? app.dataset.testScriptState === 'running' : false;
  const pad = main.querySelector('.uncase-pad');
  if (pad) {
    const card = pad.querySelector('.pad-card');
    const shown = card && !card.hidden;
    return {ask: shown ? card.querySelector('.pad-ask').textContent : null,
            text: shown ? card.querySelector('.pad-text').innerText : null,
            refused: Number(pad.dataset.refused || 0), pending: Number(pad.dataset.pending || 0), running};
  }
  for (const strong of main.querySelectorAll('strong')) {
    if (!(window.__questions || []).includes(strong.textContent.trim())) continue;
    const box = strong.closest('[data-testid="stMarkdownContainer"]');
    const heading = box && box.querySelector('h5');
    return {ask: strong.textContent.trim(), text: heading ? heading.innerText : null, refused: 0, pending: 0,
            running};
  }
  return {ask: null, text: null, refused: 0, pending: 0, running};
}"""
# The screen at each key and tap, noted before the page's own listeners see the event (capture phase on window).
AT_EACH_PRESS = f"""
window.__screen = {SCREEN};
window.__pressed = [];
for (const kind of ['keydown', 'click']) {{
  window.addEventListener(kind, (event) => {{
    if (kind === 'click' && !event.target.closest?.('button')) return;
    window.__pressed.push(window.__screen());
  }}, true);
}}
"""


def words(text: str | None) -> str:
    return " ".join((text or "").split())


def scenario() -> Any:
    return load_scenario(next(s for s in load_index() if s.id == "multiple_failures"), "en")


def labels(case: Any) -> dict[tuple[str, str], bool | None]:
    """``(unit id, field) -> label`` for every label of a case."""
    return {(unit.id, field): unit.label(field) for kind in UNIT_KINDS for unit in case.units(kind)
            for field in LABEL_FIELDS[kind]}


def unit_by_screen(case: Any) -> dict[tuple[str, str], tuple[str, str]]:
    """``(question, text) -> (unit id, field)``: what a person reads, to the label it names."""
    return {(translate("en", f"focus.ask.{field}"), words(unit.text)): (unit.id, field)
            for kind in UNIT_KINDS for unit in case.units(kind) for field in LABEL_FIELDS[kind]}


@pytest.fixture(scope="module")
def slowed(browser_checked: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server whose every run waits RUN_DELAY_MS, on a store of its own: (base URL, store URL)."""
    folder = tmp_path_factory.mktemp("presses")
    store = f"sqlite:///{folder / 'store.db'}"
    with serve(log_path=folder / "server.log", store=store, slowed_ms=RUN_DELAY_MS) as (base, _process):
        yield base, store


def blank_workspace(store_url: str, view: str) -> str:
    """A workspace holding "Multiple failures" with no label, shown in ``view`` (grid or focus): its token."""
    store = open_store(store_url)
    try:
        workspace = Workspace.create(store, {"language": "en", "rag_label_view": view})
        workspace.replace(RAG, blank_copy(scenario()), "multiple_failures.json", "upload")
        return workspace.token
    finally:
        store.engine.dispose()


def stored(store_url: str, token: str) -> dict[tuple[str, str], bool | None]:
    store = open_store(store_url)
    try:
        return labels(Workspace.open(store, token).data(RAG).cases[0])
    finally:
        store.engine.dispose()


def settle(page: Any, seconds: float = 90.0) -> None:
    """Until the page waits for nothing: no run in progress and no press the keypad has not seen acknowledged."""
    deadline = time.monotonic() + seconds
    quiet = 0
    while time.monotonic() < deadline:
        state = page.evaluate("window.__screen()")
        quiet = quiet + 1 if not state["running"] and not state["pending"] else 0
        if quiet >= 6:  # calm for over a second: the last answer has been drawn
            return
        time.sleep(0.2)
    raise AssertionError("the page was still running or waiting after 90 s")


def person_plan(rng: random.Random, presses: int) -> list[str]:
    """What a fast person presses: yes or no, mostly; once back twice and a correction (issue 49, item 2: the
    next presses must go on in order from the corrected unit); a Clear and a Next now and then."""
    plan = []
    for index in range(presses):
        if index == 9:
            plan += ["back", "back", "yes"]
        elif rng.random() < 0.06:
            plan.append(rng.choice(["clear", "next"]))
        else:
            plan.append(rng.choice(["yes", "no"]))
    return plan


def press_on(page: Any, action: str, phone: bool) -> None:
    """A key on a keyboard; a tap on the button's middle on a phone (where it is now)."""
    if not phone:
        page.keyboard.press(KEYS[action])
        return
    word = translate("en", f"focus.{action}")
    button = page.get_by_test_id("stMain").get_by_role("button", name=re.compile(rf"^{word}\b")).first
    box = button.bounding_box(timeout=10_000)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_every_press_in_focus_mode_lands_on_its_unit_or_is_refused_on_screen(chromium: Any, slowed: tuple[str, str],
                                                                              device: str) -> None:
    base, store_url = slowed
    phone = device == "phone"
    case = scenario().cases[0]
    screen = unit_by_screen(case)
    questions = sorted({ask for ask, _ in screen})
    token = blank_workspace(store_url, "focus")
    context = chromium.new_context(locale="en-US", **(PHONE if phone else DESKTOP))
    context.set_default_timeout(60_000)
    context.add_init_script(f"window.__questions = {json.dumps(questions)};" + AT_EACH_PRESS)
    page = context.new_page()
    try:
        page.goto(f"{base}/rag_diagnosis?w={token}")
        expect(page.get_by_test_id("stMain").get_by_text(re.compile(r"^Case 1 of 1 · passage 1 of 5"))).to_be_visible(
            timeout=90_000)
        settle(page)
        rng = random.Random(49 + phone)
        made = []  # (action, the label on screen, refused, a run in progress)
        for index, action in enumerate(person_plan(rng, 26)):
            press_on(page, action, phone)
            noted = page.evaluate("window.__pressed")
            assert len(noted) == index + 1, f"press {index + 1} was not seen by the page: {noted[-3:]}"
            before, after = noted[-1], page.evaluate("window.__screen()")
            refused = after["refused"] > before["refused"]
            if refused:  # refused on screen: the page says so where the person looks
                expect(page.locator(".uncase-pad .pad-refused")).to_be_visible()
            made.append((action, screen.get((before["ask"], words(before["text"]))), refused, before["running"]))
            time.sleep(rng.uniform(*PACE_S))
        settle(page)
        while_running = sum(1 for *_, running in made if running)
        assert while_running >= 5, f"only {while_running} presses came while a run was in progress"
        unseen = [(i, action) for i, (action, unit, refused, _) in enumerate(made)
                  if unit is None and not refused and action in VALUES]
        assert not unseen, f"labels pressed with no unit on screen: {unseen}"
        wanted = labels(blank_copy(scenario()).cases[0])
        for action, unit, refused, _ in made:
            if action in VALUES and not refused:
                wanted[unit] = VALUES[action]
        landed = stored(store_url, token)
        wrong = {unit: (landed[unit], wanted[unit]) for unit in wanted if landed[unit] != wanted[unit]}
        taken = sum(1 for action, _, refused, _ in made if action in VALUES and not refused)
        print(f"\n{device}: {len(made)} presses, {taken} labels taken, "
              f"{sum(1 for _, _, refused, _ in made if refused)} refused on screen, {while_running} during a run")
        assert not wrong, f"(stored, pressed) where they differ: {wrong}; presses: {made}"
        time.sleep(3)  # nothing lands late
        assert stored(store_url, token) == landed
    finally:
        context.close()


def cell_point(editor: Any, row: int, phone: bool) -> tuple[float, float]:
    """Where to click the first ("Relevant") column of ``row`` (0-based): its left edge with a mouse (then Space
    toggles the box, tests/e2e/test_rag_browser.py), the box itself on a phone (a tap toggles it)."""
    editor.scroll_into_view_if_needed()
    box = editor.bounding_box()
    rows = int(editor.locator('table[role="grid"]').get_attribute("aria-rowcount")) - 1
    height = (box["height"] - HEADER_HEIGHT - 3) / rows
    x = box["x"] + (LABEL_COLUMN_WIDTH / 2 if phone else 10)
    return x, box["y"] + HEADER_HEIGHT + height * row + height / 2


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_fast_clicks_on_the_grid_land_on_their_rows(chromium: Any, slowed: tuple[str, str], device: str) -> None:
    """The grid's boxes: a data editor sends every edit made since it was drawn as one value (not a trigger), and
    its rows are matched by position against a table that stays the same while the editor lives
    (``ui/widgets/labels.py``), so edits folded into one run all count, each on its row. Clicked 80-150 ms apart
    while runs are slowed, each passage's box ends where its clicks leave it (a click turns an empty box into
    "yes", then flips it)."""
    base, store_url = slowed
    phone = device == "phone"
    token = blank_workspace(store_url, "grid")
    context = chromium.new_context(locale="en-US", **(PHONE if phone else DESKTOP))
    context.set_default_timeout(60_000)
    context.add_init_script(AT_EACH_PRESS)
    page = context.new_page()
    try:
        page.goto(f"{base}/rag_diagnosis?w={token}")
        editor = page.get_by_test_id("stDataFrame").first
        expect(editor).to_be_visible(timeout=90_000)
        settle(page)
        rng = random.Random(7 + phone)
        clicks = [rng.randrange(5) for _ in range(16)]
        during = 0
        for row in clicks:
            during += page.evaluate("window.__screen()")["running"]
            x, y = cell_point(editor, row, phone)  # where the row is now, as a person looks before a click
            if phone:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
                page.keyboard.press("Space")
            time.sleep(rng.uniform(*PACE_S))
        settle(page)
        assert during >= 5, f"only {during} clicks came while a run was in progress"
        wanted: list[bool | None] = [None] * 5
        for row in clicks:
            wanted[row] = True if wanted[row] is None else not wanted[row]
        passages = [unit.id for unit in scenario().cases[0].passages]
        # A calm page is not yet a stored last click: on a loaded machine the browser may send the grid's last edit
        # more than the calm second after the Space that made it (the likeliest reading of two CI failures at load
        # 8-12, one row off; not reproduced here in 11 runs). The store is read until it holds every click, each on
        # its row; a click lost, or stored on another row, still fails here.
        deadline = time.monotonic() + 30
        landed = [stored(store_url, token)[(unit, "relevant")] for unit in passages]
        while landed != wanted and time.monotonic() < deadline:
            time.sleep(0.5)
            landed = [stored(store_url, token)[(unit, "relevant")] for unit in passages]
        assert landed == wanted, (clicks, landed, wanted)
    finally:
        context.close()
