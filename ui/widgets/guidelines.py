"""Annotation guidelines on a page: beside the unit in focus mode, one click away (a popover) over a label table.

The guidelines themselves are data (:mod:`uncase_core.shared.guidelines`): the shipped defaults in the reader's
language, replaced label by label by a dataset file's own and, in a workshop room, by the facilitator's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from ui.frame.state import t
from ui.widgets.text import literal
from uncase_core.shared.guidelines import Guideline


def draw_guideline(label: str, guideline: Guideline) -> None:
    """One label's guideline: its title, the rule, the example."""
    parts = [f"**{t('guide.title', label=label)}**", literal(guideline.text)]
    if guideline.example:
        parts.append(f":small[:gray[{t('guide.example', example=literal(guideline.example))}]]")
    st.markdown("\n\n".join(parts))


def guidelines_popover(guidelines: Mapping[str, Guideline], names: Sequence[str], label_name: Callable[[str], str],
                       key: str) -> None:
    """A "Guidelines" button that opens the guidelines of ``names`` (the labels of one table)."""
    shown = [name for name in names if name in guidelines]
    if not shown:
        return
    with st.popover(t("guide.open"), key=key, help=t("guide.open_help")):
        for name in shown:
            draw_guideline(label_name(name), guidelines[name])
