"""What a class labelled on one RAG dataset: distributions, majority, metrics, spreads, agreement, export rows."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.agreement.class_labels import (
    ALL,
    DIMENSION_FIELDS,
    ClassLabels,
    LabelRow,
    ParticipantProgress,
    class_labels,
)
from uncase_core.agreement.many import (
    MIN_UNITS_FOR_AGREEMENT_INTERVAL,
    NOTE_FEW_UNITS,
    NOTE_NO_COMPLETE_UNITS,
    bootstrap_interval,
    fleiss_kappa,
    krippendorff_alpha,
)
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_from_text, dataset_to_text
from uncase_core.rag.evaluation import METRICS, Settings, evaluate_dataset, pooled_metrics
from uncase_core.stats.proportions import Proportion


def dataset(*cases: dict) -> RagDataset:
    return RagDataset(tuple(case_from_dict(case) for case in cases), "object")


@pytest.fixture
def hand_class(make_case_dict):
    """Three participants on one case; the comments below give every count."""
    room = dataset(make_case_dict("one", passages=[True, False], claims=[(True, True)], facts=[True]))
    copies = {
        "ana": dataset(make_case_dict("one", passages=[True, False], claims=[(True, False)], facts=[True])),
        "ben": dataset(make_case_dict("one", passages=[True, True], claims=[(False, False)], facts=[None])),
        "cy": dataset(make_case_dict("one", passages=[None, True], claims=[(True, None)], facts=[False])),
    }
    return room, copies


def by_place(result: ClassLabels) -> dict[tuple[str, str], object]:
    return {(unit.unit, unit.field): unit for unit in result.units}


def test_distributions_majority_ties_and_disagreement(hand_class):
    result = class_labels(*hand_class, resamples=0)
    assert result.participants == ("ana", "ben", "cy")
    units = by_place(result)
    # (yes, no, unlabelled, majority, tie, disagreement)
    expected = {
        ("p1", "relevant"): (2, 0, 1, True, False, 0.0),
        ("p2", "relevant"): (2, 1, 0, True, False, 1 / 3),
        ("c1", "supported"): (2, 1, 0, True, False, 1 / 3),
        ("c1", "correct"): (0, 2, 1, False, False, 0.0),
        ("f1", "covered"): (1, 1, 1, None, True, 0.5),
    }
    assert list(units) == list(expected)
    for place, figures in expected.items():
        unit = units[place]
        assert (unit.yes, unit.no, unit.unlabelled, unit.majority, unit.tie, unit.disagreement) == figures
    assert units["p2", "relevant"].reference is False  # the room's own label, for the reveal
    assert units["c1", "correct"].dimension == "correctness"
    assert units["p1", "relevant"].text == "passage 1"
    assert result.ties == (units["f1", "covered"],)
    assert [(u.unit, u.field) for u in result.most_disputed()] == [
        ("f1", "covered"), ("p2", "relevant"), ("c1", "supported"), ("p1", "relevant"), ("c1", "correct")]
    assert len(result.most_disputed(2)) == 2


def test_progress_of_each_participant(hand_class):
    result = class_labels(*hand_class, resamples=0)
    assert result.progress == (
        ParticipantProgress("ana", 5, 5, 4, 4),
        ParticipantProgress("ben", 4, 5, 3, 4),  # the fact is unlabelled
        ParticipantProgress("cy", 3, 5, 2, 4),  # p1 and c1.correct unlabelled: p2 and f1 complete
    )
    assert [p.done for p in result.progress] == [True, False, False]


def test_majority_dataset_and_the_class_metrics(hand_class, make_case_dict):
    result = class_labels(*hand_class, resamples=0)
    majority = dataset(make_case_dict("one", passages=[True, True], claims=[(True, False)], facts=[None]))
    assert result.majority == majority
    assert result.evaluation == evaluate_dataset(majority.cases, Settings.build())
    metrics = result.evaluation.cases[0].metrics
    assert metrics["context_relevance"] == Proportion.from_counts(2, 2)
    assert metrics["coverage"].is_na and metrics["coverage"].unlabelled == 1  # the tie counts as unlabelled
    # The majority dataset writes back in the room's format and reads again unchanged.
    assert dataset_from_text(dataset_to_text(result.majority)) == result.majority


def test_spread_of_the_participants_own_values(hand_class):
    spreads = class_labels(*hand_class, resamples=0).spreads
    assert spreads["context_relevance"].values == (("ana", 0.5), ("ben", 1.0), ("cy", 1.0))
    assert (spreads["context_relevance"].minimum, spreads["context_relevance"].median,
            spreads["context_relevance"].maximum) == (0.5, 1.0, 1.0)
    assert spreads["context_relevance"].lower_quartile == 0.75
    assert spreads["faithfulness"].values == (("ana", 1.0), ("ben", 0.0), ("cy", 1.0))
    assert spreads["correctness"].values == (("ana", 0.0), ("ben", 0.0))
    assert spreads["correctness"].not_applicable == ("cy",)
    assert spreads["coverage"].not_applicable == ("ben",)


def test_agreement_per_dimension_and_over_all_labels(hand_class):
    result = class_labels(*hand_class, resamples=200, seed=5)
    ana = [True, False, True, False, True]
    ben = [True, True, False, False, None]
    cy = [None, True, True, None, False]
    alpha = krippendorff_alpha([ana, ben, cy])
    overall = result.agreement[ALL]
    assert overall.alpha == alpha
    assert overall.fleiss == fleiss_kappa([ana, ben, cy])
    assert (overall.fleiss.units, overall.fleiss.left_out) == (2, 3)  # only p2 and c1.supported have three labels
    assert overall.alpha_interval == bootstrap_interval([ana, ben, cy], "alpha", resamples=200, seed=5)
    assert overall.fleiss_interval == bootstrap_interval([ana, ben, cy], "fleiss", resamples=200, seed=5)
    # five units: too few for an interval that holds its level, and the room says how many more it needs
    assert (overall.alpha_interval.low, overall.alpha_interval.note, overall.alpha_interval.needed) == (
        None, NOTE_FEW_UNITS, MIN_UNITS_FOR_AGREEMENT_INTERVAL - overall.alpha.units)
    relevance = result.agreement["context_relevance"]
    assert relevance.alpha == krippendorff_alpha([[True, False], [True, True], [None, True]])
    coverage = result.agreement["coverage"]  # ana and cy split on the only fact; ben gave nothing
    assert coverage.alpha == krippendorff_alpha([[True], [None], [False]])
    assert coverage.fleiss.annotators == 2 and coverage.fleiss.units == 1
    assert set(result.agreement) == {*METRICS, ALL}


def test_no_bootstrap_when_resamples_is_zero(hand_class):
    result = class_labels(*hand_class, resamples=0)
    assert all(item.alpha_interval is None and item.fleiss_interval is None for item in result.agreement.values())


def test_export_rows(hand_class):
    result = class_labels(*hand_class, resamples=0)
    rows = result.rows()
    assert len(rows) == 5 + 4 + 3
    assert rows[0] == LabelRow("ana", "one", "passages", "p1", "relevant", True)
    assert rows[0].to_dict() == {"participant": "ana", "case": "one", "kind": "passages", "unit": "p1",
                                 "dimension": "context_relevance", "field": "relevant", "label": True}
    assert LabelRow("ben", "one", "reference_facts", "f1", "covered", None) not in rows
    every = result.rows(include_unlabelled=True)
    assert len(every) == 3 * 5
    assert LabelRow("ben", "one", "reference_facts", "f1", "covered", None) in every


def test_a_copy_missing_cases_or_units_counts_them_unlabelled_and_extra_cases_are_ignored(make_case_dict):
    room = dataset(make_case_dict("one", passages=[True, True]), make_case_dict("two", facts=[True]))
    short = make_case_dict("one", passages=[False])  # p2 missing, case "two" missing
    short["passages"][0]["text"] = "the participant's own wording"
    copies = {"ana": dataset(short, make_case_dict("extra", facts=[True, True])),
              "ben": dataset(make_case_dict("two", facts=[False]), make_case_dict("one", passages=[True, True]))}
    result = class_labels(room, copies, resamples=0)
    units = by_place(result)
    assert (units["p1", "relevant"].yes, units["p1", "relevant"].no) == (1, 1)
    assert units["p2", "relevant"].unlabelled == 1
    assert units["f1", "covered"].unlabelled == 1 and units["f1", "covered"].no == 1
    assert [u.case for u in result.units] == ["one", "one", "two"]
    assert result.progress[0] == ParticipantProgress("ana", 1, 3, 1, 3)


def test_no_participants(make_case_dict):
    room = dataset(make_case_dict("one", passages=[True]))
    result = class_labels(room, {}, resamples=10)
    assert result.units[0].unlabelled == 0 and result.units[0].majority is None and not result.units[0].tie
    assert result.units[0].disagreement is None
    assert result.majority.cases[0].passages[0].label("relevant") is None
    assert result.agreement[ALL].alpha.value is None
    assert result.spreads["context_relevance"].median is None


def test_fleiss_note_when_no_unit_is_complete(make_case_dict):
    room = dataset(make_case_dict("one", passages=[True, True]))
    copies = {"ana": dataset(make_case_dict("one", passages=[True, None])),
              "ben": dataset(make_case_dict("one", passages=[None, False]))}
    result = class_labels(room, copies, resamples=0)
    assert result.agreement[ALL].fleiss.note == NOTE_NO_COMPLETE_UNITS


def test_results_are_frozen_and_serialize_to_json(hand_class):
    result = class_labels(*hand_class, resamples=50)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.participants = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.agreement["all"] = None  # type: ignore[index]
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["participants"] == ["ana", "ben", "cy"]
    assert data["units"][4]["tie"] is True
    assert data["agreement"]["all"]["alpha_interval"]["resamples"] == 50
    assert data["majority"][0]["reference_facts"][0]["covered"] is None
    assert data["spreads"]["correctness"]["not_applicable"] == ["cy"]


@pytest.mark.parametrize(("room", "copies", "kwargs", "where"), [
    ("room", {}, {}, "room"),
    (None, [], {}, "copies"),
    (None, {"": None}, {}, "copies"),
    (None, {3: None}, {}, "copies"),
    (None, {"ana": "file.json"}, {}, "copies['ana']"),
    (None, {}, {"resamples": -1}, "resamples"),
    (None, {}, {"resamples": True}, "resamples"),
    (None, {}, {"seed": -2}, "seed"),
])
def test_bad_input(make_case_dict, room, copies, kwargs, where):
    room = dataset(make_case_dict("one", passages=[True])) if room is None else room
    with pytest.raises(InputError) as caught:
        class_labels(room, copies, **kwargs)
    assert caught.value.where == where


def test_a_bad_label_names_the_participant_and_the_place(make_case_dict):
    room = dataset(make_case_dict("one", passages=[True], claims=[(True, True)]))
    copy = dataset(make_case_dict("one", passages=[True], claims=[(True, True)]))
    broken = copy.cases[0].with_units("claims", (copy.cases[0].claims[0].with_label("correct", "yes"),))
    with pytest.raises(InputError) as caught:
        class_labels(room, {"ana": copy, "ben": RagDataset((broken,))})
    assert caught.value.where == "copies['ben'].cases[0].claims[0].correct"
    duplicated = RagDataset((copy.cases[0], copy.cases[0]))
    with pytest.raises(InputError) as caught:
        class_labels(duplicated, {})
    assert caught.value.where == "room.cases[1].id"
    with pytest.raises(InputError) as caught:
        class_labels(room, {"ana": duplicated})
    assert caught.value.where == "copies['ana'].cases[1].id"


# ---------------------------------------------------------------- properties

labels = st.sampled_from([True, False, None])


@st.composite
def classes(draw, make_case_dict):
    shapes = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)), min_size=1,
                           max_size=3))
    participants = draw(st.integers(min_value=1, max_value=6))

    def copy():
        return dataset(*(make_case_dict(f"case-{i}", passages=draw(st.lists(labels, min_size=p, max_size=p)),
                                        claims=draw(st.lists(st.tuples(labels, labels), min_size=c, max_size=c)),
                                        facts=draw(st.lists(labels, min_size=f, max_size=f)))
                         for i, (p, c, f) in enumerate(shapes)))

    return copy(), {f"p{k}": copy() for k in range(participants)}


def ratings_of(result: ClassLabels, field: str | None = None) -> list[list[bool | None]]:
    keep = [i for i, unit in enumerate(result.units) if field is None or unit.field == field]
    return [[row[i] for i in keep] for row in result.labels]


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_counts_add_up_and_agreement_equals_the_ratings_functions(make_case_dict, data):
    room, copies = data.draw(classes(make_case_dict))
    result = class_labels(room, copies, resamples=0)
    participants = len(copies)
    for unit in result.units:
        assert unit.yes + unit.no + unit.unlabelled == participants
        assert unit.tie == (unit.yes == unit.no > 0)
        assert (unit.majority is None) == (unit.yes == unit.no)
        if unit.disagreement is not None:
            assert 0.0 <= unit.disagreement <= 0.5
    assert len(result.rows(include_unlabelled=True)) == participants * len(result.units)
    assert len(result.rows()) == sum(p.labels_given for p in result.progress) == sum(
        unit.yes + unit.no for unit in result.units)
    for name in METRICS:
        ratings = ratings_of(result, DIMENSION_FIELDS[name])
        assert result.agreement[name].alpha == krippendorff_alpha(ratings)
        assert result.agreement[name].fleiss == fleiss_kappa(ratings)
        spread = result.spreads[name]
        assert len(spread.values) + len(spread.not_applicable) == participants
        for alias, value in spread.values:
            assert value == pooled_metrics(copies[alias].cases)[name].value
        for alias in spread.not_applicable:
            assert pooled_metrics(copies[alias].cases)[name].is_na
    assert result.agreement[ALL].alpha == krippendorff_alpha(ratings_of(result))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_majority_of_identical_copies_is_that_copy(make_case_dict, data):
    room, copies = data.draw(classes(make_case_dict))
    one = next(iter(copies.values()))
    count = data.draw(st.integers(min_value=1, max_value=5))
    result = class_labels(room, {f"p{k}": one for k in range(count)}, resamples=0)
    assert [case.id for case in result.majority.cases] == [case.id for case in room.cases]
    for mine, theirs in zip(result.majority.cases, one.cases, strict=True):
        for kind in ("passages", "claims", "reference_facts"):
            assert [u.labels for u in mine.units(kind)] == [u.labels for u in theirs.units(kind)]
    assert not result.ties
    assert all(unit.disagreement in (None, 0.0) for unit in result.units)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_alpha_is_one_when_everyone_agrees_on_more_than_one_category(make_case_dict, data):
    room, copies = data.draw(classes(make_case_dict))
    truth = next(iter(copies.values()))
    given_labels = [label for case in truth.cases for kind in ("passages", "claims", "reference_facts")
                    for unit in case.units(kind) for label in unit.labels.values() if label is not None]
    count = data.draw(st.integers(min_value=2, max_value=5))
    result = class_labels(room, {f"p{k}": truth for k in range(count)}, resamples=0)
    overall = result.agreement[ALL]
    if len(set(given_labels)) > 1:
        assert overall.alpha.value == pytest.approx(1.0, abs=1e-12)
        assert overall.fleiss.value == pytest.approx(1.0, abs=1e-12)
    else:
        assert overall.alpha.value is None
