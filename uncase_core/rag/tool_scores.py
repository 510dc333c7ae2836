"""The scores another tool's judge gave each case (a RAGAS score column such as ``faithfulness``, a DeepEval metric,
a promptfoo assertion), one column per metric, each with its mean over cases and the betting interval of
:mod:`uncase_core.stats.score_means`; and two runs' columns compared case by case.

The scores are those an import keeps on each case (``judge_scores``, :func:`uncase_core.rag.sources.judge_scores`):
never hand labels, and never mixed with them. A column is one metric name, in the order the metrics first appear. A
case without that metric, or with no score for it, counts as missing. The interval needs scores in [0, 1] (what
RAGAS and DeepEval give); a column with a score outside it (a promptfoo grader may give any number) is listed with
its counts and no interval (``withheld`` says why). Two runs are matched by case id: cases only one run has are
counted, and a metric only one run has is listed with no comparison.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.sources import judge_scores
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.score_means import ScoreDifference, ScoreMean, score_difference, score_mean

Withheld = Literal["outside_unit_range", "only_in_a", "only_in_b"]
WITHHELD: tuple[Withheld, ...] = ("outside_unit_range", "only_in_a", "only_in_b")


@dataclass(frozen=True, kw_only=True)
class ScoreColumn:
    """One metric's scores over the cases: ``mean`` with its interval (None when ``withheld``), ``outside`` the
    scores outside [0, 1]."""

    metric: str
    dimension: str | None
    cases: int
    mean: ScoreMean | None
    outside: int = 0
    withheld: Withheld | None = None

    def to_dict(self) -> dict[str, object]:
        return {"metric": self.metric, "dimension": self.dimension, "cases": self.cases,
                "mean": None if self.mean is None else self.mean.to_dict(), "outside": self.outside,
                "withheld": self.withheld}


@dataclass(frozen=True, kw_only=True)
class ScoreComparison:
    """One metric in two runs, over the cases both have (matched by id): ``difference`` is B minus A with its
    interval and verdict (None when ``withheld``); ``only_a`` and ``only_b`` count the cases one run alone has."""

    metric: str
    dimension: str | None
    difference: ScoreDifference | None
    only_a: int
    only_b: int
    outside: int = 0
    withheld: Withheld | None = None

    def to_dict(self) -> dict[str, object]:
        return {"metric": self.metric, "dimension": self.dimension,
                "difference": None if self.difference is None else self.difference.to_dict(),
                "only_a": self.only_a, "only_b": self.only_b, "outside": self.outside, "withheld": self.withheld}


def _cases(data: RagDataset | Iterable[RagCase]) -> tuple[RagCase, ...]:
    return data.cases if isinstance(data, RagDataset) else tuple(data)


def score_table(data: RagDataset | Iterable[RagCase]) -> dict[str, tuple[str | None, list[float | None]]]:
    """Metric -> (the dimension it scores, its score on each case in order; None where the case has none). A
    metric a case gives twice counts its first score."""
    cases = _cases(data)
    table: dict[str, tuple[str | None, list[float | None]]] = {}
    for index, case in enumerate(cases):
        for score in judge_scores(case, f"cases[{index}]"):
            if score.metric not in table:
                table[score.metric] = (score.dimension, [None] * len(cases))
            column = table[score.metric][1]
            if column[index] is None:
                column[index] = score.score
    return table


def _outside(values: Iterable[float | None]) -> int:
    return sum(1 for value in values if value is not None and not 0.0 <= value <= 1.0)


ScoreTable = Mapping[str, tuple[str | None, Sequence[float | None]]]  # what score_table gives


def score_columns(data: RagDataset | Iterable[RagCase],
                  confidence: float = DEFAULT_CONFIDENCE) -> tuple[ScoreColumn, ...]:
    """Each metric the cases came with, its mean over the cases and its interval (none when the cases came with no
    tool's scores)."""
    return columns_of_table(score_table(data), confidence)


def columns_of_table(table: ScoreTable, confidence: float = DEFAULT_CONFIDENCE) -> tuple[ScoreColumn, ...]:
    """:func:`score_columns` of a :func:`score_table` (a page caches on the table: labels do not move it)."""
    columns = []
    for metric, (dimension, values) in table.items():
        outside = _outside(values)
        mean = None if outside else score_mean(list(values), confidence, where=metric)
        columns.append(ScoreColumn(metric=metric, dimension=dimension, cases=len(values), mean=mean, outside=outside,
                                   withheld="outside_unit_range" if outside else None))
    return tuple(columns)


def compare_score_columns(run_a: RagDataset | Iterable[RagCase], run_b: RagDataset | Iterable[RagCase],
                          confidence: float = DEFAULT_CONFIDENCE) -> tuple[ScoreComparison, ...]:
    """Each metric of either run (A's order, then B's new ones): B's scores minus A's on the cases both have,
    matched by id, with the interval and verdict of :func:`~uncase_core.stats.score_means.score_difference`."""
    cases_a, cases_b = _cases(run_a), _cases(run_b)
    return compare_tables([case.id for case in cases_a], score_table(cases_a), [case.id for case in cases_b],
                          score_table(cases_b), confidence)


def compare_tables(ids_a: Sequence[str], table_a: ScoreTable, ids_b: Sequence[str], table_b: ScoreTable,
                   confidence: float = DEFAULT_CONFIDENCE) -> tuple[ScoreComparison, ...]:
    """:func:`compare_score_columns` of two :func:`score_table` and their case ids, in the same order."""
    in_b = set(ids_b)
    shared = [case_id for case_id in ids_a if case_id in in_b]
    only_a, only_b = len(set(ids_a) - in_b), len(in_b - set(ids_a))
    comparisons = []
    for metric in [*table_a, *(m for m in table_b if m not in table_a)]:
        dimension = (table_a.get(metric) or table_b[metric])[0]
        if metric not in table_b or metric not in table_a:
            comparisons.append(ScoreComparison(metric=metric, dimension=dimension, difference=None, only_a=only_a,
                                               only_b=only_b, withheld="only_in_a" if metric in table_a
                                               else "only_in_b"))
            continue
        a = dict(zip(ids_a, table_a[metric][1], strict=True))
        b = dict(zip(ids_b, table_b[metric][1], strict=True))
        first, second = [a[i] for i in shared], [b[i] for i in shared]
        outside = _outside(first) + _outside(second)
        difference = None if outside else score_difference(first, second, confidence)
        comparisons.append(ScoreComparison(metric=metric, dimension=dimension, difference=difference, only_a=only_a,
                                           only_b=only_b, outside=outside,
                                           withheld="outside_unit_range" if outside else None))
    return tuple(comparisons)
