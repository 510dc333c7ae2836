"""The rubric lab at fixed truths (issue 48, finding 7): "neighbours separated beyond their intervals" read as a
claim that two neighbouring candidates differ (its false rate with every candidate equal, its power beside a paired
randomization test over prompts), and the DRFR intervals before and after filtering on the lab's own generated
verdicts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from bench.harness.cells import CASE_SIZES, Cell
from bench.harness.fixed_cells import VerdictCell
from bench.harness.grouped import former_bounds, grouped_bounds
from bench.harness.rules import TOLERANCE, VerdictResult
from uncase_core.stats.figures import Figure
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

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
    sizes = rng.integers(CASE_SIZES[0], CASE_SIZES[1] + 1, (repeats, prompts))
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
        items = int(rng.integers(CASE_SIZES[0], CASE_SIZES[1] + 1))
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


def separated(figure: Figure, cell: Cell, repeats: int, seed: int) -> VerdictResult:
    """The registry's cell of "neighbours separated beyond their intervals": ``n`` prompts, ``candidates``
    candidates, ``judges`` judges, the answer's own share ``answer_share`` of a verdict's variance and the prompt's
    ``prompt_share`` (:func:`separated_verdict`: the worst of the fixed truths is the null; power at 90% against 70%
    beside the paired sign-flip test over prompts)."""
    result = separated_verdict(int(cell.get("candidates", 2)), int(cell.get("judges", 3)), cell.n,
                               cell.get("prompt_share", 0.3), cell.get("answer_share", 0.3),
                               figure.level or DEFAULT_CONFIDENCE, repeats, seed)
    return VerdictResult(false=result.false_rate, level=result.level, repeats=repeats, power=result.power,
                         best=result.best_power, drawn=cell.n >= figure.drawn_from)
