"""The RAG page's evaluations, worked out once per change instead of once per fragment, and one case per change
instead of every case.

A label tick reruns every result fragment (the case's figures, the three lines under the tables, the dataset's
figures): each used to evaluate the same case again. The last evaluation is kept in the session with the very
case and settings it was made from, and reused while both are unchanged. Cases are frozen, and a kept case
cannot be garbage-collected while it is the key, so an identity check is exact.

A label change replaces one case object and keeps every other (``RagDataset.with_case``), so each case's own
evaluation is kept too, with the cases and settings it was made from: a tick at 2,000 cases evaluates the case
that changed and pools the kept ones (:func:`uncase_core.rag.evaluation.dataset_of_evaluations`), instead of
evaluating 2,000 cases again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import streamlit as st

from ui.frame.reuse import reuse
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import RagCase

_LAST = "_rag_last_evaluations"
_BY_CASE = "_rag_case_evaluations"  # (settings, cases, their evaluations) of the dataset last evaluated
Result = TypeVar("Result")


def case_evaluation(case: RagCase, settings: rag.Settings) -> rag.Evaluation:
    """:func:`uncase_core.rag.evaluation.evaluate_case`, reused while the case object and settings are the same."""
    return _reused("case", case, settings, lambda: rag.evaluate_case(case, settings))


def dataset_evaluation(cases: Sequence[RagCase], settings: rag.Settings, slot: str = "") -> rag.DatasetEvaluation:
    """:func:`uncase_core.rag.evaluation.evaluate_dataset`, reused while the cases and settings are the same, and
    made from the kept evaluations of the cases that did not change. ``slot`` names what is kept, for a page that
    evaluates more than one dataset (the compare page's two systems)."""
    def compute() -> rag.DatasetEvaluation:
        kept_settings, *kept = st.session_state.get(_BY_CASE + slot, (None, (), ()))
        evaluations = reuse(cases, tuple(kept) if kept_settings == settings else None,
                            lambda missing: _evaluated(missing, settings))
        st.session_state[_BY_CASE + slot] = (settings, tuple(cases), evaluations)
        return rag.dataset_of_evaluations([case.id for case in cases], evaluations, settings)

    return _reused("dataset" + slot, cases, settings, compute)


def system_evaluations(slot: str) -> tuple[Callable[[Sequence[RagCase], rag.Settings], rag.DatasetEvaluation], ...]:
    """What evaluates two systems' cases for :func:`uncase_core.compare.systems.compare_systems`, each keeping its
    cases' evaluations in a slot of its own (``slot`` then ``_a`` or ``_b``)."""
    return tuple(lambda cases, settings, side=side: dataset_evaluation(cases, settings, f"{slot}_{side}")
                 for side in ("a", "b"))


def _evaluated(cases: list[RagCase], settings: rag.Settings) -> Sequence[rag.Evaluation]:
    """The cases' own evaluations: the one the case's figures made this run if it is the only one (a tick), else
    all in one vectorised :func:`uncase_core.rag.evaluation.evaluate_dataset` (the same evaluations, case by case,
    at a tenth of the cost of evaluating 2,000 cases one by one)."""
    last = st.session_state.get(_LAST, {}).get("case")
    if len(cases) == 1 and last is not None and last[0] is cases[0] and last[1] == settings:
        return [last[2]]
    if len(cases) == 1:
        return [rag.evaluate_case(cases[0], settings)]
    return rag.evaluate_dataset(cases, settings).cases


def _reused(kind: str, subject: Any, settings: rag.Settings, compute: Callable[[], Result]) -> Result:
    kept: dict[str, tuple[Any, rag.Settings, Any]] = st.session_state.setdefault(_LAST, {})
    last = kept.get(kind)
    if last is not None and last[0] is subject and last[1] == settings:
        return last[2]
    result = compute()
    kept[kind] = (subject, settings, result)
    return result
