"""The rows of the RAG page's table of cases, each made once per case evaluation and language.

The table has a row per case, up to the page's 2,000 (``ui/frame/limits.py``), and a label change reruns it; a
row's text (its counts, rates, status and composite, about a dozen catalogue lookups) depends only on the case's
evaluation and the language. The evaluations of unchanged cases are kept as the very same objects
(:mod:`ui.views.rag.evaluations`), so a row is kept by its evaluation object, held beside it so that its ``id``
cannot be reused while kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from uncase_core.rag.evaluation import Evaluation

_ROWS = "_rag_case_rows"  # (language, {id(evaluation): (evaluation, cells)}) of the table last drawn


def case_cells(evaluations: Sequence[Evaluation], language: str,
               make: Callable[[Evaluation], tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``make(evaluation)`` for each evaluation, reused for evaluations (the same objects) made into a row in
    ``language`` by the last call; only this call's rows are kept."""
    kept_language, kept = st.session_state.get(_ROWS, (None, {}))
    if kept_language != language:
        kept = {}
    fresh = {}
    for evaluation in evaluations:
        entry = kept.get(id(evaluation))
        if entry is None or entry[0] is not evaluation:
            entry = (evaluation, make(evaluation))
        fresh[id(evaluation)] = entry
    st.session_state[_ROWS] = (language, fresh)
    return [fresh[id(evaluation)][1] for evaluation in evaluations]
