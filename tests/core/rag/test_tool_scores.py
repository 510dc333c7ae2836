"""The tools' own score columns on a dataset, each with its mean and interval, and two runs compared case by case
(issue 51 item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from uncase_core.rag.case_files import read_case_file
from uncase_core.rag.tool_scores import ScoreColumn, compare_score_columns, score_columns, score_table
from uncase_core.stats.score_means import score_mean

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "interchange"


def ragas_run(faithfulness: list[float | None], relevancy: float | None = 0.9, name: str = "run.jsonl"):
    """A RAGAS results file of len(faithfulness) rows, read as the pages read it (ids ragas-001, ...)."""
    rows = []
    for i, score in enumerate(faithfulness):
        row = {"user_input": f"question {i}", "retrieved_contexts": ["a passage"], "response": "an answer",
               "reference": "the reference", "faithfulness": score}
        if relevancy is not None:
            row["answer_relevancy"] = relevancy
        rows.append(row)
    data = "\n".join(json.dumps(row) for row in rows).encode()
    return read_case_file(data, name).dataset


def fixture(name: str):
    path = FIXTURES / name
    return read_case_file(path.read_bytes(), path.name).dataset


def test_a_ragas_files_score_columns_each_get_a_mean_and_interval():
    columns = score_columns(fixture("ragas_results_en.jsonl"))
    by_metric = {column.metric: column for column in columns}
    assert list(by_metric)[:2] == ["faithfulness", "context_precision"]
    faithfulness = by_metric["faithfulness"]
    assert isinstance(faithfulness, ScoreColumn) and faithfulness.dimension == "faithfulness"
    assert faithfulness.mean.n == 3 and faithfulness.mean.missing == 0
    assert faithfulness.mean.low <= faithfulness.mean.value <= faithfulness.mean.high
    recall = by_metric["context_recall"]  # one row has no recall score: counted, skipped
    assert (recall.mean.n, recall.mean.missing) == (2, 1)
    assert by_metric["answer_relevancy"].dimension is None  # no RAG dimension here, still a column with a mean


@pytest.mark.parametrize("name", ["deepeval_test_run_en.json", "promptfoo_results_en.json",
                                  "ragas_results_es.parquet", "ragas_results_en.csv"])
def test_every_tools_file_with_scores_gives_columns(name):
    columns = score_columns(fixture(name))
    assert columns and all(column.mean is not None and column.withheld is None for column in columns)


def test_the_column_is_the_score_mean_of_its_values():
    scores = [1.0, 1.0, 0.0, None, 0.5, 1.0, 0.83, 0.91]
    column = score_columns(ragas_run(scores))[0]
    assert column.mean == score_mean(scores)
    assert column.to_dict()["mean"]["missing"] == 1


def test_cases_without_tool_scores_give_no_columns():
    assert score_columns(fixture("deepeval_goldens_en.json")) == ()


def test_a_score_outside_0_1_withholds_the_interval_and_says_why():
    dataset = ragas_run([0.5, 0.7, 0.9])
    cases = list(dataset.cases)
    extra = dict(cases[0].extra)
    extra["judge_scores"] = [{"metric": "overall", "dimension": None, "score": 3.0, "passed": None,
                              "threshold": None, "reason": None}]
    cases[0] = type(cases[0])(**{**cases[0].__dict__, "extra": extra})
    overall = {c.metric: c for c in score_columns(cases)}["overall"]
    assert overall.mean is None and overall.withheld == "outside_unit_range" and overall.outside == 1


def test_two_runs_compared_case_by_case_by_id():
    before = ragas_run([0.6, 0.7, 0.5, 0.65, 0.55] * 8)
    after = ragas_run([0.95, 1.0, 0.9, 1.0, 0.85] * 8)
    comparisons = {c.metric: c for c in compare_score_columns(before, after)}
    faithfulness = comparisons["faithfulness"].difference
    assert faithfulness.verdict == "b_higher" and faithfulness.n == 40 and faithfulness.low > 0
    assert faithfulness.value == pytest.approx(0.34)
    relevancy = comparisons["answer_relevancy"].difference
    assert relevancy.verdict == "no_clear_difference" and relevancy.value == 0
    backwards = {c.metric: c for c in compare_score_columns(after, before)}["faithfulness"].difference
    assert backwards.verdict == "b_lower"


def test_cases_and_metrics_only_one_run_has_are_counted_not_compared():
    before = ragas_run([0.6, 0.7, 0.5, 0.65], relevancy=None)
    after = ragas_run([0.9, 1.0, 0.9, 1.0, 0.8, 0.7])
    comparisons = {c.metric: c for c in compare_score_columns(before, after)}
    assert comparisons["faithfulness"].difference.n == 4
    assert (comparisons["faithfulness"].only_a, comparisons["faithfulness"].only_b) == (0, 2)
    assert comparisons["answer_relevancy"].difference is None
    assert comparisons["answer_relevancy"].withheld == "only_in_b"
    assert comparisons["faithfulness"].to_dict()["difference"]["verdict"] in ("b_higher", "no_clear_difference")


def test_a_metric_given_twice_on_a_case_counts_its_first_score():
    dataset = ragas_run([0.5, 0.7])
    cases = list(dataset.cases)
    extra = dict(cases[0].extra)
    extra["judge_scores"] = [*extra["judge_scores"], {**extra["judge_scores"][0], "score": 0.1}]
    cases[0] = type(cases[0])(**{**cases[0].__dict__, "extra": extra})
    assert score_table(cases)["faithfulness"][1] == [0.5, 0.7]
