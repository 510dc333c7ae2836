"""Which lesson a person follows and how far they are, as every page asks it: a lesson's step may keep a part of a
page out of sight (``hides`` in its file) until it is done, and the pages that label cases rerun the lesson panel
while one is open.

A lesson's progress is one workspace setting per lesson (``lesson_progress_<id>``: the steps done, in order, and
the answers given), so two tabs working on two lessons never overwrite each other; the lesson being followed is
``lesson_active``. The lesson runner itself (checks, starting a lesson) is the lessons view's
(``ui/views/lessons/``); this is the part the other pages read, so none of them imports that view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import streamlit as st

from ui.frame.workspace import Workspace
from uncase_core.lessons.model import Lesson, load_lessons

ACTIVE = "lesson_active"
REQUEST = "lesson_request"  # a lesson to start, handed to the lessons page (it asks before replacing work)
PROGRESS_PREFIX = "lesson_progress_"


@st.cache_resource(show_spinner=False)
def lessons() -> tuple[Lesson, ...]:
    """The lessons under assets/lessons, read and checked once per process (a bad file stops here, named)."""
    return tuple(sorted(load_lessons(), key=lambda lesson: lesson.order))


def lesson_by_id(lesson_id: object) -> Lesson | None:
    return next((lesson for lesson in lessons() if lesson.id == lesson_id), None)


# ---------------------------------------------------------------- progress


@dataclass(frozen=True)
class Progress:
    """Steps done (in the lesson's order) and the answers given, by step id."""

    done: tuple[str, ...] = ()
    answers: Mapping[str, Any] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.answers is None:
            object.__setattr__(self, "answers", {})

    def current(self, lesson: Lesson) -> int | None:
        """The index of the first step not done, or None when every step is done."""
        return next((i for i, step in enumerate(lesson.steps) if step.id not in self.done), None)

    def finished(self, lesson: Lesson) -> bool:
        return self.current(lesson) is None

    def to_setting(self) -> dict[str, Any]:
        return {"done": list(self.done), "answers": dict(self.answers)}


def progress(workspace: Workspace, lesson: Lesson) -> Progress:
    stored = workspace.setting(PROGRESS_PREFIX + lesson.id)
    if not isinstance(stored, Mapping):
        return Progress()
    known = {step.id for step in lesson.steps}
    done = tuple(step for step in stored.get("done", ()) if step in known)  # a step renamed since: forgotten
    answers = stored.get("answers")
    return Progress(done, dict(answers) if isinstance(answers, Mapping) else {})


def started(workspace: Workspace, lesson: Lesson) -> bool:
    return workspace.setting(PROGRESS_PREFIX + lesson.id) is not None


def active_lesson(workspace: Workspace) -> Lesson | None:
    return lesson_by_id(workspace.setting(ACTIVE))


def hidden(workspace: Workspace, page: str, part: str) -> bool:
    """Whether the active lesson's current step keeps ``part`` of ``page`` out of sight (it asks for what the part
    says; ``hides`` in the lesson's file): shown again once the step is done."""
    lesson = active_lesson(workspace)
    if lesson is None or lesson.page != page:
        return False
    index = progress(workspace, lesson).current(lesson)
    return index is not None and part in lesson.steps[index].hides
