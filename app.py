"""Home: what the playground is, the language, and the way into each module."""

import streamlit as st

from ui.session import setup_page, t

setup_page("home.title")

st.title(t("home.title"))
st.markdown(t("home.intro"))

st.subheader(t("home.modules"))
st.page_link("pages/1_rag_diagnosis.py", label=t("nav.rag"), icon=":material/troubleshoot:")
st.markdown(t("home.rag_summary"))
st.page_link("pages/2_conversation_quality.py", label=t("nav.conversations"), icon=":material/forum:")
st.markdown(t("home.conv_summary"))
st.page_link("pages/3_summary_autoevaluation.py", label=t("nav.summaries"), icon=":material/summarize:")
st.markdown(t("home.sum_summary"))
st.page_link("pages/4_rubric_lab.py", label=t("nav.rubrics"), icon=":material/rule:")
st.markdown(t("home.rub_summary"))
st.page_link("pages/5_dataset_workbench.py", label=t("nav.datasets"), icon=":material/dataset:")
st.markdown(t("home.wb_summary"))

st.subheader(t("home.principles_title"))
st.markdown(t("home.principles"))
st.caption(t("home.footer"))
