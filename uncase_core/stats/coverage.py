"""How often the playground's intervals cover the truth and its verdicts call a difference that is not there,
measured by simulation at the sample sizes a workshop uses (issue 36).

Correct arithmetic is not enough: an interval is honest only if its "95%" holds at the n on screen. Each function
here draws seeded data from a known truth, computes exactly what the app computes from it, and counts. The criterion
for an interval is Brown, Cai and DasGupta's (2001): its *mean* coverage over the true proportion (uniform on
[0, 1], or on a grid) should be at least the nominal level minus 2 points, with the worst case over the proportion
reported beside it; a verdict's false rate, with no true difference, must be at most its level at every null tried.
``bench/coverage.py`` prints the whole table; ``tests/test_coverage.py`` runs a small seeded version.

Everything is vectorized over repeats with NumPy's generator (PCG64) from a given seed: the same arguments give the
same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from scipy.stats import binom
from statsmodels.stats.proportion import proportion_confint

from uncase_core.stats.clustered import design_effect_wilson
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

TOLERANCE = 0.02  # an interval's mean coverage may fall this far below its level (Brown, Cai and DasGupta 2001)


@dataclass(frozen=True, kw_only=True)
class Coverage:
    """An interval's coverage at one sample size: the mean over the true proportion and the worst case."""

    n: int
    mean: float
    worst: float
    level: float

    @property
    def holds(self) -> bool:
        return self.mean >= self.level - TOLERANCE - 1e-12


@dataclass(frozen=True, kw_only=True)
class FalseRate:
    """How often a verdict called a difference when there was none, at one sample size, over ``repeats``."""

    n: int
    rate: float
    repeats: int
    level: float

    @property
    def holds(self) -> bool:
        # The Monte Carlo error of a rate near 5% over 2,000 repeats is about 0.5 point: allow 2 of its standard
        # errors above the level before calling it broken.
        slack = 2.0 * np.sqrt(self.level * (1.0 - self.level) / max(1, self.repeats))
        return self.rate <= self.level + slack


# ---------------------------------------------------------------- one proportion, independent units


def wilson_coverage(n: int, confidence: float = DEFAULT_CONFIDENCE, grid: int = 2001) -> Coverage:
    """The exact coverage of the Wilson interval for ``n`` independent units, on a fine grid of true proportions
    (no simulation: the binomial probabilities of the outcomes whose interval holds the proportion)."""
    p = np.linspace(0.0005, 0.9995, grid)
    k = np.arange(n + 1)
    low, high = proportion_confint(k, n, alpha=1.0 - confidence, method="wilson")
    holds = (low[None, :] <= p[:, None] + 1e-12) & (p[:, None] - 1e-12 <= high[None, :])
    coverage = (binom.pmf(k[None, :], n, p[:, None]) * holds).sum(axis=1)
    return Coverage(n=n, mean=float(coverage.mean()), worst=float(coverage.min()), level=confidence)


# ---------------------------------------------------------------- a pooled proportion, units clustered in cases


def clustered_units(cases: int, units: int, correlation: float, p: np.ndarray,
                    rng: np.random.Generator) -> np.ndarray:
    """Successes per case, (repeats, cases): ``units`` units a case whose labels share the case's own rate, drawn
    from a beta distribution of mean ``p`` and intra-case correlation ``correlation`` (0: independent units)."""
    repeats = len(p)
    if correlation <= 0:
        rates = np.repeat(p[:, None], cases, axis=1)
    else:
        spread = (1.0 - correlation) / correlation
        a = np.maximum(p * spread, 1e-9)[:, None].repeat(cases, axis=1)
        b = np.maximum((1.0 - p) * spread, 1e-9)[:, None].repeat(cases, axis=1)
        rates = rng.beta(a, b)
    return rng.binomial(units, rates, size=(repeats, cases))


def pooled_coverage(cases: int, units: int, correlation: float, method: str, repeats: int = 2000, seed: int = 0,
                    confidence: float = DEFAULT_CONFIDENCE) -> Coverage:
    """Coverage of a pooled interval over ``cases`` cases of ``units`` labelled units each, the true proportion
    uniform on [0, 1]: ``method`` ``"unit_wilson"`` (the units' Wilson interval, as if independent) or
    ``"clustered"`` (:func:`uncase_core.stats.clustered.design_effect_wilson`, cases as clusters)."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.0, 1.0, repeats)
    successes = clustered_units(cases, units, correlation, p, rng)
    totals = np.full_like(successes, units)
    if method == "unit_wilson":
        low, high = proportion_confint(successes.sum(axis=1), totals.sum(axis=1), alpha=1 - confidence,
                                       method="wilson")
    else:
        low, high = design_effect_wilson(successes, totals, confidence)
    covered = (low <= p + 1e-12) & (p - 1e-12 <= high)
    # the worst case over the proportion, in ten bins of p
    bins = np.minimum((p * 10).astype(int), 9)
    worst = min(float(covered[bins == b].mean()) for b in range(10) if np.any(bins == b))
    return Coverage(n=cases, mean=float(covered.mean()), worst=worst, level=confidence)


# ---------------------------------------------------------------- two systems on the same cases


def paired_null_tables(pairs: int, dimensions: int, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """(repeats, dimensions, 2) discordant counts ``(only_a, only_b)`` with no true difference: per repeat and
    dimension a share of discordant cases drawn uniformly, each discordant case one way or the other at even odds."""
    share = rng.uniform(0.0, 1.0, (repeats, dimensions))
    discordant = rng.binomial(pairs, share)
    only_b = rng.binomial(discordant, 0.5)
    return np.stack([discordant - only_b, only_b], axis=-1)


def exact_p_values(only_a: np.ndarray, only_b: np.ndarray) -> np.ndarray:
    """The exact two-sided McNemar p-values of arrays of discordant counts, at once (1 where none differ): the same
    figures as :func:`uncase_core.stats.verdicts.exact_mcnemar_p`, which a test checks."""
    discordant = only_a + only_b
    p = np.minimum(1.0, 2.0 * binom.cdf(np.minimum(only_a, only_b), discordant, 0.5))
    return np.where(discordant > 0, p, 1.0)


def policy_clear(tables: np.ndarray, confidence: float = DEFAULT_CONFIDENCE) -> np.ndarray:
    """Which of the (repeats, dimensions) comparisons of ``tables`` ((..., 2) discordant counts ``only_a, only_b``)
    the compare page calls clear, all at once: the policy of :func:`uncase_core.stats.verdicts.paired_verdicts`
    (exact McNemar, Holm over the dimensions, withheld below the discordant pairs its strictest step needs), every
    dimension having pairs. A test checks it agrees with that function on random tables."""
    from uncase_core.stats.verdicts import smallest_exact_p

    alpha = 1.0 - confidence
    only_a, only_b = tables[..., 0], tables[..., 1]
    p = exact_p_values(only_a, only_b)
    tests = p.shape[-1]
    order = np.argsort(p, axis=-1, kind="stable")
    ranked = np.take_along_axis(p, order, axis=-1) * (tests - np.arange(tests))
    ranked = np.minimum(1.0, np.maximum.accumulate(ranked, axis=-1))
    adjusted = np.empty_like(p)
    np.put_along_axis(adjusted, order, ranked, axis=-1)
    smallest = np.vectorize(smallest_exact_p)(only_a + only_b)
    withheld = smallest * tests > alpha + 1e-12
    return ~withheld & (adjusted <= alpha + 1e-12) & (only_a != only_b)


def verdict_false_rates(pairs: int, repeats: int = 2000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                        dimensions: int = 4) -> tuple[FalseRate, FalseRate]:
    """With no difference on any of ``dimensions``, how often the compare page's policy says "clear": on one
    dimension, and on at least one of them."""
    rng = np.random.default_rng(seed)
    clear = policy_clear(paired_null_tables(pairs, dimensions, repeats, rng), confidence)
    alpha = 1.0 - confidence
    return (FalseRate(n=pairs, rate=float(clear[:, 0].mean()), repeats=repeats, level=alpha),
            FalseRate(n=pairs, rate=float(clear.any(axis=1).mean()), repeats=repeats, level=alpha))


def _newcombe_table(pairs: int, confidence: float) -> dict[tuple[int, int, int], tuple[float, float]]:
    """Newcombe's interval for every table of ``pairs`` pairs, by ``(both, only_b, only_a)``: computed once, then
    looked up by the simulation (there are (n + 1)(n + 2)(n + 3) / 6 tables)."""
    from uncase_core.stats.differences import paired_difference_interval

    table = {}
    for both in range(pairs + 1):
        for only_b in range(pairs + 1 - both):
            for only_a in range(pairs + 1 - both - only_b):
                interval = paired_difference_interval(both, only_b, only_a, pairs - both - only_b - only_a,
                                                      confidence)
                table[both, only_b, only_a] = (interval.low, interval.high)
    return table


def interval_false_rates(pairs: int, repeats: int = 2000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                         dimensions: int = 4) -> tuple[FalseRate, FalseRate]:
    """The former rule, for comparison: "clear" when Newcombe's paired interval leaves out 0 (on one dimension,
    and on any of ``dimensions``), with no true difference."""
    rng = np.random.default_rng(seed)
    table = _newcombe_table(pairs, confidence)
    share = rng.uniform(0.0, 1.0, repeats * dimensions)
    cells = np.array([rng.multinomial(pairs, [(1 - s) / 2, s / 2, s / 2, (1 - s) / 2]) for s in share])
    clear = np.array([(lambda b: b[0] > 0 or b[1] < 0)(table[int(c[0]), int(c[1]), int(c[2])]) for c in cells])
    clear = clear.reshape(repeats, dimensions)
    alpha = 1.0 - confidence
    return (FalseRate(n=pairs, rate=float(clear[:, 0].mean()), repeats=repeats, level=alpha),
            FalseRate(n=pairs, rate=float(clear.any(axis=1).mean()), repeats=repeats, level=alpha))


def newcombe_coverage(pairs: int, repeats: int = 2000, seed: int = 0,
                      confidence: float = DEFAULT_CONFIDENCE) -> Coverage:
    """Coverage of Newcombe's paired interval of ``rate_b - rate_a`` (method 10), the four cell probabilities drawn
    uniformly (a flat Dirichlet); the worst case is over ten bins of the true difference."""
    rng = np.random.default_rng(seed)
    table = _newcombe_table(pairs, confidence)
    probabilities = rng.dirichlet(np.ones(4), repeats)  # both, only_b, only_a, neither
    truth = probabilities[:, 1] - probabilities[:, 2]
    covered = np.zeros(repeats, dtype=bool)
    for i, cell in enumerate(probabilities):
        both, only_b, only_a, _neither = rng.multinomial(pairs, cell)
        low, high = table[int(both), int(only_b), int(only_a)]
        covered[i] = low - 1e-12 <= truth[i] <= high + 1e-12
    bins = np.minimum(((truth + 1.0) * 5).astype(int), 9)
    worst = min(float(covered[bins == b].mean()) for b in range(10) if np.sum(bins == b) >= 20)
    return Coverage(n=pairs, mean=float(covered.mean()), worst=worst, level=confidence)


def bootstrap_false_rate(cases: int, units: int = 3, correlation: float = 0.3, repeats: int = 400,
                         resamples: int = 500, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> FalseRate:
    """With no difference between the systems' pooled unit proportions, how often the compare page's case
    bootstrap interval leaves out 0 (:func:`uncase_core.compare.systems.bootstrap_differences`)."""
    from uncase_core.compare.systems import bootstrap_differences

    rng = np.random.default_rng(seed)
    tail = (1.0 - confidence) / 2.0
    excluded = 0
    for _ in range(repeats):
        p = rng.uniform(0.05, 0.95, 1)
        counts = []
        for _system in range(2):
            successes = clustered_units(cases, units, correlation, p, rng)[0]
            counts.append(np.stack([successes, np.full(cases, units)], axis=-1)[:, None, :].astype(float))
        draws = bootstrap_differences(counts[0], counts[1], resamples, int(rng.integers(0, 2**62)))
        values = draws[:, 0].compressed()
        if len(values) == 0:
            continue
        low, high = np.percentile(values, [100 * tail, 100 * (1 - tail)])
        excluded += bool(high - low > 1e-12 and (low > 0 or high < 0))
    return FalseRate(n=cases, rate=excluded / repeats, repeats=repeats, level=1.0 - confidence)


# ---------------------------------------------------------------- a few hand labels and a judge


# sensitivity and false-positive rate of the judges tried, from a weak one to a near-perfect one
JUDGES = MappingProxyType({"weak": (0.70, 0.30), "medium": (0.85, 0.15), "strong": (0.95, 0.05),
                           "very strong": (0.99, 0.01)})


def ppi_coverage(labelled: int, judged: int, judge: str, method: str, repeats: int = 1000, seed: int = 0,
                 confidence: float = DEFAULT_CONFIDENCE, grid: int = 10) -> Coverage:
    """Coverage of the judge page's ``method`` (``ppi``, ``ppi_tuned``, ``hand_labels``, ``judge_only``) with
    ``labelled`` hand labels among ``judged`` units, for one of :data:`JUDGES`, over a grid of true rates
    (:func:`uncase_core.judge.simulation.simulate`)."""
    from uncase_core.judge.simulation import simulate

    sensitivity, false_positive = JUDGES[judge]
    coverages = []
    for i, p in enumerate(np.linspace(0.05, 0.95, grid)):
        result = simulate(float(p), sensitivity, false_positive, labelled, judged, repeats, confidence,
                          seed=seed + i)
        coverages.append(result.methods[method].coverage.value)
    return Coverage(n=labelled, mean=float(np.mean(coverages)), worst=float(np.min(coverages)), level=confidence)


# ---------------------------------------------------------------- the promises of the planner and the compare page


def achieved_power(pairs: int, p_only_a: float, p_only_b: float, repeats: int = 4000, seed: int = 0,
                   confidence: float = DEFAULT_CONFIDENCE) -> float:
    """Simulated power of the exact McNemar test with ``pairs`` pairs: what "N pairs would tell it" promises."""
    from uncase_core.stats.verdicts import exact_mcnemar_p

    rng = np.random.default_rng(seed)
    cells = rng.multinomial(pairs, [p_only_a, p_only_b, 1.0 - p_only_a - p_only_b], size=repeats)
    alpha = 1.0 - confidence
    return float(np.mean([exact_mcnemar_p(int(a), int(b)) <= alpha + 1e-12 for a, b, _ in cells]))



# ---------------------------------------------------------------- two annotators


def kappa_coverage(units: int, repeats: int = 1000, seed: int = 0,
                   confidence: float = DEFAULT_CONFIDENCE) -> Coverage:
    """Coverage of the agreement page's interval for Cohen's kappa between two annotators of yes/no labels
    (:func:`uncase_core.agreement.pairs.cohen_kappa`), the prevalence uniform on [0.1, 0.9] and the true kappa on
    [0, 0.9]; repeats where the interval is withheld for want of variation (one category, zero variance) are left
    out, as on the page; the page also withholds it below ``MIN_UNITS_FOR_KAPPA_INTERVAL`` units, measured here."""
    from uncase_core.agreement.pairs import cohen_kappa

    rng = np.random.default_rng(seed)
    covered, shown = [], 0
    for _ in range(repeats):
        prevalence, kappa = rng.uniform(0.1, 0.9), rng.uniform(0.0, 0.9)
        spread = prevalence * (1 - prevalence)
        cells = [prevalence ** 2 + kappa * spread, spread * (1 - kappa), spread * (1 - kappa),
                 (1 - prevalence) ** 2 + kappa * spread]
        counts = rng.multinomial(units, cells)
        a = [True] * (counts[0] + counts[1]) + [False] * (counts[2] + counts[3])
        b = [True] * counts[0] + [False] * counts[1] + [True] * counts[2] + [False] * counts[3]
        result = cohen_kappa(a, b, confidence, interval_from=0)  # measured at every size, drawn from 100 units
        if result.low is None or result.high is None:
            continue
        shown += 1
        covered.append(result.low - 1e-12 <= kappa <= result.high + 1e-12)
    mean = float(np.mean(covered)) if covered else 1.0
    return Coverage(n=units, mean=mean, worst=mean, level=confidence)
