"""Units in groups of unequal size that move together (issue 48, finding 7): the judge page's accuracy, sensitivity
and false-positive rate (units of RAG cases) and the rubric lab's DRFR (items of prompts), drawn by
:func:`~uncase_core.stats.grouped.grouped_proportion`, at fixed truths, cases of 1 to 12 units and within-group
correlation 0 to 0.5; beside Wilson's over the units as if independent (what the pages drew before)."""

from __future__ import annotations

import numpy as np

from bench.harness.cells import CASE_SIZES, Cell, window_rates
from bench.harness.draws import case_rates
from bench.harness.fixed_cells import (
    IntervalCell,
    exact_interval_cell,
    simulated_interval_cell,
    units_bounds,
    window_draws,
)
from bench.harness.rules import WINDOW, IntervalResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.small_samples import mirrored_truths


def grouped_units(groups: int, correlation: float, rates: np.ndarray, rng: np.random.Generator,
                  prevalence: float | None = None, sizes: tuple[int, int] = CASE_SIZES
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Per-group successes and units, (repeats, groups): each group gives a number of units drawn uniformly in
    ``sizes``, of which, with ``prevalence``, only those a person labelled yes (or no) are counted (a sensitivity
    counts the human-positive units); each group has its own rate, drawn from a beta distribution of mean ``rates``
    (one a repeat) and intra-group correlation ``correlation``, and its units follow it."""
    totals = rng.integers(sizes[0], sizes[1] + 1, (len(rates), groups))
    if prevalence is not None:
        totals = rng.binomial(totals, prevalence)
    group_rates = case_rates(rates, groups, correlation, rng)
    return rng.binomial(totals, group_rates), totals


def grouped_bounds(successes: np.ndarray, totals: np.ndarray, confidence: float = DEFAULT_CONFIDENCE
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(low, high, drawn)`` of each row of per-group counts, (repeats, groups): the interval
    :func:`~uncase_core.stats.grouped.grouped_proportion` draws, all rows at once (a test checks they agree);
    ``drawn`` is False where it withholds one (no unit, or every unit in one group)."""
    from uncase_core.stats.clustered import design_effect_wilson

    units = totals.sum(axis=1)
    singles = totals.max(axis=1) <= 1
    groups = (totals > 0).sum(axis=1)
    low, high = design_effect_wilson(successes, totals, confidence)
    hits = successes.sum(axis=1)
    for n in np.unique(units[singles & (units > 0)]):
        table_low, table_high = units_bounds(int(n), confidence)
        rows = singles & (units == n)
        low[rows], high[rows] = table_low[hits[rows]], table_high[hits[rows]]
    drawn = (units > 0) & (singles | (groups >= 2))
    return low, high, drawn


def former_bounds(successes: np.ndarray, totals: np.ndarray, confidence: float = DEFAULT_CONFIDENCE
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The interval those pages drew before issue 48: Wilson's over the pooled units, as if independent."""
    from statsmodels.stats.proportion import proportion_confint

    hits, units = successes.sum(axis=1), totals.sum(axis=1)
    low, high = proportion_confint(hits, np.maximum(units, 1), alpha=1.0 - confidence, method="wilson")
    low = np.where(hits == 0, 0.0, np.clip(low, 0.0, 1.0))
    high = np.where(hits == units, 1.0, np.clip(high, 0.0, 1.0))
    return low, high, units > 0


def grouped_coverage(groups: int, correlation: float, confidence: float = DEFAULT_CONFIDENCE, repeats: int = 2000,
                     seed: int = 0, prevalence: float | None = None, former: bool = False) -> IntervalCell:
    """The windowed coverage of a pooled rate over ``groups`` groups of unequal size (:func:`grouped_units`) at
    every mirrored fixed truth, ``repeats`` datasets each, of the interval the pages draw (:func:`grouped_bounds`)
    or, with ``former``, Wilson's over the units."""
    rng = np.random.default_rng(seed)
    truths = mirrored_truths()
    covered, drawn = [], []
    for centre in truths:
        rates = window_draws(centre, repeats, rng)
        successes, totals = grouped_units(groups, correlation, rates, rng, prevalence)
        low, high, shown = (former_bounds if former else grouped_bounds)(successes, totals, confidence)
        covered.append((low <= rates + 1e-12) & (rates - 1e-12 <= high))
        drawn.append(shown)
    return simulated_interval_cell(covered, drawn, truths, confidence)


def judge_accuracy_coverage(cases: int, correlation: float, confidence: float = DEFAULT_CONFIDENCE,
                            repeats: int = 2000, seed: int = 0, former: bool = False) -> IntervalCell:
    """Figure: the judge page's accuracy interval (the share of units with a hand label and a judge verdict on which
    they agree, :func:`uncase_core.judge.report.judge_report`), ``cases`` RAG cases of 1 to 12 such units, the
    judge's agreement moving together within a case (``correlation``)."""
    return grouped_coverage(cases, correlation, confidence, repeats, seed, former=former)


def judge_rate_coverage(cases: int, correlation: float, confidence: float = DEFAULT_CONFIDENCE, repeats: int = 2000,
                        seed: int = 0, former: bool = False) -> IntervalCell:
    """Figure: the judge page's sensitivity and false-positive rate intervals (the judge's yes among the units a
    person labelled yes, and among those labelled no): ``cases`` RAG cases of 1 to 12 units, each labelled yes at
    even odds, so the units a case gives the rate are as few as none; the judge's rate moving together within a
    case."""
    return grouped_coverage(cases, correlation, confidence, repeats, seed, prevalence=0.5, former=former)


def drfr_coverage(prompts: int, correlation: float, confidence: float = DEFAULT_CONFIDENCE, repeats: int = 2000,
                  seed: int = 0, former: bool = False) -> IntervalCell:
    """Figure: the rubric lab's DRFR interval of one candidate under one judge (the leaderboard's error bars,
    :func:`uncase_core.rubrics.lab.analyse`), ``prompts`` prompts of 1 to 12 rubric items, the candidate's verdicts
    moving together within a prompt (``correlation``)."""
    return grouped_coverage(prompts, correlation, confidence, repeats, seed, former=former)


def units_coverage(units: int, confidence: float = DEFAULT_CONFIDENCE) -> IntervalCell:
    """Figure: those intervals where every group gave one unit (hand labels drawn at random across many cases; one
    item a prompt): the independent units' interval, exactly."""
    low, high = units_bounds(units, confidence)
    return exact_interval_cell(low, high, confidence)


def grouped_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The registry's cell of a grouped interval (the judge page's accuracy, sensitivity and false-positive rate, the
    rubric lab's DRFR): ``n`` groups of 1 to 12 units (cases, prompts), within-group correlation ``correlation``,
    with ``prevalence`` only that share of a group's units counted (a sensitivity counts the units a person said
    yes to); the interval :func:`~uncase_core.stats.grouped.grouped_proportion` draws, its coverage over the datasets
    it draws one for."""
    level = figure.level or 0.95
    prevalence = cell.settings.get("prevalence")
    rng = np.random.default_rng(seed)

    def share(rates: np.ndarray) -> float:
        successes, totals = grouped_units(cell.n, cell.get("correlation"), rates, rng,
                                          None if prevalence is None else float(prevalence))
        low, high, shown = grouped_bounds(successes, totals, level)
        covered = (low <= rates + 1e-12) & (rates - 1e-12 <= high)
        return float(covered[shown].mean()) if shown.any() else 1.0

    return IntervalResult(window=share(rng.choice(window_rates(cell.truth, WINDOW), repeats)),
                          at_truth=share(np.full(repeats, cell.truth)), level=level, repeats=repeats,
                          drawn=cell.n >= 1)
