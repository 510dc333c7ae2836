"""Agreement between two annotators: percent agreement, Cohen's kappa and the confusion table.

Two people label the same units; :func:`cohen_kappa` compares their labels and
:func:`match_labels` pairs up the labels of two RAG dataset files (the same cases,
labelled separately) by case id, unit kind, unit id and label field. Labels that only one
side gave are counted and left out of every figure. Anything that cannot be computed is
``None`` with a ``note`` saying why, never NaN.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
from statsmodels.stats.inter_rater import cohens_kappa as _statsmodels_kappa

from uncase_core.errors import InputError
from uncase_core.rag_cases import LABEL_FIELDS, LABEL_NAMES, UNIT_KINDS, RagDataset, Unit, dataset_from_bytes
from uncase_core.stats import DEFAULT_CONFIDENCE, Proportion, check_confidence

NOTE_NO_UNITS = "no units were labelled by both annotators"
NOTE_ONE_CATEGORY = (
    "both annotators gave every unit the same single label, so chance agreement is 1 and kappa is undefined"
)
FIELDS = LABEL_NAMES


@dataclass(frozen=True)
class Agreement:
    """How far two annotators agree on the same units.

    ``agreement`` is the observed proportion of units given the same label (``agreed`` of
    ``units``), with its Wilson interval in ``agreement_interval``. ``expected_agreement``
    is the agreement expected by chance from each annotator's own label frequencies,
    ``pe = sum_k pA(k) pB(k)``, and ``kappa = (agreement - pe) / (1 - pe)`` with its
    asymptotic interval ``low``..``high``. ``table[i][j]`` counts units that annotator A
    labelled ``categories[i]`` and annotator B labelled ``categories[j]``.

    With no units everything is ``None`` (and ``table`` empty); when both annotators used
    one and the same single label, ``pe`` is 1 and kappa with its interval is ``None``
    while the agreement is 1. ``note`` says which; it is ``None`` otherwise.
    """

    kappa: float | None
    low: float | None
    high: float | None
    agreement: float | None
    agreed: int
    units: int
    agreement_interval: Proportion
    expected_agreement: float | None
    categories: tuple[bool | str, ...]
    table: tuple[tuple[int, ...], ...]
    note: str | None
    confidence: float = DEFAULT_CONFIDENCE

    def to_dict(self) -> dict[str, object]:
        return {"kappa": self.kappa, "low": self.low, "high": self.high, "confidence": self.confidence,
                "agreement": self.agreement_interval.to_dict(), "expected_agreement": self.expected_agreement,
                "categories": list(self.categories), "table": [list(row) for row in self.table], "note": self.note}


def _category_key(label: bool | str) -> tuple[int, bool | str]:
    return (0, label) if isinstance(label, bool) else (1, label)


def _check_labels(labels: object, name: str) -> list[bool | str]:
    if isinstance(labels, str | bytes) or not isinstance(labels, Sequence | np.ndarray):
        raise InputError(f"expected a list of labels, got {type(labels).__name__}", name)
    result: list[bool | str] = []
    for i, label in enumerate(labels):
        if isinstance(label, np.bool_):
            label = bool(label)
        if label is None:
            raise InputError("missing label (None); leave out units that are not labelled by both", f"{name}[{i}]")
        if not isinstance(label, bool | str):
            raise InputError(f"expected true, false or a text label, got {label!r}", f"{name}[{i}]")
        result.append(label)
    return result


def cohen_kappa(
    labels_a: Sequence[bool | str], labels_b: Sequence[bool | str], confidence: float = DEFAULT_CONFIDENCE
) -> Agreement:
    """Cohen's kappa, percent agreement and the confusion table of two annotators.

    Parameters
    ----------
    labels_a, labels_b : sequence of bool or str
        The two annotators' labels for the same units, in the same order. ``None`` is not
        a label: drop units that one side left unlabelled before calling.
    confidence : float
        Coverage of both intervals, strictly between 0 and 1.

    Returns
    -------
    Agreement
        ``kappa`` and the table-derived figures; the kappa interval is
        ``kappa ± z * sqrt(var_kappa)`` with statsmodels' ``cohens_kappa`` asymptotic
        variance (Fleiss, Cohen and Everitt 1969), which at 95% equals its ``kappa_low`` and
        ``kappa_upp``; the bounds are clipped to [-1, 1]. The agreement interval is Wilson.

    Raises
    ------
    InputError
        For sequences of different lengths (``where`` is ``labels_b``), a ``None`` or
        other non-label entry (``where`` is e.g. ``labels_a[3]``), or a confidence
        outside (0, 1).
    """
    a = _check_labels(labels_a, "labels_a")
    b = _check_labels(labels_b, "labels_b")
    confidence = check_confidence(confidence)
    if len(a) != len(b):
        raise InputError(f"has {len(b)} labels but labels_a has {len(a)}; both must label the same units", "labels_b")
    units = len(a)
    agreed = sum(1 for x, y in zip(a, b, strict=True) if x == y)
    interval = Proportion.from_counts(agreed, units, confidence=confidence)
    if units == 0:
        return Agreement(None, None, None, None, 0, 0, interval, None, (), (), NOTE_NO_UNITS, confidence)
    categories = tuple(sorted(set(a) | set(b), key=_category_key))
    index = {category: i for i, category in enumerate(categories)}
    counts = [[0] * len(categories) for _ in categories]
    for x, y in zip(a, b, strict=True):
        counts[index[x]][index[y]] += 1
    table = tuple(tuple(row) for row in counts)
    agreement = agreed / units
    if len(categories) == 1:
        return Agreement(None, None, None, agreement, agreed, units, interval, 1.0, categories, table,
                         NOTE_ONE_CATEGORY, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):  # its z test divides by a zero null variance at times
        result = _statsmodels_kappa(np.array(counts, dtype=float))
    kappa = float(result.kappa)
    z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    delta = z * float(np.sqrt(max(float(result.var_kappa), 0.0)))
    rows = [sum(row) / units for row in counts]
    columns = [sum(column) / units for column in zip(*counts, strict=True)]
    expected = sum(r * c for r, c in zip(rows, columns, strict=True))
    return Agreement(
        kappa,
        max(kappa - delta, -1.0),
        min(kappa + delta, 1.0),
        agreement,
        agreed,
        units,
        interval,
        expected,
        categories,
        table,
        None,
        confidence,
    )


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
class MatchedLabels:
    """The labels of two annotators' files, matched by case id, unit kind, unit id and field.

    ``pairs`` holds the labels both gave, in annotator A's file order. ``only_a`` counts
    labels A gave that B has not (B's label is null, or B lacks the unit or the whole
    case; the labels of the cases listed in ``cases_only_a`` are included); ``only_b`` is
    the same the other way round. ``neither`` counts labels of units present in both
    files that both left null. None of these enter the agreement figures.
    """

    pairs: tuple[LabelPair, ...]
    only_a: int
    only_b: int
    neither: int
    cases_only_a: tuple[str, ...]
    cases_only_b: tuple[str, ...]

    @property
    def disagreements(self) -> tuple[LabelPair, ...]:
        """The pairs whose two labels differ, in file order."""
        return tuple(pair for pair in self.pairs if pair.a != pair.b)

    def agreement(self, confidence: float = DEFAULT_CONFIDENCE) -> Agreement:
        """:func:`cohen_kappa` over the matched pairs."""
        return cohen_kappa([pair.a for pair in self.pairs], [pair.b for pair in self.pairs], confidence)

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
        raise InputError(f"expected one of {', '.join(FIELDS)} or none for all, got {field!r}", "field")
    return (field,)


def _labelled(units: Sequence[Unit], kind: str, fields: tuple[str, ...]) -> int:
    return sum(1 for unit in units for name in LABEL_FIELDS[kind] if name in fields and unit.label(name) is not None)


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
    fields = _check_field(field)
    cases_b = {}
    for case in dataset_b.cases:
        cases_b.setdefault(case.id, case)
    ids_a = {case.id for case in dataset_a.cases}
    pairs: list[LabelPair] = []
    only_a = only_b = neither = 0
    cases_only_a: list[str] = []
    seen_a: set[str] = set()
    for case in dataset_a.cases:
        if case.id in seen_a:
            continue
        seen_a.add(case.id)
        other = cases_b.get(case.id)
        if other is None:
            cases_only_a.append(case.id)
        for kind in UNIT_KINDS:
            units_b = {} if other is None else {unit.id: unit for unit in other.units(kind)}
            ids = set()
            for unit in case.units(kind):
                ids.add(unit.id)
                unit_b = units_b.get(unit.id)
                for name in LABEL_FIELDS[kind]:
                    if name not in fields:
                        continue
                    a = unit.label(name)
                    b = None if unit_b is None else unit_b.label(name)
                    if a is not None and b is not None:
                        pairs.append(LabelPair(case.id, kind, unit.id, name, a, b, unit.text))
                    elif a is not None:
                        only_a += 1
                    elif b is not None:
                        only_b += 1
                    elif unit_b is not None:
                        neither += 1
            only_b += _labelled([unit for unit_id, unit in units_b.items() if unit_id not in ids], kind, fields)
    cases_only_b = []
    for case_id, case in cases_b.items():
        if case_id not in ids_a:
            cases_only_b.append(case_id)
            for kind in UNIT_KINDS:
                only_b += _labelled(case.units(kind), kind, fields)
    return MatchedLabels(tuple(pairs), only_a, only_b, neither, tuple(cases_only_a), tuple(cases_only_b))


def agreement_from_bytes(
    data_a: bytes, name_a: str, data_b: bytes, name_b: str, field: str | None = None
) -> MatchedLabels:
    """:func:`match_labels` on two uploaded files; a bad file raises InputError naming it."""
    _check_field(field)
    return match_labels(dataset_from_bytes(data_a, name_a), dataset_from_bytes(data_b, name_b), field)
