"""What the judge page offers next (ui/views/judge/data.py): the built-in set with its labels hidden, units drawn in the
seeded uniform order of uncase_core.judge.sampling among the judged ones, cases drawn the same way with RAGAS scores,
and the hidden truth."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from ui.views.judge.data import (
    builtin_set,
    data_language,
    has_verdicts,
    hide_labels,
    next_in_case,
    next_unit,
    targets,
    truth,
)
from uncase_core.assets.reader import load_judge_set
from uncase_core.judge.edits import apply_judge_edit
from uncase_core.judge.report import judge_report
from uncase_core.judge.sampling import labelling_order
from uncase_core.rag.cases import RagDataset

REFERENCE = load_judge_set("en")
HIDDEN = builtin_set("en")


def label(dataset: RagDataset, target, value) -> RagDataset:
    return apply_judge_edit(dataset, target.record("label", value))


def test_the_built_in_set_comes_with_every_label_hidden_and_every_verdict_kept():
    assert len(HIDDEN.cases) == 100
    for dimension in ("context_relevance", "faithfulness", "correctness", "coverage"):
        report = judge_report(HIDDEN.cases, dimension)
        assert report.hand.total == 0 and report.counts["units"] == 300
        assert report.judge == judge_report(REFERENCE.cases, dimension).judge
    assert [c.id for c in HIDDEN.cases] == [c.id for c in REFERENCE.cases]
    assert hide_labels(HIDDEN) == HIDDEN
    assert data_language(builtin_set("es"), "en") == "es" and data_language(RagDataset(()), "en") == "en"
    assert has_verdicts(HIDDEN) and not has_verdicts(_without_verdicts(HIDDEN))


def _without_verdicts(dataset: RagDataset) -> RagDataset:
    cases = []
    for case in dataset.cases:
        for kind in ("passages", "claims", "reference_facts"):
            case = case.with_units(kind, tuple(replace(u, judge={}) for u in case.units(kind)))
        cases.append(case)
    return replace(dataset, cases=tuple(cases))


@pytest.mark.parametrize("seed", [0, 17, 2024])
def test_units_are_offered_in_the_seeded_uniform_order_skipping_labelled_and_skipped_ones(seed):
    pool = [t for t in targets(HIDDEN.cases, "coverage")
            if HIDDEN.cases[t.case].units(t.kind)[t.unit].verdict(t.field) is not None]
    order = labelling_order(pool, seed)
    data, skipped, offered = HIDDEN, set(), []
    for step in range(12):
        progress = next_unit(data.cases, "coverage", skipped, seed)
        offered.append(progress.next)
        if step % 4 == 3:
            skipped.add(progress.next.key)
        else:
            data = label(data, progress.next, step % 2 == 0)
    assert offered == order[:12]
    assert (progress.pool, progress.labelled, progress.skipped) == (len(pool), 9, 2)  # before the last skip
    assert next_unit(data.cases, "coverage", skipped, seed).next == order[12]


def test_units_without_a_verdict_are_never_offered_and_the_end_is_none():
    case = HIDDEN.cases[0]
    claims = tuple(c.with_verdict("correct", None) if i else c for i, c in enumerate(case.claims))
    small = RagDataset((case.with_units("claims", claims),))
    first = next_unit(small.cases, "correctness", set(), 3)
    assert first.pool == 1 and first.next.unit == 0
    done = next_unit(label(small, first.next, True).cases, "correctness", set(), 3)
    assert done.next is None and (done.pool, done.labelled) == (1, 1)


def test_every_draw_order_is_equally_likely_for_the_first_unit():
    """Uniform: over many seeds each of nine units comes first about as often as the others."""
    cases = HIDDEN.cases[:3]  # nine claims
    firsts = Counter(next_unit(cases, "faithfulness", set(), seed).next.key for seed in range(1800))
    assert len(firsts) == 9
    assert all(150 <= count <= 250 for count in firsts.values()), firsts  # expected 200 each


def test_with_ragas_scores_a_case_is_drawn_and_its_units_offered_one_after_the_other():
    cases = HIDDEN.cases[:6]
    scored = {c.id for c in cases} - {cases[2].id}
    order = labelling_order([i for i in range(6) if i != 2], 5)
    data, skipped = RagDataset(cases), set()
    first = next_in_case(data.cases, "correctness", scored, skipped, 5)
    assert first.next.case == order[0] and first.case_position == 0 and len(first.case_units) == 3
    data = label(data, first.next, True)
    second = next_in_case(data.cases, "correctness", scored, skipped, 5)
    assert second.next.case == order[0] and second.case_position == 1
    assert (second.labelled, second.pool) == (0, 5)  # one unit of three labelled: no case label yet (issue 27)
    skipped.add(second.next.key)
    third = next_in_case(data.cases, "correctness", scored, skipped, 5)
    data = label(data, third.next, False)
    assert third.case_position == 2
    after = next_in_case(data.cases, "correctness", scored, skipped, 5)
    assert after.next.case == order[1] and after.case_position == 0 and after.skipped == 1
    assert after.labelled == 0  # a skipped unit leaves the case partly labelled: it has no case label
    assert all(next_in_case(data.cases, "correctness", scored, skipped, 5).next.case != 2 for _ in range(2))


def test_the_truth_is_the_reference_rate_and_the_persons_labels_are_compared_with_it():
    found = truth(HIDDEN, "correctness", "en")
    assert (found.reference.successes, found.reference.total) == (186, 300)  # docs/judge.md: human rate 0.620
    assert (found.compared, found.matching) == (0, 0)
    first = next_unit(HIDDEN.cases, "correctness", set(), 17).next
    right = REFERENCE.cases[first.case].claims[first.unit].label("correct")
    data = label(HIDDEN, first, right)
    second = next_unit(data.cases, "correctness", set(), 17).next
    data = label(data, second, not REFERENCE.cases[second.case].claims[second.unit].label("correct"))
    found = truth(data, "correctness", "es")  # the Spanish set has the same cases and labels
    assert (found.compared, found.matching) == (2, 1)
    assert found.reference == truth(HIDDEN, "correctness", "en").reference
