"""The same-size floor (bench/same_size_app.py) holds what the RAG page holds, so the step cost it is compared with
stays that of a page of the RAG page's size: when either page gains or loses elements, this says so."""

from __future__ import annotations

from collections import Counter
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT, open_rag_page

# Element kinds compared in the sidebar and in the main area. Markdown and captions are left out: their number moves
# with the case's text and the diagnosis, not with the page's make-up.
KINDS = ("select_slider", "radio", "checkbox", "selectbox", "button", "download_button", "expander",
         "metric", "header", "subheader", "title")


def _kinds(block: Any) -> Counter[str]:
    return Counter({kind: len(getattr(block, kind)) for kind in KINDS})


def test_the_same_size_floor_holds_the_rag_pages_elements():
    floor = AppTest.from_file(str(ROOT / "bench" / "same_size_app.py"), default_timeout=60)
    floor.run()
    assert not floor.exception, [e.value for e in floor.exception]
    rag = open_rag_page()
    assert _kinds(floor.main) == _kinds(rag.main)
    assert _kinds(floor.sidebar) == _kinds(rag.sidebar)
    assert len(floor.get("arrow_data_frame")) == len(rag.get("arrow_data_frame"))  # the label tables
