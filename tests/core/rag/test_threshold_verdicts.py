"""One rule for every threshold verdict (issue 48): the threshold explorer's standings follow the RAG page's policy,
and a case's four dimensions are judged together, so that "fails (clear)" holds its level for the whole diagnosis."""

from __future__ import annotations

import pytest

from uncase_core.rag.cases import RagCase, Unit
from uncase_core.rag.evaluation import diagnose
from uncase_core.rag.thresholds import case_standings, composite_standings, sweep_threshold, threshold_grid
from uncase_core.stats.policy import holm_clear, threshold_certainty
from uncase_core.stats.proportions import Proportion

NA = Proportion.from_counts(0, 0)


def case(relevant: int, passages: int, case_id: str = "c") -> RagCase:
    return RagCase(id=case_id, question="q", answer="a",
                   passages=tuple(Unit(f"p{i}", "t", {"relevant": i < relevant}) for i in range(passages)))


def test_zero_of_one_at_80_percent_is_not_a_clear_fail_in_the_explorer():
    # Wilson's interval of 0 of 1 ends at 79.3%, below 80%; a true 80% gives 0 of 1 a fifth of the time.
    standing = case_standings([case(0, 1)], "context_relevance", 0.8)[0]
    assert standing.high < 0.8 and not standing.passes
    assert standing.standing == "uncertain"
    point = next(p for p in sweep_threshold([case(0, 1)], "context_relevance", [0.8]).points)
    assert (point.clear_fail, point.uncertain) == (0, 1)


def test_the_explorer_says_what_the_rag_page_says_at_every_slider_threshold():
    cases = [case(k, n, f"c{n}-{k}") for n in (1, 2, 3, 5, 8, 13, 20) for k in range(n + 1)]
    grid = threshold_grid()
    sweep = sweep_threshold(cases, "context_relevance", grid)
    for threshold, point in zip(grid, sweep.points, strict=True):
        standings = case_standings(cases, "context_relevance", threshold)
        for c, s in zip(cases, standings, strict=True):
            p = Proportion.from_counts(int(c.id.split("-")[1]), len(c.passages))
            clear = threshold_certainty(p, threshold) == "clear"
            assert s.standing == ("uncertain" if not clear else "pass" if p.value >= threshold else "fail"), (
                c.id, threshold)
        counts = [sum(s.standing == side for s in standings) for side in ("pass", "uncertain", "fail")]
        assert counts == [point.clear_pass, point.uncertain, point.clear_fail], threshold


def test_a_composite_of_one_dimension_is_judged_as_that_dimension():
    weights = {"context_relevance": 1.0, "faithfulness": 0.0, "correctness": 0.0, "coverage": 0.0}
    assert composite_standings([case(0, 1)], weights, 0.8)[0].standing == "uncertain"
    assert composite_standings([case(0, 20)], weights, 0.8)[0].standing == "fail"
    assert composite_standings([case(20, 20)], weights, 0.8)[0].standing == "pass"


def test_four_verdicts_each_clear_alone_are_not_all_clear_together():
    # 0 of 5 at 50%: exact p = 0.031, clear alone; four of them said together need p <= 0.0125 first (Holm).
    alone = diagnose({"context_relevance": Proportion.from_counts(0, 5), "faithfulness": NA, "correctness": NA,
                      "coverage": NA}, {"context_relevance": 0.5})
    assert alone.clear_failing == ("context_relevance",)
    weak = Proportion.from_counts(0, 5)
    together = diagnose({n: weak for n in ("context_relevance", "faithfulness", "correctness", "coverage")},
                        {n: 0.5 for n in ("context_relevance", "faithfulness", "correctness", "coverage")})
    assert together.failing == ("context_relevance", "faithfulness", "correctness", "coverage")
    assert together.clear_failing == ()
    assert set(together.held_by_correction) == set(together.failing)


def test_holm_steps_down_one_verdict_at_a_time():
    p_values = [0.01, 0.015, 0.04, 0.3]
    clear = holm_clear([lambda level, p=p: p <= level for p in p_values], 0.05)
    # 0.01 <= 0.05/4; 0.015 <= 0.05/3; 0.04 > 0.05/2: Holm stops there.
    assert clear == [True, True, False, False]


@pytest.mark.parametrize("successes", [0, 1, 20])
def test_a_clear_failure_stays_clear_when_the_others_are_clear_too(successes):
    strong_fail = Proportion.from_counts(0, 40)
    other = Proportion.from_counts(successes, 20)
    diagnosis = diagnose({"context_relevance": strong_fail, "faithfulness": other, "correctness": other,
                          "coverage": other})
    assert "context_relevance" in diagnosis.clear_failing
