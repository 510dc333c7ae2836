"""Drills: failure variants of one case to label blind, and a check of the labels against the answer key.

:func:`make_drill` draws ``count`` non-empty sets of failing dimensions with
``numpy.random.default_rng(seed)`` (every set the case allows once before any comes back) and
makes a :func:`~uncase_core.rag.variants.failure_variant` of the case for each. The answer key is
those variants with their labels; the drill's cases are the same texts with every label ``None``,
no judge verdict, no change note and no ``metadata.variant``, so nothing but the texts says what
changed. Both have neutral ids (``<id>-drill<seed>-<n>``) and their units renumbered in order
(``p1``, ``c1``, ``f1``...), so neither an id nor a position gives an added unit away. There are
15 sets and a case may allow fewer (one without figures cannot fail faithfulness or correctness), so
a drill longer than the sets its case allows repeats sets, each time with another variant.

:func:`check_drill` compares a person's labels with the key, unit by unit (``match``, ``mismatch``,
or ``unlabelled``, counted apart), and per case the failing dimensions their labels give with the
key's. Each unit's reason is a note (code and params, worded in :data:`DRILL_NOTES`): the change
the variant made to it, or ``unchanged``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from uncase_core.errors import InputError, Place, expected_value, input_error, must_be_in_range, problem
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, Label, RagCase, RagDataset, Unit, case_to_dict
from uncase_core.rag.evaluation import METRICS, Settings, evaluate_case
from uncase_core.rag.variants import CHANGE_KEY, CHANGE_NOTES, RETIRED_NOTES, change_of, check_source, failure_variant
from uncase_core.shared.notes import Note
from uncase_core.stats.proportions import Proportion

MAX_DRILL_CASES = 30
UNIT_PREFIXES: Mapping[str, str] = MappingProxyType({"passages": "p", "claims": "c", "reference_facts": "f"})
# Every non-empty set of failing dimensions, in the order of METRICS.
FAILURE_SETS: tuple[tuple[str, ...], ...] = tuple(
    combo for size in range(1, len(METRICS) + 1) for combo in combinations(METRICS, size))
# The reason beside each unit of a check: the variant's change, or none (English; a page words each code). The
# retired codes word what a drill stored before a change of the generator did.
DRILL_NOTES: Mapping[str, str] = MappingProxyType({**CHANGE_NOTES, **RETIRED_NOTES,
                                                   "unchanged": "as in the source case"})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "drill_not_possible": "no failure can be made from this case, so it cannot give a drill",
    "drill_unknown_case": 'case "{id}" is not in the answer key',
    "drill_missing_case": 'case "{id}" of the answer key is missing',
    "drill_unknown_unit": 'unit "{id}" is not in case "{case}" of the answer key',
    "drill_missing_unit": 'unit "{id}" of case "{case}" in the answer key is missing',
})

Status = Literal["match", "mismatch", "unlabelled"]


@dataclass(frozen=True)
class Drill:
    """The cases to label (no labels) and the answer key (the same cases, labelled), in the same order."""

    source: str
    seed: int
    cases: tuple[RagCase, ...]
    answer_key: tuple[RagCase, ...]

    @property
    def failures(self) -> tuple[tuple[str, ...], ...]:
        """The failing dimensions of each case, from the key."""
        return tuple(tuple(case.metadata["variant"]["failures"]) for case in self.answer_key)

    def dataset(self) -> RagDataset:
        return RagDataset(self.cases, "jsonl")

    def key_dataset(self) -> RagDataset:
        return RagDataset(self.answer_key, "jsonl")

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "seed": self.seed, "cases": [case_to_dict(c) for c in self.cases],
                "answer_key": [case_to_dict(c) for c in self.answer_key]}


def _check_count(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int | np.integer):
        raise expected_value("whole_number", repr(count), "count")
    if not 1 <= count <= MAX_DRILL_CASES:
        raise must_be_in_range(1, MAX_DRILL_CASES, str(count), "count")
    return int(count)


def _renumbered(case: RagCase, case_id: str) -> RagCase:
    units = {kind: tuple(replace(unit, id=f"{UNIT_PREFIXES[kind]}{i}") for i, unit in enumerate(case.units(kind), 1))
             for kind in UNIT_KINDS}
    return replace(case, id=case_id, **units)


def blank(case: RagCase) -> RagCase:
    """The case to label: every label None, no judge verdict, no change note, no ``metadata.variant``."""
    units = {kind: tuple(Unit(u.id, u.text, dict.fromkeys(LABEL_FIELDS[kind]),
                              {k: v for k, v in u.extra.items() if k != CHANGE_KEY}) for u in case.units(kind))
             for kind in UNIT_KINDS}
    return replace(case, **units, metadata={k: v for k, v in case.metadata.items() if k != "variant"})


def make_drill(case: RagCase, count: int, seed: int = 0, pool: Sequence[str] | None = None) -> Drill:
    """``count`` variants of ``case`` with random non-empty failure sets (seeded), blank and with their key."""
    count = _check_count(count)
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise expected_value("non_negative_whole_number", repr(seed), "seed")
    check_source(case)
    rng = np.random.default_rng(int(seed))
    order = [FAILURE_SETS[int(i)] for i in rng.permutation(len(FAILURE_SETS))]
    possible: dict[tuple[str, ...], bool] = {}
    key: list[RagCase] = []
    round_sets: list[tuple[str, ...]] = []
    while len(key) < count:
        if not round_sets:
            round_sets = [s for s in order if possible.get(s, True)]
            if not round_sets:
                raise input_error(PROBLEMS, "drill_not_possible", "")
        failures = round_sets.pop(0)
        variant_seed = int(rng.integers(2**31))
        try:
            variant = failure_variant(case, list(failures), variant_seed, pool)
        except InputError as error:
            if error.code not in ("variant_not_possible", "variant_pool_too_small"):
                raise
            possible[failures] = False
            continue
        possible[failures] = True
        key.append(_renumbered(variant, f"{case.id}-drill{seed}-{len(key) + 1}"))
    return Drill(case.id, int(seed), tuple(blank(c) for c in key), tuple(key))


# ---------------------------------------------------------------- checking


@dataclass(frozen=True)
class UnitCheck:
    kind: str
    unit_id: str
    label: str
    expected: Label
    given: Label
    status: Status
    note: Note

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "unit": self.unit_id, "label": self.label, "expected": self.expected,
                "given": self.given, "status": self.status, "note": self.note.to_dict(DRILL_NOTES)}


def _agreement(units: Sequence[UnitCheck]) -> Proportion:
    matched = sum(1 for u in units if u.status == "match")
    labelled = sum(1 for u in units if u.status != "unlabelled")
    return Proportion.from_counts(matched, labelled, len(units) - labelled)


@dataclass(frozen=True)
class CaseCheck:
    """One case: every label against the key, and the failing dimensions the person's labels give against the key's."""

    case_id: str
    units: tuple[UnitCheck, ...]
    expected_failing: tuple[str, ...]
    given_failing: tuple[str, ...]
    given_not_applicable: tuple[str, ...]

    @property
    def agreement(self) -> Proportion:
        """Labels matching the key over labels given (unlabelled ones counted apart)."""
        return _agreement(self.units)

    @property
    def complete(self) -> bool:
        return all(u.status != "unlabelled" for u in self.units)

    @property
    def failing_matches(self) -> bool:
        """The person's labels fail exactly the dimensions the key fails."""
        return set(self.given_failing) == set(self.expected_failing)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case_id, "agreement": self.agreement.to_dict(), "complete": self.complete,
                "expected_failing": list(self.expected_failing), "given_failing": list(self.given_failing),
                "given_not_applicable": list(self.given_not_applicable), "failing_matches": self.failing_matches,
                "units": [u.to_dict() for u in self.units]}


@dataclass(frozen=True)
class DrillCheck:
    cases: tuple[CaseCheck, ...]

    @property
    def agreement(self) -> Proportion:
        return _agreement([u for case in self.cases for u in case.units])

    @property
    def cases_matching(self) -> int:
        """Cases whose failing dimensions, from the person's labels, are the key's."""
        return sum(1 for case in self.cases if case.failing_matches)

    def to_dict(self) -> dict[str, Any]:
        return {"agreement": self.agreement.to_dict(), "cases_matching": self.cases_matching,
                "cases_total": len(self.cases), "cases": [case.to_dict() for case in self.cases]}


def _note(unit: Unit) -> Note:
    change = change_of(unit)
    return Note.of("unchanged") if change is None else Note.of(change[0], **change[1])


def _check_case(key: RagCase, given: RagCase, where: str, settings: Settings) -> CaseCheck:
    checks = []
    for kind in UNIT_KINDS:
        key_units = {unit.id: unit for unit in key.units(kind)}
        given_units: dict[str, Unit] = {}
        for j, unit in enumerate(given.units(kind)):
            if unit.id not in key_units:
                raise input_error(PROBLEMS, "drill_unknown_unit", f"{where}.{kind}[{j}].id", id=unit.id, case=key.id)
            given_units[unit.id] = unit
        for unit_id, unit in key_units.items():
            if unit_id not in given_units:
                raise input_error(PROBLEMS, "drill_missing_unit", f"{where}.{kind}", id=unit_id, case=key.id)
            for name in LABEL_FIELDS[kind]:
                expected, answer = unit.label(name), given_units[unit_id].label(name)
                status: Status = "unlabelled" if answer is None else "match" if answer == expected else "mismatch"
                checks.append(UnitCheck(kind, unit_id, name, expected, answer, status, _note(unit)))
    expected_failing = evaluate_case(key, settings).diagnosis.failing
    diagnosis = evaluate_case(given, settings).diagnosis
    return CaseCheck(key.id, tuple(checks), expected_failing, diagnosis.failing, diagnosis.not_applicable)


def check_drill(answer_key: RagDataset | Sequence[RagCase], labelled: Sequence[RagCase] | RagDataset,
                settings: Settings | None = None) -> DrillCheck:
    """The person's ``labelled`` cases against ``answer_key``, matched by case id and unit id, in the key's order.

    A case or unit in one and not the other is an InputError naming it (``labelled[2].claims[0].id``).
    ``settings`` (default thresholds when None) decide which dimensions fail, for the key and the person alike.
    """
    settings = settings or Settings.build()
    key_cases = answer_key.cases if isinstance(answer_key, RagDataset) else tuple(answer_key)
    given_cases = labelled.cases if isinstance(labelled, RagDataset) else tuple(labelled)
    keys = {case.id: case for case in key_cases}
    found: dict[str, tuple[int, RagCase]] = {}
    for i, case in enumerate(given_cases):
        if case.id not in keys:
            raise input_error(PROBLEMS, "drill_unknown_case", f"labelled[{i}].id", id=case.id)
        if case.id in found:
            first = Place(f"labelled[{found[case.id][0]}]")
            raise problem("duplicate_case_id", f"labelled[{i}].id", id=case.id, first=first)
        found[case.id] = (i, case)
    for case in key_cases:
        if case.id not in found:
            raise input_error(PROBLEMS, "drill_missing_case", "labelled", id=case.id)
    return DrillCheck(tuple(_check_case(case, found[case.id][1], f"labelled[{found[case.id][0]}]", settings)
                            for case in key_cases))
