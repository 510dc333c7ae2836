"""The mean of a tool's scores over cases (RAGAS faithfulness 0.83, a DeepEval answer relevancy 0.91) with an
interval that holds at every number of cases from 2, and the paired difference of two runs' scores on the same cases.

Why not Student's t or a bootstrap: the scores a judge gives are bounded in [0, 1], skewed (most near 1) and full of
ties (many exactly 1.0, a few exactly 0): at 5 or 10 cases the sample often shows no spread at all, and the t-interval
and the percentile bootstrap then collapse around the observed mean and cover far less than they state
(``bench/score_means_methods.py`` measures it; docs/tool-scores.md). The interval here is Waudby-Smith and Ramdas'
(2023, "Estimating means of bounded random variables by betting", JRSS B 86(1)): for each candidate mean ``m`` a
gambler bets on the scores being above or below ``m`` (the hedged capital process, half the stake each way), with
predictable plug-in bets; ``m`` is rejected when the capital reaches ``1 / alpha``. Under any distribution on [0, 1]
with independent cases the capital at the true mean is a nonnegative martingale, so the interval covers at least its
level at every n (Markov's inequality): nothing to withhold.

The capital depends on the order the cases are met. To be deterministic and less tied to one order, the capital is
averaged over :data:`ORDERS` fixed orders of the cases (the order given and 7 reorderings drawn once from
:data:`ORDER_SEED`): an average of such capitals is again one (its expectation at the true mean is at most 1), so the
level holds. The interval is found on a grid of ``m`` and its edges refined by bisection, rounded outwards.

A paired difference ``d = B - A`` of two runs on one case lies in [-1, 1]; ``(d + 1) / 2`` lies in [0, 1] and its
mean is found the same way, then mapped back. Its verdict says B is higher (or lower) only when the interval excludes
0: each side is wrong at most ``alpha / 2`` of the time.

Fewer than 2 scores give N/A (value None), never NaN; missing scores (None) are counted and skipped.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

import numpy as np
from scipy.special import logsumexp

from uncase_core.errors import expected_in_range, expected_value, input_error
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, check_confidence

METHOD = ("Waudby-Smith and Ramdas' betting interval (hedged capital, predictable plug-in bets), capital averaged "
          "over 8 fixed orders of the cases")
PAIRED_METHOD = "the betting interval of the per-case differences B - A, mapped to [0, 1] as (d + 1) / 2"
MIN_SCORES = 2  # one score has a mean but no spread: the interval would be [0, 1] whatever it is
ORDERS = 8  # the order given and 7 fixed reorderings
ORDER_SEED = 20_231_107  # the reorderings are drawn once from this seed: the same cases give the same interval
BET_CAP = 0.75  # c in the paper (they suggest 1/2 or 3/4): a bet never risks more than 3/4 of the capital
GRID = 41  # candidate means tried first (every 0.025, and the sample mean); the edges then refined by bisection
BISECTIONS = 24  # the edges to within 0.025 / 2**24, rounded outwards

# Error codes of this module (InputError.code) and their English
PROBLEMS = MappingProxyType({
    "score_counts_differ": "has {count} scores but scores_a has {other_count}; both must list the same cases in "
                           "the same order",
})

Verdict = Literal["b_higher", "b_lower", "no_clear_difference"]
VERDICTS: tuple[Verdict, ...] = ("b_higher", "b_lower", "no_clear_difference")


@dataclass(frozen=True, kw_only=True)
class ScoreMean:
    """A column of scores' mean over cases with its interval. ``n`` scores were used, ``missing`` cases had none;
    ``value``, ``low`` and ``high`` are None (N/A) below :data:`MIN_SCORES` scores."""

    n: int
    missing: int
    value: float | None
    low: float | None
    high: float | None
    confidence: float = DEFAULT_CONFIDENCE
    method: str = METHOD

    @property
    def applicable(self) -> bool:
        return self.value is not None

    def to_dict(self) -> dict[str, object]:
        return {"n": self.n, "missing": self.missing, "mean": self.value, "low": self.low, "high": self.high,
                "confidence": self.confidence, "method": self.method}


@dataclass(frozen=True, kw_only=True)
class ScoreDifference:
    """Run B's scores minus run A's over the cases both scored. ``n`` pairs were used, ``missing`` cases lacked a
    score in one run or both; ``mean_a`` and ``mean_b`` are the two runs' means over those pairs; ``value`` is
    ``mean_b - mean_a`` with its interval (all None, and ``verdict`` None, below :data:`MIN_SCORES` pairs)."""

    n: int
    missing: int
    mean_a: float | None
    mean_b: float | None
    value: float | None
    low: float | None
    high: float | None
    verdict: Verdict | None
    confidence: float = DEFAULT_CONFIDENCE
    method: str = PAIRED_METHOD

    @property
    def applicable(self) -> bool:
        return self.value is not None

    def to_dict(self) -> dict[str, object]:
        return {"n": self.n, "missing": self.missing, "mean_a": self.mean_a, "mean_b": self.mean_b,
                "difference": self.value, "low": self.low, "high": self.high, "verdict": self.verdict,
                "confidence": self.confidence, "method": self.method}


def _checked_score(value: object, where: str, low: float = 0.0, high: float = 1.0) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise expected_value("finite_number", repr(value), where)
    number = float(value)
    if not math.isfinite(number):
        raise expected_value("finite_number", repr(value), where)
    if not low <= number <= high:
        raise expected_in_range("score", low, high, repr(value), where)
    return number


def _orders(n: int) -> np.ndarray:
    """The :data:`ORDERS` orders of ``n`` cases: the given one first, then fixed reorderings (the same for every
    call with ``n`` cases)."""
    rng = np.random.default_rng([ORDER_SEED, n])
    return np.stack([np.arange(n)] + [rng.permutation(n) for _ in range(ORDERS - 1)])


def _bets(x: np.ndarray, alpha: float) -> np.ndarray:
    """The predictable plug-in bets of one order (the paper's fixed-n choice): ``sqrt(2 log(2/alpha) / (n s2))``
    where ``s2`` is the running variance estimate of the scores seen before (it starts at 1/4)."""
    n = len(x)
    seen = np.arange(1, n + 1)
    means = (0.5 + np.cumsum(x)) / (seen + 1)
    variances = (0.25 + np.cumsum((x - means) ** 2)) / (seen + 1)
    before = np.concatenate([[0.25], variances[:-1]])
    return np.sqrt(2.0 * math.log(2.0 / alpha) / (n * before))


def _log_capital(orders: np.ndarray, bets: np.ndarray, m: np.ndarray) -> np.ndarray:
    """The log of the hedged capital after every case, averaged over the orders, at each candidate mean ``m``."""
    if orders.size * len(m) > 2_000_000:  # a long file: one order at a time keeps the arrays small
        per_order = np.stack([_log_capital(x[None, :], lam[None, :], m) for x, lam in zip(orders, bets, strict=True)])
        return logsumexp(per_order, axis=0) - math.log(len(per_order))
    centred = orders[:, :, None] - m[None, None, :]
    with np.errstate(divide="ignore", over="ignore"):  # m at 0 or 1: that side bets without a cap
        up = np.minimum(bets[:, :, None], BET_CAP / m[None, None, :])
        down = np.minimum(bets[:, :, None], BET_CAP / (1.0 - m[None, None, :]))
    log_up = np.log1p(up * centred).sum(axis=1)
    log_down = np.log1p(-down * centred).sum(axis=1)
    per_order = np.logaddexp(log_up, log_down) + math.log(0.5)
    return logsumexp(per_order, axis=0) - math.log(len(per_order))


def _interval(scores: np.ndarray, confidence: float) -> tuple[float, float]:
    """The betting interval of scores in [0, 1] (at least :data:`MIN_SCORES` of them)."""
    alpha = 1.0 - confidence
    threshold = math.log(1.0 / alpha)
    orders = scores[_orders(len(scores))]
    bets = np.stack([_bets(x, alpha) for x in orders])
    mean = float(scores.mean())
    grid = np.union1d(np.linspace(0.0, 1.0, GRID), [mean])
    kept = _log_capital(orders, bets, grid) < threshold
    kept[np.searchsorted(grid, mean)] = True  # the hull always holds the estimate (widening never hurts coverage)
    inside = np.flatnonzero(kept)
    first, last = inside[0], inside[-1]
    # Both edges bisected at once, between the outermost kept point and the rejected one beyond it; the edge given
    # is the rejected side (outwards: never inside the kept set's true boundary).
    accepted = np.array([grid[first], grid[last]])
    rejected = np.array([grid[max(first - 1, 0)], grid[min(last + 1, len(grid) - 1)]])
    for _ in range(BISECTIONS):
        middle = (accepted + rejected) / 2.0
        keep = _log_capital(orders, bets, middle) < threshold
        accepted, rejected = np.where(keep, middle, accepted), np.where(keep, rejected, middle)
    low = 0.0 if first == 0 else rejected[0]
    high = 1.0 if last == len(grid) - 1 else rejected[1]
    return float(max(0.0, min(low, mean))), float(min(1.0, max(high, mean)))


def _present(values: Sequence[object], where: str, low: float = 0.0, high: float = 1.0) -> list[float | None]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence | np.ndarray):
        raise expected_value("list", repr(values), where)
    return [_checked_score(value, f"{where}[{i}]", low, high) for i, value in enumerate(values)]


def score_mean(scores: Sequence[float | None], confidence: float = DEFAULT_CONFIDENCE,
               where: str = "scores") -> ScoreMean:
    """The mean of ``scores`` (each in [0, 1], or None when a case has none) with its betting interval."""
    confidence = check_confidence(confidence)
    checked = _present(scores, where)
    used = np.array([s for s in checked if s is not None], dtype=float)
    missing = len(checked) - len(used)
    if len(used) < MIN_SCORES:
        return ScoreMean(n=len(used), missing=missing, value=None, low=None, high=None, confidence=confidence)
    low, high = _interval(used, confidence)
    return ScoreMean(n=len(used), missing=missing, value=float(used.mean()), low=low, high=high,
                     confidence=confidence)


def verdict_of(low: float, high: float) -> Verdict:
    """B higher when the whole interval of B - A is above 0, lower when below, else no clear difference."""
    if low > 0.0:
        return "b_higher"
    if high < 0.0:
        return "b_lower"
    return "no_clear_difference"


def score_difference(scores_a: Sequence[float | None], scores_b: Sequence[float | None],
                     confidence: float = DEFAULT_CONFIDENCE) -> ScoreDifference:
    """Run B's scores minus run A's, case by case (the two lists in the same order of cases; a case missing in
    either is skipped and counted), with the betting interval of the mean difference and its verdict."""
    confidence = check_confidence(confidence)
    a, b = _present(scores_a, "scores_a"), _present(scores_b, "scores_b")
    if len(a) != len(b):
        raise input_error(PROBLEMS, "score_counts_differ", "scores_b", count=len(b), other_count=len(a))
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
    missing = len(a) - len(pairs)
    if len(pairs) < MIN_SCORES:
        return ScoreDifference(n=len(pairs), missing=missing, mean_a=None, mean_b=None, value=None, low=None,
                               high=None, verdict=None, confidence=confidence)
    first, second = np.array(pairs, dtype=float).T
    shifted = (second - first + 1.0) / 2.0
    low, high = _interval(np.clip(shifted, 0.0, 1.0), confidence)
    value = float(second.mean() - first.mean())
    low, high = min(2.0 * low - 1.0, value), max(2.0 * high - 1.0, value)
    return ScoreDifference(n=len(pairs), missing=missing, mean_a=float(first.mean()), mean_b=float(second.mean()),
                           value=value, low=low, high=high, verdict=verdict_of(low, high), confidence=confidence)
