"""One policy for every verdict the playground states: a difference is called only where a test valid at that number
of units calls it, corrected for the other verdicts said beside it; otherwise it is uncertain, or withheld with what
more the data needs.

Why a test and not an interval. The compare page used to call "B is better (clear)" when Newcombe's paired
interval excluded 0. That interval is a large-sample approximation: with no true difference it excluded 0 in 50% of
comparisons at 2 pairs and 25% at 3, while the exact McNemar test the page printed beside it rejected 0%. The exact
test (a two-sided binomial test of the discordant pairs, statsmodels' ``mcnemar(table, exact=True)``) holds its level
at every n by construction: it is conditional on the number of discordant pairs, and its p-value is computed from the
binomial distribution itself. Its price is conservatism at small n (it rejects less often than its level), which is
the honest side to err on. The mid-p variant is closer to the level on average but can exceed it, so it is not used.

Several verdicts said together (the four RAG dimensions of one comparison) are corrected with Holm's step-down
procedure (statsmodels' ``multipletests(method="holm")``): with no difference anywhere, the chance that any one of
them says "clear" is at most the level, and Holm is uniformly more powerful than Bonferroni. The adjusted p-values are
shown.

A verdict is **withheld** when no outcome of the data at hand could make it clear: with ``d`` discordant pairs the
smallest two-sided exact p-value is ``2 * 0.5**d``, which must reach the level divided by the number of verdicts said
together (Holm's first, strictest step). Two pairs can never give a clear verdict (``2 * 0.5**2 = 0.5``); at 95%
with four dimensions, at least 8 discordant pairs are needed (``2 * 0.5**8 = 0.0078 <= 0.05 / 4``). The page says how
many, and how many there are.

**A primary dimension declared before looking**. Holm spends the level on four dimensions: with a real
20-point difference on one of them, the page said "clear" 4 % of the time at 20 pairs and 38 % at 50, where the exact
test of that dimension alone reached 15 % and 60 %. A person who declares, before labelling, which dimension matters
gets a fixed-sequence (serial gatekeeping) order: the primary dimension is tested first, alone, at the full level;
only when it is clear are the other dimensions tested, with Holm among them at the full level; otherwise they are
``not_tested``. The family's level still holds: with no difference on the primary dimension, any false "clear" needs
the primary's test to reject first (at most the level); with a real one, only the others can be false, and Holm
holds them at the level. Its adjusted p-values are the primary's own p and, for another dimension,
``max(p_primary, Holm's p among the others)``. Declared after looking, it is no longer a test: choosing the dimension
whose difference looks largest spends the level several times over, so the pages say so beside the choice.

``bench/coverage.py`` measures the false-verdict rate of both orders by simulation at the sizes the app accepts, per
dimension and for the four together, at dimension correlations from 0 to 0.9, and the power beside it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, check_confidence

State = Literal["clear", "uncertain", "withheld", "not_tested", "not_applicable"]
STATES: tuple[State, ...] = ("clear", "uncertain", "withheld", "not_tested", "not_applicable")
# Where a verdict stands in the order of testing: Holm over every dimension (no primary declared), or the primary
# dimension tested first and the others after it.
Role = Literal["family", "primary", "secondary"]
EXACT_SEARCH_LIMIT = 20_000  # pairs the exact power is computed for in one table


def exact_mcnemar_p(only_a: int, only_b: int) -> float:
    """The exact two-sided McNemar p-value from the two discordant counts (1 when there are none)."""
    from statsmodels.stats.contingency_tables import mcnemar

    if only_a + only_b == 0:
        return 1.0
    return float(mcnemar([[0, only_a], [only_b, 0]], exact=True).pvalue)


def smallest_exact_p(discordant: int) -> float:
    """The smallest two-sided exact McNemar p-value ``discordant`` pairs can give: all of them one way."""
    return 1.0 if discordant <= 0 else min(1.0, 2.0 * 0.5 ** discordant)


def discordant_needed(alpha: float, tests: int = 1) -> int:
    """The fewest discordant pairs whose most one-sided split reaches ``alpha / tests`` (Holm's first step)."""
    level = alpha / max(1, tests)
    # 2 * 0.5**d <= level  <=>  d >= log2(2 / level)
    return max(1, math.ceil(math.log2(2.0 / level) - 1e-12))


def holm_adjusted(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values of the tests that have one (``None`` stays ``None``, and is not counted).

    The same figures as statsmodels' ``multipletests(p, method="holm")[1]`` (a test checks it on random p-values),
    written here because that call takes about 70 ms, a thousand times the arithmetic, and a comparison, a lesson
    check and the coverage harness call it many times: sort, multiply the i-th smallest by ``m - i``, carry the
    running maximum, cap at 1."""
    present = [i for i, p in enumerate(p_values) if p is not None]
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, i in enumerate(sorted(present, key=lambda i: (p_values[i], i))):
        running = max(running, min(1.0, (len(present) - rank) * float(p_values[i])))  # type: ignore[arg-type]
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True, kw_only=True)
class PairedVerdict:
    """What one paired comparison may say, and why.

    ``state``: ``clear`` (``direction`` +1: B better, -1: A better), ``uncertain``, ``withheld`` (no outcome of these
    pairs could be clear: ``needed`` discordant pairs are, there are ``discordant``), ``not_tested`` (a dimension after
    a primary one that is not clear) or ``not_applicable`` (no pair). ``p_value`` is the exact McNemar p-value,
    ``adjusted`` the procedure's adjusted p-value; ``tests`` the verdicts its step corrects for (all of them with no
    primary; 1 for the primary; the other dimensions after it). ``role`` says which (:data:`Role`).
    """

    state: State
    direction: int
    p_value: float | None
    adjusted: float | None
    discordant: int
    needed: int
    tests: int
    confidence: float
    role: Role = "family"

    @property
    def clear(self) -> bool:
        return self.state == "clear"


def _decided(table: tuple[int, int], p: float, adjusted: float, tests: int, alpha: float, confidence: float,
             role: Role) -> PairedVerdict:
    only_a, only_b = table
    discordant = only_a + only_b
    direction = (only_b > only_a) - (only_b < only_a)
    if smallest_exact_p(discordant) * max(1, tests) > alpha + 1e-12:
        state: State = "withheld"
    elif adjusted <= alpha + 1e-12 and direction:
        state = "clear"
    else:
        state = "uncertain"
    return PairedVerdict(state=state, direction=direction if state == "clear" else 0, p_value=p, adjusted=adjusted,
                         discordant=discordant, needed=discordant_needed(alpha, tests), tests=tests,
                         confidence=confidence, role=role)


def _not_applicable(tests: int, alpha: float, confidence: float, role: Role) -> PairedVerdict:
    return PairedVerdict(state="not_applicable", direction=0, p_value=None, adjusted=None, discordant=0,
                         needed=discordant_needed(alpha, tests), tests=tests, confidence=confidence, role=role)


def paired_verdicts(
    tables: Sequence[tuple[int, int] | None], confidence: float = DEFAULT_CONFIDENCE, primary: int | None = None
) -> list[PairedVerdict]:
    """The verdicts of several paired comparisons said together (the dimensions of one comparison).

    ``tables[i]`` is ``(only_a, only_b)``, the discordant counts of comparison ``i``, or ``None`` when it has no
    pair. With no ``primary``, each is decided by its exact McNemar p-value, Holm-adjusted over the comparisons that
    have a pair. With ``primary`` (an index of ``tables``, declared before looking), that one is decided first,
    alone, at the full level; the others are decided by Holm among themselves only when it is clear, and are
    ``not_tested`` otherwise (see the module docstring). A comparison whose discordant pairs could not reach its
    step's strictest level in any outcome is withheld.
    """
    confidence = check_confidence(confidence)
    alpha = 1.0 - confidence
    if primary is not None and not (isinstance(primary, int) and 0 <= primary < len(tables)):
        raise ValueError(f"primary: expected an index of tables (0 to {len(tables) - 1}), got {primary!r}")
    p_values = [None if t is None else exact_mcnemar_p(*t) for t in tables]
    if primary is None:
        tests = sum(1 for p in p_values if p is not None)
        adjusted = holm_adjusted(p_values)
        return [_not_applicable(tests, alpha, confidence, "family") if t is None or p is None or q is None
                else _decided(t, p, q, tests, alpha, confidence, "family")
                for t, p, q in zip(tables, p_values, adjusted, strict=True)]
    first = tables[primary]
    first_p = p_values[primary]
    lead = (_not_applicable(1, alpha, confidence, "primary") if first is None or first_p is None
            else _decided(first, first_p, first_p, 1, alpha, confidence, "primary"))
    others = [None if i == primary else p for i, p in enumerate(p_values)]
    tests = sum(1 for p in others if p is not None)
    adjusted_others = holm_adjusted(others)
    verdicts = []
    for i, (table, p, q) in enumerate(zip(tables, others, adjusted_others, strict=True)):
        if i == primary:
            verdicts.append(lead)
        elif table is None or p is None or q is None:
            verdicts.append(_not_applicable(tests, alpha, confidence, "secondary"))
        elif not lead.clear:
            gated = max(1.0 if first_p is None else first_p, q)
            verdicts.append(PairedVerdict(state="not_tested", direction=0, p_value=p, adjusted=gated,
                                          discordant=table[0] + table[1], needed=discordant_needed(alpha, tests),
                                          tests=tests, confidence=confidence, role="secondary"))
        else:
            verdicts.append(_decided(table, p, max(first_p, q), tests, alpha, confidence,  # type: ignore[arg-type]
                                     "secondary"))
    return verdicts


def paired_verdict(only_a: int, only_b: int, confidence: float = DEFAULT_CONFIDENCE) -> PairedVerdict:
    """:func:`paired_verdicts` of one comparison said alone."""
    return paired_verdicts([(only_a, only_b)], confidence)[0]


def _lower_cuts(d: np.ndarray, tail: float) -> np.ndarray:
    """For each ``d``, the largest ``k`` (from -1) with ``P(K <= k) <= tail`` for K ~ Binomial(d, 1/2).

    Written here, not as ``binom.ppf``: scipy's discrete ppf searches each value in turn (80 ms for the 20,000 of a
    power table, three quarters of the Compare page's run); this starts from the normal approximation and steps
    every value to the exact boundary at once, a few vectorised cdf calls (3 ms). ``tests/test_paired_verdicts.py``
    checks it equals the ppf's answer for every d up to 20,000 at several levels."""
    from scipy.stats import binom, norm

    limit = tail + 1e-12
    guess = np.clip(np.floor(d / 2.0 + norm.ppf(tail) * np.sqrt(d) / 2.0), -1, d)
    while (over := binom.cdf(guess, d, 0.5) > limit).any():
        guess = np.where(over, guess - 1, guess)
    while (under := (guess + 1 <= d) & (binom.cdf(guess + 1, d, 0.5) <= limit)).any():
        guess = np.where(under, guess + 1, guess)
    return guess


def rejection_chance(max_discordant: int, share_b: float, alpha: float) -> np.ndarray:
    """For d = 0 .. ``max_discordant`` discordant pairs, the chance that the exact two-sided McNemar test at
    ``alpha`` rejects when each discordant pair favours B with probability ``share_b``.

    The test rejects for ``k <= cut`` or ``k >= d - cut`` pairs favouring B, ``cut`` the largest ``k`` whose two-sided
    binomial p-value, ``2 * P(K <= k)`` under a half-and-half split, is at most ``alpha``."""
    from scipy.stats import binom

    d = np.arange(max_discordant + 1)
    cut = np.minimum(_lower_cuts(d, alpha / 2.0), (d - 1) // 2)  # the two tails never meet
    chance = np.where(cut >= 0, binom.cdf(cut, d, share_b) + binom.sf(d - cut - 1, d, share_b), 0.0)
    return np.clip(chance, 0.0, 1.0)


def exact_mcnemar_power(pairs: int, p_only_a: float, p_only_b: float, alpha: float,
                        rejection: np.ndarray | None = None) -> float:
    """The probability that the exact two-sided McNemar test at ``alpha`` rejects, with ``pairs`` pairs whose
    discordant shares are ``p_only_a`` and ``p_only_b``: summed over the number of discordant pairs (binomial), the
    chance their split falls in the test's rejection region (:func:`rejection_chance`, which may be passed in)."""
    from scipy.stats import binom

    psi = p_only_a + p_only_b
    if pairs <= 0 or psi <= 0:
        return 0.0
    if rejection is None or len(rejection) <= pairs:
        rejection = rejection_chance(pairs, p_only_b / psi, alpha)
    weights = binom.pmf(np.arange(pairs + 1), pairs, min(1.0, psi))
    return float(min(1.0, np.dot(weights, rejection[:pairs + 1])))


def pairs_for_power(p_only_a: float, p_only_b: float, confidence: float, power: float, limit: int,
                    start: int = 1) -> int | None:
    """The fewest pairs (from ``start``) at which the exact McNemar test reaches ``power``; ``None`` with no
    difference or beyond ``limit`` pairs. The exact test's power is not monotone in n (a saw-tooth), so this is the
    first n that reaches it; a pair more may dip just below. Past 2,000 pairs it steps by 1% (planning precision)."""
    psi = p_only_a + p_only_b
    if abs(p_only_b - p_only_a) < 1e-10 or psi <= 0:
        return None
    alpha = 1.0 - confidence
    ceiling = min(limit, EXACT_SEARCH_LIMIT)
    # The rejection table grows with the search (doubling, up to the ceiling): most comparisons stop within a few
    # hundred pairs, and a table of 20,000 cost the Compare page most of its run.
    rejection = rejection_chance(min(ceiling, 256), p_only_b / psi, alpha)
    n = max(1, start)
    while n <= limit:
        if n >= len(rejection):
            rejection = rejection_chance(min(ceiling, 2 * n) if n <= ceiling else n, p_only_b / psi, alpha)
        if exact_mcnemar_power(n, p_only_a, p_only_b, alpha, rejection) >= power:
            return n
        n = n + 1 if n < 2000 else int(n * 1.01) + 1
    return None
