"""Adjudication in a workshop room (issue 26): decision records, the queue, the gold, the adjudicated dataset with
its revision log, and each participant's agreement with the gold (share with Wilson, Cohen's kappa with its
asymptotic interval) checked against statsmodels and a formula of its own."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

from uncase_core.agreement.adjudication import (
    MIN_UNITS_FOR_KAPPA_INTERVAL,
    NOTE_TOO_FEW_UNITS,
    PROBLEMS,
    WHY,
    adjudicate,
    adjudicated_dataset,
    adjudication_queue,
    current_decisions,
    decision_record,
    gold_agreement,
    gold_labels,
    gold_spread,
    read_decisions,
)
from uncase_core.agreement.class_labels import class_labels
from uncase_core.datasets.workbench import dataset_from_file, revisions
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_to_text

TIME = "2026-12-01T20:00:00+00:00"


def dataset(*cases: dict, extra: dict | None = None) -> RagDataset:
    return RagDataset(tuple(case_from_dict(case) for case in cases), "object", extra or {})


def record(case="one", kind="passages", unit="p1", field="relevant", gold=True, reason="why", author="Fac",
           time=TIME) -> dict:
    return {"case_id": case, "kind": kind, "unit_id": unit, "field": field, "gold": gold, "reason": reason,
            "author": author, "time": time}


@pytest.fixture
def room(make_case_dict):
    """One case, six passages; the reference says p1..p3 relevant, p4..p6 have none."""
    return dataset(make_case_dict("one", passages=[True, True, True, None, None, None]))


@pytest.fixture
def copies(make_case_dict, room):
    # p1: 2 yes 1 no (split, 1/3)   p2: 3 no (the class agrees, against the reference's yes)
    # p3: 3 yes (settled)            p4: 1 yes only (one label)   p5: nobody   p6: 1 yes 1 no (split, 1/2: first)
    rows = {"ana": [True, False, True, True, None, True],
            "ben": [True, False, True, None, None, False],
            "cy": [False, False, True, None, None, None]}
    return {name: dataset(make_case_dict("one", passages=labels)) for name, labels in rows.items()}


@pytest.fixture
def labels(room, copies):
    return class_labels(room, copies, resamples=0)


def test_the_queue_is_what_the_class_did_not_settle_most_disputed_first(labels):
    queue = adjudication_queue(labels)
    assert [(item.unit.unit, item.why) for item in queue] == [
        ("p6", "split"), ("p1", "split"), ("p2", "against_reference"), ("p4", "one_label"), ("p5", "unlabelled")]
    first = queue[0].unit
    assert (first.yes, first.no, first.unlabelled, first.reference) == (1, 1, 1, None)
    assert queue[2].unit.reference is True and queue[2].unit.majority is False
    assert all(item.decision is None for item in queue)
    assert set(WHY) >= {item.why for item in queue}


def test_the_gold_is_the_decision_else_what_the_class_settled_else_none(room, labels):
    decisions = read_decisions(room, [record(unit="p1", gold=False), record(unit="p2", gold=True)])
    gold = dict(zip([u.unit for u in labels.units], gold_labels(labels, decisions), strict=True))
    assert gold == {"p1": (False, "decided"), "p2": (True, "decided"), "p3": (True, "class"), "p4": (None, "none"),
                    "p5": (None, "none"), "p6": (None, "none")}
    adjudication = adjudicate(room, labels, [record(unit="p1", gold=False), record(unit="p2", gold=True)])
    assert (adjudication.decided, adjudication.settled, adjudication.undecided) == (2, 1, 3)


def test_the_last_record_of_a_label_is_its_decision_and_null_withdraws_it(room, labels):
    records = [record(unit="p1", gold=True, reason="first look"), record(unit="p1", gold=False, reason="second"),
               record(unit="p6", gold=True), record(unit="p6", gold=None, reason="")]
    decisions = read_decisions(room, records)
    current = current_decisions(decisions)
    assert list(current) == [("one", "passages", "p1", "relevant")]
    assert current["one", "passages", "p1", "relevant"].reason == "second"
    queue = {item.unit.unit: item for item in adjudication_queue(labels, decisions)}
    assert queue["p1"].decision.gold is False and queue["p6"].decision is None


def test_a_decided_label_the_class_settles_later_stays_in_the_queue(make_case_dict, room):
    agree = {name: dataset(make_case_dict("one", passages=[True] * 6)) for name in ("ana", "ben")}
    settled = class_labels(room, agree, resamples=0)
    decisions = read_decisions(room, [record(unit="p4", gold=False, reason="the passage is off topic")])
    queue = adjudication_queue(settled, decisions)
    assert [(item.unit.unit, item.why) for item in queue] == [("p4", "settled")]
    assert gold_labels(settled, decisions)[3] == (False, "decided")


@pytest.mark.parametrize(("changes", "code", "where"), [
    ({"reason": "  "}, "gold_reason_needed", "decisions[0].reason"),
    ({"reason": "x" * 501}, "gold_reason_too_long", "decisions[0].reason"),
    ({"author": ""}, "gold_author_needed", "decisions[0].author"),
    ({"author": "y" * 81}, "gold_author_too_long", "decisions[0].author"),
    ({"unit": "p9"}, "gold_no_such_label", "decisions[0]"),
    ({"case": "two"}, "gold_no_such_label", "decisions[0]"),
    ({"gold": "yes"}, "expected", "decisions[0].gold"),
    ({"kind": "turns"}, "unknown_choice", "decisions[0].kind"),
    ({"field": "covered"}, "unknown_choice", "decisions[0].field"),
    ({"time": "yesterday"}, "expected", "decisions[0].time"),
    ({"reason": 3}, "expected", "decisions[0].reason"),
])
def test_a_bad_decision_is_refused_naming_its_place(room, changes, code, where):
    with pytest.raises(InputError) as caught:
        read_decisions(room, [record(**changes)])
    assert caught.value.code == code and caught.value.where == where


def test_a_record_without_a_key_or_not_an_object_is_refused(room):
    entry = record()
    del entry["gold"]
    with pytest.raises(InputError) as caught:
        read_decisions(room, [record(), entry])
    assert caught.value.where.startswith("decisions[1]")
    with pytest.raises(InputError) as caught:
        read_decisions(room, ["p1 yes"])
    assert caught.value.where == "decisions[0]"


def test_decision_record_checks_and_tidies_what_the_page_stores(room):
    made = decision_record(room, "one", "passages", "p2", "relevant", False, "  the passage   is off topic ",
                           " Facilitator ", TIME)
    assert made == record(unit="p2", gold=False, reason="the passage is off topic", author="Facilitator")
    assert decision_record(room, "one", "passages", "p2", "relevant", None, "", "Fac", TIME)["gold"] is None
    with pytest.raises(InputError):
        decision_record(room, "one", "passages", "p2", "relevant", True, "", "Fac", TIME)
    assert set(PROBLEMS) == {"gold_reason_needed", "gold_reason_too_long", "gold_author_needed",
                             "gold_author_too_long", "gold_no_such_label"}


def test_the_adjudicated_dataset_has_the_gold_and_a_revision_per_decision(room, labels):
    records = [record(unit="p1", gold=False, reason="not about refunds", time="2026-12-01T20:00:00+00:00"),
               record(unit="p1", gold=True, reason="it is, on second reading", author="Bea",
                      time="2026-12-01T20:05:00+00:00"),
               record(unit="p4", gold=True, reason="names the window"),
               record(unit="p4", gold=None, reason="not sure after all")]
    decisions = read_decisions(room, records)
    adjudicated = adjudicated_dataset(room, labels, decisions)
    relevant = [p.label("relevant") for p in adjudicated.cases[0].passages]
    assert relevant == [True, None, True, None, None, None]  # p2 undecided, p3 settled, p4 withdrawn
    text = dataset_to_text(adjudicated)
    log = revisions(dataset_from_file(text.encode("utf-8"), "adjudicated.json"))
    assert [(r.unit, r.old, r.new, r.reason, r.author, r.time) for r in log] == [
        ("p1", None, False, "not about refunds", "Fac", "2026-12-01T20:00:00+00:00"),
        ("p1", False, True, "it is, on second reading", "Bea", "2026-12-01T20:05:00+00:00"),
        ("p4", None, True, "names the window", "Fac", TIME),
        ("p4", True, None, "not sure after all", "Fac", TIME)]
    assert [p.text for p in adjudicated.cases[0].passages] == [p.text for p in room.cases[0].passages]


def test_a_revision_log_the_rooms_file_had_is_kept_first(make_case_dict, copies):
    earlier = {"case": "one", "unit": "p1", "field": "relevant", "old": None, "new": True, "reason": "seed",
               "author": "Dana", "time": "2026-11-01T09:00:00+00:00"}
    room = dataset(make_case_dict("one", passages=[True, True, True, None, None, None]),
                   extra={"revisions": [earlier]})
    labels = class_labels(room, copies, resamples=0)
    adjudicated = adjudicated_dataset(room, labels, read_decisions(room, [record(unit="p6", gold=False)]))
    assert [r.author for r in revisions(adjudicated)] == ["Dana", "Fac"]


# ---------------------------------------------------------------- agreement with the gold


def kappa_by_hand(a: list[bool], b: list[bool]) -> float:
    a_, b_ = np.array(a), np.array(b)
    observed = float(np.mean(a_ == b_))
    expected = float(np.mean(a_) * np.mean(b_) + np.mean(~a_) * np.mean(~b_))
    return (observed - expected) / (1 - expected)


def test_agreement_with_the_gold_matches_statsmodels_on_random_labels(make_case_dict):
    rng = np.random.default_rng(7)
    units = 40
    truth = rng.random(units) < 0.5
    room = dataset(make_case_dict("one", passages=[bool(v) for v in truth]))
    people = {}
    for p in range(6):
        flip = rng.random(units) < 0.1 + 0.08 * p
        skip = rng.random(units) < 0.15
        people[f"p{p}"] = [None if s else bool(v != f) for v, f, s in zip(truth, flip, skip, strict=True)]
    copies = {name: dataset(make_case_dict("one", passages=given)) for name, given in people.items()}
    labels = class_labels(room, copies, resamples=0)
    records = [record(unit=f"p{i + 1}", gold=bool(truth[i]), reason="reference") for i in range(units)]
    agreement = gold_agreement(labels, read_decisions(room, records), min_units=2)  # the interval at any size
    for result, (name, theirs) in zip(agreement, people.items(), strict=True):
        assert result.participant == name
        pairs = [(g, bool(t)) for g, t in zip(theirs, truth, strict=True) if g is not None]
        mine, gold = [g for g, _ in pairs], [t for _, t in pairs]
        agreed = sum(1 for g, t in pairs if g == t)
        assert (result.share.successes, result.share.total) == (agreed, len(pairs))
        low, high = proportion_confint(agreed, len(pairs), alpha=0.05, method="wilson")
        assert result.share.low == pytest.approx(low) and result.share.high == pytest.approx(high)
        table = np.zeros((2, 2))
        for g, t in pairs:
            table[int(g), int(t)] += 1
        expected = cohens_kappa(table)
        assert result.kappa == pytest.approx(kappa_by_hand(mine, gold)) == pytest.approx(expected.kappa)
        assert result.low == pytest.approx(max(expected.kappa_low, -1.0))
        assert result.high == pytest.approx(min(expected.kappa_upp, 1.0))
        assert result.note is None


def test_no_label_compared_is_na_and_too_few_withholds_kappas_interval(make_case_dict, room):
    copies = {"ana": dataset(make_case_dict("one", passages=[True, False, True, None, None, None])),
              "ben": dataset(make_case_dict("one", passages=[None, None, None, True, None, None]))}
    labels = class_labels(room, copies, resamples=0)
    decisions = read_decisions(room, [record(unit="p1", gold=True), record(unit="p2", gold=True),
                                      record(unit="p3", gold=False)])
    ana, ben = gold_agreement(labels, decisions)
    assert ben.share.value is None and ben.share.low is None and ben.kappa is None and ben.note == "no_units"
    assert ana.units == 3 and ana.share.value == pytest.approx(1 / 3)
    assert ana.kappa is not None and ana.low is None and ana.high is None and ana.note == NOTE_TOO_FEW_UNITS
    assert ana.share.low is not None  # Wilson's holds for any number of labels
    assert ana.needed == MIN_UNITS_FOR_KAPPA_INTERVAL - 3 and ben.needed is None  # how many more labels it needs
    assert ana.to_dict()["note_text"].endswith(f": {MIN_UNITS_FOR_KAPPA_INTERVAL - 3} more needed")
    assert str(MIN_UNITS_FOR_KAPPA_INTERVAL) in ana.to_dict()["note_text"]
    shown = gold_agreement(labels, decisions, min_units=3)[0]
    assert shown.needed is None
    assert gold_agreement(labels, decisions, min_units=4)[0].needed == 1
    assert shown.note is None and shown.low is not None and shown.low <= shown.kappa <= shown.high
    assert all(not math.isnan(v) for v in ana.to_dict()["share"].values() if isinstance(v, float))
    with pytest.raises(InputError) as caught:
        gold_agreement(labels, decisions, min_units=1)
    assert caught.value.where == "min_units"


def test_the_spread_has_the_values_and_quartiles_but_no_names(labels, room):
    decisions = read_decisions(room, [record(unit=f"p{i}", gold=True) for i in range(1, 7)])
    agreement = gold_agreement(labels, decisions)
    spread = gold_spread(agreement)
    shares = sorted(a.share.value for a in agreement)
    assert list(spread.shares) == pytest.approx(shares)
    assert list(spread.share_quartiles) == pytest.approx(list(np.percentile(shares, [0, 25, 50, 75, 100])))
    assert spread.not_applicable == 0
    assert "ana" not in str(spread.to_dict()) and "ben" not in str(spread.to_dict())
    settled_only = gold_spread(gold_agreement(labels, ()))  # no decision: the gold is p3, which all three gave yes
    assert settled_only.shares == (1.0, 1.0, 1.0) and settled_only.kappas == ()


# ---------------------------------------------------------------- properties

label = st.sampled_from([True, False, None])


@settings(max_examples=60, deadline=None)
@given(reference=st.lists(label, min_size=1, max_size=12), data=st.data())
def test_properties_of_the_gold_the_queue_and_the_agreement(make_case_dict, reference, data):
    units = len(reference)
    room = dataset(make_case_dict("one", passages=reference))
    people = data.draw(st.lists(st.lists(label, min_size=units, max_size=units), min_size=1, max_size=6))
    copies = {f"p{i}": dataset(make_case_dict("one", passages=given)) for i, given in enumerate(people)}
    labels = class_labels(room, copies, resamples=0)
    records = data.draw(st.lists(st.builds(
        lambda unit, gold: record(unit=f"p{unit + 1}", gold=gold, reason="r" if gold is not None else ""),
        st.integers(0, units - 1), label), max_size=10))
    adjudication = adjudicate(room, labels, records)
    # Every label the class did not settle is in the queue once; a decided label always is.
    queued = [item.unit.unit for item in adjudication.queue]
    assert len(queued) == len(set(queued))
    decided = {key[2] for key in current_decisions(adjudication.decisions)}
    for unit, (gold, source) in zip(labels.units, adjudication.gold, strict=True):
        if source == "none":
            assert unit.unit in queued and gold is None
        if source == "decided":
            assert unit.unit in decided and unit.unit in queued
        if source == "class":
            assert gold is not None and unit.labelled >= 2 and (unit.yes == 0 or unit.no == 0)
    # The adjudicated dataset carries the gold and one revision per record, and reads back.
    adjudicated = adjudicated_dataset(room, labels, adjudication.decisions)
    assert [p.label("relevant") for p in adjudicated.cases[0].passages] == [g for g, _ in adjudication.gold]
    log = revisions(dataset_from_file(dataset_to_text(adjudicated).encode("utf-8"), "x.json"))
    assert len(log) == len(records)
    # Shares and kappas are within their bounds, never NaN; N/A exactly when nothing is compared.
    for result in adjudication.agreement:
        share = result.share
        if share.total == 0:
            assert share.value is None and result.kappa is None
            continue
        assert 0 <= share.low <= share.value <= share.high <= 1
        if result.kappa is not None:
            assert -1 <= result.kappa <= 1
        if result.low is not None:
            assert -1 <= result.low <= result.kappa <= result.high <= 1
            assert share.total >= MIN_UNITS_FOR_KAPPA_INTERVAL
    spread = adjudication.spread
    assert len(spread.shares) + spread.not_applicable == len(people)
    assert list(spread.shares) == sorted(spread.shares)


# ---------------------------------------------------------------- settling by majority (issue 39, item 3)


@pytest.fixture
def class_of_22(make_case_dict):
    """22 participants on six passages (no reference): p1 21 yes 1 no; p2 18 yes 4 no (82%); p3 12 yes 10 no;
    p4 all no; p5 11 yes 11 no (a tie); p6 one label only."""
    room = dataset(make_case_dict("one", passages=[None] * 6))
    splits = {0: 21, 1: 18, 2: 12, 3: 0, 4: 11}
    copies = {}
    for person in range(22):
        given = [person < splits[i] for i in range(5)] + [True if person == 0 else None]
        copies[f"p{person:02d}"] = dataset(make_case_dict("one", passages=given))
    return room, class_labels(room, copies, resamples=0)


def test_a_majority_rule_settles_the_lopsided_splits_and_leaves_the_real_disputes(class_of_22):
    room, labels = class_of_22
    # Without a rule, as before: every split waits for a decision (21 to 1 included).
    assert [(i.unit.unit, i.why) for i in adjudication_queue(labels)] == [
        ("p5", "split"), ("p3", "split"), ("p2", "split"), ("p1", "split"), ("p6", "one_label")]
    at_80 = adjudicate(room, labels, [], majority=0.8)
    gold = dict(zip([u.unit for u in labels.units], at_80.gold, strict=True))
    assert gold == {"p1": (True, "majority"), "p2": (True, "majority"), "p3": (None, "none"), "p4": (False, "class"),
                    "p5": (None, "none"), "p6": (None, "none")}
    assert [(i.unit.unit, i.why) for i in at_80.queue] == [
        ("p5", "split"), ("p3", "split"), ("p6", "one_label"), ("p2", "majority"), ("p1", "majority")]
    assert (at_80.by_majority, at_80.undecided) == (2, 3)
    # At 90%, 18 of 22 (82%) is a dispute again; 21 of 22 (95%) is not.
    at_90 = dict(zip([u.unit for u in labels.units], adjudicate(room, labels, [], majority=0.9).gold, strict=True))
    assert at_90["p1"] == (True, "majority") and at_90["p2"] == (None, "none")


def test_the_facilitator_overrides_the_majority_unit_by_unit_and_the_file_says_who_settled_what(class_of_22):
    room, labels = class_of_22
    records = [record(unit="p1", gold=False, reason="the one dissenter was right: the passage is about shipping")]
    adjudication = adjudicate(room, labels, records, majority=0.8)
    gold = dict(zip([u.unit for u in labels.units], adjudication.gold, strict=True))
    assert gold["p1"] == (False, "decided") and gold["p2"] == (True, "majority")
    adjudicated = adjudicated_dataset(room, labels, adjudication.decisions, majority=0.8, time=TIME)
    assert [p.label("relevant") for p in adjudicated.cases[0].passages] == [False, True, None, False, None, None]
    log = revisions(dataset_from_file(dataset_to_text(adjudicated).encode("utf-8"), "adjudicated.json"))
    assert [(r.unit, r.old, r.new, r.reason, r.author) for r in log] == [
        ("p1", None, True, "21 of 22 = 95% >= 80%", "majority rule"),
        ("p2", None, True, "18 of 22 = 82% >= 80%", "majority rule"),
        ("p1", True, False, "the one dissenter was right: the passage is about shipping", "Fac")]


def test_a_majority_against_the_reference_still_waits(make_case_dict):
    room = dataset(make_case_dict("one", passages=[False]))
    copies = {f"p{i}": dataset(make_case_dict("one", passages=[i < 9])) for i in range(10)}  # 9 yes 1 no
    labels = class_labels(room, copies, resamples=0)
    assert [(i.unit.unit, i.why) for i in adjudicate(room, labels, [], majority=0.8).queue] == [("p1", "split")]


@pytest.mark.parametrize("bad", [0.5, 0.3, 1.2, True, "0.8", float("nan")])
def test_a_majority_rule_must_be_a_share_above_one_half(bad, room, labels):
    with pytest.raises(InputError) as caught:
        adjudicate(room, labels, [], majority=bad)
    assert caught.value.source == "majority" or "majority" in str(caught.value)
