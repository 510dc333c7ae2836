"""The lesson a workshop room's facilitator started, offered in a participant's lesson panel (once, with a button to
start it), and the timed check in the sidebar's panel that notices a new one. The facilitator's side is the room's
view (ui/views/room/lessons.py)."""

from __future__ import annotations

import streamlit as st

from ui.frame.lessons import REQUEST, lesson_by_id
from ui.frame.rooms import REFRESH, room_lesson, room_of
from ui.frame.state import ROOM_FOLLOWED, current_workspace, language, run_saving, t

SEEN = "lesson_room_seen"  # workspace setting: the room lesson this participant was last offered
ROOM_LESSON = "room_lesson_now"  # session: the room's lesson as this session last read it
ROOM_LESSON_AT = "room_lesson_read_at"  # session: the room change number at which it was read


def room_notice(place: str) -> None:
    """In a participant's panel: the lesson the facilitator started, once, with a button to start it; and, in the
    sidebar's panel only, the timed check that notices a new one (a rerun of the whole page when it changes)."""
    workspace = current_workspace()
    code = room_of(workspace)
    if code is None:
        return
    # Read again whenever the page's own room poll saw the room change (follow_room notes the change number it drew):
    # that poll is the only timer on such a page, and a lesson started is one such change.
    seen = st.session_state.get("room_seen") if st.session_state.get(ROOM_FOLLOWED) else None
    if ROOM_LESSON not in st.session_state or (seen is not None and st.session_state.get(ROOM_LESSON_AT) != seen):
        st.session_state[ROOM_LESSON] = room_lesson(code)
        st.session_state[ROOM_LESSON_AT] = seen
    lesson = lesson_by_id(st.session_state[ROOM_LESSON])
    if lesson is not None and workspace.setting(SEEN) != lesson.id:
        lang = language()
        with st.container(border=True):
            st.info(t("lesson.room_started", order=lesson.order, title=lesson.title.get(lang)),
                    icon=":material/campaign:")

            def take() -> None:
                st.session_state[REQUEST] = lesson.id
                run_saving(lambda: workspace.set_settings({SEEN: lesson.id}))

            st.button(t("lesson.room_start"), key=f"{place}_room_lesson", type="primary", on_click=take,
                      width="stretch")
    if place != "lesson_side" or st.session_state.get(ROOM_FOLLOWED):
        # On the page the member labels on, its room poll already reruns the page when the room changes (a lesson
        # started bumps the room's change number): one timer, one cheap run every 5 s, not two.
        return

    @st.fragment(run_every=REFRESH, key="lesson_room_follow")
    def follow() -> None:
        now = room_lesson(code)
        if now != st.session_state.get(ROOM_LESSON):
            st.session_state[ROOM_LESSON] = now
            st.rerun(scope="app")

    follow()
