"""Claims: extracted from agent turns, pre-labelled against the knowledge base, or given."""

from __future__ import annotations

import pytest

from uncase_core.conversations.claims import (
    check_claims,
    content_words,
    extract_claims,
    figures,
    is_checkable,
    label_claim,
)
from uncase_core.conversations.model import Claim, conversation_from_dict

KB = [
    "The Aurora SUV has a list price of $25,000.",
    "The Aurora warranty covers the engine for 36 months.",
    "Test drives are available from Monday to Saturday.",
]


def conversation(*turns: tuple[str, str], **fields):
    return conversation_from_dict({"id": "c", "turns": [{"role": r, "text": t} for r, t in turns], **fields})


def claim(text: str, turn: int = 1) -> Claim:
    return Claim(turn, text, None)


# ------------------------------------------------------------------ extraction


def test_extraction_picks_checkable_agent_sentences_only():
    conv = conversation(
        ("customer", "Hi, I paid $500 on March 3 and spoke to Maria. Is the Aurora $25,000?"),
        ("agent", "I can help you with that. The Aurora costs $25,000. Sure thing! "
                  "The showroom reopens in March. Please ask for Maria at the desk. It costs a few euros more."),
        ("customer", "Thanks, 36 months sounds good."),
        ("agent", "You are welcome, have a nice day."),
        ("agent", "The warranty covers 36 months."),
    )
    assert extract_claims(conv) == [
        Claim(1, "The Aurora costs $25,000.", None),
        Claim(1, "The showroom reopens in March.", None),
        Claim(1, "Please ask for Maria at the desk.", None),
        Claim(1, "It costs a few euros more.", None),
        Claim(4, "The warranty covers 36 months.", None),
    ]


@pytest.mark.parametrize(("sentence", "checkable"), [
    ("The price is 25,000.", True),           # a number
    ("It is 4.9% APR.", True),
    ("It costs a few dollars more.", True),   # a currency word
    ("Cuesta unos pocos euros.", True),
    ("It costs €.", True),                    # a currency symbol
    ("We reopen in September.", True),        # a month
    ("Abrimos en enero.", True),
    ("Please ask for Maria.", True),          # a name (capitalized, not opening the sentence)
    ("I can help you with that.", False),     # the pronoun "I" is not a name
    ("Sure, I can help you.", False),
    ("Thank you for your patience.", False),
    ("Maria will call.", False),               # a capital opening the sentence is not evidence
    ("Of course!", False),
])
def test_is_checkable(sentence, checkable):
    assert is_checkable(sentence) is checkable


def test_customer_turns_are_never_claims():
    conv = conversation(("customer", "The Aurora costs $25,000 in May, says Maria."), ("agent", "Indeed."))
    assert extract_claims(conv) == []


# ------------------------------------------------------------------ labels against the knowledge base


def test_label_agrees():
    check = label_claim(claim("The Aurora SUV costs $25,000."), KB)
    assert check.claim == Claim(1, "The Aurora SUV costs $25,000.", True)
    assert (check.source, check.reason, check.matched_fact) == ("extracted", "agrees", KB[0])


def test_label_contradicts():
    check = label_claim(claim("The Aurora SUV costs $27,500."), KB)
    assert check.claim.verified is False
    assert (check.reason, check.matched_fact) == ("contradicts", KB[0])


def test_label_picks_the_fact_sharing_most_words():
    check = label_claim(claim("The Aurora warranty covers the engine for 48 months."), KB)
    assert (check.claim.verified, check.reason, check.matched_fact) == (False, "contradicts", KB[1])
    check = label_claim(claim("The Aurora warranty covers the engine for 36 months."), KB)
    assert (check.claim.verified, check.reason, check.matched_fact) == (True, "agrees", KB[1])


def test_label_no_fact_when_the_knowledge_base_says_nothing():
    check = label_claim(claim("Our showroom in Madrid opens at 9."), KB)
    assert (check.claim.verified, check.reason, check.matched_fact) == (None, "no_fact", "")
    # One shared content word ("aurora") is not enough.
    check = label_claim(claim("The Aurora is blue, 5 doors."), KB)
    assert (check.claim.verified, check.reason) == (None, "no_fact")


def test_label_no_fact_with_an_empty_knowledge_base():
    check = label_claim(claim("The Aurora SUV costs $25,000."), [])
    assert (check.claim.verified, check.reason) == (None, "no_fact")


def test_label_no_figures_when_the_claim_states_no_number():
    check = label_claim(claim("Test drives are available on Saturday, ask Maria."), KB)
    assert (check.claim.verified, check.reason, check.matched_fact) == (None, "no_figures", KB[2])


def test_label_keeps_the_claims_turn_and_extra_fields():
    check = label_claim(Claim(3, "The Aurora SUV costs $25,000.", None, {"note": "x"}), KB)
    assert check.claim == Claim(3, "The Aurora SUV costs $25,000.", True, {"note": "x"})


@pytest.mark.parametrize("written", ["25,000", "25.000", "25000", "$25,000", "25.000 €"])
def test_thousands_separators_are_the_same_figure(written):
    assert figures(written) == {"25000"}
    check = label_claim(claim(f"The Aurora SUV list price is {written}."), KB)
    assert (check.claim.verified, check.reason) == (True, "agrees")


def test_figures_keep_decimals():
    assert figures("4.9% or 4,9 %") == {"4.9"}
    assert figures("1,5 and 15 and 1.500") == {"1.5", "15", "1500"}
    assert figures("no numbers here") == set()


def test_spanish_claims_match_without_accents_mattering():
    assert content_words("La garantía del vehículo") == {"garantia", "vehiculo"}
    kb = ["La garantía del Vela cubre el motor durante 36 meses."]
    check = label_claim(claim("La garantia del Vela cubre 48 meses."), kb)
    assert (check.claim.verified, check.reason) == (False, "contradicts")


# ------------------------------------------------------------------ given or extracted


def test_given_claims_are_used_as_given():
    conv = conversation(
        ("customer", "How much is the Aurora SUV?"),
        ("agent", "The Aurora SUV costs $27,500."),
        knowledge_base=KB,
        claims=[{"turn": 1, "text": "The Aurora SUV costs $27,500.", "verified": True},
                {"turn": 1, "text": "Anything at all", "verified": None, "note": "kept"}],
    )
    checks = check_claims(conv)
    # The knowledge base contradicts the first, but the file's label wins; nothing is extracted.
    assert [(c.claim.turn, c.claim.text, c.claim.verified, c.source, c.reason) for c in checks] == [
        (1, "The Aurora SUV costs $27,500.", True, "given", "given"),
        (1, "Anything at all", None, "given", "given"),
    ]
    assert checks[1].claim.extra == {"note": "kept"}


def test_an_empty_claims_list_means_no_claims():
    conv = conversation(("agent", "The Aurora SUV costs $27,500."), knowledge_base=KB, claims=[])
    assert check_claims(conv) == []


def test_without_claims_they_are_extracted_and_prelabelled():
    conv = conversation(
        ("customer", "How much is the Aurora SUV, and the warranty?"),
        ("agent", "I can help you. The Aurora SUV costs $25,000. The warranty covers the engine for 48 months."),
        knowledge_base=KB,
    )
    checks = check_claims(conv)
    assert [(c.claim.text, c.claim.verified, c.source, c.reason) for c in checks] == [
        ("The Aurora SUV costs $25,000.", True, "extracted", "agrees"),
        ("The warranty covers the engine for 48 months.", False, "extracted", "contradicts"),
    ]
