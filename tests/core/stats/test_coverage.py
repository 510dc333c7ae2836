"""The small, seeded version of bench/coverage.py (issue 36): every interval the app draws holds its level at the
sizes tried, every verdict's false rate is at most its level, and each withholding threshold sits where the harness
says it must. The full table is docs/coverage.md."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL
from uncase_core.compare.systems import MIN_BOOTSTRAP_CASES
from uncase_core.stats.coverage import (
    JUDGES,
    TOLERANCE,
    achieved_power,
    bootstrap_false_rate,
    exact_p_values,
    interval_false_rates,
    kappa_coverage,
    planner_promise,
    policy_clear,
    pooled_coverage,
    ppi_coverage,
    true_worth,
    verdict_false_rates,
    wilson_coverage,
    worth_coverage,
)
from uncase_core.stats.ppi import MIN_LABELS_FOR_TUNED, MIN_LABELS_FOR_WORTH_INTERVAL
from uncase_core.stats.verdicts import exact_mcnemar_p, paired_verdicts, pairs_for_power

LEVEL = 0.95


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10, 30])
def test_the_wilson_interval_of_one_case_holds_on_average_at_every_size(n: int):
    coverage = wilson_coverage(n)
    assert coverage.holds and coverage.mean >= LEVEL  # Wilson is on the generous side on average ...
    assert coverage.worst < LEVEL - TOLERANCE  # ... and the worst case, reported beside it, is not


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15)), min_size=1, max_size=4))
def test_the_harness_decides_as_the_page_does(tables: list[tuple[int, int]]):
    array = np.array(tables)[None, :, :]
    expected = [v.clear for v in paired_verdicts(tables)]
    assert policy_clear(array)[0].tolist() == expected
    assert exact_p_values(array[..., 0], array[..., 1])[0].tolist() == pytest.approx(
        [exact_mcnemar_p(a, b) for a, b in tables])


def test_two_cases_never_make_a_clear_verdict():
    """Every outcome of two pairs on each of one to four dimensions: none is clear (the page's function on one
    dimension alone and on a sample of four, the harness's on all of them)."""
    splits = [(a, b) for a in range(3) for b in range(3) if a + b <= 2]
    for dimensions in range(1, 5):
        every = np.array(list(itertools.product(splits, repeat=dimensions)))
        assert not policy_clear(every).any()
    assert not any(paired_verdicts([split])[0].clear for split in splits)
    assert not any(v.clear for v in paired_verdicts([(0, 2), (2, 0), (0, 2), (0, 2)]))


@pytest.mark.parametrize("pairs", [1, 2, 3, 30])
def test_no_difference_is_called_clear_more_often_than_the_level(pairs: int):
    one, four = verdict_false_rates(pairs, repeats=1500, seed=pairs)
    assert one.holds and four.holds, (one, four)
    if pairs in (2, 3):  # the former rule (Newcombe's interval leaves out 0), for the record: it did not hold
        _, old_four = interval_false_rates(pairs, repeats=600, seed=pairs)
        assert not old_four.holds


@pytest.mark.parametrize("correlation", [0.3, 0.5])
def test_the_pooled_interval_with_cases_as_clusters_holds_where_the_unit_one_does_not(correlation: float):
    clustered = pooled_coverage(5, 8, correlation, "clustered", repeats=1500, seed=5)
    units = pooled_coverage(5, 8, correlation, "unit_wilson", repeats=1500, seed=5)
    assert clustered.holds, clustered
    assert not units.holds, units


def test_ppi_holds_with_few_labels_and_ppi_plus_plus_is_withheld_where_it_does_not():
    for labelled in (2, 5, 15):
        assert ppi_coverage(labelled, 1000, "strong", "ppi", repeats=300, seed=labelled).holds
    tuned = [ppi_coverage(n, 1000, "weak", "ppi_tuned", repeats=400, seed=n) for n in (10, 30)]
    assert not all(c.holds for c in tuned)  # why PPI++ waits for MIN_LABELS_FOR_TUNED labels
    assert ppi_coverage(MIN_LABELS_FOR_TUNED, 1000, "weak", "ppi_tuned", repeats=400, seed=7).holds


def test_kappas_interval_is_drawn_from_where_it_holds():
    assert not kappa_coverage(30, repeats=500, seed=1).holds
    assert kappa_coverage(MIN_UNITS_FOR_KAPPA_INTERVAL, repeats=1200, seed=0).holds


def test_the_bootstrap_is_drawn_from_where_it_holds():
    assert not bootstrap_false_rate(5, repeats=400, resamples=500, seed=3).holds
    assert bootstrap_false_rate(MIN_BOOTSTRAP_CASES, repeats=400, resamples=500, seed=4).holds


def test_the_pairs_the_page_promises_reach_the_power_it_states():
    needed = pairs_for_power(0.1, 0.4, LEVEL, 0.8, 10**6)
    assert achieved_power(needed, 0.1, 0.4, repeats=3000, seed=1) >= 0.8 - 0.02
    assert achieved_power(needed // 2, 0.1, 0.4, repeats=3000, seed=2) < 0.8 - 0.02


@pytest.mark.parametrize(("expected", "margin"), [(0.8, 0.05), (0.99, 0.05), (0.5, 0.1)])
def test_the_planners_promise_is_worth_what_seeded_draws_say(expected: float, margin: float):
    """The exact figures of planner_promise against 20,000 seeded binomial datasets at the planned n, each with
    statsmodels' Wilson interval: within 4 Monte Carlo standard errors."""
    from statsmodels.stats.proportion import proportion_confint

    worth = planner_promise(expected, margin)
    successes = np.random.default_rng(7).binomial(worth.n, expected, 20_000)
    low, high = proportion_confint(successes, worth.n, alpha=0.05, method="wilson")
    low, high = np.where(successes == 0, 0.0, low), np.where(successes == worth.n, 1.0, high)
    estimate = successes / worth.n
    drawn = {"within_margin": np.maximum(estimate - low, high - estimate) <= worth.promised.margin + 0.0005,
             "within_half_width": (high - low) / 2 <= worth.promised.width / 2 + 0.0005,
             "coverage": (low <= expected) & (expected <= high)}
    for name, hits in drawn.items():
        exact = getattr(worth, name)
        assert abs(hits.mean() - exact) <= 4 * np.sqrt(max(exact * (1 - exact), 1e-4) / 20_000), (name, exact)
    assert np.quantile(np.maximum(estimate - low, high - estimate), 0.9) == pytest.approx(worth.margin_90, abs=2e-3)


def test_the_planned_interval_is_a_typical_width_not_a_guaranteed_one():
    at_100 = planner_promise(1.0, 0.05)  # every dataset shows 73 of 73: the promise is exactly what it gets
    assert at_100.n == 73 and at_100.within_margin == pytest.approx(1.0) and at_100.coverage == pytest.approx(1.0)
    at_80 = planner_promise(0.8, 0.05)
    assert 0.5 <= at_80.within_margin < 0.7  # about half the datasets are wider than promised ...
    assert at_80.margin_90 <= at_80.promised.margin + 0.005  # ... but nine in ten by at most half a point
    assert at_80.holds and at_80.coverage >= LEVEL - TOLERANCE
    assert planner_promise(0.99, 0.05).within_margin < 0.5  # 87 units cannot show 99%: the promise is met less often


def test_a_fixed_truth_gives_one_coverage_at_that_rate():
    fixed = pooled_coverage(5, 8, 0.5, "unit_wilson", repeats=1500, seed=5, truth=0.3)
    assert fixed.worst == fixed.mean < LEVEL - TOLERANCE


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), st.floats(0, 1)), min_size=1, max_size=6))
def test_holm_equals_statsmodels(p_values: list[float | None]):
    from statsmodels.stats.multitest import multipletests

    from uncase_core.stats.verdicts import holm_adjusted

    ours = holm_adjusted(p_values)
    present = [p for p in p_values if p is not None]
    if present:
        theirs = iter(multipletests(present, method="holm")[1])
        assert ours == pytest.approx([None if p is None else next(theirs) for p in p_values], abs=1e-12)
    else:
        assert ours == p_values


# ---------------------------------------------------------------- many annotators (the workshop room)


@pytest.mark.parametrize(("raters", "statistic", "options"), [
    (2, "fleiss", {}), (20, "alpha", {}), (5, "fleiss", {"model": "true_label"}), (5, "alpha", {"missing": 0.2}),
])
def test_the_rooms_agreement_interval_holds_from_the_units_it_is_drawn_from(raters, statistic, options):
    """At MIN_UNITS_FOR_AGREEMENT_INTERVAL units the room's BCa interval holds its level; the plain percentile one
    it replaced does not yet (why the room draws BCa)."""
    from uncase_core.agreement.many import MIN_UNITS_FOR_AGREEMENT_INTERVAL
    from uncase_core.stats.coverage import agreement_coverage

    found = agreement_coverage(MIN_UNITS_FOR_AGREEMENT_INTERVAL, raters, statistic,
                               repeats=1500 if raters == 20 else 500, seed=MIN_UNITS_FOR_AGREEMENT_INTERVAL + raters,
                               **options)
    assert found.bca.holds, found
    assert not found.percentile.holds and found.percentile.mean < found.bca.mean, found


@pytest.mark.parametrize(("raters", "statistic"), [(3, "alpha"), (20, "fleiss")])
def test_the_rooms_agreement_interval_is_withheld_where_it_does_not_hold(raters, statistic):
    from uncase_core.stats.coverage import agreement_coverage

    found = agreement_coverage(10, raters, statistic, repeats=500, seed=10 + raters)
    assert not found.bca.holds and found.bca.mean < 0.9, found


@pytest.mark.parametrize(("model", "prevalence", "parameter"), [("rates", 0.3, 0.6), ("rates", 0.7, 0.1),
                                                                ("true_label", 0.3, 0.85)])
def test_the_harness_s_true_agreement_is_what_both_statistics_estimate(model, prevalence, parameter):
    """With 40,000 units the estimates are within 0.01 of the truth the harness covers."""
    from uncase_core.agreement.many import LabelCounts, alpha_from_counts, fleiss_from_counts
    from uncase_core.stats.coverage import simulated_ratings

    labels, truth = simulated_ratings(40_000, 5, prevalence, parameter, model, np.random.default_rng(3))
    yes = labels.sum(axis=0)
    table = LabelCounts(np.stack([5 - yes, yes], axis=1), (False, True), 5)
    assert fleiss_from_counts(table).value == pytest.approx(truth, abs=0.01)
    assert alpha_from_counts(table).value == pytest.approx(truth, abs=0.01)


def test_one_cases_clear_pass_fail_verdict_holds_its_level_where_wilson_alone_did_not():
    from uncase_core.stats.coverage import threshold_false_rates

    for threshold in (0.5, 0.7, 0.9):
        for n in range(1, 41):
            assert all(rate.holds for rate in threshold_false_rates(n, threshold)), (threshold, n)
    former, _ = threshold_false_rates(2, 0.7, exact_test=False)
    assert not former.holds and abs(former.rate - 0.09) < 1e-12  # 0 of 2 called a clear fail at a true 70%


def test_a_datasets_pooled_verdict_holds_its_level_with_cases_as_clusters():
    from uncase_core.stats.coverage import pooled_threshold_false_rate

    for cases in (2, 3, 5, 10):
        clustered = pooled_threshold_false_rate(cases, 8, 0.5, 0.7, repeats=600, seed=cases)
        units = pooled_threshold_false_rate(cases, 8, 0.5, 0.7, repeats=600, seed=cases, method="unit_wilson")
        assert clustered.holds, (cases, clustered.rate)
        assert not units.holds, (cases, units.rate)  # the units as if independent: 17-28% false


# ---------------------------------------------------------------- what the judge is worth: its interval's rule


@pytest.mark.parametrize("judge", list(JUDGES))
@pytest.mark.parametrize("p", [0.1, 0.5, 0.85])
def test_the_true_worth_of_plain_ppi_is_the_population_formula(judge, p):
    """For plain PPI the worth's population value, written out from the four cells' shares as
    tests/core/stats/test_ppi.py writes it (Y - f is 1, -1 or 0)."""
    sensitivity, fpr = JUDGES[judge]
    n, total = 40, 2000
    m, g = total - n, p * sensitivity + (1 - p) * fpr
    mean = p * (1 - sensitivity) - (1 - p) * fpr
    variance = p * (1 - sensitivity) + (1 - p) * fpr - mean**2
    assert true_worth(p, judge, n, total, tuned=False) == pytest.approx(
        n * (p * (1 - p) / n) / (g * (1 - g) / m + variance / n) - n, rel=1e-12)


def test_ppi_plus_plus_is_worth_at_least_plain_ppi_at_its_optimal_lambda():
    for judge, p in itertools.product(JUDGES, (0.1, 0.5, 0.9)):
        assert true_worth(p, judge, 60, 1000, tuned=True) >= true_worth(p, judge, 60, 1000, tuned=False) - 1e-9


def test_the_worth_s_interval_misses_with_a_very_strong_judge_and_few_labels_and_holds_with_many():
    """Why the page draws it from MIN_LABELS_FOR_WORTH_INTERVAL labels: with a very strong judge and 30 labels a few
    disagreements decide the figure and the "95%" bootstrap covers its true value far less often; from the minimum
    it is within the rule (docs/coverage.md has the whole table, at 500 draws a rate)."""
    few = worth_coverage(30, 1000, "very strong", tuned=False, repeats=100, grid=3, seed=1)
    assert few.mean < 0.8 and not few.holds
    enough = worth_coverage(MIN_LABELS_FOR_WORTH_INTERVAL, 5 * MIN_LABELS_FOR_WORTH_INTERVAL, "medium", tuned=True,
                            repeats=100, grid=3, seed=1)
    assert enough.mean > 0.9
