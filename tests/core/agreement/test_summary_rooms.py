"""Summary cases (document 002) as a workshop room's material: the class view, participants' copies rebuilt from the
summary page's label records, and the adjudication, computed by the same code as for RAG cases (issue 26)."""

from __future__ import annotations

import dataclasses

import krippendorff
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.agreement.adjudication import adjudicate, adjudicated_dataset, decision_record
from uncase_core.agreement.class_labels import ALL, blank_copy, class_labels, replay_edits
from uncase_core.agreement.materials import SUMMARY_MATERIAL, material_of
from uncase_core.assets.reader import SUMMARY_INDEX, load_index, scenario_path
from uncase_core.errors import InputError
from uncase_core.summaries.cases import cases_from_bytes, cases_from_text, cases_to_text
from uncase_core.summaries.edits import set_unit_field, summary_edit
from uncase_core.summaries.evaluation import evaluate_summaries
from uncase_core.summaries.format import SUMMARY_METRICS


def summary_cases(lang: str = "en") -> tuple:
    cases = []
    for scenario in load_index(SUMMARY_INDEX):
        path = scenario_path(scenario, lang, SUMMARY_INDEX)
        cases.extend(cases_from_bytes(path.read_bytes(), path.name))
    return tuple(cases)


@pytest.fixture(scope="module")
def room():
    """The cancellation case: accuracy points 1-2, rubric 1, completeness items 1.1-1.3; its own labels: the
    reference."""
    return tuple(case for case in summary_cases() if case.id == "cancellation")


def labelled(room, accuracy, rubrics, items):
    """A participant's copy: the room's units labelled as given (None: not labelled)."""
    values = {}
    for position, label in enumerate(accuracy, 1):
        values["cancellation", "accuracy", str(position), "is_accurate"] = label
    for position, label in enumerate(rubrics, 1):
        values["cancellation", "rubrics", str(position), "is_addressed"] = label
    for position, label in enumerate(items, 1):
        values["cancellation", "items", f"1.{position}", "is_covered"] = label
    return SUMMARY_MATERIAL.with_labels(room, values)


def test_the_units_of_a_summary_case_are_named_by_position(room):
    slots = SUMMARY_MATERIAL.slots(room)
    assert [slot.key[1:] for slot in slots] == [
        ("accuracy", "1", "is_accurate"), ("accuracy", "2", "is_accurate"), ("rubrics", "1", "is_addressed"),
        ("items", "1.1", "is_covered"), ("items", "1.2", "is_covered"), ("items", "1.3", "is_covered")]
    case = room[0]
    assert slots[1].text == case.accuracy[1].point and slots[1].reference is case.accuracy[1].is_accurate
    assert slots[4].text == case.completeness[0].content_list[1].transcript_content
    assert material_of(room) is SUMMARY_MATERIAL


def test_the_class_view_of_three_participants(room):
    copies = {
        "ana": labelled(room, [True, False], [True], [True, False, True]),
        "ben": labelled(room, [True, True], [None], [True, False, False]),
        "cy": labelled(room, [None, False], [False], [True, None, None]),
    }
    result = class_labels(room, copies, resamples=0)
    assert result.dimensions == SUMMARY_METRICS
    # (yes, no, unlabelled, majority, tie)
    expected = {
        ("accuracy", "1"): (2, 0, 1, True, False), ("accuracy", "2"): (1, 2, 0, False, False),
        ("rubrics", "1"): (1, 1, 1, None, True), ("items", "1.1"): (3, 0, 0, True, False),
        ("items", "1.2"): (0, 2, 1, False, False), ("items", "1.3"): (1, 1, 1, None, True),
    }
    assert {(u.kind, u.unit): (u.yes, u.no, u.unlabelled, u.majority, u.tie) for u in result.units} == expected
    assert [u.dimension for u in result.units] == ["accuracy", "accuracy", "adherence", *["completeness"] * 3]
    # The class majority, in the summary format, evaluated as the summary page evaluates it.
    majority = result.majority[0]
    assert [p.is_accurate for p in majority.accuracy] == [True, False]
    assert majority.rubrics[0].is_addressed is None
    assert [i.is_covered for i in majority.completeness[0].content_list] == [True, False, None]
    assert result.evaluation == evaluate_summaries(result.majority)
    assert result.pooled["accuracy"].successes == 1 and result.pooled["accuracy"].total == 2
    # Progress: labels given of 6, units with every label given.
    assert [(p.alias, p.labels_given, p.units_complete, p.units_total) for p in result.progress] == [
        ("ana", 6, 6, 6), ("ben", 5, 5, 6), ("cy", 3, 3, 6)]
    # Agreement per dimension equals the krippendorff package on the same ratings.
    ratings = {"accuracy": [[1, 0], [1, 1], [np.nan, 0]], "completeness": [[1, 0, 1], [1, 0, 0], [1, np.nan, np.nan]]}
    for name, matrix in ratings.items():
        assert result.agreement[name].alpha.value == pytest.approx(
            krippendorff.alpha(reliability_data=np.array(matrix, dtype=float), level_of_measurement="nominal"),
            abs=1e-12)
    assert set(result.agreement) == {*SUMMARY_METRICS, ALL}
    assert result.to_dict()["material"] == "summaries"


def test_a_participants_copy_leaves_out_the_labels_and_the_explanations_that_give_them_away(room):
    blank = blank_copy(room)
    assert all(slot.reference is None for slot in SUMMARY_MATERIAL.slots(blank))
    case, original = blank[0], room[0]
    assert original.accuracy[1].accuracy and not any(point.accuracy for point in case.accuracy)
    assert not any(rubric.reasoning for rubric in case.rubrics)
    assert not any(item.related_content_from_summary for q in case.completeness for item in q.content_list)
    # What is judged stays: the conversation, the summary, the points, the rubrics' questions, the items' contents.
    assert (case.transcript, case.sections) == (original.transcript, original.sections)
    assert [p.point for p in case.accuracy] == [p.point for p in original.accuracy]
    assert [i.transcript_content for i in case.completeness[0].content_list] == \
        [i.transcript_content for i in original.completeness[0].content_list]
    # The explanations come back with the reveal, by unit.
    why = SUMMARY_MATERIAL.explanations(room)
    assert why["cancellation", "accuracy", "2", "is_accurate"] == original.accuracy[1].accuracy


def test_a_copy_is_rebuilt_from_the_summary_pages_label_records(room):
    blank = blank_copy(room)
    records = [summary_edit(blank, "accuracy", 0, index=1, value=False),
               summary_edit(blank, "completeness", 0, question=0, item=2, value=True),
               summary_edit(blank, "rubric", 0, index=0, value=True),
               summary_edit(blank, "accuracy", 0, index=1, value=None)]  # cleared again
    replayed = replay_edits(blank, records)
    assert replayed.refused == 0
    case = replayed.copy[0]
    assert [p.is_accurate for p in case.accuracy] == [None, None]
    assert case.rubrics[0].is_addressed is True
    assert case.completeness[0].content_list[2].is_covered is True
    assert [SUMMARY_MATERIAL.record_key(r) for r in records[:2]] == [
        ("cancellation", "accuracy", "2", "is_accurate"), ("cancellation", "items", "1.3", "is_covered")]


def test_records_that_would_change_a_rooms_texts_or_do_not_fit_are_refused_and_counted(room):
    blank = blank_copy(room)
    text_change = set_unit_field(blank, 0, "accuracy", 0, "point", "A different point")
    block = summary_edit(blank, "block", 0, block="adherence", data={"rubrics": []})
    out_of_range = {"op": "accuracy", "case": 0, "case_id": "cancellation", "index": 9, "value": True}
    other_case = {"op": "accuracy", "case": 0, "case_id": "appointment", "index": 0, "value": True}
    good = summary_edit(blank, "accuracy", 0, index=0, value=True)
    replayed = replay_edits(blank, [text_change, block, out_of_range, other_case, good])
    assert replayed.refused == 4
    assert replayed.copy[0].accuracy[0].point == room[0].accuracy[0].point  # the text is the room's
    assert replayed.copy[0].accuracy[0].is_accurate is True
    assert len(replayed.copy[0].rubrics) == len(room[0].rubrics)


def test_a_copy_of_another_kind_or_a_room_of_neither_is_refused_with_its_place(room, make_case_dict):
    from uncase_core.rag.cases import RagDataset, case_from_dict

    rag = RagDataset((case_from_dict(make_case_dict("one", passages=[True])),), "object")
    with pytest.raises(InputError) as error:
        class_labels(room, {"ana": rag}, resamples=0)
    assert error.value.where == "copies['ana']" and "summary cases" in str(error.value)
    with pytest.raises(InputError) as error:
        class_labels(("not", "cases"), {}, resamples=0)
    assert error.value.where == "room"
    with pytest.raises(InputError):
        class_labels(rag, {"ana": room}, resamples=0)


def test_adjudication_of_a_summary_room(room):
    copies = {"ana": labelled(room, [True, False], [True], [True, False, True]),
              "ben": labelled(room, [True, True], [False], [True, False, False])}
    labels = class_labels(room, copies, resamples=0)
    record = decision_record(room, "cancellation", "accuracy", "2", "is_accurate", False, "$30 is not $10", "Fac",
                             "2026-12-03T10:00:00")
    adjudication = adjudicate(room, labels, [record])
    assert adjudication.decided == 1
    queued = {(item.unit.kind, item.unit.unit): item.why for item in adjudication.queue}
    assert queued[("accuracy", "2")] == "split" and queued[("rubrics", "1")] == "split"
    gold = adjudicated_dataset(room, labels, adjudication.decisions)
    case = gold[0]
    assert [p.is_accurate for p in case.accuracy] == [True, False]  # settled by both, decided
    assert case.rubrics[0].is_addressed is None  # split, not decided
    assert case.extra["revisions"] == [{"case": "cancellation", "unit": "2", "field": "is_accurate", "old": None,
                                        "new": False, "reason": "$30 is not $10", "author": "Fac",
                                        "time": "2026-12-03T10:00:00"}]
    again = cases_from_text(cases_to_text(gold))  # the file says who decided what and why, and reads back
    assert again[0].extra["revisions"] == case.extra["revisions"]
    # Item 1.2: both said no, the room's reference says yes: not settled, waits for a decision.
    assert queued[("items", "1.2")] == "against_reference"
    # The gold labels: point 1 and item 1.1 (settled by both, as the reference), point 2 (decided). Ana agrees on
    # all three, Ben on two (he said point 2 was accurate).
    assert [(a.participant, a.share.successes, a.share.total) for a in adjudication.agreement] == [
        ("ana", 3, 3), ("ben", 2, 3)]


def test_a_decision_naming_a_rag_unit_in_a_summary_room_is_refused(room):
    with pytest.raises(InputError) as error:
        decision_record(room, "cancellation", "passages", "p1", "relevant", True, "why", "Fac",
                        "2026-12-03T10:00:00")
    assert error.value.where == "decision.kind"
    with pytest.raises(InputError) as error:
        decision_record(room, "cancellation", "accuracy", "9", "is_accurate", True, "why", "Fac",
                        "2026-12-03T10:00:00")
    assert "no label" in str(error.value)


LABEL = st.sampled_from([True, False, None])


@settings(max_examples=40)
@given(st.data())
def test_any_class_on_the_built_in_summary_cases_adds_up(data):
    """Counts add up to the class, the majority follows them, and every dimension's alpha is the krippendorff
    package's on the same labels, for any labels of any number of participants."""
    room = summary_cases()
    slots = SUMMARY_MATERIAL.slots(room)
    people = data.draw(st.integers(min_value=1, max_value=5))
    matrix = [data.draw(st.lists(LABEL, min_size=len(slots), max_size=len(slots))) for _ in range(people)]
    copies = {f"p{i}": SUMMARY_MATERIAL.with_labels(room, {slot.key: row[s] for s, slot in enumerate(slots)})
              for i, row in enumerate(matrix)}
    result = class_labels(room, copies, resamples=0)
    for s, unit in enumerate(result.units):
        column = [row[s] for row in matrix]
        assert (unit.yes, unit.no, unit.unlabelled) == (column.count(True), column.count(False), column.count(None))
        assert unit.yes + unit.no + unit.unlabelled == people
        assert unit.majority == (True if unit.yes > unit.no else False if unit.no > unit.yes else None)
    for name in SUMMARY_METRICS:
        columns = [s for s, slot in enumerate(slots) if slot.field == SUMMARY_MATERIAL.dimension_fields[name]]
        ratings = np.array([[np.nan if row[s] is None else float(row[s]) for s in columns] for row in matrix])
        alpha = result.agreement[name].alpha.value
        if alpha is not None:
            assert alpha == pytest.approx(krippendorff.alpha(reliability_data=ratings, level_of_measurement="nominal",
                                                             value_domain=[0.0, 1.0]), abs=1e-9)
    # The majority dataset, written and read back, is the same summary cases.
    assert cases_from_text(cases_to_text(result.majority)) == result.majority
    assert dataclasses.replace(result, labels=()).material is SUMMARY_MATERIAL
