"""The facilitator's view of a room: the exports and the class view refreshed every few seconds without reloading
the page (the links: ``ui/views/room/entry.py``)."""

from __future__ import annotations

import streamlit as st

from ui.frame.rooms import REFRESH, is_pair_room, is_summary_room
from ui.frame.state import language, t
from ui.views.room.adjudication import adjudication_of
from ui.views.room.pair import pair_downloads, pair_section
from ui.views.room.report import report_html, report_markdown
from ui.views.room.rooms import (
    cases_file_name,
    class_view,
    draw_agreement,
    draw_class_metrics,
    draw_disputed,
    draw_distributions,
    draw_progress,
    draw_spread,
    export_csv,
    export_jsonl,
    export_majority,
    room_dataset,
    shown_class_view,
)
from ui.widgets.layout import RESULTS_WIDTH
from ui.widgets.tool_downloads import format_downloads
from uncase_core.agreement import RoomReport, room_report
from uncase_store.rooms import Room


def after_class_report(code: str) -> RoomReport:
    """The room's report from the class view the page shows (with its agreement intervals) and its adjudication."""
    view = class_view(code)
    return room_report(view.labels, adjudication_of(view))


def exports(code: str, room: Room) -> None:
    """Downloads of what the class labelled, read from the store when clicked (in a room on a pair, also each
    system's class majority under its own case ids; in a room of RAG cases, also in the other tools' formats)."""
    st.download_button(t("room.export_csv"), data=lambda: export_csv(class_view(code, resamples=0)),
                       file_name=f"room-{code}-labels.csv", mime="text/csv", width="stretch", on_click="ignore",
                       key="room_export_csv")
    st.download_button(t("room.export_jsonl"), data=lambda: export_jsonl(class_view(code, resamples=0)),
                       file_name=f"room-{code}-labels.jsonl", mime="application/json", width="stretch",
                       on_click="ignore", key="room_export_jsonl")
    st.download_button(t("room.export_majority"), data=lambda: export_majority(class_view(code, resamples=0)),
                       file_name=cases_file_name(room, room_dataset(room), f"room-{code}-class-majority"),
                       mime="application/json", width="stretch", on_click="ignore", key="room_export_majority")
    lang = language()  # the class's: the facilitator's page is in the language the class works in
    st.download_button(t("room.report.download_html"), data=lambda: report_html(after_class_report(code), code, lang),
                       file_name=f"room-{code}-report.html", mime="text/html", width="stretch", on_click="ignore",
                       key="room_report_html")
    st.download_button(t("room.report.download_markdown"),
                       data=lambda: report_markdown(after_class_report(code), code, lang),
                       file_name=f"room-{code}-report.md", mime="text/markdown", width="stretch", on_click="ignore",
                       key="room_report_markdown")
    if is_pair_room(room):
        pair_downloads(code)
    if not is_summary_room(room):  # the other tools' formats hold RAG cases
        format_downloads(lambda: class_view(code, resamples=0).labels.majority, f"room-{code}-class-majority",
                         key="room")


def class_sections(code: str) -> None:
    """The class view, refreshed every few seconds without reloading the page."""

    @st.fragment(run_every=REFRESH)
    def live() -> None:
        view = shown_class_view(code)
        if view is None:
            return
        room = view.room
        state = [t("room.state.revealed") if room.revealed else t("room.state.hidden"),
                 t("room.state.frozen") if room.frozen else t("room.state.open")]
        st.caption(" · ".join(state) + " · " + t("room.refresh_note", seconds=REFRESH.rstrip("s")))
        st.header(t("room.progress_title"))
        draw_progress(view)
        if is_pair_room(room):  # the question the room is for, before how the class agreed
            pair_section(view)
        st.header(t("room.agreement_title"))
        draw_agreement(view)
        st.header(t("room.disputed_title"))
        draw_disputed(view)
        # The class's figures and the spread chart side by side while both fit (the figures need a phone's width),
        # the chart below them on a narrower screen; st.columns would squeeze the table to 200 px at 800.
        row = st.container(horizontal=True, gap="large")
        left, right = row.container(width=RESULTS_WIDTH), row.container(width="stretch")
        with left:
            st.header(t("room.metrics_title"))
            draw_class_metrics(view)
        with right:
            st.header(t("room.spread_title"))
            draw_spread(view)
        with st.expander(t("room.distributions_title")):
            draw_distributions(view)

    live()
