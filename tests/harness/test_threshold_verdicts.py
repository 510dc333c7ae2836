"""The threshold verdicts a page says in words hold their level at truths exactly at every threshold a slider allows
(bench/harness/threshold_verdicts.py, issue 48): exactly where the outcomes can be listed, else within three Monte
Carlo standard errors of seeded draws. Each figure is computed by the core function the page calls."""

from __future__ import annotations

import pytest

from bench.harness.threshold_verdicts import (
    SLIDER_THRESHOLDS,
    banner_rates,
    conversation_rates,
    explorer_composite_false_rate,
    explorer_rates,
)

DEFAULT_RAG = {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7, "coverage": 0.7}


@pytest.mark.parametrize("threshold", SLIDER_THRESHOLDS)
def test_the_explorers_clear_standing_is_false_at_most_5_percent_at_every_slider_threshold(threshold):
    for n in range(1, 31):
        rates = explorer_rates(n, threshold)
        assert rates.fail.holds and rates.passing.holds, (n, threshold, rates.fail.rate, rates.passing.rate)
        # The page's rule never calls clear what the exact test alone would not.
        assert rates.power <= rates.exact_power + 1e-12


def test_wilsons_interval_alone_said_clear_fail_20_percent_of_the_time_with_one_unit_at_80_percent():
    rates = explorer_rates(1, 0.8)
    assert rates.former_fail == pytest.approx(0.2)  # 0 of 1 has a Wilson interval ending at 79.3%
    assert rates.fail.rate == 0.0
    worst_former = {t: max(max(explorer_rates(n, t).former_fail, explorer_rates(n, t).former_passing)
                           for n in range(1, 31)) for t in SLIDER_THRESHOLDS}
    assert all(rate > 0.05 for rate in worst_former.values()), worst_former


@pytest.mark.parametrize("aggregation", ["mean", "min"])
@pytest.mark.parametrize(("units", "correlation"), [((1, 1, 1), 0.0), ((3, 8, 4), 0.5), ((12, 6, 10), 0.9)])
def test_the_explorers_composite_standing_holds_its_level(units, correlation, aggregation):
    for threshold in (0.5, 0.7, 0.9):
        rate = explorer_composite_false_rate(units, threshold, aggregation, correlation, repeats=2000, seed=7)
        assert rate.holds, (units, threshold, rate.rate)


@pytest.mark.parametrize("correlation", [0.0, 0.9])
@pytest.mark.parametrize("units", [(1, 1, 1), (5, 5, 5), (12, 12, 12), (3, 8, 4), (10, 6, 12)])
def test_the_red_diagnosis_shows_at_most_5_percent_of_the_time_with_every_dimension_at_its_threshold(units,
                                                                                                  correlation):
    rates = banner_rates(units, DEFAULT_RAG, correlation, repeats=3000, seed=sum(units))
    assert rates.all_at.holds and rates.one_at.holds, (rates.all_at.rate, rates.one_at.rate)
    # The former banner, red on the point estimate, showed most of the time there.
    assert rates.former_all_at > 0.5


def test_without_holms_correction_four_clear_verdicts_said_a_failure_too_often():
    rates = banner_rates((12, 12, 12), DEFAULT_RAG, 0.0, repeats=4000, seed=1)
    assert rates.uncorrected_all_at > 0.05 + 3 * rates.all_at.standard_error
    assert rates.all_at.holds


@pytest.mark.parametrize("threshold", [0.5, 0.7, 0.85, 0.9, 0.95])
def test_the_conversation_pages_red_verdict_holds_its_level_exactly(threshold):
    thresholds = {"fidelity": threshold, "coherence": threshold}
    for claims in range(1, 13):
        for turns in (1, 6, 12, 20):
            rates = conversation_rates(claims, turns, thresholds)
            assert rates.false.holds, (claims, turns, rates.false.rate)
            assert rates.power <= rates.alone_power + 1e-12
