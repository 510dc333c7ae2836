"""The summary autoevaluation page in AppTest: labels move scores, N/A rules apply, pasted blocks load."""

from __future__ import annotations

from tests.pages.apptest_helpers import edit_table, open_app

PAGE = "app_pages/summary_autoevaluation.py"
COMPLETENESS_BLOCK = """[
  {'question': "Does the summary follow 'Describe the actions'?",
   'content_list': [{'transcript_content': 'A', 'related_content_from_summary': 'a', 'is_covered': 'True'},
                    {'transcript_content': 'B', 'related_content_from_summary': '', 'is_covered': 'False'}]},
  {'question': "Does the summary follow 'Extract the order number'?", 'content_list': []}
]"""


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def load(at, scenario_id: str):
    at.sidebar.selectbox(key="sum_scenario_choice").set_value(scenario_id).run()
    next(b for b in at.sidebar.button if b.label in ("Load scenario", "Cargar escenario")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def edit(at, table: str, edits: dict) -> None:
    edit_table(at, table, edits)


def _section_count() -> int:
    """How many sections the page's first case has (the first built-in scenario, in English)."""
    from uncase_core.assets.reader import SUMMARY_INDEX, load_index, scenario_path
    from uncase_core.summaries.cases import cases_from_bytes

    path = scenario_path(load_index(SUMMARY_INDEX)[0], "en", SUMMARY_INDEX)
    return len(cases_from_bytes(path.read_bytes(), path.name)[0].sections)


def test_document_002_cancellation_scores_one_of_two_points():
    at = open_page()
    assert metrics(at)["Accuracy"] == "50.0%"
    assert any(c.value.startswith("1 / 2 ·") for c in at.caption)


def test_relabelling_a_point_moves_accuracy():
    at = open_page()
    edit(at, "accuracy", {1: {"is_accurate": True}})
    assert metrics(at)["Accuracy"] == "100.0%"


def test_making_every_section_predefined_makes_adherence_na():
    at = open_page()
    count = _section_count()
    edit(at, "sections", {i: {"kind": "predefined"} for i in range(count)})
    assert metrics(at)["Adherence"] == "N/A"


def test_making_every_section_categorical_makes_completeness_na():
    at = open_page()
    count = _section_count()
    edit(at, "sections", {i: {"categorical": True} for i in range(count)})
    assert metrics(at)["Completeness"] == "N/A"


def test_appointment_completeness_micro_and_macro_differ():
    at = load(open_page(), "appointment")
    assert metrics(at)["Completeness"] == "60.0%"
    assert any(c.value == "Macro (mean of questions): 33.3%" for c in at.caption)
    assert any("2 questions with nothing to cover" in c.value for c in at.caption)


def test_pasting_document_002_style_block_replaces_completeness():
    at = open_page()
    at.sidebar.selectbox(key="sum_paste_kind").set_value("completeness")
    at.sidebar.text_area(key="sum_paste_text").input(COMPLETENESS_BLOCK)
    next(b for b in at.sidebar.button if b.label == "Replace this block in the case").click().run()
    assert not at.exception
    assert metrics(at)["Completeness"] == "50.0%"


def test_a_malicious_pasted_block_is_refused_and_the_case_kept():
    at = open_page()
    before = metrics(at)
    at.sidebar.selectbox(key="sum_paste_kind").set_value("accuracy")
    at.sidebar.text_area(key="sum_paste_text").input("__import__('os').system('touch /tmp/uncase-pwned')")
    next(b for b in at.sidebar.button if b.label == "Replace this block in the case").click().run()
    assert not at.exception
    assert any("The block was not read" in e.value for e in at.sidebar.error)
    assert metrics(at) == before


def test_spanish_page():
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Autoevaluación de resúmenes"
    assert "Exactitud" in metrics(at)
