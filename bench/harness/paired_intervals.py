"""Two classifications of the same units, their paired interval at fixed truths, exactly (issue 48): the compare
page's "B - A" interval (Bonett and Price's, what the pages draw), the candidates beside it (Tango's score interval,
Newcombe's method 10 drawn before), and the judge page's bias line.

Every figure is measured at fixed true rates (0.5 to 0.95 for either system), fixed within-pair correlations (0 to
0.9) and fixed true differences (0 and 5 to 30 points). The rule (:mod:`bench.harness.rules`): the coverage averaged
over a window of +-0.05 around each true rate (both systems' rates moved together, the difference and the
correlation held) is at least the level minus 2.5 points; the worst fixed truth is printed beside it. Exact: every
table of ``n`` pairs weighted by its multinomial probability (no Monte Carlo error).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from scipy.special import gammaln, xlogy
from scipy.stats import norm

from bench.harness.cells import Cell
from bench.harness.rules import TOLERANCE, WINDOW, IntervalResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

WINDOW_STEP = 0.01

PAIRED_RATES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  # the higher of the two systems' true rates
PAIRED_DIFFERENCES = (0.0, 0.05, 0.1, 0.2, 0.3)  # each one way (B better) and the other (A better)
PAIR_CORRELATIONS = (0.0, 0.3, 0.6, 0.9)  # within a pair: the two systems' pass/fail on one case
# Judges of the bias line: sensitivity (share of the person's "yes" the judge calls yes) and false-positive rate.
BIAS_SENSITIVITIES = (0.6, 0.7, 0.8, 0.9, 0.95, 0.99)
BIAS_FALSE_POSITIVE_RATES = (0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5)


def _window(rate: float) -> np.ndarray:
    steps = round(WINDOW / WINDOW_STEP)
    return rate + WINDOW_STEP * np.arange(-steps, steps + 1)


# ---------------------------------------------------------------- truths


@dataclass(frozen=True)
class PairedTruth:
    """One fixed truth of two classifications of the same units: the higher true rate, the difference (``sign`` +1:
    the first classification, system B, is higher), the within-pair correlation (phi)."""

    rate: float
    difference: float
    sign: int
    correlation: float

    def rates(self, shift: float = 0.0) -> tuple[float, float]:
        """``(rate_first, rate_second)``, both moved by ``shift`` (the window)."""
        high = self.rate + shift
        low = high - self.difference
        return (high, low) if self.sign > 0 else (low, high)

    @property
    def true_difference(self) -> float:
        """``rate_first - rate_second``."""
        return self.sign * self.difference

    def label(self) -> str:
        first, second = self.rates()
        return f"B {first:.2f}, A {second:.2f}, correlation {self.correlation:g}"


def paired_cells(rate_first: float, rate_second: float, correlation: float) -> tuple[float, float, float, float] | None:
    """The probabilities ``(both, first_only, second_only, neither)`` of two yes/no classifications with these true
    rates and phi correlation; None when no such table exists (a rate outside (0, 1), or a correlation the two rates
    cannot have)."""
    if not (0.0 < rate_first < 1.0 and 0.0 < rate_second < 1.0):
        return None
    both = rate_first * rate_second + correlation * np.sqrt(
        rate_first * (1 - rate_first) * rate_second * (1 - rate_second))
    cells = (both, rate_first - both, rate_second - both, 1.0 - rate_first - rate_second + both)
    if min(cells) < -1e-12:
        return None
    return tuple(max(0.0, float(c)) for c in cells)  # type: ignore[return-value]


def paired_truths(rates: Sequence[float] = PAIRED_RATES, differences: Sequence[float] = PAIRED_DIFFERENCES,
                  correlations: Sequence[float] = PAIR_CORRELATIONS) -> Iterator[PairedTruth]:
    """Every fixed truth of the grid that exists (a correlation of 0.9 is impossible between rates far apart)."""
    for rate in rates:
        for difference in differences:
            for sign in ((1,) if difference == 0 else (1, -1)):
                for correlation in correlations:
                    truth = PairedTruth(float(rate), float(difference), sign, float(correlation))
                    if paired_cells(*truth.rates(), truth.correlation) is not None:
                        yield truth


# ---------------------------------------------------------------- the intervals and their tables


def discordant_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ``(first_only, second_only)`` of ``n`` pairs (the rest concordant)."""
    first, second = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
    keep = first + second <= n
    return first[keep], second[keep]


@cache
def page_bounds(n: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """The bounds the pages draw (:func:`uncase_core.stats.differences.paired_difference_interval`) for every table
    of :func:`discordant_tables`: it depends on the discordant cells and ``n`` only."""
    from uncase_core.stats.differences import paired_difference_interval

    first, second = discordant_tables(n)
    bounds = [paired_difference_interval(0, int(f), int(s), n - int(f) - int(s), confidence)
              for f, s in zip(first, second, strict=True)]
    return np.array([b.low for b in bounds]), np.array([b.high for b in bounds])


def tango_bounds(n: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """Tango's (1998) asymptotic score interval for every table of :func:`discordant_tables`, a candidate the harness
    compares: the score statistic ``(f - s - n d) / sqrt(n (2 q + d (1 - d)))``, ``q`` the constrained maximum
    likelihood estimate of the second-only share at difference ``d``, inverted by bisection (as R's
    ``contingencytables::Tango_asymptotic_score_CI_paired_2x2`` does with ``uniroot``)."""
    first, second = (x.astype(float) for x in discordant_tables(n))
    z = float(norm.ppf(1.0 - (1.0 - confidence) / 2.0))

    def statistic(d: np.ndarray) -> np.ndarray:
        a = 2.0 * n
        b = -first - second + (2.0 * n - first + second) * d
        c = -second * d * (1.0 - d)
        q = (np.sqrt(np.maximum(b * b - 4.0 * a * c, 0.0)) - b) / (2.0 * a)
        return (first - second - n * d) / np.sqrt(np.maximum(n * (2.0 * q + d * (1.0 - d)), 1e-300))

    def root(target: float) -> np.ndarray:
        low, high = np.full(first.shape, -1.0 + 1e-12), np.full(first.shape, 1.0 - 1e-12)
        for _ in range(60):  # the statistic falls as d rises: halve the bracket 60 times (below 1e-17)
            middle = (low + high) / 2.0
            right = statistic(middle) > target
            low, high = np.where(right, middle, low), np.where(right, high, middle)
        return (low + high) / 2.0

    estimate = (first - second) / n
    return np.where(estimate == -1.0, -1.0, root(z)), np.where(estimate == 1.0, 1.0, root(-z))


def discordant_probabilities(n: int, cells: tuple[float, float, float, float]) -> np.ndarray:
    """The multinomial probability of each table of :func:`discordant_tables`."""
    both, first_only, second_only, neither = cells
    f, s = discordant_tables(n)
    return np.exp(gammaln(n + 1) - gammaln(f + 1) - gammaln(s + 1) - gammaln(n - f - s + 1)
                  + xlogy(f, first_only) + xlogy(s, second_only) + xlogy(n - f - s, both + neither))


def _full_tables(n: int) -> np.ndarray:
    return np.array([(a, f, s, n - a - f - s) for a in range(n + 1) for f in range(n + 1 - a)
                     for s in range(n + 1 - a - f)])


def newcombe_tables(n: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every full table ``(both, first_only, second_only, neither)`` of ``n`` pairs and Newcombe's method 10 on it
    (:func:`uncase_core.stats.differences.newcombe_paired_interval`, what the pages drew before issue 48)."""
    from uncase_core.stats.differences import newcombe_paired_interval

    tables = _full_tables(n)
    bounds = [newcombe_paired_interval(*(int(x) for x in row), confidence) for row in tables]
    return tables, np.array([b.low for b in bounds]), np.array([b.high for b in bounds])


def _full_probabilities(tables: np.ndarray, n: int, cells: tuple[float, float, float, float]) -> np.ndarray:
    counts = tables.T
    log = gammaln(n + 1) - sum(gammaln(c + 1) for c in counts)
    for count, share in zip(counts, cells, strict=True):
        log = log + xlogy(count, share)
    return np.exp(log)


@dataclass(frozen=True, kw_only=True)
class FixedTruthCoverage:
    """An interval's coverage at ``n`` over a grid of fixed truths.

    ``windowed`` is the lowest, over the truths, of the coverage averaged over the window of true rates around each
    (the rule), at ``windowed_at``; ``worst`` the lowest coverage at a fixed truth, at ``worst_at``; ``width`` the
    interval's expected width averaged over the fixed truths."""

    n: int
    windowed: float
    windowed_at: str
    worst: float
    worst_at: str
    width: float
    level: float

    @property
    def holds(self) -> bool:
        return self.windowed >= self.level - TOLERANCE - 1e-12


Cells = tuple[float, float, float, float]


def _fixed_truth_coverage(n: int, truths: Sequence[tuple[str, Callable[[float], Cells | None]]],
                          probabilities: Callable[[Cells], np.ndarray], low: np.ndarray, high: np.ndarray,
                          confidence: float) -> FixedTruthCoverage:
    """The coverage of the bounds ``low``/``high`` (one per table) of the true difference ``first_only -
    second_only``, each truth given as its label and its cells at a shift of the window."""
    windowed, worst, widths = (2.0, ""), (2.0, ""), []
    for label, cells_at in truths:
        coverages = []
        for shift in _window(0.0):
            cells = cells_at(float(shift))
            if cells is None:
                continue
            difference = cells[1] - cells[2]
            weight = probabilities(cells)
            coverages.append(float(weight[(low - 1e-9 <= difference) & (difference <= high + 1e-9)].sum()))
            if abs(shift) < 1e-12:
                widths.append(float((weight * (high - low)).sum()))
                worst = min(worst, (coverages[-1], label))
        windowed = min(windowed, (float(np.mean(coverages)), label))
    return FixedTruthCoverage(n=n, windowed=windowed[0], windowed_at=windowed[1], worst=worst[0], worst_at=worst[1],
                              width=float(np.mean(widths)), level=confidence)


def _compare_truths(truths: Sequence[PairedTruth]) -> list[tuple[str, Callable[[float], Cells | None]]]:
    return [(t.label(), lambda shift, t=t: paired_cells(*t.rates(shift), t.correlation)) for t in truths]


def _bounds_and_probabilities(n: int, method: str, confidence: float
                              ) -> tuple[np.ndarray, np.ndarray, Callable[[Cells], np.ndarray]]:
    if method == "newcombe":
        tables, low, high = newcombe_tables(n, confidence)
        return low, high, lambda cells: _full_probabilities(tables, n, cells)
    if method not in PAIRED_METHODS:
        raise ValueError(f"method: expected one of {PAIRED_METHODS}, got {method!r}")
    low, high = page_bounds(n, confidence) if method == "page" else tango_bounds(n, confidence)
    return low, high, lambda cells: discordant_probabilities(n, cells)


PAIRED_METHODS = ("page", "newcombe", "tango")  # the pages' interval (Bonett-Price) and the candidates beside it


def paired_interval_coverage(pairs: int, method: str = "page", confidence: float = DEFAULT_CONFIDENCE,
                             truths: Sequence[PairedTruth] | None = None) -> FixedTruthCoverage:
    """Figure: the compare page's "B − A ... interval" (cards, chart, strata table, the projector's line, the command
    line), and its candidates. Exact coverage of ``rate_b - rate_a`` at ``pairs`` pairs, for ``method`` ``"page"``
    (Bonett and Price's interval, what the pages draw), ``"newcombe"`` (method 10, drawn before issue 48) or
    ``"tango"`` (the asymptotic score interval), over :func:`paired_truths`."""
    truths = list(paired_truths()) if truths is None else list(truths)
    low, high, probabilities = _bounds_and_probabilities(pairs, method, confidence)
    return _fixed_truth_coverage(pairs, _compare_truths(truths), probabilities, low, high, confidence)


def judge_cells(human_rate: float, sensitivity: float, false_positive: float) -> Cells | None:
    """``(both, judge_only, human_only, neither)`` of a judge with this sensitivity and false-positive rate against a
    person whose true rate of "yes" is ``human_rate``; None outside (0, 1)."""
    if not 0.0 < human_rate < 1.0:
        return None
    return (human_rate * sensitivity, (1 - human_rate) * false_positive, human_rate * (1 - sensitivity),
            (1 - human_rate) * (1 - false_positive))


def judge_bias_coverage(units: int, confidence: float = DEFAULT_CONFIDENCE, method: str = "page",
                        rates: Sequence[float] = PAIRED_RATES, sensitivities: Sequence[float] = BIAS_SENSITIVITIES,
                        false_positives: Sequence[float] = BIAS_FALSE_POSITIVE_RATES) -> FixedTruthCoverage:
    """Figure: the judge page's bias line ("judge rate minus yours ... interval"). Exact coverage of the true bias,
    ``(1 - p) f - p (1 - s)``, at ``units`` units with both a hand label and a verdict, for judges of sensitivity
    ``s`` and false-positive rate ``f`` against a true human rate ``p`` (the window moves ``p``; the bias moves with
    it), ``method`` ``"page"`` or ``"newcombe"`` (drawn before issue 48). Units independent, as the page's interval
    assumes."""
    truths = [(f"judge {s:g}/{f:g}, human rate {p:g}", lambda shift, p=p, s=s, f=f: judge_cells(p + shift, s, f))
              for s in sensitivities for f in false_positives for p in rates]
    low, high, probabilities = _bounds_and_probabilities(units, method, confidence)
    return _fixed_truth_coverage(units, truths, probabilities, low, high, confidence)


def _result(figure: Figure, cell: Cell, coverage: FixedTruthCoverage) -> IntervalResult:
    return IntervalResult(window=coverage.windowed, at_truth=coverage.worst, level=coverage.level, repeats=None,
                          drawn=cell.n >= figure.drawn_from)


def compare_difference(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The registry's cell of the compare page's "B - A" interval (Bonett and Price's, what the pages draw): ``n``
    pairs, B's true rate the cell's truth, A's ``difference`` below it, the two systems on one case correlated
    ``correlation``; exact (:func:`paired_interval_coverage`)."""
    truth = PairedTruth(cell.truth, cell.get("difference"), 1, cell.get("correlation"))
    return _result(figure, cell, paired_interval_coverage(cell.n, "page", figure.level or DEFAULT_CONFIDENCE,
                                                          [truth]))


def judge_bias(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The registry's cell of the judge page's bias line (judge's rate minus the hand labels', Bonett and Price's
    interval): ``n`` units, the person's true rate the cell's truth, a judge of ``sensitivity`` and
    ``false_positive`` rate; exact (:func:`judge_bias_coverage`)."""
    coverage = judge_bias_coverage(cell.n, figure.level or DEFAULT_CONFIDENCE, "page", (cell.truth,),
                                   (cell.get("sensitivity"),), (cell.get("false_positive"),))
    return _result(figure, cell, coverage)


def existing(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """The cells of a paired grid whose truth exists (a correlation of 0.9 is impossible between rates far apart)."""
    return tuple(c for c in cells if paired_cells(c.truth, c.truth - c.get("difference"), c.get("correlation"))
                 is not None)
