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
