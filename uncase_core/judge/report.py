"""An automatic judge beside hand labels: the three intervals and the agreement, for one RAG dimension.

Each unit of the dimension (a passage for ``context_relevance``, a claim for ``faithfulness``
and ``correctness``, a reference fact for ``coverage``) may have a hand label, a judge verdict,
both or neither. The figures, defined once here:

- hand labels alone: the Wilson interval on the hand-labelled units (verdicts not used);
- judge alone: the Wilson interval on the judge's verdicts over every judged unit (labels not
  used), the judge's number taken at face value;
- PPI and PPI++ (:func:`uncase_core.stats.proportions.ppi_mean_interval`): the labelled part is the units
  with both a hand label and a verdict, the unlabelled part the units with a verdict and no hand
  label. Units with a hand label and no verdict count for the hand-labels-only interval only.
  PPI is valid when the labelled units are a uniform random sample of the judged ones
  (:mod:`uncase_core.judge.sampling` draws them so);
- what the judge is worth: ``n * var(hand-labels-only estimate) / var(PPI estimate) - n`` with
  ``n`` the units that have both, with a seeded percentile bootstrap interval over the labelled units
  (:func:`uncase_core.stats.ppi.judge_worth_interval`), withheld below
  :data:`uncase_core.stats.ppi.MIN_LABELS_FOR_WORTH` labelled units;
- agreement on the units with both: the confusion table, accuracy, Cohen's kappa
  (:func:`uncase_core.agreement.pairs.cohen_kappa`), the judge's sensitivity and false-positive rate
  (each with the interval of :func:`uncase_core.stats.grouped.grouped_proportion`: the units of one RAG case move
  together, so where a case gave two units or more its cases are the independent draws; units given without their
  cases, one per case, are independent), and its bias, judge rate minus human rate on those units, with Bonett and
  Price's interval for a difference of paired proportions
  (:func:`uncase_core.stats.differences.paired_difference_interval`, the compare page's): the two rates come from
  the same units, so an interval for independent samples would be too wide when judge and person agree often, and
  a plain Wald interval collapses to zero width when they never disagree. Newcombe's paired interval, drawn here
  before issue 48, covered 89 % at one unit for a judge of sensitivity 0.6 and false-positive rate 0.4
  (docs/coverage.md).

Human labels and judge verdicts are never mixed in one count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType

import numpy as np

from uncase_core.agreement.pairs import Agreement, cohen_kappa
from uncase_core.errors import expected_value, input_error, unknown_choice
from uncase_core.rag.cases import JUDGE_PREFIX, RagCase
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.stats.differences import Difference, paired_difference_interval
from uncase_core.stats.grouped import grouped_proportion
from uncase_core.stats.ppi import PPIInterval, WorthInterval, judge_worth_interval, ppi_interval_from_counts
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

Label = bool | None

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "value_counts_differ": "has {count} values but labels has {other_count}; both must describe the same units",
})
JUDGE_NOTES: Mapping[str, str] = MappingProxyType({
    "no_pairs": "no unit has both a hand label and a judge verdict, so PPI and the agreement are not available; "
                "label some judged units",
    "labelled_without_verdict": "{count} hand-labelled units have no judge verdict: they count for the "
                                "hand-labels-only interval but not for PPI or the agreement",
    "no_verdicts": "no unit has a judge verdict, so only the hand-labels-only interval is available",
})

@dataclass(frozen=True, kw_only=True)
class JudgeAgreement:
    """How the judge's verdicts compare with the hand labels on the units that have both.

    ``table`` is ``((label 1 & judge 1, label 1 & judge 0), (label 0 & judge 1, label 0 & judge 0))``.
    ``accuracy`` is the share of those units where they agree; ``sensitivity`` the share of human-positive units the
    judge calls positive; ``false_positive_rate`` the share of human-negative units it calls positive; each with the
    interval of :func:`~uncase_core.stats.grouped.grouped_proportion` over the cases (``low`` and ``high`` ``None``
    where every such unit is in one case). ``bias`` is judge rate minus human rate,
    with Bonett and Price's paired interval. Everything is N/A (``None``) with no such units.
    """

    units: int
    table: tuple[tuple[int, int], tuple[int, int]]
    accuracy: Proportion
    sensitivity: Proportion
    false_positive_rate: Proportion
    kappa: Agreement
    human_rate: float | None
    judge_rate: float | None
    bias: Difference
    confidence: float = DEFAULT_CONFIDENCE

    def to_dict(self) -> dict[str, object]:
        (n11, n10), (n01, n00) = self.table
        return {
            "units": self.units,
            "table": {"label_1_judge_1": n11, "label_1_judge_0": n10, "label_0_judge_1": n01, "label_0_judge_0": n00},
            "accuracy": self.accuracy.to_dict(),
            "sensitivity": self.sensitivity.to_dict(),
            "false_positive_rate": self.false_positive_rate.to_dict(),
            "kappa": {"value": self.kappa.kappa, "low": self.kappa.low, "high": self.kappa.high,
                      "note": self.kappa.note},
            "human_rate": self.human_rate,
            "judge_rate": self.judge_rate,
            "bias": {"value": self.bias.difference, "low": self.bias.low, "high": self.bias.high,
                     "method": "bonett_price_paired"},
            "confidence": self.confidence,
        }


Table = tuple[tuple[int, int], tuple[int, int]]


def judge_agreement(table: Sequence[Sequence[int]], confidence: float = DEFAULT_CONFIDENCE,
                    per_case: Sequence[Table] | None = None) -> JudgeAgreement:
    """:class:`JudgeAgreement` from the 2x2 table of (hand label, judge verdict) counts; ``per_case`` splits it by
    RAG case (the tables add up to ``table``), else every unit is taken to be its own case."""
    confidence = check_confidence(confidence)
    (n11, n10), (n01, n00) = table
    units = n11 + n10 + n01 + n00
    if per_case is None:
        per_case = [((1, 0), (0, 0))] * n11 + [((0, 1), (0, 0))] * n10 + [((0, 0), (1, 0))] * n01 \
            + [((0, 0), (0, 1))] * n00
    accuracy = grouped_proportion([(a + d, a + b + c + d) for (a, b), (c, d) in per_case], confidence)
    sensitivity = grouped_proportion([(a, a + b) for (a, b), _ in per_case], confidence)
    false_positive = grouped_proportion([(c, c + d) for _, (c, d) in per_case], confidence)
    # cohen_kappa takes the two label lists; the order of units does not change kappa.
    human = [True] * (n11 + n10) + [False] * (n01 + n00)
    judge = [True] * n11 + [False] * n10 + [True] * n01 + [False] * n00
    kappa = cohen_kappa(human, judge, confidence)
    bias = paired_difference_interval(n11, n01, n10, n00, confidence)  # first: the judge; second: the person
    human_rate = (n11 + n10) / units if units else None
    judge_rate = (n11 + n01) / units if units else None
    return JudgeAgreement(units=units, table=((n11, n10), (n01, n00)), accuracy=accuracy, sensitivity=sensitivity,
                          false_positive_rate=false_positive, kappa=kappa, human_rate=human_rate, judge_rate=judge_rate,
                          bias=bias, confidence=confidence)


@dataclass(frozen=True, kw_only=True)
class JudgeReport:
    """The three intervals and the agreement for one dimension (see the module docstring).

    ``counts`` has ``units``, ``both`` (hand label and verdict), ``label_only``, ``verdict_only``
    and ``neither``. ``ppi`` and ``ppi_tuned`` are ``None`` when no unit has both; ``tuned`` says
    which of the two is the headline (``headline``, ``judge_worth``). ``worth`` and ``worth_tuned`` are what the
    judge is worth under each, with its bootstrap interval (:class:`~uncase_core.stats.ppi.WorthInterval`).
    """

    dimension: str
    unit: str
    counts: Mapping[str, int]
    hand: Proportion
    judge: Proportion
    ppi: PPIInterval | None
    ppi_tuned: PPIInterval | None
    agreement: JudgeAgreement
    tuned: bool
    notes: tuple[Note, ...]
    confidence: float = DEFAULT_CONFIDENCE
    worth: WorthInterval | None = None
    worth_tuned: WorthInterval | None = None

    @property
    def headline(self) -> PPIInterval | None:
        return self.ppi_tuned if self.tuned else self.ppi

    @property
    def headline_worth(self) -> WorthInterval | None:
        return self.worth_tuned if self.tuned else self.worth

    @property
    def judge_worth(self) -> float | None:
        """How many more hand labels the judge's verdicts are worth (headline PPI); None when N/A or withheld
        (fewer than :data:`~uncase_core.stats.ppi.MIN_LABELS_FOR_WORTH` labelled units)."""
        return None if self.headline_worth is None else self.headline_worth.value

    def to_dict(self) -> dict[str, object]:
        return {
            "dimension": self.dimension,
            "unit": self.unit,
            "confidence": self.confidence,
            "counts": dict(self.counts),
            "tuned": self.tuned,
            "intervals": {
                "hand_labels": self.hand.to_dict(),
                "judge_only": self.judge.to_dict(),
                "ppi": None if self.ppi is None else self.ppi.to_dict(),
                "ppi_tuned": None if self.ppi_tuned is None else self.ppi_tuned.to_dict(),
            },
            "judge_worth": self.judge_worth,
            "judge_worth_interval": None if self.headline_worth is None else self.headline_worth.to_dict(),
            "agreement": self.agreement.to_dict(),
            "notes": notes_to_dicts(self.notes, JUDGE_NOTES),
        }


_LABEL_TYPES = frozenset({bool, type(None)})


def _checked(values: Sequence[Label], name: str) -> Sequence[Label]:
    """``values`` if every one is True, False or None (numpy booleans converted); else the first bad one's place."""
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise expected_value("list_of_true_false_null", type(values).__name__, name)
    if not isinstance(values, Sequence):  # a numpy array or pandas Series: positions, not index labels
        values = list(values)
    types = set(map(type, values))
    if types <= _LABEL_TYPES:  # checked by type: 1 == True, so a value test would let 1 and 0 through
        return values
    if types <= _LABEL_TYPES | {np.bool_}:
        return [None if value is None else bool(value) for value in values]
    for i, value in enumerate(values):
        if type(value) not in _LABEL_TYPES | {np.bool_}:
            raise expected_value("true_false_null", repr(value), f"{name}[{i}]")
    return values  # unreachable: some value had another type


def compare_judge(
    labels: Sequence[Label],
    verdicts: Sequence[Label],
    dimension: str = "",
    unit: str = "unit",
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
) -> JudgeReport:
    """The three intervals and the agreement from one hand label and one verdict per unit.

    Parameters
    ----------
    labels, verdicts : sequence of True, False or None
        Position ``i`` is the same unit; ``None`` is "no hand label" / "no verdict".
    dimension, unit : str
        What is measured and what a unit is (``"passage"``, ``"case"``), carried into the result.
    confidence : float
        Coverage of every interval, strictly between 0 and 1.
    tuned : bool
        Whether PPI++ (True) or plain PPI (False) is the headline; both are computed.

    Raises
    ------
    InputError
        For sequences of different lengths (``verdicts``), a value other than True, False or None
        (``labels[3]``), or a confidence outside (0, 1).
    """
    confidence = check_confidence(confidence)
    labels = _checked(labels, "labels")
    verdicts = _checked(verdicts, "verdicts")
    if len(labels) != len(verdicts):
        raise input_error(PROBLEMS, "value_counts_differ", "verdicts", count=len(verdicts), other_count=len(labels))
    return _report(Counter(zip(labels, verdicts, strict=True)), dimension, unit, confidence, tuned)


def _report(cells: Counter, dimension: str, unit: str, confidence: float, tuned: bool,
            per_case: Sequence[Table] | None = None) -> JudgeReport:
    """The report from the counts of (hand label, verdict) pairs, each True, False or None; ``per_case`` splits
    the units with both by case (None: each unit its own case)."""
    n11, n10 = cells[True, True], cells[True, False]
    n01, n00 = cells[False, True], cells[False, False]
    m1, m0 = cells[None, True], cells[None, False]
    label_only = cells[True, None] + cells[False, None]
    both = n11 + n10 + n01 + n00
    counts = MappingProxyType({"units": sum(cells.values()), "both": both, "label_only": label_only,
                               "verdict_only": m1 + m0, "neither": cells[None, None]})
    hand, judge = Proportion.many(
        [(n11 + n10 + cells[True, None], both + label_only, m1 + m0 + cells[None, None]),
         (n11 + n01 + m1, both + m1 + m0, label_only + cells[None, None])], confidence)
    notes: list[Note] = []
    if judge.total == 0:
        notes.append(Note.of("no_verdicts"))
    if both == 0:
        plain = tuned_ppi = None
        if judge.total:
            notes.append(Note.of("no_pairs"))
    else:
        table = ((n11, n10), (n01, n00))
        plain = ppi_interval_from_counts(table, m1, m1 + m0, confidence, tuned=False)
        tuned_ppi = ppi_interval_from_counts(table, m1, m1 + m0, confidence, tuned=True)
    if label_only and judge.total:
        notes.append(Note.of("labelled_without_verdict", count=label_only))
    worth = None if plain is None else judge_worth_interval(plain)
    worth_tuned = None if tuned_ppi is None else judge_worth_interval(tuned_ppi)
    return JudgeReport(dimension=dimension, unit=unit, counts=counts, hand=hand, judge=judge, ppi=plain,
                       ppi_tuned=tuned_ppi,
                       agreement=judge_agreement(((n11, n10), (n01, n00)), confidence, per_case),
                       tuned=bool(tuned), notes=tuple(notes), confidence=confidence, worth=worth,
                       worth_tuned=worth_tuned)


UNIT_NAMES: Mapping[str, str] = MappingProxyType({d.name: d.unit_word for d in DIMENSIONS})


def check_dimension(dimension: object) -> str:
    if dimension not in METRICS:
        raise unknown_choice("dimension", repr(dimension), METRICS, "dimension")
    return str(dimension)


def dimension_values(cases: Sequence[RagCase], dimension: str) -> tuple[list[Label], list[Label]]:
    """The hand labels and the judge verdicts of every unit of ``dimension``, in file order."""
    kind, name = METRIC_UNITS[check_dimension(dimension)]
    verdict_key = f"judge_{name}"
    units = [unit for case in cases for unit in case.units(kind)]
    return [unit.labels.get(name) for unit in units], [unit.judge.get(verdict_key) for unit in units]


def unit_keys(cases: Sequence[RagCase], dimension: str) -> tuple[tuple[str, str], ...]:
    """``(case id, unit id)`` of every unit of ``dimension``, in the order of :func:`dimension_values`."""
    kind, _ = METRIC_UNITS[check_dimension(dimension)]
    return tuple((case.id, unit.id) for case in cases for unit in case.units(kind))


def judge_report(
    cases: Sequence[RagCase], dimension: str, confidence: float = DEFAULT_CONFIDENCE, tuned: bool = False
) -> JudgeReport:
    """:func:`compare_judge` over every unit of ``dimension`` in ``cases``.

    The labels and verdicts are counted in one pass over the units (no lists are built), which
    keeps 100,000 units within a few tens of milliseconds.
    """
    confidence = check_confidence(confidence)
    kind, name = METRIC_UNITS[check_dimension(dimension)]
    verdict_key = JUDGE_PREFIX + name
    by_case = [Counter((unit.labels.get(name), unit.judge.get(verdict_key)) for unit in units)
               for units in map(attrgetter(kind), cases)]
    cells: Counter = sum(by_case, Counter())
    if not all(type(value) in _LABEL_TYPES for pair in cells for value in pair):
        _locate_bad_value(cases, kind, name)
    per_case = [((c[True, True], c[True, False]), (c[False, True], c[False, False])) for c in by_case
                if c[True, True] or c[True, False] or c[False, True] or c[False, False]]
    return _report(cells, dimension, UNIT_NAMES[dimension], confidence, tuned, per_case)


def _locate_bad_value(cases: Sequence[RagCase], kind: str, name: str) -> None:
    verdict_key = JUDGE_PREFIX + name
    for i, case in enumerate(cases):
        for j, unit in enumerate(case.units(kind)):
            for key, value in ((name, unit.labels.get(name)), (verdict_key, unit.judge.get(verdict_key))):
                if type(value) not in _LABEL_TYPES:
                    raise expected_value("true_false_null", repr(value), f"cases[{i}].{kind}[{j}].{key}")
