"""A few hand labels and an automatic judge (the judge page): PPI, PPI++, the hand labels' and the judge's own
intervals (through the page's simulation, :func:`uncase_core.judge.simulation.simulate`), and the bootstrap interval
of what the judge is worth in hand labels, at fixed true rates and judges of known sensitivity and false-positive
rate."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

import numpy as np

from bench.harness.cells import Cell, window_rates
from bench.harness.rules import WINDOW, IntervalResult
from uncase_core.stats.figures import Figure

# sensitivity and false-positive rate of the judges tried, from a weak one to a near-perfect one
JUDGES = MappingProxyType({"weak": (0.70, 0.30), "medium": (0.85, 0.15), "strong": (0.95, 0.05),
                           "very strong": (0.99, 0.01)})
JUDGE_NAMES = tuple(JUDGES)
WINDOW_POINTS = 5  # true rates the window is sampled at (each a full simulation)


def judge_of(cell: Cell) -> tuple[float, float]:
    return JUDGES[JUDGE_NAMES[int(cell.get("judge", 2))]]


@cache
def _simulated(rate: float, judge: tuple[float, float], labelled: int, judged: int, repeats: int, level: float,
               seed: int):
    """The page's simulation at one true rate (every method at once, kept for the other methods' figures)."""
    from uncase_core.judge.simulation import simulate

    return simulate(rate, judge[0], judge[1], labelled, judged, repeats, level, seed=seed)


def _method_coverage(figure: Figure, cell: Cell, repeats: int, seed: int, method: str) -> IntervalResult:
    level = figure.level or 0.95
    sensitivity, false_positive = judge_of(cell)
    judged = max(1000, 5 * cell.n)

    def coverage(rate: float, offset: int) -> float:
        result = _simulated(round(float(rate), 6), (sensitivity, false_positive), cell.n, judged, repeats, level,
                            seed + offset)
        return result.methods[method].coverage.value

    rates = window_rates(cell.truth, WINDOW, WINDOW_POINTS)
    window = float(np.mean([coverage(rate, i) for i, rate in enumerate(rates)]))
    return IntervalResult(window=window, at_truth=coverage(cell.truth, 99), level=level,
                          repeats=repeats * WINDOW_POINTS, drawn=cell.n >= figure.drawn_from)


def ppi_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """PPI's interval with ``n`` hand labels among ``max(1000, 5 n)`` judged units."""
    return _method_coverage(figure, cell, repeats, seed, "ppi")


def tuned_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """PPI++'s interval (lambda tuned), likewise."""
    return _method_coverage(figure, cell, repeats, seed, "ppi_tuned")


def hand_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The hand labels' own Wilson interval, likewise."""
    return _method_coverage(figure, cell, repeats, seed, "hand_labels")


def judge_only_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The judge's verdicts' Wilson interval of the true rate (its bias not counted), likewise."""
    return _method_coverage(figure, cell, repeats, seed, "judge_only")


def true_worth(p: float, judge: tuple[float, float], labelled: int, judged: int, tuned: bool) -> float:
    """What a judge is worth in hand labels at true rate ``p`` with ``labelled`` of ``judged`` units hand-labelled:
    the population value of the figure the judge page estimates, ``n var(Y) / var(PPI) - n`` with
    ``var(PPI) = var(Y - lam f) / n + lam^2 var(f) / m`` (``lam`` 1 for PPI; for PPI++ its optimum, clipped to
    [0, 1], as :func:`~uncase_core.stats.ppi.tuned_lambda` estimates it)."""
    sensitivity, false_positive = judge
    n, m = labelled, judged - labelled
    judge_yes = p * sensitivity + (1 - p) * false_positive
    var_y, var_f = p * (1 - p), judge_yes * (1 - judge_yes)
    covariance = p * sensitivity - p * judge_yes
    lam = float(np.clip(covariance / ((1 + n / m) * var_f), 0.0, 1.0)) if tuned else 1.0
    rectifier = var_y - 2 * lam * covariance + lam * lam * var_f
    return n * var_y / (rectifier + (n / m) * lam * lam * var_f) - n


def worth_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The bootstrap interval of what the judge is worth (plain PPI, ``tuned`` 1: PPI++), against
    :func:`true_worth`, among the draws that gave an interval; measured at every size, judged where drawn."""
    from uncase_core.stats.ppi import judge_worth_interval, ppi_interval_from_counts

    level = figure.level or 0.95
    sensitivity, false_positive = judge_of(cell)
    tuned = bool(cell.get("tuned"))
    labelled, judged = cell.n, max(1000, 5 * cell.n)
    unlabelled = judged - labelled
    rng = np.random.default_rng(seed)

    def coverage(p: float) -> tuple[int, int]:
        """(covered, drawn) at true rate ``p``: near a rate of 1 the hand labels rarely hold both values, and the
        page gives no interval then, so a truth may have few draws or none (pooled over the window, not averaged as
        0 coverage)."""
        target = true_worth(p, (sensitivity, false_positive), labelled, judged, tuned)
        shares = [p * sensitivity, p * (1 - sensitivity), (1 - p) * false_positive, (1 - p) * (1 - false_positive)]
        cells = rng.multinomial(labelled, shares, size=repeats)
        judge_yes = rng.binomial(unlabelled, p * sensitivity + (1 - p) * false_positive, size=repeats)
        covered = drawn = 0
        for (n11, n10, n01, n00), m1 in zip(cells.tolist(), judge_yes.tolist(), strict=True):
            interval = ppi_interval_from_counts(((n11, n10), (n01, n00)), m1, unlabelled, level, tuned=tuned)
            worth = judge_worth_interval(interval, interval_from=0)
            if worth.low is not None and worth.high is not None:
                drawn += 1
                covered += worth.low <= target <= worth.high
        return covered, drawn

    def share(counts: list[tuple[int, int]]) -> float:
        covered, drawn = (sum(column) for column in zip(*counts, strict=True))
        return covered / drawn if drawn else 1.0

    rates = window_rates(cell.truth, WINDOW, 3)
    return IntervalResult(window=share([coverage(float(p)) for p in rates]), at_truth=share([coverage(cell.truth)]),
                          level=level, repeats=3 * repeats, drawn=cell.n >= figure.drawn_from)
