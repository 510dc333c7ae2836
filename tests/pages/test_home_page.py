from tests.pages.apptest_helpers import RAG_PAGE, captions, click, edit_labels, open_app, workspace
from ui.frame.data_kinds import RAG
from ui.frame.navigation import LESSONS_PAGE
from ui.i18n import translate


def test_home_loads_in_english_with_a_place_to_start():
    at = open_app()
    assert not at.exception
    assert at.title[0].value == "UNCASE Evaluation Playground"
    assert "Start here" in [s.value for s in at.header]
    assert any("**Multiple failures**" in m.value for m in at.markdown)


def test_home_switches_to_spanish_live():
    at = open_app()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert any("Etiqueta a mano casos sintéticos" in m.value for m in at.markdown)
    assert "Empieza aquí" in [s.value for s in at.header]
    assert at.session_state["language_widget"] == "es"


def test_home_lists_every_module_once_in_the_suggested_order_with_one_line_each():
    from ui.frame.navigation import PAGES, suggested_order
    from ui.i18n import translate

    order = suggested_order()
    assert sorted(entry.script for entry in order) == sorted(entry.script for entry in PAGES[1:])
    assert [entry.suggested for entry in order] == list(range(1, len(order) + 1))
    at = open_app()
    assert not at.exception
    shown = captions(at)
    positions = [shown.index(translate("en", entry.summary_key)) for entry in order]
    assert positions == sorted(positions)
    for key in (entry.summary_key for entry in order):
        assert "\n" not in translate("en", key) and len(translate("en", key)) <= 140, key
        assert len(translate("es", key)) <= 150, key


def _start(at):
    next(b for b in at.button if b.label.startswith(("Start lesson 1", "Empezar la lección 1"))).click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.switch_page(LESSONS_PAGE)  # AppTest does not follow st.switch_page; the browser does
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.switch_page(RAG_PAGE)  # the lessons page started lesson 1 and switched to its page
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_start_here_is_lesson_1_on_the_multiple_failures_scenario():
    at = _start(open_app())
    assert workspace(at).setting("lesson_active") == "l01"
    assert [c.id for c in workspace(at).data(RAG).cases] == ["warranty-01"]
    assert at.sidebar.selectbox(key="rag_scenario_choice").value == "multiple_failures"
    # Step 1 asks which dimensions fail, so the diagnosis box that says it is out of sight until answered.
    assert not at.error and not any(w.value.startswith("Uncertain: 3 dimensions") for w in at.warning)
    assert translate("en", "lesson.hidden_part") in [c.value for c in at.caption]
    assert "**Lesson 1 · One number hides four failures**" in [m.value for m in at.sidebar.markdown]


def test_start_here_asks_before_replacing_labels_the_person_changed():
    at = open_app()
    at.switch_page(RAG_PAGE)
    at.run()
    edit_labels(at, "passages", {4: {"relevant": True}})  # the default scenario's p5: not relevant -> relevant
    at.switch_page("app_pages/home.py")
    at.run()
    next(b for b in at.button if b.label.startswith("Start lesson 1")).click().run()
    at.switch_page(LESSONS_PAGE)
    at.run()
    assert any("would be lost" in w.value for w in at.warning)  # nothing replaced yet
    assert workspace(at).data(RAG).cases[0].id != "warranty-01"
    assert workspace(at).setting("lesson_active") is None
    click(at, "Start and replace")
    assert workspace(at).data(RAG).cases[0].id == "warranty-01"
    assert workspace(at).setting("lesson_active") == "l01"


def test_bring_your_own_files_sits_beside_the_lesson_names_the_tools_and_loads_a_file_for_the_rag_page():
    """Issue 38: someone with RAGAS, DeepEval, promptfoo or Label Studio files finds the way in on the first screen:
    the box beside the first lesson names them, and a file put in its upload box becomes the RAG page's cases; the
    app switches to the RAG page, which says once what the file was read as."""
    from pathlib import Path

    from uncase_core.rag.interchange import read_cases

    at = open_app()
    assert translate("en", "home.files_title") in [s.value for s in at.header]
    text = next(m.value for m in at.markdown if "RAGAS" in m.value)
    assert all(tool in text for tool in ("RAGAS", "DeepEval", "promptfoo", "Label Studio", "Parquet"))
    name = "ragas_results_en.parquet"
    data = (Path(__file__).resolve().parents[1] / "data" / "interchange" / name).read_bytes()
    at.file_uploader(key="home_upload").set_value((name, data, "application/octet-stream")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert workspace(at).data(RAG) == read_cases(data, name).dataset
    assert workspace(at).source(RAG) == (name, "upload")
    assert "Case ragas\\-001" in [s.value for s in at.header]
    note = translate("en", "rag.ragas_imported", count=3)
    assert any(note in i.value for i in at.info)  # what the file was read as, once, on the RAG page
