"""A case written in the editor while the RAG page holds a built-in scenario starts a dataset of the person's own
(issue 49: it was added to the scenario, "Case 2 of 2" under the scenario's note about another case). The scenario's
note goes, the RAG page shows only the cases written, the store holds them (a new session sees the same), a second
case joins them; labels changed in the scenario are not dropped without asking; the written cases are not replaced
by a scenario without asking either. In AppTest, in English and in Spanish."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import RAG_PAGE, captions, edit_labels, load_scenario, open_app, reopen, shown
from tests.pages.test_case_editor_page import EDITOR_PAGE, WORDS, click, fill_form
from ui.frame.data_kinds import RAG
from ui.i18n import translate
from uncase_core.assets.reader import load_index

SCENARIO = load_index()[1]  # not the page's default, so it is stored as loaded


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _scenario_loaded(language: str):
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page(RAG_PAGE).run()
    return load_scenario(_ok(at), SCENARIO.id)


def _note(language: str) -> str:
    return f"{SCENARIO.title_in(language)}: {SCENARIO.summary_in(language)}"


def _rag_page(at):
    at.switch_page(RAG_PAGE).run()
    return _ok(at)


def _stored_ids(at) -> list[str]:
    return [case.id for case in at.session_state["workspace"].data(RAG).cases]


def _texts(at) -> str:
    return "\n".join(shown(e.value) for e in [*at.warning, *at.info, *at.success])


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_case_written_on_a_scenario_starts_a_dataset_of_ones_own(language):
    at = _scenario_loaded(language)
    assert _note(language) in captions(at)  # the scenario's note, while the scenario is what is labelled
    at.switch_page(EDITOR_PAGE).run()
    at = click(fill_form(_ok(at), case_id="first"), WORDS[language]["create"])
    assert _stored_ids(at) == ["first"]
    assert translate(language, "editor.own_dataset") in _texts(at)  # said where it happened
    assert at.selectbox(key="editor_case").value == 0  # the editor opens on the case written

    rag = _rag_page(at)
    assert rag.session_state["rag_workspace"].dataset.cases[0].id == "first"
    assert len(rag.session_state["rag_workspace"].dataset.cases) == 1
    assert not [box for box in rag.selectbox if box.key == "rag_case"]  # one case: no case to choose
    assert _note(language) not in captions(rag)

    again = reopen(at, RAG_PAGE)  # the store holds the replacement
    assert _stored_ids(again) == ["first"] and _note(language) not in captions(again)

    at.switch_page(EDITOR_PAGE).run()
    at = click(fill_form(_ok(at), case_id="second"), WORDS[language]["create"])
    assert _stored_ids(at) == ["first", "second"]  # the second joins the person's own dataset
    assert translate(language, "editor.own_dataset") not in _texts(at)
    rag = _rag_page(at)
    assert len(rag.selectbox(key="rag_case").options) == 2
    assert _note(language) not in captions(rag)
    assert _stored_ids(reopen(at, RAG_PAGE)) == ["first", "second"]


def test_labels_changed_in_the_scenario_are_not_replaced_without_asking():
    at = edit_labels(_scenario_loaded("en"), "passages", {0: {"relevant": False}})
    labelled = at.session_state["workspace"].data(RAG)
    at.switch_page(EDITOR_PAGE).run()
    at = click(fill_form(_ok(at), case_id="mine"), "Create the case")
    assert translate("en", "editor.replace_scenario", count=1) in _texts(at)
    assert at.session_state["workspace"].data(RAG) == labelled  # nothing changed while the question waits
    assert [b for b in at.get("download_button") if b.proto.label == translate("en", "common.download")]

    at = click(at, translate("en", "confirm.no"))
    assert at.session_state["workspace"].data(RAG) == labelled
    assert translate("en", "editor.replace_scenario", count=1) not in _texts(at)
    assert at.text_input(key="editor_new_id").value == "mine"  # what was typed stays

    at = click(at, "Create the case")
    at = click(at, translate("en", "confirm.yes"))
    assert _stored_ids(at) == ["mine"]
    assert _stored_ids(reopen(at, RAG_PAGE)) == ["mine"]


def test_loading_a_scenario_over_written_cases_asks_first():
    at = open_app()
    at.switch_page(EDITOR_PAGE).run()
    at = click(fill_form(_ok(at), case_id="mine"), "Create the case")
    rag = load_scenario(_rag_page(at), SCENARIO.id)
    assert translate("en", "confirm.replace_written", count=1) in _texts(rag)
    assert _stored_ids(rag) == ["mine"]
    rag = click(rag, translate("en", "confirm.no"))
    assert _stored_ids(rag) == ["mine"]


def test_starting_a_lesson_over_written_cases_asks_first():
    at = open_app()
    at.switch_page(EDITOR_PAGE).run()
    at = click(fill_form(_ok(at), case_id="mine"), "Create the case")
    at.switch_page("app_pages/lessons.py").run()
    _ok(at.button(key="start_l01").click().run())
    assert any("would be lost" in w.value and "1 item" in w.value for w in at.warning)
    assert _stored_ids(at) == ["mine"]
