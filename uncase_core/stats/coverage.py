"""How often the playground's intervals cover the truth and its verdicts call a difference that is not there,
measured by simulation at the sample sizes a workshop uses (issue 36).

Correct arithmetic is not enough: an interval is honest only if its "95%" holds at the n on screen. Each function
here draws seeded data from a known truth, computes exactly what the app computes from it, and counts. The criterion
for an interval is Brown, Cai and DasGupta's (2001): its *mean* coverage over the true proportion (uniform on
[0, 1], or on a grid) should be at least the nominal level minus 2 points, with the worst case over the proportion
reported beside it; a verdict's false rate, with no true difference, must be at most its level at every null tried.
``bench/coverage.py`` prints the whole table; ``tests/core/stats/test_coverage.py`` runs a small seeded version.

Everything is vectorized over repeats with NumPy's generator (PCG64) from a given seed: the same arguments give the
same figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from scipy.stats import binom
from statsmodels.stats.proportion import proportion_confint

from uncase_core.stats.clustered import design_effect_wilson
from uncase_core.stats.planning import PlannedInterval, margin_sample_size, planned_interval
from uncase_core.stats.policy import threshold_certainty
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion

TOLERANCE = 0.02  # an interval's mean coverage may fall this far below its level (Brown, Cai and DasGupta 2001)


def covers_its_level(coverage: float, level: float) -> bool:
    """The interval rule: ``coverage`` at least ``level`` minus :data:`TOLERANCE` (a float's last bit forgiven)."""
    return coverage >= level - TOLERANCE - 1e-12


@dataclass(frozen=True, kw_only=True)
class Coverage:
    """An interval's coverage at one sample size: the mean over the true proportion and the worst case."""

    n: int
    mean: float
    worst: float
    level: float

    @property
    def holds(self) -> bool:
        return covers_its_level(self.mean, self.level)


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


def pooled_bounds(successes: np.ndarray, units: int, method: str,
                  confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` of each row of per-case successes, (repeats, cases), ``units`` units a case: ``method``
    ``"unit_wilson"`` (the units' Wilson interval, as if independent) or ``"clustered"``
    (:func:`uncase_core.stats.clustered.design_effect_wilson`, cases as clusters). One place, so that the harness
    and the planner page's simulation (:mod:`uncase_core.stats.simulated_intervals`) draw the same intervals."""
    totals = np.full_like(successes, units)
    if method == "unit_wilson":
        hits, total = successes.sum(axis=1), totals.sum(axis=1)
        low, high = proportion_confint(hits, total, alpha=1 - confidence, method="wilson")
        # exact 0 and 1 at the ends and nothing outside [0, 1], as the app's own Wilson interval (proportions.py)
        return (np.where(hits == 0, 0.0, np.clip(low, 0.0, 1.0)),
                np.where(hits == total, 1.0, np.clip(high, 0.0, 1.0)))
    return design_effect_wilson(successes, totals, confidence)


def pooled_coverage(cases: int, units: int, correlation: float, method: str, repeats: int = 2000, seed: int = 0,
                    confidence: float = DEFAULT_CONFIDENCE, truth: float | None = None) -> Coverage:
    """Coverage of a pooled interval over ``cases`` cases of ``units`` labelled units each (``method`` as in
    :func:`pooled_bounds`), the true proportion uniform on [0, 1], or ``truth`` in every repeat when given (then
    the worst case is the mean: the planner page's figure at its true rate)."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.0, 1.0, repeats) if truth is None else np.full(repeats, float(truth))
    successes = clustered_units(cases, units, correlation, p, rng)
    low, high = pooled_bounds(successes, units, method, confidence)
    covered = (low <= p + 1e-12) & (p - 1e-12 <= high)
    # the worst case over the proportion, in ten bins of p
    bins = np.minimum((p * 10).astype(int), 9)
    worst = min(float(covered[bins == b].mean()) for b in range(10) if np.any(bins == b))
    return Coverage(n=cases, mean=float(covered.mean()), worst=worst, level=confidence)


# ---------------------------------------------------------------- a pass/fail verdict against a threshold


def _exact(n: int) -> int:
    """A repeat count for a rate computed exactly: the Monte Carlo slack of :class:`FalseRate` vanishes."""
    return 10**12 + n


def threshold_false_rates(n: int, threshold: float, confidence: float = DEFAULT_CONFIDENCE,
                          exact_test: bool = True) -> tuple[FalseRate, FalseRate]:
    """One case's "fails (clear)" when the true rate is at the threshold (it passes), and "passes (clear)" when the
    true rate is just below it (it fails), exactly from the binomial probabilities of ``n`` independent units.
    ``exact_test``: the page's rule (:func:`uncase_core.stats.policy.threshold_certainty`); False: Wilson's interval
    alone, the former rule. The worst null of a one-sided claim is at the threshold, so these are its false rates."""
    below = float(np.nextafter(threshold, 0.0))
    fail = passing = 0.0
    for k in range(n + 1):
        p = Proportion.from_counts(k, n, 0, confidence)
        if threshold_certainty(p, threshold, units_independent=exact_test) != "clear":
            continue
        if k / n < threshold:
            fail += float(binom.pmf(k, n, threshold))
        else:
            passing += float(binom.pmf(k, n, below))
    alpha = 1.0 - confidence
    return (FalseRate(n=n, rate=fail, repeats=_exact(n), level=alpha),
            FalseRate(n=n, rate=passing, repeats=_exact(n), level=alpha))


def pooled_threshold_false_rate(cases: int, units: int, correlation: float, threshold: float, repeats: int = 2000,
                                seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                                method: str = "clustered") -> FalseRate:
    """A dataset's pooled verdict with the true mean rate at the threshold: how often it is called clear on either
    side ("fails, clear" is false there, and "passes, clear" is false just below it), ``method`` as in
    :func:`pooled_bounds`; the larger of the two sides is the false rate."""
    rng = np.random.default_rng(seed)
    p = np.full(repeats, float(threshold))
    successes = clustered_units(cases, units, correlation, p, rng)
    low, high = pooled_bounds(successes, units, method, confidence)
    rate = successes.sum(axis=1) / (cases * units)
    clear_fail = (rate < threshold) & (high < threshold)
    clear_pass = (rate >= threshold) & (low >= threshold)
    worst = max(float(clear_fail.mean()), float(clear_pass.mean()))
    return FalseRate(n=cases, rate=worst, repeats=repeats, level=1.0 - confidence)


# ---------------------------------------------------------------- the pooled rate at fixed truths, unequal cases


FIXED_TRUTHS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  # the true rates a passing or failing system has (issue 48)
WINDOW = 0.05  # Wilson's own coverage oscillates with the true rate: average over +-WINDOW around each truth
FIXED_TOLERANCE = 0.025  # an interval's windowed coverage may fall this far below its level at a fixed truth
LARGEST_CASE = 12  # unequal cases of 1 to LARGEST_CASE labelled units


def unequal_clustered_units(cases: int, correlation: float, p: np.ndarray,
                            rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``(successes, totals)``, each (repeats, cases): cases of 1 to :data:`LARGEST_CASE` units drawn uniformly,
    whose labels share the case's own rate, beta-distributed of mean ``p`` and intra-case correlation
    ``correlation`` (as :func:`clustered_units`)."""
    totals = rng.integers(1, LARGEST_CASE + 1, size=(len(p), cases))
    if correlation <= 0:
        rates = np.repeat(p[:, None], cases, axis=1)
    else:
        spread = (1.0 - correlation) / correlation
        a = np.maximum(p * spread, 1e-9)[:, None].repeat(cases, axis=1)
        b = np.maximum((1.0 - p) * spread, 1e-9)[:, None].repeat(cases, axis=1)
        rates = rng.beta(a, b)
    return rng.binomial(totals, rates), totals


@dataclass(frozen=True, kw_only=True)
class WindowCoverage:
    """An interval's coverage around one fixed true rate: averaged over ``truth +- WINDOW`` (the rule's figure)."""

    cases: int
    correlation: float
    truth: float
    coverage: float
    mean_width: float
    repeats: int
    level: float

    @property
    def holds(self) -> bool:
        return self.coverage >= self.level - FIXED_TOLERANCE - 1e-12


def pooled_window_coverage(cases: int, correlation: float, truth: float, repeats: int = 4000, seed: int = 0,
                           confidence: float = DEFAULT_CONFIDENCE) -> WindowCoverage:
    """The figure: the RAG page's "Interval with cases as clusters" of a dataset's pooled rate
    (:func:`uncase_core.stats.clustered.design_effect_wilson`), its coverage with the true rate uniform on
    ``truth +- WINDOW`` (within [0, 1]), over ``cases`` unequal cases (:func:`unequal_clustered_units`)."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(max(0.0, truth - WINDOW), min(1.0, truth + WINDOW), repeats)
    successes, totals = unequal_clustered_units(cases, correlation, p, rng)
    low, high = design_effect_wilson(successes, totals, confidence)
    covered = (low <= p + 1e-12) & (p - 1e-12 <= high)
    return WindowCoverage(cases=cases, correlation=correlation, truth=truth, coverage=float(covered.mean()),
                          mean_width=float((high - low).mean()), repeats=repeats, level=confidence)


@dataclass(frozen=True, kw_only=True)
class VerdictRate:
    """How often a verdict was said over ``repeats`` draws at one true rate: its false rate where the truth makes it
    false (the rule: at most ``level`` within 3 Monte Carlo standard errors), its power where it is true."""

    rate: float
    repeats: int
    level: float

    @property
    def standard_error(self) -> float:
        return float(np.sqrt(self.level * (1.0 - self.level) / self.repeats))

    @property
    def holds(self) -> bool:
        return self.rate <= self.level + 3.0 * self.standard_error


def pooled_verdict_rates(cases: int, correlation: float, threshold: float, truth: float, repeats: int = 4000,
                         seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> tuple[VerdictRate, VerdictRate]:
    """The figure: a dataset's pooled "passes (clear)" and "fails (clear)" on the RAG page (the clustered interval
    on one side of ``threshold``, :func:`uncase_core.stats.policy.threshold_certainty` with cases as clusters), how
    often each is said with the true mean rate ``truth`` over ``cases`` unequal cases. At ``truth == threshold``
    "fails (clear)" is false; just below it "passes (clear)" is: the worst nulls of the two one-sided claims."""
    rng = np.random.default_rng(seed)
    successes, totals = unequal_clustered_units(cases, correlation, np.full(repeats, float(truth)), rng)
    low, high = design_effect_wilson(successes, totals, confidence)
    rate = successes.sum(axis=1) / totals.sum(axis=1)
    alpha = 1.0 - confidence
    passes = (rate >= threshold) & (low >= threshold)
    fails = (rate < threshold) & (high < threshold)
    return (VerdictRate(rate=float(passes.mean()), repeats=repeats, level=alpha),
            VerdictRate(rate=float(fails.mean()), repeats=repeats, level=alpha))


# ---------------------------------------------------------------- the dataset workbench's per-stratum verdicts


def relabelled(dataset, truths: Mapping[str, float], correlation: float, rng: np.random.Generator,
               shifted: Mapping[tuple[str, str], float] | None = None, field: str = ""):
    """``dataset`` (a :class:`uncase_core.rag.cases.RagDataset`) with every unit of every dimension relabelled at
    random: each case draws its own rate per dimension from a beta distribution of mean ``truths[dimension]`` and
    intra-case correlation ``correlation`` (0: the truth itself), then each unit passes at that rate. ``shifted``
    maps ``(stratum value of field, dimension)`` to another true mean for that stratum's cases (the power's truth).
    The cases, their units and metadata are kept: the shape of a real dataset, with known truths."""
    from uncase_core.datasets.workbench import metadata_value
    from uncase_core.rag.cases import RagDataset
    from uncase_core.rag.evaluation import METRIC_UNITS

    cases = []
    for case in dataset.cases:
        for name, truth in truths.items():
            if shifted:
                truth = shifted.get((metadata_value(case, field), name), truth)
            if correlation > 0:
                spread = (1.0 - correlation) / correlation
                rate = rng.beta(max(truth * spread, 1e-9), max((1.0 - truth) * spread, 1e-9))
            else:
                rate = truth
            kind, label = METRIC_UNITS[name]
            units = tuple(unit.with_label(label, bool(rng.random() < rate)) for unit in case.units(kind))
            case = case.with_units(kind, units)
        cases.append(case)
    return RagDataset(tuple(cases))


def workbench_red_rate(dataset, field: str, correlation: float, repeats: int = 400, seed: int = 0,
                       shifted: Mapping[tuple[str, str], float] | None = None) -> VerdictRate:
    """The figure: the dataset workbench's red "fails ... (clear)" boxes per stratum
    (:func:`uncase_core.datasets.workbench.strata`, as the page calls it), over datasets of ``dataset``'s shape
    relabelled at document 001's thresholds (:func:`relabelled`): the share with at least one red box. With every
    stratum's truth at its threshold no stratum truly fails, so this is the family-wise false rate over strata and
    dimensions; with ``shifted`` strata below it, the chance the page names one of them (its power)."""
    from uncase_core.datasets.workbench import strata
    from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS

    rng = np.random.default_rng(seed)
    red = 0
    for _ in range(repeats):
        result = strata(relabelled(dataset, DEFAULT_THRESHOLDS, correlation, rng, shifted, field), field)
        if shifted:
            red += any(h.certainty == "clear" and (h.value, h.metric) in shifted for h in result.hidden_failures)
        else:
            red += any(h.certainty == "clear" for h in result.hidden_failures)
    return VerdictRate(rate=red / repeats, repeats=repeats, level=1.0 - DEFAULT_CONFIDENCE)


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
    from uncase_core.stats.differences import newcombe_paired_interval

    table = {}
    for both in range(pairs + 1):
        for only_b in range(pairs + 1 - both):
            for only_a in range(pairs + 1 - both - only_b):
                interval = newcombe_paired_interval(both, only_b, only_a, pairs - both - only_b - only_a,
                                                    confidence)
                table[both, only_b, only_a] = (interval.low, interval.high)
    return table


def _leaves_out_zero(bounds: tuple[float, float]) -> bool:
    return bounds[0] > 0 or bounds[1] < 0


def interval_false_rates(pairs: int, repeats: int = 2000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                         dimensions: int = 4) -> tuple[FalseRate, FalseRate]:
    """The former rule, for comparison: "clear" when Newcombe's paired interval leaves out 0 (on one dimension,
    and on any of ``dimensions``), with no true difference."""
    rng = np.random.default_rng(seed)
    table = _newcombe_table(pairs, confidence)
    share = rng.uniform(0.0, 1.0, repeats * dimensions)
    cells = np.array([rng.multinomial(pairs, [(1 - s) / 2, s / 2, s / 2, (1 - s) / 2]) for s in share])
    clear = np.array([_leaves_out_zero(table[int(c[0]), int(c[1]), int(c[2])]) for c in cells])
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


def true_worth(p: float, judge: str, labelled: int, judged: int, tuned: bool) -> float:
    """What a judge of :data:`JUDGES` is worth in hand labels at true rate ``p`` with ``labelled`` of ``judged`` units
    hand-labelled: the population value of the figure the judge page estimates, ``n var(Y) / var(PPI) - n`` with
    ``var(PPI) = var(Y - lam f) / n + lam^2 var(f) / m`` (``lam`` 1 for PPI; for PPI++ its optimum, clipped to [0, 1],
    as :func:`~uncase_core.stats.ppi.tuned_lambda` estimates it)."""
    sensitivity, false_positive = JUDGES[judge]
    n, m = labelled, judged - labelled
    judge_yes = p * sensitivity + (1 - p) * false_positive
    var_y, var_f = p * (1 - p), judge_yes * (1 - judge_yes)
    covariance = p * sensitivity - p * judge_yes
    lam = float(np.clip(covariance / ((1 + n / m) * var_f), 0.0, 1.0)) if tuned else 1.0
    rectifier = var_y - 2 * lam * covariance + lam * lam * var_f
    return n * var_y / (rectifier + (n / m) * lam * lam * var_f) - n


def worth_coverage(labelled: int, judged: int, judge: str, tuned: bool, repeats: int = 400, seed: int = 0,
                   confidence: float = DEFAULT_CONFIDENCE, grid: int = 10) -> Coverage:
    """Coverage of the judge page's interval for what the judge is worth (its seeded percentile bootstrap,
    :func:`~uncase_core.stats.ppi.judge_worth_interval`, drawn here at every size) of :func:`true_worth`, over a grid
    of true rates; ``mean`` and ``worst`` over the rates, each among the draws that gave an interval."""
    from uncase_core.stats.ppi import judge_worth_interval, ppi_interval_from_counts

    sensitivity, false_positive = JUDGES[judge]
    unlabelled = judged - labelled
    rng = np.random.default_rng(seed)
    coverages = []
    for p in np.linspace(0.05, 0.95, grid):
        target = true_worth(float(p), judge, labelled, judged, tuned)
        shares = [p * sensitivity, p * (1 - sensitivity), (1 - p) * false_positive, (1 - p) * (1 - false_positive)]
        cells = rng.multinomial(labelled, shares, size=repeats)
        judge_yes = rng.binomial(unlabelled, p * sensitivity + (1 - p) * false_positive, size=repeats)
        covered = drawn = 0
        for (n11, n10, n01, n00), m1 in zip(cells.tolist(), judge_yes.tolist(), strict=True):
            interval = ppi_interval_from_counts(((n11, n10), (n01, n00)), m1, unlabelled, confidence, tuned=tuned)
            worth = judge_worth_interval(interval, interval_from=0)
            if worth.low is not None and worth.high is not None:
                drawn += 1
                covered += worth.low <= target <= worth.high
        if drawn:
            coverages.append(covered / drawn)
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


# the planner states a margin to 0.1 percentage point: a drawn one this little above the promise reads the same
PROMISE_PRECISION = 0.0005


@dataclass(frozen=True, kw_only=True)
class PromiseWorth:
    """What the planner's promised interval is worth when the truth is the expected rate (:func:`planner_promise`).

    ``promised`` is the interval the page states at the planned ``n`` (:func:`~uncase_core.stats.planning.
    planned_interval`); the shares are over the datasets drawn at the true rate ``expected``: ``within_margin`` of
    them have a margin (the distance from their own estimate to their farther bound) at most the promised one,
    ``within_half_width`` a half width at most the promised one (both to :data:`PROMISE_PRECISION`);
    ``median_margin`` and ``margin_90`` are the margins half and nine in ten of them stay within; ``coverage`` is how
    often the drawn interval holds ``expected``.
    """

    expected: float
    margin: float
    n: int
    promised: PlannedInterval
    within_margin: float
    within_half_width: float
    median_margin: float
    margin_90: float
    coverage: float
    level: float

    @property
    def holds(self) -> bool:
        """The interval rule at this one true rate: coverage at least the level minus :data:`TOLERANCE`."""
        return covers_its_level(self.coverage, self.level)


def planner_promise(expected: float, margin: float, confidence: float = DEFAULT_CONFIDENCE) -> PromiseWorth:
    """The planner's promise put to the test: the ``n`` :func:`~uncase_core.stats.planning.margin_sample_size`
    plans for ``margin`` at ``expected``, and what the Wilson interval of a dataset of ``n`` units drawn at the true
    rate ``expected`` turns out to be.

    The page's sentence is conditional ("with n units and an observed 80%, the interval runs from ... to ..."), and
    a dataset observes the expected rate only roughly: the figures say how often its interval is as narrow as
    promised. Exact, from the binomial probabilities of every outcome (as :func:`wilson_coverage`), so there is no
    Monte Carlo error; ``tests/core/stats/test_coverage.py`` checks them against seeded draws."""
    n = margin_sample_size(expected, margin, confidence)
    promised = planned_interval(expected, n, confidence)
    k = np.arange(n + 1)
    low, high = proportion_confint(k, n, alpha=1.0 - confidence, method="wilson")
    low = np.where(k == 0, 0.0, np.clip(low, 0.0, 1.0))  # exact 0 and 1 at the ends, as the app's interval
    high = np.where(k == n, 1.0, np.clip(high, 0.0, 1.0))
    estimate = k / n
    drawn_margin = np.maximum(estimate - low, high - estimate)
    weight = binom.pmf(k, n, expected)
    order = np.argsort(drawn_margin, kind="stable")
    cumulative = np.cumsum(weight[order])

    def quantile(share: float) -> float:
        return float(drawn_margin[order][min(int(np.searchsorted(cumulative, share - 1e-12)), n)])

    covered = (low <= expected + 1e-12) & (expected - 1e-12 <= high)
    return PromiseWorth(
        expected=float(expected), margin=float(margin), n=n, promised=promised,
        within_margin=float(weight[drawn_margin <= promised.margin + PROMISE_PRECISION].sum()),
        within_half_width=float(weight[(high - low) / 2 <= promised.width / 2 + PROMISE_PRECISION].sum()),
        median_margin=quantile(0.5), margin_90=quantile(0.9), coverage=float(weight[covered].sum()),
        level=float(confidence))



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


# ---------------------------------------------------------------- many annotators (the workshop room)


AGREEMENT_MODELS = ("rates", "true_label")  # how raters' labels arise in the harness (simulated_ratings)


@dataclass(frozen=True, kw_only=True)
class AgreementCoverage:
    """Coverage of the room's interval for alpha or Fleiss' kappa at one size: ``bca`` (what the room draws) and
    ``percentile`` (the plain percentile bootstrap it replaced, from the same draws), over the repeats the room
    draws an interval for (``drawn`` of them; the others have an undefined estimate or a one-point interval, which
    the room withholds)."""

    bca: Coverage
    percentile: Coverage
    drawn: float


def simulated_ratings(units: int, raters: int, prevalence: float, parameter: float, model: str,
                      rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """Yes/no labels of ``raters`` exchangeable raters on ``units`` units, (raters, units) booleans, and the true
    agreement they have (the population value of both alpha and Fleiss' kappa: the chance-corrected probability that
    two labels of one unit agree).

    ``model`` ``"rates"``: each unit has its own rate of "yes", drawn from a beta distribution of mean
    ``prevalence`` whose intraclass correlation, ``parameter``, is the true agreement (units easy and hard, raters
    alike). ``"true_label"``: each unit is yes with probability ``prevalence`` and each rater gives the right label
    with probability ``parameter`` (an accuracy ``q`` from 0.5 to 1); then the agreement is ``(q² + (1 - q)² - Pe) /
    (1 - Pe)``, ``Pe`` from the marginal rate of yes. Two shapes of data, so that the harness does not measure the
    interval only on the kind of data it suits."""
    if model not in AGREEMENT_MODELS:
        raise ValueError(f"model: expected one of {AGREEMENT_MODELS}, got {model!r}")
    if model == "rates":
        if parameter <= 0:
            rates = np.full(units, prevalence)
        else:
            spread = (1.0 - parameter) / parameter
            rates = rng.beta(max(prevalence * spread, 1e-9), max((1.0 - prevalence) * spread, 1e-9), units)
        return rng.random((raters, units)) < rates[None, :], float(parameter)
    accuracy = parameter
    label = rng.random(units) < prevalence
    right = rng.random((raters, units)) < accuracy
    marginal = prevalence * accuracy + (1.0 - prevalence) * (1.0 - accuracy)
    chance = marginal**2 + (1.0 - marginal) ** 2
    agreement = ((accuracy**2 + (1.0 - accuracy) ** 2) - chance) / (1.0 - chance)
    return np.where(right, label[None, :], ~label[None, :]), float(agreement)


def agreement_coverage(units: int, raters: int, statistic: str, repeats: int = 1000, seed: int = 0,
                       confidence: float = DEFAULT_CONFIDENCE, resamples: int = 1000, missing: float = 0.0,
                       model: str = "rates") -> AgreementCoverage:
    """Coverage of the room's bootstrap interval for ``statistic`` (``"alpha"`` or ``"fleiss"``, nominal) with
    ``raters`` people labelling ``units`` yes/no units, each label left out with probability ``missing``
    (:func:`uncase_core.agreement.many.bootstrap_from_counts` with ``interval_from=0``, so it is measured at every
    size; the room draws it from ``MIN_UNITS_FOR_AGREEMENT_INTERVAL`` units).

    The prevalence is uniform on [0.1, 0.9]; the true agreement uniform on [0, 0.9] (``model="rates"``) or the
    raters' accuracy uniform on [0.6, 0.97] (``"true_label"``); see :func:`simulated_ratings`. The worst case is over
    five bins of the true agreement with at least 20 repeats each."""
    from uncase_core.agreement.many import LabelCounts, alpha_of_resamples, bootstrap_from_counts, fleiss_of_resamples

    rng = np.random.default_rng(seed)
    tail = (1.0 - confidence) / 2.0
    truths, bca, percentile = [], [], []
    for _ in range(repeats):
        prevalence = rng.uniform(0.1, 0.9)
        parameter = rng.uniform(0.0, 0.9) if model == "rates" else rng.uniform(0.6, 0.97)
        labels, truth = simulated_ratings(units, raters, prevalence, parameter, model, rng)
        given = rng.random(labels.shape) >= missing
        yes, no = (labels & given).sum(axis=0), (~labels & given).sum(axis=0)
        table = LabelCounts(np.stack([no, yes], axis=1), (False, True), int(given.any(axis=1).sum()))
        seed_of_repeat = int(rng.integers(0, 2**62))
        interval = bootstrap_from_counts(table, statistic, "nominal", resamples, seed_of_repeat, confidence,
                                         interval_from=0)
        if interval.low is None or interval.high is None:
            continue
        if statistic == "alpha":
            rows = table.counts[table.counts.sum(axis=1) >= 2]
            rows = rows[:, rows.sum(axis=0) > 0]
        else:
            rows = table.counts[table.counts.sum(axis=1) == table.annotators]
            rows = rows[:, rows.sum(axis=0) > 0]
        # the same draws as the room's bootstrap (one block of resamples, from the same seed)
        draws = np.random.default_rng(seed_of_repeat).integers(0, len(rows), size=(resamples, len(rows)))
        flat = (draws + (np.arange(resamples) * len(rows))[:, None]).ravel()
        weights = np.bincount(flat, minlength=resamples * len(rows)).reshape(resamples, len(rows)).astype(float)
        values = (alpha_of_resamples(rows, weights, "nominal", np.arange(rows.shape[1])) if statistic == "alpha"
                  else fleiss_of_resamples(rows, weights)).compressed()
        low, high = np.percentile(values, [100.0 * tail, 100.0 * (1.0 - tail)])
        truths.append(truth)
        bca.append(interval.low - 1e-12 <= truth <= interval.high + 1e-12)
        percentile.append(low - 1e-12 <= truth <= high + 1e-12)
    if not truths:
        empty = Coverage(n=units, mean=0.0, worst=0.0, level=confidence)
        return AgreementCoverage(bca=empty, percentile=empty, drawn=0.0)
    truth_array = np.array(truths)
    bins = np.minimum((np.clip(truth_array, 0.0, 0.9999) * 5 / (0.9 if model == "rates" else 1.0)).astype(int), 4)

    def coverage(covered: list[bool]) -> Coverage:
        array = np.array(covered)
        worst = min((float(array[bins == b].mean()) for b in range(5) if np.sum(bins == b) >= 20),
                    default=float(array.mean()))
        return Coverage(n=units, mean=float(array.mean()), worst=worst, level=confidence)

    return AgreementCoverage(bca=coverage(bca), percentile=coverage(percentile), drawn=len(truths) / repeats)
