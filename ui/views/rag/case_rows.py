"""The rows of the RAG page's table of cases, each made once per case evaluation and language.

The table has a row per case, up to the page's 2,000 (``ui/frame/limits.py``), and a label change reruns it; a
row's text (its counts, rates, status and composite, about a dozen catalogue lookups) depends only on the case's
evaluation and the language. The evaluations of unchanged cases are kept as the very same objects
(:mod:`ui.views.rag.evaluations`), so a row is kept with its evaluation object (:mod:`ui.frame.reuse`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from ui.frame.reuse import reuse
from uncase_core.rag.evaluation import Evaluation

_ROWS = "_rag_case_rows"  # (language, evaluations, their rows) of the table last drawn


def case_cells(evaluations: Sequence[Evaluation], language: str,
               make: Callable[[Evaluation], tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``make(evaluation)`` for each evaluation, reused for evaluations (the same objects) made into a row in
    ``language`` by the last call."""
    kept_language, *kept = st.session_state.get(_ROWS, (None, (), ()))
    rows = reuse(evaluations, tuple(kept) if kept_language == language else None,
                 lambda missing: [make(evaluation) for evaluation in missing])
    st.session_state[_ROWS] = (language, tuple(evaluations), rows)
    return rows
