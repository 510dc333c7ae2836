"""The tools' own scores in the coverage harness (issue 51 item 7): measured at 2 to 500 cases on bounded, skewed,
many-ties score distributions; and the harness tells a method that does not hold (Student's t on such scores) from
the one drawn."""

from __future__ import annotations

import numpy as np
import pytest

from bench.harness import tool_scores
from bench.harness.cells import cell
from bench.harness.registry import SIMULATIONS
from bench.score_means_methods import t_interval
from uncase_core.stats.figures import FIGURES

FIGURE_IDS = ("tool_scores.mean", "tool_scores.difference", "tool_scores.verdict")


@pytest.mark.parametrize("figure_id", FIGURE_IDS)
def test_each_is_registered_and_simulated_from_2_to_500_cases_on_both_score_shapes(figure_id):
    figure, simulation = FIGURES[figure_id], SIMULATIONS[figure_id]
    assert "cli" in figure.pages and figure.drawn_from == 2
    assert {c.n for c in simulation.full} == {2, 3, 5, 10, 20, 50, 100, 200, 500}
    assert {c.get("distribution") for c in simulation.full} == {0, 1}


@pytest.mark.parametrize("family", [0, 1])
@pytest.mark.parametrize("mean", [0.05, 0.5, 0.9, 0.97])
def test_the_score_shapes_have_the_mean_they_are_named_by_and_stay_in_0_1(family, mean):
    shape = tool_scores.scores(family, mean)
    assert shape.mean == pytest.approx(mean, abs=1e-3)
    assert shape.points.min() >= 0 and shape.points.max() <= 1
    assert shape.probabilities.sum() == pytest.approx(1.0)
    if family == 1:  # many ties: exact 1.0 is the commonest score at a high mean, exact 0 is there too
        ones = shape.probabilities[shape.points == 1.0].sum()
        assert (ones > 0.5) == (mean >= 0.9) and shape.probabilities[shape.points == 0.0].sum() > 0


def test_the_paired_draws_keep_each_runs_distribution_and_correlate():
    a, b = tool_scores.scores(1, 0.7), tool_scores.scores(1, 0.8)
    first, second = tool_scores.draw_pairs(a, b, 2000, 0.5, np.random.default_rng(0), 1)
    assert first.mean() == pytest.approx(0.7, abs=0.03) and second.mean() == pytest.approx(0.8, abs=0.03)
    assert np.corrcoef(first[0], second[0])[0, 1] > 0.3


def test_the_t_interval_breaks_the_rule_where_the_betting_one_holds():
    """Five scores from the many-ties shape at mean 0.9 (most exactly 1.0): Student's t covers well under 92.5%; the
    betting interval the pages draw holds at the same cell."""
    shape = tool_scores.scores(1, 0.9)
    rng = np.random.default_rng(7)
    samples = shape.quantiles(rng.random((600, 5)))
    covered = np.mean([low <= shape.mean <= high for low, high in map(t_interval, samples)])
    assert covered < 0.85
    measured = tool_scores.mean_interval(FIGURES["tool_scores.mean"], cell(0.9, 5, distribution=1), 300, 1)
    assert measured.holds and measured.window >= 0.95
