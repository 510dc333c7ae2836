"""Is B really better? Two systems' labelled answers to the same cases, compared dimension by dimension.

System A and system B answered the same questions (the same case ids); each was labelled as on
the RAG page. For each dimension (``context_relevance``, ``faithfulness``, ``correctness``,
``coverage``) :func:`compare_systems` gives:

- each system's pooled proportion with its Wilson interval (as the RAG page shows it);
- each case's pass/fail at the thresholds (the RAG diagnosis of that case), paired by case: the
  2x2 table, ``B - A`` with Bonett and Price's paired interval and the exact McNemar p-value
  (:func:`uncase_core.compare.paired.paired_difference`);
- a case-cluster bootstrap interval for the difference of the pooled unit proportions, which are
  not paired unit by unit (system B's answer has other claims than A's): the cases are resampled
  with replacement, the same cases for both systems, with NumPy's generator from ``seed``;
- the cases that flipped, with both systems' values, and the same paired table per stratum of a
  metadata field (document 004: do not let many easy cases hide a critical category);
- a verdict, ``b_better``, ``a_better``, ``uncertain``, ``withheld``, ``not_tested`` or ``not_applicable``,
  decided by the exact McNemar test, Holm-adjusted over the four dimensions (:data:`VERDICT_BASIS`), or, when a
  primary dimension is declared, that one first at the full level and the others after it
  (:data:`VERDICT_BASIS_PRIMARY`; :mod:`uncase_core.stats.verdicts` says why both hold the family's level), with
  notes when the bootstrap or the interval points elsewhere;
- how many case pairs the exact test needs to tell a difference of the size seen at the given power
  (:func:`uncase_core.compare.paired.paired_sample_size`).

The strata's tables are exploratory: no verdict is drawn per stratum (a comparison of four dimensions over
several strata would otherwise find a "difference" in a third of null comparisons).
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from uncase_core.compare.paired import (
    DEFAULT_POWER,
    PairedDifference,
    PairedSampleSize,
    check_power,
    paired_difference,
    paired_sample_size,
)
from uncase_core.datasets.leakage import MISSING
from uncase_core.datasets.workbench import metadata_value
from uncase_core.errors import Place, expected_in_range, expected_value, input_error, problem, unknown_choice
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.evaluation import (
    METRIC_UNITS,
    METRICS,
    DatasetEvaluation,
    Evaluation,
    Settings,
    evaluate_dataset,
)
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.verdicts import PairedVerdict, paired_verdicts

Evaluate = Callable[[Sequence[RagCase], Settings], DatasetEvaluation]  # evaluate_dataset, or one that keeps

Verdict = Literal["b_better", "a_better", "uncertain", "withheld", "not_tested", "not_applicable"]
VERDICTS: tuple[Verdict, ...] = ("b_better", "a_better", "uncertain", "withheld", "not_tested", "not_applicable")
# Each verdict in English, for the command line (the pages word them as ``compare.verdict.<code>``).
VERDICT_TEXTS: Mapping[str, str] = MappingProxyType({
    "b_better": "B is better (clear)",
    "a_better": "A is better (clear)",
    "uncertain": "the corrected exact test cannot call a difference (uncertain)",
    "withheld": "too few cases on which the systems differ to call any difference (withheld)",
    "not_tested": "not tested: the primary dimension, tested first, is not clear",
    "not_applicable": "not applicable: no case has a pass or fail for both systems",
})
# What decides a verdict: the exact McNemar test of the per-case pass/fail, Holm-adjusted over the dimensions, or the
# declared primary dimension first at the full level and the others by Holm after it (uncase_core/stats/verdicts.py
# says why; the paired interval is shown, not used to decide).
VERDICT_BASIS = "exact_mcnemar_holm"
VERDICT_BASIS_PRIMARY = "exact_mcnemar_primary_then_holm"
DEFAULT_RESAMPLES = 2000
MAX_RESAMPLES = 20_000
MAX_SEED = 2**63 - 1
# A bootstrap over fewer cases with labelled units (for either system) than this is withheld: with no difference, its
# 95% percentile interval left out 0 in 10% of comparisons at 5 cases, 7% at 10 to 20 and 5.7% at 30 (3 units a
# case, within-case correlation 0.3; bench/coverage.py).
MIN_BOOTSTRAP_CASES = 30
_BLOCK_CELLS = 1_000_000  # resample weights drawn at a time (8 MB of floats)
_KEPT_WEIGHT_CELLS = 2_000_000  # resample weights kept from one comparison to the next (the compare page's 500
# cases take 1,000,000 at the default resamples)
_MAX_IDS_NAMED = 10

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "case_ids_differ": "the two systems must answer the same cases; only in A ({count_a}): {only_a}; "
                       "only in B ({count_b}): {only_b}",
})

# The notes of a comparison, by code, and their English (the pages word them as ``compare.note.<code>``).
COMPARE_NOTES: Mapping[str, str] = MappingProxyType({
    # the bootstrap of the pooled unit proportions
    "bootstrap_not_applicable": "a system has no labelled unit on this dimension, so there is no pooled difference",
    "bootstrap_too_few_cases": "only {cases} cases have labelled units for both systems; a bootstrap needs at least "
                               "{minimum}, so its interval is withheld",
    "bootstrap_zero_width": "every resample of the cases gives the same difference, so a bootstrap cannot measure "
                            "its uncertainty; its interval is withheld",
    "bootstrap_skipped": "{count} of {resamples} resamples drew no labelled unit for a system and were left out",
    # the verdict, when the bootstrap of the pooled unit proportions reads otherwise
    # These compare the bootstrap with the verdict, never with the paired interval: an undecided verdict's paired
    # interval may itself leave 0 out (the verdict is the exact test corrected over the dimensions).
    "bootstrap_excludes_zero": "the bootstrap interval of the pooled unit proportions excludes 0, though the "
                               "verdict (the exact test, corrected for the dimensions compared) does not call a "
                               "difference",
    "bootstrap_includes_zero": "the bootstrap interval of the pooled unit proportions includes 0, though the "
                               "verdict calls a difference",
    "bootstrap_opposite": "the bootstrap interval of the pooled unit proportions points the other way",
    "interval_alone_excludes_zero": "the paired interval leaves out 0 for this dimension alone; the verdict is the "
                                    "exact test corrected for the dimensions compared together (or withheld below "
                                    "the differing cases it needs), which does not call it",
    # the strata
    "stratum_field_absent": 'no case of system A has the metadata field "{field}", so every case is in the '
                            'stratum "{missing}"',
    "stratum_differs": 'system B gives {count} cases another "{field}" than system A ({ids}); the strata follow '
                       "system A",
})


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class CasePair:
    """One case as both systems answered it: each dimension's proportion and pass/fail (``None``: N/A)."""

    case_id: str
    stratum: str | None
    metrics_a: Mapping[str, Proportion]
    metrics_b: Mapping[str, Proportion]
    passes_a: Mapping[str, bool | None]
    passes_b: Mapping[str, bool | None]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case_id, "stratum": self.stratum,
                "a": {n: {**self.metrics_a[n].to_dict(), "passes": self.passes_a[n]} for n in METRICS},
                "b": {n: {**self.metrics_b[n].to_dict(), "passes": self.passes_b[n]} for n in METRICS}}


@dataclass(frozen=True)
class FlippedCase:
    """A case that passes for one system and fails for the other on a dimension, with both systems' values.

    ``direction`` is the table's cell: ``"only_b"`` (B passes, A fails) or ``"only_a"``.
    """

    case_id: str
    direction: Literal["only_a", "only_b"]
    value_a: Proportion
    value_b: Proportion

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case_id, "direction": self.direction, "a": self.value_a.to_dict(),
                "b": self.value_b.to_dict()}


@dataclass(frozen=True)
class StratumPaired:
    """The paired table of one stratum (one value of the metadata field; ``"(missing)"`` when absent)."""

    value: str
    cases: int
    paired: PairedDifference

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "cases": self.cases, **self.paired.to_dict()}


@dataclass(frozen=True, kw_only=True)
class BootstrapDifference:
    """A case-cluster bootstrap interval for ``pooled_b - pooled_a`` (the pooled unit proportions).

    ``difference`` is the full data's difference (``None`` when a system has no labelled unit).
    ``low`` and ``high`` are the percentile interval over ``used`` resamples of the cases, or
    ``None`` when withheld (``notes`` says why: too few cases, or every resample alike).
    ``skipped`` resamples drew no labelled unit for a system. ``cases`` counts the cases with
    labelled units for both systems.
    """

    difference: float | None
    low: float | None
    high: float | None
    confidence: float
    resamples: int
    used: int
    skipped: int
    seed: int
    cases: int
    notes: tuple[Note, ...]

    @property
    def distinguishable(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0.0 or self.high < 0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"difference": self.difference, "low": self.low, "high": self.high, "confidence": self.confidence,
                "resamples": self.resamples, "used": self.used, "skipped": self.skipped, "seed": self.seed,
                "cases": self.cases, "notes": notes_to_dicts(self.notes, COMPARE_NOTES)}


@dataclass(frozen=True, kw_only=True)
class DimensionVerdict:
    """The plain verdict on one dimension (see :data:`VERDICT_BASIS` and :mod:`uncase_core.stats.verdicts`).

    ``b_better`` or ``a_better`` when the exact McNemar test of the per-case pass/fail, adjusted as ``basis`` says
    (Holm over the ``tests`` dimensions compared together; or, with a primary dimension, that one alone and the
    others by Holm after it), is at most ``1 - confidence``; ``uncertain`` when it is not; ``withheld`` when no
    split of the ``discordant`` cases could be (``needed`` are); ``not_tested`` for a dimension after a primary one
    that is not clear; ``not_applicable`` when no case has a pass/fail for both. ``role`` is ``family`` (no primary),
    ``primary`` or ``secondary``. ``difference``, ``low`` and ``high`` are the paired difference and its interval,
    shown beside it.
    """

    code: Verdict
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    adjusted_p: float | None
    discordant: int
    needed: int
    tests: int
    confidence: float
    basis: str
    notes: tuple[Note, ...]
    role: str = "family"

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "difference": self.difference, "low": self.low, "high": self.high,
                "p_value": self.p_value, "adjusted_p": self.adjusted_p, "discordant": self.discordant,
                "needed": self.needed, "tests": self.tests, "confidence": self.confidence, "basis": self.basis,
                "role": self.role, "notes": notes_to_dicts(self.notes, COMPARE_NOTES)}


@dataclass(frozen=True, kw_only=True)
class DimensionComparison:
    """Everything the comparison says about one dimension."""

    name: str
    threshold: float
    pooled_a: Proportion
    pooled_b: Proportion
    paired: PairedDifference
    bootstrap: BootstrapDifference
    flips: tuple[FlippedCase, ...]
    dropped: tuple[str, ...]  # case ids without a pass/fail for both systems
    strata: tuple[StratumPaired, ...]
    verdict: DimensionVerdict
    sample_size: PairedSampleSize

    def to_dict(self) -> dict[str, Any]:
        return {"threshold": self.threshold, "pooled_a": self.pooled_a.to_dict(), "pooled_b": self.pooled_b.to_dict(),
                "paired": self.paired.to_dict(), "bootstrap": self.bootstrap.to_dict(),
                "flips": [flip.to_dict() for flip in self.flips], "dropped": list(self.dropped),
                "strata": [s.to_dict() for s in self.strata], "verdict": self.verdict.to_dict(),
                "sample_size": self.sample_size.to_dict()}


@dataclass(frozen=True, kw_only=True)
class SystemComparison:
    """Systems A and B on the same cases (in system A's order), per dimension in the order of ``METRICS``."""

    case_ids: tuple[str, ...]
    cases: tuple[CasePair, ...]
    dimensions: Mapping[str, DimensionComparison]
    thresholds: Mapping[str, float]
    confidence: float
    stratum: str | None
    seed: int
    resamples: int
    power: float
    notes: tuple[Note, ...]
    primary: str | None = None

    @property
    def verdict_basis(self) -> str:
        return VERDICT_BASIS if self.primary is None else VERDICT_BASIS_PRIMARY

    def to_dict(self) -> dict[str, Any]:
        return {"cases": len(self.case_ids), "thresholds": dict(self.thresholds), "confidence": self.confidence,
                "stratum": self.stratum, "seed": self.seed, "resamples": self.resamples, "power": self.power,
                "primary": self.primary, "verdict_basis": self.verdict_basis,
                "dimensions": {name: d.to_dict() for name, d in self.dimensions.items()},
                "per_case": [case.to_dict() for case in self.cases],
                "notes": notes_to_dicts(self.notes, COMPARE_NOTES)}


# ---------------------------------------------------------------- checks


def _cases(data: object, name: str) -> list[RagCase]:
    if isinstance(data, RagDataset):
        return list(data.cases)
    if isinstance(data, str | bytes | Mapping) or not isinstance(data, Sequence):
        raise expected_value("rag_dataset", type(data).__name__, name)
    for i, case in enumerate(data):
        if not isinstance(case, RagCase):
            raise expected_value("rag_case", type(case).__name__, f"{name}[{i}]")
    return list(data)


def _check_unique(cases: Sequence[RagCase], name: str) -> None:
    seen: dict[str, int] = {}
    for i, case in enumerate(cases):
        if case.id in seen:
            raise problem("duplicate_case_id", f"{name}[{i}].id", id=case.id, first=Place(f"{name}[{seen[case.id]}]"))
        seen[case.id] = i


def _named(ids: Sequence[str]) -> str:
    if not ids:
        return "-"
    shown = ", ".join(f'"{i}"' for i in ids[:_MAX_IDS_NAMED])
    return shown + (", ..." if len(ids) > _MAX_IDS_NAMED else "")


def _check_whole(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
        raise expected_in_range("whole_number", low, high, repr(value), where)
    return int(value)


def match_cases(cases_a: object, cases_b: object) -> tuple[list[RagCase], list[RagCase]]:
    """The two systems' cases paired by id, in system A's order.

    Raises an :class:`InputError` for a duplicate id in either (``cases_b[4].id``) and for ids
    that are not in both, naming them both ways (``only in A (1): "x"; only in B (2): "y", "z"``).
    """
    a, b = _cases(cases_a, "cases_a"), _cases(cases_b, "cases_b")
    if not a:
        raise problem("no_cases_in_dataset", "cases_a")
    if not b:
        raise problem("no_cases_in_dataset", "cases_b")
    _check_unique(a, "cases_a")
    _check_unique(b, "cases_b")
    by_id = {case.id: case for case in b}
    ids_a = {case.id for case in a}
    only_a = [case.id for case in a if case.id not in by_id]
    only_b = [case.id for case in b if case.id not in ids_a]
    if only_a or only_b:
        raise input_error(PROBLEMS, "case_ids_differ", "cases_b", count_a=len(only_a), only_a=_named(only_a),
                          count_b=len(only_b), only_b=_named(only_b))
    return a, [by_id[case.id] for case in a]


# ---------------------------------------------------------------- the bootstrap


def _unit_counts(cases: Sequence[RagCase]) -> np.ndarray:
    """(cases, dimensions, 2): labelled successes and labelled units of each case on each dimension."""
    counts = np.zeros((len(cases), len(METRICS), 2))
    for i, case in enumerate(cases):
        for j, name in enumerate(METRICS):
            kind, label = METRIC_UNITS[name]
            labels = [unit.label(label) for unit in case.units(kind)]
            counts[i, j] = (sum(1 for x in labels if x is True), sum(1 for x in labels if x is not None))
    return counts


def _sample_size_kept(paired: PairedDifference, power: float, kept: KeptComparison | None) -> PairedSampleSize:
    """:func:`paired_sample_size`, kept by its counts in ``kept`` (a few hundred sums of the exact test each)."""
    if kept is None:
        return paired_sample_size(paired, power)
    key = (paired.pairs, paired.only_a, paired.only_b, paired.confidence, power)
    found = kept.sample_sizes.get(key)
    if found is None:
        if len(kept.sample_sizes) >= 64:
            kept.sample_sizes.clear()
        found = kept.sample_sizes[key] = paired_sample_size(paired, power)
    return found


def _evaluated_counts(evaluated: DatasetEvaluation) -> np.ndarray:
    """:func:`_unit_counts` read from the cases' evaluations, which count the same labels (``count_labels``: the
    ``True`` ones and those not ``None``): no pass over the units again, so a page that keeps its cases'
    evaluations pays nothing per case here."""
    counts = operator.attrgetter("successes", "total")
    in_order = operator.itemgetter(*METRICS)
    flat = [counts(p) for case in evaluated.cases for p in in_order(case.metrics)]
    return np.array(flat, dtype=float).reshape(len(evaluated.cases), len(METRICS), 2)


def _drawn_weight_blocks(cases: int, resamples: int, seed: int) -> Iterator[np.ndarray]:
    """The resample weights :func:`bootstrap_differences` pools with, block by block (at most ``_BLOCK_CELLS``)."""
    rng = np.random.default_rng(seed)
    block = max(1, _BLOCK_CELLS // max(cases, 1))
    for start in range(0, resamples, block):
        yield _resample_weights(cases, min(block, resamples - start), rng)


@lru_cache(maxsize=2)
def _kept_weight_blocks(cases: int, resamples: int, seed: int) -> tuple[np.ndarray, ...]:
    """:func:`_drawn_weight_blocks`, kept (read-only): they depend on the number of cases, the resamples and the
    seed alone, so a label change on the compare page draws none again."""
    blocks = tuple(_drawn_weight_blocks(cases, resamples, seed))
    for weights in blocks:
        weights.setflags(write=False)
    return blocks


def _weight_blocks(cases: int, resamples: int, seed: int) -> Iterable[np.ndarray]:
    """The weights, kept when they take at most ``_KEPT_WEIGHT_CELLS`` (two sizes at a time: at most 32 MB)."""
    if cases * resamples <= _KEPT_WEIGHT_CELLS:
        return _kept_weight_blocks(cases, resamples, seed)
    return _drawn_weight_blocks(cases, resamples, seed)


def _resample_weights(cases: int, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """How many times each case is drawn in each resample: (resamples, cases), rows summing to ``cases``."""
    draws = rng.integers(0, cases, size=(resamples, cases))
    flat = draws + (np.arange(resamples) * cases)[:, None]
    return np.bincount(flat.ravel(), minlength=resamples * cases).reshape(resamples, cases).astype(float)


class KeptComparison:
    """What the compare page keeps in its session from one comparison to the next: the last pooling of
    the bootstrap (cases, resamples and seed, the counts' columns, the pooled sums of each block), from which the
    next comparison of as many cases adds only the cases that changed; and each dimension's exact sample size by its
    counts (a label change moves the counts of one dimension or two). Given to :func:`compare_systems` as ``kept``;
    without it everything is worked out afresh."""

    def __init__(self) -> None:
        self.pooled: tuple[tuple[int, int, int], np.ndarray, list[np.ndarray]] | None = None
        self.sample_sizes: dict[tuple[int, int, int, float, float], PairedSampleSize] = {}


def bootstrap_differences(
    counts_a: np.ndarray, counts_b: np.ndarray, resamples: int, seed: int, kept: KeptComparison | None = None
) -> np.ma.MaskedArray:
    """``pooled_b - pooled_a`` of every dimension in each resample of the cases: (resamples, dimensions).

    ``counts_a`` and ``counts_b`` are (cases, dimensions, 2) arrays of labelled successes and
    units per case. Each resample draws as many cases as there are, with replacement, the same
    cases for both systems (NumPy's default generator, PCG64, seeded with ``seed``), and pools
    their units. A resample in which a system drew no labelled unit is masked (callers drop it): no NaN. With
    ``kept`` (:class:`KeptComparison`), the pooling starts from the one kept there.
    """
    cases = len(counts_a)
    columns = np.concatenate([counts_a.reshape(cases, -1), counts_b.reshape(cases, -1)], axis=1)
    blocks = _weight_blocks(cases, resamples, seed)
    key = (cases, resamples, seed)
    last = None if kept is None or not isinstance(blocks, tuple) else kept.pooled
    changed = None
    if last is not None and last[0] == key and last[1].shape == columns.shape:
        changed = np.flatnonzero((columns != last[1]).any(axis=1))
    if last is not None and changed is not None and len(changed) <= cases // 2:
        # Counts and weights are whole numbers, so every pooled sum is exact whatever the order of adding: the kept
        # sums plus the changed cases' difference are the sums made afresh, to the last bit.
        delta = columns[changed] - last[1][changed]
        pooled_blocks = [sums + weights[:, changed] @ delta for sums, weights in zip(last[2], blocks, strict=True)]
    else:
        pooled_blocks = [weights @ columns for weights in blocks]
    if kept is not None and isinstance(blocks, tuple):
        kept.pooled = (key, columns, pooled_blocks)
    parts = []
    for pooled in pooled_blocks:
        pooled = pooled.reshape(len(pooled), 2, -1, 2)  # (resamples, system, dimension, successes/units)
        units = pooled[..., 1]
        rates = np.ma.masked_array(np.divide(pooled[..., 0], units, out=np.zeros_like(units), where=units > 0),
                                   mask=units <= 0)
        parts.append(rates[:, 1] - rates[:, 0])  # masked where either system drew no unit
    return np.ma.concatenate(parts)


def _bootstrap(
    j: int, counts_a: np.ndarray, counts_b: np.ndarray, pooled_a: Proportion, pooled_b: Proportion,
    draws: np.ma.MaskedArray | None, resamples: int, seed: int, confidence: float,
) -> BootstrapDifference:
    both = int(np.sum((counts_a[:, j, 1] > 0) & (counts_b[:, j, 1] > 0)))
    if pooled_a.value is None or pooled_b.value is None:
        return BootstrapDifference(difference=None, low=None, high=None, confidence=confidence, resamples=resamples,
                                   used=0, skipped=0, seed=seed, cases=both,
                                   notes=(Note.of("bootstrap_not_applicable"),))
    difference = pooled_b.value - pooled_a.value
    if both < MIN_BOOTSTRAP_CASES or draws is None:
        return BootstrapDifference(difference=difference, low=None, high=None, confidence=confidence,
                                   resamples=resamples, used=0, skipped=0, seed=seed, cases=both,
                                   notes=(Note.of("bootstrap_too_few_cases", cases=both, minimum=MIN_BOOTSTRAP_CASES),))
    values = draws[:, j].compressed()
    skipped = resamples - len(values)
    notes = [Note.of("bootstrap_skipped", count=skipped, resamples=resamples)] if skipped else []
    tail = (1.0 - confidence) / 2.0
    low, high = (float(x) for x in np.percentile(values, [100.0 * tail, 100.0 * (1.0 - tail)]))
    if high - low <= 1e-12:
        notes.append(Note.of("bootstrap_zero_width"))
        return BootstrapDifference(difference=difference, low=None, high=None, confidence=confidence,
                                   resamples=resamples, used=len(values), skipped=skipped, seed=seed, cases=both,
                                   notes=tuple(notes))
    low, high = max(low, -1.0), min(high, 1.0)
    return BootstrapDifference(difference=difference, low=low, high=high, confidence=confidence, resamples=resamples,
                               used=len(values), skipped=skipped, seed=seed, cases=both, notes=tuple(notes))


# ---------------------------------------------------------------- the comparison


def _passes(evaluation: Evaluation, name: str) -> bool | None:
    """The case's diagnosis on ``name``: True passing, False failing, None N/A."""
    diagnosis = evaluation.diagnosis
    if name in diagnosis.not_applicable:
        return None
    return name not in diagnosis.failing


def _verdict(paired: PairedDifference, bootstrap: BootstrapDifference, decided: PairedVerdict,
             basis: str) -> DimensionVerdict:
    clear: Verdict = "b_better" if decided.direction > 0 else "a_better"
    code: Verdict = clear if decided.state == "clear" else decided.state
    undecided = code in ("uncertain", "withheld", "not_tested")
    notes = []
    if code != "not_applicable" and bootstrap.low is not None:
        side = 1 if bootstrap.low > 0.0 else -1 if bootstrap.high < 0.0 else 0
        if undecided and side:
            notes.append(Note.of("bootstrap_excludes_zero"))
        elif not undecided and not side:
            notes.append(Note.of("bootstrap_includes_zero"))
        elif not undecided and side != (1 if code == "b_better" else -1):
            notes.append(Note.of("bootstrap_opposite"))
    if undecided and paired.distinguishable:
        notes.append(Note.of("interval_alone_excludes_zero"))
    return DimensionVerdict(code=code, difference=paired.difference, low=paired.low, high=paired.high,
                            p_value=decided.p_value, adjusted_p=decided.adjusted, discordant=decided.discordant,
                            needed=decided.needed, tests=decided.tests, confidence=paired.confidence,
                            basis=basis, notes=tuple(notes), role=decided.role)


def _strata_of(
    cases_a: Sequence[RagCase], cases_b: Sequence[RagCase], field: str | None
) -> tuple[list[str | None], tuple[Note, ...]]:
    if field is None:
        return [None] * len(cases_a), ()
    values = [metadata_value(case, field) for case in cases_a]
    notes = []
    if all(value == MISSING for value in values):
        notes.append(Note.of("stratum_field_absent", field=field, missing=MISSING))
    differ = [a.id for a, b, value in zip(cases_a, cases_b, values, strict=True)
              if metadata_value(b, field) != value]
    if differ:
        notes.append(Note.of("stratum_differs", field=field, count=len(differ), ids=_named(differ)))
    return list(values), tuple(notes)


def compare_systems(
    cases_a: RagDataset | Sequence[RagCase],
    cases_b: RagDataset | Sequence[RagCase],
    settings: Settings | None = None,
    *,
    stratum: str | None = None,
    seed: int = 0,
    resamples: int = DEFAULT_RESAMPLES,
    power: float = DEFAULT_POWER,
    primary: str | None = None,
    evaluate: tuple[Evaluate, Evaluate] = (evaluate_dataset, evaluate_dataset),
    kept: KeptComparison | None = None,
) -> SystemComparison:
    """Compare system A and system B, labelled on the same cases, on every RAG dimension.

    Parameters
    ----------
    cases_a, cases_b : RagDataset or sequence of RagCase
        The two systems' labelled cases, with the same case ids (in any order; results follow A's).
    settings : Settings
        The thresholds a case passes at and the confidence of every interval (the RAG page's;
        default :meth:`Settings.build`). Weights and gates do not enter the comparison.
    stratum : str, optional
        A metadata field: the paired table is also given per value of it (system A's values;
        ``"(missing)"`` last, for cases without it).
    seed : int
        Seed of the bootstrap's generator (0 to 2**63 - 1): the same inputs and seed give the same intervals.
    resamples : int
        Bootstrap resamples of the cases, 1 to :data:`MAX_RESAMPLES`.
    power : float
        Power of the sample-size figure (0.5 to 0.999; default 0.8).
    primary : str, optional
        The dimension declared, before looking, to matter most: tested first at the full level, the others after
        it (:mod:`uncase_core.stats.verdicts`). None: Holm over the four.
    evaluate : pair of callables
        What evaluates A's and B's cases (in A's order) at ``settings``: :func:`evaluate_dataset` for each, or a
        page's equal that keeps each case's evaluation from one label change to the next.
    kept : KeptComparison, optional
        What a page keeps from its last comparison (the bootstrap's pooling, the sample sizes): the same figures,
        less work when few cases changed.

    Returns
    -------
    SystemComparison
        Per dimension a :class:`DimensionComparison` (see the module docstring), and per case
        both systems' proportions and pass/fail.

    Raises
    ------
    InputError
        When a side is not a dataset or list of cases, is empty, repeats a case id
        (``cases_a[3].id``), or the ids differ (``cases_b``, naming the ids only in A and only
        in B); or for a seed, number of resamples or power out of range, or a primary that is not a dimension.
    """
    a, b = match_cases(cases_a, cases_b)
    settings = settings if settings is not None else Settings.build()
    if not isinstance(settings, Settings):
        raise expected_value("object", type(settings).__name__, "settings")
    if stratum is not None and not isinstance(stratum, str):
        raise expected_value("text", repr(stratum), "stratum")
    seed = _check_whole(seed, "seed", 0, MAX_SEED)
    resamples = _check_whole(resamples, "resamples", 1, MAX_RESAMPLES)
    power = check_power(power)
    if primary is not None and (not isinstance(primary, str) or primary not in METRICS):
        raise unknown_choice("dimension", primary if isinstance(primary, str) else repr(primary), METRICS, "primary")
    confidence = settings.confidence

    evaluated_a, evaluated_b = evaluate[0](a, settings), evaluate[1](b, settings)
    strata_values, notes = _strata_of(a, b, stratum)
    pairs = tuple(
        CasePair(case.id, value, ev_a.metrics, ev_b.metrics,
                 MappingProxyType({n: _passes(ev_a, n) for n in METRICS}),
                 MappingProxyType({n: _passes(ev_b, n) for n in METRICS}))
        for case, value, ev_a, ev_b in zip(a, strata_values, evaluated_a.cases, evaluated_b.cases, strict=True))

    counts_a, counts_b = _evaluated_counts(evaluated_a), _evaluated_counts(evaluated_b)
    with_units = ((counts_a[:, :, 1] > 0) & (counts_b[:, :, 1] > 0)).sum(axis=0)
    draws = bootstrap_differences(counts_a, counts_b, resamples, seed, kept) \
        if with_units.max() >= MIN_BOOTSTRAP_CASES else None
    groups = sorted(set(strata_values), key=lambda v: (v == MISSING, v)) if stratum is not None else []

    paired_by_name = {name: paired_difference([pair.passes_a[name] for pair in pairs],
                                              [pair.passes_b[name] for pair in pairs], confidence)
                      for name in METRICS}
    decided = dict(zip(METRICS, paired_verdicts(
        [None if paired_by_name[n].pairs == 0 else (paired_by_name[n].only_a, paired_by_name[n].only_b)
         for n in METRICS], confidence, None if primary is None else METRICS.index(primary)), strict=True))
    basis = VERDICT_BASIS if primary is None else VERDICT_BASIS_PRIMARY
    dimensions = {}
    for j, name in enumerate(METRICS):
        pass_a = [pair.passes_a[name] for pair in pairs]
        pass_b = [pair.passes_b[name] for pair in pairs]
        paired = paired_by_name[name]
        flips = tuple(FlippedCase(pair.case_id, "only_b" if y else "only_a", pair.metrics_a[name],
                                  pair.metrics_b[name])
                      for pair, x, y in zip(pairs, pass_a, pass_b, strict=True)
                      if x is not None and y is not None and x != y)
        dropped = tuple(pair.case_id for pair, x, y in zip(pairs, pass_a, pass_b, strict=True)
                        if x is None or y is None)
        strata = tuple(
            StratumPaired(value, strata_values.count(value),
                          paired_difference([x for x, v in zip(pass_a, strata_values, strict=True) if v == value],
                                            [y for y, v in zip(pass_b, strata_values, strict=True) if v == value],
                                            confidence))
            for value in groups)
        pooled_a, pooled_b = evaluated_a.pooled.metrics[name], evaluated_b.pooled.metrics[name]
        bootstrap = _bootstrap(j, counts_a, counts_b, pooled_a, pooled_b, draws, resamples, seed, confidence)
        dimensions[name] = DimensionComparison(name=name, threshold=settings.thresholds[name], pooled_a=pooled_a,
                                               pooled_b=pooled_b, paired=paired, bootstrap=bootstrap, flips=flips,
                                               dropped=dropped, strata=strata,
                                               verdict=_verdict(paired, bootstrap, decided[name], basis),
                                               sample_size=_sample_size_kept(paired, power, kept))
    return SystemComparison(case_ids=tuple(case.id for case in a), cases=pairs, dimensions=MappingProxyType(dimensions),
                            thresholds=MappingProxyType(dict(settings.thresholds)), confidence=confidence,
                            stratum=stratum, seed=seed, resamples=resamples, power=power, notes=notes,
                            primary=primary)
