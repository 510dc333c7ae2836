"""Each size a page draws a figure from is where the harness says it must be (issue 48): below it the figure breaks
its rule at some fixed truth, which is why the page withholds it there (and says what more it needs); at it, the
reduced harness (test_reduced_harness.py) finds it holding."""

from __future__ import annotations

import dataclasses

from bench.harness import agreement, judge, paired, proportions
from bench.harness.cells import TRUE_RATES, cell
from bench.harness.run import Measured
from uncase_core.stats.figures import FIGURES


def below(figure_id: str, run, at, repeats: int = 0) -> Measured:
    """``figure_id`` measured at ``at`` as if it were drawn there (judged), seeded."""
    figure = dataclasses.replace(FIGURES[figure_id], drawn_from=1)
    assert at.n < FIGURES[figure_id].drawn_from  # a size the page withholds it at
    return Measured(figure=figure, cell=at, result=run(figure, at, repeats, 1))


def test_wilsons_interval_of_one_or_two_units_is_withheld_and_holds_from_three():
    assert not below("rag.case.interval", proportions.wilson_interval, cell(0.9, 1)).holds  # 90.0%, exactly
    assert not below("rag.case.interval", proportions.wilson_interval, cell(0.7, 2)).holds  # 92.1%
    figure = FIGURES["rag.case.interval"]
    assert all(proportions.wilson_interval(figure, cell(truth, n), 0, 0).holds
               for truth in TRUE_RATES for n in range(figure.drawn_from, 51))


def test_kappas_interval_is_withheld_where_it_does_not_hold():
    assert not below("agreement.kappa", agreement.kappa_interval, cell(0.0, 30, prevalence=0.15), 1000).holds


def test_the_case_bootstrap_is_withheld_where_it_does_not_hold():
    at = cell(0.5, 5, correlation=0.3, resamples=300)
    assert not below("compare.bootstrap", paired.bootstrap_interval, at, 200).holds


def test_the_rooms_agreement_interval_is_withheld_where_it_does_not_hold():
    at = cell(0.5, 10, raters=20, statistic=1)
    assert not below("room.agreement", agreement.room_agreement_interval, at, 150).holds


def test_the_worth_of_a_very_strong_judge_is_withheld_with_few_labels():
    at = cell(0.8, 30, judge=3, tuned=0)
    assert not below("judge.worth", judge.worth_interval, at, 60).holds
