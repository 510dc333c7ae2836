"""Focus mode in AppTest: every button on the RAG, summary and agreement pages in both languages, auto-advance,
undo, a frozen room, guidelines (the defaults, a dataset's own, a room's), and the grid and focus mode showing the
same stored labels after edits in each, across a reload."""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import (
    RAG_PAGE,
    edit_labels,
    edit_table,
    load_scenario,
    open_app,
    open_rag_page,
    reopen,
    shown,
    workspace,
)
from tests.pages.focus_keypad import current, has_pad, line, notes, now, pad_data, pad_place, press
from tests.pages.test_room_page import create_room, join
from ui.frame.data_kinds import AGREEMENT_PAIR, RAG, SUMMARIES
from ui.frame.fragments import DRAWN
from ui.i18n import translate
from ui.widgets.focus import KEY_NAMES, FocusItem, FocusSource, phone_from_headers, position_line
from ui.widgets.text import literal
from uncase_core.assets.reader import load_guidelines

SUMMARY_PAGE = "app_pages/summary_autoevaluation.py"
AGREEMENT_PAGE = "app_pages/annotator_agreement.py"
ROOM_PAGE = "app_pages/workshop_room.py"
BUTTONS = ("yes", "no", "clear", "back", "next", "undo")


def switch_view(at: AppTest, view: str) -> AppTest:
    """Press Grid or Focus mode. A key in focus mode reruns only its fragments, and AppTest then holds only their
    elements: a plain run first draws the whole page again, as the browser shows it."""
    buttons = [b for b in at.button if b.key is not None and b.key.endswith(f"label_view_{view}")]
    if not buttons:
        at.run()
        buttons = [b for b in at.button if b.key is not None and b.key.endswith(f"label_view_{view}")]
    buttons[0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def assert_keypad_words(at: AppTest, language: str) -> None:
    """The keypad's six buttons in the reader's language, each showing its key (the same keys in every language)."""
    texts = pad_data(at)["texts"]
    assert set(texts["buttons"]) == set(BUTTONS)
    for action in BUTTONS:
        assert texts["buttons"][action] == translate(language, f"focus.{action}")
        name = KEY_NAMES[action]
        assert texts["keys"][action] == (translate(language, name) if name.startswith("focus.") else name)


def to_focus(at: AppTest) -> AppTest:
    return switch_view(at, "focus")


def to_grid(at: AppTest) -> AppTest:
    return switch_view(at, "grid")


def page_text(at: AppTest) -> str:
    """Every markdown element's text as a person reads it, one after another."""
    return "\n".join(shown(m.value) for m in at.markdown)


def spanish(at: AppTest) -> AppTest:
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def rag_label(at: AppTest, case: int, kind: str, unit: int, field: str) -> bool | None:
    return workspace(at).data(RAG).cases[case].units(kind)[unit].label(field)


def blank_seven() -> bytes:
    """The seven built-in scenarios as one dataset with every label cleared: what a person labels from scratch."""
    from uncase_core.agreement.class_labels import blank_copy
    from uncase_core.assets.reader import load_all, load_index
    from uncase_core.rag.cases import dataset_to_text

    return dataset_to_text(blank_copy(load_all(load_index(), "en"))).encode("utf-8")


# ---------------------------------------------------------------- the RAG page


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_button_on_the_rag_page_in_both_languages(language):
    at = open_rag_page()
    if language == "es":
        spanish(at)
    to_focus(at)
    assert_keypad_words(at, language)
    first = line(at)
    assert first == translate(language, "focus.position", case="1", cases="1", kind=translate(language,
                              "focus.kind.passage"), unit="1", units="5", labelled="19", total="19")
    press(at, "undo")  # nothing to undo yet: it says so, and stays on the unit
    assert translate(language, "focus.nothing_to_undo") in notes(at)
    assert line(at) == first

    press(at, "no")  # passage 1 is no; every label is set, so the next unit comes up
    assert rag_label(at, 0, "passages", 0, "relevant") is False
    assert translate(language, "focus.kind.passage") + " 2 " in line(at)
    press(at, "undo")  # back to passage 1, yes again
    assert rag_label(at, 0, "passages", 0, "relevant") is True
    assert line(at) == first
    press(at, "next")
    press(at, "next")
    assert translate(language, "focus.kind.passage") + " 3 " in line(at)
    press(at, "back")
    assert translate(language, "focus.kind.passage") + " 2 " in line(at)
    press(at, "clear")  # stays on the unit, now not labelled
    assert rag_label(at, 0, "passages", 1, "relevant") is None
    assert now(at).endswith(translate(language, "focus.value.none"))
    assert "18" in line(at).rsplit(" · ", 1)[1]
    press(at, "yes")  # the one label not set was this one: the next unit comes up
    assert rag_label(at, 0, "passages", 1, "relevant") is True
    assert translate(language, "focus.kind.passage") + " 3 " in line(at)
    # Each label was one edit record, as the grid writes them.
    edits = workspace(at).edits(RAG)
    assert [(e["op"], e["unit_id"], e["value"]) for e in edits] == [
        ("label", "p1", False), ("label", "p1", True), ("label", "p2", None), ("label", "p2", True)]


def test_the_keypad_keeps_its_place_whether_all_set_shows_or_not():
    # An element that moves is mounted again in the browser (its presses not yet acknowledged would be lost with
    # it); "all set" comes and goes inside the keypad.
    at = to_focus(open_rag_page())
    places, all_set = set(), set()
    for action in ("next", "clear", "yes", "back", "no"):
        press(at, action)
        places.add(pad_place(at))
        data = pad_data(at)
        all_set.add(data["labelled"] == data["total"])
    assert all_set == {True, False}  # the steps showed it and hid it
    assert len(places) == 1 and None not in places


def test_after_a_label_the_next_unlabelled_comes_up_across_cases_and_the_case_choice_follows():
    at = open_rag_page()
    at.sidebar.file_uploader(key="rag_upload").set_value(("seven.jsonl", blank_seven(), "application/json")).run()
    assert not at.exception
    to_focus(at)
    assert line(at).startswith("Case 1 of 7 · passage 1 of 5 · 0 of 121 labelled")
    press(at, "yes")
    assert line(at).startswith("Case 1 of 7 · passage 2 of 5 · 1 of 121 labelled")
    for _ in range(18):
        press(at, "no")
    # The case's last label set, the next case's first unit comes up, and the case choice shows that case.
    assert line(at).startswith("Case 2 of 7 · passage 1 of 5 · 19 of 121 labelled")
    assert at.selectbox(key="rag_case").value == 1
    assert any(literal("card-fees-01") in s.value for s in at.header)  # the results follow the case (escaped id)
    # Going back to a set label and changing it moves on to the next one not set (case 2's first unit).
    press(at, "back")
    assert line(at).startswith("Case 1 of 7 · reference fact 4 of 4")
    assert at.selectbox(key="rag_case").value == 0
    press(at, "yes")
    assert line(at).startswith("Case 2 of 7 · passage 1 of 5 · 19 of 121 labelled")
    assert rag_label(at, 0, "reference_facts", 3, "covered") is True


def test_undo_takes_back_label_after_label_and_survives_a_reload():
    at = to_focus(open_rag_page())
    press(at, "no")
    press(at, "no")  # p1 and p2 no
    again = reopen(at, RAG_PAGE)  # a new session on the same link: focus mode, the same unit, the same undo
    assert line(again) == line(at)
    press(again, "undo")
    assert rag_label(again, 0, "passages", 1, "relevant") is True
    assert "passage 2 of 5" in line(again)
    press(again, "undo")
    assert rag_label(again, 0, "passages", 0, "relevant") is True
    press(again, "undo")  # nothing left to undo: it says so
    assert translate("en", "focus.nothing_to_undo") in notes(again)
    assert rag_label(again, 0, "passages", 0, "relevant") is True


def test_the_grid_and_focus_mode_show_the_same_labels_after_edits_in_each():
    at = open_rag_page()
    edit_labels(at, "passages", {1: {"relevant": False}})  # in the grid: passage 2 not relevant
    to_focus(at)
    press(at, "next")
    assert now(at) == "Now: no"  # focus mode shows the grid's label
    press(at, "clear")
    press(at, "back")
    press(at, "no")  # in focus mode: passage 1 not relevant, passage 2 cleared
    to_grid(at)
    view = at.session_state["rag_workspace"]
    table = workspace(at).editors[view.editor_key("passages", "en")].base  # what the grid was given to draw
    assert list(table["relevant"].astype("object").where(table["relevant"].notna(), None)) == [
        False, None, True, True, False]
    # The grid's next edit builds on focus mode's, and focus mode shows it after a reload.
    edit_labels(at, "passages", {2: {"relevant": False}})
    again = to_focus(reopen(at, RAG_PAGE))
    labels = [rag_label(again, 0, "passages", i, "relevant") for i in range(5)]
    assert labels == [False, None, False, True, False]
    assert [e["value"] for e in workspace(again).edits(RAG)] == [False, None, False, False]


def test_each_label_is_judged_against_what_it_asks_with_its_guideline():
    at = to_focus(open_rag_page())
    defaults = load_guidelines("en")
    text = page_text(at)
    assert current(at)["ask"] == "Is this passage relevant to the question?"
    assert "**The question**" in text and defaults["relevant"].text in text
    for _ in range(5):
        press(at, "next")
    text = page_text(at)
    assert "**The retrieved passages**" in text and defaults["supported"].text in text
    assert current(at)["ask"] == "Is this claim supported by the passages?"
    for _ in range(5):
        press(at, "next")
    text = page_text(at)
    assert "**The reference**" in text and defaults["correct"].text in text
    for _ in range(5):
        press(at, "next")
    text = page_text(at)
    assert "**The answer**" in text and defaults["covered"].text in text
    assert "reference fact 1 of 4" in line(at)


def test_a_datasets_own_guidelines_replace_the_defaults_in_focus_mode_and_the_grid():
    own = {"relevant": {"text": "Relevant here: it names a time limit.", "example": "30 days: yes."}}
    case = json.loads(json.dumps({"id": "x-1", "question": "How long?", "passages": [{"id": "p1", "text": "30 days.",
                                                                                      "relevant": None}]}))
    data = json.dumps({"guidelines": own, "cases": [case]}).encode("utf-8")
    at = open_rag_page()
    at.sidebar.file_uploader(key="rag_upload").set_value(("own.json", data, "application/json")).run()
    assert not at.exception
    assert "Relevant here: it names a time limit." in page_text(at)  # the grid's popover holds them
    to_focus(at)
    assert "Relevant here: it names a time limit." in page_text(at)
    assert "Example: 30 days: yes." in page_text(at)
    assert load_guidelines("en")["relevant"].text not in page_text(at)


def test_a_frozen_room_locks_focus_mode_and_a_stale_key_stores_nothing():
    facilitator, code, _ = create_room()
    ana = to_focus(join(code, "Ana"))
    press(ana, "yes")
    assert not pad_data(ana)["locked"]
    facilitator.toggle(key="room_frozen").set_value(True).run()
    before = workspace(ana).edits(RAG)
    press(ana, "no")  # a key pressed on the page drawn before the freeze
    assert workspace(ana).edits(RAG) == before
    assert any("froze" in note for note in notes(ana))
    data = pad_data(ana)  # the keypad locks its label keys (moving is still possible) and says why
    assert data["locked"] and data["texts"]["locked"] == "The facilitator froze the room: labels are locked."


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_facilitator_edits_the_rooms_guidelines_and_participants_see_them(language):
    facilitator, code, _ = create_room()
    if language == "es":
        spanish(facilitator)
    ana = join(code, "Ana")
    if language == "es":
        spanish(ana)
    to_focus(ana)
    area = facilitator.text_area(key=f"room_guide_{code}_{language}_relevant_text")
    assert area.value == load_guidelines(language)["relevant"].text
    area.input("Room rule: relevant when it names the refund window.")
    next(b for b in facilitator.button if b.label == translate(language, "guide.room.save")).click().run()
    assert not facilitator.exception
    assert any(translate(language, "guide.room.saved.one") == s.value for s in facilitator.success)
    ana.run()  # the participant's next run (the periodic check, here one run)
    assert "Room rule: relevant when it names the refund window." in page_text(ana)
    assert load_guidelines(language)["relevant"].text not in page_text(ana)
    # An empty rule is refused with its place, and the room keeps the saved one.
    facilitator.text_area(key=f"room_guide_{code}_{language}_relevant_text").input("  ")
    next(b for b in facilitator.button if b.label == translate(language, "guide.room.save")).click().run()
    assert any("guidelines.relevant.text" in shown(e.value) for e in facilitator.error)
    ana.run()
    assert "Room rule: relevant when it names the refund window." in page_text(ana)


def test_the_view_choice_is_kept_and_a_phone_starts_in_focus_mode():
    at = to_focus(open_rag_page())
    assert workspace(at).setting("rag_label_view") == "focus"
    again = reopen(at, RAG_PAGE)
    assert has_pad(again)
    to_grid(again)
    assert not has_pad(again) and again.get("dataframe")
    assert phone_from_headers({"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 Safari/604.1"})
    assert phone_from_headers({"Sec-CH-UA-Mobile": "?1"})
    assert not phone_from_headers({"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36",
                                   "Sec-CH-UA-Mobile": "?0"})


class _Many(FocusSource):
    """A dataset too large to load in a test page, for the position line's numbers."""

    def case_count(self) -> int:
        return 1200

    def counts(self) -> tuple[int, int]:
        return 10_432, 15_004

    def kind_name(self, kind: str) -> str:
        return kind


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Case 1,034 of 1,200 · passage 3 of 5 · 10,432 of 15,004 labelled"),
    ("es", "Caso 1034 de 1200 · passage 3 de 5 · 10\u00a0432 de 15\u00a0004 etiquetas puestas")])
def test_the_position_line_writes_numbers_in_the_readers_style(language, expected, monkeypatch):
    monkeypatch.setattr("ui.widgets.focus.t", lambda key, **values: translate(language, key, **values))
    item = FocusItem("passage", 2, 5, "relevant", None, "p3")
    assert position_line(_Many(), 1033, item, language) == expected


# ---------------------------------------------------------------- the summary and agreement pages


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_button_on_the_summary_page_and_the_grid_shows_focus_modes_labels(language):
    at = open_app()
    at.switch_page(SUMMARY_PAGE).run()
    if language == "es":
        spanish(at)
    edit_table(at, "accuracy", {1: {"is_accurate": None}})  # in the grid: the second point not labelled
    to_focus(at)
    assert_keypad_words(at, language)
    assert line(at).startswith(translate(language, "focus.position", case="1", cases="1",
                                         kind=translate(language, "focus.kind.point"), unit="1", units="2",
                                         labelled="5", total="6")[:20])
    press(at, "yes")  # point 1 yes (unchanged), the one not set (point 2) comes up
    assert translate(language, "focus.kind.point") + " 2 " in line(at)
    press(at, "no")
    cases = workspace(at).data(SUMMARIES)
    assert cases[0].accuracy[1].is_accurate is False
    press(at, "undo")
    assert workspace(at).data(SUMMARIES)[0].accuracy[1].is_accurate is None
    press(at, "next")
    press(at, "clear")
    assert workspace(at).data(SUMMARIES)[0].rubrics[0].is_addressed is None
    press(at, "back")
    assert translate(language, "focus.kind.point") + " 2 " in line(at)
    assert load_guidelines(language)["is_accurate"].text in page_text(at)
    to_grid(at)
    key = at.session_state["label_tables"]["accuracy"]
    table = workspace(at).editors[key].base
    assert list(table["is_accurate"].astype("object").where(table["is_accurate"].notna(), None)) == [True, None]
    ops = [(e["op"], e["value"]) for e in workspace(at).edits(SUMMARIES)]
    assert ops == [("accuracy", None), ("accuracy", False), ("accuracy", None), ("rubric", None)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_button_on_the_agreement_page_for_either_annotator(language):
    at = open_app()
    at.switch_page(AGREEMENT_PAGE).run()
    if language == "es":
        spanish(at)
    to_focus(at)
    assert_keypad_words(at, language)
    press(at, "no")  # annotator A, case 1, passage 1
    pair = workspace(at).data(AGREEMENT_PAIR)
    assert pair[0].cases[0].passages[0].label("relevant") is False
    press(at, "undo")
    assert workspace(at).data(AGREEMENT_PAIR)[0].cases[0].passages[0].label("relevant") is True
    next(b for b in at.button if b.key == "agr_focus_annotator_b").click().run()
    press(at, "next")
    press(at, "back")
    press(at, "clear")  # annotator B's passage 1 not labelled
    pair = workspace(at).data(AGREEMENT_PAIR)
    assert pair[1].cases[0].passages[0].label("relevant") is None
    assert pair[0].cases[0].passages[0].label("relevant") is True
    press(at, "yes")
    assert workspace(at).data(AGREEMENT_PAIR)[1].cases[0].passages[0].label("relevant") is True
    assert [(e["annotator"], e["value"]) for e in workspace(at).edits(AGREEMENT_PAIR)] == [
        ("a", False), ("a", True), ("b", None), ("b", True)]
    to_grid(at)  # the grid starts from the same stored labels
    view = at.session_state["agr_view"]
    table = workspace(at).editors[view.editor_key("all")].base  # what the grid was given to draw
    assert bool(table["a"].iloc[0]) is True and bool(table["b"].iloc[0]) is True


def test_the_catalogues_hold_no_material_icon_text():
    """An icon written into a label's text (``:material/arrow_back:``) reaches screen readers as its ligature
    ("arrow_back icon"); icons go through ``icon=``, which Streamlit hides from them."""
    from ui.i18n import EN, ES

    assert not [key for key in EN if ":material/" in EN[key] or ":material/" in ES[key]]


def test_settings_rerun_the_results_focus_mode_draws():
    """A threshold moved in focus mode reruns the results drawn inside focus mode's fragment (the grid's own figures
    under each table are not drawn there: naming them would be an error)."""
    at = to_focus(open_rag_page())
    at.sidebar.select_slider(key="rag_threshold_context_relevance").set_value(0.85).run()
    assert not at.exception, [e.value for e in at.exception]
    # The diagnosis drawn in focus mode moved with the threshold: relevance is now below it (uncertain, so amber).
    assert [w.value for w in at.warning] == [
        "Uncertain: Context relevance is below the threshold, but these labels cannot yet tell whether the true rate "
        "is below it, so it is not called a failure."]
    drawn = at.session_state[DRAWN]  # ui/frame/fragments.py: the fragments the last full run drew
    assert "rag_case_results" in drawn and "rag_near_passages" not in drawn


def test_load_scenario_keeps_focus_mode():
    at = to_focus(open_rag_page())
    load_scenario(at, "poor_retrieval")
    assert has_pad(at)
    assert line(at).startswith("Case 1 of 1 · passage 1 of 5")


@pytest.mark.parametrize("page", ["drills", "compare"])
def test_the_drill_and_compare_grids_have_the_guidelines_one_click_away(page):
    """Every grid that labels RAG units shows the guidelines over each table, in the reader's language."""
    from tests.pages.test_compare_page import open_page as open_compare
    from tests.pages.test_drills_page import make

    for language in ("en", "es"):
        at = make(language, count=1) if page == "drills" else open_compare(language)
        guides = load_guidelines(language)
        text = page_text(at)
        assert all(guides[name].text in text for name in ("relevant", "supported", "correct", "covered")), page


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_frozen_room_does_not_say_the_keys_still_change_the_labels(language):
    """Issue 39: with every label set and the room frozen, focus mode said "Keys still change them" ("Las teclas aún
    las cambian") though the keys are off."""
    facilitator, code, _ = create_room()
    ana = to_focus(join(code, "Ana"))
    if language == "es":
        ana.sidebar.radio(key="language_widget").set_value("es").run()
    total = int(re.findall(r"\d+", line(ana))[-1])  # "... · 0 of 16 labelled": the last number
    for _ in range(total):
        press(ana, "yes")
    facilitator.toggle(key="room_frozen").set_value(True).run()
    ana.run()
    assert not ana.exception, [e.value for e in ana.exception]
    data = pad_data(ana)
    assert data["labelled"] == data["total"] == total
    assert data["texts"]["all_set"] == translate(language, "focus.all_set_locked", total=str(total))


def test_a_phone_is_not_told_about_keys_it_does_not_have(monkeypatch):
    """Issue 39: on a phone focus mode showed its keyboard hints (1 yes, 0 no...) with no keyboard."""
    from ui.widgets import focus as focus_widget

    at = to_focus(open_rag_page())
    assert not pad_data(at)["phone"]  # the keypad shows its help line and each button's key
    monkeypatch.setattr(focus_widget, "is_phone", lambda: True)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    data = pad_data(at)  # on a phone it hides them (ui/widgets/focus_pad.py: .pad-phone)
    assert data["phone"] and data["texts"]["buttons"]["yes"] == translate("en", "focus.yes")


@pytest.mark.parametrize("language", ["en", "es"])
def test_on_a_phone_the_intro_folds_and_all_set_speaks_of_buttons_not_keys(monkeypatch, language):
    """Issue 39: on a phone the page's introduction pushed the unit below the first screen, and "keys still change
    them" was said with no keyboard. The built-in case opens with all 19 labels set, in focus mode on a phone."""
    monkeypatch.setattr("ui.widgets.focus.is_phone", lambda: True)
    at = open_rag_page()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    intro = translate(language, "rag.intro")
    folded = [e for e in at.expander if e.label == translate(language, "focus.about_page")]
    assert len(folded) == 1 and [m.value for m in folded[0].markdown] == [intro]
    assert [m for m in at.main.markdown if m.value == intro] == [folded[0].markdown[0]]  # only inside the fold
    data = pad_data(at)
    assert data["labelled"] == data["total"] == 19
    assert data["texts"]["all_set"] == translate(language, "focus.all_set_touch", total="19")
