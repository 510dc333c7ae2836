"""A dataset's labels read as a room's answer key: every unit with its reference labels, the gaps unit by unit."""

from __future__ import annotations

from uncase_core.rag import answer_key, dataset_from_text, key_gaps

CASE = """{"id": "r-1", "question": "Q?", "answer": "A.",
 "passages": [{"id": "p1", "text": "one", "relevant": true}, {"id": "p2", "text": "two", "relevant": null}],
 "claims": [{"id": "c1", "text": "A.", "supported": true, "correct": null}],
 "reference_facts": [{"id": "f1", "text": "fact", "covered": false}]}"""


def test_every_unit_is_in_the_key_in_file_order_with_its_labels():
    key = answer_key(dataset_from_text(CASE))
    assert [(u.case_id, u.kind, u.unit_id) for u in key] == [
        ("r-1", "passages", "p1"), ("r-1", "passages", "p2"), ("r-1", "claims", "c1"), ("r-1", "reference_facts", "f1")]
    assert key[2].labels == (("supported", True), ("correct", None))
    assert key[3].labels == (("covered", False),)  # a "no" is a reference, not a gap


def test_the_gaps_name_each_unit_and_the_labels_it_misses():
    gaps = key_gaps(dataset_from_text(CASE))
    assert [(u.unit_id, u.missing) for u in gaps] == [("p2", ("relevant",)), ("c1", ("correct",))]


def test_a_complete_key_has_no_gaps():
    complete = CASE.replace('"relevant": null', '"relevant": false').replace('"correct": null', '"correct": true')
    assert key_gaps(dataset_from_text(complete)) == ()
