"""Agreement between annotators: Cohen's kappa for two, Krippendorff's alpha and Fleiss' kappa for many.

Two people label the same units; :func:`cohen_kappa` compares their labels (plain, or
weighted for ordinal ratings) and :func:`match_labels` pairs up the labels of two RAG
dataset files (the same cases, labelled separately) by case id, unit kind, unit id and
label field. Labels that only one side gave are counted and left out of every figure.

A class of annotators, some of whom skipped units, is compared with
:func:`krippendorff_alpha`, :func:`fleiss_kappa` and :func:`bootstrap_interval` (from
:mod:`uncase_core.agreement.many`, re-exported here).

Labels are categories as :mod:`uncase_core.agreement.categories` defines them: booleans, whole
numbers or texts, never booleans mixed with numbers. Anything that cannot be computed is
``None`` with a ``note``: a stable code whose English wording is in :data:`NOTES`, never
NaN.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property
from itertools import chain
from statistics import NormalDist
from types import MappingProxyType
from typing import Literal

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.agreement.categories import Category, KindTracker, distinct_kinds, read_category, sort_key
from uncase_core.agreement.many import (
    AGREEMENT_NOTES,
    AgreementAmongMany,
    BootstrapInterval,
    bootstrap_interval,
    fleiss_kappa,
    krippendorff_alpha,
)
from uncase_core.errors import Place, expected_value, input_error
from uncase_core.rag.cases import (
    LABEL_FIELDS,
    LABEL_NAMES,
    UNIT_KINDS,
    RagCase,
    RagDataset,
    Unit,
    dataset_from_bytes,
)
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

__all__ = (
    "AGREEMENT_NOTES", "FIELDS", "NOTES", "WEIGHTS", "Agreement", "AgreementAmongMany", "BootstrapInterval",
    "CaseMatch", "LabelPair", "MatchedLabels", "agreement_from_bytes", "bootstrap_interval", "case_couples",
    "cohen_kappa", "fleiss_kappa", "krippendorff_alpha", "match_case", "match_labels", "matched_cases",
)

NOTE_NO_UNITS = "no_units"
NOTE_ONE_CATEGORY = "one_category"
NOTE_CONSTANT_ANNOTATOR = "constant_annotator"
NOTE_ZERO_VARIANCE = "zero_variance"
NOTE_FEW_UNITS = "few_units"
NOTE_RARE_LABEL = "rare_label"
MIN_UNITS_FOR_KAPPA_INTERVAL = 200
"""Below this many units kappa's asymptotic interval is withheld: at fixed true kappas 0 to 0.8 with one label rare
(10% of yes/no units) its "95%" covered 48% of the time at 50 units and 72% at 100 (``agreement.kappa`` in
docs/coverage.md). With one label that rare it does not hold at more units either (83% at 200 units, 90% at 300, 91%
at 500, no agreement beyond chance): :data:`MIN_RARER_SHARE_FOR_KAPPA_INTERVAL` withholds it there."""
MIN_RARER_SHARE_FOR_KAPPA_INTERVAL = 0.15
"""With two labels, below this share of the rarer one (both annotators' labels pooled) kappa's asymptotic interval is
withheld whatever the number of units: measured at fixed true kappas 0 to 0.8 (windows of +-0.05), a true share of
5% covered 56-92% at 200 units and 84% at 1000; 10%: 83% at 200, 90% at 300, 91% at 500, no agreement beyond chance
(the variance formula is a large-sample one, and a rare label makes the sample small where it counts). From a true
share of 15% it held 91-95% at 200-1000 units among the samples it is drawn for, 20-25%: 92-96%. More categories are
not yet measured and keep the units' rule alone."""
NOTES = MappingProxyType({
    NOTE_NO_UNITS: "no units were labelled by both annotators",
    NOTE_ONE_CATEGORY: (
        "both annotators gave every unit the same single label, so chance agreement is 1 and kappa is undefined"
    ),
    NOTE_CONSTANT_ANNOTATOR: (
        "one annotator gave every unit the same label, so kappa is 0 whatever the other did; its asymptotic "
        "variance is 0, which would make a one-point interval claiming certainty, so no interval is given"
    ),
    NOTE_ZERO_VARIANCE: (
        "the asymptotic variance of kappa is 0 here (as with perfect agreement), which would make a one-point "
        "interval claiming certainty, so no interval is given"
    ),
    NOTE_FEW_UNITS: (
        "with fewer than 200 units kappa's asymptotic interval contains the true kappa less often than stated, so "
        "no interval is given; the percent agreement's interval holds"
    ),
    NOTE_RARE_LABEL: (
        "one label is rare here (under 15% of the two annotators' labels), and then kappa's asymptotic interval "
        "contains the true kappa less often than stated however many units there are, so no interval is given; "
        "the percent agreement's interval holds"
    ),
})
"""English wording of the ``note`` codes of :class:`Agreement`; the pages translate the codes."""

FIELDS = LABEL_NAMES
Weights = Literal["linear", "quadratic"]
WEIGHTS: tuple[Weights, ...] = ("linear", "quadratic")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS = MappingProxyType({
    "label_missing_for_both": "missing label (None); leave out units that are not labelled by both",
    "repeated_category": "repeats {first} ({got})",
    "not_a_given_category": "{got} is not one of the categories given",
    "label_counts_differ": "has {count} labels but labels_a has {other_count}; both must label the same units",
    "weighted_kappa_kinds": "weighted kappa needs one kind of rating (all numbers, or all texts, or true/false); "
                            "give the scale's order with categories",
    "expected_field_or_none": "expected one of {choices} or none for all, got {got}",
})

# The variance formula's numerator, var * n * (1 - pe)², is a difference of terms of order 1; at or below
# this it is the rounding of a zero (its exact value is 0 when one annotator is constant or agreement is perfect).
_ZERO_VARIANCE = 1e-12


@dataclass(frozen=True, kw_only=True)
class Agreement:
    """How far two annotators agree on the same units.

    ``agreement`` is the observed proportion of units given the same label (``agreed`` of
    ``units``), with its Wilson interval in ``agreement_interval``. ``expected_agreement``
    is the agreement expected by chance from each annotator's own label frequencies,
    ``pe = sum_k pA(k) pB(k)``, and, unweighted, ``kappa = (agreement - pe) / (1 - pe)``
    with its asymptotic interval ``low``..``high``. ``table[i][j]`` counts units that
    annotator A labelled ``categories[i]`` and annotator B labelled ``categories[j]``.

    With ``weights`` (``"linear"`` or ``"quadratic"``), a disagreement between categories
    ``i`` and ``j`` counts ``|i - j| / (k - 1)`` or its square (positions in ``categories``,
    ``k`` of them), and ``kappa = (weighted_agreement - weighted_expected_agreement) /
    (1 - weighted_expected_agreement)``, where the weighted agreements are one minus the
    observed and the chance-expected mean disagreement weight. Unweighted, both are ``None``.

    With no units everything is ``None`` (and ``table`` empty); when both annotators used
    one and the same single label, ``pe`` is 1 and kappa with its interval is ``None``
    while the agreement is 1. When kappa is defined but its asymptotic variance is 0 (one
    annotator used a single label, which makes kappa 0 whatever the other did; or perfect
    agreement), ``low`` and ``high`` are ``None``: a one-point interval would claim a
    certainty that a handful of units cannot give. ``note`` is a code of :data:`NOTES`
    saying which of these happened; it is ``None`` otherwise. ``needed`` is how many more units
    kappa's interval takes when kappa is defined but its interval withheld with fewer units than
    it is given from (whatever the note: with a constant annotator, more units of the same labels
    would not be enough, but fewer never are); ``None`` otherwise.
    """

    kappa: float | None
    low: float | None
    high: float | None
    agreement: float | None
    agreed: int
    units: int
    agreement_interval: Proportion
    expected_agreement: float | None
    categories: tuple[Category, ...]
    table: tuple[tuple[int, ...], ...]
    note: str | None
    confidence: float = DEFAULT_CONFIDENCE
    weights: Weights | None = None
    weighted_agreement: float | None = None
    weighted_expected_agreement: float | None = None
    needed: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"kappa": self.kappa, "low": self.low, "high": self.high, "confidence": self.confidence,
                "weights": self.weights, "agreement": self.agreement_interval.to_dict(),
                "expected_agreement": self.expected_agreement, "weighted_agreement": self.weighted_agreement,
                "weighted_expected_agreement": self.weighted_expected_agreement,
                "categories": list(self.categories), "table": [list(row) for row in self.table],
                "note": self.note, "note_text": None if self.note is None else NOTES[self.note],
                "needed": self.needed}


def _check_sequence(value: object, name: str) -> None:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
        raise expected_value("list_of_labels", type(value).__name__, name)


def _read_labels(labels: object, name: str, kinds: KindTracker) -> list[Category]:
    _check_sequence(labels, name)
    result: list[Category] = []
    for i, label in enumerate(labels):  # type: ignore[arg-type]
        where = f"{name}[{i}]"
        if label is None:
            raise input_error(PROBLEMS, "label_missing_for_both", where)
        category = read_category(label, where)
        kinds.see(category, where)
        result.append(category)
    return result


def _read_scale(categories: object, kinds: KindTracker) -> tuple[Category, ...]:
    _check_sequence(categories, "categories")
    seen: dict[Category, int] = {}
    for i, value in enumerate(categories):  # type: ignore[arg-type]
        category = read_category(value, f"categories[{i}]")
        kinds.see(category, f"categories[{i}]")
        if category in seen:
            raise input_error(PROBLEMS, "repeated_category", f"categories[{i}]",
                              first=Place(f"categories[{seen[category]}]"), got=repr(category))
        seen[category] = i
    return tuple(seen)


def _check_in_scale(labels: list[Category], scale: tuple[Category, ...], name: str) -> None:
    known = set(scale)
    for i, label in enumerate(labels):
        if label not in known:
            raise input_error(PROBLEMS, "not_a_given_category", f"{name}[{i}]", got=repr(label))


def cohen_kappa(
    labels_a: Sequence[Category],
    labels_b: Sequence[Category],
    confidence: float = DEFAULT_CONFIDENCE,
    *,
    weights: Weights | None = None,
    categories: Sequence[Category] | None = None,
    interval_from: int = MIN_UNITS_FOR_KAPPA_INTERVAL,
    rarer_share_from: float = MIN_RARER_SHARE_FOR_KAPPA_INTERVAL,
) -> Agreement:
    """Cohen's kappa, plain or weighted, with percent agreement and the confusion table of two annotators.

    Parameters
    ----------
    labels_a, labels_b : sequence of bool, int or str
        The two annotators' labels for the same units, in the same order. Any category of
        :mod:`uncase_core.agreement.categories`: booleans, whole numbers (a whole float such as
        ``2.0`` is read as the integer 2) or texts, but not booleans mixed with numbers.
        ``None`` is not a label: drop units that one side left unlabelled before calling.
    confidence : float
        Coverage of both intervals, strictly between 0 and 1.
    weights : {None, "linear", "quadratic"}
        ``None`` for Cohen's plain kappa; ``"linear"`` (Cicchetti-Allison) or
        ``"quadratic"`` (Fleiss-Cohen) for ordinal ratings, where a near miss counts less
        than a far one. Categories are weighted by their position in the scale, as
        statsmodels' ``cohens_kappa(table, wt=...)`` does.
    categories : sequence, optional
        The whole scale in its order, e.g. ``[1, 2, 3, 4, 5]`` or ``["low", "mid",
        "high"]``; categories nobody used then keep their place in the table and in the
        weights. By default the scale is the categories used, sorted (booleans, then
        numbers, then texts): a 1-5 scale where nobody said 3 is weighted as four steps,
        as R's irr does; texts sort alphabetically, so give ``categories`` for text scales.
    interval_from : int
        The fewest units kappa's interval is given for (default :data:`MIN_UNITS_FOR_KAPPA_INTERVAL`; below it the
        ``few_units`` note says why); ``bench/coverage.py`` passes 0 to measure the interval at every size. With two
        labels, the interval is withheld at any size where the rarer one is under ``rarer_share_from`` of the labels
        (default :data:`MIN_RARER_SHARE_FOR_KAPPA_INTERVAL`; note ``rare_label``); the harness passes 0 to measure it.

    Returns
    -------
    Agreement
        ``kappa`` and the table-derived figures; the kappa interval is
        ``kappa ± z * sqrt(var_kappa)`` with statsmodels' ``cohens_kappa`` asymptotic
        variance (Fleiss, Cohen and Everitt 1969; SAS's formula when weighted), which at 95%
        equals its ``kappa_low`` and ``kappa_upp``; the bounds are clipped to [-1, 1]. No
        interval (and a ``note``) when that variance is 0. The agreement interval is Wilson.

    Raises
    ------
    InputError
        For sequences of different lengths (``where`` is ``labels_b``), a ``None`` or
        other non-label entry (``where`` is e.g. ``labels_a[3]``), booleans mixed with
        numbers, a label missing from ``categories`` or a repeated category, an unknown
        ``weights``, or a confidence outside (0, 1).
    """
    kinds = KindTracker()
    a = _read_labels(labels_a, "labels_a", kinds)
    b = _read_labels(labels_b, "labels_b", kinds)
    scale = None if categories is None else _read_scale(categories, kinds)
    confidence = check_confidence(confidence)
    if weights is not None and weights not in WEIGHTS:
        raise expected_value("kappa_weights", repr(weights), "weights")
    if len(a) != len(b):
        raise input_error(PROBLEMS, "label_counts_differ", "labels_b", count=len(b), other_count=len(a))
    if scale is not None:
        _check_in_scale(a, scale, "labels_a")
        _check_in_scale(b, scale, "labels_b")
    return _kappa_of_counts(Counter(zip(a, b, strict=True)), confidence, weights, scale, interval_from,
                            rarer_share_from)


def _kappa_of_counts(pairs: Mapping[tuple[Category, Category], int], confidence: float, weights: Weights | None,
                     scale: tuple[Category, ...] | None, interval_from: int, rarer_share_from: float) -> Agreement:
    """:func:`cohen_kappa` from how many units got each couple ``(A's label, B's label)``: every figure depends on
    the labels through these counts alone (labels read and checked, ``confidence`` and ``weights`` too)."""
    from statsmodels.stats.inter_rater import cohens_kappa as _statsmodels_kappa

    pairs = {couple: count for couple, count in pairs.items() if count}
    units = sum(pairs.values())
    agreed = sum(count for (x, y), count in pairs.items() if x == y)
    interval = Proportion.from_counts(agreed, units, confidence=confidence)
    if units == 0:
        return Agreement(kappa=None, low=None, high=None, agreement=None, agreed=0, units=0,
                         agreement_interval=interval, expected_agreement=None, categories=scale or (), table=(),
                         note=NOTE_NO_UNITS, confidence=confidence, weights=weights)
    used_a, used_b = {x for x, _ in pairs}, {y for _, y in pairs}
    used = used_a | used_b
    if scale is None:
        if weights is not None and len(distinct_kinds(used)) > 1:
            raise input_error(PROBLEMS, "weighted_kappa_kinds", "weights")
        scale = tuple(sorted(used, key=sort_key))
    index = {category: i for i, category in enumerate(scale)}
    counts = np.zeros((len(scale), len(scale)), dtype=np.int64)
    for (x, y), count in pairs.items():
        counts[index[x], index[y]] += count
    table = tuple(tuple(int(c) for c in row) for row in counts)
    agreement = agreed / units
    rows, columns = counts.sum(axis=1) / units, counts.sum(axis=0) / units
    expected = float(rows @ columns)
    if len(used) == 1:
        return Agreement(kappa=None, low=None, high=None, agreement=agreement, agreed=agreed, units=units,
                         agreement_interval=interval, expected_agreement=1.0, categories=scale, table=table,
                         note=NOTE_ONE_CATEGORY, confidence=confidence, weights=weights)
    with np.errstate(divide="ignore", invalid="ignore"):  # its z test divides by a zero null variance at times
        result = _statsmodels_kappa(counts.astype(float), wt=weights)
    kappa = float(result.kappa)
    weighted_agreement = weighted_expected = None
    chance = expected
    if weights is not None:
        disagreement = np.asarray(result.weights, dtype=float)  # 0 on the diagonal, 1 at the scale's two ends
        weighted_agreement = 1.0 - float((disagreement * counts).sum()) / units
        weighted_expected = chance = 1.0 - float((disagreement * np.outer(rows, columns)).sum())
    variance = float(result.var_kappa)
    note = None
    if len(used_a) == 1 or len(used_b) == 1:
        note = NOTE_CONSTANT_ANNOTATOR
        kappa = 0.0  # exactly: observed and chance agreement are the same sum (statsmodels may round to ±1e-17)
    elif variance * units * (1.0 - chance) ** 2 <= _ZERO_VARIANCE:
        note = NOTE_ZERO_VARIANCE
    elif len(scale) == 2 and min((rows + columns) / 2) < rarer_share_from:
        note = NOTE_RARE_LABEL  # more units would not bring it: the share, not the count, breaks the formula
    elif units < interval_from:
        note = NOTE_FEW_UNITS
    if note is not None:
        low = high = None
    else:
        delta = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0) * float(np.sqrt(max(variance, 0.0)))
        low, high = max(kappa - delta, -1.0), min(kappa + delta, 1.0)
    # More units bring the interval only where their number keeps it back, not a rare label's share.
    needed = interval_from - units if note not in (None, NOTE_RARE_LABEL) and units < interval_from else None
    return Agreement(kappa=kappa, low=low, high=high, agreement=agreement, agreed=agreed, units=units,
                     agreement_interval=interval, expected_agreement=expected, categories=scale, table=table, note=note,
                     confidence=confidence, weights=weights, weighted_agreement=weighted_agreement,
                     weighted_expected_agreement=weighted_expected, needed=needed)


# ---------------------------------------------------------------- two label files


@dataclass(frozen=True)
class LabelPair:
    """One label given by both annotators: where it is, the unit's text and the two labels."""

    case: str
    kind: str
    unit: str
    field: str
    a: bool
    b: bool
    text: str


@dataclass(frozen=True)
class CaseMatch:
    """The labels of one case matched (:func:`match_case`): the pairs both gave, in A's unit order, how many only
    A, only B or neither gave, how many pairs there are of each couple ``(A's label, B's label)``, and the pairs that
    differ."""

    pairs: tuple[LabelPair, ...]
    only_a: int
    only_b: int
    neither: int
    counts: Mapping[tuple[bool, bool], int]
    disagreements: tuple[LabelPair, ...]


Couple = tuple[RagCase | None, RagCase | None]


@dataclass(frozen=True)
class MatchedLabels:
    """The labels of two annotators' files, matched by case id, unit kind, unit id and field.

    ``pairs`` holds the labels both gave, in annotator A's file order. ``only_a`` counts
    labels A gave that B has not (B's label is null, or B lacks the unit or the whole
    case; the labels of the cases listed in ``cases_only_a`` are included); ``only_b`` is
    the same the other way round. ``neither`` counts labels of units present in both
    files that both left null. None of these enter the agreement figures.

    Made by :func:`match_labels` or :func:`matched_cases`, it keeps each case's :class:`CaseMatch` with the couple
    of cases it came from (``by_case``, not compared), so that matching again after a change matches only the
    cases that changed.
    """

    pairs: tuple[LabelPair, ...]
    only_a: int
    only_b: int
    neither: int
    cases_only_a: tuple[str, ...]
    cases_only_b: tuple[str, ...]
    by_case: tuple[tuple[str, ...], tuple[Couple, ...], tuple[CaseMatch, ...]] | None = dataclass_field(
        default=None, compare=False, repr=False)

    @cached_property
    def disagreements(self) -> tuple[LabelPair, ...]:
        """The pairs whose two labels differ, in file order."""
        if self.by_case is not None:
            return tuple(chain.from_iterable(match.disagreements for match in self.by_case[2]))
        return tuple(pair for pair in self.pairs if pair.a != pair.b)

    @cached_property
    def counts(self) -> Mapping[tuple[bool, bool], int]:
        """How many pairs there are of each couple ``(A's label, B's label)``."""
        if self.by_case is None:
            return Counter((pair.a, pair.b) for pair in self.pairs)
        total: Counter[tuple[bool, bool]] = Counter()
        for match in self.by_case[2]:
            total.update(match.counts)
        return total

    def agreement(self, confidence: float = DEFAULT_CONFIDENCE) -> Agreement:
        """:func:`cohen_kappa` over the matched pairs (true/false labels, so weights would change nothing), from
        their counts."""
        return _kappa_of_counts(self.counts, check_confidence(confidence), None, None, MIN_UNITS_FOR_KAPPA_INTERVAL,
                                MIN_RARER_SHARE_FOR_KAPPA_INTERVAL)

    def to_dict(self, confidence: float = DEFAULT_CONFIDENCE) -> dict[str, object]:
        """The JSON of ``python -m uncase_core agreement``: figures, unmatched counts and disagreements."""
        return {**self.agreement(confidence).to_dict(), "units": len(self.pairs), "only_a": self.only_a,
                "only_b": self.only_b, "neither": self.neither, "cases_only_a": list(self.cases_only_a),
                "cases_only_b": list(self.cases_only_b),
                "disagreements": [{"case": p.case, "kind": p.kind, "unit": p.unit, "field": p.field, "a": p.a,
                                   "b": p.b} for p in self.disagreements]}


def _check_field(field: object) -> tuple[str, ...]:
    if field is None:
        return FIELDS
    if not isinstance(field, str) or field not in FIELDS:
        raise input_error(PROBLEMS, "expected_field_or_none", "field", choices=", ".join(FIELDS), got=repr(field))
    return (field,)


def _labelled(units: Sequence[Unit], kind: str, fields: tuple[str, ...]) -> int:
    return sum(1 for unit in units for name in LABEL_FIELDS[kind] if name in fields and unit.label(name) is not None)


def case_couples(dataset_a: RagDataset, dataset_b: RagDataset) -> tuple[Couple, ...]:
    """The cases to match: each case of A (the first of an id A repeats) with B's case of that id (the first; None
    where B lacks it), in A's order, then ``(None, case)`` for each case only B has, in B's order."""
    cases_b: dict[str, RagCase] = {}
    for case in dataset_b.cases:
        cases_b.setdefault(case.id, case)
    couples: list[Couple] = []
    seen_a: set[str] = set()
    for case in dataset_a.cases:
        if case.id not in seen_a:
            seen_a.add(case.id)
            couples.append((case, cases_b.get(case.id)))
    couples += [(None, case) for case_id, case in cases_b.items() if case_id not in seen_a]
    return tuple(couples)


def match_case(case_a: RagCase | None, case_b: RagCase | None, fields: tuple[str, ...] = FIELDS) -> CaseMatch:
    """The labels of one couple of :func:`case_couples` matched, as :func:`match_labels` matches them (``fields``:
    the label fields counted)."""
    pairs: list[LabelPair] = []
    only_a = only_b = neither = 0
    if case_a is None:
        if case_b is not None:
            only_b = sum(_labelled(case_b.units(kind), kind, fields) for kind in UNIT_KINDS)
        return CaseMatch((), 0, only_b, 0, {}, ())
    for kind in UNIT_KINDS:
        units_b = {} if case_b is None else {unit.id: unit for unit in case_b.units(kind)}
        ids = set()
        for unit in case_a.units(kind):
            ids.add(unit.id)
            unit_b = units_b.get(unit.id)
            for name in LABEL_FIELDS[kind]:
                if name not in fields:
                    continue
                a = unit.label(name)
                b = None if unit_b is None else unit_b.label(name)
                if a is not None and b is not None:
                    pairs.append(LabelPair(case_a.id, kind, unit.id, name, a, b, unit.text))
                elif a is not None:
                    only_a += 1
                elif b is not None:
                    only_b += 1
                elif unit_b is not None:
                    neither += 1
        only_b += _labelled([unit for unit_id, unit in units_b.items() if unit_id not in ids], kind, fields)
    return CaseMatch(tuple(pairs), only_a, only_b, neither, Counter((pair.a, pair.b) for pair in pairs),
                     tuple(pair for pair in pairs if pair.a != pair.b))


def matched_cases(dataset_a: RagDataset, dataset_b: RagDataset, field: str | None = None,
                  kept: MatchedLabels | None = None) -> MatchedLabels:
    """:func:`match_labels`, matching again only the couples of cases that are not the very couples ``kept`` (an
    earlier result, for the same field) matched: after one label changed, one case.

    A label change replaces one case object of one dataset and keeps every other
    (:meth:`uncase_core.rag.cases.RagDataset.with_case`); an unchanged couple is found by identity, so its match is
    exact (the kept result holds the cases, so no other object can take their ``id``).
    """
    fields = _check_field(field)
    couples = case_couples(dataset_a, dataset_b)
    old = kept.by_case if kept is not None and kept.by_case is not None and kept.by_case[0] == fields else None
    matches: list[CaseMatch | None] = [None] * len(couples)
    dropped: list[CaseMatch] = []  # kept matches not found again
    if old is not None:
        _, old_couples, old_matches = old
        if len(old_couples) == len(couples):
            changed = [i for i, (couple, was) in enumerate(zip(couples, old_couples, strict=True))
                       if couple[0] is not was[0] or couple[1] is not was[1]]
            matches = list(old_matches)
            for i in changed:
                matches[i] = None
            dropped = [old_matches[i] for i in changed]
        else:
            by_id = {(id(a), id(b)): (a, b, j) for j, (a, b) in enumerate(old_couples)}
            reused: set[int] = set()
            for i, (a, b) in enumerate(couples):
                found = by_id.get((id(a), id(b)))
                if found is not None and found[0] is a and found[1] is b and found[2] not in reused:
                    matches[i] = old_matches[found[2]]
                    reused.add(found[2])
            dropped = [match for j, match in enumerate(old_matches) if j not in reused]
    made = {i: match_case(*couples[i], fields) for i, match in enumerate(matches) if match is None}
    done = tuple(match if match is not None else made[i] for i, match in enumerate(matches))
    if old is not None and kept is not None and len(made) + len(dropped) < len(done) // 2:
        # Few changed: the kept totals, less the matches dropped, plus the new ones (whole numbers: exact).
        counts = Counter(kept.counts)
        for match in dropped:
            counts.subtract(match.counts)
        for match in made.values():
            counts.update(match.counts)
        totals = [getattr(kept, name) - sum(getattr(match, name) for match in dropped)
                  + sum(getattr(match, name) for match in made.values()) for name in ("only_a", "only_b", "neither")]
        counts = +counts  # without the couples no pair has any more
    else:
        counts = Counter()
        for match in done:
            counts.update(match.counts)
        totals = [sum(getattr(match, name) for match in done) for name in ("only_a", "only_b", "neither")]
    result = MatchedLabels(
        tuple(chain.from_iterable(match.pairs for match in done)), *totals,
        tuple(a.id for a, b in couples if a is not None and b is None),
        tuple(b.id for a, b in couples if a is None and b is not None),
        (fields, couples, done))
    object.__setattr__(result, "counts", counts)  # the cached property, worked out already
    return result


def match_labels(dataset_a: RagDataset, dataset_b: RagDataset, field: str | None = None) -> MatchedLabels:
    """Pair up two annotators' labels of the same cases.

    Parameters
    ----------
    dataset_a, dataset_b : RagDataset
        The two annotators' files. Cases are matched by id, units by kind and id within
        their case; texts and order may differ (B's text is not used).
    field : str or None
        One of ``"relevant"``, ``"supported"``, ``"correct"``, ``"covered"``, or ``None``
        to pool all four label fields.

    Returns
    -------
    MatchedLabels

    Raises
    ------
    InputError
        For an unknown ``field`` (``where`` is ``field``).
    """
    return matched_cases(dataset_a, dataset_b, field)


def agreement_from_bytes(
    data_a: bytes, name_a: str, data_b: bytes, name_b: str, field: str | None = None
) -> MatchedLabels:
    """:func:`match_labels` on two uploaded files; a bad file raises InputError naming it."""
    _check_field(field)
    return match_labels(dataset_from_bytes(data_a, name_a), dataset_from_bytes(data_b, name_b), field)
