"""The smallest Streamlit page with a label grid: the passages table of the RAG page's first case (a checkbox
column, the id, the text) in one ``st.data_editor``, beside the minimal page's metric card.

bench/bench_first_view.py opens it as a second floor: what a data grid adds to any Streamlit page's first view
(its canvas component and fonts), to tell it apart from what the RAG page draws around its grids.
"""

import pandas as pd
import streamlit as st

passages = pd.DataFrame({
    "Relevant": [True, True, False, True, True],
    "Id": ["p1", "p2", "p3", "p4", "p5"],
    "Text": ["Northwind Outfitters accepts returns of unworn items within 30 days of delivery.",
             "Online orders can be returned free of charge using the prepaid label in the parcel.",
             "Gift cards cannot be exchanged for cash.",
             "Refunds go to the original payment method within 5 business days.",
             "Original shipping charges are not refunded unless the item is faulty."],
})
st.data_editor(passages, hide_index=True, disabled=["Id", "Text"], key="passages")
with st.container(border=True):
    st.metric("Context relevance", "80.0%")
    st.caption("4 / 5 · 95% interval 37.6% to 96.4%")
