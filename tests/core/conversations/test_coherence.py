"""Coherence pre-labels: each of document 000's four failure kinds, and the labels that override them."""

from __future__ import annotations

from uncase_core.conversations.coherence import TurnCheck, TurnFlag, check_turns
from uncase_core.conversations.model import conversation_from_dict

KB = [
    "The Aurora SUV has a list price of $25,000.",
    "This month the dealer may discount the Aurora by up to $2,000.",
    "Financing is offered for up to 60 months.",
]
SEED = "customer: I would like to know the price of the car. agent: The car has a fixed price and a warranty."

HEALTHY = [
    ("customer", "Hello, I would like to know the price of the Aurora SUV."),
    ("agent", "The Aurora SUV has a price of $25,000 this month."),
    ("customer", "Can you give me the $2,000 discount you mentioned on the website? No wait, what discounts exist?"),
    ("agent", "This month we can discount the Aurora by up to $2,000, and financing runs for up to 60 months."),
    ("customer", "Great, so the price would be $23,000 with the discount."),
    ("agent", "Exactly, with the discount that makes $23,000, financed over 60 months if you like."),
]


def conversation(turns, **fields):
    data = {"id": "c", "seed_template": SEED, "knowledge_base": KB,
            "turns": [{"role": r, "text": t} for r, t in turns], **fields}
    return conversation_from_dict(data)


def flags_by_turn(conv) -> dict[int, list[str]]:
    return {check.turn: [f.rule for f in check.flags] for check in check_turns(conv) if check.flags}


def healthy_without_the_website_discount():
    turns = list(HEALTHY)
    turns[2] = ("customer", "Are there any discounts this month?")
    return turns


def test_a_healthy_conversation_raises_no_flag():
    checks = check_turns(conversation(healthy_without_the_website_discount()))
    assert checks == [TurnCheck(i, True, "rules", ()) for i in range(6)]


def test_agent_contradicting_its_own_price():
    conv = conversation([
        ("customer", "What is the price of the Aurora?"),
        ("agent", "The price is $25,000 for the Aurora."),
        ("customer", "And the warranty?"),
        ("agent", "It is a good warranty. The price is $27,500 for the Aurora."),
    ])
    checks = check_turns(conv)
    assert [c.coherent for c in checks] == [True, True, True, False]
    assert checks[3].flags == (TurnFlag(3, "agent_contradiction", "price: 27500 here, 25000 in turn 1"),)


def test_agent_repeating_the_same_price_is_not_a_contradiction():
    conv = conversation([
        ("customer", "What is the price of the Aurora?"),
        ("agent", "The price is $25,000 for the Aurora."),
        ("customer", "Really?"),
        ("agent", "Yes, the price is $25,000."),
    ])
    assert flags_by_turn(conv) == {}


def test_different_subjects_or_units_are_not_contradictions():
    conv = conversation([
        ("customer", "What is the price of the Aurora?"),
        ("agent", "The price is $25,000 and the discount is $2,000."),
        ("customer", "How long is financing?"),
        ("agent", "Financing lasts 60 months, and the price is 60 % covered."),
    ])
    assert flags_by_turn(conv) == {}


def test_spanish_euro_amounts_are_detected():
    turns = [
        ("customer", "Hola, ¿cuánto cuesta el coche?"),
        ("agent", "El precio es 37.000 € este mes."),
        ("customer", "¿Seguro?"),
        ("agent", "Sí, el precio es 36.500 € este mes."),
    ]
    checks = check_turns(conversation(turns))
    assert checks[3].coherent is False
    assert checks[3].flags == (TurnFlag(3, "agent_contradiction", "precio: 36500 here, 37000 in turn 1"),)


def test_spanish_thousands_separator_is_the_same_amount():
    # "37.000 €" and "37000 €" are one amount (the rule normalizes numbers as claims do).
    turns = [
        ("customer", "Hola, ¿cuánto cuesta el coche?"),
        ("agent", "El precio es 37.000 € este mes."),
        ("customer", "¿Seguro?"),
        ("agent", "Sí, el precio es 37000 € este mes."),
    ]
    assert flags_by_turn(conversation(turns)) == {}


def test_spanish_decimal_comma_is_not_a_thousands_separator():
    # "1,5 %" is one and a half percent: a later "15 %" contradicts it.
    turns = [
        ("customer", "Hola, quiero información de la financiación."),
        ("agent", "El tipo de interés es de 1,5 % al año."),
        ("customer", "¿Y la garantía?"),
        ("agent", "Son tres años. El tipo de interés es de 15 % al año."),
    ]
    checks = check_turns(conversation(turns))
    assert checks[3].flags == (TurnFlag(3, "agent_contradiction", "interés: 15 here, 1.5 in turn 1"),)


def test_customer_knowing_a_figure_nobody_told_them():
    turns = list(HEALTHY)  # turn 2: the customer asks for the $2,000 discount before anyone mentioned it
    checks = check_turns(conversation(turns))
    assert flags_by_turn(conversation(turns)) == {2: ["customer_knowledge"]}
    assert checks[2].flags == (TurnFlag(2, "customer_knowledge", "mentions 2000 before anyone said it"),)


def test_customer_repeating_what_the_agent_said_is_fine():
    # $25,000 is in the knowledge base, but the agent said it first.
    turns = [
        ("customer", "Hello, how much is the Aurora SUV?"),
        ("agent", "The Aurora SUV is $25,000."),
        ("customer", "So $25,000 is the list price of the Aurora SUV."),
    ]
    assert flags_by_turn(conversation(turns)) == {}


def test_customer_figures_outside_the_knowledge_base_are_fine():
    turns = [("customer", "Hello, my budget for the Aurora SUV is 30,000 and I have 3 children."),
             ("agent", "The Aurora SUV fits your budget.")]
    assert flags_by_turn(conversation(turns)) == {}


def test_agent_speaking_as_the_customer():
    turns = healthy_without_the_website_discount()
    turns[3] = ("agent", "I'd like to buy the Aurora for my family, but first tell me the discount.")
    checks = check_turns(conversation(turns))
    assert flags_by_turn(conversation(turns)) == {3: ["role_confusion"]}
    assert checks[3].flags[0].evidence == 'the agent speaks as the customer: "i\'d like to buy"'


def test_role_confusion_with_a_typographic_apostrophe_and_in_spanish():
    turns = [("customer", "Hello, the price of the Aurora SUV please."),
             ("agent", "I’d like to buy an Aurora SUV myself.")]
    assert flags_by_turn(conversation(turns)) == {1: ["role_confusion"]}
    turns = [("customer", "Hola, el precio del Aurora SUV por favor."),
             ("agent", "Quiero comprar el Aurora SUV para mi familia.")]
    assert flags_by_turn(conversation(turns)) == {1: ["role_confusion"]}


def test_customer_speaking_as_the_agent():
    turns = [("customer", "Hello, how can I help you with the Aurora price today?"),
             ("agent", "I was going to ask you that.")]
    checks = check_turns(conversation(turns))
    assert checks[0].flags == (TurnFlag(0, "role_confusion", 'the customer speaks as the agent: "how can i help you"'),)


def test_off_topic_long_turn_drifts():
    turns = healthy_without_the_website_discount()
    turns[4] = ("customer", "Yesterday my grandmother baked delicious chocolate cookies using butter, flour, sugar.")
    checks = check_turns(conversation(turns))
    assert flags_by_turn(conversation(turns)) == {4: ["topic_drift"]}
    assert checks[4] == TurnCheck(4, False, "rules",
                                  (TurnFlag(4, "topic_drift", "shares no content word with the topic"),))


def test_short_off_topic_turn_does_not_drift():
    turns = healthy_without_the_website_discount()
    turns[4] = ("customer", "Nice weather today, cookies baked.")  # fewer than 6 content words
    assert flags_by_turn(conversation(turns)) == {}


def test_off_topic_turn_sharing_a_topic_word_does_not_drift():
    turns = healthy_without_the_website_discount()
    turns[4] = ("customer", "Yesterday my grandmother baked delicious chocolate cookies using butter, the Aurora.")
    assert flags_by_turn(conversation(turns)) == {}


def test_turn_labels_override_the_rules():
    turns = healthy_without_the_website_discount()
    turns[3] = ("agent", "I'd like to buy the Aurora for my family, but first tell me the discount.")
    labels = [
        {"turn": 3, "coherent": True, "issue": None},               # the person disagrees with the rule
        {"turn": 1, "coherent": False, "issue": "topic_drift"},     # and sees what no rule saw
        {"turn": 5, "coherent": None},                              # and leaves one unlabelled
    ]
    checks = check_turns(conversation(turns, turn_labels=labels))
    assert [(c.turn, c.coherent, c.source) for c in checks] == [
        (0, True, "rules"), (1, False, "given"), (2, True, "rules"),
        (3, True, "given"), (4, True, "rules"), (5, None, "given"),
    ]
    # The rule's flag stays visible beside the overriding label.
    assert [f.rule for f in checks[3].flags] == ["role_confusion"]
    assert checks[1].flags == ()


def test_no_turns_no_checks():
    assert check_turns(conversation([])) == []


def test_flags_carry_details_for_translated_messages():
    conversation = conversation_from_dict({
        "id": "x", "turns": [{"role": "customer", "text": "Hello there, I need a family car."},
                             {"role": "agent", "text": "I'd like to buy a car for my family too."}]})
    (flag,) = [f for check in check_turns(conversation) for f in check.flags if f.rule == "role_confusion"]
    assert dict(flag.details) == {"role": "agent", "other": "customer", "phrase": "i'd like to buy"}
