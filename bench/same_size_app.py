"""A floor the size of the RAG page: the same kinds of elements in the same numbers (tests/test_bench_floors.py
checks it), and nothing of ours.

Streamlit's frontend draws the whole element tree again on every commit, and a slider step makes six to nine
commits whichever fragment reran (`bench/bench_rerender.py` counts them), so what a step costs the browser grows
with every element on the page, not only with those the step changes. bench/minimal_app.py (one slider, one card)
is the floor under any Streamlit page; this page is the floor under a page holding what the RAG page holds:

- sidebar: a language radio, the sixteen page links, the data choice (a select box, an upload box and a load
  button), a download, the other tools' downloads and the spreadsheet box in a popover and a reset button, the
  thresholds' four sliders open, the weights' and the gates' closed expanders (their widgets are drawn only while
  open), the confidence slider and a reset button;
- main: a title, an introduction, the label view's two buttons, two page links, one label table per kind of unit,
  filled from the first built-in scenario exactly as the RAG page fills them, with a popover and a caption each;
- results, in one fragment that a threshold step reruns: a heading, an alert, an image the chart's size, four
  metric cards with their two captions, and the composite's lines.

Its slider reruns only that fragment, as the RAG page's do. Nothing is computed or stored: the difference between
this page and the RAG page is what our code adds to a step; the difference between this page and the minimal one
is what Streamlit charges for the page's size.
"""

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.page_data.rag_cases import units_frame  # noqa: E402
from ui.widgets.proportions_svg import proportions_svg  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402
from uncase_core.rag.cases import LABEL_FIELDS  # noqa: E402
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS, Settings, evaluate_case  # noqa: E402

st.set_page_config(page_title="Same-size floor", layout="wide")
case = load_scenario(load_index()[0], "en").cases[0]
evaluation = evaluate_case(case, Settings.build(DEFAULT_THRESHOLDS, None, "mean", {}, 0.95))
STEPS = [round(i * 0.05, 2) for i in range(21)]


@st.fragment(key="results")
def results() -> None:
    threshold = st.session_state.get("threshold_context_relevance", 0.55)
    st.header("Results for this case")
    st.info(f"Nothing fails at {threshold:.0%}, but not everything is settled.")
    chart = proportions_svg(METRICS, {n: n for n in METRICS}, evaluation.metrics, DEFAULT_THRESHOLDS,
                            {"threshold": "threshold", "na": "N/A", "interval": "interval", "title": "chart"})
    st.image(chart, width="stretch")
    row = st.container(horizontal=True, gap="small")
    for name in METRICS:
        with row.container(border=True, width=180):
            st.metric(name, "60.0%", help="What it measures.")
            st.caption("3 / 5 · 95% interval 23.1% to 88.2%")
            st.caption(f"{'passes' if threshold <= 0.6 else 'fails'} (threshold {threshold:.0%})")
    st.markdown("**Composite: 0.71**")
    st.caption("weights: 25% each")
    st.caption("A composite is not a standard measure.")


with st.sidebar:
    st.radio("Language · Idioma", ["English", "Español"], horizontal=True)
    st.markdown("**Pages**")
    for index in range(16):
        st.page_link("https://example.org", label=f"Page {index + 1}", icon=":material/home:")
    st.divider()
    st.header("Data")
    st.selectbox("Scenario", ["one", "two", "three"])
    st.file_uploader("Upload")
    st.button("Load scenario", width="stretch")
    st.download_button("Download", data=b"{}", file_name="cases.json", on_click="ignore", width="stretch")
    with st.popover("Other tools' formats", width="stretch"):  # closed: the browser draws only its button
        st.checkbox("CSV for a spreadsheet")
        for target in range(7):  # RAGAS JSONL, CSV, Parquet; DeepEval JSON, CSV; Label Studio tasks and config
            st.download_button(f"Format {target + 1}", data=b"{}", file_name=f"cases-{target}.json",
                               on_click="ignore")
    st.button("Reset", width="stretch")
    with st.expander("Start a workshop room on these cases"):  # closed, as the RAG page's
        st.text_input("Room title", value="Workshop")
        st.button("Start the room")
    st.header("Settings")
    with st.expander("Thresholds", expanded=True):
        for name in METRICS:
            st.select_slider(name.replace("_", " ").capitalize(), options=STEPS, value=0.55,
                             key=f"threshold_{name}", on_change=lambda: st.rerun(["results"]))
    st.expander("Weights")  # closed: the RAG page draws the weights and gates only while their box is open
    st.expander("Gates")
    st.select_slider("Confidence", options=[0.8, 0.9, 0.95, 0.99], value=0.95)
    st.button("Reset settings", width="stretch")
    st.caption("Saved 12:00")
    st.expander("Your work")

st.title("RAG diagnosis")
st.markdown("Label units, watch four proportions and the diagnosis move.")
st.caption("Scenario: what it shows.")
with st.container(horizontal=True):  # the label view's switch (the first scenario has one case: no case choice)
    st.button("Grid", type="primary")
    st.button("Focus mode")
with st.container(horizontal=True):
    st.page_link("https://example.org", label="Edit this case", icon=":material/edit_note:")
    st.page_link("https://example.org", label="Drill this case", icon=":material/quiz:")
page_row = st.container(horizontal=True, gap="large")
with page_row.container(width="stretch"):
    st.markdown(f"**Question** {case.question}")
    st.markdown(f"**Answer** {case.answer}")
    for kind in LABEL_FIELDS:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{kind}** · what to label", width="stretch")
            with st.popover("Guidelines"):
                st.markdown("What counts.")
        st.data_editor(units_frame(case.units(kind), kind), hide_index=True, num_rows="fixed", width="stretch",
                       key=f"editor_{kind}")
        st.caption("figures of this table")
with page_row.container(width=560):
    results()
st.expander("What the figures mean")
