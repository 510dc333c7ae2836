"""A workshop room on cases of your own, one click away (issue 39, item 2): from the RAG page (its cases, labels
as the room's reference), from the case editor (the case written there), and "this workspace's cases" in the room
form; a workspace with none is told how to get some."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import edit_labels, open_app, open_rag_page, shown, workspace
from tests.pages.test_room_page import open_room_page, rooms_api
from ui.frame.data_kinds import RAG
from ui.i18n import translate
from uncase_core.rag.cases import dataset_from_text

EDITOR_PAGE = "app_pages/case_editor.py"


def room_cases(at) -> tuple:
    """The cases of the room the page switched to (the facilitator view's address)."""
    room = rooms_api().get(at.query_params["room"])
    return dataset_from_text(room.body).cases


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rag_page_starts_a_room_on_its_cases_with_its_labels_as_reference(language):
    at = open_rag_page()
    if language == "es":
        at.sidebar.radio(key="language_widget").set_value("es").run()
    edit_labels(at, "passages", {0: {"relevant": False}})
    cases = workspace(at).data(RAG).cases
    box = next(e for e in at.sidebar.expander if e.label == translate(language, "room.start_here_title"))
    assert box is not None
    at.sidebar.button(key="rag_room_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "room" in at.query_params and "key" not in at.query_params  # the facilitator view, no secret shown
    assert at.query_params["room"] in at.session_state["room_keys"]  # the session keeps the secret
    stored = room_cases(at)
    assert [case.id for case in stored] == [case.id for case in cases]
    assert stored[0].passages[0].label("relevant") is False  # the label set here is the room's reference
    assert rooms_api().get(at.query_params["room"]).owner == workspace(at).token


def test_the_case_editor_starts_a_room_on_the_case_written_there():
    at = open_app()
    at.switch_page(EDITOR_PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    chosen = next(s for s in at.selectbox if s.label == translate("en", "editor.choose"))
    chosen.set_value(0).run()  # the built-in scenario's case (the editor opens on a new one)
    assert translate("en", "room.start_case_title") in [e.label for e in at.expander]
    at.button(key="editor_room_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    stored = room_cases(at)
    assert [case.id for case in stored] == ["refund-01"]


def test_the_room_form_offers_this_workspaces_cases_and_says_when_there_are_none():
    empty = open_room_page()
    empty.radio(key="room_new_source").set_value("workspace").run()
    assert translate("en", "room.source.workspace_none") in [shown(c.value) for c in empty.caption]
    empty.button(key="room_create").click().run()
    assert translate("en", "room.source.workspace_none") in [shown(e.value) for e in empty.error]
    assert "room" not in empty.query_params

    at = open_rag_page()
    edit_labels(at, "passages", {0: {"relevant": False}})
    cases = workspace(at).data(RAG).cases
    at.switch_page("app_pages/workshop_room.py").run()
    at.radio(key="room_new_source").set_value("workspace").run()
    assert translate("en", "room.source.workspace_help", count=len(cases)) in [shown(c.value) for c in at.caption]
    at.button(key="room_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [case.id for case in room_cases(at)] == [case.id for case in cases]
    assert room_cases(at)[0].passages[0].label("relevant") is False
