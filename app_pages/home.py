"""Home: where to start, then every module in a suggested order, one line each."""

import streamlit as st

from ui.frame.navigation import LESSONS_PAGE, suggested_order
from ui.frame.page import finish_page, page_link
from ui.frame.state import QUERY_KEY, current_workspace, t
from ui.views.lessons.state import REQUEST

START_LESSON = "l01"  # one number hides four failures: the RAG page's Multiple failures scenario

st.title(t("home.title"))
st.markdown(t("home.intro"))

with st.container(border=True):
    st.subheader(t("home.start_title"))
    st.markdown(t("home.start"))
    if st.button(t("home.start_button"), type="primary", icon=":material/play_arrow:"):
        st.session_state[REQUEST] = START_LESSON  # the lessons page starts it (asking first if work would be lost)
        st.switch_page(LESSONS_PAGE, query_params={QUERY_KEY: current_workspace().token})

st.subheader(t("home.then"))
for entry in suggested_order():  # the order and the one-line summaries are the registry's (ui/frame/navigation.py)
    page_link(entry.script, t(entry.nav_key), entry.icon)
    st.caption(t(entry.summary_key or ""))

st.subheader(t("home.principles_title"))
st.markdown(t("home.principles"))
st.caption(t("home.footer"))
finish_page()
