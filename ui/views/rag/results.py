"""The RAG page's results, as fragments that rerun on a label or setting change without the rest of the page:
one case's and the dataset's figures, the sidebar's download and reset, and a room's watch for the facilitator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.fragments import mark_drawn
from ui.frame.state import current_workspace, t
from ui.views.lessons.state import hidden
from ui.views.rag.downloads import format_downloads
from ui.views.rag.evaluations import case_evaluation, dataset_evaluation
from ui.views.rag.settings import current_settings
from ui.views.rag.view import cases_table, draw_composite, draw_diagnosis, draw_metrics, macro_micro_table, metric_name
from ui.views.rag.workspace import RagView
from ui.views.room.rooms import REFRESH, rooms
from ui.widgets.confirm import confirm_reset
from ui.widgets.text import literal
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import dataset_to_text, file_extension
from uncase_store.rooms import Room

ROOM_FOLLOW = "rag_room_host"  # in a room, the fragment holding the one that looks for the facilitator's changes
FRAGMENTS = ("rag_case_results", "rag_dataset_results", "rag_data_actions", "rag_saved_status",
             "rag_near_passages", "rag_near_claims", "rag_near_reference_facts")


def _diagnosis(evaluation: Any) -> None:
    """The diagnosis box, unless the lesson's current step asks the person to find it (its ``hides``)."""
    if hidden(current_workspace(), "rag", "diagnosis"):
        st.caption(t("lesson.hidden_part"))
    else:
        draw_diagnosis(evaluation)


@st.fragment(key="rag_case_results")
def case_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    mark_drawn("rag_case_results")
    settings = current_settings()
    store_label_edits()
    evaluation = case_evaluation(workspace.case, settings)
    st.subheader(t("rag.results_case", case=literal(workspace.case.id)))
    _diagnosis(evaluation)
    draw_metrics(evaluation, settings)
    draw_composite(evaluation)


def dataset_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    """The dataset's figures, when it has two cases or more (a full run draws them or not)."""
    if len(workspace.dataset.cases) >= 2:
        _dataset_results(workspace, store_label_edits)


@st.fragment(key="rag_dataset_results")
def _dataset_results(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    mark_drawn("rag_dataset_results")
    store_label_edits()
    result = dataset_evaluation(workspace.dataset.cases, current_settings(show_errors=False))
    st.subheader(t("rag.results_dataset", count=len(workspace.dataset.cases)))
    _diagnosis(result.pooled)
    st.dataframe(macro_micro_table(result), hide_index=True, width="stretch")
    st.caption(t("rag.micro_macro_help"))
    st.dataframe(cases_table(result), hide_index=True, width="stretch")


@st.fragment(key="rag_data_actions")
def data_actions(workspace: RagView, store_label_edits: Callable[[], None]) -> None:
    """Download and reset, in the sidebar: they follow the labels, so they rerun with the results."""
    mark_drawn("rag_data_actions")
    store_label_edits()
    source, source_kind = workspace.source
    stem = source.rsplit(".", 1)[0] if source_kind == "upload" else source
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
    format_downloads(workspace.dataset, stem)
    confirm_reset("rag_confirm_reset", t("common.reset"), t("common.reset_confirm"),
                  lambda: workspace.workspace.reset(RAG), disabled=not workspace.changed)


def follow_room(room: Room) -> None:
    """In a room: every few seconds, when the facilitator revealed, froze or started something, draw the page again.

    A label edit is a request for a full run that its callback turns into a run of the result fragments; the browser
    drops every fragment's timer when the full run starts, and a fragment's timer is only sent again when the
    fragment is called from its parent. So the timed fragment lives inside one that reruns with the results.
    """
    @st.fragment(key=ROOM_FOLLOW)
    def room_host() -> None:
        mark_drawn(ROOM_FOLLOW)
        @st.fragment(run_every=REFRESH, key="rag_room_follow")
        def follow() -> None:
            seen = st.session_state.setdefault("room_seen", room.seq)
            now = rooms().head(room.code)
            if now is not None and now != seen:
                st.session_state["room_seen"] = now
                st.rerun(scope="app")

        follow()

    st.session_state["room_seen"] = room.seq
    room_host()


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
