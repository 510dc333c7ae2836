"""The smallest Streamlit page with focus mode's moving part: one button with a one-key shortcut whose callback
moves to the next unit, in a fragment (so a key reruns the fragment only), as focus mode does.

bench/bench_focus.py presses its key and times the next unit shown in Chromium: the floor under focus mode's
keypress on this machine.
"""

import streamlit as st


def next_unit() -> None:
    st.session_state["unit"] += 1


@st.fragment
def unit() -> None:
    st.markdown(f"Unit {st.session_state.setdefault('unit', 1)} of 1000")
    st.button("Yes", shortcut="1", on_click=next_unit)


unit()
