"""Conversation quality at fixed truths (issue 48, findings 6 and 7): the factual fidelity interval (and dialogue
coherence's, the same interval over turns) and the verdict against the threshold, computed by the page's own
evaluator for every count of verified claims, exactly."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.stats import binom

from bench.harness.cells import Cell, window_rates
from bench.harness.fixed_cells import IntervalCell, VerdictCell, exact_interval_cell, units_bounds
from bench.harness.proportions import exact_coverage
from bench.harness.rules import WINDOW, IntervalResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.stats.small_samples import wilson_bounds


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


def _exact_result(figure: Figure, cell: Cell, low: np.ndarray, high: np.ndarray) -> IntervalResult:
    window = exact_coverage(low, high, cell.n, window_rates(cell.truth, WINDOW)).mean()
    at_truth = exact_coverage(low, high, cell.n, np.array([cell.truth]))[0]
    return IntervalResult(window=float(window), at_truth=float(at_truth), level=figure.level or DEFAULT_CONFIDENCE,
                          repeats=None, drawn=cell.n >= figure.drawn_from)


def fidelity_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The registry's cell of conversation quality's fidelity interval: ``n`` claims, the interval the page's
    evaluator draws for every count of verified claims, exactly."""
    return _exact_result(figure, cell, *conversation_bounds(cell.n, figure.level or DEFAULT_CONFIDENCE))


def coherence_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The registry's cell of conversation quality's coherence interval: ``n`` turns, the same interval of
    independent units (:func:`~uncase_core.stats.small_samples.units_interval`) the evaluator draws, exactly."""
    return _exact_result(figure, cell, *units_bounds(cell.n, figure.level or DEFAULT_CONFIDENCE))
