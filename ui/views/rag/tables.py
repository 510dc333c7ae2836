"""The RAG page's label tables: one data editor per kind of unit (passages, claims, reference facts), each with the
figures it moves right under it, and, after a room's reveal, the reference and the class's answers beside them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd
import streamlit as st

from ui.frame.fragments import mark_drawn
from ui.frame.state import t
from ui.page_data.rag_cases import RagView
from ui.views.rag.evaluations import case_evaluation
from ui.views.rag.settings import current_settings
from ui.widgets.guidelines import guidelines_popover
from ui.widgets.layout import (
    ID_COLUMN_WIDTH,
    LABEL_COLUMN_WIDTH,
    TABLE_WIDTH,
    fitted_width,
    row_height,
    table_height,
    text_column_width,
)
from ui.widgets.names import metric_name
from ui.widgets.proportions import distribution_text, proportion_text
from ui.widgets.text import literal
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import LABEL_FIELDS, RagCase
from uncase_core.shared.guidelines import Guideline

VIEW_KEY = "rag_workspace"  # session state: this run's RagView, where scripts and tests find the editors' keys


def reveal_columns(class_units: Mapping[tuple, Any]) -> Callable[[RagCase, str, pd.DataFrame], pd.DataFrame]:
    """After the reveal: each label's reference and the class's distribution beside the person's own."""
    def decorate(case: RagCase, kind: str, frame: pd.DataFrame) -> pd.DataFrame:
        for field in LABEL_FIELDS[kind]:
            found = [class_units.get((case.id, kind, unit_id, field)) for unit_id in frame["id"]]
            frame[f"reference_{field}"] = [None if u is None or u.reference is None else ("✓" if u.reference else "✗")
                                           for u in found]
            frame[f"class_{field}"] = [None if u is None else distribution_text(u.yes, u.no, u.unlabelled)
                                       for u in found]
        return frame

    return decorate


def open_view(view: RagView) -> RagView:
    """Keep this run's view where scripts driving the page find the label tables (``VIEW_KEY``)."""
    st.session_state[VIEW_KEY] = view
    return view


def near_results(workspace: RagView, kind: str, store_label_edits: Callable[[], None],
                 settings: Callable[[], rag.Settings] | None = None) -> None:
    """Under each table, the figures it moves: on a phone, where the full results are far below. ``settings``
    gives the settings to use (default: the RAG page's sidebar)."""

    @st.fragment(key=f"rag_near_{kind}")
    def figures() -> None:
        mark_drawn(f"rag_near_{kind}")
        store_label_edits()
        chosen = settings() if settings is not None else current_settings(show_errors=False)
        evaluation = case_evaluation(workspace.case, chosen)
        st.caption(" · ".join(f"**{metric_name(name)}** "
                              f"{proportion_text(evaluation.metrics[name], 'rag.case.interval')}"
                              for name in rag.METRICS if rag.METRIC_UNITS[name][0] == kind))

    figures()


def draw_label_tables(workspace: RagView, lang: str, frozen: bool, revealed: bool,
                      rerun_results: Callable[[], None], store_label_edits: Callable[[], None],
                      settings: Callable[[], rag.Settings] | None = None,
                      guidelines: Mapping[str, Guideline] | None = None, table_width: int = TABLE_WIDTH) -> None:
    """The question, the answer and one table per kind of unit (full runs only); ``settings`` as in
    :func:`near_results`; ``guidelines`` one click away over each table; rows sized for a table ``table_width``
    wide (a phone's unless told: the narrowest the page's tables get)."""
    case = workspace.case
    st.markdown(f"**{t('common.question')}** {literal(case.question)}")
    st.markdown(f"**{t('common.answer')}** {literal(case.answer)}" if case.answer else f"**{t('common.answer')}** —")
    for kind in LABEL_FIELDS:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{t(f'units.{kind}')}** · {t(f'units.{kind}_help')}", width="stretch")
            if guidelines:
                guidelines_popover(guidelines, LABEL_FIELDS[kind], lambda name: t(f"label.{name}"),
                                   key=f"{workspace.prefix}_guide_{kind}")
        units = case.units(kind)
        if not units:
            st.caption(t("units.none"))
            # every result fragment runs in every run (by key)
            near_results(workspace, kind, store_label_edits, settings)
            continue
        key = workspace.editor_key(kind, lang)
        base = workspace.editor_base(kind, lang, has_widget_state=key in st.session_state)
        columns = {"id": st.column_config.TextColumn(t("units.id"), disabled=True, width=ID_COLUMN_WIDTH)}
        order, revealed_columns = list(LABEL_FIELDS[kind]), []
        for label in LABEL_FIELDS[kind]:
            columns[label] = st.column_config.CheckboxColumn(t(f"label.{label}"), help=t(f"label.{label}_help"),
                                                             width=LABEL_COLUMN_WIDTH, disabled=frozen)
            if revealed:  # wide enough for the header and the class's "14 yes / 6 no / 3 not labelled"
                for column, header in ((f"reference_{label}", "room.col.reference_of"),
                                       (f"class_{label}", "room.col.class_of")):
                    title = t(header, label=t(f"label.{label}"))
                    values = list(base[column]) if column in base else []
                    columns[column] = st.column_config.TextColumn(title, disabled=True,
                                                                  width=fitted_width(title, values))
                    revealed_columns.append(column)
        # The text comes before a room's reference and class columns and is sized without them: on a table too
        # narrow for all, those scroll into view and the text stays (it was pushed out of view).
        text_width = text_column_width([columns[name]["width"] for name in ("id", *order)], table_width=table_width)
        columns["text"] = st.column_config.TextColumn(t("units.text"), disabled=True, width=text_width)
        # Rows tall enough to read each text in full where its box is ticked.
        height_of_row = row_height(([u.text for u in units], text_width))
        st.data_editor(base, column_config=columns, hide_index=True,
                       column_order=[*order, "id", "text", *revealed_columns], row_height=height_of_row,
                       height=table_height(len(units), height_of_row), num_rows="fixed", width="stretch", key=key,
                       on_change=rerun_results)
        near_results(workspace, kind, store_label_edits, settings)


# A class column's longest value as the room writes it ("14 yes / 6 no / 3 not labelled"), for the width below.
CLASS_VALUE_SAMPLE = "00 yes / 00 no / 00 not labelled"


def label_tables_width(workspace: RagView, revealed: bool, table_width: int = TABLE_WIDTH) -> int:
    """The width the label tables need to show every column: ``table_width`` before a reveal; after it, the text
    as sized for ``table_width`` plus the widest table's reference and class columns."""
    if not revealed:
        return table_width
    widest = 0
    for kind in LABEL_FIELDS:
        if workspace.case.units(kind):
            titles = [t(header, label=t(f"label.{label}")) for label in LABEL_FIELDS[kind]
                      for header in ("room.col.reference_of", "room.col.class_of")]
            widest = max(widest, sum(fitted_width(title, (CLASS_VALUE_SAMPLE,)) for title in titles))
    return table_width + widest
