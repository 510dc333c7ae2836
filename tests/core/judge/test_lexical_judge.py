"""The built-in lexical judge: its words, its verdicts, its cut-offs and the mistakes it is meant to make."""

from __future__ import annotations

import pytest

from uncase_core.errors import InputError
from uncase_core.judge.lexical_judge import (
    DEFAULT_CUTOFFS,
    case_scores,
    content_words,
    judge_case,
    judge_dataset,
    overlap,
    resolve_cutoffs,
)
from uncase_core.rag.cases import RagDataset, case_from_dict


def test_content_words_drop_function_words_accents_and_plurals():
    assert content_words("How long does a refund take?") == {"long", "refund", "take"}
    assert content_words("Refunds are issued") == {"refund", "issued"}
    assert content_words("¿Cuánto tarda el envío estándar?") == {"tarda", "envio", "estandar"}
    assert content_words("Los reembolsos y el reembolso") == {"reembolso"}
    assert content_words("the of a") == frozenset()
    assert content_words("30 days") == {"30", "days"}  # four letters: too short to strip


def test_overlap_is_the_share_of_the_units_words_found():
    assert overlap("refund within 14 days", ["Refunds are issued within 14 days."]) == 1.0
    assert overlap("refund within 30 days", ["Refunds are issued within 14 days."]) == pytest.approx(2 / 3)
    assert overlap("refund days", ["refund", "days"]) == 1.0  # any piece of evidence counts
    assert overlap("the of", ["anything"]) is None
    assert overlap("refund", []) == 0.0


CASE = {
    "id": "c", "question": "How long does a refund take?",
    "passages": [{"id": "p1", "text": "Refunds take 14 days after the item reaches our warehouse.", "relevant": True},
                 {"id": "p2", "text": "Standard delivery is free for orders over 50 euros.", "relevant": False},
                 {"id": "p3", "text": "...", "relevant": None}],
    "answer": "A refund takes 30 days after the item reaches the warehouse. You get your money back on the card "
              "you used.",
    "claims": [{"id": "c1", "text": "A refund takes 30 days after the item reaches the warehouse.",
                "supported": False, "correct": False},
               {"id": "c2", "text": "You get your money back on the card you used.", "supported": False,
                "correct": True}],
    "reference_facts": [{"id": "f1", "text": "Refunds take 14 days after the item reaches our warehouse.",
                         "covered": False},
                        {"id": "f2", "text": "The refund goes back to the original payment method.",
                         "covered": True}],
}


def test_the_mistakes_it_is_meant_to_make():
    judged = judge_case(case_from_dict(CASE))
    p1, p2, p3 = judged.passages
    assert (p1.verdict("relevant"), p2.verdict("relevant"), p3.verdict("relevant")) == (True, False, None)
    wrong_number, paraphrase = judged.claims
    # One changed number keeps every other word: judged supported and correct, and the fact judged covered.
    assert (wrong_number.verdict("supported"), wrong_number.verdict("correct")) == (True, True)
    assert judged.reference_facts[0].verdict("covered") is True
    # A faithful paraphrase shares few words: judged wrong although the reference says the same.
    assert paraphrase.verdict("correct") is False
    assert judged.reference_facts[1].verdict("covered") is False


def test_judging_leaves_labels_and_other_keys_alone_and_is_deterministic():
    case = case_from_dict({**CASE, "passages": [{**CASE["passages"][0], "rank": 1}]})
    judged = judge_case(case)
    for kind in ("passages", "claims", "reference_facts"):
        for before, after in zip(case.units(kind), judged.units(kind), strict=True):
            assert (before.labels, before.extra, before.text) == (after.labels, after.extra, after.text)
    assert judge_case(case) == judged
    assert judge_case(judged) == judged  # judging again overwrites with the same verdicts


def test_cutoffs_decide_and_are_checked():
    case = case_from_dict(CASE)
    scores = case_scores(case)
    assert scores["faithfulness"][0] == pytest.approx(overlap(CASE["claims"][0]["text"],
                                                              [p["text"] for p in CASE["passages"]]))
    strict = judge_case(case, {"faithfulness": 1.0})
    assert strict.claims[0].verdict("supported") is False
    lenient = judge_case(case, {"correctness": 0.0})
    assert all(claim.verdict("correct") for claim in lenient.claims)
    assert resolve_cutoffs() == dict(DEFAULT_CUTOFFS)
    for bad, where in (({"relevance": 0.5}, "cutoffs"), ({"coverage": 1.5}, "cutoffs.coverage"),
                       ({"coverage": True}, "cutoffs.coverage"), ({"coverage": float("nan")}, "cutoffs.coverage")):
        with pytest.raises(InputError) as caught:
            judge_case(case, bad)
        assert caught.value.where == where


def test_judge_dataset_judges_every_case():
    dataset = RagDataset((case_from_dict(CASE), case_from_dict({**CASE, "id": "d"})), "array", {"name": "x"})
    judged = judge_dataset(dataset)
    assert judged.format == "array" and judged.extra == {"name": "x"}
    assert judged.cases == tuple(judge_case(case) for case in dataset.cases)
