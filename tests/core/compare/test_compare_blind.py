"""``uncase_core.compare.blind``: two systems' answers blinded into one set of cases, and split back.

Properties (hypothesis): unblinding gives back both systems exactly, whatever the seed, the labels and the order of
B's file; every question has one answer of each system; the same seed gives the same order. Oracles: the built-in
pair's comparison is the same before blinding and after a round trip through the file format, and a class that
labels the blind cases as the reference does gets the reference's verdicts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.blind import BLIND_KEY, blind_id, blind_key, blind_pair, unblind, without_key
from uncase_core.compare.systems import compare_systems
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_from_text, dataset_to_text

LABEL = st.sampled_from([True, False, None])


def case(case_id: str, relevant, supported, covered, **extra) -> object:
    return case_from_dict({
        "id": case_id, "question": f"question {case_id}", "answer": f"answer {case_id}",
        "passages": [{"id": f"p{i}", "text": f"passage {i}", "relevant": r} for i, r in enumerate(relevant)],
        "claims": [{"id": f"c{i}", "text": f"claim {i}", "supported": s, "correct": s}
                   for i, s in enumerate(supported)],
        "reference_facts": [{"id": f"f{i}", "text": f"fact {i}", "covered": c} for i, c in enumerate(covered)],
        **extra})


@st.composite
def pairs(draw):
    """Two systems answering 1 to 8 questions, with any labels; B's file in its own order."""
    count = draw(st.integers(1, 8))
    ids = [f"q{i}" for i in range(count)]

    def system():
        return [case(i, draw(st.lists(LABEL, max_size=3)), draw(st.lists(LABEL, max_size=3)),
                     draw(st.lists(LABEL, max_size=3))) for i in ids]

    a, b = system(), system()
    order = draw(st.permutations(range(count)))
    return RagDataset(tuple(a), "jsonl"), RagDataset(tuple(b[i] for i in order), "array")


def builtin():
    (entry,) = load_pair_index()
    return load_system_pair(entry, "en")


@settings(max_examples=60, deadline=None)
@given(pairs(), st.integers(0, 2**31 - 1))
def test_unblinding_gives_both_systems_back(pair, seed):
    a, b = pair
    blinded = blind_pair(a, b, seed)
    assert len(blinded.cases) == 2 * len(a.cases)
    key = blind_key(blinded)
    back_a, back_b = unblind(blinded, key)
    assert back_a.cases == a.cases
    ids = [c.id for c in a.cases]
    assert back_b.cases == tuple(sorted(b.cases, key=lambda c: ids.index(c.id)))  # in A's order
    # Every question: its two blind cases next to each other, one of each system.
    for index, original in enumerate(a.cases):
        first, second = blinded.cases[2 * index], blinded.cases[2 * index + 1]
        assert (first.id, second.id) == (blind_id(original.id, 1), blind_id(original.id, 2))
        assert {key[first.id][0], key[second.id][0]} == {"a", "b"}


@settings(max_examples=30, deadline=None)
@given(pairs(), st.integers(0, 2**31 - 1))
def test_the_same_seed_gives_the_same_order(pair, seed):
    assert blind_pair(*pair, seed) == blind_pair(*pair, seed)


def test_the_order_is_drawn_and_not_always_a_first():
    a, b = builtin()
    firsts = {tuple(blind_key(blind_pair(a, b, seed))[blind_id(c.id, 1)][0] for c in a.cases) for seed in range(20)}
    assert len(firsts) > 1  # the seed changes the order
    one = blind_key(blind_pair(a, b, 0))
    assert {one[blind_id(c.id, 1)][0] for c in a.cases} == {"a", "b"}  # within one room, both systems come first


def test_the_participants_copy_has_no_order_and_no_system_name():
    a, b = builtin()
    assert a.extra.get("name")  # the built-in file names its system
    blinded = blind_pair(a, b, 3)
    copy = without_key(blinded)
    text = dataset_to_text(copy)
    assert BLIND_KEY not in text and a.extra["name"] not in text and b.extra["name"] not in text
    with pytest.raises(InputError) as error:
        blind_key(copy)
    assert error.value.code == "blind_order_missing"


def test_the_comparison_is_the_same_before_blinding_and_after_a_round_trip():
    a, b = builtin()
    blinded = dataset_from_text(dataset_to_text(blind_pair(a, b, 11)))
    back = unblind(blinded, blind_key(blinded))
    before, after = compare_systems(a, b), compare_systems(*back)
    assert after.to_dict() == before.to_dict()
    verdicts = {name: d.verdict.code for name, d in after.dimensions.items()}
    assert verdicts["context_relevance"] == "b_better" and verdicts["faithfulness"] == "a_better"


def test_labels_given_to_the_blind_cases_reach_the_right_system():
    a = RagDataset((case("q1", [None], [], []),))
    b = RagDataset((case("q1", [None], [], []),))
    blinded = blind_pair(a, b, 5)
    key = blind_key(blinded)
    b_case = next(i for i, c in enumerate(blinded.cases) if key[c.id][0] == "b")
    labelled = blinded.with_case(b_case, replace(blinded.cases[b_case], passages=tuple(
        replace(p, labels={"relevant": True}) for p in blinded.cases[b_case].passages)))
    back_a, back_b = unblind(labelled, key)
    assert back_a.cases[0].passages[0].label("relevant") is None
    assert back_b.cases[0].passages[0].label("relevant") is True
    assert back_a.cases[0].id == back_b.cases[0].id == "q1"


def test_systems_that_answer_other_questions_are_refused():
    a = RagDataset((case("q1", [True], [], []),))
    b = RagDataset((case("q2", [True], [], []),))
    with pytest.raises(InputError) as error:
        blind_pair(a, b)
    assert error.value.code == "case_ids_differ"


def test_a_blind_id_that_is_taken_is_refused_with_the_case_named():
    a = RagDataset((case("q", [True], [], []), case("q · 1", [True], [], [])))
    with pytest.raises(InputError) as error:
        blind_pair(a, a)
    assert error.value.code == "blind_id_taken"
    assert "q · 1" in str(error.value)


@pytest.mark.parametrize(("order", "code"), [
    ({"q1 · 1": ["a", "q1"]}, "blind_order_differs"),  # a case without its place
    ({"q1 · 1": ["a", "q1"], "q1 · 2": ["a", "q1"]}, "blind_order_differs"),  # two answers of A
    ({"q1 · 1": ["c", "q1"], "q1 · 2": ["b", "q1"]}, "blind_order_entry"),
    ({"q1 · 1": "a", "q1 · 2": ["b", "q1"]}, "blind_order_entry"),
    ([], "blind_order_missing"),
])
def test_a_damaged_order_is_an_input_error(order, code):
    blinded = blind_pair(RagDataset((case("q1", [True], [], []),)), RagDataset((case("q1", [False], [], []),)))
    with pytest.raises(InputError) as error:
        blind_key(replace(blinded, extra={BLIND_KEY: order}))
    assert error.value.code == code


def test_labels_of_other_cases_are_refused():
    a, b = builtin()
    blinded = blind_pair(a, b)
    with pytest.raises(InputError) as error:
        unblind(RagDataset(blinded.cases[:-1]), blind_key(blinded))
    assert error.value.code == "blind_order_differs"
