"""The coverage harness for two classifications of the same units (issue 48): the compare page's paired interval and
verdicts, the projector's pair verdict and the judge page's bias line, at fixed truths.

The figures of :mod:`uncase_core.stats.coverage` averaged over a true rate drawn uniformly on [0, 1]; here every
figure is measured at fixed true rates (0.5 to 0.95 for either system), fixed within-pair correlations (0 to 0.9),
fixed true differences (0 and 5 to 30 points) and, for verdicts read together, fixed correlations between the
dimensions (0 to 0.9). The rule (issue 48):

- an interval's coverage averaged over a window of +-0.05 around each true rate (both systems' rates moved
  together, the difference and the correlation held) is at least its level minus 2.5 points; the worst fixed truth
  is printed beside it;
- a verdict's false rate at every null truth is at most its level: exactly where it can be computed, else within 3
  Monte Carlo standard errors, which the tables state;
- power is printed beside level.

Interval coverages are exact: every table of ``n`` pairs weighted by its multinomial probability (no Monte Carlo
error). Each simulation is one function whose docstring names the figure it measures, so that the harness can move
out of the product package without change. ``bench/coverage.py`` prints the tables (docs/coverage.md);
``tests/core/stats/test_coverage_paired.py`` runs a small seeded version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from scipy.special import gammaln, xlogy
from scipy.stats import multivariate_normal, norm

from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

WINDOW_TOLERANCE = 0.025  # an interval's windowed coverage may fall this far below its level (issue 48)
WINDOW = 0.05  # half width of the window of true rates averaged over (Wilson's own oscillation)
WINDOW_STEP = 0.01
MONTE_CARLO_ERRORS = 3.0  # a simulated false rate may exceed its level by this many of its standard errors

PAIRED_RATES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  # the higher of the two systems' true rates
PAIRED_DIFFERENCES = (0.0, 0.05, 0.1, 0.2, 0.3)  # each one way (B better) and the other (A better)
PAIR_CORRELATIONS = (0.0, 0.3, 0.6, 0.9)  # within a pair: the two systems' pass/fail on one case
DIMENSION_CORRELATIONS = (0.0, 0.3, 0.6, 0.9)  # between the dimensions of one system's answer
# Judges of the bias line: sensitivity (share of the person's "yes" the judge calls yes) and false-positive rate.
BIAS_SENSITIVITIES = (0.6, 0.7, 0.8, 0.9, 0.95, 0.99)
BIAS_FALSE_POSITIVE_RATES = (0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5)
NEWCOMBE_LIMIT = 60  # Newcombe's interval depends on all four cells: (n + 1)(n + 2)(n + 3) / 6 tables


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


def _discordant_probabilities(n: int, cells: tuple[float, float, float, float]) -> np.ndarray:
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
        return self.windowed >= self.level - WINDOW_TOLERANCE - 1e-12


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
    return low, high, lambda cells: _discordant_probabilities(n, cells)


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


# ---------------------------------------------------------------- verdicts on four dimensions read together


ORDERS = ("holm", "primary")  # Holm over the four dimensions; a primary dimension first, the others after it


def latent_pass_fail(pairs: int, rates_a: Sequence[float], rates_b: Sequence[float], pair_correlation: float,
                     dimension_correlation: float, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """(repeats, dimensions, 2) discordant counts ``(only_a, only_b)`` of ``pairs`` cases on which each system
    passes each dimension with its true rate. A case's pass/fail comes from a latent normal score per system and
    dimension: the two systems' scores on one dimension correlate ``pair_correlation`` (latent, tetrachoric), and one
    system's scores on two dimensions ``dimension_correlation`` (a hard case is hard on every dimension)."""
    dimensions = len(rates_a)
    shared = np.full((dimensions, dimensions), dimension_correlation) + (1 - dimension_correlation) * np.eye(dimensions)
    root = np.linalg.cholesky(shared)
    common = rng.standard_normal((repeats, pairs, dimensions)) @ root.T
    own = rng.standard_normal((2, repeats, pairs, dimensions)) @ root.T
    scores = np.sqrt(pair_correlation) * common[None] + np.sqrt(1 - pair_correlation) * own
    passes_a = scores[0] < norm.ppf(np.asarray(rates_a))
    passes_b = scores[1] < norm.ppf(np.asarray(rates_b))
    only_a = (passes_a & ~passes_b).sum(axis=1)
    only_b = (~passes_a & passes_b).sum(axis=1)
    return np.stack([only_a, only_b], axis=-1)


def latent_discordant_shares(rate_a: float, rate_b: float, pair_correlation: float) -> tuple[float, float]:
    """``(p_only_a, p_only_b)`` of one dimension in :func:`latent_pass_fail`'s model, exactly (bivariate normal)."""
    qa, qb = norm.ppf(rate_a), norm.ppf(rate_b)
    both = float(multivariate_normal(mean=[0.0, 0.0], cov=[[1.0, pair_correlation], [pair_correlation, 1.0]]).cdf(
        [qa, qb]))
    return rate_a - both, rate_b - both


def order_clear(tables: np.ndarray, order: str, confidence: float = DEFAULT_CONFIDENCE,
                primary: int = 0) -> np.ndarray:
    """Which of the (repeats, dimensions) comparisons of ``tables`` are called clear, and which way: +1 B better,
    -1 A better, 0 not clear; ``order`` ``"holm"`` (:func:`uncase_core.stats.coverage.policy_clear`) or
    ``"primary"`` (``primary`` tested first, alone, at the full level; the others by Holm among themselves only when
    it is clear), every dimension having pairs. A test checks it against
    :func:`uncase_core.stats.verdicts.paired_verdicts` on random tables."""
    from uncase_core.stats.coverage import exact_p_values, policy_clear
    from uncase_core.stats.verdicts import smallest_exact_p

    alpha = 1.0 - confidence
    only_a, only_b = tables[..., 0], tables[..., 1]
    direction = np.sign(only_b - only_a)
    if order == "holm":
        return np.where(policy_clear(tables, confidence), direction, 0)
    if order != "primary":
        raise ValueError(f"order: expected one of {ORDERS}, got {order!r}")
    discordant = only_a[..., primary] + only_b[..., primary]
    p = exact_p_values(only_a[..., primary], only_b[..., primary])
    lead = (np.vectorize(smallest_exact_p)(discordant) <= alpha + 1e-12) & (p <= alpha + 1e-12)
    others = [d for d in range(tables.shape[-2]) if d != primary]
    after = policy_clear(tables[..., others, :], confidence) & lead[..., None]
    clear = np.zeros(only_a.shape, dtype=bool)
    clear[..., primary] = lead
    clear[..., others] = after
    return np.where(clear, direction, 0)


@dataclass(frozen=True, kw_only=True)
class SimulatedRate:
    """A share of ``repeats`` simulated comparisons (a false rate or a power) with its Monte Carlo standard error."""

    n: int
    rate: float
    repeats: int
    level: float

    @property
    def standard_error(self) -> float:
        share = min(max(self.rate, self.level), 1.0)
        return float(np.sqrt(share * (1.0 - share) / max(1, self.repeats)))

    @property
    def holds(self) -> bool:
        """As a false rate: at most the level, within :data:`MONTE_CARLO_ERRORS` standard errors."""
        return self.rate <= self.level + MONTE_CARLO_ERRORS * self.standard_error + 1e-12


def family_false_rate(pairs: int, order: str, rate: float, pair_correlation: float, dimension_correlation: float,
                      repeats: int = 4000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                      primary_difference: float = 0.0) -> SimulatedRate:
    """Figure: the compare page's four verdicts read together ("B is better on ... (clear)"), family-wise. With no
    true difference on any dimension (or, ``primary_difference`` > 0, a real one on the primary dimension only and
    none on the others), how often at least one dimension is called clear where it has none, under ``order``; every
    dimension's true rate ``rate`` for both systems (B's primary ``rate + primary_difference``)."""
    rng = np.random.default_rng(seed)
    rates_a = [rate] * 4
    rates_b = [rate + primary_difference] + [rate] * 3
    tables = latent_pass_fail(pairs, rates_a, rates_b, pair_correlation, dimension_correlation, repeats, rng)
    clear = order_clear(tables, order, confidence) != 0
    false = clear[:, 1:].any(axis=1) if primary_difference > 0 else clear.any(axis=1)
    return SimulatedRate(n=pairs, rate=float(false.mean()), repeats=repeats, level=1.0 - confidence)


def primary_power(pairs: int, order: str, rate_a: float, rate_b: float, pair_correlation: float,
                  dimension_correlation: float, repeats: int = 4000, seed: int = 0,
                  confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the power of "B is better on <the primary dimension> (clear)" under ``order``, with a real difference
    on that dimension only (A ``rate_a``, B ``rate_b``) and none on the other three (both at ``rate_a``)."""
    rng = np.random.default_rng(seed)
    tables = latent_pass_fail(pairs, [rate_a] * 4, [rate_b] + [rate_a] * 3, pair_correlation,
                              dimension_correlation, repeats, rng)
    called = order_clear(tables, order, confidence)[:, 0] > 0
    return SimulatedRate(n=pairs, rate=float(called.mean()), repeats=repeats, level=1.0 - confidence)


def exact_mcnemar_directional_power(pairs: int, p_only_a: float, p_only_b: float,
                                    confidence: float = DEFAULT_CONFIDENCE) -> float:
    """The floor: the probability that the exact two-sided McNemar test of one dimension alone rejects with B ahead
    (``only_b > only_a``), exactly from the multinomial probabilities of every table."""
    from uncase_core.stats.coverage import exact_p_values

    only_b, only_a = discordant_tables(pairs)  # the first classification is B
    weight = _discordant_probabilities(pairs, (1.0 - p_only_a - p_only_b, p_only_b, p_only_a, 0.0))
    reject = (exact_p_values(only_a, only_b) <= 1.0 - confidence + 1e-12) & (only_b > only_a)
    return float(weight[reject].sum())


# ---------------------------------------------------------------- the projector's pair verdict (a class labels)


ROOM_RATERS = (3, 5, 20)
ROOM_ACCURACIES = (0.7, 0.85, 0.95)
ROOM_THRESHOLD = 0.7  # the room's comparison uses the RAG page's defaults: 0.7 for three of the four dimensions


def room_pair_tables(cases: int, raters: int, accuracy: float, rate_a: float, rate_b: float,
                     unit_correlation: float, dimension_correlation: float, repeats: int, rng: np.random.Generator,
                     threshold: float = ROOM_THRESHOLD, max_units: int = 12,
                     pair_correlation: float = 0.3) -> np.ndarray:
    """(repeats, 4, 2) discordant counts of the pair verdict a room draws on its class majority. Per case and
    dimension each system's answer has 1 to ``max_units`` units (drawn per case, the same for both systems' answers
    to one question), each truly "yes" with the case's own rate: a beta draw of mean the system's true rate and
    within-case correlation ``unit_correlation``, whose latent score is shared across the four dimensions with
    correlation ``dimension_correlation`` and between the two systems' answers to one question with correlation
    ``pair_correlation`` (a hard question is hard for both). ``raters`` people label every unit, each right with
    probability ``accuracy``; the class majority is the label (a tie: none); a case passes a dimension when its
    share of "yes" reaches ``threshold`` and is N/A (dropped) with no labelled unit; the table counts the pairs both
    have."""
    from scipy.stats import beta as beta_distribution

    dims = 4
    shared = np.full((dims, dims), dimension_correlation) + (1 - dimension_correlation) * np.eye(dims)
    root = np.linalg.cholesky(shared)
    units = rng.integers(1, max_units + 1, size=(repeats, cases, dims))
    tables = np.zeros((repeats, dims, 2), dtype=int)
    passes = []
    common = rng.standard_normal((repeats, cases, dims)) @ root.T
    for rate in (rate_a, rate_b):
        own = rng.standard_normal((repeats, cases, dims)) @ root.T
        latent = norm.cdf(np.sqrt(pair_correlation) * common + np.sqrt(1 - pair_correlation) * own)
        if unit_correlation > 0:
            spread = (1 - unit_correlation) / unit_correlation
            case_rate = beta_distribution.ppf(latent, max(rate * spread, 1e-9), max((1 - rate) * spread, 1e-9))
        else:
            case_rate = np.full(latent.shape, rate)
        unit_index = np.arange(max_units)
        truth = rng.random((repeats, cases, dims, max_units)) < case_rate[..., None]
        right = rng.binomial(raters, accuracy, size=truth.shape)
        yes_votes = np.where(truth, right, raters - right)
        majority_yes = yes_votes * 2 > raters
        labelled = (yes_votes * 2 != raters) & (unit_index < units[..., None])
        yes = (majority_yes & labelled).sum(axis=-1)
        total = labelled.sum(axis=-1)
        value = np.divide(yes, total, out=np.zeros(yes.shape), where=total > 0)
        passes.append(np.where(total > 0, np.where(value >= threshold - 1e-12, 1, 0), -1))
    a, b = passes
    both_present = (a >= 0) & (b >= 0)
    tables[..., 0] = ((a == 1) & (b == 0) & both_present).sum(axis=1)
    tables[..., 1] = ((a == 0) & (b == 1) & both_present).sum(axis=1)
    return tables


def room_pair_false_rate(cases: int, raters: int, accuracy: float, rate: float, unit_correlation: float = 0.3,
                         dimension_correlation: float = 0.6, repeats: int = 2000, seed: int = 0,
                         confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the projector's pair verdict ("B is better" in large type, on the class majority; the facilitator's
    cards). With both systems' answers equally good (true rate ``rate`` on every dimension), how often any of the
    four is called clear (Holm over the four, as the room decides; :func:`room_pair_tables`)."""
    rng = np.random.default_rng(seed)
    tables = room_pair_tables(cases, raters, accuracy, rate, rate, unit_correlation, dimension_correlation, repeats,
                              rng)
    clear = order_clear(tables, "holm", confidence) != 0
    return SimulatedRate(n=cases, rate=float(clear.any(axis=1).mean()), repeats=repeats, level=1.0 - confidence)


def room_pair_power(cases: int, raters: int, accuracy: float, rate_a: float, rate_b: float,
                    unit_correlation: float = 0.3, dimension_correlation: float = 0.6, repeats: int = 2000,
                    seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """Figure: the projector's "B is better" on the first dimension when B's answers truly pass it more often
    (``rate_b`` against ``rate_a``; the other dimensions equal), on the class majority."""
    rng = np.random.default_rng(seed)
    tables = room_pair_tables(cases, raters, accuracy, rate_a, rate_a, unit_correlation, dimension_correlation,
                              repeats, rng)
    better = room_pair_tables(cases, raters, accuracy, rate_a, rate_b, unit_correlation, dimension_correlation,
                              repeats, rng)
    tables[:, 0] = better[:, 0]
    called = order_clear(tables, "holm", confidence)[:, 0] > 0
    return SimulatedRate(n=cases, rate=float(called.mean()), repeats=repeats, level=1.0 - confidence)


PAIRED_GRID = MappingProxyType({"rates": PAIRED_RATES, "differences": PAIRED_DIFFERENCES,
                                "pair_correlations": PAIR_CORRELATIONS,
                                "dimension_correlations": DIMENSION_CORRELATIONS})
