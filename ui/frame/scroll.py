"""Open a page at its top after ``st.switch_page``.

Streamlit keeps the main area's scroll position across a page switch: the new page's elements replace the old
ones in the same scrolling container (``stMain``), which keeps its ``scrollTop`` whenever the new page is drawn
before the old one's elements are cleared (seen in Chromium: starting lesson 8 from low on the Lessons page
opened the agreement page 1,590 to 1,645 px down, in one try of three, and every try with the CPU slowed 6x).
:func:`switch_page_at_top` marks the switch, as :func:`open_at_top_after_navigation` marks a link's; the next
page's setup (:func:`scroll_to_top_if_asked`) then draws a hidden script that scrolls the main area to the top,
once, and again on the next frames while the old elements are removed.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

ASKED = "open_page_at_top"  # session state: the next page run opens at the top
KEY = "page_top_script"  # the hidden container of the script (its class .st-key-page_top_script)
SCRIPT = """<script>
(() => {
  const top = () => {
    const main = document.querySelector('[data-testid="stMain"]');
    if (main) main.scrollTop = 0;
    window.scrollTo(0, 0);
  };
  top();
  requestAnimationFrame(top);
  for (const ms of [100, 300, 700]) setTimeout(top, ms);
})();
</script>"""
STYLE = f"<style>.st-key-{KEY} {{ display: none; }}</style>"


def switch_page_at_top(page: Any, query_params: dict[str, str]) -> None:
    """``st.switch_page(page, query_params=...)``, the new page opening scrolled to its top."""
    st.session_state[ASKED] = True
    st.switch_page(page, query_params=query_params)


def open_at_top_after_navigation(previous: str | None, current: str) -> None:
    """Ask for the top when this run draws another page than the session's last (a sidebar or page link): Streamlit
    resets the scroll there itself, but loses the same race when the machine is busy (the main area stayed 2,157 px
    down in one browser test of a CI run with three test workers on two cores)."""
    if previous is not None and previous != current:
        st.session_state[ASKED] = True


def scroll_to_top_if_asked() -> None:
    """Call in every page's setup: the hidden container of the script that scrolls up, drawn on every run at the same
    place (so that asking for it never moves the elements after it, nor their widgets' state), the script in it only
    after :func:`switch_page_at_top` or :func:`open_at_top_after_navigation`."""
    asked = st.session_state.pop(ASKED, False)
    with st.container(key=KEY):
        st.html(STYLE)
        if asked:
            st.html(SCRIPT, unsafe_allow_javascript=True)
