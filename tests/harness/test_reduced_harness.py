"""The reduced, seeded coverage harness CI runs (issue 48): a few cells of every registered figure, each judged by
the rule (bench/harness/rules.py), in well under two minutes. The full run is ``bench/coverage.py``
(docs/coverage.md).

A figure that breaks its rule fails here. The ones known to break it today, each owned by a finding of issue 48,
are strict expected failures: the day a fix makes one hold, its mark must go (the test fails until it does)."""

from __future__ import annotations

import dataclasses

import pytest

from bench.harness import grouped, pooled, proportions
from bench.harness.cells import cell
from bench.harness.registry import NOT_SIMULATED, SIMULATIONS, unaccounted
from bench.harness.run import Measured, measure
from uncase_core.stats.figures import FIGURES

# figure id -> the finding of issue 48 that fixes it (another part of the issue, worked on beside this one)
KNOWN_BROKEN: dict[str, str] = {}


def test_every_registered_figure_has_a_simulation_or_says_why_not():
    assert unaccounted() == []
    assert dict(NOT_SIMULATED) == {}  # every figure a page draws is simulated: none waits with a reason


def test_the_grouped_figures_are_simulated_at_unequal_cases_and_within_case_correlation_up_to_one_half():
    """The judge page's accuracy, sensitivity and false-positive rate and the rubric lab's DRFR are grouped intervals
    (uncase_core/stats/grouped.py): measured as drawn, over groups of 1 to 12 units that move together, not as
    Wilson's over independent units."""
    for figure_id in ("judge.accuracy", "judge.sensitivity", "judge.false_positive", "rubrics.drfr"):
        simulation = SIMULATIONS[figure_id]
        assert simulation.run is grouped.grouped_interval, figure_id
        assert {c.get("correlation") for c in simulation.full} >= {0.0, 0.5}, figure_id
    assert set(SIMULATIONS) <= set(FIGURES) and set(NOT_SIMULATED) <= set(FIGURES)
    assert not set(SIMULATIONS) & set(NOT_SIMULATED)
    assert set(KNOWN_BROKEN) <= set(SIMULATIONS)


def _params():
    for figure_id in SIMULATIONS:
        marks = ([pytest.mark.xfail(reason=KNOWN_BROKEN[figure_id], strict=True)]
                 if figure_id in KNOWN_BROKEN else [])
        yield pytest.param(figure_id, marks=marks, id=figure_id)


@pytest.mark.parametrize("figure_id", list(_params()))
def test_each_figure_holds_its_rule_at_its_reduced_cells(figure_id):
    measured = measure(figure_id, reduced=True, seed=48)
    assert measured, figure_id
    broken = [(m.cell.label(), m.result) for m in measured if not m.holds]
    assert not broken, broken


def _one(figure_id: str, run, at, **changes) -> Measured:
    figure = dataclasses.replace(FIGURES[figure_id], **changes)
    return Measured(figure=figure, cell=at, result=run(figure, at, 600, 1))


def test_the_harness_fails_a_figure_that_breaks_its_rule():
    """The rule catches what the issue found: a one-case verdict read from Wilson's interval alone (0 of 1 called a
    clear fail at a true 80%: false 20%, exactly), and the pooled units' Wilson interval claiming 95% when the units
    of a case move together (about 62% at correlation 0.5); while the page's own rule and the cases-as-clusters
    interval at a modest rate hold."""
    from uncase_core.stats.policy import interval_sides
    from uncase_core.stats.proportions import Proportion

    at = cell(0.8, 1, threshold=0.8)
    wilson_alone = proportions.verdict_by_rule(
        FIGURES["rag.case.verdict"], at,
        lambda k, n, threshold: "clear" if interval_sides(Proportion.from_counts(k, n), threshold) else "no")
    assert wilson_alone.false == pytest.approx(0.2, abs=1e-12) and not wilson_alone.holds
    assert proportions.case_verdict(FIGURES["rag.case.verdict"], at, 0, 0).holds
    clustered = cell(0.7, 20, correlation=0.5)
    as_if_independent = _one("pooled.units", pooled.units_interval, clustered, level=0.95)
    assert not as_if_independent.holds and as_if_independent.result.window < 0.75
    assert _one("pooled.clustered", pooled.clustered_interval, cell(0.5, 20, correlation=0.3)).holds


def test_a_figure_withheld_below_its_size_is_measured_not_judged():
    figure = dataclasses.replace(FIGURES["rag.case.interval"], drawn_from=3)
    result = proportions.wilson_interval(figure, cell(0.9, 1), 0, 0)
    assert not result.drawn and result.holds and result.window < 0.925  # broken there, but not drawn there
