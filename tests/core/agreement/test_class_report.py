"""The after-class report's content: per unit the class's split, the reference, the gold and where it comes from; the
agreement under its registered figure; what the figures cannot say; the most disputed units."""

from __future__ import annotations

import pytest

from uncase_core.agreement import REPORT_LIMITS, room_report
from uncase_core.agreement.adjudication import adjudicate
from uncase_core.agreement.class_labels import ALL, class_labels
from uncase_core.rag.cases import RagDataset, case_from_dict
from uncase_core.stats.figures import registered

TIME = "2026-12-01T20:00:00+00:00"


def dataset(*cases: dict) -> RagDataset:
    return RagDataset(tuple(case_from_dict(case) for case in cases), "object", {})


def decision(unit: str, gold: bool, reason: str) -> dict:
    return {"case_id": "one", "kind": "passages", "unit_id": unit, "field": "relevant", "gold": gold,
            "reason": reason, "author": "Profe", "time": TIME}


@pytest.fixture
def room(make_case_dict):
    """One case, five passages; the reference says p1..p3 relevant, p4 and p5 have none."""
    return dataset(make_case_dict("one", passages=[True, True, True, None, None]))


@pytest.fixture
def labels(make_case_dict, room):
    # p1: 4 yes 1 no (a majority of 80 % settles it)   p2: 2 yes 3 no (split, the most disputed)
    # p3: 5 yes (the class agrees)                       p4: 3 yes 2 no (split, decided)   p5: nobody
    rows = {"ana": [True, True, True, True, None], "ben": [True, True, True, True, None],
            "cy": [True, False, True, True, None], "di": [True, False, True, False, None],
            "ed": [False, False, True, False, None]}
    copies = {name: dataset(make_case_dict("one", passages=values)) for name, values in rows.items()}
    return class_labels(room, copies, resamples=0)


def test_each_unit_carries_its_split_reference_gold_and_why(room, labels):
    adjudication = adjudicate(room, labels, [decision("p4", False, "the passage names another law")], majority=0.8)
    report = room_report(labels, adjudication)
    by_unit = {item.unit.unit: item for item in report.units}
    assert [item.unit.unit for item in report.units] == ["p1", "p2", "p3", "p4", "p5"]  # the room's order
    p1, p2, p3, p4, p5 = (by_unit[u] for u in ("p1", "p2", "p3", "p4", "p5"))
    assert (p1.unit.yes, p1.unit.no, p1.unit.reference, p1.gold, p1.source, p1.agreeing) == (4, 1, True, True,
                                                                                            "majority", 4)
    assert (p2.gold, p2.source, p2.reason) == (None, "none", "")
    assert (p3.gold, p3.source) == (True, "class")
    assert (p4.gold, p4.source, p4.reason, p4.author) == (False, "decided", "the passage names another law", "Profe")
    assert (p5.unit.labelled, p5.gold, p5.source) == (0, None, "none")
    assert dict(report.sources) == {"decided": 1, "class": 1, "majority": 1, "none": 2}
    assert report.majority == 0.8 and (report.participants, report.finished) == (5, 0)


def test_the_most_disputed_units_come_first_and_only_those_the_class_split_on(room, labels):
    report = room_report(labels, adjudicate(room, labels, []))
    assert [item.unit.unit for item in report.disputed] == ["p2", "p4", "p1"]
    assert [item.unit.unit for item in room_report(labels, adjudicate(room, labels, []), disputed=1).disputed] == ["p2"]


def test_agreement_rows_are_each_dimension_then_all_under_a_registered_figure(room, labels):
    report = room_report(labels, adjudicate(room, labels, []))
    assert [row.dimension for row in report.agreement] == [*labels.dimensions, ALL]
    assert {row.dimension: row.room_units for row in report.agreement}["context_relevance"] == 5
    assert {row.dimension: row.room_units for row in report.agreement}[ALL] == len(labels.units)
    for figure in {row.figure for row in report.agreement} | {report.pooled_figure}:
        registered(figure)  # raises for a figure the registry does not know
    assert registered(report.pooled_figure).level is None  # the pooled rates are counts: the report draws no interval
    assert report.pooled["context_relevance"] is labels.pooled["context_relevance"]


def test_what_the_figures_cannot_say_is_listed_when_it_applies(room, labels, make_case_dict):
    report = room_report(labels, adjudicate(room, labels, []))
    # without a bootstrap every interval is withheld; p4, p5 have no reference; p2, p5 are undecided; nobody
    # labelled p5, so nobody finished
    assert report.limits == REPORT_LIMITS
    done = dataset(make_case_dict("one", passages=[True, True]))
    copies = {name: dataset(make_case_dict("one", passages=[True, True])) for name in ("ana", "ben")}
    settled = class_labels(done, copies, resamples=0)
    calm = room_report(settled, adjudicate(done, settled, []))
    assert "no_reference" not in calm.limits and "undecided" not in calm.limits and "unfinished" not in calm.limits
    assert calm.limits[:2] == ("not_correctness", "pooled_no_interval")
    assert calm.disputed == ()


def test_an_adjudication_of_another_class_view_is_refused(room, labels, make_case_dict):
    other = dataset(make_case_dict("one", passages=[True]))
    other_labels = class_labels(other, {"ana": dataset(make_case_dict("one", passages=[True]))}, resamples=0)
    with pytest.raises(ValueError, match="another class view"):
        room_report(labels, adjudicate(other, other_labels, []))
