"""The case editor's summary mode: which summary case, then the new-case form or the case's editor, with the one
click to label it on the summary page and its download in the summary format."""

from __future__ import annotations

import re

import streamlit as st

from ui.frame.navigation import SUMMARY_PAGE
from ui.frame.state import kept, save_settings, set_kept, t, workspace_params
from ui.i18n import translate
from ui.views.editor.data import NEW_CASE
from ui.views.editor.summary_case import case_file, draw_summary_case
from ui.views.editor.summary_data import (
    SUMMARY_CHOICE_KEY,
    SUMMARY_CHOOSE_KEY,
    SUMMARY_PAGE_CASE,
    SummaryEditorData,
)
from ui.views.editor.summary_form import created_note, draw_new_summary_form
from ui.widgets.text import literal


def _first_text(case: object) -> str:
    sections = getattr(case, "sections", ())
    return sections[0].text[:80] if sections else ""


def draw_summary_editor(data: SummaryEditorData) -> None:
    created_note()
    if (chosen := st.session_state.pop(SUMMARY_CHOOSE_KEY, None)) is not None:
        set_kept(SUMMARY_CHOICE_KEY, chosen)
    cases = data.cases
    choices = [NEW_CASE, *range(len(cases))]
    choice = kept(st.selectbox, SUMMARY_CHOICE_KEY, data.page_case, t("sumed.choose"), options=choices,
                  # Option labels bind the language now: a format_func is also called outside the run.
                  format_func=lambda i, lang=data.language: translate(lang, "sumed.new_case") if i == NEW_CASE
                  else f"{cases[i].id} · {_first_text(cases[i])}")
    if choice == NEW_CASE:
        st.caption(t("sumed.new_case_help"))
        draw_new_summary_form(data)
        return
    case = cases[choice]
    top = st.container(horizontal=True)
    if top.button(t("sumed.label_this"), type="primary", key="sumed_label", icon=":material/checklist:") and \
            save_settings({SUMMARY_PAGE_CASE: choice}):
        st.session_state.pop(SUMMARY_PAGE_CASE, None)
        data.workspace.shown.pop(SUMMARY_PAGE_CASE, None)
        st.switch_page(SUMMARY_PAGE, query_params=workspace_params(data.workspace))
    top.download_button(t("sumed.download_case"), key="sumed_download",
                        data=lambda: case_file(data.cases[choice]),
                        file_name=re.sub(r"[^\w.-]+", "_", case.id) + ".json", mime="application/json",
                        on_click="ignore")
    st.caption(t("sumed.case_help", id=literal(case.id)))
    draw_summary_case(data, choice)
