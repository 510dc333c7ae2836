"""What the judge page works on: which unit to offer next, the built-in set with its labels hidden, its truth.

No Streamlit here, so every rule the page follows is tested directly:

- the built-in set (``assets/judge``) comes with its reference labels hidden: the person's hand labels
  start empty, and the reference is read again from the files only to show "the truth";
- a *target* is one unit and one label field (a claim is labelled twice: supported and correct);
- in unit mode the next target is the first judged, unlabelled, unskipped unit in the seeded uniform
  order of :func:`uncase_core.judge.sampling.next_unit_to_label`;
- with RAGAS scores the unit is the case: the next *case* is drawn the same way among the cases RAGAS
  scored, and its units of the dimension are offered one after the other until each is labelled or
  skipped (the case's hand label is whether its share of units labelled yes passes the threshold, and it has
  one only once every unit is labelled, :func:`uncase_core.judge.imports.case_passes`).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, replace
from typing import Any

from uncase_core.assets.reader import load_judge_set
from uncase_core.judge.sampling import follows_order, next_unit_to_label
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.evaluation import METRIC_UNITS
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion

Key = tuple[str, str, str, str]  # (case id, kind, unit id, field), as uncase_core.shared.edits.JudgeAnswer.key


@dataclass(frozen=True)
class Target:
    """One unit of one case, and the label field asked about."""

    case: int
    case_id: str
    kind: str
    unit: int
    unit_id: str
    field: str

    @property
    def key(self) -> Key:
        return self.case_id, self.kind, self.unit_id, self.field

    def record(self, op: str, value: bool | None) -> dict[str, Any]:
        """An edit record (``uncase_core.shared.edits.apply_judge_edit``) for this target, naming it by place and id."""
        return {"op": op, "case": self.case, "case_id": self.case_id, "kind": self.kind, "unit": self.unit,
                "unit_id": self.unit_id, "field": self.field, "value": value}


# ---------------------------------------------------------------- the built-in set


def hide_labels(dataset: RagDataset) -> RagDataset:
    """Every hand label set to "not labelled" (null); texts, ids and judge verdicts untouched."""
    cases = []
    for case in dataset.cases:
        for kind in ("passages", "claims", "reference_facts"):
            case = case.with_units(kind, tuple(replace(unit, labels=dict.fromkeys(unit.labels))
                                               for unit in case.units(kind)))
        cases.append(case)
    return replace(dataset, cases=tuple(cases))


def builtin_set(language: str) -> RagDataset:
    """The built-in judge set in ``language``, judged by the built-in lexical judge, reference labels hidden."""
    return hide_labels(load_judge_set(language))


def data_language(dataset: RagDataset, fallback: str) -> str:
    """The language the built-in cases were loaded in (their metadata says), else ``fallback``."""
    language = dataset.cases[0].metadata.get("language") if dataset.cases else None
    return language if isinstance(language, str) else fallback


@dataclass(frozen=True)
class Truth:
    """The hidden reference labels of the built-in set on one dimension, and how the person's labels compare."""

    reference: Proportion  # the reference rate over every unit: the number every interval should cover
    compared: int  # units the person labelled
    matching: int  # of those, labelled as the reference says


def truth(dataset: RagDataset, dimension: str, language: str, confidence: float = DEFAULT_CONFIDENCE) -> Truth:
    """The reference rate of ``dimension`` in the built-in set, and the person's labels in ``dataset`` against it.

    The built-in set holds the same cases in every language, so the reference is read in ``language`` and
    matched by case id and unit id.
    """
    kind, field = METRIC_UNITS[dimension]
    reference = {(case.id, unit.id): unit.label(field) for case in load_judge_set(language).cases
                 for unit in case.units(kind)}
    rate = Proportion.from_labels(list(reference.values()), confidence)
    compared = matching = 0
    for case in dataset.cases:
        for unit in case.units(kind):
            given = unit.label(field)
            if given is not None and (case.id, unit.id) in reference:
                compared += 1
                matching += given == reference[case.id, unit.id]
    return Truth(rate, compared, matching)


def has_verdicts(dataset: RagDataset) -> bool:
    """Whether any unit carries a judge verdict key (even null): the file came with a judge's output."""
    return any(unit.judge for case in dataset.cases for kind in ("passages", "claims", "reference_facts")
               for unit in case.units(kind))


# ---------------------------------------------------------------- what to label next


def targets(cases: Sequence[RagCase], dimension: str) -> tuple[Target, ...]:
    """Every unit of ``dimension``, in file order."""
    kind, field = METRIC_UNITS[dimension]
    return tuple(Target(i, case.id, kind, j, unit.id, field)
                 for i, case in enumerate(cases) for j, unit in enumerate(case.units(kind)))


def _unit(cases: Sequence[RagCase], target: Target) -> Any:
    return cases[target.case].units(target.kind)[target.unit]


def is_labelled(cases: Sequence[RagCase], target: Target) -> bool:
    return _unit(cases, target).label(target.field) is not None


def is_judged(cases: Sequence[RagCase], target: Target) -> bool:
    return _unit(cases, target).verdict(target.field) is not None


@dataclass(frozen=True)
class Progress:
    """Where the labelling stands: what is offered next and how much is done (units, or cases with RAGAS)."""

    next: Target | None
    pool: int  # units (cases) in the draw: judged ones
    labelled: int  # of those, labelled (cases: with every unit of the dimension labelled)
    skipped: int  # units skipped (in either mode)
    case_units: tuple[Target, ...] = ()  # RAGAS mode: the units of the case being labelled
    case_position: int = 0  # RAGAS mode: which of them is offered (0-based)
    in_order: bool = True  # the units done are the first of this seed's order (False: the seed changed, or a file)


def next_unit(cases: Sequence[RagCase], dimension: str, skipped: Set[Key], seed: int) -> Progress:
    """Unit mode: the next judged unit in the seeded uniform order that is neither labelled nor skipped."""
    pool = [target for target in targets(cases, dimension) if is_judged(cases, target)]
    done = {target for target in pool if is_labelled(cases, target) or target.key in skipped}
    labelled = sum(1 for target in pool if is_labelled(cases, target))
    return Progress(next_unit_to_label(pool, done, seed), len(pool), labelled,
                    sum(1 for target in pool if target.key in skipped and not is_labelled(cases, target)),
                    in_order=follows_order(pool, done, seed))


def next_in_case(cases: Sequence[RagCase], dimension: str, scored: Set[str], skipped: Set[Key],
                 seed: int) -> Progress:
    """RAGAS mode: the next unit of the case being labelled; cases are drawn in the seeded uniform order among
    the ``scored`` ones (a RAGAS verdict on this dimension) that have units of this dimension to label."""
    by_case: dict[int, list[Target]] = {}
    for target in targets(cases, dimension):
        by_case.setdefault(target.case, []).append(target)
    pool = [i for i, case in enumerate(cases) if case.id in scored and by_case.get(i)]

    def open_units(i: int) -> list[Target]:
        return [t for t in by_case[i] if not is_labelled(cases, t) and t.key not in skipped]

    done = {i for i in pool if not open_units(i)}
    started = {i for i in pool if len(open_units(i)) < len(by_case[i])}  # cases with a unit labelled or skipped
    in_order = follows_order(pool, started, seed)
    labelled = sum(1 for i in pool if all(is_labelled(cases, t) for t in by_case[i]))  # as case_passes counts
    skipped_count = sum(1 for i in pool for t in by_case[i] if t.key in skipped and not is_labelled(cases, t))
    case = next_unit_to_label(pool, done, seed)
    if case is None:
        return Progress(None, len(pool), labelled, skipped_count, in_order=in_order)
    units = tuple(by_case[case])
    target = open_units(case)[0]
    return Progress(target, len(pool), labelled, skipped_count, units, units.index(target), in_order)
