"""Edit records (uncase_core.shared.edits): each changes exactly what it names, and one that does not fit is refused
with the place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uncase_core.agreement.edits import agreement_label, apply_agreement_edit
from uncase_core.assets.reader import (
    CONVERSATION_INDEX,
    SUMMARY_INDEX,
    load_all,
    load_conversation,
    load_index,
    load_workbench,
    scenario_path,
)
from uncase_core.conversations.edits import apply_conversation_edit, conversation_claim, conversation_turn
from uncase_core.datasets.edits import apply_workbench_edit, reveals, workbench_revision
from uncase_core.errors import InputError
from uncase_core.judge.edits import apply_judge_edit, judge_answers, judge_record, judge_skips
from uncase_core.rag.edits import apply_rag_edit, rag_label
from uncase_core.summaries.cases import cases_from_bytes
from uncase_core.summaries.edits import apply_summary_edit, summary_edit

DATASET = load_all(load_index(), "en")


def test_a_label_record_changes_that_label_only():
    record = rag_label(DATASET, 2, "claims", 1, "correct", False)
    assert record == {"op": "label", "case": 2, "case_id": DATASET.cases[2].id, "kind": "claims", "unit": 1,
                      "unit_id": DATASET.cases[2].claims[1].id, "field": "correct", "value": False}
    changed = apply_rag_edit(DATASET, record)
    assert changed.cases[2].claims[1].label("correct") is False
    assert changed.cases[2].claims[1].label("supported") == DATASET.cases[2].claims[1].label("supported")
    assert changed.cases[:2] == DATASET.cases[:2] and changed.cases[3:] == DATASET.cases[3:]
    assert apply_rag_edit(changed, {**record, "value": None}).cases[2].claims[1].label("correct") is None


@pytest.mark.parametrize(("change", "where", "problem"), [
    ({"case": 99}, "case", "no case at position 99"),
    ({"case_id": "other"}, "case_id", "the record is for 'other'"),
    ({"kind": "answers"}, "kind", "unknown unit kind"),
    ({"unit": -1}, "unit", "no claims unit at position -1"),
    ({"unit": True}, "unit", "expected a position"),
    ({"unit_id": "c9"}, "unit_id", "that position holds"),
    ({"field": "relevant"}, "field", "claims have no label 'relevant'"),
    ({"value": "yes"}, "value", "expected true, false or null"),
    ({"op": "delete"}, "op", "unknown edit 'delete'"),
])
def test_a_record_that_does_not_fit_is_refused_with_the_place(change, where, problem):
    record = {**rag_label(DATASET, 2, "claims", 1, "correct", False), **change}
    with pytest.raises(InputError) as error:
        apply_rag_edit(DATASET, record)
    assert error.value.where == where and problem in error.value.problem


def test_a_record_missing_a_field_or_not_an_object_is_refused():
    record = rag_label(DATASET, 0, "passages", 0, "relevant", False)
    del record["unit_id"]
    with pytest.raises(InputError, match='missing "unit_id"'):
        apply_rag_edit(DATASET, record)
    with pytest.raises(InputError, match="expected a JSON object"):
        apply_rag_edit(DATASET, [1, 2])


def test_workbench_revisions_are_logged_and_splits_and_reveals_recorded():
    dataset = load_workbench("en")
    case = dataset.cases[0]
    record = workbench_revision(dataset, case.id, "passages", case.passages[0].id, "relevant",
                                      not case.passages[0].label("relevant"), "why", "me", "2026-11-30T10:00:00Z")
    changed = apply_workbench_edit(dataset, record)
    from uncase_core.datasets.workbench import revisions

    assert len(revisions(changed)) == len(revisions(dataset)) + 1
    assert revisions(changed)[-1].reason == "why"
    assert apply_workbench_edit(changed, {"op": "reveal"}) is changed
    split = apply_workbench_edit(changed, {"op": "splits", "assignment": {case.id: "held-out"}})
    assert split.cases[0].metadata["split"] == "held-out"
    with pytest.raises(InputError, match="case id -> split"):
        apply_workbench_edit(changed, {"op": "splits", "assignment": ["x"]})
    with pytest.raises(InputError, match="no case with id"):
        apply_workbench_edit(changed, {"op": "splits", "assignment": {"nope": "dev"}})
    assert reveals([{"op": "reveal"}, record, {"op": "reveal"}]) == 2


def test_a_first_conversation_label_keeps_the_pre_labels_shown_and_changes_one():
    from uncase_core.conversations.claims import check_claims
    from uncase_core.conversations.coherence import check_turns

    conversations = (load_conversation(load_index(CONVERSATION_INDEX)[0], "en"),)
    shown = [check.claim for check in check_claims(conversations[0])]
    changed = apply_conversation_edit(conversations, conversation_claim(conversations, 0, 1, False))
    assert [c.verified for c in changed[0].claims] == [False if i == 1 else c.verified for i, c in enumerate(shown)]
    turns = check_turns(conversations[0])
    changed = apply_conversation_edit(conversations, conversation_turn(conversations, 0, 2, False))
    assert [label.coherent for label in changed[0].turn_labels] == [
        False if c.turn == 2 else c.coherent for c in turns]
    with pytest.raises(InputError) as error:
        apply_conversation_edit(conversations, {"op": "turn", "conversation": 0,
                                                      "conversation_id": conversations[0].id, "turn": 99,
                                                      "value": True})
    assert error.value.where == "turn"


def test_summary_records_change_one_judgement_or_section_or_block():
    path = scenario_path(load_index(SUMMARY_INDEX)[0], "en", SUMMARY_INDEX)
    cases = cases_from_bytes(path.read_bytes(), path.name)
    changed = apply_summary_edit(cases, summary_edit(cases, "accuracy", 0, index=0, value=None))
    assert changed[0].accuracy[0].is_accurate is None
    changed = apply_summary_edit(cases, summary_edit(cases, "section", 0, index=0, kind="predefined",
                                                                 categorical=True))
    assert (changed[0].sections[0].kind, changed[0].sections[0].categorical) == ("predefined", True)
    with pytest.raises(InputError) as error:
        summary_edit(cases, "section", 0, index=0, kind="other", categorical=True)
    assert error.value.where == "kind"
    block = {"decomposition": [{"point": "p", "accuracy": "a", "is_accurate": "True"}]}
    changed = apply_summary_edit(cases, summary_edit(cases, "block", 0, block="accuracy", data=block))
    assert [p.is_accurate for p in changed[0].accuracy] == [True]
    with pytest.raises(InputError) as error:
        summary_edit(cases, "block", 0, block="accuracy", data={"decomposition": [{"point": 3}]})
    assert error.value.where.startswith("data.")


# ---------------------------------------------------------------- the judge page


def test_a_judge_skip_names_a_unit_and_changes_no_data():
    record = judge_record(DATASET, "skip", 2, "claims", 1, "correct", True)
    assert record == {**rag_label(DATASET, 2, "claims", 1, "correct", None), "op": "skip", "value": True}
    assert apply_judge_edit(DATASET, record) is DATASET
    labelled = apply_judge_edit(DATASET, {**record, "op": "label", "value": False})
    assert labelled == apply_rag_edit(DATASET, {**record, "op": "label", "value": False})


@pytest.mark.parametrize(("change", "where", "problem"), [
    ({"value": None}, "value", "expected true or false"),
    ({"value": 1}, "value", "expected true or false"),
    ({"unit_id": "c9"}, "unit_id", "that position holds"),
    ({"case": 99}, "case", "no case at position 99"),
    ({"op": "reveal"}, "op", "unknown edit 'reveal'; expected one of label, skip"),
])
def test_a_judge_record_that_does_not_fit_is_refused_with_the_place(change, where, problem):
    record = {**judge_record(DATASET, "skip", 2, "claims", 1, "correct", True), **change}
    with pytest.raises(InputError) as error:
        apply_judge_edit(DATASET, record)
    assert error.value.where == where and problem in error.value.problem


def _judge(op: str, unit: int, value, field: str = "correct") -> dict:
    return judge_record(DATASET, op, 2, "claims", unit, field, value)


def test_judge_answers_undo_one_at_a_time_newest_first():
    records = [_judge("label", 0, True), _judge("skip", 1, True), _judge("label", 1, False)]
    answers = judge_answers(records)
    assert [(a.op, a.unit, a.value) for a in answers] == [("label", 0, True), ("skip", 1, True), ("label", 1, False)]
    assert judge_skips(records) == {(DATASET.cases[2].id, "claims", DATASET.cases[2].claims[1].id, "correct")}
    undone = [*records, answers[-1].undo_record()]
    assert [a.op for a in judge_answers(undone)] == ["label", "skip"]
    undone.append(judge_answers(undone)[-1].undo_record())
    assert [a.op for a in judge_answers(undone)] == ["label"]
    assert judge_skips(undone) == frozenset()
    for record in undone:  # every undo record is itself a valid record
        apply_judge_edit(DATASET, record)


def test_a_new_label_on_a_unit_replaces_its_answer_and_other_fields_are_apart():
    records = [_judge("label", 0, True), _judge("label", 0, False), _judge("label", 0, True, "supported")]
    answers = judge_answers(records)
    assert [(a.field, a.value) for a in answers] == [("correct", False), ("supported", True)]


@given(st.lists(st.tuples(st.sampled_from(["label", "skip", "undo"]), st.integers(0, 2), st.booleans()),
                max_size=25))
def test_replaying_answers_and_undos_matches_a_stack(steps):
    """Model: a stack of (unit, op) answers; an undo pops the newest; a new answer replaces the unit's same-op one."""
    records, model = [], []
    for op, unit, value in steps:
        if op == "undo":
            if model:
                records.append(judge_answers(records)[-1].undo_record())
                model.pop()
            continue
        records.append(_judge(op, unit, value if op == "label" else True))
        model = [entry for entry in model if entry[:2] != (unit, op)] + [(unit, op, value if op == "label" else True)]
    assert [(a.unit, a.op, a.value) for a in judge_answers(records)] == model
    data = DATASET
    for record in records:
        data = apply_judge_edit(data, record)
    answers = judge_answers(records)
    for unit in range(3):  # the data holds the last label given; the answers hold it while it is not undone
        given = [r["value"] for r in records if r["op"] == "label" and r["unit"] == unit]
        assert data.cases[2].claims[unit].label("correct") == (given[-1] if given else
                                                               DATASET.cases[2].claims[unit].label("correct"))
        in_effect = [a.value for a in answers if a.op == "label" and a.unit == unit]
        assert in_effect == ([given[-1]] if given and given[-1] is not None else [])


# ---------------------------------------------------------------- the agreement page: one annotator's label


def _agreement_pair():
    from uncase_core.lessons.data import lesson_data

    return lesson_data("agreement", "builtin", "en")


def test_an_agreement_record_changes_one_annotator_s_label_only():
    pair = _agreement_pair()
    record = agreement_label(pair, "b", 3, "claims", 2, "supported", True)  # both said no
    assert record == {"op": "label", "annotator": "b", "case": 3, "case_id": pair[1].cases[3].id, "kind": "claims",
                      "unit": 2, "unit_id": pair[1].cases[3].claims[2].id, "field": "supported", "value": True}
    a, b = apply_agreement_edit(pair, record)
    assert a is pair[0]
    assert b == apply_rag_edit(pair[1], record) != pair[1]
    assert b.cases[3].claims[2].label("supported") is True
    again = apply_agreement_edit((a, b), {**record, "annotator": "a", "case_id": pair[0].cases[3].id,
                                                "unit_id": pair[0].cases[3].claims[2].id, "value": None})
    assert again[0].cases[3].claims[2].label("supported") is None and again[1] == b


@pytest.mark.parametrize(("change", "where", "problem"), [
    ({"annotator": "c"}, "annotator", 'expected "a" or "b"'),
    ({"annotator": ["a"]}, "annotator", 'expected "a" or "b"'),
    ({"case": 23}, "case", "no case at position 23"),  # B has 23 cases: A's last one is not B's
    ({"unit_id": "p9"}, "unit_id", "that position holds"),
    ({"value": 1}, "value", "expected true, false or null"),
    ({"op": "revision"}, "op", "unknown edit 'revision'"),
])
def test_an_agreement_record_that_does_not_fit_is_refused_with_the_place(change, where, problem):
    pair = _agreement_pair()
    record = {**agreement_label(pair, "b", 0, "passages", 0, "relevant", False), **change}
    with pytest.raises(InputError) as error:
        apply_agreement_edit(pair, record)
    assert error.value.where == where and problem in error.value.problem
    record = agreement_label(pair, "a", 0, "passages", 0, "relevant", False)
    del record["annotator"]
    with pytest.raises(InputError, match='missing "annotator"'):
        apply_agreement_edit(pair, record)
    with pytest.raises(InputError, match='expected "a" or "b"'):
        agreement_label(pair, "x", 0, "passages", 0, "relevant", False)
