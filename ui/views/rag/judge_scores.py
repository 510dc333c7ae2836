"""The judge scores a case came with from another tool (a RAGAS score column, a DeepEval metric, a promptfoo
assertion), shown on the RAG page beside the hand labels of the same dimension: never counted as labels, one click
from the judge page, where a judge is measured against the hand labels."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.frame.navigation import BY_URL
from ui.frame.page import page_link
from ui.frame.state import language, t
from ui.i18n import format_number
from ui.widgets.names import metric_name
from ui.widgets.proportions import short_proportion_text
from ui.widgets.text import text_table
from uncase_core.rag.cases import RagCase
from uncase_core.rag.evaluation import Evaluation
from uncase_core.rag.sources import judge_scores

JUDGE_PAGE = BY_URL["judge_and_hand_labels"].script


def _passed(value: bool | None) -> str:
    return "—" if value is None else t("focus.value.yes" if value else "focus.value.no")


def draw_judge_scores(case: RagCase, evaluation: Evaluation) -> None:
    """A table of the case's judge scores (metric, the dimension it scores, its score and verdict, and this case's
    hand labels of that dimension), or nothing when the case came with none."""
    scores = judge_scores(case)
    if not scores:
        return
    lang = language()
    rows = []
    for score in scores:
        hand = evaluation.metrics.get(score.dimension) if score.dimension else None
        rows.append({
            t("rag.judge.metric"): score.metric,
            t("rag.judge.dimension"): metric_name(score.dimension) if score.dimension else "—",
            t("rag.judge.score"): "—" if score.score is None else format_number(score.score, lang, 2),
            t("rag.judge.passed"): _passed(score.passed),
            t("rag.judge.hand"): "—" if hand is None else short_proportion_text(hand, "rag.case.interval"),
        })
    st.markdown(f"**{t('rag.judge.title')}**")
    text_table(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("rag.judge.note"))
    page_link(JUDGE_PAGE, t("rag.judge.link"), ":material/gavel:")
