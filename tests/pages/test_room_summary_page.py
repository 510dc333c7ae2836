"""A workshop room of summary cases (document 002) in AppTest, in both languages: made from the room page, joined into
the summary page, labelled there, seen by the facilitator and the projector with the summary dimensions, frozen,
revealed, adjudicated and downloaded (issue 26)."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import edit_table, shown, workspace
from tests.pages.test_room_page import open_room_page, rooms_api
from ui.frame.data_kinds import SUMMARIES
from ui.i18n import translate
from uncase_core.agreement.adjudication import adjudicate, adjudicated_dataset
from uncase_core.agreement.class_labels import blank_copy, class_labels, replay_edits
from uncase_core.summaries.cases import cases_from_bytes, cases_from_text

SUMMARY_PAGE = "app_pages/summary_autoevaluation.py"


def create_summary_room(lang: str, scenario: str = "cancellation") -> tuple[AppTest, str]:
    at = open_room_page()
    if lang == "es":
        at.sidebar.radio(key="language_widget").set_value("es").run()
    at.radio(key="room_new_source").set_value("summaries").run()
    at.selectbox(key="room_new_summary").set_value(scenario).run()
    next(b for b in at.button if b.key == "room_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at, at.query_params["room"]


def join_summary(code: str, name: str, lang: str) -> AppTest:
    """Join with the participant link; the browser then goes to the summary page (AppTest does not follow it)."""
    at = open_room_page(join=code)
    if lang == "es":
        at.sidebar.radio(key="language_widget").set_value("es").run()
    inputs = {i.key or i.label: i for i in at.text_input}
    name_box = next(i for i in at.text_input if i.label == translate(lang, "room.name"))
    name_box.input(name)
    next(b for b in at.button if b.label == translate(lang, "room.join")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert inputs  # the form was there
    at.query_params.pop("join", None)
    at.switch_page(SUMMARY_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def class_distributions(facilitator: AppTest) -> set[str]:
    return {str(v) for table in (d.value for d in facilitator.dataframe) for column in table.columns
            if column in ("Class labels", "Etiquetas de la clase") for v in table[column]}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_summary_room_is_made_joined_labelled_and_seen_by_the_facilitator(lang):
    facilitator, code = create_summary_room(lang)
    room = rooms_api().get(code)
    assert room.format == "summary-cases"
    assert room.title == translate(lang, "room.summary.default_title")  # the default title does not say RAG
    ana, ben = join_summary(code, "Ana", lang), join_summary(code, "Ben", lang)
    # The member's page: the room's case without labels, no other data, no pasted block, sections fixed.
    assert any(shown(m.value).startswith(translate(lang, "room.you_are", code=code, title="", name="")[:8])
               for m in ana.sidebar.markdown)
    copy = workspace(ana).data(SUMMARIES)
    assert [case.id for case in copy] == ["cancellation"]
    assert all(point.is_accurate is None for point in copy[0].accuracy)
    # Nor the justification that says the answer ("This is inaccurate..."), anywhere on the page.
    justification = cases_from_bytes(room.body.encode("utf-8"))[0].accuracy[1].accuracy
    assert justification and not any(point.accuracy for point in copy[0].accuracy)
    assert not any(justification in str(v) for d in ana.dataframe for column in d.value.columns
                   for v in d.value[column])
    assert not [s for s in ana.sidebar.selectbox if s.key == "sum_scenario_choice"]
    assert not [t for t in ana.sidebar.text_area if t.key == "sum_paste_text"]
    edit_table(ana, "accuracy", {0: {"is_accurate": True}, 1: {"is_accurate": False}})
    edit_table(ben, "accuracy", {0: {"is_accurate": True}, 1: {"is_accurate": True}})
    edit_table(ana, "completeness", {0: {"is_covered": True}})
    facilitator.run()
    assert not facilitator.exception, [e.value for e in facilitator.exception]
    assert next(m.value for m in facilitator.metric if m.label == translate(lang, "room.joined")) == "2"
    distributions = class_distributions(facilitator)
    assert translate(lang, "room.distribution", yes=2, no=0, unlabelled=0) in distributions  # point 1: both yes
    assert translate(lang, "room.distribution", yes=1, no=1, unlabelled=0) in distributions  # point 2: split
    # The agreement table and the class's figures name the summary dimensions, not the RAG metrics.
    dimensions = {str(v) for d in facilitator.dataframe for column in d.value.columns
                  if column == translate(lang, "table.dimension") for v in d.value[column]}
    assert {translate(lang, "sum.metric.accuracy"), translate(lang, "sum.metric.adherence"),
            translate(lang, "sum.metric.completeness")} <= dimensions
    assert translate(lang, "metric.faithfulness") not in dimensions
    # The class view is what the core computes from the members' stored records.
    api = rooms_api()
    blank = blank_copy(cases_from_bytes(api.get(code).body.encode("utf-8")))
    copies = {m.name: replay_edits(blank, [r for r, _ in m.edits]).copy for m in api.labels(code, "summaries")}
    assert sorted(copies) == ["Ana", "Ben"]
    expected = class_labels(cases_from_bytes(api.get(code).body.encode("utf-8")), copies, resamples=0)
    assert expected.units[1].yes == 1 and expected.units[1].no == 1
    # The class-majority download (the material's own writer) is summary cases that read back as they are; the
    # other tools' formats, which hold RAG cases, are not offered.
    labels = [d.proto.label for d in facilitator.sidebar.get("download_button")]
    assert translate(lang, "room.export_majority") in labels
    assert cases_from_text(expected.material.to_text(expected.majority)) == expected.majority
    assert not [d for d in facilitator.sidebar.get("download_button") if d.proto.id.endswith("room_export_ragas")
                or "RAGAS" in d.proto.label]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_freeze_locks_the_summary_labels_and_reveal_shows_the_class_and_reference(lang):
    _facilitator, code = create_summary_room(lang)
    ana = join_summary(code, "Ana", lang)
    edit_table(ana, "accuracy", {0: {"is_accurate": True}})
    rooms_api().set_state(code, frozen=True)
    ana.run()  # the page's follow-up finds the change (its timer's run, here one run)
    assert any(i.value == translate(lang, "room.frozen_note") for i in ana.info)
    # A label sent from the page drawn before the freeze is not stored.
    edit_table(ana, "accuracy", {1: {"is_accurate": True}})
    ana.run()
    assert workspace(ana).data(SUMMARIES)[0].accuracy[1].is_accurate is None
    assert workspace(ana).data(SUMMARIES)[0].accuracy[0].is_accurate is True
    rooms_api().set_state(code, revealed=True)
    ana.run()
    assert any(s.value == translate(lang, "room.summary.class_title") for s in ana.header)
    table = next(d.value for d in ana.dataframe if translate(lang, "room.col.reference") in d.value.columns)
    # cancellation: point 1 is accurate, point 2 is not ($30 for $10), in the room's own labels, and why
    assert list(table[translate(lang, "room.col.reference")])[:2] == ["✓", "✗"]
    room_case = cases_from_bytes(rooms_api().get(code).body.encode("utf-8"))[0]
    assert list(table[translate(lang, "room.col.why")])[1] == room_case.accuracy[1].accuracy
    # The short columns first: what the class said before the unit's long text.
    columns = list(table.columns)
    assert columns.index(translate(lang, "room.col.distribution")) < columns.index(translate(lang, "units.text"))


def test_focus_mode_in_a_summary_room_follows_the_freeze_and_the_rooms_guidelines():
    from tests.pages.focus_keypad import pad_data, press
    from tests.pages.test_focus_page import to_focus

    facilitator, code = create_summary_room("en")
    # The facilitator's guidelines form holds the summary labels (and no RAG label) and saves the room's rule.
    assert not [a for a in facilitator.text_area if a.key and a.key.endswith("_relevant_text")]
    facilitator.text_area(key=f"room_guide_{code}_en_is_accurate_text").input(
        "Room rule: accurate when the amount matches.")
    next(b for b in facilitator.button if b.label == translate("en", "guide.room.save")).click().run()
    assert rooms_api().get(code).state["guidelines"]["is_accurate"]["text"] == \
        "Room rule: accurate when the amount matches."
    ana = to_focus(join_summary(code, "Ana", "en"))
    assert any("Room rule: accurate when the amount matches." in shown(m.value) for m in ana.markdown)
    press(ana, "yes")
    assert workspace(ana).data(SUMMARIES)[0].accuracy[0].is_accurate is True
    assert not pad_data(ana)["locked"]
    rooms_api().set_state(code, frozen=True)
    before = workspace(ana).edits(SUMMARIES)
    press(ana, "no")  # a key pressed on the page drawn before the freeze
    assert workspace(ana).edits(SUMMARIES) == before
    ana.run()
    assert pad_data(ana)["locked"]  # the keypad locks its label keys (moving is still possible)
    # The facilitator's class view counts the one label given before the freeze.
    facilitator.run()
    assert "1 yes / 0 no / 0 not labelled" in class_distributions(facilitator)


def test_a_summary_rooms_projector_names_the_summary_dimensions():
    facilitator, code = create_summary_room("en")
    ana = join_summary(code, "Ana", "en")
    edit_table(ana, "accuracy", {0: {"is_accurate": True}})
    view_key = next(v for k, v in facilitator.session_state["room_keys"].items() if k == code)[1]
    projector = open_room_page(room=code, view=view_key)
    projector.session_state["projector_screen"] = 1  # the agreement screen
    projector.run()
    assert not projector.exception, [e.value for e in projector.exception]
    texts = [m.value for m in projector.markdown]
    # Adherence and completeness, which nobody has labelled yet, are named on one line rather than drawn as rows.
    assert "Accuracy" in texts and translate("en", "room.proj.not_labelled", rows="Adherence, Completeness") in texts
    assert not any("Faithfulness" in text for text in texts)


def test_the_facilitator_adjudicates_a_summary_unit_and_the_download_carries_the_revision():
    facilitator, code = create_summary_room("en")
    ana, ben = join_summary(code, "Ana", "en"), join_summary(code, "Ben", "en")
    edit_table(ana, "accuracy", {1: {"is_accurate": True}})
    edit_table(ben, "accuracy", {1: {"is_accurate": False}})
    facilitator.run()
    # The split point 2 waits first in the queue (most disputed first); the facilitator goes to it and decides it.
    unit = "cancellation|accuracy|2|is_accurate"
    assert facilitator.selectbox(key="room_gold_unit").options[0].startswith("1 of 6 · cancellation · Accuracy point 2")
    facilitator.selectbox(key="room_gold_unit").set_value(unit).run()
    assert any(m.value == "**Case cancellation**" for m in facilitator.markdown)  # and its conversation, folded
    assert any(m.value.startswith("**Agent:**") for m in facilitator.markdown)  # the speakers in the reader's words
    facilitator.radio(key=f"room_gold_choice::{unit}").set_value("no")
    facilitator.text_area(key=f"room_gold_reason::{unit}").input("$30 is not the $10 credit")
    facilitator.button(key="room_gold_save").click().run()
    assert not facilitator.exception, [e.value for e in facilitator.exception]
    api = rooms_api()
    decisions = api.decisions(code)
    assert [(d["kind"], d["unit_id"], d["field"], d["gold"]) for d in decisions] == [
        ("accuracy", "2", "is_accurate", False)]
    room_cases = cases_from_bytes(api.get(code).body.encode("utf-8"))
    blank = blank_copy(room_cases)
    copies = {m.name: replay_edits(blank, [r for r, _ in m.edits]).copy for m in api.labels(code, "summaries")}
    labels = class_labels(room_cases, copies, resamples=0)
    gold = adjudicated_dataset(room_cases, labels, adjudicate(room_cases, labels, decisions).decisions)
    text = labels.material.to_text(gold)
    again = cases_from_text(text)
    assert again[0].accuracy[1].is_accurate is False
    assert json.loads(json.dumps(again[0].extra["revisions"]))[0]["reason"] == "$30 is not the $10 credit"
