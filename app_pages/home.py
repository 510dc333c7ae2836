"""Home: where to start (the first lesson, or your own files), then every module in a suggested order, one line
each."""

import streamlit as st

from ui.frame.lessons import REQUEST
from ui.frame.navigation import LESSONS_PAGE, RAG_PAGE, suggested_order
from ui.frame.page import finish_page, page_link
from ui.frame.state import language, t, workspace_params
from ui.views.rag.source import default_cases, just_loaded, rag_source
from ui.widgets.data_source import data_source

START_LESSON = "l01"  # one number hides four failures: the RAG page's Multiple failures scenario

st.title(t("home.title"))
st.markdown(t("home.intro"))

# Two ways in, side by side on the first screen (one under the other on a narrow one): the first lesson, or your
# own files from the tools you already run, read here and opened on the RAG page.
with st.container(horizontal=True, gap="medium"):
    with st.container(border=True, width="stretch"):
        st.header(t("home.start_title"))
        st.markdown(t("home.start"))
        if st.button(t("home.start_button"), type="primary", icon=":material/play_arrow:"):
            st.session_state[REQUEST] = START_LESSON  # the lessons page starts it (asking first if work would be lost)
            st.switch_page(LESSONS_PAGE, query_params=workspace_params())
    with st.container(border=True, width="stretch"):
        st.header(t("home.files_title"))
        st.markdown(t("home.files"))
        lang = language()
        if (loaded := data_source(rag_source(lang, prefix="home", choices=False),
                                  lambda: default_cases(lang))) is not None:
            just_loaded(loaded)  # the RAG page opens on its first case and says what the file was read as
            st.switch_page(RAG_PAGE, query_params=workspace_params())

st.header(t("home.then"))
for entry in suggested_order():  # the order and the one-line summaries are the registry's (ui/frame/navigation.py)
    page_link(entry.script, t(entry.nav_key), entry.icon)
    st.caption(t(entry.summary_key or ""))

st.header(t("home.principles_title"))
st.markdown(t("home.principles"))
st.caption(t("home.footer"))
finish_page()
