"""Figures no harness had simulated, at fixed truths (issue 48): conversation quality's fidelity interval and
verdict, the judge page's accuracy, sensitivity and false-positive rate, the rubric lab's DRFR intervals and its
"neighbours separated beyond their intervals", the sample-size planner's promises.

The rules (issue 48), judged at the true rates people meet, not as a mean over [0, 1]:

- an interval's coverage, averaged over a window of +-0.05 around each fixed true rate (0.5 to 0.95 and their
  mirrors, :data:`~uncase_core.stats.small_samples.FIXED_TRUTHS`), is at least its level minus 2.5 points; the worst
  fixed truth is reported with it (:class:`IntervalCell`);
- a verdict's false rate, at every null truth, is at most its level: computed exactly from the binomial
  probabilities where it can be, else simulated and allowed 3 Monte Carlo standard errors above the level, which is
  said beside it (:class:`VerdictCell`); its power at stated true differences is printed beside the power of the
  best valid procedure at the same truths;
- where no method holds, the page withholds the figure and says what more is needed.

Each figure has its own function here, its docstring naming the figure and the page; ``bench/coverage.py`` prints
them (``--only sims``) and ``tests/core/stats/test_fixed_truths.py`` runs a few seeded cells of each. Randomness comes
only from NumPy generators made from the given seeds: the same arguments give the same figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import binom

from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.small_samples import (
    TOLERANCE,
    mirrored_truths,
    wilson_bounds,
    window_truths,
    windowed_coverages,
)

MONTE_CARLO_SLACK = 3.0  # a simulated false rate may exceed its level by this many of its standard errors
EXACT = 0  # the repeats of a figure computed exactly: no Monte Carlo error


# ---------------------------------------------------------------- what a cell of the tables says


@dataclass(frozen=True, kw_only=True)
class IntervalCell:
    """An interval's windowed coverage at one size and setting: ``worst`` over the fixed truths, at
    ``worst_truth``, ``mean`` over them; ``repeats`` per truth (:data:`EXACT` when computed exactly, else the Monte
    Carlo standard error of ``worst`` is :attr:`standard_error`); ``drawn`` the share of datasets the page draws an
    interval for (coverage is over those)."""

    worst: float
    worst_truth: float
    mean: float
    level: float
    repeats: int = EXACT
    drawn: float = 1.0

    @property
    def standard_error(self) -> float:
        return 0.0 if self.repeats == EXACT else math.sqrt(self.worst * (1 - self.worst) / self.repeats)

    @property
    def holds(self) -> bool:
        """The interval rule: windowed coverage at every fixed truth at least the level minus 2.5 points."""
        return self.worst >= self.level - TOLERANCE - 1e-12


@dataclass(frozen=True, kw_only=True)
class VerdictCell:
    """A verdict's false rate at its worst null (``false_rate``, at ``worst_null``), its power at a stated true
    difference and the best valid procedure's power there; ``repeats`` (:data:`EXACT`, or the simulated repeats
    behind the false rate, whose standard error then allows :data:`MONTE_CARLO_SLACK` of them)."""

    false_rate: float
    worst_null: float
    level: float
    power: float | None = None
    best_power: float | None = None
    repeats: int = EXACT

    @property
    def standard_error(self) -> float:
        if self.repeats == EXACT:
            return 0.0
        return math.sqrt(self.level * (1 - self.level) / self.repeats)

    @property
    def holds(self) -> bool:
        return self.false_rate <= self.level + MONTE_CARLO_SLACK * self.standard_error + 1e-12


def exact_interval_cell(low: np.ndarray, high: np.ndarray, level: float,
                        truths: Sequence[float] | None = None) -> IntervalCell:
    """The windowed coverage of an interval of ``len(low) - 1`` independent units given for every count of
    successes, at each fixed truth (mirrored unless ``truths`` are given), exactly."""
    centres = tuple(mirrored_truths() if truths is None else truths)
    coverage = windowed_coverages(np.asarray(low, float), np.asarray(high, float), centres)
    worst = int(np.argmin(coverage))
    return IntervalCell(worst=float(coverage[worst]), worst_truth=centres[worst], mean=float(coverage.mean()),
                        level=level)


def simulated_interval_cell(covered_by_truth: Sequence[np.ndarray], drawn_by_truth: Sequence[np.ndarray],
                            truths: Sequence[float], level: float) -> IntervalCell:
    """An :class:`IntervalCell` from simulated repeats: per truth, which repeats' intervals held the truth and which
    were drawn at all (coverage is over the drawn ones)."""
    coverages, repeats = [], []
    for covered, drawn in zip(covered_by_truth, drawn_by_truth, strict=True):
        shown = int(drawn.sum())
        coverages.append(float(covered[drawn].mean()) if shown else 1.0)
        repeats.append(shown)
    worst = int(np.argmin(coverages))
    total = sum(len(drawn) for drawn in drawn_by_truth)
    return IntervalCell(worst=coverages[worst], worst_truth=float(truths[worst]), mean=float(np.mean(coverages)),
                        level=level, repeats=max(1, repeats[worst]),
                        drawn=sum(repeats) / total if total else 0.0)


# ---------------------------------------------------------------- conversation quality: one conversation's claims


def conversation_bounds(claims: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """The fidelity interval conversation quality draws for every count of verified claims of ``claims`` claims:
    computed by the page's own evaluator on a conversation with those claims (coherence's interval over turns is
    the same function of its counts)."""
    from uncase_core.conversations.evaluator import Evaluator

    evaluator = Evaluator(confidence=confidence)
    low, high = np.zeros(claims + 1), np.zeros(claims + 1)
    for verified in range(claims + 1):
        fidelity = evaluator.evaluate(_conversation(claims, verified)).fidelity
        low[verified], high[verified] = fidelity.low, fidelity.high
    return low, high


def _conversation(claims: int, verified: int) -> dict:
    """A two-turn conversation whose agent turn carries ``claims`` given claims, the first ``verified`` verified."""
    return {"id": "simulated", "turns": [{"role": "customer", "text": "Hello"}, {"role": "agent", "text": "Hi"}],
            "claims": [{"turn": 1, "text": f"claim {i}", "verified": i < verified} for i in range(claims)]}


def conversation_fidelity_coverage(claims: int, confidence: float = DEFAULT_CONFIDENCE,
                                   former: bool = False) -> IntervalCell:
    """Figure: conversation quality's factual fidelity interval (and dialogue coherence's, the same interval over
    turns), one conversation of ``claims`` labelled claims, its claims independent draws of the conversation's own
    rate (document 001's model of one case). Exact windowed coverage at every fixed truth. ``former``: Wilson's
    interval, which the page drew before issue 48."""
    low, high = wilson_bounds(claims, confidence) if former else conversation_bounds(claims, confidence)
    return exact_interval_cell(low, high, confidence)


Certainty = Callable[[int, int, float], str | None]  # (successes, total, threshold) -> "clear", "uncertain", None


def page_certainty(confidence: float = DEFAULT_CONFIDENCE) -> Certainty:
    """The certainty conversation quality gives a metric against its threshold: the RAG page's rule
    (:func:`~uncase_core.stats.policy.threshold_certainty`) on the interval the page draws."""
    from uncase_core.conversations.evaluator import Evaluator
    from uncase_core.stats.policy import threshold_certainty

    evaluator = Evaluator(confidence=confidence)
    drawn: dict[tuple[int, int], object] = {}  # this closure's own memo: each count is evaluated once

    def certainty(verified: int, claims: int, threshold: float) -> str | None:
        if (verified, claims) not in drawn:
            drawn[verified, claims] = evaluator.evaluate(_conversation(claims, verified)).fidelity
        return threshold_certainty(drawn[verified, claims], threshold)

    return certainty


def conversation_verdict(claims: int, threshold: float, confidence: float = DEFAULT_CONFIDENCE,
                         difference: float = 0.2, certainty: Certainty | None = None) -> VerdictCell:
    """Figure: conversation quality's verdict on factual fidelity against its threshold, "fails (clear)" and
    "passes (clear)", as the page draws it with the RAG page's rule (the interval on one side and the exact one-sided
    binomial test agreeing). Exact: the worst null of a one-sided claim is at the threshold ("fails" is false there,
    "passes" just below it). Power: "fails (clear)" with the true rate ``difference`` below the threshold, beside
    the exact one-sided binomial test alone, the most powerful valid test of the units."""
    from uncase_core.stats.policy import exact_one_sided_p

    certainty = certainty or page_certainty(confidence)
    alpha = 1.0 - confidence
    below = float(np.nextafter(threshold, 0.0))
    k = np.arange(claims + 1)
    clear = np.array([certainty(int(v), claims, threshold) == "clear" for v in k])
    fails = clear & (k < threshold * claims)
    passes = clear & ~fails
    false_fail = float(binom.pmf(k[fails], claims, threshold).sum())
    false_pass = float(binom.pmf(k[passes], claims, below).sum())
    truth = threshold - difference
    power = best = None
    if truth >= 0:
        exact = np.array([v < threshold * claims and exact_one_sided_p(int(v), claims, threshold) <= alpha + 1e-12
                          for v in k])
        power = float(binom.pmf(k[fails], claims, truth).sum())
        best = float(binom.pmf(k[exact], claims, truth).sum())
    worst, null = (false_fail, threshold) if false_fail >= false_pass else (false_pass, below)
    return VerdictCell(false_rate=worst, worst_null=null, level=alpha, power=power, best_power=best)


def point_verdict_false_rate(claims: int, threshold: float) -> float:
    """Conversation quality's verdict before issue 48, the point value against the threshold ("fails" when below):
    how often it says "fails" with the true rate at the threshold, exactly."""
    k = np.arange(claims + 1)
    return float(binom.pmf(k[k < threshold * claims - 1e-9], claims, threshold).sum())


def window_draws(centre: float, repeats: int, rng: np.random.Generator) -> np.ndarray:
    """``repeats`` true rates drawn uniformly in the window around ``centre`` (so that the mean coverage over the
    repeats is the windowed coverage)."""
    rates = window_truths(centre)
    return rng.uniform(rates[0], rates[-1], repeats)


# ---------------------------------------------------------------- units in groups: the judge page, the rubric lab

GROUP_SIZES = (1, 12)  # the units one group gives, drawn uniformly in this range: unequal, as cases and prompts are


def grouped_units(groups: int, correlation: float, rates: np.ndarray, rng: np.random.Generator,
                  prevalence: float | None = None, sizes: tuple[int, int] = GROUP_SIZES
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Per-group successes and units, (repeats, groups): each group gives a number of units drawn uniformly in
    ``sizes``, of which, with ``prevalence``, only those a person labelled yes (or no) are counted (a sensitivity
    counts the human-positive units); each group has its own rate, drawn from a beta distribution of mean ``rates``
    (one a repeat) and intra-group correlation ``correlation``, and its units follow it."""
    repeats = len(rates)
    totals = rng.integers(sizes[0], sizes[1] + 1, (repeats, groups))
    if prevalence is not None:
        totals = rng.binomial(totals, prevalence)
    if correlation <= 0:
        group_rates = np.repeat(rates[:, None], groups, axis=1)
    else:
        spread = (1.0 - correlation) / correlation
        group_rates = rng.beta(np.maximum(rates * spread, 1e-9)[:, None].repeat(groups, axis=1),
                               np.maximum((1.0 - rates) * spread, 1e-9)[:, None].repeat(groups, axis=1))
    return rng.binomial(totals, group_rates), totals


def units_bounds(total: int, confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~uncase_core.stats.small_samples.units_interval` for every count of successes of ``total`` units."""
    from uncase_core.stats.small_samples import units_interval

    bounds = [units_interval(k, total, confidence) for k in range(total + 1)]
    return np.array([b[0] for b in bounds]), np.array([b[1] for b in bounds])


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


# ---------------------------------------------------------------- the rubric lab: separated neighbours

ITEM_SHARE = 0.1  # of a verdict's latent variance: the item's own difficulty, shared by every candidate and judge


def rubric_counts(means: Sequence[float], judges: int, prompts: int, prompt_share: float, answer_share: float,
                  repeats: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Simulated rubric verdicts, counted as the lab counts them: items passed per (repeat, candidate, prompt)
    pooled over the judges, (repeats, candidates, prompts), and the verdicts given per (repeat, prompt), (repeats,
    prompts). A verdict is yes when a latent score passes 0: candidate ``c``'s level (set so that its true DRFR is
    ``means[c]``) plus a prompt's effect (``prompt_share`` of the variance: the items of a prompt move together), an
    item's difficulty (:data:`ITEM_SHARE`), the answer's own quality under every judge (``answer_share``: the
    judges of one answer agree) and each judge's noise (the rest). Prompts have 1 to 12 items."""
    from scipy.stats import norm

    candidates = len(means)
    noise = 1.0 - prompt_share - ITEM_SHARE - answer_share
    sizes = rng.integers(GROUP_SIZES[0], GROUP_SIZES[1] + 1, (repeats, prompts))
    longest = int(sizes.max())
    present = np.arange(longest)[None, None, :] < sizes[:, :, None]  # repeats, prompts, items
    level = norm.ppf(np.asarray(means, float))[None, :, None, None, None]
    score = (level + rng.normal(0, math.sqrt(prompt_share), (repeats, 1, prompts, 1, 1))
             + rng.normal(0, math.sqrt(ITEM_SHARE), (repeats, 1, prompts, longest, 1))
             + rng.normal(0, math.sqrt(answer_share), (repeats, candidates, prompts, longest, 1))
             + rng.normal(0, math.sqrt(noise), (repeats, candidates, prompts, longest, judges)))
    passed = ((score > 0) & present[:, None, :, :, None]).sum(axis=(3, 4))
    return passed, sizes * judges


def rubric_verdicts(means: Sequence[float], judges: int, prompts: int, prompt_share: float, answer_share: float,
                    seed: int) -> pd.DataFrame:
    """One dataset of :func:`rubric_counts`'s model as the verdicts file the lab reads (one run): candidates
    ``C1``..., prompts ``P1``..., items ``I1``..., judges ``J1``...."""
    from scipy.stats import norm

    rng = np.random.default_rng(seed)
    noise = 1.0 - prompt_share - ITEM_SHARE - answer_share
    rows = []
    for p in range(prompts):
        items = int(rng.integers(GROUP_SIZES[0], GROUP_SIZES[1] + 1))
        prompt = rng.normal(0, math.sqrt(prompt_share))
        for i in range(items):
            item = prompt + rng.normal(0, math.sqrt(ITEM_SHARE))
            for c, mean in enumerate(means):
                answer = item + float(norm.ppf(mean)) + rng.normal(0, math.sqrt(answer_share))
                for j in range(judges):
                    rows.append((f"C{c + 1}", f"P{p + 1}", f"I{i + 1}", f"J{j + 1}", "1",
                                 bool(answer + rng.normal(0, math.sqrt(noise)) > 0)))
    return pd.DataFrame(rows, columns=["candidate", "prompt", "item", "judge", "run", "verdict"])


def separated_count(passed: np.ndarray, totals: np.ndarray, confidence: float = DEFAULT_CONFIDENCE,
                    former: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The rubric lab's "neighbours separated beyond their intervals" for each repeat, and whether the first two
    candidates (in the order given) were separated with the first above: the candidates sorted by DRFR, each
    neighbouring pair whose intervals (:func:`grouped_bounds` over the prompts, the judges of one answer pooled;
    ``former``: Wilson's over every verdict as if independent) do not overlap."""
    repeats, candidates, prompts = passed.shape
    flat_totals = np.repeat(totals[:, None, :], candidates, axis=1).reshape(repeats * candidates, prompts)
    bounds = former_bounds if former else grouped_bounds
    low, high, drawn = bounds(passed.reshape(repeats * candidates, prompts), flat_totals, confidence)
    low = np.where(drawn, low, -np.inf).reshape(repeats, candidates)  # a withheld interval separates nothing
    high = np.where(drawn, high, np.inf).reshape(repeats, candidates)
    rate = passed.sum(axis=2) / totals.sum(axis=1)[:, None]
    order = np.argsort(-rate, axis=1, kind="stable")
    low_sorted, high_sorted = np.take_along_axis(low, order, 1), np.take_along_axis(high, order, 1)
    count = (low_sorted[:, :-1] > high_sorted[:, 1:]).sum(axis=1)
    first_above = (low[:, 0] > high[:, 1]) & (rate[:, 0] > rate[:, 1])
    return count, first_above


def sign_flip_rejects(passed: np.ndarray, totals: np.ndarray, confidence: float, rng: np.random.Generator,
                      flips: int = 2000) -> np.ndarray:
    """The best valid test we know for two candidates judged on the same prompts, for the power beside the lab's:
    a paired randomization test over prompts (the difference of the two candidates' items passed, judges pooled,
    per prompt; its sign flipped per prompt), two-sided at ``1 - confidence``, every sign pattern when the prompts
    are at most 12, else ``flips`` random ones (p-value counted with the observed one, so it stays valid). Valid at
    any within-prompt correlation: under no difference the two candidates of a prompt are exchangeable. Returns
    whether it rejects with the first candidate above."""
    difference = (passed[:, 0, :] - passed[:, 1, :]).astype(float)
    prompts = difference.shape[1]
    if prompts <= 12:
        patterns = 1 - 2 * ((np.arange(2**prompts)[:, None] >> np.arange(prompts)[None, :]) & 1)
        extra = 0
    else:
        patterns = rng.choice([-1, 1], size=(flips, prompts))
        extra = 1
    observed = np.abs(difference.sum(axis=1))
    flipped = np.abs(difference @ patterns.T)
    p_value = ((flipped >= observed[:, None] - 1e-9).sum(axis=1) + extra) / (len(patterns) + extra)
    return (p_value <= 1.0 - confidence + 1e-12) & (difference.sum(axis=1) > 0)


def separated_verdict(candidates: int, judges: int, prompts: int, prompt_share: float, answer_share: float,
                      confidence: float = DEFAULT_CONFIDENCE, repeats: int = 2000, seed: int = 0,
                      difference: float = 0.2, former: bool = False) -> VerdictCell:
    """Figure: the rubric lab's "neighbours separated beyond their intervals" (the stability table), read as a claim
    that two neighbouring candidates differ. False rate: every candidate with the same true DRFR, at each fixed truth
    (0.5 to 0.95; the worst), the share of datasets with at least one pair called separated. Power: two candidates
    whose true DRFR differ by ``difference`` (0.9 and 0.7), the share where the better is separated above the other,
    beside the paired randomization test over prompts (:func:`sign_flip_rejects`). ``former``: Wilson's interval
    over every verdict, as the lab read it before issue 48."""
    from uncase_core.stats.small_samples import FIXED_TRUTHS

    rng = np.random.default_rng(seed)
    worst, null = -1.0, FIXED_TRUTHS[0]
    for truth in FIXED_TRUTHS:
        passed, totals = rubric_counts([truth] * candidates, judges, prompts, prompt_share, answer_share, repeats,
                                       rng)
        rate = float((separated_count(passed, totals, confidence, former)[0] > 0).mean())
        if rate > worst:
            worst, null = rate, truth
    top = 0.9
    passed, totals = rubric_counts([top, top - difference], judges, prompts, prompt_share, answer_share, repeats, rng)
    power = float(separated_count(passed, totals, confidence, former)[1].mean())
    best = float(sign_flip_rejects(passed, totals, confidence, rng).mean())
    return VerdictCell(false_rate=worst, worst_null=null, level=1.0 - confidence, power=power, best_power=best,
                       repeats=repeats)


# ---------------------------------------------------------------- the rubric lab: DRFR before and after filtering


@dataclass(frozen=True, kw_only=True)
class FilteredCoverage:
    """The lab's DRFR intervals on its own generated verdicts: ``before`` against the true DRFR over every item
    (good and planted bad, in their shares), ``after`` against the true DRFR over good items; the share of
    (candidate, judge) intervals that hold it, over ``intervals`` of them (``after`` over the ``after_drawn`` share
    the page draws), and the share of good items the filters removed on the way."""

    before: float
    after: float | None  # over the after intervals drawn; None when none is
    after_drawn: float
    intervals: int
    good_removed: float
    level: float

    @property
    def standard_error(self) -> float:
        return math.sqrt(self.level * (1 - self.level) / max(1, self.intervals))

    def holds(self, coverage: float) -> bool:
        return coverage >= self.level - TOLERANCE - 1e-12


def drfr_filtered_coverage(candidates: int = 8, prompts: int = 20, items_per_prompt: int = 6, judges: int = 3,
                           runs: int = 3, planted: tuple[int, int, int, int] = (3, 3, 8, 20), repeats: int = 100,
                           seed: int = 0, confidence: float = DEFAULT_CONFIDENCE) -> FilteredCoverage:
    """Figure: the rubric lab's DRFR intervals before and after filtering (the leaderboard's two bars), on the
    verdicts its generator makes (:func:`uncase_core.rubrics.generator.generate_verdicts`, ``planted`` trivial,
    impossible, misaligned and unstable items), analysed with the page's default filters. The filters choose items
    from the same verdicts, so the after interval is checked against the rate it would estimate if they removed
    exactly the planted items."""
    from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
    from uncase_core.rubrics.lab import FILTERS, analyse

    hits_before = hits_after = drawn_after = count = removed_good = good = 0
    items = prompts * items_per_prompt
    for repeat in range(repeats):
        settings = GeneratorSettings(seed=seed * 100_003 + repeat, candidates=candidates, prompts=prompts,
                                     items_per_prompt=items_per_prompt, judges=judges, runs=runs,
                                     **dict(zip(FILTERS, planted, strict=True)))
        verdicts, truth = generate_verdicts(settings)
        analysis = analyse(verdicts, confidence=confidence)
        shares = {kind: sum(1 for k in truth.bad_items.values() if k == kind) / items for kind in FILTERS}
        good += items - len(truth.bad_items)
        removed_good += sum(1 for key in analysis.removed_keys() if key not in truth.bad_items)
        for judge, row in analysis.drfr_after.items():
            for candidate, after in row.items():
                before = analysis.drfr_before[judge][candidate]
                good_rate = truth.item_rate(candidate, judge)
                all_rate = (1 - sum(shares.values())) * good_rate + sum(
                    share * truth.item_rate(candidate, judge, kind) for kind, share in shares.items())
                count += 1
                hits_before += before.low is not None and before.low - 1e-12 <= all_rate <= before.high + 1e-12
                if after.low is not None and after.high is not None:
                    drawn_after += 1
                    hits_after += after.low - 1e-12 <= good_rate <= after.high + 1e-12
    return FilteredCoverage(before=hits_before / count, after=hits_after / drawn_after if drawn_after else None,
                            after_drawn=drawn_after / count, intervals=count,
                            good_removed=removed_good / max(1, good), level=confidence)


# ---------------------------------------------------------------- the planner: two independent sets of units

PAIR_WINDOW_POINTS = 9  # true rates per window and per set when two rates vary at once (every 0.0125)


def independent_tables(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For every outcome ``(s1, s2)`` of ``n1`` and ``n2`` units, (n1 + 1, n2 + 1) arrays of what the planner's
    "compare two configurations, different cases" draws (:func:`~uncase_core.stats.planning.compare_independent`):
    Newcombe's interval's low and high, whether the page calls them distinguishable, and whether Fisher's exact test
    alone rejects (the valid test the verdict's power is set beside)."""
    from uncase_core.stats.planning import compare_independent

    low, high = np.zeros((n1 + 1, n2 + 1)), np.zeros((n1 + 1, n2 + 1))
    verdict, fisher = np.zeros((n1 + 1, n2 + 1), bool), np.zeros((n1 + 1, n2 + 1), bool)
    alpha = 1.0 - confidence
    for s1 in range(n1 + 1):
        for s2 in range(n2 + 1):
            result = compare_independent(s1, n1, s2, n2, confidence)
            low[s1, s2], high[s1, s2] = result.difference.low, result.difference.high
            verdict[s1, s2] = result.distinguishable
            fisher[s1, s2] = result.p_value is not None and result.p_value <= alpha + 1e-12
    return low, high, verdict, fisher


def _outcome_weights(n1: int, n2: int, p1: np.ndarray, p2: np.ndarray) -> np.ndarray:
    """P(s1, s2) for each pair of true rates (p1[i], p2[i]): (len(p1), n1 + 1, n2 + 1)."""
    first = binom.pmf(np.arange(n1 + 1)[None, :], n1, p1[:, None])
    second = binom.pmf(np.arange(n2 + 1)[None, :], n2, p2[:, None])
    return first[:, :, None] * second[:, None, :]


def planner_difference_coverage(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE,
                                tables: tuple[np.ndarray, ...] | None = None) -> IntervalCell:
    """Figure: the planner's interval for the difference of two independent proportions (Newcombe's hybrid score
    interval, "compare two configurations" on different cases), ``n1`` and ``n2`` units. Exact: for each fixed truth
    of the first set (0.5 to 0.95) and each of the second (0.05 to 0.95), the coverage of the true difference averaged
    over both rates varying in their +-0.05 windows; the worst pair of fixed truths is reported (as the first's)."""
    from uncase_core.stats.small_samples import FIXED_TRUTHS, WINDOW

    low, high = (tables or independent_tables(n1, n2, confidence))[:2]
    offsets = np.linspace(-WINDOW, WINDOW, PAIR_WINDOW_POINTS)
    worst, worst_truth, means = 2.0, 0.0, []
    for first in FIXED_TRUTHS:
        for second in mirrored_truths():
            p1, p2 = (np.clip(g.ravel(), 1e-6, 1 - 1e-6) for g in np.meshgrid(first + offsets, second + offsets))
            truth = (p1 - p2)[:, None, None]
            covers = (low[None] <= truth + 1e-12) & (truth - 1e-12 <= high[None])
            coverage = float((_outcome_weights(n1, n2, p1, p2) * covers).sum(axis=(1, 2)).mean())
            means.append(coverage)
            if coverage < worst:
                worst, worst_truth = coverage, first
    return IntervalCell(worst=worst, worst_truth=worst_truth, mean=float(np.mean(means)), level=confidence)


def planner_independent_verdict(n1: int, n2: int, confidence: float = DEFAULT_CONFIDENCE, difference: float = 0.2,
                                tables: tuple[np.ndarray, ...] | None = None) -> VerdictCell:
    """Figure: the planner's verdict that two configurations run on different cases differ ("distinguishable":
    Newcombe's interval excludes 0 and Fisher's exact test rejects). Exact. False rate: both sets at the same true
    rate, the worst over a grid of 0.01 to 0.99 (every fixed truth among them). Power: the first set at each fixed
    truth, the second ``difference`` below it (the least power over those truths), beside Fisher's test alone."""
    from uncase_core.stats.small_samples import FIXED_TRUTHS

    _, _, verdict, fisher = tables or independent_tables(n1, n2, confidence)
    nulls = np.round(np.arange(1, 100) / 100, 2)
    false = (_outcome_weights(n1, n2, nulls, nulls) * verdict).sum(axis=(1, 2))
    worst = int(np.argmax(false))
    tops = np.array(FIXED_TRUTHS)
    weights = _outcome_weights(n1, n2, tops, tops - difference)
    power, best = (weights * verdict).sum(axis=(1, 2)), (weights * fisher).sum(axis=(1, 2))
    weakest = int(np.argmin(power))
    return VerdictCell(false_rate=float(false[worst]), worst_null=float(nulls[worst]), level=1.0 - confidence,
                       power=float(power[weakest]), best_power=float(best[weakest]))
