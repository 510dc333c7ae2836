"""Matching two label files case by case (issue 50): :func:`matched_cases` keeps each case's match with the couple of
cases it came from, so that after one label changed it matches that one case again, and gives exactly what matching
every case afresh gives (the plain loop :func:`reference_match` below, the matching as it was), with the same
agreement figures as :func:`cohen_kappa` on the pairs' labels."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import uncase_core.agreement.pairs as pairs
from uncase_core.agreement.pairs import (
    FIELDS,
    LabelPair,
    MatchedLabels,
    cohen_kappa,
    match_labels,
    matched_cases,
)
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, Unit

LABELS = st.sampled_from([True, False, None])


def reference_match(dataset_a: RagDataset, dataset_b: RagDataset, field: str | None = None) -> MatchedLabels:
    """The matching before issue 50, one loop over every case."""
    fields = FIELDS if field is None else (field,)

    def labelled(units, kind):
        return sum(1 for unit in units for name in LABEL_FIELDS[kind]
                   if name in fields and unit.label(name) is not None)

    cases_b = {}
    for case in dataset_b.cases:
        cases_b.setdefault(case.id, case)
    ids_a = {case.id for case in dataset_a.cases}
    found, seen_a, cases_only_a = [], set(), []
    only_a = only_b = neither = 0
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
                    a, b = unit.label(name), None if unit_b is None else unit_b.label(name)
                    if a is not None and b is not None:
                        found.append(LabelPair(case.id, kind, unit.id, name, a, b, unit.text))
                    elif a is not None:
                        only_a += 1
                    elif b is not None:
                        only_b += 1
                    elif unit_b is not None:
                        neither += 1
            only_b += labelled([u for i, u in units_b.items() if i not in ids], kind)
    cases_only_b = [i for i in cases_b if i not in ids_a]
    only_b += sum(labelled(cases_b[i].units(kind), kind) for i in cases_only_b for kind in UNIT_KINDS)
    return MatchedLabels(tuple(found), only_a, only_b, neither, tuple(cases_only_a), tuple(cases_only_b))


@st.composite
def units(draw, kind: str) -> tuple[Unit, ...]:
    ids = draw(st.lists(st.sampled_from(["u1", "u2", "u3"]), unique=True, max_size=3))
    return tuple(Unit(i, f"{kind} {i}", {name: draw(LABELS) for name in LABEL_FIELDS[kind]}) for i in ids)


@st.composite
def datasets(draw) -> RagDataset:
    ids = draw(st.lists(st.sampled_from([f"q{i}" for i in range(8)]), max_size=8))  # repeats and gaps
    return RagDataset(tuple(RagCase(i, f"question {i}", draw(units("passages")), "answer", draw(units("claims")),
                                    draw(units("reference_facts"))) for i in ids), "jsonl")


def same(result: MatchedLabels, expected: MatchedLabels) -> None:
    assert result == expected
    assert result.disagreements == expected.disagreements
    assert result.agreement() == expected.agreement()
    assert result.agreement(0.9) == expected.agreement(0.9)
    assert result.agreement() == cohen_kappa([p.a for p in expected.pairs], [p.b for p in expected.pairs])


def changed(dataset: RagDataset, draw) -> RagDataset:
    """``dataset`` with one label of one case changed, as the page changes it (one new case object, the rest kept),
    or a case added or removed."""
    how = draw(st.sampled_from(["label", "add", "remove"])) if dataset.cases else "add"
    if how == "add":
        case = RagCase(draw(st.sampled_from(["q0", "q9"])), "new", draw(units("passages")), "answer")
        return RagDataset((*dataset.cases, case), "jsonl")
    index = draw(st.integers(0, len(dataset.cases) - 1))
    if how == "remove":
        return RagDataset(dataset.cases[:index] + dataset.cases[index + 1:], "jsonl")
    case = dataset.cases[index]
    kind = draw(st.sampled_from(UNIT_KINDS))
    if not case.units(kind):
        return dataset.with_case(index, case.with_units(kind, (Unit("u1", "new unit", {
            name: True for name in LABEL_FIELDS[kind]}),)))
    unit = draw(st.integers(0, len(case.units(kind)) - 1))
    name = draw(st.sampled_from(LABEL_FIELDS[kind]))
    units_now = list(case.units(kind))
    units_now[unit] = units_now[unit].with_label(name, draw(LABELS))
    return dataset.with_case(index, case.with_units(kind, tuple(units_now)))


@settings(max_examples=300, deadline=None)
@given(datasets(), datasets(), st.sampled_from([None, *FIELDS]))
def test_matching_case_by_case_is_the_matching_of_every_case(a: RagDataset, b: RagDataset, field: str | None):
    same(match_labels(a, b, field), reference_match(a, b, field))


@settings(max_examples=300, deadline=None)
@given(datasets(), datasets(), st.sampled_from([None, *FIELDS]), st.lists(st.booleans(), min_size=1, max_size=4),
       st.data())
def test_matching_again_after_changes_is_matching_afresh(a: RagDataset, b: RagDataset, field: str | None,
                                                        sides: list[bool], data):
    kept = matched_cases(a, b, field)
    for side_a in sides:
        if side_a:
            a = changed(a, data.draw)
        else:
            b = changed(b, data.draw)
        kept = matched_cases(a, b, field, kept)
        same(kept, reference_match(a, b, field))


def test_a_kept_match_of_another_field_is_not_reused():
    a = RagDataset((RagCase("q", "?", (Unit("p", "t", {"relevant": True}),), "answer",
                            (Unit("c", "t", {"supported": True, "correct": False}),)),), "jsonl")
    b = RagDataset((RagCase("q", "?", (Unit("p", "t", {"relevant": False}),), "answer",
                            (Unit("c", "t", {"supported": True, "correct": True}),)),), "jsonl")
    kept = matched_cases(a, b, "relevant")
    same(matched_cases(a, b, "correct", kept), reference_match(a, b, "correct"))
    same(matched_cases(a, b, None, kept), reference_match(a, b))


def synthetic(count: int, seed: int) -> RagDataset:
    import random

    rng = random.Random(seed)
    return RagDataset(tuple(RagCase(f"q{i}", "?", tuple(Unit(f"p{j}", "t", {"relevant": rng.random() < 0.6})
                                                        for j in range(5)), "answer") for i in range(count)), "jsonl")


def test_one_label_changed_matches_one_case_again(monkeypatch):
    """At 1,000 cases a label change matches the case it changed, not the 1,000."""
    a, b = synthetic(1000, 1), synthetic(1000, 2)
    kept = matched_cases(a, b)
    matched = [0]
    match_case = pairs.match_case

    def counting(*args, **kwargs):
        matched[0] += 1
        return match_case(*args, **kwargs)

    monkeypatch.setattr(pairs, "match_case", counting)
    case = a.cases[500]
    a = a.with_case(500, case.with_units("passages", (case.passages[0].with_label("relevant", None),
                                                      *case.passages[1:])))
    again = matched_cases(a, b, None, kept)
    assert matched[0] == 1
    same(again, reference_match(a, b))
