"""Write a case: a new RAG or summary case from a form, or any loaded case's texts rewritten, then labelled on the
RAG page or the summary page."""

import re

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.navigation import RAG_PAGE
from ui.frame.page import finish_page
from ui.frame.rooms import room_of
from ui.frame.state import kept, language, save_settings, t, workspace_params
from ui.i18n import translate
from ui.page_data.rag_cases import CASE_KEY
from ui.views.editor.case import draw_case
from ui.views.editor.data import CHOICE_KEY, NEW_CASE, editor_data, open_chosen_case
from ui.views.editor.form import created_note, draw_new_case_form
from ui.views.editor.summary import draw_summary_editor
from ui.views.editor.summary_data import CASE_KINDS, KIND_KEY, summary_editor_data
from ui.widgets.data_source import BUILT_IN
from ui.widgets.layout import MAIN_CHOICE_ROOM, whole_choice
from ui.widgets.room_start import start_room_box
from ui.widgets.text import literal
from ui.widgets.tool_downloads import format_downloads
from uncase_core.assets.reader import (
    TEMPLATE_KINDS,
    load_summary_template,
    load_template,
    summary_template_name,
    template_name,
)
from uncase_core.rag.cases import RagDataset, dataset_to_text

lang = language()
data = editor_data(lang)
dataset = data.dataset

# ---------------------------------------------------------------- sidebar: the templates, in the reader's language
with st.sidebar:
    st.header(t("editor.templates"))
    st.caption(t("editor.templates_help"))
    for kind in TEMPLATE_KINDS:
        st.download_button(t(f"editor.template_{kind}"), data=load_template(kind, lang),
                           file_name=template_name(kind, lang), key=f"editor_template_{kind}", width="stretch",
                           mime="application/json" if kind == "json" else "text/csv", on_click="ignore")
    st.caption(t("sumed.template_help"))
    st.download_button(t("sumed.template"), data=load_summary_template(lang), file_name=summary_template_name(lang),
                       key="editor_template_summary", width="stretch", mime="application/json", on_click="ignore")

# ---------------------------------------------------------------- main: which case, then the form or the editor
st.title(t("editor.title"))
if room_of(data.workspace) is not None:  # a room's cases are the facilitator's: the class labels the same texts
    st.markdown(t("editor.intro"))
    st.info(t("editor.in_room"))
    finish_page()
    st.stop()
# Two kinds of case, one page: a RAG case (the RAG page labels it) or a summary case (the summary page does).
mode = kept(st.radio, KIND_KEY, CASE_KINDS[0], t("sumed.kind_choice"), options=list(CASE_KINDS), horizontal=True,
            format_func=lambda kind, lang=lang: translate(lang, f"sumed.kind_choice.{kind}"))
if mode == "summary":
    st.markdown(t("sumed.intro"))
    draw_summary_editor(summary_editor_data(lang))
    finish_page()
    st.stop()
st.markdown(t("editor.intro"))
created_note()
open_chosen_case()
choices = [NEW_CASE, *range(len(dataset.cases))]
# The editor opens on a blank new case while the RAG page holds a built-in scenario (a teacher came to
# write their own case and found the built-in one open), and on the RAG page's case once the cases are one's own.
source = data.workspace.source(RAG) if data.workspace.has(RAG) else None
opening = data.rag_case if source is not None and source[1] not in BUILT_IN else NEW_CASE
choice = kept(st.selectbox, CHOICE_KEY, opening, t("editor.choose"), options=choices,
              # Option labels bind the language now: a format_func is also called outside the run.
              format_func=lambda i, lang=lang: translate(lang, "editor.new_case") if i == NEW_CASE
              else f"{dataset.cases[i].id} · {dataset.cases[i].question[:80]}")
if choice != NEW_CASE:
    whole_choice(f"{dataset.cases[choice].id} · {dataset.cases[choice].question}", MAIN_CHOICE_ROOM)

if choice == NEW_CASE:
    st.caption(t("editor.new_case_help"))
    draw_new_case_form(data)
else:
    case = dataset.cases[choice]
    file_name = re.sub(r"[^\w.-]+", "_", case.id) + ".json"
    top = st.container(horizontal=True)
    if top.button(t("editor.label_this"), type="primary", key="editor_label", icon=":material/checklist:") and \
            save_settings({CASE_KEY: choice}):
        st.session_state.pop(CASE_KEY, None)
        data.workspace.shown.pop(CASE_KEY, None)
        st.switch_page(RAG_PAGE, query_params=workspace_params(data.workspace))
    top.download_button(t("editor.download_case"), key="editor_download",
                        data=lambda: dataset_to_text(RagDataset((data.dataset.cases[choice],), "case")),
                        file_name=file_name, mime="application/json", on_click="ignore")
    with top:
        format_downloads(lambda: RagDataset((data.dataset.cases[choice],), "case"), file_name.removesuffix(".json"),
                         key="editor", width="content")
    st.caption(t("editor.case_help", id=literal(case.id)))
    draw_case(data, choice)
    # The case you wrote, in a workshop room of its own: the class labels it; its labels here are the reference.
    start_room_box("editor", lambda: RagDataset((data.dataset.cases[choice],), "jsonl"), case.id, case.id,
                   "editor", t("room.start_case_title"), t("room.start_here_help", count=1))

finish_page()
