"""The summary page's focus mode (:mod:`ui.widgets.focus`): each accuracy point, adherence rubric and completeness
item in turn, with what it is judged against beside it (the conversation for a point, the summary for a rubric,
what the summary says for an item). Labels go through the label tables' write path (:meth:`SummaryTables.store`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.state import t
from ui.i18n import has_key
from ui.views.summaries.view import SummaryTables
from ui.widgets.focus import FocusItem, FocusSource, UnitView, draw_focus
from ui.widgets.text import literal
from uncase_core.assets.reader import load_guidelines
from uncase_core.shared.guidelines import Guideline, merge_guidelines, read_guidelines
from uncase_core.summaries.edits import SUMMARY_LABELS, summary_edit

KINDS = MappingProxyType({"accuracy": ("is_accurate", "focus.kind.point"),
                          "rubrics": ("is_addressed", "focus.kind.rubric"),
                          "completeness": ("is_covered", "focus.kind.item")})


def role_name(role: str) -> str:
    """A transcript turn's speaker in the reader's language ("agent", "customer"); any other role as written."""
    return t(f"focus.role.{role}") if has_key(f"focus.role.{role}") else literal(role)


def completeness_items(case: Any) -> list[tuple[int, int, Any, Any]]:
    """``(question, item, the question, the item)`` for every completeness item, in order (as the grid lists them)."""
    return [(qi, ii, q, item) for qi, q in enumerate(case.completeness) for ii, item in enumerate(q.content_list)]


def summary_guidelines(lang: str, room_guidelines: Any = None) -> dict[str, Guideline]:
    """The shipped guidelines of the summary labels, in ``lang``, then a workshop room's (the facilitator's, from the
    room's state) label by label."""
    shipped = {name: g for name, g in load_guidelines(lang).items() if name in SUMMARY_LABELS}
    return merge_guidelines(shipped, read_guidelines(room_guidelines, SUMMARY_LABELS) if room_guidelines else {})


def case_items(case: Any) -> list[FocusItem]:
    """A summary's labels in the grid's order: the accuracy points, the rubrics, the completeness items."""
    points, rubrics, items = case.accuracy, case.rubrics, completeness_items(case)
    return ([FocusItem("accuracy", i, len(points), "is_accurate", p.is_accurate, p.point) for i, p in enumerate(points)]
            + [FocusItem("rubrics", i, len(rubrics), "is_addressed", r.is_addressed, r.question)
               for i, r in enumerate(rubrics)]
            + [FocusItem("completeness", i, len(items), "is_covered", item.is_covered, item.transcript_content)
               for i, (_, _, _, item) in enumerate(items)])


class SummaryFocus(FocusSource):
    """Focus mode over the summary page's cases (``cases()``: as stored, or the page's default)."""

    prefix = "sum"

    def __init__(self, tables: SummaryTables, cases: Callable[[], tuple], case_key: str, lang: str,
                 guidelines: Mapping[str, Guideline] | None = None, frozen: bool = False,
                 locked: Callable[[], bool] | None = None) -> None:
        self.tables, self._cases, self.case_key = tables, cases, case_key
        self.guidelines: Mapping[str, Guideline] = guidelines if guidelines is not None else summary_guidelines(lang)
        self.frozen, self._locked = frozen, locked

    def locked_now(self) -> bool:
        return self.frozen or (self._locked is not None and self._locked())

    def case_count(self) -> int:
        return len(self._cases())

    def case_index(self) -> int:
        index = self.tables.workspace.setting(self.case_key, 0)
        return index if isinstance(index, int) and 0 <= index < self.case_count() else 0

    def items(self, case: int) -> Sequence[FocusItem]:
        return case_items(self._cases()[case])

    def counts(self) -> tuple[int, int]:
        labels = [item.value for case in self._cases() for item in case_items(case)]
        return sum(value is not None for value in labels), len(labels)

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        if item.value == value:
            return False
        cases = self._cases()
        if item.kind == "accuracy":
            record = summary_edit(cases, "accuracy", case, index=item.unit, value=value)
        elif item.kind == "rubrics":
            record = summary_edit(cases, "rubric", case, index=item.unit, value=value)
        else:
            question, position, _, _ = completeness_items(cases[case])[item.unit]
            record = summary_edit(cases, "completeness", case, question=question, item=position, value=value)
        self.tables.cases = cases
        return self.tables.store([record])

    def kind_name(self, kind: str) -> str:
        return t(KINDS[kind][1])

    def label_name(self, field: str) -> str:
        return t(f"sum.col.{field}")

    def guideline(self, item: FocusItem) -> Guideline | None:
        return self.guidelines.get(item.field)

    def unit_view(self, case: int, item: FocusItem) -> UnitView:
        found = self._cases()[case]
        if item.kind == "accuracy":
            point = found.accuracy[item.unit]
            text, note = point.point, point.accuracy
        elif item.kind == "rubrics":
            rubric = found.rubrics[item.unit]
            text, note = rubric.question, rubric.reasoning
        else:
            _, _, question, content = completeness_items(found)[item.unit]
            return UnitView(content.transcript_content, (question.question,))
        return UnitView(text, (t("focus.justification", text=note),) if note else ())

    def context(self, case: int, item: FocusItem) -> str:
        # A completeness item is judged against what the summary says about it: its own column.
        return f"{item.field}:{item.unit}" if item.kind == "completeness" else item.field

    def draw_against(self, case: int, item: FocusItem) -> None:
        found = self._cases()[case]
        if item.kind == "accuracy":
            turns = []
            for turn in found.transcript:
                role = role_name(turn.role)
                turns.append(f"**{role}:** {literal(turn.text)}")
            st.markdown(f"**{t('focus.against.transcript')}**")
            with st.container(height=360, border=False, key="focus_against_transcript"):
                st.markdown("\n\n".join(turns))
            return
        parts = []
        if item.kind == "completeness":
            _, _, _, content = completeness_items(found)[item.unit]
            parts += [f"**{t('focus.against.related')}**", literal(content.related_content_from_summary) or "—"]
        sections = [f"**{literal(section.name)}:** {literal(section.text)}" for section in found.sections]
        parts += [f"**{t('focus.against.summary')}**", "\n\n".join(sections) or t("sum.no_sections")]
        with st.container(height=360 if len(found.sections) > 2 else "content", border=False,
                          key="focus_against_summary"):
            st.markdown("\n\n".join(parts))


def summary_focus(tables: SummaryTables, cases: Callable[[], tuple], case_key: str, lang: str,
                  guidelines: Mapping[str, Guideline] | None = None, frozen: bool = False,
                  locked: Callable[[], bool] | None = None) -> None:
    """Focus mode on the summary page (not a fragment: the page reruns whole on a key, as on a box). In a workshop
    room: the room's ``guidelines``, the buttons off while ``frozen``, and ``locked()`` asked before each label."""
    st.header(t("sum.judgements"))
    draw_focus(SummaryFocus(tables, cases, case_key, lang, guidelines, frozen, locked), lang, rerun=lambda moved: None)

