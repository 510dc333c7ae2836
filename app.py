"""Home: what the playground is, the language, and the way into each module."""

import streamlit as st

from ui.session import PAGES, SUMMARIES, finish_page, page_link, setup_page, t

setup_page("home.title")

st.title(t("home.title"))
st.markdown(t("home.intro"))

st.subheader(t("home.modules"))
for (path, label_key, icon), summary_key in zip(PAGES[1:], SUMMARIES, strict=True):
    page_link(path, t(label_key), icon)
    st.markdown(t(summary_key))

st.subheader(t("home.principles_title"))
st.markdown(t("home.principles"))
st.caption(t("home.footer"))
finish_page()
