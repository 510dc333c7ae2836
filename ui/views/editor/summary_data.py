"""The case editor's summary cases: the summary page's own stored cases, changed by text records.

The editor writes into the same workspace slot as the summary page (:data:`ui.frame.data_kinds.SUMMARIES`), so a
summary case written or rewritten here is the case labelled there, and the page's download, the workspace file and
a reload all see it. Each change is one record of :mod:`uncase_core.summaries.edits`, stored before it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.frame.data_kinds import SUMMARIES
from ui.frame.state import current_workspace, run_saving
from ui.frame.workspace import Workspace
from ui.page_data.summaries import load_file
from ui.views.editor.own_cases import OwnCases
from uncase_core.assets.reader import SUMMARY_INDEX, load_index
from uncase_core.summaries.edits import ClearedLabel, pending_cleared
from uncase_core.summaries.format import SummaryCase

KIND_KEY = "editor_kind"  # the editor's kind of case, a kept setting: "rag" or "summary"
CASE_KINDS = ("rag", "summary")
SUMMARY_CHOICE_KEY = "editor_summary_case"  # the summary case open in the editor (a position, or NEW_CASE)
SUMMARY_CHOOSE_KEY = "editor_summary_choose"  # a summary case to open in the next run
SUMMARY_PAGE_CASE = "sum_index"  # the summary page's case choice (app_pages/summary_autoevaluation.py)
SUMMARY_TABLES = "sum_editor_"  # the summary page's label tables' keys start with it
OWN_SOURCE = "my-summary-cases"  # the name (and download stem) of the cases the first summary case written starts


def summary_default(language: str) -> tuple[tuple[SummaryCase, ...], str, str]:
    """What the summary page shows while nothing is stored: its first built-in case (``(cases, source, kind)``)."""
    first = load_index(SUMMARY_INDEX)[0]
    return load_file(first, language), first.id, "scenario"


class SummaryEditorData(OwnCases):
    """The summary cases as this session's workspace holds them, and the one way the editor changes them."""

    notice_key = "editor_summary_notice"  # what the last change cleared, said once in the next run
    kind = SUMMARIES
    own_source = OWN_SOURCE
    page_case_key = SUMMARY_PAGE_CASE

    def __init__(self, workspace: Workspace, language: str) -> None:
        self.workspace = workspace
        self.language = language

    def default(self) -> tuple[tuple[SummaryCase, ...], str, str]:
        return summary_default(self.language)

    @property
    def cases(self) -> tuple[SummaryCase, ...]:
        return self.workspace.data(SUMMARIES, lambda: self.default()[0])

    @property
    def page_case(self) -> int:
        """The case the summary page has open."""
        index = self.workspace.setting(SUMMARY_PAGE_CASE, 0)
        return index if isinstance(index, int) and 0 <= index < len(self.cases) else 0

    def store_all(self, records: list[Mapping[str, Any]]) -> bool:
        """Store records (applied and stored at once, in order); False when the store refused them (the status line
        says why). The summary page's label tables start again from the stored data."""
        if not records:
            return True
        if not run_saving(lambda: self.workspace.edit(SUMMARIES, list(records), self.default)):
            return False
        for key in [key for key in self.workspace.editors if key.startswith(SUMMARY_TABLES)]:
            del self.workspace.editors[key]
        return True

    def cleared_now(self, index: int) -> list[ClearedLabel]:
        """The labels of case ``index`` cleared by a text change and not labelled since, read from the stored
        records (so the notice is still there after a reload)."""
        if not self.workspace.has(SUMMARIES):
            return []
        found = pending_cleared(self.workspace.original(SUMMARIES), self.workspace.edits(SUMMARIES))
        return [cleared for cleared in found if cleared.case == index]


def summary_editor_data(language: str) -> SummaryEditorData:
    return SummaryEditorData(current_workspace(), language)
