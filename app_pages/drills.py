"""Drills: from a fully labelled case, variants with random failures to label blind, then Check against the key."""

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.navigation import RAG_PAGE
from ui.frame.page import finish_page, page_link
from ui.frame.state import current_workspace, kept, language, run_saving, save_settings, t
from ui.page_data.rag_cases import CASE_KEY
from ui.views.drills.check import draw_check
from ui.views.drills.make import check_download, draw_downloads, draw_make, draw_room, press_check
from ui.views.drills.workspace import DrillView
from ui.views.rag.tables import draw_label_tables, open_view
from ui.widgets.focus import is_phone
from ui.widgets.layout import MAIN_CHOICE_ROOM, TABLE_WIDTH, WIDE_TABLE_WIDTH, whole_choice
from ui.widgets.rag_focus import rag_guidelines
from ui.widgets.text import literal
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import UNIT_KINDS
from uncase_core.rag.drills import check_drill
from uncase_core.rag.evaluation import Settings

lang = language()
workspace = current_workspace()
view = open_view(DrillView(workspace))


def store_label_edits() -> None:
    """Store what the drill's label tables report (the page runs again when another tab changed the workspace)."""
    if view.drill is None:
        return
    revision = workspace.revision
    run_saving(lambda: view.apply_editor_states(st.session_state, lang))
    if workspace.revision != revision:
        st.rerun(scope="app")


st.title(t("drill.title"))
st.markdown(t("drill.intro"))

# ---------------------------------------------------------------- making a drill from one of the RAG page's cases
with st.container(border=True):
    st.header(t("drill.make_title"))
    rag_cases = workspace.data(RAG, lambda: load_scenario(load_index()[0], lang)).cases
    # The RAG page's own case choice: the case on screen there is the one a drill starts from, and back. Its own
    # widget key, set from the stored choice on every run and stored only by its callback (a widget key shared by
    # two pages would start at its default on the second one: see NOTES).
    start = workspace.setting(CASE_KEY, 0)
    st.session_state["drill_source_case"] = start if isinstance(start, int) and 0 <= start < len(rag_cases) else 0
    chosen = st.selectbox(t("drill.source_case"), options=list(range(len(rag_cases))), key="drill_source_case",
                          format_func=lambda i: f"{rag_cases[i].id} · {rag_cases[i].question[:80]}",
                          help=t("drill.source_help"),
                          on_change=lambda: save_settings({CASE_KEY: st.session_state["drill_source_case"]}),
                          placeholder=t("common.choose"))
    whole_choice(f"{rag_cases[chosen].id} · {rag_cases[chosen].question}", MAIN_CHOICE_ROOM)
    page_link(RAG_PAGE, t("drill.to_rag"), ":material/troubleshoot:")
    draw_make(rag_cases[chosen])

drill = view.drill
if drill is None:
    st.info(t("drill.none_yet"))
    finish_page()
    st.stop()

# ---------------------------------------------------------------- labelling the drill blind
st.header(t("drill.label_title", source=literal(drill.source), seed=drill.seed, count=len(drill.cases)))
st.caption(t("drill.label_help"))
cases = drill.cases
if len(cases) > 1:
    kept(st.selectbox, view.case_key, 0, t("common.case"), options=list(range(len(cases))),
         format_func=lambda i: cases[i].id)
# The tables take the main column's whole width here (no results beside them): off a phone, rows are sized for the
# narrowest such table, not a phone's (a six-claim table was taller than a 900 px window).
draw_label_tables(view, lang, frozen=False, revealed=False, rerun_results=lambda: None,
                  store_label_edits=store_label_edits, settings=Settings.build,
                  guidelines=rag_guidelines(view.dataset, lang),  # one click away, as on the RAG page
                  table_width=TABLE_WIDTH if is_phone() else WIDE_TABLE_WIDTH)

# ---------------------------------------------------------------- Check: the labels against the answer key
store_label_edits()
if st.button(t("drill.check"), type="primary", key="drill_check", help=t("drill.check_button_help")):
    press_check(view)
checked = view.checked
with st.sidebar:
    st.header(t("drill.sidebar_title"))
    draw_downloads(view)
if checked:
    drill = view.drill  # with every label stored in this run
    check = check_drill(drill.key_dataset(), drill.dataset())
    texts = {case.id: {(kind, unit.id): unit.text for kind in UNIT_KINDS
                       for unit in case.units(kind)} for case in drill.answer_key}
    draw_check(check, texts)
    with st.sidebar:
        check_download(check.to_dict())
else:
    st.caption(t("drill.key_hidden"))

draw_room(view)
finish_page()
