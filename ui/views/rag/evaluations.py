"""The RAG page's evaluations, worked out once per change instead of once per fragment.

A label tick reruns every result fragment (the case's figures, the three lines under the tables, the dataset's
figures): each used to evaluate the same case again. The last evaluation is kept in the session with the very
case and settings it was made from, and reused while both are unchanged. Cases are frozen, and a kept case
cannot be garbage-collected while it is the key, so an identity check is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import streamlit as st

from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import RagCase

_LAST = "_rag_last_evaluations"
Result = TypeVar("Result")


def case_evaluation(case: RagCase, settings: rag.Settings) -> rag.Evaluation:
    """:func:`uncase_core.rag.evaluation.evaluate_case`, reused while the case object and settings are the same."""
    return _reused("case", case, settings, lambda: rag.evaluate_case(case, settings))


def dataset_evaluation(cases: Sequence[RagCase], settings: rag.Settings) -> rag.DatasetEvaluation:
    """:func:`uncase_core.rag.evaluation.evaluate_dataset`, reused while the cases and settings are the same."""
    return _reused("dataset", cases, settings, lambda: rag.evaluate_dataset(cases, settings))


def _reused(kind: str, subject: Any, settings: rag.Settings, compute: Callable[[], Result]) -> Result:
    kept: dict[str, tuple[Any, rag.Settings, Any]] = st.session_state.setdefault(_LAST, {})
    last = kept.get(kind)
    if last is not None and last[0] is subject and last[1] == settings:
        return last[2]
    result = compute()
    kept[kind] = (subject, settings, result)
    return result
