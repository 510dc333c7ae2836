"""A summary case written in the editor while the summary page holds a built-in scenario starts summary cases of the
person's own (issue 49: it was added to the scenario, "case 2 of 2" under the scenario's note about another case), as
a RAG case written on a built-in scenario does (tests/pages/test_editor_own_dataset.py). The scenario's note goes,
the summary page shows only the cases written, the store holds them (a new session sees the same), a second case
joins them; labels changed in the scenario are not dropped without asking; the written cases are not replaced by a
scenario or a lesson without asking either. In AppTest, in English and in Spanish."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import captions, edit_table, open_app, reopen
from tests.pages.test_summary_editor_page import EDITOR_PAGE, SUMMARY_PAGE, WORDS, click, fill_form, texts
from ui.frame.data_kinds import SUMMARIES
from ui.i18n import translate
from uncase_core.assets.reader import SUMMARY_INDEX, load_index

SCENARIO = load_index(SUMMARY_INDEX)[1]  # not the page's default, so it is stored as loaded


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _load(at, scenario_id: str):
    at.sidebar.selectbox(key="sum_scenario_choice").set_value(scenario_id).run()
    next(b for b in at.sidebar.button if b.key == "sum_load").click().run()
    return _ok(at)


def _scenario_loaded(language: str):
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page(SUMMARY_PAGE).run()
    return _load(_ok(at), SCENARIO.id)


def _to_editor(at):
    at.switch_page(EDITOR_PAGE).run()
    at.radio(key="editor_kind").set_value("summary").run()
    return _ok(at)


def _note(language: str) -> str:
    return f"{SCENARIO.title_in(language)}: {SCENARIO.summary_in(language)}"


def _summary_page(at):
    at.switch_page(SUMMARY_PAGE).run()
    return _ok(at)


def _stored_ids(at) -> list[str]:
    return [case.id for case in at.session_state["workspace"].data(SUMMARIES)]


def _create(at, language: str, case_id: str):
    return click(fill_form(at, language, case_id=case_id), WORDS[language]["create"])


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_summary_case_written_on_a_scenario_starts_cases_of_ones_own(language):
    at = _scenario_loaded(language)
    assert _note(language) in captions(at)  # the scenario's note, while the scenario is what is labelled
    at = _create(_to_editor(at), language, "first")
    assert _stored_ids(at) == ["first"]
    assert translate(language, "sumed.own_cases") in texts(at)  # said where it happened
    assert at.selectbox(key="editor_summary_case").value == 0  # the editor opens on the case written

    page = _summary_page(at)
    assert _stored_ids(page) == ["first"]
    assert not [box for box in page.selectbox if box.key == "sum_index"]  # one case: no case to choose
    assert _note(language) not in captions(page)

    again = reopen(at, SUMMARY_PAGE)  # the store holds the replacement
    assert _stored_ids(again) == ["first"] and _note(language) not in captions(again)

    at = _create(_to_editor(at), language, "second")
    assert _stored_ids(at) == ["first", "second"]  # the second joins the person's own cases
    assert translate(language, "sumed.own_cases") not in texts(at)
    page = _summary_page(at)
    assert len(page.selectbox(key="sum_index").options) == 2
    assert _note(language) not in captions(page)
    assert _stored_ids(reopen(at, SUMMARY_PAGE)) == ["first", "second"]


def test_a_summary_case_written_on_the_default_scenario_starts_cases_of_ones_own():
    at = _create(_to_editor(open_app()), "en", "mine")  # nothing stored yet: the page's default scenario
    assert _stored_ids(at) == ["mine"]
    assert _stored_ids(reopen(at, SUMMARY_PAGE)) == ["mine"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_labels_changed_in_the_scenario_are_not_replaced_without_asking(language):
    at = edit_table(_scenario_loaded(language), "accuracy", {0: {"is_accurate": False}})
    labelled = at.session_state["workspace"].data(SUMMARIES)
    at = click(fill_form(_to_editor(at), language, case_id="mine"), WORDS[language]["create"])
    assert translate(language, "sumed.replace_scenario", count=1) in texts(at)
    assert at.session_state["workspace"].data(SUMMARIES) == labelled  # nothing changed while the question waits
    assert [b for b in at.get("download_button") if b.proto.label == translate(language, "common.download")]

    at = click(at, translate(language, "confirm.no"))
    assert at.session_state["workspace"].data(SUMMARIES) == labelled
    assert translate(language, "sumed.replace_scenario", count=1) not in texts(at)
    assert at.text_input(key="sumnew_id").value == "mine"  # what was typed stays

    at = click(at, WORDS[language]["create"])
    at = click(at, translate(language, "confirm.yes"))
    assert _stored_ids(at) == ["mine"]
    assert _stored_ids(reopen(at, SUMMARY_PAGE)) == ["mine"]


def test_loading_a_scenario_over_written_summary_cases_asks_first():
    at = _create(_to_editor(open_app()), "en", "mine")
    page = _load(_summary_page(at), SCENARIO.id)
    assert translate("en", "confirm.replace_written", count=1) in texts(page)
    assert _stored_ids(page) == ["mine"]
    page = click(page, translate("en", "confirm.no"))
    assert _stored_ids(page) == ["mine"]


def test_starting_a_summary_lesson_over_written_summary_cases_asks_first():
    at = _create(_to_editor(open_app()), "en", "mine")
    at.switch_page("app_pages/lessons.py").run()
    _ok(at.button(key="start_l05").click().run())
    assert any("would be lost" in w.value and "1 item" in w.value for w in at.warning)
    assert _stored_ids(at) == ["mine"]
