"""The answer key a room will take, shown before it opens: which units miss a reference label (named, unit by unit)
and, one switch away, the whole key as a table. Wherever a room is made on RAG cases (the editor, the RAG page, the
drills page, the room form) the teacher sees this above the button that opens it."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.frame.state import t
from ui.widgets.layout import figure_table
from ui.widgets.names import label_value
from ui.widgets.text import literal
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.references import KeyUnit, answer_key

GAPS_LISTED = 12  # named one by one above the button; the review table lists the rest


def _labels_text(names: tuple[str, ...]) -> str:
    return ", ".join(t(f"label.{name}") for name in names)


def _gap_line(unit: KeyUnit) -> str:
    return t("room.key.gap_line", case=literal(unit.case_id), unit=literal(unit.unit_id),
             kind=t(f"agr.kind.{unit.kind}"), labels=_labels_text(unit.missing))


def _key_table(units: tuple[KeyUnit, ...]) -> pd.DataFrame:
    reference = ["; ".join(f"{t(f'label.{name}')}: {label_value(value)}" for name, value in unit.labels)
                 for unit in units]
    return pd.DataFrame({t("room.key.case"): [unit.case_id for unit in units],
                         t("room.key.unit"): [f"{unit.unit_id} ({t(f'agr.kind.{unit.kind}')})" for unit in units],
                         t("room.key.reference"): reference,
                         t("room.key.text"): [unit.text for unit in units]})


def answer_key_review(dataset: RagDataset, prefix: str) -> None:
    """The key's gaps named (or that it is complete), then a switch keyed ``<prefix>_key_review`` showing every unit
    with its reference labels."""
    units = answer_key(dataset)
    gaps = tuple(unit for unit in units if unit.missing)
    if gaps:
        st.warning(t("room.key.gaps", count=len(gaps), total=len(units)))
        lines = [f"- {_gap_line(unit)}" for unit in gaps[:GAPS_LISTED]]
        if len(gaps) > GAPS_LISTED:
            lines.append(f"- {t('room.key.more', count=len(gaps) - GAPS_LISTED)}")
        st.markdown("\n".join(lines))
    else:  # a caption, not a green box: beside the RAG page's diagnosis a green light would read as a verdict
        st.caption(t("room.key.complete", count=len(units)))
    if units and st.toggle(t("room.key.review"), key=f"{prefix}_key_review"):
        figure_table(_key_table(units), wrapped=t("room.key.text"))
