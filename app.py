"""Home: where to start, then every module in a suggested order, one line each."""

import streamlit as st

from ui.lesson_panel import LESSONS_PAGE, REQUEST
from ui.session import PAGES, QUERY_KEY, SUMMARIES, current_workspace, finish_page, page_link, setup_page, t

START_LESSON = "l01"  # one number hides four failures: the RAG page's Multiple failures scenario
# The order a newcomer meets the ideas in: one case's four proportions, then thresholds and sample size (how sure
# a verdict is), agreement (how sure a label is), a judge checked by a few labels, the other evaluations, the
# dataset, the room for facilitators, and the lessons that string them together.
SUGGESTED_ORDER = (
    "pages/1_rag_diagnosis.py",
    "pages/6_threshold_explorer.py",
    "pages/7_sample_size_planner.py",
    "pages/8_annotator_agreement.py",
    "pages/10_judge_and_hand_labels.py",
    "pages/2_conversation_quality.py",
    "pages/3_summary_autoevaluation.py",
    "pages/4_rubric_lab.py",
    "pages/5_dataset_workbench.py",
    "pages/9_workshop_room.py",
    "pages/11_lessons.py",
)

setup_page("home.title")

st.title(t("home.title"))
st.markdown(t("home.intro"))

with st.container(border=True):
    st.subheader(t("home.start_title"))
    st.markdown(t("home.start"))
    if st.button(t("home.start_button"), type="primary", icon=":material/play_arrow:"):
        st.session_state[REQUEST] = START_LESSON  # the lessons page starts it (asking first if work would be lost)
        st.switch_page(LESSONS_PAGE, query_params={QUERY_KEY: current_workspace().token})

st.subheader(t("home.then"))
pages = {path: (label_key, icon, summary) for (path, label_key, icon), summary in zip(PAGES[1:], SUMMARIES,
                                                                                      strict=True)}
for path in SUGGESTED_ORDER:
    label_key, icon, summary_key = pages[path]
    page_link(path, t(label_key), icon)
    st.caption(t(summary_key))

st.subheader(t("home.principles_title"))
st.markdown(t("home.principles"))
st.caption(t("home.footer"))
finish_page()
