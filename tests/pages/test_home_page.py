from tests.pages.apptest_helpers import open_app


def test_home_loads_in_english_with_a_link_to_the_rag_page():
    at = open_app()
    assert not at.exception
    assert at.title[0].value == "UNCASE Evaluation Playground"
    assert any("Mark which passages are relevant" in m.value for m in at.markdown)


def test_home_switches_to_spanish_live():
    at = open_app()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert any("Etiqueta a mano casos sintéticos" in m.value for m in at.markdown)
    assert at.session_state["language_widget"] == "es"



def test_home_summarises_every_module():
    from ui.i18n import translate
    from ui.session import PAGES, SUMMARIES

    at = open_app()
    assert not at.exception
    shown = [m.value for m in at.markdown]
    assert len(SUMMARIES) == len(PAGES) - 1
    for key in SUMMARIES:
        assert translate("en", key) in shown
