"""The conversation format: loading JSON and JSONL, located errors, and a lossless round trip."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.conversations.model import (
    COHERENCE_ISSUES,
    ROLES,
    Claim,
    Conversation,
    Turn,
    TurnLabel,
    conversation_from_dict,
    conversation_to_dict,
    conversations_from_bytes,
    conversations_from_text,
    conversations_to_text,
)
from uncase_core.errors import InputError


def record(conv_id: str = "c1", **fields) -> dict:
    return {
        "id": conv_id,
        "turns": [{"role": "customer", "text": "How much is the Aurora?"},
                  {"role": "agent", "text": "The Aurora costs $25,000."}],
        **fields,
    }


FULL = {
    "id": "conv-001",
    "domain": "automotive.sales",
    "language": "es",
    "seed_template": [{"role": "customer", "text": "¿Precio?"}, {"role": "agent", "text": "Un precio fijo."}],
    "turns": [{"role": "customer", "text": "¿Cuánto cuesta el Vela?"},
              {"role": "agent", "text": "El Vela cuesta 37.000 €."}],
    "knowledge_base": ["El Vela cuesta 37.000 €."],
    "claims": [{"turn": 1, "text": "El Vela cuesta 37.000 €.", "verified": True, "reviewer": "ana"}],
    "turn_labels": [{"turn": 1, "coherent": None, "issue": None, "note": "to check"}],
    "source_texts": ["customer: hola agent: hola"],
    "generator": {"model": "x", "temperature": 0.7},
}


# ------------------------------------------------------------------ reading


def test_full_record_is_read_field_by_field():
    conv = conversation_from_dict(FULL)
    assert conv == Conversation(
        id="conv-001",
        turns=(Turn("customer", "¿Cuánto cuesta el Vela?"), Turn("agent", "El Vela cuesta 37.000 €.")),
        seed_template=(Turn("customer", "¿Precio?"), Turn("agent", "Un precio fijo.")),
        domain="automotive.sales",
        language="es",
        knowledge_base=("El Vela cuesta 37.000 €.",),
        claims=(Claim(1, "El Vela cuesta 37.000 €.", True, {"reviewer": "ana"}),),
        turn_labels=(TurnLabel(1, None, None, {"note": "to check"}),),
        source_texts=("customer: hola agent: hola",),
        extra={"generator": {"model": "x", "temperature": 0.7}},
    )
    assert conv.seed_text == "¿Precio?\nUn precio fijo."
    assert conv.text == "¿Cuánto cuesta el Vela?\nEl Vela cuesta 37.000 €."


def test_optional_fields_default():
    conv = conversation_from_dict(record())
    assert (conv.seed_template, conv.domain, conv.language) == ("", "", "")
    assert (conv.knowledge_base, conv.claims, conv.turn_labels, conv.source_texts, conv.extra) == ((), None, (), (), {})
    nulls = conversation_from_dict(record(claims=None, turn_labels=None, source_texts=None, knowledge_base=None))
    assert nulls == conv


def test_a_conversation_object_passes_through():
    conv = conversation_from_dict(record())
    assert conversation_from_dict(conv) is conv


def test_load_single_json_object():
    (conv,) = conversations_from_text(json.dumps(record()))
    assert conv.id == "c1"


def test_load_json_array_and_wrapped_object():
    items = [record("a"), record("b"), record("c")]
    assert [c.id for c in conversations_from_text(json.dumps(items))] == ["a", "b", "c"]
    assert [c.id for c in conversations_from_text(json.dumps({"conversations": items}))] == ["a", "b", "c"]


def test_load_jsonl_with_blank_lines():
    text = json.dumps(record("a")) + "\n\n" + json.dumps(record("b")) + "\n"
    assert [c.id for c in conversations_from_text(text)] == ["a", "b"]


def test_load_bytes_with_byte_order_mark():
    data = "\ufeff".encode() + json.dumps(FULL, ensure_ascii=False).encode("utf-8")
    (conv,) = conversations_from_bytes(data, "x.json")
    assert conv == conversation_from_dict(FULL)


# ------------------------------------------------------------------ located errors


def with_turns(*turns):
    return record(turns=[{"role": r, "text": t} for r, t in turns])


BAD_RECORDS = [
    (record(turns=[{"role": "customer", "text": "hi"}, {"role": "bot", "text": "hello"}]),
     "turns[1].role", 'expected "customer" or "agent", got "bot"'),
    (record(claims=[{"turn": 2, "text": "x", "verified": True}]),
     "claims[0].turn", "turn 2 does not exist (turns are 0 to 1)"),
    (record(claims=[{"turn": -1, "text": "x", "verified": True}]),
     "claims[0].turn", "turn -1 does not exist (turns are 0 to 1)"),
    (record(claims=[{"turn": "1", "text": "x", "verified": True}]),
     "claims[0].turn", 'expected a turn number, got "1"'),
    (record(claims=[{"turn": True, "text": "x", "verified": True}]),
     "claims[0].turn", "expected a turn number, got true"),
    (record(claims=[{"turn": 1, "text": "x", "verified": "yes"}]),
     "claims[0].verified", 'expected true, false or null, got "yes"'),
    (record(claims=[{"turn": 1, "verified": True}]), "claims[0]", 'missing "text"'),
    (record(claims="all good"), "claims", 'expected a list, got "all good"'),
    (record(claims=[1]), "claims[0]", "expected a claim object, got 1"),
    (record(turn_labels=[{"turn": 1, "coherent": False, "issue": "rudeness"}]),
     "turn_labels[0].issue",
     f'expected one of {", ".join(COHERENCE_ISSUES)} or null, got "rudeness"'),
    (record(turn_labels=[{"turn": 0, "coherent": 1}]), "turn_labels[0].coherent",
     "expected true, false or null, got 1"),
    (record(turn_labels=[{"turn": 5, "coherent": True}]), "turn_labels[0].turn",
     "turn 5 does not exist (turns are 0 to 1)"),
    (record(turns=[{"role": "agent"}]), "turns[0]", 'missing "text"'),
    (record(turns=[{"text": "hi"}]), "turns[0]", 'missing "role"'),
    (record(turns=["hi"]), "turns[0]", 'expected a turn object, got "hi"'),
    (record(turns={"role": "agent"}), "turns", "expected a list, got an object"),
    (record(seed_template=[{"role": "narrator", "text": "x"}]), "seed_template[0].role",
     'expected "customer" or "agent", got "narrator"'),
    (record(seed_template=5), "seed_template", "expected text, got 5"),
    (record(knowledge_base=["ok", None]), "knowledge_base[1]", "expected text, got null"),
    (record(source_texts="one text"), "source_texts", 'expected a list, got "one text"'),
    (record(language=["es"]), "language", "expected text, got a list"),
    ({"turns": []}, "", 'missing "id"'),
    (record(conv_id="  "), "id", "id must not be empty"),
    (record(conv_id=7), "id", "expected text, got 7"),
]


@pytest.mark.parametrize(("data", "where", "problem"), BAD_RECORDS, ids=[b[1] or "top" for b in BAD_RECORDS])
def test_wrong_types_give_located_errors(data, where, problem):
    with pytest.raises(InputError) as caught:
        conversations_from_text(json.dumps(data), "conv.json")
    error = caught.value
    assert (error.source, error.where, error.problem) == ("conv.json", where, problem)
    assert str(error) == ": ".join(part for part in ("conv.json", where, problem) if part)


def test_jsonl_errors_name_the_line():
    bad = record("b", turns=[{"role": "customer", "text": "hi"}, {"role": "bot", "text": "x"}])
    text = json.dumps(record("a")) + "\n\n" + json.dumps(bad) + "\n"
    with pytest.raises(InputError) as caught:
        conversations_from_text(text, "data.jsonl")
    assert caught.value.where == "line 3: turns[1].role"
    assert str(caught.value) == 'data.jsonl: line 3: turns[1].role: expected "customer" or "agent", got "bot"'


def test_jsonl_record_that_is_not_an_object():
    with pytest.raises(InputError) as caught:
        conversations_from_text(json.dumps(record("a")) + "\n[1, 2]\n", "data.jsonl")
    assert str(caught.value) == "data.jsonl: line 2: expected a conversation object, got a list"


def test_jsonl_invalid_json_line():
    with pytest.raises(InputError) as caught:
        conversations_from_text(json.dumps(record("a")) + "\n{not json\n", "data.jsonl")
    assert caught.value.where == "line 2"
    assert caught.value.problem.startswith("invalid JSON")


def test_array_and_wrapped_errors_name_the_item():
    items = [record("a"), record("b", knowledge_base=[3])]
    with pytest.raises(InputError, match=r"^\[1\]\.knowledge_base\[0\]: expected text, got 3$"):
        conversations_from_text(json.dumps(items))
    with pytest.raises(InputError, match=r"^conversations\[1\]\.knowledge_base\[0\]: expected text, got 3$"):
        conversations_from_text(json.dumps({"conversations": items}))


@pytest.mark.parametrize(("text", "message"), [
    ("", "the file is empty"),
    ("   \n", "the file is empty"),
    ("[]", "no conversations in the file"),
    ('{"conversations": []}', "no conversations in the file"),
    ("42", "expected a conversation object, got 42"),
])
def test_empty_or_meaningless_files(text, message):
    with pytest.raises(InputError) as caught:
        conversations_from_text(text, "f.json")
    assert str(caught.value) == f"f.json: {message}"


def test_duplicate_ids_are_rejected():
    with pytest.raises(InputError, match='conversation 2: duplicate conversation id "a"'):
        conversations_from_text(json.dumps([record("a"), record("b"), record("a")]))


def test_undecodable_bytes():
    with pytest.raises(InputError, match=r"^up\.json: not UTF-8"):
        conversations_from_bytes(b'{"id": "\xff"}', "up.json")


# ------------------------------------------------------------------ writing and round trips


def test_extra_keys_are_kept_everywhere():
    data = conversation_to_dict(conversation_from_dict(FULL))
    assert data["generator"] == {"model": "x", "temperature": 0.7}
    assert data["claims"][0]["reviewer"] == "ana"
    assert data["turn_labels"][0]["note"] == "to check"
    assert data == FULL


def test_claims_absent_stay_absent_and_empty_stay_empty():
    assert "claims" not in conversation_to_dict(conversation_from_dict(record()))
    assert conversation_to_dict(conversation_from_dict(record(claims=[])))["claims"] == []
    assert conversation_from_dict(record(claims=[])).claims == ()


def test_text_round_trip_one_and_many():
    one = (conversation_from_dict(FULL),)
    assert conversations_from_text(conversations_to_text(one)) == one
    many = (conversation_from_dict(FULL), conversation_from_dict(record("b")))
    text = conversations_to_text(many)
    assert len(text.splitlines()) == 2  # JSONL
    assert conversations_from_text(text) == many


json_scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
texts = st.text(max_size=40)
turn_strategy = st.builds(Turn, st.sampled_from(ROLES), texts)
label = st.sampled_from([True, False, None])


def extra_keys(reserved):
    return st.dictionaries(st.text(min_size=1, max_size=6).filter(lambda k: k not in reserved), json_values, max_size=2)


@st.composite
def conversations(draw):
    turns = tuple(draw(st.lists(turn_strategy, max_size=6)))
    claims = None
    turn_labels: tuple[TurnLabel, ...] = ()
    if turns:
        turn_number = st.integers(0, len(turns) - 1)
        claims = draw(st.none() | st.lists(
            st.builds(Claim, turn_number, texts, label, extra_keys({"turn", "text", "verified"})), max_size=4
        ).map(tuple))
        turn_labels = tuple(draw(st.lists(
            st.builds(TurnLabel, turn_number, label, st.none() | st.sampled_from(COHERENCE_ISSUES),
                      extra_keys({"turn", "coherent", "issue"})), max_size=4)))
    return Conversation(
        id=draw(st.text(min_size=1, max_size=10).filter(str.strip)),
        turns=turns,
        seed_template=draw(texts | st.lists(turn_strategy, max_size=3).map(tuple)),
        domain=draw(texts),
        language=draw(st.sampled_from(["", "en", "es", "pt"])),
        knowledge_base=tuple(draw(st.lists(texts, max_size=3))),
        claims=claims,
        turn_labels=turn_labels,
        source_texts=tuple(draw(st.lists(texts, max_size=2))),
        extra=draw(extra_keys({"id", "domain", "language", "seed_template", "turns", "knowledge_base", "claims",
                               "turn_labels", "source_texts"})),
    )


@settings(max_examples=150, deadline=None)
@given(conv=conversations())
def test_round_trip_through_dict_and_json(conv):
    data = conversation_to_dict(conv)
    assert conversation_from_dict(data) == conv
    assert conversation_from_dict(json.loads(json.dumps(data, ensure_ascii=False))) == conv
    (back,) = conversations_from_text(conversations_to_text((conv,)))
    assert back == conv


@pytest.mark.parametrize(("text", "where"), [
    ('{"id": "a", "turns": [{"role": "agent", "text": "x \\ud800 y"}]}', "turns[0].text"),
    ('{"id": "a", "turns": []}\n{"id": "b", "turns": [{"role": "agent", "text": "\\uDFFF"}]}\n',
     "line 2: turns[0].text"),
    ('[{"id": "a", "turns": []}, {"id": "b", "turns": [], "meta": {"k": ["\\udc00"]}}]', "[1].meta.k[0]"),
    ('{"conversations": [{"id": "a", "turns": [], "knowledge_base": ["\\ud83d"]}]}',
     "conversations[0].knowledge_base[0]"),
])
def test_unpaired_surrogate_escapes_are_located_errors(text, where):
    # JSON allows "\ud800" alone, but no UTF-8 report or certificate can hold it.
    with pytest.raises(InputError) as caught:
        conversations_from_text(text, "s.json")
    assert (caught.value.source, caught.value.where) == ("s.json", where)
    assert caught.value.problem.startswith("unpaired surrogate")


def test_surrogate_pairs_are_ordinary_characters():
    (conv,) = conversations_from_text('{"id": "a", "turns": [{"role": "agent", "text": "ok \\ud83d\\ude00"}]}')
    assert conv.turns[0].text == "ok \U0001f600"
