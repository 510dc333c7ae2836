"""Lessons: every guided exercise with its progress, a way in to each, and the facilitator's handout."""

import streamlit as st

from ui.frame.lessons import ACTIVE, REQUEST, active_lesson, lesson_by_id, lessons, progress, started
from ui.frame.page import finish_page
from ui.frame.scroll import switch_page_at_top
from ui.frame.state import current_workspace, forget, language, run_saving, t, workspace_params
from ui.views.lessons.handout import handout_markdown
from ui.views.lessons.notes import PAGE_NAMES
from ui.views.lessons.state import PAGE_FILES, SETTING_PREFIX, changes_lost, start, start_plan
from uncase_core.lessons.model import Lesson

CONFIRM = "lessons_confirm"  # the lesson waiting for "start and replace"

lang = language()
workspace = current_workspace()


def _page(lesson: Lesson) -> str:
    return t(PAGE_NAMES[lesson.page])


def begin(lesson: Lesson) -> None:
    """Store the lesson's data and settings and go to its page (the page's widgets start from the defaults)."""
    forget(*[key for key in workspace.settings if key.startswith(SETTING_PREFIX[lesson.page])])
    if run_saving(lambda: start(workspace, lesson, lang)):
        switch_page_at_top(PAGE_FILES[lesson.page], workspace_params(workspace))


def ask_or_begin(lesson_id: str, where: str) -> None:
    """Start ``lesson_id`` now, or ask first (at the top of the page, or in the lesson's card: ``where``) when it
    would replace the person's changes on its page."""
    lesson = lesson_by_id(lesson_id)
    if lesson is None:
        return
    if changes_lost(workspace, start_plan(lesson, lang)):
        st.session_state[CONFIRM] = (lesson.id, where)
    else:
        begin(lesson)


def confirm(lesson: Lesson) -> None:
    """"Start and replace" or "keep my work"; the question leaves the page once answered."""
    box = st.empty()
    with box.container(border=True):
        st.warning(t("lessons.confirm", title=lesson.title.get(lang), page=_page(lesson),
                     count=changes_lost(workspace, start_plan(lesson, lang))))
        yes, no = st.columns(2)
        said_yes = yes.button(t("lessons.confirm_yes"), type="primary", key="lessons_yes", width="stretch")
        said_no = no.button(t("lessons.confirm_no"), key="lessons_no", width="stretch")
    if said_yes or said_no:
        del st.session_state[CONFIRM]
        box.empty()
    if said_yes:
        begin(lesson)


def go_on(lesson: Lesson) -> None:
    """Follow a lesson already started, on its page, where it was left."""
    if run_saving(lambda: workspace.set_settings({ACTIVE: lesson.id})):
        switch_page_at_top(PAGE_FILES[lesson.page], workspace_params(workspace))


# ---------------------------------------------------------------- a lesson asked for elsewhere (panel, room)
requested = st.session_state.pop(REQUEST, None)
if requested is not None:
    ask_or_begin(requested, "top")

st.title(t("lessons.title"))
st.markdown(t("lessons.intro"))

waiting_id, waiting_where = st.session_state.get(CONFIRM) or (None, None)
waiting = lesson_by_id(waiting_id)
if waiting is not None and waiting_where == "top":
    confirm(waiting)

every = lessons()
following = active_lesson(workspace)
finished = sum(progress(workspace, lesson).finished(lesson) for lesson in every if started(workspace, lesson))
st.caption(t("lessons.total", done=finished, total=len(every), minutes=sum(lesson.minutes for lesson in every)))

for lesson in every:
    done = progress(workspace, lesson)
    status = ("done" if done.finished(lesson) else "going") if started(workspace, lesson) else "new"
    with st.container(border=True):
        st.markdown(f"**{lesson.order}. {lesson.title.get(lang)}** · {t(f'lessons.status.{status}')}")
        st.caption(t("lessons.meta", minutes=lesson.minutes, page=_page(lesson), done=len(done.done),
                     total=len(lesson.steps)))
        st.markdown(lesson.goal.get(lang))
        if following is not None and following.id == lesson.id:
            st.caption(t("lessons.following"))
        if waiting is not None and waiting.id == lesson.id and waiting_where == "card":
            confirm(lesson)
            continue
        buttons = st.container(horizontal=True)
        if status == "going":
            if buttons.button(t("lessons.continue"), key=f"continue_{lesson.id}", type="primary"):
                go_on(lesson)
            again = buttons.button(t("lessons.restart"), key=f"restart_{lesson.id}")
        else:
            again = buttons.button(t("lessons.restart") if status == "done" else t("lessons.start"),
                                   key=f"start_{lesson.id}", type="secondary" if status == "done" else "primary")
        if again:
            ask_or_begin(lesson.id, "card")
            st.rerun()  # the question, in this card

st.header(t("lessons.handout_title"))
st.caption(t("lessons.handout_help"))
st.download_button(t("lessons.handout"), data=lambda: handout_markdown(every, lang),
                   file_name=f"uncase-lessons-{lang}.md", mime="text/markdown", on_click="ignore",
                   icon=":material/download:")
finish_page()
