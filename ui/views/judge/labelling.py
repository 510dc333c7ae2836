"""The judge page's labelling: the next unit to label (drawn at random), the last answer with its undo, and the
table of every answer given."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

import pandas as pd
import streamlit as st

from ui.frame.select_release import release_select_boxes, single_keys
from ui.frame.state import t
from ui.i18n import translate
from ui.views.judge.sources import NOTICE, Default, answer
from ui.views.judge.view import answer_word, draw_unit, unit_name
from ui.widgets.focus import SHORTCUTS
from ui.widgets.text import literal, text_table
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.evaluation import METRIC_UNITS

# The keys of focus mode (ui.widgets.focus.SHORTCUTS), the same in both languages: skipping is moving on.
KEYS = MappingProxyType({"yes": SHORTCUTS["yes"], "no": SHORTCUTS["no"], "skip": SHORTCUTS["next"],
                         "undo": SHORTCUTS["undo"]})
DIMENSION_OF_FIELD = MappingProxyType({field: dimension for dimension, (_, field) in METRIC_UNITS.items()})


def draw_next(judged: RagDataset, dimension: str, progress: Any, case_mode: bool, answers: Sequence[Any], seed: int,
              default: Default) -> None:
    """The next unit to label with its three buttons, then the last answer (with undo)."""
    units_word = unit_name(dimension, plural=True)
    # Each part below is one element whatever it holds (a notice or not, a unit with more or fewer passages), so the
    # buttons keep their place in the element tree from one answer to the next: a button that moved was overwritten
    # before its new copy arrived while the next run streamed in, and a key pressed in that gap was lost.
    with st.container():
        st.header(t("judge.next_title"))
        notice_slot = st.empty()  # one element with a notice or without: the count below keeps its place
        if notice := st.session_state.pop(NOTICE, None):
            notice_slot.error(notice)
        if case_mode:
            st.caption(t("judge.progress_cases", labelled=progress.labelled, pool=progress.pool,
                         skipped=progress.skipped, units=units_word))
        else:
            st.caption(t("judge.progress", labelled=progress.labelled, pool=progress.pool,
                         skipped=progress.skipped, units=units_word))
        if not progress.in_order:
            st.warning(t("judge.seed_changed", seed=seed))
    target = progress.next
    if target is None and progress.pool:
        st.success(t("judge.all_done"))
    elif target is None:
        st.info(t("judge.nothing_to_label"))
    else:
        with st.container(border=True):
            with st.container():
                if case_mode:
                    st.markdown(t("judge.case_where", case_id=literal(target.case_id), unit=unit_name(dimension),
                                  position=progress.case_position + 1, count=len(progress.case_units)))
                else:
                    st.markdown(t("judge.where", unit=unit_name(dimension), unit_id=literal(target.unit_id),
                                  case_id=literal(target.case_id)))
                draw_unit(judged.cases[target.case], target, dimension)
            with st.container(horizontal=True):
                st.button(t("judge.yes"), key="judge_yes", type="primary", on_click=answer,
                          shortcut=KEYS["yes"], args=(target.record("label", True), default, dimension))
                st.button(t("judge.no"), key="judge_no", on_click=answer, shortcut=KEYS["no"],
                          args=(target.record("label", False), default, dimension))
                st.button(t("judge.skip"), key="judge_skip", on_click=answer, shortcut=KEYS["skip"],
                          args=(target.record("skip", True), default, dimension))
            st.caption(t("judge.keys_help"))
            release_select_boxes(single_keys(KEYS.values()))  # after a choice in the dimension box, 1 labels
            st.caption(t("judge.case_verdict_hidden" if case_mode else "judge.verdict_hidden"))
            st.caption(t("judge.validity"))
    if answers:
        last = answers[-1]
        last_dimension = DIMENSION_OF_FIELD[last.field]
        where = t("judge.where", unit=unit_name(last_dimension), unit_id=literal(last.unit_id),
                  case_id=literal(last.case_id))
        if last.op == "skip":  # one caption in every branch: the undo button keeps its place
            st.caption(t("judge.last_skip", where=where))
        elif case_mode:  # the judge scored the case, not this unit
            st.caption(t("judge.last_label_case", where=where, yours=answer_word(last.value)))
        else:
            verdict = judged.cases[last.case].units(last.kind)[last.unit].verdict(last.field)
            st.caption(t("judge.last_label", where=where, yours=answer_word(last.value),
                         judge=answer_word(verdict)))
        st.button(t("judge.undo"), key="judge_undo", on_click=answer, shortcut=KEYS["undo"],
                  args=(last.undo_record(), default))
    with st.expander(t("judge.why_random_title")):
        st.markdown(t("judge.why_random", seed=seed))


def draw_answers(judged: RagDataset, answers: Sequence[Any], lang: str) -> None:
    """Every answer given, the newest first, beside the judge's verdict on the same unit."""
    with st.expander(t("judge.answers_title", count=len(answers))):
        rows = []
        for given in reversed(answers):
            unit = judged.cases[given.case].units(given.kind)[given.unit]
            rows.append({
                t("common.case"): given.case_id,
                t("judge.col.unit"): f"{unit_name(DIMENSION_OF_FIELD[given.field])} {given.unit_id}",
                t("judge.dimension"): translate(lang, f"metric.{DIMENSION_OF_FIELD[given.field]}"),
                t("judge.col.yours"): t("judge.value.skipped") if given.op == "skip" else answer_word(given.value),
                t("judge.col.judge"): answer_word(unit.verdict(given.field)),
                t("units.text"): unit.text,
            })
        text_table(pd.DataFrame(rows), hide_index=True, width="stretch")
