"""The case editor's summary mode ("Write a case", summary cases) in Streamlit's AppTest: a summary case written
from the form, its texts edited (points, rubrics, items and turns added, moved, deleted), one click to label it on
the summary page, labels kept where a text is untouched and visibly cleared where it changed, all of it still there
in a new session on the same link; a refused input keeps what was typed. In English and in Spanish."""

from __future__ import annotations

import re

import pytest

from tests.pages.apptest_helpers import edit_table, open_app, reopen, shown, workspace
from ui.frame.data_kinds import SUMMARIES
from ui.views.editor.summary_case import case_file
from uncase_core.assets.reader import load_summary_template
from uncase_core.rag.edits import MAX_TEXT_BYTES
from uncase_core.summaries.cases import cases_from_bytes, cases_from_text

EDITOR_PAGE = "app_pages/case_editor.py"
SUMMARY_PAGE = "app_pages/summary_autoevaluation.py"
SUMMARY = "The customer was charged $30 instead of $10. The agent refunded the difference."
WORDS = {
    "en": {"agent": "Agent", "customer": "Customer", "create": "Create the case", "label": "Label this case",
           "point": "Point", "item": "Item", "accuracy": "Accuracy", "completeness": "Completeness",
           "title": "Summary autoevaluation", "edit": "Edit this case's texts",
           "cleared": "Label cleared: the text of Point 1 changed (Accurate)",
           "cleared_item": "Label cleared: the text of Item 1.1 changed (Covered)",
           "empty": "must not be empty", "duplicate": 'duplicate case id "mine"',
           "too_long": "more than the 200,000 bytes", "add_points": "Add the points", "add_points_box": "Add points",
           "resplit": "Split the summary into points again",
           "bad_line": "Line 1 does not start with Agent: or Customer:."},
    "es": {"agent": "Agente", "customer": "Cliente", "create": "Crear el caso", "label": "Etiquetar este caso",
           "point": "Punto", "item": "Elemento", "accuracy": "Exactitud", "completeness": "Integridad",
           "title": "Autoevaluación de resúmenes", "edit": "Editar los textos de este caso",
           "cleared": "Etiqueta borrada: cambió el texto de Punto 1 (Exacto)",
           "cleared_item": "Etiqueta borrada: cambió el texto de Elemento 1.1 (Cubierto)",
           "empty": "no puede estar vacío", "duplicate": 'id de caso repetido "mine"',
           "too_long": "más de los 200\u00a0000 bytes",
           "add_points": "Agregar los puntos", "add_points_box": "Agregar puntos",
           "resplit": "Dividir de nuevo el resumen en puntos",
           "bad_line": "La línea 1 no empieza con Agente: ni con Cliente:."},
}


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_editor(language: str):
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page(EDITOR_PAGE).run()
    at.radio(key="editor_kind").set_value("summary").run()
    return _ok(at)


def fill_form(at, language: str, case_id: str = "mine", summary: str = SUMMARY):
    words = WORDS[language]
    at.selectbox(key="editor_summary_case").set_value(-1).run()
    at.text_input(key="sumnew_id").set_value(case_id)
    at.text_area(key="sumnew_transcript").set_value(
        f"{words['agent']}: Hello, how can I help?\n{words['customer']}: I was charged $30, my plan is $10.\n"
        f"{words['agent']}: I refunded the $20 difference.")
    at.text_area(key="sumnew_instruction").set_value("Say what happened.")
    at.text_area(key="sumnew_summary").set_value(summary)
    at.text_area(key="sumnew_rubrics").set_value("Does the summary follow the instruction 'Say what happened'?")
    at.text_area(key="sumnew_completeness").set_value(
        "Does the summary give the amounts?\n- The charge was $30.\n- The plan is $10.\nAn order number?")
    at.text_input(key="sumnew_domain").set_value("billing")
    at.text_area(key="sumnew_extra").set_value("team = support")
    return at


def click(at, label):
    next(b for b in at.button if b.label == label).click().run()
    return _ok(at)


def area(at, label):
    return next(a for a in at.text_area if a.label == label)


def texts(at) -> str:
    return "\n".join(shown(e.value) for e in [*at.warning, *at.info, *at.error, *at.success])


def written(at):
    return workspace(at).data(SUMMARIES)[-1]


@pytest.mark.parametrize("language", ["en", "es"])
def test_write_edit_label_clear_and_reload(language):
    words = WORDS[language]
    at = click(fill_form(open_editor(language), language), words["create"])
    case = written(at)
    assert case.id == "mine" and case.language == language
    assert [(t.role, t.text) for t in case.transcript] == [
        ("agent", "Hello, how can I help?"), ("customer", "I was charged $30, my plan is $10."),
        ("agent", "I refunded the $20 difference.")]
    assert [p.point for p in case.accuracy] == ["The customer was charged $30 instead of $10.",
                                                "The agent refunded the difference."]
    assert [[i.transcript_content for i in q.content_list] for q in case.completeness] == [
        ["The charge was $30.", "The plan is $10."], []]
    assert case.extra["metadata"]["domain"] == "billing" and case.extra["metadata"]["team"] == "support"
    index = at.selectbox(key="editor_summary_case").value
    assert index == len(workspace(at).data(SUMMARIES)) - 1  # opened in the editor

    # Points added (two at once), one moved up and one deleted; the summary split again keeps what is still there.
    area(at, words["add_points_box"]).set_value("The refund is $20.\nThe agent apologised.")
    at = click(at, words["add_points"])
    assert [p.point for p in written(at).accuracy][2:] == ["The refund is $20.", "The agent apologised."]
    next(b for b in at.button if b.key == f"sumed_{index}_accuracy_None_3_up").click().run()
    next(b for b in _ok(at).button if b.key == f"sumed_{index}_accuracy_None_3_delete").click().run()
    assert [p.point for p in written(_ok(at)).accuracy] == [
        "The customer was charged $30 instead of $10.", "The agent refunded the difference.", "The agent apologised."]
    at = click(at, words["resplit"])
    assert [p.point for p in written(at).accuracy] == ["The customer was charged $30 instead of $10.",
                                                       "The agent refunded the difference."]

    # Label this case: one click to the summary page on this case; label both points and the first item there.
    at = click(at, words["label"])
    assert workspace(at).setting("sum_index") == index
    at.switch_page(SUMMARY_PAGE).run()  # AppTest's next runs stay on the page st.switch_page went to
    assert _ok(at).title[0].value == words["title"]
    assert not [box for box in at.selectbox if box.key == "sum_index"]  # the case written is the only one
    at = edit_table(at, "accuracy", {0: {"is_accurate": True}, 1: {"is_accurate": False}})
    at = edit_table(at, "completeness", {0: {"is_covered": True}})
    case = written(at)
    assert [p.is_accurate for p in case.accuracy] == [True, False]
    assert case.completeness[0].content_list[0].is_covered is True

    # Back in the editor: change point 1's text and item 1.1's: their labels are cleared and the page says so by
    # name; point 2 keeps its label.
    at.switch_page(EDITOR_PAGE).run()
    area(_ok(at), f"{words['point']} 1").set_value("The customer was charged twice.").run()
    area(_ok(at), f"{words['item']} 1.1").set_value("The charge was $30 on May 3.").run()
    case = written(_ok(at))
    assert [p.is_accurate for p in case.accuracy] == [None, False]
    assert case.completeness[0].content_list[0].is_covered is None
    assert words["cleared"] in texts(at) and words["cleared_item"] in texts(at)

    # A new session on the same link: the same case, texts, labels and notices; the summary page shows it.
    fresh = reopen(at, EDITOR_PAGE)
    assert fresh.radio(key="editor_kind").value == "summary"
    assert fresh.selectbox(key="editor_summary_case").value == index
    assert written(fresh) == written(at)
    assert area(fresh, f"{words['point']} 1").value == "The customer was charged twice."
    assert words["cleared"] in texts(fresh) and words["cleared_item"] in texts(fresh)
    fresh.switch_page(SUMMARY_PAGE).run()
    assert not [box for box in _ok(fresh).selectbox if box.key == "sum_index"]
    # The download is the case in the summary format, which loads back the same.
    assert cases_from_text(case_file(written(fresh))) == (written(fresh),)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refused_input_is_said_at_the_field_and_keeps_what_was_typed(language):
    words = WORDS[language]
    at = fill_form(open_editor(language), language, summary="   ")
    at = click(at, words["create"])
    assert any(words["empty"] in e.value for e in at.error)  # an empty summary
    assert at.text_area(key="sumnew_completeness").value.startswith("Does the summary give the amounts?")
    assert at.text_input(key="sumnew_id").value == "mine"
    assert workspace(at).edits(SUMMARIES) == ()
    at.text_area(key="sumnew_transcript").set_value("Hello there.")  # no role
    at.text_area(key="sumnew_summary").set_value(SUMMARY)
    at = click(at, words["create"])
    assert any(words["bad_line"] in shown(e.value) for e in at.error)
    assert at.text_area(key="sumnew_transcript").value == "Hello there."
    # Fixed, the case is created; the same id again is refused, the rest kept.
    at = click(fill_form(at, language), words["create"])
    assert written(at).id == "mine"
    at = click(fill_form(at, language), words["create"])
    assert any(words["duplicate"] in shown(e.value) for e in at.error)
    assert at.text_area(key="sumnew_summary").value == SUMMARY
    # A text over the limit in an open case is refused at its field, what was typed kept, nothing stored.
    at.selectbox(key="editor_summary_case").set_value(len(workspace(at).data(SUMMARIES)) - 1).run()
    stored = len(workspace(at).edits(SUMMARIES))
    big = "x" * (MAX_TEXT_BYTES + 1)
    area(_ok(at), f"{words['point']} 2").set_value(big).run()
    assert any(words["too_long"] in e.value for e in _ok(at).error)
    assert area(at, f"{words['point']} 2").value == big
    assert len(workspace(at).edits(SUMMARIES)) == stored


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_summary_page_opens_its_case_in_the_editor_and_a_built_in_items_change_is_said(language):
    words = WORDS[language]
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page(SUMMARY_PAGE).run()
    at.sidebar.selectbox(key="sum_scenario_choice").set_value("appointment").run()
    next(b for b in at.sidebar.button if b.label in ("Load scenario", "Cargar escenario")).click().run()
    at = click(_ok(at), words["edit"])
    at.switch_page(EDITOR_PAGE).run()
    assert _ok(at).radio(key="editor_kind").value == "summary"
    assert at.selectbox(key="editor_summary_case").value == 0
    before = workspace(at).data(SUMMARIES)[0]
    assert before.completeness[0].content_list[0].is_covered is True
    area(at, f"{words['item']} 1.1").set_value("Changed content.").run()
    after = workspace(_ok(at)).data(SUMMARIES)[0]
    assert after.completeness[0].content_list[0].is_covered is None
    assert after.completeness[0].content_list[1:] == before.completeness[0].content_list[1:]
    assert after.accuracy == before.accuracy and after.rubrics == before.rubrics
    assert words["cleared_item"] in texts(at)
    at.switch_page(SUMMARY_PAGE).run()  # the page shows the change: 2 covered of 4 labelled items, not 3 of 5
    metrics = {m.label: m.value for m in _ok(at).metric}
    assert metrics[words["completeness"]] == ("50.0%" if language == "en" else "50,0\u00a0%")


@pytest.mark.parametrize("language", ["en", "es"])
def test_what_is_typed_in_the_new_summary_form_survives_a_reload_before_create(language):
    words = WORDS[language]
    at = fill_form(open_editor(language), language).run()
    assert workspace(at).edits(SUMMARIES) == ()
    fresh = reopen(at, EDITOR_PAGE)
    assert fresh.selectbox(key="editor_summary_case").value == -1
    assert fresh.text_area(key="sumnew_summary").value == SUMMARY
    assert fresh.text_area(key="sumnew_completeness").value.endswith("An order number?")
    assert fresh.text_input(key="sumnew_domain").value == "billing"
    fresh = click(fresh, words["create"])
    assert written(fresh).id == "mine"
    again = reopen(fresh, EDITOR_PAGE)
    again.selectbox(key="editor_summary_case").set_value(-1).run()
    assert again.text_input(key="sumnew_id").value == ""
    assert again.text_area(key="sumnew_summary").value == ""


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_summary_template_is_offered_in_the_readers_language_and_loads_back(language):
    at = open_editor(language)
    button = next(b for b in at.sidebar.get("download_button") if "summary" in b.proto.label.lower()
                  or "resumen" in b.proto.label.lower())
    assert button.proto.label == ("Summary template (JSON)" if language == "en" else "Plantilla de resumen (JSON)")
    data = load_summary_template(language)
    (case,) = cases_from_bytes(data, f"summary_{language}.json")
    assert case.language == language


def test_the_spanish_summary_editor_shows_no_english():
    """The form and an open case (with a cleared label said) in Spanish: no English text of the editor's catalogue
    entries on the page."""
    from tests.pages.spanish_render import texts as all_texts
    from ui.i18n import EN, ES

    english = {EN[k] for k in EN if k.startswith(("sumed.", "editor.", "sum.col.", "sum.kind."))
               and EN[k] != ES[k] and "{" not in EN[k] and len(EN[k]) > 3}
    at = fill_form(open_editor("es"), "es")
    pages = [[(where, shown(text)) for where, text in all_texts(at)]]
    at = click(at, WORDS["es"]["create"])
    index = at.selectbox(key="editor_summary_case").value
    at = edit_table(click(at, WORDS["es"]["label"]).switch_page(SUMMARY_PAGE).run(), "accuracy",
                    {0: {"is_accurate": True}})
    at.switch_page(EDITOR_PAGE).run()
    assert _ok(at).selectbox(key="editor_summary_case").value == index
    area(at, "Punto 1").set_value("Otro texto.").run()
    assert WORDS["es"]["cleared"] in texts(_ok(at))
    pages.append([(where, shown(text)) for where, text in all_texts(at)])
    # Whole words only ("Turn" is in "Turno"); the sidebar's language choice names each language in its own words.
    found = [(where, text, phrase) for page in pages for where, text in page for phrase in english
             if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)
             and text not in ("Language · Idioma", "English", "Español")]
    assert found == []
