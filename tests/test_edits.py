"""Edit records (uncase_core.edits): each changes exactly what it names, and one that does not fit is refused
with the place."""

from __future__ import annotations

import pytest

from uncase_core import edits
from uncase_core.errors import InputError
from uncase_core.scenarios import (
    CONVERSATION_INDEX,
    SUMMARY_INDEX,
    load_all,
    load_conversation,
    load_index,
    load_workbench,
    scenario_path,
)
from uncase_core.summary import cases_from_bytes

DATASET = load_all(load_index(), "en")


def test_a_label_record_changes_that_label_only():
    record = edits.rag_label(DATASET, 2, "claims", 1, "correct", False)
    assert record == {"op": "label", "case": 2, "case_id": DATASET.cases[2].id, "kind": "claims", "unit": 1,
                      "unit_id": DATASET.cases[2].claims[1].id, "field": "correct", "value": False}
    changed = edits.apply_rag_edit(DATASET, record)
    assert changed.cases[2].claims[1].label("correct") is False
    assert changed.cases[2].claims[1].label("supported") == DATASET.cases[2].claims[1].label("supported")
    assert changed.cases[:2] == DATASET.cases[:2] and changed.cases[3:] == DATASET.cases[3:]
    assert edits.apply_rag_edit(changed, {**record, "value": None}).cases[2].claims[1].label("correct") is None


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
    record = {**edits.rag_label(DATASET, 2, "claims", 1, "correct", False), **change}
    with pytest.raises(InputError) as error:
        edits.apply_rag_edit(DATASET, record)
    assert error.value.where == where and problem in error.value.problem


def test_a_record_missing_a_field_or_not_an_object_is_refused():
    record = edits.rag_label(DATASET, 0, "passages", 0, "relevant", False)
    del record["unit_id"]
    with pytest.raises(InputError, match='missing "unit_id"'):
        edits.apply_rag_edit(DATASET, record)
    with pytest.raises(InputError, match="expected a JSON object"):
        edits.apply_rag_edit(DATASET, [1, 2])


def test_workbench_revisions_are_logged_and_splits_and_reveals_recorded():
    dataset = load_workbench("en")
    case = dataset.cases[0]
    record = edits.workbench_revision(dataset, case.id, "passages", case.passages[0].id, "relevant",
                                      not case.passages[0].label("relevant"), "why", "me", "2026-11-30T10:00:00Z")
    changed = edits.apply_workbench_edit(dataset, record)
    from uncase_core.datasets import revisions

    assert len(revisions(changed)) == len(revisions(dataset)) + 1
    assert revisions(changed)[-1].reason == "why"
    assert edits.apply_workbench_edit(changed, {"op": "reveal"}) is changed
    split = edits.apply_workbench_edit(changed, {"op": "splits", "assignment": {case.id: "held-out"}})
    assert split.cases[0].metadata["split"] == "held-out"
    with pytest.raises(InputError, match="case id -> split"):
        edits.apply_workbench_edit(changed, {"op": "splits", "assignment": ["x"]})
    with pytest.raises(InputError, match="no case with id"):
        edits.apply_workbench_edit(changed, {"op": "splits", "assignment": {"nope": "dev"}})
    assert edits.reveals([{"op": "reveal"}, record, {"op": "reveal"}]) == 2


def test_a_first_conversation_label_keeps_the_pre_labels_shown_and_changes_one():
    from uncase_core.claims import check_claims
    from uncase_core.coherence import check_turns

    conversations = (load_conversation(load_index(CONVERSATION_INDEX)[0], "en"),)
    shown = [check.claim for check in check_claims(conversations[0])]
    changed = edits.apply_conversation_edit(conversations, edits.conversation_claim(conversations, 0, 1, False))
    assert [c.verified for c in changed[0].claims] == [False if i == 1 else c.verified for i, c in enumerate(shown)]
    turns = check_turns(conversations[0])
    changed = edits.apply_conversation_edit(conversations, edits.conversation_turn(conversations, 0, 2, False))
    assert [label.coherent for label in changed[0].turn_labels] == [
        False if c.turn == 2 else c.coherent for c in turns]
    with pytest.raises(InputError) as error:
        edits.apply_conversation_edit(conversations, {"op": "turn", "conversation": 0,
                                                      "conversation_id": conversations[0].id, "turn": 99,
                                                      "value": True})
    assert error.value.where == "turn"


def test_summary_records_change_one_judgement_or_section_or_block():
    path = scenario_path(load_index(SUMMARY_INDEX)[0], "en", SUMMARY_INDEX)
    cases = cases_from_bytes(path.read_bytes(), path.name)
    changed = edits.apply_summary_edit(cases, edits.summary_edit(cases, "accuracy", 0, index=0, value=None))
    assert changed[0].accuracy[0].is_accurate is None
    changed = edits.apply_summary_edit(cases, edits.summary_edit(cases, "section", 0, index=0, kind="predefined",
                                                                 categorical=True))
    assert (changed[0].sections[0].kind, changed[0].sections[0].categorical) == ("predefined", True)
    with pytest.raises(InputError) as error:
        edits.summary_edit(cases, "section", 0, index=0, kind="other", categorical=True)
    assert error.value.where == "kind"
    block = {"decomposition": [{"point": "p", "accuracy": "a", "is_accurate": "True"}]}
    changed = edits.apply_summary_edit(cases, edits.summary_edit(cases, "block", 0, block="accuracy", data=block))
    assert [p.is_accurate for p in changed[0].accuracy] == [True]
    with pytest.raises(InputError) as error:
        edits.summary_edit(cases, "block", 0, block="accuracy", data={"decomposition": [{"point": 3}]})
    assert error.value.where.startswith("data.")
