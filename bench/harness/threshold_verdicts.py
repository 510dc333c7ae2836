"""How often the threshold verdicts a page says in words ("clear fail", "fails (clear)", a red diagnosis) are false,
at fixed true rates exactly at the thresholds a slider allows (issue 48, findings 1 and 6).

A verdict is false where the truth sits at its threshold, so these are computed there, at every threshold of the
page's slider and every number of units, each by calling the core function the page calls. Exact sums over the
binomial outcomes where the outcomes can be listed; otherwise seeded Monte Carlo draws, with their standard error
stated (:class:`SimulatedRate`). ``bench/coverage.py`` prints them (docs/coverage.md) and
``tests/harness/test_threshold_verdicts.py`` runs a seeded part.

Power is printed beside every level: how often the verdict is said when it is true by a stated margin, beside the
best valid procedure's (the exact one-sided binomial test alone, which the page's rule also asks the drawn interval
to agree with).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import binom

from bench.harness.cells import Cell
from bench.harness.rules import MONTE_CARLO_ERRORS, VerdictResult
from uncase_core.stats.figures import THRESHOLD_SLIDER, Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion

# Every threshold the threshold explorer's and the RAG page's sliders allow (0 to 1 by 0.05); a verdict cannot be
# false at 0 or 1 (no true rate lies outside [0, 1]), so the 19 between them are the ones that matter.
SLIDER_THRESHOLDS: tuple[float, ...] = THRESHOLD_SLIDER


@dataclass(frozen=True, kw_only=True)
class ExactRate:
    """A verdict's false rate computed exactly (no simulation): ``rate`` at most ``level`` holds the rule."""

    rate: float
    level: float

    @property
    def holds(self) -> bool:
        return self.rate <= self.level + 1e-12


@dataclass(frozen=True, kw_only=True)
class SimulatedRate:
    """A false rate from ``repeats`` seeded draws, with its Monte Carlo standard error; the rule allows
    :data:`MONTE_CARLO_ERRORS` standard errors above the level (the error of a rate at the level itself)."""

    rate: float
    repeats: int
    level: float

    @property
    def standard_error(self) -> float:
        return math.sqrt(self.level * (1.0 - self.level) / max(1, self.repeats))

    @property
    def holds(self) -> bool:
        return self.rate <= self.level + MONTE_CARLO_ERRORS * self.standard_error


# ---------------------------------------------------------------- the threshold explorer, one dimension


@dataclass(frozen=True, kw_only=True)
class ExplorerRates:
    """The threshold explorer's standing of one case of ``n`` units at ``threshold``: the false rate of its
    "Clear fail" (the true rate at the threshold, where the case passes) and of its "Clear pass" (the true rate just
    below it), the page's rule and Wilson's interval alone (the former rule); and the power of "Clear fail" when the
    true rate is ``margin`` below the threshold, the page's and the exact test's alone."""

    n: int
    threshold: float
    fail: ExactRate
    passing: ExactRate
    former_fail: float
    former_passing: float
    margin: float
    power: float
    exact_power: float


def _explorer_cases(n: int) -> tuple:
    """``n + 1`` cases of ``n`` passages, the k-th with ``k`` relevant: every outcome of one case at once."""
    from uncase_core.rag.cases import RagCase, Unit

    return tuple(RagCase(id=f"k{k}", question="q", answer="a",
                         passages=tuple(Unit(f"p{i}", "t", {"relevant": i < k}) for i in range(n)))
                 for k in range(n + 1))


def explorer_rates(n: int, threshold: float, confidence: float = DEFAULT_CONFIDENCE,
                   margin: float = 0.2) -> ExplorerRates:
    """The threshold explorer's "Clear fail" / "Clear pass" standing (:func:`uncase_core.rag.thresholds.
    case_standings`, the table, which the counts row's :func:`~uncase_core.rag.thresholds.sweep_threshold` matches),
    exactly: every count ``k`` of ``n`` units is one case, its standing read from the page's function, weighted by its
    binomial probability at the true rate. Units of one case independent given its rate (document 001's model)."""
    from uncase_core.rag.thresholds import case_standings

    standings = case_standings(_explorer_cases(n), "context_relevance", threshold, confidence)
    k = np.arange(n + 1)
    at = binom.pmf(k, n, threshold)
    below = binom.pmf(k, n, float(np.nextafter(threshold, 0.0)))
    worse = binom.pmf(k, n, max(0.0, threshold - margin))
    fail = np.array([s.standing == "fail" for s in standings])
    passing = np.array([s.standing == "pass" for s in standings])
    low = np.array([s.low for s in standings])
    high = np.array([s.high for s in standings])
    former_fail, former_pass = high < threshold, low >= threshold
    alpha = 1.0 - confidence
    exact_fail = binom.cdf(k, n, threshold) <= alpha + 1e-12
    return ExplorerRates(
        n=n, threshold=threshold,
        fail=ExactRate(rate=float(at[fail].sum()), level=alpha),
        passing=ExactRate(rate=float(below[passing].sum()), level=alpha),
        former_fail=float(at[former_fail].sum()), former_passing=float(below[former_pass].sum()),
        margin=margin, power=float(worse[fail].sum()), exact_power=float(worse[exact_fail & (k < threshold * n)].sum()))


def explorer_composite_false_rate(units: Sequence[int], threshold: float, aggregation: str, correlation: float,
                                  repeats: int = 4000, seed: int = 0,
                                  confidence: float = DEFAULT_CONFIDENCE) -> SimulatedRate:
    """The threshold explorer's composite standing (:func:`uncase_core.rag.thresholds.composite_standings`, equal
    weights): how often a case is called "Clear fail" or "Clear pass" on the false side when every dimension's true
    rate is exactly ``threshold`` (so the composite is, for the mean and the minimum): "Clear fail" is false there
    and "Clear pass" is false just below it; the larger of the two. ``units`` = (passages, claims, facts);
    faithfulness and correctness judge the same claims, their labels correlated by ``correlation``."""
    from uncase_core.rag.thresholds import composite_standings

    counts = _dimension_counts(units, {n: threshold for n in _DIMENSIONS}, correlation, repeats, seed)
    below = _dimension_counts(units, {n: float(np.nextafter(threshold, 0.0)) for n in _DIMENSIONS}, correlation,
                              repeats, seed + 1)
    standing = _cached(lambda key: composite_standings([_case_of(key, units)], None, threshold, aggregation,
                                                       confidence)[0].standing)
    fail = sum(standing(tuple(row)) == "fail" for row in counts.tolist())
    passing = sum(standing(tuple(row)) == "pass" for row in below.tolist())
    return SimulatedRate(rate=max(fail, passing) / repeats, repeats=repeats, level=1.0 - confidence)


# ---------------------------------------------------------------- the RAG page's diagnosis banner


_DIMENSIONS = ("context_relevance", "faithfulness", "correctness", "coverage")


def _dimension_counts(units: Sequence[int], truths: Mapping[str, float], correlation: float, repeats: int,
                      seed: int) -> np.ndarray:
    """(repeats, 4) successes of one case's four dimensions: ``units`` = (passages, claims, facts); each claim's
    (supported, correct) pair drawn with the two true rates and the correlation ``correlation`` between them."""
    rng = np.random.default_rng(seed)
    passages, claims, facts = units
    relevant = rng.binomial(passages, truths["context_relevance"], repeats)
    covered = rng.binomial(facts, truths["coverage"], repeats)
    p, q = truths["faithfulness"], truths["correctness"]
    both = p * q + correlation * math.sqrt(p * (1 - p) * q * (1 - q))
    both = min(max(both, max(0.0, p + q - 1.0)), min(p, q))
    cells = rng.multinomial(claims, [both, p - both, q - both, 1.0 - p - q + both], repeats)
    supported = cells[:, 0] + cells[:, 1]
    correct = cells[:, 0] + cells[:, 2]
    return np.stack([relevant, supported, correct, covered], axis=1)


def _case_of(key: tuple[int, ...], units: Sequence[int]):
    """A case with these counts (the claims' two labels need not pair up: each count is all that is read)."""
    from uncase_core.rag.cases import RagCase, Unit

    passages, claims, facts = units
    relevant, supported, correct, covered = key
    return RagCase(
        id="c", question="q", answer="a",
        passages=tuple(Unit(f"p{i}", "t", {"relevant": i < relevant}) for i in range(passages)),
        claims=tuple(Unit(f"c{i}", "t", {"supported": i < supported, "correct": i < correct}) for i in range(claims)),
        reference_facts=tuple(Unit(f"f{i}", "t", {"covered": i < covered}) for i in range(facts)))


def _cached(decide: Callable[[tuple[int, ...]], object]) -> Callable[[tuple[int, ...]], object]:
    """``decide`` once per distinct count tuple: draws of one small case repeat the same few outcomes."""
    memo: dict[tuple[int, ...], object] = {}

    def decided(key: tuple[int, ...]) -> object:
        if key not in memo:
            memo[key] = decide(key)
        return memo[key]

    return decided


def _proportion(successes: int, total: int, confidence: float) -> Proportion:
    return Proportion.from_counts(successes, total, 0, confidence)


@dataclass(frozen=True, kw_only=True)
class BannerRates:
    """The RAG page's red diagnosis (a dimension said to fail, clearly), one case of ``units`` (passages, claims,
    facts) with faithfulness and correctness correlated by ``correlation``: how often it shows when every dimension's
    true rate is exactly its threshold (``all_at``) and when one is at its threshold and the others pass by far
    (``one_at``, the worst of the four), by the page's rule; the former banner (red on the point estimate) and the
    per-dimension rule without Holm's correction beside; and its power when one dimension is ``margin`` below its
    threshold and the others at theirs, the page's rule and the exact test on that dimension alone."""

    units: tuple[int, int, int]
    thresholds: Mapping[str, float]
    correlation: float
    all_at: SimulatedRate
    one_at: SimulatedRate
    former_all_at: float
    uncorrected_all_at: float
    margin: float
    power: float
    alone_power: float


def banner_rates(units: Sequence[int], thresholds: Mapping[str, float], correlation: float = 0.0,
                 repeats: int = 4000, seed: int = 0, confidence: float = DEFAULT_CONFIDENCE,
                 margin: float = 0.2) -> BannerRates:
    """The red banner's false rate, by calling :func:`uncase_core.rag.evaluation.diagnose` (what the page draws:
    red exactly when :attr:`~uncase_core.rag.evaluation.Diagnosis.clear_failing` is not empty) on seeded draws."""
    from uncase_core.rag.evaluation import diagnose
    from uncase_core.stats.policy import threshold_certainty

    totals = (units[0], units[1], units[1], units[2])

    metrics: Callable[[tuple[int, ...]], dict[str, Proportion]] = _cached(  # type: ignore[assignment]
        lambda key: {n: _proportion(k, total, confidence) for n, k, total in zip(_DIMENSIONS, key, totals,
                                                                                   strict=True)})

    red = _cached(lambda key: bool(diagnose(metrics(key), thresholds).clear_failing))
    below_any = _cached(lambda key: any(p.value < thresholds[n] for n, p in metrics(key).items()))  # type: ignore
    uncorrected = _cached(lambda key: any(p.value < thresholds[n] and threshold_certainty(p, thresholds[n]) == "clear"
                                          for n, p in metrics(key).items()))  # type: ignore[operator]

    def share(decide: Callable[[tuple[int, ...]], object], truths: Mapping[str, float], offset: int) -> float:
        rows = _dimension_counts(units, truths, correlation, repeats, seed + offset).tolist()
        return sum(bool(decide(tuple(row))) for row in rows) / repeats

    at = dict(thresholds)
    one = max(share(red, {**{n: 1.0 for n in _DIMENSIONS}, name: thresholds[name]}, i + 1)
              for i, name in enumerate(_DIMENSIONS))
    weak = {**at, "faithfulness": max(0.0, thresholds["faithfulness"] - margin)}
    alone = _cached(lambda key: metrics(key)["faithfulness"].value < thresholds["faithfulness"]  # type: ignore
                    and binom.cdf(key[1], units[1], thresholds["faithfulness"]) <= 1.0 - confidence + 1e-12)
    alpha = 1.0 - confidence
    return BannerRates(
        units=(units[0], units[1], units[2]), thresholds=dict(thresholds), correlation=correlation,
        all_at=SimulatedRate(rate=share(red, at, 0), repeats=repeats, level=alpha),
        one_at=SimulatedRate(rate=one, repeats=repeats, level=alpha),
        former_all_at=share(below_any, at, 0), uncorrected_all_at=share(uncorrected, at, 0),
        margin=margin,
        power=share(lambda key: "faithfulness" in diagnose(metrics(key), thresholds).clear_failing, weak, 9),
        alone_power=share(alone, weak, 9))


# ---------------------------------------------------------------- the conversation page's verdict


@dataclass(frozen=True, kw_only=True)
class ConversationRates:
    """The conversation page's red "Fails (clear)" on fidelity or coherence (the verdicts read from hand labels;
    ROUGE-L, the type-token ratio and the gates are measured on the text, exactly), ``claims`` and ``turns``
    labelled: exactly, its false rate with both true rates at their thresholds, the former rule's (red on the
    point estimate), and its power with fidelity ``margin`` below its threshold, the page's and the exact test's on
    fidelity alone."""

    claims: int
    turns: int
    thresholds: Mapping[str, float]
    false: ExactRate
    former: float
    margin: float
    power: float
    alone_power: float
    false_pass: ExactRate | None = None  # "passes (clear)" with both true rates just below their thresholds


def conversation_rates(claims: int, turns: int, thresholds: Mapping[str, float],
                       confidence: float = DEFAULT_CONFIDENCE, margin: float = 0.2) -> ConversationRates:
    """Exact sums over every (verified claims, coherent turns) outcome of
    :func:`uncase_core.conversations.evaluator.estimated_certainties`, the function the page's evaluator calls."""
    from uncase_core.conversations.evaluator import estimated_certainties

    fidelity_t, coherence_t = thresholds["fidelity"], thresholds["coherence"]
    false = former = power = alone = 0.0
    p_claims = binom.pmf(np.arange(claims + 1), claims, fidelity_t)
    p_weak = binom.pmf(np.arange(claims + 1), claims, max(0.0, fidelity_t - margin))
    p_turns = binom.pmf(np.arange(turns + 1), turns, coherence_t)
    p_claims_below = binom.pmf(np.arange(claims + 1), claims, float(np.nextafter(fidelity_t, 0.0)))
    p_turns_below = binom.pmf(np.arange(turns + 1), turns, float(np.nextafter(coherence_t, 0.0)))
    false_pass = 0.0
    alpha = 1.0 - confidence
    for verified in range(claims + 1):
        fidelity = _proportion(verified, claims, confidence)
        if fidelity.value < fidelity_t and binom.cdf(verified, claims, fidelity_t) <= alpha + 1e-12:  # type: ignore
            alone += p_weak[verified]
        for coherent in range(turns + 1):
            coherence = _proportion(coherent, turns, confidence)
            certainty = estimated_certainties({"fidelity": fidelity, "coherence": coherence}, thresholds, confidence)
            below = {"fidelity": fidelity.value < fidelity_t, "coherence": coherence.value < coherence_t}  # type: ignore
            weight = p_claims[verified] * p_turns[coherent]
            former += weight * any(below.values())
            if any(below[n] and certainty[n] == "clear" for n in below):
                false += weight
            if below["fidelity"] and certainty["fidelity"] == "clear":
                power += p_weak[verified] * p_turns[coherent]
            if any(not below[n] and certainty[n] == "clear" for n in below):
                false_pass += p_claims_below[verified] * p_turns_below[coherent]
    return ConversationRates(claims=claims, turns=turns, thresholds=dict(thresholds),
                             false=ExactRate(rate=false, level=alpha), former=former, margin=margin, power=power,
                             alone_power=alone, false_pass=ExactRate(rate=false_pass, level=alpha))


def conversation_verdict(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The registry's cell of conversation quality's "fails (clear)" / "passes (clear)" on fidelity and coherence
    (Holm over the two, the page's own function): ``n`` claims, ``turns`` turns, both thresholds the cell's
    ``threshold``; exact. False: the larger of a red "fails" with both true rates at their thresholds and a "passes"
    with both just below; power: fidelity 20 points below, beside the exact test on fidelity alone."""
    threshold = cell.get("threshold")
    rates = conversation_rates(cell.n, int(cell.get("turns", 6)), {"fidelity": threshold, "coherence": threshold},
                               figure.level or DEFAULT_CONFIDENCE)
    false_pass = rates.false_pass.rate if rates.false_pass is not None else 0.0
    return VerdictResult(false=max(rates.false.rate, false_pass), level=rates.false.level, repeats=None,
                         power=rates.power, best=rates.alone_power, drawn=cell.n >= figure.drawn_from)
