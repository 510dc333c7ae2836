"""Focus mode on the compare page: one label at a time of the system on screen, by keys, as on the RAG page
(:mod:`ui.widgets.rag_focus`), through that system's own write path (its records of the pair).

The page's case choice is a position in system A's cases; system B's file may hold the same cases in another
order, so each case is found by its id in the shown system's file. Focus mode is not a fragment here: a key reruns
the whole page, so the verdicts, tables and flipped cases above and below it always show the label just given (a
fragment would leave them one label behind until the next full run).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ui.page_data.compare import SystemView
from ui.widgets.focus import FocusItem, UnitView, draw_focus
from ui.widgets.rag_focus import RagFocus
from uncase_core.shared.guidelines import Guideline

VIEW_KEY = "cmp_label_view"  # workspace setting: "grid" or "focus"


class SystemFocus(RagFocus):
    """Focus mode over one system of the pair, its cases in the page's order (system A's)."""

    view: SystemView

    def __init__(self, view: SystemView, guidelines: Mapping[str, Guideline]) -> None:
        super().__init__(view, guidelines)

    def _own(self, case: int) -> int:
        return self.view.own_index(case)

    def case_index(self) -> int:
        return self.view.compare.case_index()

    def items(self, case: int) -> Sequence[FocusItem]:
        return super().items(self._own(case))

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        return super().write(self._own(case), item, value)

    def unit_view(self, case: int, item: FocusItem) -> UnitView:
        return super().unit_view(self._own(case), item)

    def draw_against(self, case: int, item: FocusItem) -> None:
        super().draw_against(self._own(case), item)


def system_focus(view: SystemView, guidelines: Mapping[str, Guideline], lang: str) -> None:
    """The shown system's focus mode; each key is a full run of the page (see the module's docstring)."""
    draw_focus(SystemFocus(view, guidelines), lang, lambda moved: None)
