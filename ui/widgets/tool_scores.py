"""The tools' own scores on a page: each score column a file came with (RAGAS, DeepEval,
promptfoo), its mean over the cases with its betting interval and counts, on the RAG page; two runs' columns
compared case by case, B - A with its verdict, on the compare page. Nothing is drawn when no case came with a
tool's score. The judge's scores, never the person's labels (the note under the table says so)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import pandas as pd
import streamlit as st

from ui.frame.state import language, t
from ui.i18n import format_number, format_percent
from ui.widgets.figures import drawn, figure_text
from ui.widgets.names import metric_name
from ui.widgets.text import text_table
from uncase_core.rag.cases import RagCase
from uncase_core.rag.tool_scores import (
    ScoreColumn,
    ScoreComparison,
    columns_of_table,
    compare_tables,
    score_table,
)
from uncase_core.stats.score_means import ScoreDifference, ScoreMean

DECIMALS = 3  # a score's mean as the tools print theirs (0.853)
T = TypeVar("T")
MEAN_FIGURE, DIFFERENCE_FIGURE, VERDICT_FIGURE = "tool_scores.mean", "tool_scores.difference", "tool_scores.verdict"


Frozen = tuple[tuple[str, str | None, tuple[float | None, ...]], ...]  # a score table, hashable


def _frozen(cases: tuple[RagCase, ...]) -> Frozen:
    return tuple((metric, dimension, tuple(values)) for metric, (dimension, values) in score_table(cases).items())


def _thawed(frozen: Frozen) -> dict[str, tuple[str | None, tuple[float | None, ...]]]:
    return {metric: (dimension, values) for metric, dimension, values in frozen}


CACHE_KEY = "tool_scores_cache"  # session state: the last tables' results, per kind (this session's data only)


def _remembered(kind: str, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, kept in this session for ``key``: the scores move with no label or setting but the confidence,
    and a page reruns on every label (a cache shared between sessions would hold their data: never)."""
    cache = st.session_state.setdefault(CACHE_KEY, {})
    if kind not in cache or cache[kind][0] != key:
        cache[kind] = (key, compute())
    return cache[kind][1]


def _columns(cases: tuple[RagCase, ...], confidence: float, slot: str = "columns") -> tuple[ScoreColumn, ...]:
    frozen = _frozen(cases)
    return _remembered(slot, (frozen, confidence),
                       lambda: columns_of_table(_thawed(frozen), confidence))


def _comparisons(cases_a: tuple[RagCase, ...], cases_b: tuple[RagCase, ...],
                 confidence: float) -> tuple[ScoreComparison, ...]:
    ids_a, ids_b = tuple(c.id for c in cases_a), tuple(c.id for c in cases_b)
    frozen_a, frozen_b = _frozen(cases_a), _frozen(cases_b)
    return _remembered("comparisons", (ids_a, frozen_a, ids_b, frozen_b, confidence),
                       lambda: compare_tables(ids_a, _thawed(frozen_a), ids_b, _thawed(frozen_b), confidence))


def _number(value: float, signed: bool = False) -> str:
    text = format_number(abs(value) if signed else value, language(), DECIMALS)
    return (("+" if value >= 0 else "−") + text) if signed else text


def _counts(n: int, missing: int, key: str) -> str:
    return t(f"{key}_missing", n=n, missing=missing) if missing else t(key, n=n)


def mean_text(mean: ScoreMean) -> str:
    """``0.853 [0.712, 0.941]`` (``0,853 [0,712; 0,941]`` in Spanish), or N/A below 2 scores."""
    if not mean.applicable:
        drawn(MEAN_FIGURE)
        return t("tool_scores.not_applicable")
    return figure_text(MEAN_FIGURE, "tool_scores.value", mean=_number(mean.value), low=_number(mean.low),
                       high=_number(mean.high))


def difference_text(difference: ScoreDifference) -> str:
    """``+0.120 [+0.031, +0.205]``, or N/A below 2 pairs."""
    if not difference.applicable:
        drawn(DIFFERENCE_FIGURE)
        return t("tool_scores.not_applicable")
    return figure_text(DIFFERENCE_FIGURE, "tool_scores.value", mean=_number(difference.value, True),
                       low=_number(difference.low, True), high=_number(difference.high, True))


def _dimension(dimension: str | None) -> str:
    return metric_name(dimension) if dimension else "—"


def _level(confidence: float) -> str:
    return format_percent(confidence, language(), 0)


def draw_score_columns(cases: Iterable[RagCase], confidence: float) -> None:
    """A table of the cases' score columns, each with its mean, interval and counts (nothing without scores)."""
    columns = _columns(tuple(cases), confidence)
    if not columns:
        return
    rows = []
    for column in columns:
        if column.mean is None:
            mean, counts = t(f"tool_scores.withheld.{column.withheld}"), t("tool_scores.outside", n=column.outside)
        else:
            mean, counts = mean_text(column.mean), _counts(column.mean.n, column.mean.missing, "tool_scores.cases")
        rows.append({t("tool_scores.column.metric"): column.metric,
                     t("tool_scores.column.dimension"): _dimension(column.dimension),
                     t("tool_scores.column.mean"): mean, t("tool_scores.column.cases"): counts})
    st.markdown(f"**{t('tool_scores.title')}**")
    text_table(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("tool_scores.note", level=_level(confidence)))


def draw_score_comparison(cases_a: Iterable[RagCase], cases_b: Iterable[RagCase], confidence: float) -> None:
    """A table of two runs' score columns: A's and B's means, B - A over the cases both have and the verdict."""
    a, b = tuple(cases_a), tuple(cases_b)
    comparisons = _comparisons(a, b, confidence)
    if not comparisons:
        return
    means_a = {c.metric: c for c in _columns(a, confidence, "columns_a")}
    means_b = {c.metric: c for c in _columns(b, confidence, "columns_b")}

    def mean_of(columns: dict[str, ScoreColumn], metric: str) -> str:
        column = columns.get(metric)
        if column is None:
            return "—"
        return t(f"tool_scores.withheld.{column.withheld}") if column.mean is None else mean_text(column.mean)

    rows = []
    for c in comparisons:
        if c.difference is None:
            difference, verdict = t(f"tool_scores.withheld.{c.withheld}"), "—"
        else:
            difference = difference_text(c.difference)
            drawn(VERDICT_FIGURE)
            verdict = "—" if c.difference.verdict is None else t(f"tool_scores.verdict.{c.difference.verdict}")
            difference += " · " + _counts(c.difference.n, c.difference.missing, "tool_scores.pairs")
        rows.append({t("tool_scores.column.metric"): c.metric,
                     t("tool_scores.column.mean_a"): mean_of(means_a, c.metric),
                     t("tool_scores.column.mean_b"): mean_of(means_b, c.metric),
                     t("tool_scores.column.difference"): difference, t("tool_scores.column.verdict"): verdict})
    st.markdown(f"**{t('tool_scores.compare_title')}**")
    text_table(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("tool_scores.compare_note", level=_level(confidence)))
