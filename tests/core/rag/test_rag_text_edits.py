"""The case editor's text records (uncase_core.rag.edits): replaying them gives the case as written, labels are
cleared exactly where a text changed (and the record says so), and bad input is refused with its code and place."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.assets.reader import load_all, load_index
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, case_from_dict, case_to_dict, dataset_from_text, dataset_to_text
from uncase_core.rag.edits import (
    MAX_TEXT_BYTES,
    add_unit,
    apply_rag_edit,
    case_text,
    merge_units,
    move_unit,
    new_case,
    rag_label,
    reference_text,
    remove_unit,
    replay_rag_edits,
    set_case_id,
    set_metadata,
    split_point,
    split_unit,
    unit_text,
)

PASSAGES = ["Refunds are paid within 14 days.", "Shipping is free over 50 euros.", "Returns need the receipt."]
ANSWER = "Refunds take 14 days. You need the receipt."
REFERENCE = ("Refunds are paid within 14 days. A receipt is required. Shipping is not refunded. "
             "Card refunds go back to the card.")


def _replay(dataset: RagDataset, records: list[dict]) -> RagDataset:
    for record in records:
        dataset = apply_rag_edit(dataset, json.loads(json.dumps(record)))  # as stored: plain JSON
    return dataset


def _written() -> tuple[RagDataset, list[dict]]:
    empty = RagDataset((), "jsonl")
    record = new_case(empty, "refund-01", "How long does a refund take?", PASSAGES, ANSWER, REFERENCE,
                      {"language": "en", "domain": "retail", "split": "dev", "source": "written", "team": "ops"})
    return apply_rag_edit(empty, record), [record]


def _labelled() -> RagDataset:
    dataset, _ = _written()
    for kind, unit, field in (("passages", 0, "relevant"), ("claims", 0, "supported"), ("claims", 0, "correct"),
                              ("claims", 1, "supported"), ("reference_facts", 0, "covered"),
                              ("reference_facts", 1, "covered")):
        dataset = apply_rag_edit(dataset, rag_label(dataset, 0, kind, unit, field, True))
    return dataset


def test_a_new_case_splits_the_answer_into_claims_and_the_reference_into_facts():
    dataset, _ = _written()
    case = dataset.cases[0]
    assert [u.id for u in case.passages] == ["p1", "p2", "p3"] and [u.text for u in case.passages] == PASSAGES
    assert [u.text for u in case.claims] == ["Refunds take 14 days.", "You need the receipt."]
    assert [u.id for u in case.reference_facts] == ["f1", "f2", "f3", "f4"]
    assert all(value is None for kind in ("passages", "claims", "reference_facts") for u in case.units(kind)
               for value in u.labels.values())
    assert case.metadata == {"language": "en", "domain": "retail", "split": "dev", "source": "written", "team": "ops"}
    assert reference_text(case) == REFERENCE


def test_replaying_the_records_gives_the_case_as_written():
    dataset, records = _written()
    steps = [
        lambda d: unit_text(d, 0, "passages", 1, "Shipping costs 5 euros."),
        lambda d: move_unit(d, 0, "passages", 2, 0),
        lambda d: add_unit(d, 0, "passages", "Refunds go to the original card."),
        lambda d: remove_unit(d, 0, "passages", 1),
        lambda d: split_unit(d, 0, "claims", 0, len("Refunds take")),
        lambda d: merge_units(d, 0, "claims", 0),
        lambda d: add_unit(d, 0, "reference_facts", "No cash refunds."),
        lambda d: case_text(d, 0, "question", "How long do refunds take?"),
        lambda d: set_metadata(d, 0, "domain", "banking"),
        lambda d: set_metadata(d, 0, "team", None),
        lambda d: set_case_id(d, 0, "refund-02"),
    ]
    for step in steps:
        record = step(dataset)
        records.append(record)
        dataset = apply_rag_edit(dataset, record)
    replayed = _replay(RagDataset((), "jsonl"), records)
    assert replayed == dataset
    case = replayed.cases[0]
    assert case.id == "refund-02" and case.question == "How long do refunds take?"
    assert [(u.id, u.text) for u in case.passages] == [
        ("p3", "Returns need the receipt."), ("p2", "Shipping costs 5 euros."),
        ("p4", "Refunds go to the original card.")]
    assert [u.text for u in case.claims] == ["Refunds take 14 days.", "You need the receipt."]
    assert [u.id for u in case.reference_facts][-1] == "f5"
    assert case.metadata == {"language": "en", "domain": "banking", "split": "dev", "source": "written"}


def test_passage_moves_and_removals_keep_ids_and_labels():
    dataset = _labelled()
    dataset = apply_rag_edit(dataset, move_unit(dataset, 0, "passages", 0, 2))
    assert [u.id for u in dataset.cases[0].passages] == ["p2", "p3", "p1"]
    assert dataset.cases[0].passages[2].label("relevant") is True
    record = remove_unit(dataset, 0, "passages", 0)
    assert record["cleared"] == []
    dataset = apply_rag_edit(dataset, record)
    assert [u.id for u in dataset.cases[0].passages] == ["p3", "p1"]


def test_a_text_change_clears_that_units_labels_only_and_the_record_says_so():
    dataset = _labelled()
    record = unit_text(dataset, 0, "claims", 0, "Refunds take two weeks.")
    assert record["cleared"] == [{"kind": "claims", "unit_id": "c1", "fields": ["supported", "correct"]}]
    changed = apply_rag_edit(dataset, record)
    assert changed.cases[0].claims[0].labels == {"supported": None, "correct": None}
    assert changed.cases[0].claims[1].labels == {"supported": True, "correct": None}  # untouched
    assert changed.cases[0].passages[0].label("relevant") is True
    assert changed.cases[0].reference_facts[0].label("covered") is True
    same = unit_text(dataset, 0, "claims", 1, dataset.cases[0].claims[1].text)  # the same text: nothing cleared
    assert same["cleared"] == [] and apply_rag_edit(dataset, same) == dataset


def test_split_and_merge_clear_the_units_involved():
    dataset = _labelled()
    record = split_unit(dataset, 0, "claims", 1, len("You need"))
    assert record["cleared"] == [{"kind": "claims", "unit_id": "c2", "fields": ["supported"]}]
    dataset = apply_rag_edit(dataset, record)
    assert [(u.id, u.text) for u in dataset.cases[0].claims] == [
        ("c1", "Refunds take 14 days."), ("c2", "You need"), ("c3", "the receipt.")]
    assert dataset.cases[0].claims[0].labels == {"supported": True, "correct": True}
    record = merge_units(dataset, 0, "reference_facts", 0)
    assert record["cleared"] == [{"kind": "reference_facts", "unit_id": "f1", "fields": ["covered"]}]
    dataset = apply_rag_edit(dataset, record)
    assert [u.id for u in dataset.cases[0].reference_facts] == ["f1", "f3", "f4"]
    assert dataset.cases[0].reference_facts[0].text == "Refunds are paid within 14 days. A receipt is required."


def test_resplitting_the_answer_keeps_claims_whose_text_is_still_there():
    dataset = _labelled()
    record = case_text(dataset, 0, "answer", "Refunds take 14 days. Bring the receipt. Keep the box.", split=True)
    # c1's sentence is still there: it keeps its labels; c2 now holds a new sentence, so its label is cleared (and said)
    assert record["cleared"] == [{"kind": "claims", "unit_id": "c2", "fields": ["supported"]}]
    case = apply_rag_edit(dataset, record).cases[0]
    assert [(u.id, u.text) for u in case.claims] == [("c1", "Refunds take 14 days."), ("c2", "Bring the receipt."),
                                                     ("c3", "Keep the box.")]
    assert case.claims[0].labels == {"supported": True, "correct": True}
    assert case.claims[1].labels == {"supported": None, "correct": None}
    unsplit = apply_rag_edit(dataset, case_text(dataset, 0, "answer", "Other words."))
    assert unsplit.cases[0].answer == "Other words." and unsplit.cases[0].claims == dataset.cases[0].claims
    reference = apply_rag_edit(dataset, case_text(dataset, 0, "reference", "One fact.", split=True)).cases[0]
    assert [u.text for u in reference.reference_facts] == ["One fact."] and reference_text(reference) == "One fact."


def test_a_written_case_round_trips_through_its_file_format():
    dataset = _labelled()
    dataset = apply_rag_edit(dataset, unit_text(dataset, 0, "claims", 0, "Changed."))
    case = dataset.cases[0]
    assert case_from_dict(json.loads(json.dumps(case_to_dict(case)))) == case
    assert dataset_from_text(dataset_to_text(dataset)).cases == dataset.cases


def test_built_in_cases_take_text_records_and_keep_their_other_units():
    dataset = load_all(load_index(), "es")
    for index, case in enumerate(dataset.cases):
        if not case.claims:
            continue
        record = unit_text(dataset, index, "claims", 0, "Texto nuevo.")
        changed = apply_rag_edit(dataset, record).cases[index]
        assert changed.claims[1:] == case.claims[1:] and changed.passages == case.passages
        labelled = [name for name in ("supported", "correct") if case.claims[0].label(name) is not None]
        assert record["cleared"] == ([{"kind": "claims", "unit_id": case.claims[0].id, "fields": labelled}]
                                     if labelled else [])


@pytest.mark.parametrize(("make", "code", "where"), [
    (lambda d: new_case(d, "n", "  ", ["p"]), "must_not_be_empty", "question"),
    (lambda d: new_case(d, "refund-01", "Q?", ["p"]), "duplicate_case_id_here", "id"),
    (lambda d: new_case(d, " ", "Q?", ["p"]), "id_must_not_be_empty", "id"),
    (lambda d: new_case(d, "n", "Q?", ["ok", "x" * (MAX_TEXT_BYTES + 1)]), "text_too_long", "passages[1].text"),
    (lambda d: new_case(d, "n", "Q?", ["ok", ""]), "must_not_be_empty", "passages[1].text"),
    (lambda d: unit_text(d, 0, "passages", 0, "ñ" * (MAX_TEXT_BYTES // 2 + 1)), "text_too_long", "passages[0].text"),
    (lambda d: unit_text(d, 0, "claims", 5, "x"), "no_item_at_position", "unit"),
    (lambda d: unit_text(d, 0, "verdicts", 0, "x"), "unknown_choice", "kind"),
    (lambda d: case_text(d, 0, "question", ""), "must_not_be_empty", "question"),
    (lambda d: case_text(d, 0, "title", "x"), "expected_one_of", "field"),
    (lambda d: split_unit(d, 0, "claims", 0, 0), "split_outside_text", "at"),
    (lambda d: split_unit(d, 0, "passages", 0, 3), "only_claims_and_facts_split", "kind"),
    (lambda d: merge_units(d, 0, "claims", 1), "nothing_to_merge_with", "unit"),
    (lambda d: set_metadata(d, 0, "", "x"), "metadata_key_empty", "key"),
    (lambda d: set_metadata(d, 0, "language", 3), "expected", "metadata.language"),
    (lambda d: set_case_id(d, 0, ""), "id_must_not_be_empty", "id"),
    (lambda d: move_unit(d, 0, "passages", 0, 3), "no_item_at_position", "to"),
])
def test_bad_input_is_refused_with_its_code_and_place(make, code, where):
    dataset, _ = _written()
    with pytest.raises(InputError) as raised:
        make(dataset)
    assert (raised.value.code, raised.value.where) == (code, where)


def test_a_record_for_another_case_or_unit_is_refused():
    dataset, _ = _written()
    record = unit_text(dataset, 0, "claims", 0, "x")
    with pytest.raises(InputError) as raised:
        apply_rag_edit(dataset, {**record, "unit_id": "c9"})
    assert raised.value.code == "record_for_another_id"
    with pytest.raises(InputError) as raised:
        apply_rag_edit(dataset, {**record, "case_id": "other"})
    assert raised.value.where == "case_id"
    with pytest.raises(InputError) as raised:
        apply_rag_edit(dataset, {**add_unit(dataset, 0, "claims", "x"), "new_id": "c1"})
    assert (raised.value.code, raised.value.where) == ("unit_id_taken", "new_id")


def test_the_offered_split_point_is_a_sentence_boundary_or_a_middle_space():
    assert split_point("One. Two.") == 5
    text = "alpha beta gamma delta"
    assert text[split_point(text)] == " " and 0 < split_point(text) < len(text)
    assert split_point("word") == 0


# ---------------------------------------------------------------- properties

_WORDS = st.text(alphabet="abcdefgh ", min_size=1, max_size=30).filter(lambda s: s.strip())
_OPS = st.lists(st.tuples(st.sampled_from(["text", "add", "remove", "move", "split", "merge", "label"]),
                          st.sampled_from(["passages", "claims", "reference_facts"]), st.integers(0, 5), _WORDS),
                max_size=25)


@settings(max_examples=60, deadline=None)
@given(ops=_OPS)
def test_random_edits_replay_to_the_same_case_and_clear_labels_only_where_a_text_changed(ops):
    dataset = _labelled()
    records = []
    for op, kind, number, words in ops:
        case = dataset.cases[0]
        units = case.units(kind)
        try:
            if op == "text":
                record = unit_text(dataset, 0, kind, number % max(len(units), 1), words)
            elif op == "add":
                record = add_unit(dataset, 0, kind, words, number % (len(units) + 1))
            elif op == "remove":
                record = remove_unit(dataset, 0, kind, number % max(len(units), 1))
            elif op == "move":
                record = move_unit(dataset, 0, kind, number % max(len(units), 1), (number * 7) % max(len(units), 1))
            elif op == "split":
                unit = number % max(len(units), 1)
                record = split_unit(dataset, 0, kind, unit, split_point(units[unit].text) if units else 1)
            elif op == "merge":
                record = merge_units(dataset, 0, kind, number % max(len(units), 1))
            else:
                field = {"passages": "relevant", "claims": "supported", "reference_facts": "covered"}[kind]
                record = rag_label(dataset, 0, kind, number % max(len(units), 1), field, True)
        except (InputError, IndexError):
            continue
        after = apply_rag_edit(dataset, record)
        before_units = {(k, u.id): u for k in ("passages", "claims", "reference_facts") for u in case.units(k)}
        for k in ("passages", "claims", "reference_facts"):
            for unit in after.cases[0].units(k):
                old = before_units.get((k, unit.id))
                if old is not None and old.text == unit.text and op != "label":
                    assert old.labels == unit.labels  # untouched text: labels kept
        cleared = {(c["kind"], c["unit_id"]) for c in record.get("cleared", [])}
        for kind_id in cleared:
            old = before_units[kind_id]
            new = next(u for u in after.cases[0].units(kind_id[0]) if u.id == kind_id[1])
            assert old.text != new.text  # cleared only where the text changed
        records.append(record)
        dataset = after
    assert _replay(_labelled(), records) == dataset
    case = dataset.cases[0]
    assert case_from_dict(case_to_dict(case)) == case


_SEVEN = load_all(load_index(), "en")
_FIELDS = {"passages": "relevant", "claims": "supported", "reference_facts": "covered"}
_REPLAY_STEPS = st.lists(st.tuples(
    st.sampled_from(["label", "label", "label", "stale", "bad_value", "text", "remove"]),
    st.integers(0, 1), st.sampled_from(list(_FIELDS)), st.integers(0, 3), st.sampled_from([True, False, None])),
    max_size=40)  # two cases and a few units, so records often meet the same unit


def _one_by_one(dataset: RagDataset, records: list) -> tuple[RagDataset, int]:
    refused = 0
    for record in records:
        try:
            dataset = apply_rag_edit(dataset, record)
        except InputError:
            refused += 1
    return dataset, refused


@settings(max_examples=150, deadline=None)
@given(steps=_REPLAY_STEPS)
def test_replaying_records_together_equals_applying_them_one_by_one(steps):
    # Labels, labels that no longer fit (a unit removed or a position past the end), bad values, and text records
    # that clear labels or remove units between them: the batched replay sets the same labels and refuses the same.
    current, records = _SEVEN, []
    for op, case, kind, unit, value in steps:
        case %= len(current.cases)
        units = current.cases[case].units(kind)
        position = unit % max(len(units), 1)
        try:
            if op == "text" and units:
                record = unit_text(current, case, kind, position, f"new text {unit}")
            elif op == "remove" and units:
                record = remove_unit(current, case, kind, position)
            elif op == "label" and units:
                record = rag_label(current, case, kind, position, _FIELDS[kind], value)
            elif op == "bad_value" and units:
                record = {**rag_label(current, case, kind, position, _FIELDS[kind], None), "value": "yes"}
            else:  # a position past the case's units, or a unit id of another case
                record = {"op": "label", "case": case, "case_id": current.cases[case].id, "kind": kind,
                          "unit": len(units) + unit, "unit_id": f"x{unit}", "field": _FIELDS[kind], "value": value}
        except InputError:
            continue
        records.append(json.loads(json.dumps(record)))  # as stored: plain JSON
        current, _ = _one_by_one(current, records[-1:])
    assert replay_rag_edits(_SEVEN, records) == _one_by_one(_SEVEN, records)
