"""Annotation guidelines: the shipped defaults, a dataset file's own (read with places, kept on a round trip)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uncase_core.assets.reader import GUIDELINE_LABELS, load_guidelines
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_NAMES, dataset_from_text, dataset_guidelines, dataset_to_text
from uncase_core.shared.guidelines import (
    MAX_GUIDELINE_CHARS,
    Guideline,
    guidelines_to_dict,
    merge_guidelines,
    read_guidelines,
)

CASE = {"id": "a", "question": "How long do refunds take?", "passages": [{"id": "p1", "text": "14 days."}]}


def test_the_shipped_guidelines_explain_every_rag_and_summary_label():
    from uncase_core.summaries.edits import SUMMARY_LABELS

    assert (*LABEL_NAMES, *SUMMARY_LABELS) == GUIDELINE_LABELS
    assert LABEL_NAMES == ("relevant", "supported", "correct", "covered")
    assert SUMMARY_LABELS == ("is_accurate", "is_addressed", "is_covered")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_defaults_have_a_rule_and_an_example_for_every_label_in_each_language(language):
    guidelines = load_guidelines(language)
    assert set(guidelines) == set(GUIDELINE_LABELS)
    for guideline in guidelines.values():
        assert guideline.text and guideline.example
        assert len(guideline.text) <= MAX_GUIDELINE_CHARS
    other = load_guidelines("en" if language == "es" else "es")
    assert all(guidelines[name].text != other[name].text for name in GUIDELINE_LABELS)  # each written in its language


def test_an_unknown_language_falls_back_to_english():
    assert load_guidelines("fr") == load_guidelines("en")


def test_a_dataset_carries_its_own_guidelines_and_keeps_them_on_a_round_trip():
    own = {"relevant": "Relevant: it names a time limit.", "covered": {"text": "Covered: said.", "example": "14 days"}}
    text = json.dumps({"guidelines": own, "cases": [CASE]})
    dataset = dataset_from_text(text, "mine.json")
    assert dataset_guidelines(dataset) == {"relevant": Guideline("Relevant: it names a time limit."),
                                           "covered": Guideline("Covered: said.", "14 days")}
    again = dataset_from_text(dataset_to_text(dataset))
    assert json.loads(dataset_to_text(again))["guidelines"] == own


def test_a_one_case_file_may_carry_guidelines_at_its_top_level():
    dataset = dataset_from_text(json.dumps({**CASE, "guidelines": {"supported": "A passage says it."}}))
    assert dataset_guidelines(dataset) == {"supported": Guideline("A passage says it.")}
    assert "guidelines" in json.loads(dataset_to_text(dataset))


def test_no_guidelines_is_empty_and_the_defaults_show_through():
    dataset = dataset_from_text(json.dumps({"cases": [CASE]}))
    assert dataset_guidelines(dataset) == {}
    defaults = load_guidelines("en")
    merged = merge_guidelines(defaults, {"relevant": Guideline("Mine.")})
    assert merged["relevant"] == Guideline("Mine.") and merged["supported"] == defaults["supported"]


@pytest.mark.parametrize(("guidelines", "place", "code"), [
    ({"relevnt": "x"}, "guidelines.relevnt", "unknown_choice"),
    ({"is_accurate": "x"}, "guidelines.is_accurate", "unknown_choice"),  # a summary label in a RAG file
    ({"relevant": ""}, "guidelines.relevant", "must_not_be_empty"),
    ({"relevant": "  "}, "guidelines.relevant", "must_not_be_empty"),
    ({"relevant": 3}, "guidelines.relevant", "expected_guideline"),
    ({"relevant": {"example": "x"}}, "guidelines.relevant", "missing_key"),
    ({"relevant": {"text": "x", "exampel": "y"}}, "guidelines.relevant.exampel", "unknown_guideline_key"),
    ({"relevant": {"text": "x", "example": 5}}, "guidelines.relevant.example", "expected"),
    ({"relevant": "x" * (MAX_GUIDELINE_CHARS + 1)}, "guidelines.relevant", "guideline_too_long"),
    ([1, 2], "guidelines", "expected_guidelines"),
    (None, "guidelines", "expected_guidelines"),
])
def test_bad_guidelines_are_refused_naming_the_place(guidelines, place, code):
    with pytest.raises(InputError) as raised:
        dataset_from_text(json.dumps({"guidelines": guidelines, "cases": [CASE]}), "mine.json")
    assert raised.value.where == place
    assert raised.value.code == code
    assert str(raised.value).startswith(f"mine.json: {place}: ")


texts = st.text(min_size=1, max_size=50).filter(lambda text: text.strip() == text and text)


@given(st.dictionaries(st.sampled_from(GUIDELINE_LABELS), st.builds(Guideline, texts, st.one_of(st.just(""), texts))))
def test_writing_and_reading_guidelines_gives_them_back(guidelines):
    assert read_guidelines(guidelines_to_dict(guidelines), GUIDELINE_LABELS) == guidelines
