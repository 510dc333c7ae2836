"""The result of Check: per drill case, the failing dimensions the person's labels give against the answer key's,
and unit by unit their label, the key's and why (the change the drill made), with the agreement and its interval."""

from __future__ import annotations

from types import MappingProxyType

import pandas as pd
import streamlit as st

from ui.frame.state import t
from ui.i18n import has_key
from ui.widgets.names import label_value, metric_name
from ui.widgets.proportions import proportion_text
from ui.widgets.text import literal, text_table
from uncase_core.rag.drills import CaseCheck, DrillCheck, UnitCheck
from uncase_core.rag.evaluation import METRICS
from uncase_core.shared.notes import Note

MARKS = MappingProxyType({"match": "✓", "mismatch": "✗", "unlabelled": "–"})


def note_text(note: Note) -> str:
    """Why a unit's key label is what it is, in the reader's language (``drill.note.<code>``)."""
    key = f"drill.note.{note.code}"
    return t(key, **{name: str(value) for name, value in note.params.items()}) if has_key(key) else note.code


def _names(dimensions: tuple[str, ...]) -> str:
    ordered = [name for name in METRICS if name in dimensions]
    return ", ".join(metric_name(name) for name in ordered) if ordered else t("drill.none_failing")


def unit_rows(case: CaseCheck, texts: dict[tuple[str, str], str]) -> pd.DataFrame:
    def row(unit: UnitCheck) -> dict[str, str]:
        return {
            t("drill.col.unit"): f"{t(f'units.{unit.kind}')} {unit.unit_id}",
            t("drill.col.text"): texts.get((unit.kind, unit.unit_id), ""),
            t("drill.col.label"): t(f"label.{unit.label}"),
            t("drill.col.yours"): label_value(unit.given),
            t("drill.col.key"): label_value(unit.expected),
            t("drill.col.result"): f"{MARKS[unit.status]} {t(f'drill.status.{unit.status}')}",
            t("drill.col.why"): note_text(unit.note),
        }

    return pd.DataFrame([row(unit) for unit in case.units])


def draw_case_check(case: CaseCheck, texts: dict[tuple[str, str], str]) -> None:
    st.markdown(f"### {literal(case.case_id)}")
    line = t("drill.failing_line", yours=_names(case.given_failing), answer=_names(case.expected_failing))
    if case.failing_matches:
        st.success(t("drill.failing_match") + " " + line)
    else:
        st.error(t("drill.failing_mismatch") + " " + line)
    st.markdown(t("drill.agreement_case", value=proportion_text(case.agreement, "drills.agreement")))
    if not case.complete:
        st.caption(t("drill.incomplete"))
    text_table(unit_rows(case, texts), hide_index=True, width="stretch")


def draw_check(check: DrillCheck, texts: dict[str, dict[tuple[str, str], str]]) -> None:
    """The summary, then each case (``texts``: case id -> (kind, unit id) -> the unit's text)."""
    st.header(t("drill.check_title"))
    st.markdown(t("drill.summary", matching=check.cases_matching, total=len(check.cases),
                  value=proportion_text(check.agreement, "drills.agreement")))
    st.caption(t("drill.check_help"))
    for case in check.cases:
        draw_case_check(case, texts.get(case.case_id, {}))
