"""What the lesson runner reads and writes in the person's workspace: each page's state as a lesson check sees it,
the data a lesson starts from, and each lesson's progress.

A lesson's progress is one workspace setting per lesson (``lesson_progress_<id>``: the steps done, in order, and
the answers given), so two tabs working on two lessons never overwrite each other; the lesson being followed is
``lesson_active``. The page state is rebuilt from the workspace on every check (:func:`page_snapshot`), so a
label changed in a fragment-only rerun is seen as soon as it is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.data_kinds import (
    AGREEMENT_PAIR,
    COMPARE_PAIR,
    CONVERSATIONS,
    JUDGE,
    JUDGE_RAGAS,
    JUDGE_VERDICTS,
    RAG,
    RUBRIC_HOLISTIC,
    RUBRIC_VERDICTS,
    SUMMARIES,
    THRESHOLD_UPLOAD,
    WORKBENCH,
    DataKind,
)
from ui.frame.lessons import ACTIVE, PROGRESS_PREFIX, Progress
from ui.frame.navigation import LESSON_PAGES
from ui.frame.state import language
from ui.frame.workspace import Workspace
from ui.page_data.agreement import current_pair, original_pair
from ui.page_data.compare import CompareView, shown_source
from ui.page_data.stored_pair import changed_cases
from ui.widgets.data_source import WRITTEN, changed_items
from uncase_core.errors import InputError
from uncase_core.lessons.checks import RUBRIC_GENERATOR_DEFAULTS, SETTING_DEFAULTS, Snapshot
from uncase_core.lessons.data import ALL, lesson_data
from uncase_core.lessons.model import Lesson
from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts

# The page each lesson name stands for (from the one page registry, ui/frame/navigation.py) and the prefix of its
# stored settings.
PAGE_FILES: Mapping[str, str] = MappingProxyType({name: entry.script for name, entry in LESSON_PAGES.items()})
SETTING_PREFIX: Mapping[str, str] = MappingProxyType({
    "rag": "rag_", "conversations": "conv_", "summaries": "sum_", "rubrics": "rub_", "workbench": "wb_",
    "thresholds": "thr_", "planner": "plan_", "agreement": "agr_", "judge": "judge_", "compare": "cmp_",
})
# Where each page keeps the data a lesson starts from, and the choice its own data block calls it by (so that
# a language switch reads the same built-in data again in the other language).
DATA_KIND: Mapping[str, DataKind] = MappingProxyType({
    "rag": RAG, "conversations": CONVERSATIONS, "summaries": SUMMARIES, "workbench": WORKBENCH,
    "thresholds": WORKBENCH, "judge": JUDGE, "compare": COMPARE_PAIR,
})
PAGE_ALL = "__all__"  # the RAG and conversation pages' "all scenarios" choice


# ---------------------------------------------------------------- the page as a check sees it


def _generated_verdicts(made_with: Any) -> Any:
    try:
        settings = GeneratorSettings(**made_with)
    except Exception:  # a stored value from an older version: the page falls back to its defaults too
        settings = GeneratorSettings(**RUBRIC_GENERATOR_DEFAULTS)
    return _cached_verdicts(settings)


@st.cache_data(show_spinner=False, max_entries=8)
def _cached_verdicts(settings: GeneratorSettings) -> Any:
    return generate_verdicts(settings)[0]


def page_settings(workspace: Workspace, page: str) -> dict[str, Any]:
    """The stored values of ``page``'s widgets (the check fills the rest with the page's defaults)."""
    prefix = SETTING_PREFIX[page]
    return {key: value for key, value in workspace.settings.items()
            if key.startswith(prefix) and key in SETTING_DEFAULTS}


def page_data(workspace: Workspace, page: str) -> tuple[Any, Any] | None:
    """``(data, original)`` as ``page`` shows them now, or None while the page has nothing stored to check."""
    if page == "planner":
        return None, None
    if page == "rubrics":
        if workspace.has(RUBRIC_VERDICTS):
            verdicts = workspace.data(RUBRIC_VERDICTS)
            return verdicts, workspace.original(RUBRIC_VERDICTS)
        made_with = workspace.setting("rub_generated_with") or dict(RUBRIC_GENERATOR_DEFAULTS)
        verdicts = _generated_verdicts(made_with)
        return verdicts, verdicts
    if page == "agreement":
        pair = current_pair(workspace)
        return None if pair is None else (pair, original_pair(workspace))
    if page == "compare":  # the pair the page shows: the built-in one or two uploads, with the person's labels
        view = CompareView(workspace, shown_source(workspace), language())
        try:
            pair, original = view.pair, view.original
        except InputError:  # two uploads whose case ids differ: the page compares nothing
            return None
        return None if pair is None else (pair, original)
    if page == "thresholds":
        source = workspace.setting("thr_source", "workbench")
        kind = {"workbench": WORKBENCH, "rag": RAG}.get(source, THRESHOLD_UPLOAD)
    else:
        kind = DATA_KIND[page]
    if not workspace.has(kind):
        return None
    data, original = workspace.data(kind), workspace.original(kind)
    if page in ("conversations", "summaries"):
        return tuple(data), tuple(original)
    return data, original


def page_snapshot(workspace: Workspace, page: str, answers: Mapping[str, Any]) -> Snapshot | None:
    state = page_data(workspace, page)
    if state is None:
        return None
    data, original = state
    return Snapshot(page, data, original, page_settings(workspace, page), answers)


# ---------------------------------------------------------------- starting a lesson


@dataclass(frozen=True)
class Start:
    """What starting a lesson stores: the data for its page's slot (None: nothing to store) and the settings."""

    kind: DataKind | None
    data: Any
    source: str
    source_kind: str
    settings: Mapping[str, Any]
    removes: tuple[DataKind, ...] = ()


def start_plan(lesson: Lesson, language: str) -> Start:
    """The data and settings ``lesson`` starts from: its scenario on its page, that page's settings at their
    defaults (the checks read thresholds and weights from them), and whatever the page would otherwise mix in
    (an attached verdict file, uploaded rubric verdicts) taken away."""
    page, scenario = lesson.page, lesson.scenario
    settings: dict[str, Any] = {}
    if page == "rubrics":
        return Start(None, None, "", "", {"rub_generated_with": None}, (RUBRIC_VERDICTS, RUBRIC_HOLISTIC))
    if page == "planner":
        return Start(None, None, "", "", settings)
    if page == "agreement":
        return Start(AGREEMENT_PAIR, lesson_data(page, scenario, language), "builtin", "builtin",
                     {"agr_source": "builtin"})
    if page == "compare":  # the built-in pair, stored under its id as the page's own data block stores it
        return Start(COMPARE_PAIR, lesson_data(page, scenario, language), scenario, "builtin",
                     {"cmp_source": "builtin"})
    data = lesson_data(page, scenario, language)
    if page in ("rag", "conversations"):
        source, source_kind = (PAGE_ALL, "all") if scenario == ALL else (scenario, "scenario")
    elif page == "summaries":
        source, source_kind = scenario, "scenario"
    else:  # the workbench's, the explorer's and the judge page's built-in data
        source, source_kind = "builtin", "builtin"
    if page == "thresholds":
        settings["thr_source"] = "workbench"
    removes = (JUDGE_VERDICTS, JUDGE_RAGAS) if page == "judge" else ()
    return Start(DATA_KIND[page], data, source, source_kind, settings, removes)


def changes_lost(workspace: Workspace, plan: Start) -> int:
    """How many items (cases, conversations) with the person's changes, or uploads, starting would replace."""
    count = 0
    for kind in ((plan.kind,) if plan.kind is not None else ()) + plan.removes:
        if not workspace.has(kind):
            continue
        source = workspace.source(kind)
        if source is not None and source[1] in ("upload", "room"):
            count += 1
            continue
        if source is not None and source[1] == WRITTEN:  # every case written in the editor is the person's
            written = workspace.data(kind)
            count += len(written.cases if hasattr(written, "cases") else written)  # RAG cases, or summary cases
            continue
        data, original = workspace.data(kind), workspace.original(kind)
        if kind is AGREEMENT_PAIR or kind is COMPARE_PAIR:
            count += changed_cases(original, data)
        elif hasattr(data, "cases"):
            count += changed_items(original.cases, data.cases)
        elif isinstance(data, tuple | list):
            count += changed_items(original, data)
    return count


def start(workspace: Workspace, lesson: Lesson, language: str) -> None:
    """Store the lesson's data and settings, its progress from the beginning, and make it the active one."""
    plan = start_plan(lesson, language)
    for kind in plan.removes:
        if workspace.has(kind):
            workspace.remove(kind)
    if plan.kind is not None:
        workspace.replace(plan.kind, plan.data, plan.source, plan.source_kind, {"language": language})
    prefix = SETTING_PREFIX[lesson.page]
    cleared = {key: None for key in workspace.settings if key.startswith(prefix)}
    if lesson.page == "thresholds":  # the explorer's data is the workbench's: its view starts again too
        cleared.update({key: None for key in workspace.settings if key.startswith("wb_")})
    workspace.set_settings({**cleared, **plan.settings, PROGRESS_PREFIX + lesson.id: Progress().to_setting(),
                            ACTIVE: lesson.id})
