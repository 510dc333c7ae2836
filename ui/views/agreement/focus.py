"""The agreement page's focus mode (:mod:`ui.widgets.focus`): one annotator's labels, one at a time, with the other
annotator's label and what the label is judged against beside it. Labels go through the label table's write path
(:meth:`AgreementView.set_label`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import streamlit as st

from ui.frame.state import current_workspace, kept, save_settings, t
from ui.page_data.agreement import CASE_KEY, DIFFER, AgreementView, CaseRef, Row, case_rows, differs, row_labels
from ui.views.agreement.sections import draw_figures, draw_tables
from ui.widgets.focus import FocusItem, UnitView, add_note, draw_focus
from ui.widgets.layout import MAIN_CHOICE_ROOM, whole_choice
from ui.widgets.rag_focus import RagUnitsFocus, draw_judged_against, key_rerun
from uncase_core.assets.reader import load_guidelines
from uncase_core.rag.cases import LABEL_NAMES, RagCase, dataset_guidelines
from uncase_core.rag.edits import ANNOTATORS
from uncase_core.shared.guidelines import Guideline, merge_guidelines

FOCUS_FRAGMENT = "agr_focus"
VIEW_KEY = "agr_label_view"
ANNOTATOR_KEY = "agr_focus_annotator"  # workspace setting: whose labels focus mode sets, "a" or "b"
ANNOTATOR_SHORTCUTS = MappingProxyType({"a": "A", "b": "B"})


def pair_guidelines(view: AgreementView, lang: str) -> dict[str, Guideline]:
    """The shipped RAG guidelines in ``lang``, then annotator A's file's own (a file's top-level ``guidelines``)."""
    pair = view.pair
    return merge_guidelines({name: g for name, g in load_guidelines(lang).items() if name in LABEL_NAMES},
                            dataset_guidelines(pair[0]) if pair is not None else {})


def row_items(rows: Sequence[Row], labels: Sequence[bool | None]) -> list[FocusItem]:
    """The rows of one case as focus items (each unit numbered among its kind's units in the table)."""
    order: dict[str, list[str]] = {}
    for row in rows:
        ids = order.setdefault(row.kind, [])
        if row.unit_id not in ids:
            ids.append(row.unit_id)
    return [FocusItem(row.kind, order[row.kind].index(row.unit_id), len(order[row.kind]), row.field, label,
                      row.unit_id) for row, label in zip(rows, labels, strict=True)]


class AgreementFocus(RagUnitsFocus):
    """Focus mode over the agreement page's pair: annotator ``annotator``'s labels of the rows of ``field``."""

    prefix = "agr"
    case_key = CASE_KEY

    def __init__(self, view: AgreementView, field: str, annotator: str, lang: str) -> None:
        self.view, self.field, self.annotator = view, field, annotator
        self.guidelines: Mapping[str, Guideline] = pair_guidelines(view, lang)

    def _shown(self, case: int) -> tuple[CaseRef, tuple[Row, ...]]:
        """A case and its rows the annotator's file has (a unit only the other file has cannot be labelled)."""
        ref = self.view.cases()[case]
        if (ref.a if self.annotator == "a" else ref.b) is None:
            return ref, ()
        return ref, tuple(row for row in case_rows(self.view.pair, ref, self.field)
                          if row.position(self.annotator) is not None)

    def _labels(self, ref: CaseRef, rows: Sequence[Row], side: str) -> list[bool | None]:
        return [row_labels(self.view.pair, ref, row)[ANNOTATORS.index(side)] for row in rows]

    def case_count(self) -> int:
        return len(self.view.cases())

    def case_index(self) -> int:
        return self.view.case_index(self.case_count())

    def items(self, case: int) -> Sequence[FocusItem]:
        ref, rows = self._shown(case)
        return row_items(rows, self._labels(ref, rows, self.annotator))

    def counts(self) -> tuple[int, int]:
        labels = [value for case in range(self.case_count()) for value in self._labels(*self._shown(case),
                                                                                       self.annotator)]
        return sum(value is not None for value in labels), len(labels)

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        ref, rows = self._shown(case)
        row = next(row for row in rows if row.unit_id == item.unit_id and row.field == item.field)
        stored = self.view.set_label(self.annotator, ref, row, value)
        if stored is None:
            add_note("focus.agr_refused")
        return bool(stored)

    def _case(self, ref: CaseRef) -> RagCase:
        side = self.annotator if (ref.a if self.annotator == "a" else ref.b) is not None else \
            ("b" if self.annotator == "a" else "a")
        index = ref.a if side == "a" else ref.b
        return self.view.pair[ANNOTATORS.index(side)].cases[index]

    def unit_view(self, case: int, item: FocusItem) -> UnitView:
        ref, rows = self._shown(case)
        row = next(row for row in rows if row.unit_id == item.unit_id and row.field == item.field)
        a, b = row_labels(self.view.pair, ref, row)
        other = "b" if self.annotator == "a" else "a"
        theirs = a if other == "a" else b
        return UnitView(row.text, (
            f"{self.kind_name(item.kind)} {row.unit_id}",
            t("focus.agr_other", annotator=other.upper(),
              value=t("focus.value.none" if theirs is None else "focus.value.yes" if theirs else "focus.value.no"),
              differ=f" · {DIFFER}" if differs(a, b) else "")))

    def draw_against(self, case: int, item: FocusItem) -> None:
        draw_judged_against(self._case(self._shown(case)[0]), item.field)


def annotator_choice() -> str:
    """Whose labels focus mode sets: two buttons (keys A and B), the current one primary."""
    stored = current_workspace().setting(ANNOTATOR_KEY)
    chosen = stored if stored in ANNOTATORS else "a"
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown(t("focus.agr_annotator"), width="content")
        for side in ANNOTATORS:
            st.button(t(f"agr.col.{side}"), key=f"{ANNOTATOR_KEY}_{side}", shortcut=ANNOTATOR_SHORTCUTS[side],
                      type="primary" if side == chosen else "secondary", on_click=save_settings,
                      args=({ANNOTATOR_KEY: side},))
    return chosen


SIDE_SHOWN = "agr_focus_side_shown"  # session state: (changed, store problem) as the side fragments last showed them


def agreement_focus(view: AgreementView, field: str, label_field: str | None, lang: str,
                    store_label_edits: Callable[[], None], side: Sequence[str], lesson: Sequence[str]) -> None:
    """Focus mode in one fragment with the figures above it and the tables below (a key is one script run: a
    keyed rerun of several fragments from a callback is two). The ``side`` fragments (downloads and reset, the
    saved line) rerun with it when they would show something else; ``lesson`` with every key while a lesson is
    open; a move to another case reruns the whole page."""
    rerun = key_rerun(FOCUS_FRAGMENT, SIDE_SHOWN, lambda: view.changed, view.workspace, side, lesson)

    @st.fragment(key=FOCUS_FRAGMENT)
    def body() -> None:
        store_label_edits()
        draw_figures(view, label_field, lang)
        st.header(t("agr.labels_title"))
        cases = view.cases()
        if len(cases) > 1:
            shown = kept(st.selectbox, CASE_KEY, 0, t("common.case"), options=list(range(len(cases))),
                         format_func=lambda i, cases=cases: f"{cases[i].id} · {cases[i].question[:80]}")
            whole_choice(f"{cases[shown].id} · {cases[shown].question}", MAIN_CHOICE_ROOM)
        draw_focus(AgreementFocus(view, field, annotator_choice(), lang), lang, rerun)
        draw_tables(view, label_field, lang)

    body()
