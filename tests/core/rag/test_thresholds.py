"""Threshold and weight sweeps: pass rates with intervals, clear / uncertain / fail counts, flips."""

from __future__ import annotations

import math
from itertools import zip_longest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.rag.cases import RagCase, RagDataset, Unit
from uncase_core.rag.evaluation import METRICS, case_metrics, composite_score
from uncase_core.rag.thresholds import (
    DEFAULT_WEIGHT_GRID,
    CaseStanding,
    Flips,
    Sweep,
    case_standings,
    composite_standings,
    sweep_threshold,
    sweep_weight,
    threshold_flips,
    threshold_grid,
    weight_flips,
)
from uncase_core.stats.policy import threshold_certainty
from uncase_core.stats.proportions import Proportion, wilson_interval

Label = bool | None


def rag_case(
    case_id: str,
    relevant: list[Label] | tuple[Label, ...] = (),
    supported: list[Label] | tuple[Label, ...] = (),
    correct: list[Label] | tuple[Label, ...] = (),
    covered: list[Label] | tuple[Label, ...] = (),
) -> RagCase:
    """A case built directly from its labels, one list per dimension."""
    claims = tuple(
        Unit(f"c{i}", f"claim {i}", {"supported": s, "correct": c})
        for i, (s, c) in enumerate(zip_longest(supported, correct), start=1)
    )
    return RagCase(
        case_id,
        "question",
        tuple(Unit(f"p{i}", f"passage {i}", {"relevant": r}) for i, r in enumerate(relevant, start=1)),
        "answer",
        claims,
        tuple(Unit(f"f{i}", f"fact {i}", {"covered": c}) for i, c in enumerate(covered, start=1)),
    )


def faithfulness_cases() -> list[RagCase]:
    """Faithfulness 1, 0.75, 0.5 and 0, then two N/A cases (no claims; claims unlabelled)."""
    return [
        rag_case("a", supported=[True] * 4),
        rag_case("b", supported=[True, True, True, False]),
        rag_case("c", supported=[True, False]),
        rag_case("d", supported=[False] * 3),
        rag_case("e", relevant=[True]),
        rag_case("f", supported=[None, None]),
    ]


def where(error: pytest.ExceptionInfo[InputError]) -> str:
    return error.value.where


def tally(standings: tuple[CaseStanding, ...]) -> tuple[int, int, int, int]:
    """(passing, clear pass, uncertain, clear fail) among the standings."""
    return (
        sum(s.passes is True for s in standings),
        sum(s.standing == "pass" for s in standings),
        sum(s.standing == "uncertain" for s in standings),
        sum(s.standing == "fail" for s in standings),
    )


def assert_point_matches(point, standings: tuple[CaseStanding, ...]) -> None:
    """A sweep point's counts are exactly those of the standings at the same setting."""
    passing, clear_pass, uncertain, clear_fail = tally(standings)
    na = sum(s.standing == "na" for s in standings)
    applicable = len(standings) - na
    assert point.pass_rate.successes == passing
    assert point.pass_rate.total == applicable
    assert point.pass_rate.unlabelled == na
    assert (point.clear_pass, point.uncertain, point.clear_fail) == (clear_pass, uncertain, clear_fail)
    assert clear_pass + uncertain + clear_fail == applicable
    if applicable:
        assert point.pass_rate == Proportion.from_counts(passing, applicable, na, point.pass_rate.confidence)
    else:
        assert point.pass_rate.value is None and point.pass_rate.low is None and point.pass_rate.high is None


labels = st.lists(st.sampled_from([True, False, None]), max_size=6)
datasets = st.lists(
    st.tuples(labels, labels, labels, labels), min_size=1, max_size=12
).map(lambda rows: [rag_case(f"case-{i}", *row) for i, row in enumerate(rows)])
unit_values = st.integers(min_value=0, max_value=20).map(lambda k: k / 20)


# ---------------------------------------------------------------- grid


def test_default_grid_has_21_clean_values():
    grid = threshold_grid()
    assert len(grid) == 21
    assert grid[0] == 0.0 and grid[-1] == 1.0
    assert grid[6] == 0.3  # not 0.30000000000000004
    assert grid == tuple(k / 20 for k in range(21))


def test_grid_always_ends_at_stop():
    assert threshold_grid(0.0, 1.0, 0.3) == (0.0, 0.3, 0.6, 0.9, 1.0)
    assert threshold_grid(0.1, 0.3, 0.1) == (0.1, 0.2, 0.3)
    assert threshold_grid(0.5, 0.5, 0.1) == (0.5,)
    assert threshold_grid(0.2, 0.9, 0.25) == (0.2, 0.45, 0.7, 0.9)


@pytest.mark.parametrize(
    ("kwargs", "place"),
    [
        ({"step": 0}, "step"),
        ({"step": -0.1}, "step"),
        ({"step": math.nan}, "step"),
        ({"step": True}, "step"),
        ({"step": 1e-9}, "step"),
        ({"start": 0.8, "stop": 0.2}, "start"),
        ({"start": -0.1}, "start"),
        ({"stop": 1.5}, "stop"),
        ({"stop": math.nan}, "stop"),
        ({"start": "0"}, "start"),
    ],
)
def test_bad_grid_is_rejected(kwargs, place):
    with pytest.raises(InputError) as error:
        threshold_grid(**kwargs)
    assert where(error) == place


# ---------------------------------------------------------------- threshold sweep


def test_known_pass_rates_and_na_cases():
    cases = faithfulness_cases()
    sweep = sweep_threshold(cases, "faithfulness", [0.0, 0.5, 0.75, 0.8, 1.0])
    assert isinstance(sweep, Sweep)
    assert (sweep.metric, sweep.kind) == ("faithfulness", "threshold")
    assert sweep.not_applicable == ("e", "f")
    assert [p.x for p in sweep.points] == [0.0, 0.5, 0.75, 0.8, 1.0]
    # Values 1, 0.75, 0.5, 0: a case passes when value >= threshold; N/A cases are unlabelled, not failures.
    assert [p.pass_rate.successes for p in sweep.points] == [4, 3, 2, 1, 1]
    for point in sweep.points:
        assert point.pass_rate.total == 4
        assert point.pass_rate.unlabelled == 2
        assert point.pass_rate == Proportion.from_counts(point.pass_rate.successes, 4, 2)
        assert (point.pass_rate.low, point.pass_rate.high) == wilson_interval(point.pass_rate.successes, 4)


def test_default_thresholds_and_dataset_input():
    cases = faithfulness_cases()
    sweep = sweep_threshold(RagDataset(tuple(cases)), "faithfulness")
    assert [p.x for p in sweep.points] == list(threshold_grid())
    assert sweep == sweep_threshold(cases, "faithfulness", threshold_grid())


def test_standings_by_hand():
    cases = faithfulness_cases()
    standings = case_standings(cases, "faithfulness", 0.7)
    assert [s.case_id for s in standings] == ["a", "b", "c", "d", "e", "f"]
    assert [s.passes for s in standings] == [True, True, False, False, None, None]
    a, _, _, d, e, f = standings
    assert (a.value, a.low, a.high) == (1.0, *wilson_interval(4, 4))
    assert (d.value, d.low, d.high) == (0.0, *wilson_interval(0, 3))
    # 4/4 has a Wilson low near 0.51, so even a perfect case is uncertain at 0.7; 0/3 reaches only 0.56.
    assert a.low < 0.7 and d.high < 0.7
    assert [s.standing for s in standings] == ["uncertain"] * 3 + ["fail", "na", "na"]
    for na in (e, f):
        assert na == CaseStanding(na.case_id, None, None, None, None, "na")


def test_one_of_one_is_uncertain_and_fifty_of_fifty_is_clear():
    cases = [
        rag_case("one", covered=[True]),
        rag_case("fifty", covered=[True] * 50),
        rag_case("none-of-fifty", covered=[False] * 50),
        rag_case("half", covered=[True, False] * 25),
        rag_case("unlabelled", covered=[None]),
    ]
    standings = case_standings(cases, "coverage", 0.5)
    assert [s.standing for s in standings] == ["uncertain", "pass", "fail", "uncertain", "na"]
    assert [s.passes for s in standings] == [True, True, False, True, None]
    point = sweep_threshold(cases, "coverage", [0.5]).points[0]
    assert (point.clear_pass, point.uncertain, point.clear_fail) == (1, 2, 1)
    assert_point_matches(point, standings)


def test_lower_confidence_gives_more_clear_verdicts():
    cases = [rag_case(f"c{k}", supported=[True] * k + [False] * (10 - k)) for k in range(11)]
    wide = sweep_threshold(cases, "faithfulness", confidence=0.95)
    narrow = sweep_threshold(cases, "faithfulness", confidence=0.5)
    for w, n in zip(wide.points, narrow.points, strict=True):
        assert w.pass_rate.successes == n.pass_rate.successes
        assert n.clear_pass >= w.clear_pass and n.clear_fail >= w.clear_fail
        assert n.pass_rate.confidence == 0.5
    assert sum(n.uncertain for n in narrow.points) < sum(w.uncertain for w in wide.points)


def test_empty_dataset_gives_na_points():
    sweep = sweep_threshold([], "coverage", [0.5])
    assert sweep.not_applicable == ()
    point = sweep.points[0]
    assert point.pass_rate.value is None and point.pass_rate.total == 0
    assert (point.clear_pass, point.uncertain, point.clear_fail) == (0, 0, 0)


@settings(max_examples=60, deadline=None)
@given(datasets, st.sampled_from(METRICS), st.lists(unit_values, min_size=1, max_size=8))
def test_pass_rate_never_rises_with_the_threshold(cases, metric, thresholds):
    thresholds = sorted(thresholds)
    sweep = sweep_threshold(cases, metric, thresholds)
    assert len(sweep.points) == len(thresholds)
    successes = [p.pass_rate.successes for p in sweep.points]
    assert successes == sorted(successes, reverse=True)
    clear_passes = [p.clear_pass for p in sweep.points]
    assert clear_passes == sorted(clear_passes, reverse=True)
    clear_fails = [p.clear_fail for p in sweep.points]
    assert clear_fails == sorted(clear_fails)
    metrics = [case_metrics(case)[metric] for case in cases]
    assert sweep.not_applicable == tuple(c.id for c, m in zip(cases, metrics, strict=True) if m.value is None)
    for point in sweep.points:
        assert_point_matches(point, case_standings(cases, metric, point.x))


@settings(max_examples=60, deadline=None)
@given(datasets, st.sampled_from(METRICS), unit_values)
def test_standings_agree_with_values_and_intervals(cases, metric, threshold):
    for case, s in zip(cases, case_standings(cases, metric, threshold), strict=True):
        expected = case_metrics(case)[metric]
        assert s.case_id == case.id
        assert (s.value, s.low, s.high) == (expected.value, expected.low, expected.high)
        if expected.value is None:
            assert s.standing == "na" and s.passes is None
            continue
        assert s.passes == (expected.value >= threshold)
        # The RAG page's rule: clear only when the interval lies on one side and the exact test agrees.
        clear = threshold_certainty(expected, threshold) == "clear"
        assert s.standing == ("uncertain" if not clear else "pass" if s.low >= threshold else "fail")
        # A clear verdict never contradicts the value.
        assert s.standing != "pass" or s.passes
        assert s.standing != "fail" or not s.passes


# ---------------------------------------------------------------- threshold flips


def test_threshold_flips_by_hand():
    cases = faithfulness_cases()
    up = threshold_flips(cases, "faithfulness", 0.5, 0.8)
    assert up == Flips(0.5, 0.8, ("b", "c"), ())
    down = threshold_flips(cases, "faithfulness", 0.8, 0.5)
    assert down == Flips(0.8, 0.5, (), ("b", "c"))
    assert threshold_flips(cases, "faithfulness", 0.6, 0.6) == Flips(0.6, 0.6, (), ())
    # Everything passes at 0; the case at 0 stops passing as soon as the threshold rises.
    assert threshold_flips(cases, "faithfulness", 0.0, 0.01) == Flips(0.0, 0.01, ("d",), ())


@settings(max_examples=60, deadline=None)
@given(datasets, st.sampled_from(METRICS), unit_values, unit_values)
def test_flips_are_the_values_between_the_thresholds(cases, metric, a, b):
    flips = threshold_flips(cases, metric, a, b)
    values = {case.id: case_metrics(case)[metric].value for case in cases}
    low, high = min(a, b), max(a, b)
    between = tuple(cid for cid, v in values.items() if v is not None and low <= v < high)
    if a < b:
        assert flips.newly_failing == between and flips.newly_passing == ()
    elif b < a:
        assert flips.newly_passing == between and flips.newly_failing == ()
    else:
        assert flips.newly_failing == flips.newly_passing == ()
    # The flips are exactly the change in the pass count.
    rate_a, rate_b = (p.pass_rate.successes for p in sweep_threshold(cases, metric, [a, b]).points)
    assert rate_a - rate_b == len(flips.newly_failing) - len(flips.newly_passing)


# ---------------------------------------------------------------- composite


def mixed_cases() -> list[RagCase]:
    return [
        # Faithfulness fails; everything else is perfect.
        rag_case("weak-faith", relevant=[True] * 4, supported=[False] * 4, correct=[True] * 4, covered=[True] * 4),
        # Faithfulness perfect; the rest at one half.
        rag_case("strong-faith", relevant=[True, False], supported=[True] * 4, correct=[True, False, True, False],
                 covered=[True, False]),
        rag_case("perfect", relevant=[True] * 3, supported=[True] * 3, correct=[True] * 3, covered=[True] * 3),
        # Faithfulness N/A, the rest zero: fails whatever the faithfulness weight.
        rag_case("no-claims", relevant=[False, False], covered=[False]),
        rag_case("nothing", relevant=[None]),
    ]


def test_composite_values_are_the_core_composite():
    cases = mixed_cases()
    for weights in ({}, {"faithfulness": 3, "coverage": 0.5}, {"context_relevance": 0}):
        for aggregation in ("mean", "min"):
            standings = composite_standings(cases, weights, 0.7, aggregation)
            for case, s in zip(cases, standings, strict=True):
                expected = composite_score(case_metrics(case), weights, aggregation).value
                assert s.case_id == case.id
                assert s.value == expected
                if expected is None:
                    assert s.standing == "na" and s.passes is s.low is s.high is None
                else:
                    assert s.low <= s.value <= s.high


def test_composite_bound_by_hand():
    case = rag_case("x", relevant=[True, False], supported=[True] * 4, correct=[True, True, True, False])
    metrics = case_metrics(case)  # coverage is N/A and is dropped: the three others weigh 1/3 each
    [mean] = composite_standings([case], {}, 0.5)
    assert mean.low == pytest.approx(sum(metrics[n].low for n in METRICS[:3]) / 3)
    assert mean.high == pytest.approx(sum(metrics[n].high for n in METRICS[:3]) / 3)
    [lowest] = composite_standings([case], {"faithfulness": 2}, 0.5, "min")
    assert lowest.value == 0.5
    assert lowest.low == min(metrics[n].low for n in METRICS[:3])
    assert lowest.high == min(metrics[n].high for n in METRICS[:3])


def test_composite_equal_to_the_threshold_passes_despite_rounding():
    # (1/4 + 1 + 1/4) / 3 is 1/2 exactly, but the weighted sum in floats is 0.49999999999999994.
    case = rag_case("edge", relevant=[True, False, False, False], supported=[True] * 4,
                    correct=[True, False, False, False])
    assert composite_score(case_metrics(case)).value < 0.5
    [standing] = composite_standings([case], {}, 0.5)
    assert standing.passes is True
    assert weight_flips([case], "coverage", 0, 1, None, 0.5) == Flips(0.0, 1.0, (), ())


def test_weight_sweep_by_hand():
    cases = mixed_cases()
    sweep = sweep_weight(cases, "faithfulness", None, 0.7, [0, 1, 3])
    assert (sweep.metric, sweep.kind) == ("faithfulness", "weight")
    assert [p.x for p in sweep.points] == [0.0, 1.0, 3.0]
    assert sweep.not_applicable == ("nothing",)
    # weak-faith: 1 -> 0.75 -> 0.5; strong-faith: 0.5 -> 0.625 -> 0.75; perfect: 1; no-claims: 0.
    assert [p.pass_rate.successes for p in sweep.points] == [2, 2, 2]
    assert all(p.pass_rate.total == 4 and p.pass_rate.unlabelled == 1 for p in sweep.points)
    for point in sweep.points:
        assert_point_matches(point, composite_standings(cases, {"faithfulness": point.x}, 0.7))


def test_weight_flips_by_hand():
    cases = mixed_cases()
    flips = weight_flips(cases, "faithfulness", 0, 3, None, 0.7)
    assert flips == Flips(0.0, 3.0, ("weak-faith",), ("strong-faith",))
    assert weight_flips(cases, "faithfulness", 3, 0, None, 0.7) == Flips(3.0, 0.0, ("strong-faith",), ("weak-faith",))
    # Between 0 and 1, weak-faith drops to 0.75 and still passes; strong-faith reaches only 0.625.
    assert weight_flips(cases, "faithfulness", 0, 1, {}, 0.7) == Flips(0.0, 1.0, (), ())


def test_zero_weight_on_a_failing_metric_passes_at_least_as_many():
    cases = [
        rag_case(f"c{k}", relevant=[True] * 4, supported=[False] * 3 + [True], correct=[True] * k + [False] * (4 - k),
                 covered=[True, True])
        for k in range(5)
    ]
    sweep = sweep_weight(cases, "faithfulness", {}, 0.6)
    assert len(sweep.points) == len(DEFAULT_WEIGHT_GRID) == 13
    assert [p.x for p in sweep.points] == [k / 4 for k in range(13)]
    rates = [p.pass_rate.successes for p in sweep.points]
    assert rates[0] >= rates[-1]
    assert rates[0] > rates[-1]  # here some cases pass only while faithfulness weighs nothing


@settings(max_examples=40, deadline=None)
@given(datasets, st.sampled_from(METRICS), unit_values, st.sampled_from(["mean", "min"]))
def test_weight_on_a_metric_below_the_threshold_never_helps(cases, metric, threshold, aggregation):
    # Make the moving metric fail in every case where it is applicable.
    kind = {"context_relevance": "passages", "faithfulness": "claims", "correctness": "claims",
            "coverage": "reference_facts"}[metric]
    label = {"context_relevance": "relevant", "faithfulness": "supported", "correctness": "correct",
             "coverage": "covered"}[metric]
    failing = [case.with_units(kind, tuple(u.with_label(label, False if u.label(label) is not None else None)
                                           for u in case.units(kind))) for case in cases]
    if threshold == 0.0:
        threshold = 0.05  # at 0 every value passes, failing included
    sweep = sweep_weight(failing, metric, None, threshold, [0, 0.5, 1, 2, 8], aggregation)
    rates = [p.pass_rate.successes for p in sweep.points]
    assert rates == sorted(rates, reverse=True)
    for point in sweep.points:
        assert_point_matches(point, composite_standings(failing, {metric: point.x}, threshold, aggregation))


def test_all_weights_zero_makes_that_point_na():
    cases = mixed_cases()
    others = dict.fromkeys(METRICS, 0.0)
    sweep = sweep_weight(cases, "coverage", others, 0.5, [0, 1])
    zero, one = sweep.points
    assert zero.pass_rate.value is None and zero.pass_rate.total == 0
    assert zero.pass_rate.unlabelled == len(cases)
    assert (zero.clear_pass, zero.uncertain, zero.clear_fail) == (0, 0, 0)
    # With coverage alone weighted, the cases without facts are N/A; the others are judged on coverage.
    assert one.pass_rate.total == 4 and one.pass_rate.unlabelled == 1
    assert one.pass_rate.successes == 3  # covered 1, 1/2, 1; no-claims has coverage 0
    assert sweep.not_applicable == ("nothing",)
    assert weight_flips(cases, "coverage", 0, 1, others, 0.5) == Flips(0.0, 1.0, (), ())


def test_case_na_at_some_weights_only():
    cases = [rag_case("faith-only", supported=[True, True]), rag_case("full", relevant=[True], supported=[True])]
    sweep = sweep_weight(cases, "faithfulness", None, 0.5, [0, 1])
    assert sweep.not_applicable == ()
    assert [(p.pass_rate.total, p.pass_rate.unlabelled) for p in sweep.points] == [(1, 1), (2, 0)]


def test_weight_sweep_matches_standings_on_a_larger_set():
    cases = [
        rag_case(f"c{i}", relevant=[i % 2 == 0, i % 3 == 0, True], supported=[i % 5 != 0] * (i % 4),
                 correct=[i % 7 != 0, True], covered=[i % 3 != 1] * (i % 3))
        for i in range(40)
    ]
    weights = {"context_relevance": 2, "correctness": 0.5}
    for aggregation in ("mean", "min"):
        sweep = sweep_weight(cases, "coverage", weights, 0.65, [0, 0.3, 1, 2.5], aggregation, 0.8)
        for point in sweep.points:
            assert point.pass_rate.confidence == 0.8
            standings = composite_standings(cases, {**weights, "coverage": point.x}, 0.65, aggregation, 0.8)
            assert_point_matches(point, standings)


# ---------------------------------------------------------------- bad input


CASES = faithfulness_cases()


@pytest.mark.parametrize(
    ("call", "place"),
    [
        (lambda: sweep_threshold(CASES, "recall"), "metric"),
        (lambda: case_standings(CASES, "recall", 0.5), "metric"),
        (lambda: threshold_flips(CASES, "recall", 0.1, 0.2), "metric"),
        (lambda: sweep_weight(CASES, "recall", None, 0.5), "metric"),
        (lambda: weight_flips(CASES, "recall", 0, 1, None, 0.5), "metric"),
        (lambda: case_standings(CASES, "faithfulness", 1.5), "threshold"),
        (lambda: case_standings(CASES, "faithfulness", -0.1), "threshold"),
        (lambda: case_standings(CASES, "faithfulness", math.nan), "threshold"),
        (lambda: case_standings(CASES, "faithfulness", True), "threshold"),
        (lambda: case_standings(CASES, "faithfulness", "0.5"), "threshold"),
        (lambda: composite_standings(CASES, {}, 2.0), "threshold"),
        (lambda: sweep_weight(CASES, "coverage", None, math.nan), "threshold"),
        (lambda: weight_flips(CASES, "coverage", 0, 1, None, 1.01), "threshold"),
        (lambda: threshold_flips(CASES, "faithfulness", 1.2, 0.5), "threshold_a"),
        (lambda: threshold_flips(CASES, "faithfulness", 0.5, False), "threshold_b"),
        (lambda: sweep_threshold(CASES, "faithfulness", []), "thresholds"),
        (lambda: sweep_threshold(CASES, "faithfulness", [0.2, 2.0]), "thresholds[1]"),
        (lambda: sweep_threshold(CASES, "faithfulness", "0.5"), "thresholds"),
        (lambda: composite_standings(CASES, {}, 0.5, "median"), "aggregation"),
        (lambda: sweep_weight(CASES, "coverage", None, 0.5, aggregation="sum"), "aggregation"),
        (lambda: weight_flips(CASES, "coverage", 0, 1, None, 0.5, "max"), "aggregation"),
        (lambda: composite_standings(CASES, {"coverage": -1}, 0.5), "weights.coverage"),
        (lambda: composite_standings(CASES, {"recall": 1}, 0.5), "weights"),
        (lambda: composite_standings(CASES, dict.fromkeys(METRICS, 0), 0.5), "weights"),
        (lambda: sweep_weight(CASES, "coverage", {"faithfulness": -2}, 0.5), "weights.faithfulness"),
        (lambda: sweep_weight(CASES, "coverage", None, 0.5, []), "grid"),
        (lambda: sweep_weight(CASES, "coverage", None, 0.5, [1, -0.5]), "grid[1]"),
        (lambda: sweep_weight(CASES, "coverage", None, 0.5, [math.inf]), "grid[0]"),
        (lambda: weight_flips(CASES, "coverage", -1, 1, None, 0.5), "weight_a"),
        (lambda: weight_flips(CASES, "coverage", 0, math.nan, None, 0.5), "weight_b"),
        (lambda: sweep_threshold(CASES, "faithfulness", confidence=1.0), "confidence"),
        (lambda: case_standings(CASES, "faithfulness", 0.5, confidence=0), "confidence"),
        (lambda: composite_standings(CASES, {}, 0.5, confidence=True), "confidence"),
        (lambda: sweep_weight(CASES, "coverage", None, 0.5, confidence=1.2), "confidence"),
        (lambda: sweep_threshold([CASES[0], "not a case"], "faithfulness"), "cases[1]"),
    ],
)
def test_bad_input_names_the_argument(call, place):
    with pytest.raises(InputError) as error:
        call()
    assert where(error) == place


def test_the_exact_test_of_each_count_at_once_is_the_test_of_one_count_to_the_last_digit():
    """The threshold explorer's standings test every case at once (issue 50): the same p-values as one by one,
    including counts whose rate sits a rounding away from the threshold (7 / 10 at 70%) and no units."""
    import numpy as np

    from uncase_core.stats.policy import exact_one_sided_p, exact_one_sided_p_each

    rng = np.random.default_rng(5)
    totals = np.concatenate([rng.integers(0, 40, 400), [10, 10, 0, 3, 100, 20]])
    successes = np.concatenate([[rng.integers(0, t + 1) for t in totals[:400]], [7, 3, 0, 0, 70, 14]])
    for threshold in (0.0, 0.05, 0.3, 0.5, 0.6, 0.7, 0.75, 0.85, 1.0):
        each = exact_one_sided_p_each(successes, totals, threshold)
        assert each.tolist() == [exact_one_sided_p(int(s), int(t), threshold)
                                 for s, t in zip(successes, totals, strict=True)]


def test_standings_are_those_of_the_pages_rule_case_by_case():
    """case_standings tests every case at once; each standing is the one threshold_certainty gives it alone."""
    from bench.synthetic_rag import synthetic_dataset
    from uncase_core.rag.evaluation import METRICS, case_metrics
    from uncase_core.rag.thresholds import _standing, case_standings
    from uncase_core.stats.policy import threshold_certainty

    cases = synthetic_dataset(400, seed=3).cases
    for metric in METRICS:
        for threshold in (0.0, 0.5, 0.6, 0.7, 0.8, 1.0):
            for case, got in zip(cases, case_standings(cases, metric, threshold), strict=True):
                p = case_metrics(case)[metric]
                if p.value is None:
                    assert got.standing == "na"
                    continue
                expected = _standing(p.low, p.high, threshold)
                if threshold_certainty(p, threshold) != "clear":
                    expected = "uncertain"
                assert (got.value, got.low, got.high, got.standing) == (p.value, p.low, p.high, expected)
