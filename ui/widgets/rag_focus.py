"""Focus mode over RAG cases (:mod:`ui.widgets.focus`): each label of each unit in turn, with what it is judged
against beside it: the question for a passage, the passages for "supported", the reference for "correct", the
answer for "covered". Labels go through the label tables' write path (``RagView.set_label``,
ui/page_data/rag_cases.py). The RAG, agreement and compare pages and a room's participants label in it.

A widget takes the cases it labels as a :class:`LabelledCases` (what ``RagView`` offers) rather than importing the
page data, so the widgets stay below ``ui.page_data`` (tests/test_imports.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

import streamlit as st

from ui.frame.fragments import drawn
from ui.frame.lessons import ACTIVE
from ui.frame.rooms import ROOM_GUIDELINES
from ui.frame.state import t
from ui.widgets.focus import FocusItem, FocusSource, UnitView, draw_focus, small
from ui.widgets.names import metric_name
from ui.widgets.proportions import distribution_text
from ui.widgets.text import literal
from uncase_core.assets.reader import load_guidelines
from uncase_core.rag.cases import LABEL_FIELDS, LABEL_NAMES, UNIT_KINDS, RagCase, RagDataset, dataset_guidelines
from uncase_core.rag.dimensions import METRIC_UNITS, dimension_of_label
from uncase_core.rag.edits import reference_text
from uncase_core.shared.guidelines import Guideline, merge_guidelines, read_guidelines


class LabelledCases(Protocol):
    """The RAG cases focus mode labels: ``RagView`` (ui/page_data/rag_cases.py) and its subclasses."""

    prefix: str
    case_key: str
    workspace: Any

    @property
    def dataset(self) -> RagDataset: ...

    @property
    def case_index(self) -> int: ...

    def changed(self) -> bool: ...

    def set_label(self, case: int, kind: str, unit: int, field: str, value: bool | None) -> bool: ...


KIND_KEYS = MappingProxyType({"passages": "focus.kind.passage", "claims": "focus.kind.claim",
                              "reference_facts": "focus.kind.fact"})


def case_items(case: RagCase) -> list[FocusItem]:
    """A case's labels in focus order: every passage's relevance, every claim's support, every claim's
    correctness, every fact's coverage (one dimension, one guideline, at a time)."""
    items = []
    for kind in UNIT_KINDS:
        units = case.units(kind)
        for field in LABEL_FIELDS[kind]:
            items += [FocusItem(kind, i, len(units), field, unit.label(field), unit.id) for i, unit in enumerate(units)]
    return items


class RagUnitsFocus(FocusSource):
    """What every focus mode over RAG units says the same way: a unit kind's and a label's names, and a label's
    guideline from ``guidelines`` (by label field)."""

    guidelines: Mapping[str, Guideline]

    def kind_name(self, kind: str) -> str:
        return t(KIND_KEYS[kind])

    def label_name(self, field: str) -> str:
        return t(f"label.{field}")

    def guideline(self, item: FocusItem) -> Guideline | None:
        return self.guidelines.get(item.field)


class RagFocus(RagUnitsFocus):
    """Focus mode over a :class:`LabelledCases`' dataset. ``locked`` says whether labels are locked now (a room frozen
    since the page was drawn); ``class_units`` are a revealed room's reference and class labels by unit."""

    def __init__(self, view: LabelledCases, guidelines: Mapping[str, Guideline], frozen: bool = False,
                 locked: Callable[[], bool] | None = None, class_units: Mapping[tuple, Any] | None = None) -> None:
        self.view = view
        self.prefix = view.prefix
        self.case_key = view.case_key
        self.guidelines = guidelines
        self.frozen = frozen
        self._locked = locked
        self.class_units = class_units or {}

    def case_count(self) -> int:
        return len(self.view.dataset.cases)

    def case_index(self) -> int:
        return self.view.case_index

    def items(self, case: int) -> Sequence[FocusItem]:
        return case_items(self.view.dataset.cases[case])

    def counts(self) -> tuple[int, int]:
        labelled = total = 0
        for case in self.view.dataset.cases:
            for kind in UNIT_KINDS:
                for unit in case.units(kind):
                    for field in LABEL_FIELDS[kind]:
                        total += 1
                        labelled += unit.label(field) is not None
        return labelled, total

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        return self.view.set_label(case, item.kind, item.unit, item.field, value)

    def figures(self, case: int) -> str:
        """Each dimension's yes labels of the labelled units of the case, as its card counts them ("Context
        relevance 5 of 5"): counts only, the cards carry the rates with their intervals. A dimension with no labelled
        unit says so ("not labelled yet"), never "0 of 0"."""
        found = self.view.dataset.cases[case]
        parts = []
        for name, (kind, field) in METRIC_UNITS.items():
            labels = [unit.label(field) for unit in found.units(kind)]
            labelled = [label for label in labels if label is not None]
            parts.append(t("focus.figure", name=metric_name(name), yes=sum(labelled), labelled=len(labelled))
                         if labelled else t("focus.figure.none", name=metric_name(name)))
        return t("focus.figures", figures="; ".join(parts))

    def locked_now(self) -> bool:
        return self.frozen or (self._locked is not None and self._locked())

    def unit_view(self, case: int, item: FocusItem) -> UnitView:
        found = self.view.dataset.cases[case]
        unit = found.units(item.kind)[item.unit]
        lines = [f"{self.kind_name(item.kind)} {unit.id}"]
        revealed = self.class_units.get((found.id, item.kind, unit.id, item.field))
        if revealed is not None:
            reference = t("value.unlabelled_label") if revealed.reference is None else \
                t("value.yes" if revealed.reference else "value.no")
            lines.append(t("focus.revealed", reference=reference,
                           distribution=distribution_text(revealed.yes, revealed.no, revealed.unlabelled)))
        return UnitView(unit.text, tuple(lines))

    def draw_against(self, case: int, item: FocusItem) -> None:
        draw_judged_against(self.view.dataset.cases[case], item.field)


def draw_judged_against(found: RagCase, field: str) -> None:
    """Beside a unit in focus mode: what its label ``field`` is judged against (the dimension's ``judged_against``,
    uncase_core/rag/dimensions.py): the question alone, or the question in small and then the passages, the
    reference or the answer."""
    against = dimension_of_label(field).judged_against
    if against == "question":
        st.markdown(f"**{t('focus.against.question')}**\n\n{literal(found.question)}")
        return
    question = small(f"{t('common.question')} {literal(found.question)}")
    if against == "passages":
        passages = "\n\n".join(f"**{literal(p.id)}** {literal(p.text)}" for p in found.passages)
        text = f"{question}\n\n**{t('focus.against.passages')}**\n\n{passages or t('units.none')}"
        with st.container(height=360 if len(found.passages) > 2 else "content", border=False):
            st.markdown(text)
        return
    shown = reference_text(found) if against == "reference" else found.answer
    st.markdown(f"{question}\n\n**{t(f'focus.against.{against}')}**\n\n{literal(shown) if shown.strip() else '—'}")


FOCUS_FRAGMENT = "rag_focus"
VIEW_KEY = "rag_label_view"  # workspace setting: "grid" or "focus"
SIDE_SHOWN = "rag_focus_side_shown"  # session state: (changed, store problem) as the sidebar last showed them


def rag_guidelines(dataset: Any, lang: str, room_state: Mapping[str, Any] | None = None) -> dict[str, Guideline]:
    """The guidelines the RAG labels follow: the shipped ones in ``lang``, then the dataset file's own, then a
    workshop room's (the facilitator's, in the room's state), each replacing the one before label by label."""
    room_guidelines = (room_state or {}).get(ROOM_GUIDELINES)
    return merge_guidelines({name: g for name, g in load_guidelines(lang).items() if name in LABEL_NAMES},
                            dataset_guidelines(dataset),
                            read_guidelines(room_guidelines, LABEL_NAMES) if room_guidelines else {})


def key_rerun(fragment: str, shown_key: str, changed: Callable[[], bool], workspace: Any, side: Sequence[str],
              lesson: Sequence[str]) -> Callable[[bool], None]:
    """What a key in focus mode reruns beside focus mode's ``fragment`` (which reruns by itself): the whole page
    when it moved to another case; the ``side`` fragments when they would show something else than this session
    last showed (``changed()``, a store problem: kept under ``shown_key``); ``lesson`` while a lesson is open.
    Call it in the full run: it notes what the side fragments show now. The RAG and agreement pages use it."""

    def shown() -> tuple[bool, bool]:
        return changed(), workspace.problem is not None

    def rerun(moved: bool) -> None:
        if moved:
            st.rerun()
        others = []
        if shown() != st.session_state.get(shown_key):
            st.session_state[shown_key] = shown()
            others += side
        if workspace.setting(ACTIVE):
            others += lesson
        others = drawn(others)  # a fragment this run did not draw cannot be rerun
        if others:
            st.rerun([fragment, *others])

    st.session_state[shown_key] = shown()  # what the side fragments show after this full run
    return rerun


def focus_mode(focus: RagFocus, lang: str, results: Callable[[], Any], side: Sequence[str],
               lesson: Sequence[str]) -> None:
    """Focus mode in one fragment, with the case's and the dataset's ``results`` drawn in it: a key reruns that
    fragment alone, one script run (a keyed rerun of several fragments from a callback is two runs: 60 ms more in
    Chromium here). The ``side`` fragments (the sidebar's download and reset, the saved line) rerun with it when they
    would show something else (the first change or the last undone, a store problem or its end); ``lesson`` (the
    lesson panel's) with every key while a lesson is open; a move to another case reruns the whole page, whose
    case choice then shows it."""
    rerun = key_rerun(FOCUS_FRAGMENT, SIDE_SHOWN, lambda: focus.view.changed, focus.view.workspace, side, lesson)

    @st.fragment(key=FOCUS_FRAGMENT)
    def body() -> None:
        draw_focus(focus, lang, rerun)
        results()

    body()
