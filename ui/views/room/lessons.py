"""Lessons in a workshop room: the facilitator starts one for everyone and sees who finished each step; each
participant's panel learns of it through the room's periodic check and offers to start it.

The room's state holds the lesson's id (``lesson``); a participant's workspace remembers the last one it was
offered (``lesson_room_seen``), so a lesson is offered once and never forced: starting it goes through the
lessons page, which asks before replacing work on the lesson's page.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.frame.lessons import PROGRESS_PREFIX, lesson_by_id, lessons
from ui.frame.rooms import REFRESH, REFRESH_SECONDS, room_lesson, room_material, rooms
from ui.frame.state import language, run_saving, store_problem_text, t
from ui.widgets.text import text_table
from uncase_core.lessons.model import Lesson
from uncase_store import StoreError
from uncase_store.rooms import Room

# ---------------------------------------------------------------- the facilitator's side


def facilitator_controls(code: str, room: Room) -> None:
    """Choose a lesson and start or stop it for everyone; then who has started it and who finished each step.
    ``room`` is the room as the facilitator's page read it in this run."""
    lang = language()
    st.header(t("room.lesson_title"))
    current = lesson_by_id(room_lesson(code))
    every = list(lessons())
    choice = st.selectbox(t("room.lesson_choose"), [lesson.id for lesson in every],
                          index=[lesson.id for lesson in every].index(current.id) if current else 0,
                          format_func=lambda i, lang=lang: _title(lesson_by_id(i), lang), key="room_lesson_choice",
                          placeholder=t("common.choose"))
    chosen = lesson_by_id(choice)
    # A lesson on the page the room's cases are labelled on replaces them there (each participant is asked first).
    if chosen is not None and chosen.page == room_material(room).name:
        st.caption(t("room.lesson_rag_warning" if chosen.page == "rag" else "room.lesson_summary_warning"))
    left, right = st.columns(2)
    if left.button(t("room.lesson_start"), type="primary", width="stretch", key="room_lesson_start"):
        run_saving(lambda: rooms().set_state(code, lesson=choice))
        current = chosen
    if right.button(t("room.lesson_stop"), width="stretch", key="room_lesson_stop", disabled=current is None):
        run_saving(lambda: rooms().set_state(code, lesson=None))
        current = None
    if current is None:
        st.caption(t("room.lesson_none"))
        return
    st.caption(t("room.lesson_now", order=current.order, title=current.title.get(lang), seconds=REFRESH_SECONDS))

    @st.fragment(run_every=REFRESH)
    def live() -> None:
        draw_lesson_progress(code, current)

    live()


def _title(lesson: Lesson | None, lang: str) -> str:
    return "" if lesson is None else f"{lesson.order}. {lesson.title.get(lang)} ({lesson.minutes} min)"


def step_counts(lesson: Lesson, progress_by_member: dict[str, object]) -> list[int]:
    """How many members have done each step of ``lesson``, in order."""
    counts = [0] * len(lesson.steps)
    for value in progress_by_member.values():
        done = set(value.get("done", ())) if isinstance(value, dict) else set()
        for position, step in enumerate(lesson.steps):
            counts[position] += step.id in done
    return counts


def draw_lesson_progress(code: str, lesson: Lesson) -> None:
    """The room's progress on ``lesson``: members who started it, and how many finished each step."""
    lang = language()
    try:
        members = len(rooms().members(code))
        by_member = rooms().member_settings(code, PROGRESS_PREFIX + lesson.id)
    except StoreError as error:
        st.warning(store_problem_text(error, lang))
        return
    st.markdown(f"**{t('room.lesson_progress')}** · {t('room.lesson_started_col')}: "
                f"{t('room.lesson_of', done=len(by_member), members=members)}")
    counts = step_counts(lesson, by_member)
    text_table(pd.DataFrame([{
        t("room.lesson_step_col"): f"{position + 1}. {' '.join(step.text.get(lang).split())[:80]}",
        t("room.lesson_done_col"): t("room.lesson_of", done=count, members=members),
    } for position, (step, count) in enumerate(zip(lesson.steps, counts, strict=True))]), hide_index=True,
        width="stretch")


def projector_lesson(code: str) -> None:
    """On the projector: the lesson running, with who finished each step (refreshed like the class view)."""

    @st.fragment(run_every=REFRESH)
    def live() -> None:
        lesson = lesson_by_id(room_lesson(code))
        if lesson is not None:
            lang = language()
            st.subheader(t("handout.lesson", order=lesson.order, title=lesson.title.get(lang)))
            draw_lesson_progress(code, lesson)

    live()
