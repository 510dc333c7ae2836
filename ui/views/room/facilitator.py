"""The facilitator's view of a room: the links (the secret ones folded away), the exports, and the class view
refreshed every few seconds without reloading the page."""

from __future__ import annotations

import streamlit as st

from ui.frame.state import t
from ui.views.room.rooms import (
    REFRESH,
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
    facilitator_keys,
    links_address_note,
    room_links,
    rooms,
)
from ui.widgets.text import literal
from uncase_store import StoreError
from uncase_store.rooms import UnknownRoom

NEW_PROJECTOR_ERROR = "room_projector_error"  # session: why making a new projector link failed


def links_box(code: str, secret: str) -> None:
    """The participant link in the open (with what address it uses), the projector's and the facilitator's folded
    away: projecting this view must not show the secret. The projector's link is there wherever this link opens."""
    view_key = facilitator_keys(code, secret)
    links = room_links(code, secret, view_key)
    st.caption(t("room.participant_link"))
    st.code(links["participant"], language=None, wrap_lines=True)
    st.caption(links_address_note())
    with st.expander(t("room.links_title"), expanded=False):
        st.caption(t("room.projector_link"))
        if "projector" in links:
            st.code(links["projector"], language=None, wrap_lines=True)
        else:  # a room made before the projector's key was derived from the secret, opened on another device
            st.caption(t("room.projector_old"))

            def renew() -> None:
                try:
                    rooms().new_projector_key(code, secret)
                except StoreError as error:
                    st.session_state[NEW_PROJECTOR_ERROR] = str(error)

            st.button(t("room.projector_new"), key="room_new_projector", on_click=renew)
            if problem := st.session_state.pop(NEW_PROJECTOR_ERROR, None):
                st.error(literal(problem))
        st.caption(t("room.facilitator_link"))
        st.code(links["facilitator"], language=None, wrap_lines=True)


def exports(code: str) -> None:
    """Downloads of what the class labelled, read from the store when clicked."""
    st.download_button(t("room.export_csv"), data=lambda: export_csv(class_view(code, resamples=0)),
                       file_name=f"room-{code}-labels.csv", mime="text/csv", width="stretch", on_click="ignore",
                       key="room_export_csv")
    st.download_button(t("room.export_jsonl"), data=lambda: export_jsonl(class_view(code, resamples=0)),
                       file_name=f"room-{code}-labels.jsonl", mime="application/json", width="stretch",
                       on_click="ignore", key="room_export_jsonl")
    st.download_button(t("room.export_majority"), data=lambda: export_majority(class_view(code, resamples=0)),
                       file_name=f"room-{code}-class-majority.json", mime="application/json", width="stretch",
                       on_click="ignore", key="room_export_majority")


def class_sections(code: str) -> None:
    """The class view, refreshed every few seconds without reloading the page."""

    @st.fragment(run_every=REFRESH)
    def live() -> None:
        try:
            view = class_view(code)
        except UnknownRoom:
            st.error(t("room.unknown", code=literal(code)))
            return
        room = view.room
        state = [t("room.state.revealed") if room.revealed else t("room.state.hidden"),
                 t("room.state.frozen") if room.frozen else t("room.state.open")]
        st.caption(" · ".join(state) + " · " + t("room.refresh_note", seconds=REFRESH.rstrip("s")))
        st.subheader(t("room.progress_title"))
        draw_progress(view)
        st.subheader(t("room.agreement_title"))
        draw_agreement(view)
        st.subheader(t("room.disputed_title"))
        draw_disputed(view)
        left, right = st.columns(2, gap="large")
        with left:
            st.subheader(t("room.metrics_title"))
            draw_class_metrics(view)
        with right:
            st.subheader(t("room.spread_title"))
            draw_spread(view)
        with st.expander(t("room.distributions_title")):
            draw_distributions(view)

    live()
