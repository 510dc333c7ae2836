"""The RAG page's results, as fragments that rerun on a label or setting change without the rest of the page:
one case's and the dataset's figures, the sidebar's download and reset, and a room's watch for the facilitator."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.fragments import mark_drawn
from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, t
from ui.page_data.rag_cases import RagView
from ui.views.rag.evaluations import case_evaluation, dataset_evaluation
from ui.views.rag.judge_scores import draw_judge_scores
from ui.views.rag.settings import current_settings
from ui.views.rag.view import cases_table, draw_composite, draw_diagnosis, draw_metrics, macro_micro_table
from ui.widgets.confirm import confirm_reset
from ui.widgets.names import metric_name
from ui.widgets.text import literal, text_table
from ui.widgets.tool_downloads import format_downloads
from ui.widgets.tool_scores import draw_score_columns
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import dataset_to_text, file_extension

DATA_ACTIONS = "rag_data_actions"  # the sidebar's download and reset: they follow the labels, not the settings
NEAR_FRAGMENTS = ("rag_near_passages", "rag_near_claims", "rag_near_reference_facts")  # counts and intervals
FRAGMENTS = ("rag_case_results", "rag_dataset_results", DATA_ACTIONS, "rag_saved_status", *NEAR_FRAGMENTS)
CONFIDENCE = "rag_confidence"


def fragments_moved_by(setting: str | None) -> tuple[str, ...]:
    """The result fragments a change reruns: a label change (``None``) all of them; a setting none of the sidebar's
    downloads and reset (they follow the labels), and only the confidence the captions under the tables (their
    counts and intervals do not depend on thresholds, weights or gates). Every fragment a page draws reruns when
    something moves it, and nothing else: Streamlit's frontend renders the whole page again for each."""
    if setting is None:
        return FRAGMENTS
    unmoved = {DATA_ACTIONS} | (set() if setting == CONFIDENCE else set(NEAR_FRAGMENTS))
    return tuple(key for key in FRAGMENTS if key not in unmoved)


def _diagnosis(evaluation: Any, thresholds: Mapping[str, float], figure: str) -> None:
    """The diagnosis box, unless the lesson's current step asks the person to find it (its ``hides``); ``figure``
    the registered verdict it states (one case's, or the dataset's pooled one)."""
    if hidden(current_workspace(), "rag", "diagnosis"):
        st.caption(t("lesson.hidden_part"))
    else:
        draw_diagnosis(evaluation, thresholds, figure)


@st.fragment(key="rag_case_results")
def case_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    mark_drawn("rag_case_results")
    settings = current_settings()
    store_label_edits()
    evaluation = case_evaluation(workspace.case, settings)
    st.header(t("rag.results_case", case=literal(workspace.case.id)))
    _diagnosis(evaluation, settings.thresholds, "rag.case.verdict")
    draw_metrics(evaluation, settings)
    draw_composite(evaluation)
    draw_judge_scores(workspace.case, evaluation)


def dataset_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    """The dataset's figures, when it has two cases or more (a full run draws them or not)."""
    if len(workspace.dataset.cases) >= 2:
        _dataset_results(workspace, store_label_edits)


@st.fragment(key="rag_dataset_results")
def _dataset_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    mark_drawn("rag_dataset_results")
    store_label_edits()
    result = dataset_evaluation(workspace.dataset.cases, current_settings(show_errors=False))
    st.header(t("rag.results_dataset", count=len(workspace.dataset.cases)))
    _diagnosis(result.pooled, result.settings.thresholds, "pooled.verdict")
    text_table(macro_micro_table(result), hide_index=True, width="stretch")
    st.caption(t("rag.micro_macro_help"))
    text_table(cases_table(result), hide_index=True, width="stretch")
    draw_score_columns(workspace.dataset.cases, result.settings.confidence)  # an import's own scores, if any


@st.fragment(key=DATA_ACTIONS)
def data_actions(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    """Download and reset, in the sidebar: they follow the labels, so they rerun with the results."""
    mark_drawn(DATA_ACTIONS)
    store_label_edits()
    source, source_kind = workspace.source
    stem = source.rsplit(".", 1)[0] if source_kind == "upload" else source
    if source_kind == "upload":  # after an import, the way back to its tool first
        format_downloads(workspace.dataset, stem)
    st.download_button(
        t("common.download"),
        # Built only when clicked (serialising every case on each tick would cost every rerun), from the data as it is
        # then: in focus mode a key reruns only focus mode's fragment, not this one.
        data=lambda: dataset_to_text(workspace.dataset).encode("utf-8"),
        file_name=f"{stem}-labelled.{file_extension(workspace.dataset)}",
        mime="application/json",
        on_click="ignore",
        width="stretch",
    )
    if source_kind != "upload":
        format_downloads(workspace.dataset, stem)
    confirm_reset("rag_confirm_reset", t("common.reset"), t("common.reset_confirm"),
                  lambda: workspace.workspace.reset(RAG), disabled=not workspace.changed)


def draw_explanations() -> None:
    """What each figure means, drawn only while the box is open (a lazy expander: eight markdown blocks fewer for
    the browser to parse on every first view)."""
    box = st.expander(t("rag.explain_title"), key="rag_explanations", on_change="rerun")
    if not box.open:
        return
    with box:
        for name in rag.METRICS:
            st.markdown(f"**{metric_name(name)}**: {t(f'explain.{name}')}")
        st.markdown(t("explain.uncertainty"))
        st.markdown(t("explain.thresholds"))
        st.markdown(t("explain.composite"))
        st.markdown(t("explain.not_a_judge"))
