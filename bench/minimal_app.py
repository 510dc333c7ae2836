"""The smallest Streamlit page with the RAG page's moving parts: a sidebar slider and a metric card.

bench/bench_browser_cost.py measures what one update of it costs Chromium and the server: the floor
under any Streamlit page on this machine, to compare the RAG page with.
"""

import streamlit as st

threshold = st.sidebar.slider("Context relevance", min_value=0.0, max_value=1.0, value=0.55, step=0.05)
with st.container(border=True):
    st.metric("Context relevance", "60.0%")
    st.caption("3 / 5 · 95% interval 23.1% to 88.2%")
    st.caption(f"{'passes' if threshold <= 0.6 else 'fails'} (threshold {threshold:.0%})")
