"""Summary autoevaluation (document 002): its examples as oracles, the N/A rules, safe block reading."""
# ruff: noqa: E501  (document 002's blocks below are kept verbatim, long lines and all)

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.stats.proportions import wilson_interval
from uncase_core.summaries.blocks import parse_judgement_block
from uncase_core.summaries.cases import case_from_dict, case_to_dict, cases_from_bytes, cases_from_text, cases_to_text
from uncase_core.summaries.evaluation import categorical_check, evaluate_summaries, evaluate_summary
from uncase_core.summaries.format import (
    SUMMARY_METRICS,
    AccuracyPoint,
    CompletenessItem,
    CompletenessQuestion,
    Rubric,
    Section,
    SummaryCase,
    Turn,
)

# Document 002's judgement blocks, verbatim as it prints them (the test oracles).
ACCURACY_EXAMPLE = r"""{
  "decomposition": [
    {
        "point": "The customer wants to cancel their subscription.",
        "accuracy": "This is accurate. The customer calls to get support of cancelling their subscription.",
        "is_accurate": true
    },
    {
        "point": "The customer asks about a $30 credit.",
        "accuracy": "This is inaccurate. The customer mentioned $10.",
        "is_accurate": false
    }
  ]
}"""

ADHERENCE_CATEGORICAL_EXAMPLE = r"""{
  "rubrics": [
    "question": "Does the summary follow the instruction and return only one of the allowed categorical values?",
    "reasoning": "The summary is not a categorical value. It contains descriptive text instead of providing only one of the allowed categorical values.",
    "is_addressed": "False"
  ]
}"""

ADHERENCE_NONCATEGORICAL_EXAMPLE = r"""{
  "rubrics": [
    {
      "question": "Does the summary follow the instruction 'State the product name being returned'?",
      "reasoning": "Summary followed instruction. It correctly stated the product name, for example: 'return the \\'Stealth Bomber X5\\' gaming mouse'.",
      "is_addressed": "True"
    }
  ]
}"""

COMPLETENESS_EXAMPLE = r"""[
  {
        'question': "Does the summary follow 'Describe the specific actions the agent took to assist the customer with their issue  or request'?",
        'content_list': [
    {
        'transcript_content': 'The agent provided the customer with the arrival window for the ABC appointment.',
        'related_content_from_summary': 'The agent, Robyn, provided the customer with the arrival window for the ABC appointment, which is from 01:30 PM to 2:45 PM.',
        'is_covered': 'True'
    },
    {
        'transcript_content': 'The agent clarified that the arrival window information is sent via text message.',
        'related_content_from_summary': 'The agent also clarified that the arrival window information is sent via text message',
        'is_covered': 'True'
    },
    {
        'transcript_content': "The agent confirmed the phone number is 123-456-7890.",
        'related_content_from_summary': "and confirmed the phone number is 123-456-7890.",
        'is_covered': 'True'
    } ]
  },
  {
        'question': "Does the summary follow 'Identify any dates explicitly mentioned by the agent or the customer'?",
        'content_list': [
    {
        'transcript_content': 'The ABC appointment is on June 2nd.',
        'related_content_from_summary': '',
        'is_covered': 'False'
    } ]
  },
  {
        'question': "Does the summary follow 'Identify the brand and any relevant specifications mentioned in the conversation'?",
        'content_list': [
    {
        'transcript_content': 'The appointment is for a Google Pixel.',
        'related_content_from_summary': '',
        'is_covered': 'False'
    } ]
  },
  {
        'question': "Does the summary follow 'Describe any updates the agent made, such as price, address, or order updates'?",
        'content_list': []
  },
  {
        'question': "Does the summary follow 'Extract the customer's order number and include it in the summary'?",
        'content_list': []
  }
]"""


def case(**fields) -> dict:
    """A minimal valid case: one custom free-text section, no judgements unless given."""
    base = {
        "id": "s1",
        "language": "en",
        "transcript": [{"role": "customer", "text": "I want to cancel."}, {"role": "agent", "text": "Done."}],
        "sections": [section()],
    }
    return {**base, **fields}


def section(kind: str = "custom", categorical: bool = False, **fields) -> dict:
    return {"name": "Resolution", "kind": kind, "categorical": categorical, "instruction": "Describe it.",
            "allowed_values": None, "text": "The agent cancelled the subscription.", **fields}


def rubric(label) -> dict:
    return {"question": "Q?", "reasoning": "R.", "is_addressed": label}


def point(label) -> dict:
    return {"point": "P.", "accuracy": "J.", "is_accurate": label}


def question(*labels) -> dict:
    return {"question": "Q?", "content_list": [{"transcript_content": "T.", "related_content_from_summary": "S.",
                                                "is_covered": label} for label in labels]}


def counts(proportion) -> tuple:
    return proportion.successes, proportion.total, proportion.unlabelled


# ------------------------------------------------------------------ document 002 as oracle


def test_accuracy_example_scores_one_of_two():
    block, notes = parse_judgement_block(ACCURACY_EXAMPLE, "accuracy")
    assert notes == ()
    assert [p["is_accurate"] for p in block["decomposition"]] == [True, False]
    result = evaluate_summary(case_from_dict(case(accuracy=block)))
    assert counts(result.metrics["accuracy"]) == (1, 2, 0)
    assert result.metrics["accuracy"].value == 0.5
    assert result.macro["accuracy"] == 0.5
    low, high = wilson_interval(1, 2)
    assert (result.metrics["accuracy"].low, result.metrics["accuracy"].high) == (low, high)


def test_completeness_example_single_quoted_with_string_booleans():
    block, notes = parse_judgement_block(COMPLETENESS_EXAMPLE, "completeness")
    assert len(notes) == 1 and "Python literal" in notes[0]
    assert len(block) == 5
    assert [len(q["content_list"]) for q in block] == [3, 1, 1, 0, 0]
    assert block[0]["content_list"][0]["is_covered"] is True
    assert block[1]["content_list"][0]["is_covered"] is False
    result = evaluate_summary(case_from_dict(case(completeness=block)))
    assert counts(result.metrics["completeness"]) == (3, 5, 0)  # the two empty questions do not count
    assert result.metrics["completeness"].value == pytest.approx(3 / 5)
    assert result.macro["completeness"] == pytest.approx((3 / 3 + 0 / 1 + 0 / 1) / 3)
    assert result.macro["completeness"] == pytest.approx(1 / 3)
    assert "completeness" not in result.not_applicable


def test_categorical_adherence_example_is_repaired_with_a_note():
    with pytest.raises(json.JSONDecodeError):
        json.loads(ADHERENCE_CATEGORICAL_EXAMPLE)  # as printed it is not JSON
    block, notes = parse_judgement_block(ADHERENCE_CATEGORICAL_EXAMPLE, "adherence")
    assert len(block["rubrics"]) == 1
    assert block["rubrics"][0]["is_addressed"] is False
    assert block["rubrics"][0]["question"].startswith("Does the summary follow the instruction and return only")
    assert len(notes) == 1 and "one rubric object" in notes[0] and notes[0].startswith("adherence")
    result = evaluate_summary(case_from_dict(case(adherence=block)))
    assert counts(result.metrics["adherence"]) == (0, 1, 0)
    assert result.metrics["adherence"].value == 0.0


def test_noncategorical_adherence_example_scores_one_of_one():
    block, notes = parse_judgement_block(ADHERENCE_NONCATEGORICAL_EXAMPLE, "adherence")
    assert notes == ()
    assert "\\'Stealth Bomber X5\\'" in block["rubrics"][0]["reasoning"]
    result = evaluate_summary(case_from_dict(case(adherence=block)))
    assert counts(result.metrics["adherence"]) == (1, 1, 0)
    assert result.metrics["adherence"].value == 1.0


def test_blocks_given_as_strings_inside_a_case_file_keep_their_notes():
    record = case(accuracy=ACCURACY_EXAMPLE, adherence=ADHERENCE_CATEGORICAL_EXAMPLE,
                  completeness=COMPLETENESS_EXAMPLE)
    (loaded,) = cases_from_text(json.dumps(record))
    assert len(loaded.accuracy) == 2 and len(loaded.rubrics) == 1 and len(loaded.completeness) == 5
    assert len(loaded.notes) == 2
    assert any(n.startswith("adherence: ") and "one rubric object" in n for n in loaded.notes)
    assert any(n.startswith("completeness: ") for n in loaded.notes)
    # Written back as normalized JSON: real booleans, structures not strings.
    written = json.loads(cases_to_text((loaded,)))
    assert written["adherence"] == {"rubrics": [{
        "question": loaded.rubrics[0].question, "reasoning": loaded.rubrics[0].reasoning, "is_addressed": False}]}
    assert written["completeness"][0]["content_list"][0]["is_covered"] is True
    assert cases_from_text(cases_to_text((loaded,)))[0] == loaded
    assert cases_from_text(cases_to_text((loaded,)))[0].notes == ()


def test_notes_name_the_case_in_a_dataset():
    records = [case(id="a"), case(id="b", adherence=ADHERENCE_CATEGORICAL_EXAMPLE)]
    loaded = cases_from_text("".join(json.dumps(r) + "\n" for r in records))
    assert loaded[0].notes == ()
    assert loaded[1].notes[0].startswith("line 2: adherence: ")


# ------------------------------------------------------------------ labels


@pytest.mark.parametrize(("given", "expected"), [
    (True, True), (False, False), (None, None), ("True", True), ("False", False), ("true", True),
    ("false", False)])
def test_labels_accept_booleans_null_and_string_booleans(given, expected):
    loaded = case_from_dict(case(adherence={"rubrics": [rubric(given)]}))
    assert loaded.rubrics[0].is_addressed is expected


@pytest.mark.parametrize("given", ["yes", "TRUE", " True", 1, 0, 1.0, [], {}])
def test_other_labels_are_located_errors(given):
    records = [case(id="a"), case(id="b", adherence={"rubrics": [rubric(True), rubric(given)]})]
    with pytest.raises(InputError) as caught:
        cases_from_text(json.dumps(records), "data.json")
    assert caught.value.where == "[1].adherence.rubrics[1].is_addressed"
    assert caught.value.source == "data.json"
    assert "expected true, false or null" in caught.value.problem


def test_label_error_message_under_cases():
    text = json.dumps({"cases": [case(adherence={"rubrics": [rubric(True), rubric("yes")]})]})
    with pytest.raises(InputError) as caught:
        cases_from_text(text)
    assert str(caught.value) == 'cases[0].adherence.rubrics[1].is_addressed: expected true, false or null, got "yes"'


def test_unlabelled_units_are_counted_apart():
    result = evaluate_summary(case_from_dict(case(accuracy={"decomposition": [point(True), point(None),
                                                                              point(False)]})))
    assert counts(result.metrics["accuracy"]) == (1, 2, 1)


# ------------------------------------------------------------------ N/A rules


def test_only_predefined_sections_make_adherence_na_with_zero_counts():
    record = case(sections=[section("predefined"), section("predefined", name="Other")],
                  adherence={"rubrics": [rubric(True), rubric(False), rubric(None)]},
                  accuracy={"decomposition": [point(True)]})
    result = evaluate_summary(case_from_dict(record))
    assert result.not_applicable == {"adherence": "only_predefined_sections", "completeness": "no_units"}
    assert counts(result.metrics["adherence"]) == (0, 0, 0)
    assert result.metrics["adherence"].value is None
    assert result.metrics["adherence"].low is None and result.metrics["adherence"].high is None
    assert result.macro["adherence"] is None
    assert result.metrics["accuracy"].value == 1.0


def test_one_custom_section_is_enough_for_adherence():
    record = case(sections=[section("predefined"), section("custom", name="Mine")],
                  adherence={"rubrics": [rubric(True), rubric(False)]})
    result = evaluate_summary(case_from_dict(record))
    assert "adherence" not in result.not_applicable
    assert counts(result.metrics["adherence"]) == (1, 2, 0)


def test_only_categorical_sections_make_completeness_na_with_zero_counts():
    record = case(sections=[section(categorical=True, allowed_values=["Sunny", "Cloudy"], text="Sunny")],
                  completeness=[question(True, False, None)], adherence={"rubrics": [rubric(True)]})
    result = evaluate_summary(case_from_dict(record))
    assert result.not_applicable == {"completeness": "only_categorical_sections", "accuracy": "no_units"}
    assert counts(result.metrics["completeness"]) == (0, 0, 0)
    assert result.metrics["completeness"].value is None
    assert result.macro["completeness"] is None
    assert result.metrics["adherence"].value == 1.0


def test_one_free_text_section_is_enough_for_completeness():
    record = case(sections=[section(categorical=True, allowed_values=["A"]), section(name="Free")],
                  completeness=[question(True, False)])
    result = evaluate_summary(case_from_dict(record))
    assert "completeness" not in result.not_applicable
    assert counts(result.metrics["completeness"]) == (1, 2, 0)


def test_both_section_rules_at_once():
    record = case(sections=[section("predefined", categorical=True, allowed_values=["A"])],
                  adherence={"rubrics": [rubric(True)]}, completeness=[question(True)])
    result = evaluate_summary(case_from_dict(record))
    assert result.not_applicable == {"adherence": "only_predefined_sections",
                                     "completeness": "only_categorical_sections", "accuracy": "no_units"}


def test_no_units_is_na_never_zero():
    result = evaluate_summary(case_from_dict(case()))
    assert result.not_applicable == {name: "no_units" for name in SUMMARY_METRICS}
    for name in SUMMARY_METRICS:
        assert result.metrics[name].value is None
        assert counts(result.metrics[name]) == (0, 0, 0)
        assert result.macro[name] is None


def test_only_unlabelled_units_is_no_units_with_the_unlabelled_count():
    result = evaluate_summary(case_from_dict(case(accuracy={"decomposition": [point(None), point(None)]})))
    assert result.not_applicable["accuracy"] == "no_units"
    assert counts(result.metrics["accuracy"]) == (0, 0, 2)


def test_only_empty_content_lists_is_no_units():
    result = evaluate_summary(case_from_dict(case(completeness=[question(), question()])))
    assert result.not_applicable["completeness"] == "no_units"
    assert counts(result.metrics["completeness"]) == (0, 0, 0)


def test_no_sections_skips_the_section_rules():
    record = case(sections=[], adherence={"rubrics": [rubric(False)]}, completeness=[question(True)])
    result = evaluate_summary(case_from_dict(record))
    assert set(result.not_applicable) == {"accuracy"}
    assert counts(result.metrics["adherence"]) == (0, 1, 0)
    assert counts(result.metrics["completeness"]) == (1, 1, 0)


# ------------------------------------------------------------------ micro and macro


def test_completeness_micro_and_macro_differ():
    # One question with 9 of 9 covered, one with 0 of 1: micro 9/10, macro (1 + 0) / 2.
    record = case(completeness=[question(*[True] * 9), question(False), question()])
    result = evaluate_summary(case_from_dict(record))
    assert result.metrics["completeness"].value == pytest.approx(0.9)
    assert result.macro["completeness"] == pytest.approx(0.5)


def test_unlabelled_only_question_does_not_enter_the_macro():
    record = case(completeness=[question(True, None), question(None)])
    result = evaluate_summary(case_from_dict(record))
    assert counts(result.metrics["completeness"]) == (1, 1, 2)
    assert result.macro["completeness"] == 1.0


def test_adherence_macro_equals_micro():
    record = case(adherence={"rubrics": [rubric(True), rubric(False), rubric(True), rubric(None)]})
    result = evaluate_summary(case_from_dict(record))
    assert result.macro["adherence"] == pytest.approx(2 / 3) == result.metrics["adherence"].value


def test_aggregate_pools_counts_and_averages_case_macros():
    cases = [
        case_from_dict(case(id="a", completeness=[question(*[True] * 9), question(False)],
                            accuracy={"decomposition": [point(True)]})),
        case_from_dict(case(id="b", completeness=[question(False, False)],
                            accuracy={"decomposition": [point(False), point(False), point(True)]})),
        # Adherence N/A by rule: its rubrics contribute nothing to the pooled counts.
        case_from_dict(case(id="c", sections=[section("predefined")], adherence={"rubrics": [rubric(False)] * 5})),
    ]
    report = evaluate_summaries(cases)
    assert [case_id for case_id, _ in report.cases] == ["a", "b", "c"]
    aggregate = report.aggregate
    assert counts(aggregate.metrics["completeness"]) == (9, 12, 0)
    assert aggregate.macro["completeness"] == pytest.approx((0.5 + 0.0) / 2)
    assert counts(aggregate.metrics["accuracy"]) == (2, 4, 0)
    assert aggregate.macro["accuracy"] == pytest.approx((1.0 + 1 / 3) / 2)
    assert counts(aggregate.metrics["adherence"]) == (0, 0, 0)
    assert aggregate.macro["adherence"] is None
    assert aggregate.not_applicable == {"adherence": "no_units"}
    assert report.cases[2][1].not_applicable["adherence"] == "only_predefined_sections"


def test_aggregate_keeps_a_shared_section_rule():
    cases = [case_from_dict(case(id=i, sections=[section("predefined")], adherence={"rubrics": [rubric(True)]}))
             for i in ("a", "b")]
    assert evaluate_summaries(cases).aggregate.not_applicable["adherence"] == "only_predefined_sections"


def test_report_to_dict_shape():
    report = evaluate_summaries([case_from_dict(case(accuracy={"decomposition": [point(True)]}))])
    data = report.to_dict()
    assert set(data) == {"cases", "aggregate"}
    assert set(data["cases"][0]) == {"id", "accuracy", "adherence", "completeness", "macro", "not_applicable"}
    assert set(data["aggregate"]) == {"accuracy", "adherence", "completeness", "macro"}
    assert set(data["cases"][0]["accuracy"]) == {"successes", "total", "unlabelled", "value", "low", "high"}
    assert data["cases"][0]["macro"] == {"accuracy": 1.0, "adherence": None, "completeness": None}
    json.dumps(data, allow_nan=False)


def test_confidence_is_checked_and_used():
    loaded = case_from_dict(case(accuracy={"decomposition": [point(True), point(False)]}))
    narrow = evaluate_summary(loaded, 0.5).metrics["accuracy"]
    wide = evaluate_summary(loaded, 0.99).metrics["accuracy"]
    assert wide.low < narrow.low and narrow.high < wide.high
    with pytest.raises(InputError):
        evaluate_summary(loaded, 1.5)
    with pytest.raises(InputError):
        evaluate_summaries([loaded], 0)


# ------------------------------------------------------------------ categorical check


def categorical(text: str, allowed=("Sunny", "Cloudy")) -> Section:
    return Section("Weather", "custom", True, "Sunny or Cloudy", allowed, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Sunny", True), ("sunny", True), ("  CLOUDY \n", True), ("It was sunny", False), ("Rainy", False),
    ("", False), ("Sunny.", False), ("Sunny or Cloudy", False)])
def test_categorical_check(text, expected):
    assert categorical_check(categorical(text)) is expected


def test_categorical_check_allowed_values_are_trimmed_and_casefolded():
    assert categorical_check(categorical("straße", (" STRASSE ",))) is True


def test_categorical_check_ambiguous_allowed_values_are_not_exactly_one():
    assert categorical_check(categorical("sunny", ("Sunny", "SUNNY"))) is False


def test_categorical_check_not_applicable():
    assert categorical_check(Section("R", "custom", False, "", ("Sunny",), "Sunny")) is None
    assert categorical_check(categorical("Sunny", None)) is None
    assert categorical_check(categorical("Sunny", ())) is None


# ------------------------------------------------------------------ unsafe and bad blocks


@pytest.mark.parametrize("payload", [
    "__import__('os').system('touch {path}')",
    "[{{'question': __import__('os').system('touch {path}'), 'content_list': []}}]",
    "().__class__.__bases__[0].__subclasses__()",
    "open('{path}', 'w')",
    "[q for q in ()]",
    "lambda: 1",
])
def test_malicious_literals_are_rejected_not_run(tmp_path, payload):
    target = tmp_path / "pwned"
    block = payload.format(path=target)
    with pytest.raises(InputError) as caught:
        parse_judgement_block(block, "completeness")
    assert caught.value.where == "completeness"
    assert not target.exists()
    with pytest.raises(InputError) as caught:
        cases_from_text(json.dumps(case(completeness=block)), "evil.json")
    assert caught.value.where == "completeness" and caught.value.source == "evil.json"
    assert not target.exists()


def test_deeply_nested_blocks_are_input_errors():
    for text in ("[" * 100_000 + "]" * 100_000, "[" * 5000 + "]" * 5000, "{'a': " * 300 + "1" + "}" * 300):
        with pytest.raises(InputError):
            parse_judgement_block(text, "completeness")


def test_huge_blocks_are_input_errors():
    with pytest.raises(InputError) as caught:
        parse_judgement_block("[" + "'x', " * 100_000 + "]", "completeness")
    assert "too long" in caught.value.problem
    with pytest.raises(InputError):
        parse_judgement_block("1" * 10_000, "accuracy")  # beyond Python's digit limit, or simply not an object


def test_number_beyond_the_digit_limit_is_an_input_error():
    with pytest.raises(InputError):
        cases_from_text('{"id": "x", "big": ' + "1" * 5000 + "}")


def test_deeply_nested_case_file_is_an_input_error():
    with pytest.raises(InputError):
        cases_from_text('{"id": "x", "extra": ' + "[" * 100_000 + "]" * 100_000 + "}")


@pytest.mark.parametrize(("text", "kind", "where"), [
    ("{'decomposition': [{'point': 'p', 'is_accurate': 'maybe'}]}", "accuracy",
     "accuracy.decomposition[0].is_accurate"),
    ('{"decomposition": {"point": "p"}}', "accuracy", "accuracy.decomposition"),
    ('{"decomposition": [{"accuracy": "j"}]}', "accuracy", "accuracy.decomposition[0]"),
    ('[{"point": "p"}]', "accuracy", "accuracy"),
    ('{"rubrics": ["q"]}', "adherence", "adherence.rubrics[0]"),
    ('{"question": "q"}', "completeness", "completeness"),
    ("[{'question': 'q', 'content_list': [{'is_covered': 'False'}, 'x']}]", "completeness",
     "completeness[0].content_list[1]"),
    ("[{'question': 'q', 'content_list': {1, 2}}]", "completeness", "completeness[0].content_list"),
    ("[{'question': b'q'}]", "completeness", "completeness[0].question"),
    ("[{1: 'q'}]", "completeness", "completeness[0]"),
    ("not a block at all", "accuracy", "accuracy"),
    ("", "adherence", "adherence"),
])
def test_bad_blocks_name_the_place(text, kind, where):
    with pytest.raises(InputError) as caught:
        parse_judgement_block(text, kind)
    assert caught.value.where == where


def test_invalid_json_and_literal_message_says_both():
    with pytest.raises(InputError) as caught:
        parse_judgement_block('{"decomposition": [', "accuracy")
    assert "neither JSON" in caught.value.problem and "line 1" in caught.value.problem


def test_repair_only_for_adherence():
    with pytest.raises(InputError):
        parse_judgement_block(ADHERENCE_CATEGORICAL_EXAMPLE.replace("rubrics", "decomposition"), "accuracy")


def test_repair_with_single_quotes():
    text = "{'rubrics': ['question': 'Q?', 'reasoning': 'R', 'is_addressed': 'True']}"
    block, notes = parse_judgement_block(text, "adherence")
    assert block == {"rubrics": [{"question": "Q?", "reasoning": "R", "is_addressed": True}]}
    assert len(notes) == 1


def test_python_literal_booleans_and_none():
    block, _ = parse_judgement_block("{'decomposition': [{'point': 'p', 'is_accurate': True}, "
                                     "{'point': 'q', 'is_accurate': None}]}", "accuracy")
    assert [p["is_accurate"] for p in block["decomposition"]] == [True, None]


def test_unknown_kind():
    with pytest.raises(InputError):
        parse_judgement_block("[]", "fluency")


def test_block_level_extra_keys_get_a_note():
    block, notes = parse_judgement_block('{"decomposition": [], "score": 0.5}', "accuracy")
    assert block == {"decomposition": []}
    assert len(notes) == 1 and "score" in notes[0]


# ------------------------------------------------------------------ the case format


@pytest.mark.parametrize(("change", "where", "problem"), [
    ({"id": 3}, "[0].id", "expected text, got 3"),
    ({"id": " "}, "[0].id", "id must not be empty"),
    ({"transcript": "hello"}, "[0].transcript", "expected a list"),
    ({"transcript": [{"role": "agent"}]}, "[0].transcript[0]", 'missing "text"'),
    ({"sections": [section(kind="free")]}, "[0].sections[0].kind", 'expected "custom" or "predefined"'),
    ({"sections": [section(categorical="yes")]}, "[0].sections[0].categorical", "expected true or false"),
    ({"sections": [section(allowed_values="Sunny")]}, "[0].sections[0].allowed_values", "expected a list"),
    ({"sections": [section(allowed_values=["A", 1])]}, "[0].sections[0].allowed_values[1]", "expected text"),
    ({"sections": [{"kind": "custom"}]}, "[0].sections[0]", 'missing "name"'),
    ({"accuracy": []}, "[0].accuracy", "expected an object"),
    ({"completeness": {"question": "q"}}, "[0].completeness", "expected a list"),
    ({"completeness": [question(True, 2)]}, "[0].completeness[0].content_list[1].is_covered", "got 2"),
])
def test_located_errors_for_wrong_types(change, where, problem):
    with pytest.raises(InputError) as caught:
        cases_from_text(json.dumps([{**case(), **change}]))
    assert caught.value.where == where
    assert problem in caught.value.problem


def test_jsonl_errors_name_the_line():
    text = json.dumps(case(id="a")) + "\n" + json.dumps(case(id="b", accuracy={"decomposition": [point(3)]})) + "\n"
    with pytest.raises(InputError) as caught:
        cases_from_text(text, "d.jsonl")
    assert str(caught.value) == "d.jsonl: line 2: accuracy.decomposition[0].is_accurate: " \
                                "expected true, false or null, got 3"


def test_duplicate_ids_rejected():
    with pytest.raises(InputError) as caught:
        cases_from_text(json.dumps({"cases": [case(id="a"), case(id="a")]}))
    assert caught.value.where == "cases[1].id" and "duplicate" in caught.value.problem


@pytest.mark.parametrize(("text", "problem"), [("", "empty"), ("[]", "no cases"), ("42", "expected a summary case")])
def test_empty_or_wrong_files(text, problem):
    with pytest.raises(InputError) as caught:
        cases_from_text(text)
    assert problem in str(caught.value)


def test_bytes_with_bom_and_bad_utf8():
    data = "\ufeff".encode() + json.dumps(case(language="es")).encode()
    assert cases_from_bytes(data)[0].language == "es"
    with pytest.raises(InputError) as caught:
        cases_from_bytes(b"\xff\xfe{", "bad.json")
    assert caught.value.source == "bad.json"


def test_lone_surrogates_rejected():
    with pytest.raises(InputError):
        cases_from_text('{"id": "a", "language": "\\ud800"}')
    with pytest.raises(InputError):
        parse_judgement_block("[{'question': '\\ud800'}]", "completeness")


def test_all_forms_of_dataset_load():
    records = [case(id="a"), case(id="b")]
    for text in (json.dumps(records), json.dumps({"cases": records}),
                 "".join(json.dumps(r) + "\n" for r in records)):
        assert [c.id for c in cases_from_text(text)] == ["a", "b"]
    assert [c.id for c in cases_from_text(json.dumps(records[0]))] == ["a"]


def test_extra_keys_are_kept_and_missing_blocks_are_empty():
    record = {"id": "x", "origin": {"tool": "ccai"},
              "sections": [section(color="blue")],
              "accuracy": {"decomposition": [{**point(True), "weight": 2}]},
              "completeness": [{**question(True), "rubric_id": 7}]}
    loaded = case_from_dict(record)
    assert loaded.extra == {"origin": {"tool": "ccai"}}
    assert loaded.sections[0].extra == {"color": "blue"}
    assert loaded.accuracy[0].extra == {"weight": 2}
    assert loaded.completeness[0].extra == {"rubric_id": 7}
    assert loaded.rubrics == () and loaded.transcript == () and loaded.language == ""
    written = case_to_dict(loaded)
    assert written["origin"] == {"tool": "ccai"} and written["adherence"] == {"rubrics": []}
    assert case_from_dict(written) == loaded


def test_cases_to_text_one_json_several_jsonl():
    one = cases_to_text((case_from_dict(case()),))
    assert one.startswith("{\n")
    several = cases_to_text(tuple(case_from_dict(case(id=i)) for i in "ab"))
    assert len(several.splitlines()) == 2


# ------------------------------------------------------------------ round trip

_text = st.text(max_size=20)
_label = st.sampled_from([True, False, None])
_extra = st.dictionaries(st.sampled_from(["x_note", "source", "weight"]),
                         st.one_of(st.none(), st.booleans(), st.integers(-5, 5), _text), max_size=2)
_sections = st.builds(Section, _text, st.sampled_from(["custom", "predefined"]), st.booleans(), _text,
                      st.one_of(st.none(), st.lists(_text, max_size=3).map(tuple)), _text, _extra)
_questions = st.builds(CompletenessQuestion, _text,
                       st.lists(st.builds(CompletenessItem, _text, _text, _label, _extra), max_size=3).map(tuple),
                       _extra)
_cases = st.builds(
    SummaryCase,
    st.text(min_size=1, max_size=10).filter(str.strip), _text,
    st.lists(st.builds(Turn, st.text(min_size=1, max_size=8), _text), max_size=3).map(tuple),
    st.lists(_sections, max_size=3).map(tuple),
    st.lists(st.builds(AccuracyPoint, _text, _text, _label, _extra), max_size=3).map(tuple),
    st.lists(st.builds(Rubric, _text, _text, _label, _extra), max_size=3).map(tuple),
    st.lists(_questions, max_size=3).map(tuple),
    st.dictionaries(st.sampled_from(["origin", "agent_id", "tags"]), st.one_of(_text, st.lists(_text, max_size=2)),
                    max_size=2),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_cases, min_size=1, max_size=3, unique_by=lambda c: c.id))
def test_round_trip_loses_nothing(cases):
    cases = tuple(cases)
    text = cases_to_text(cases)
    assert cases_from_text(text) == cases
    assert cases_from_bytes(text.encode("utf-8")) == cases
    for line in text.rstrip("\n").split("\n") if len(cases) > 1 else [text]:
        data = json.loads(line)
        labels = [p["is_accurate"] for p in data["accuracy"]["decomposition"]]
        assert all(label in (True, False, None) for label in labels)


@settings(max_examples=60, deadline=None)
@given(_cases)
def test_evaluation_invariants(summary_case):
    result = evaluate_summary(summary_case)
    for name in SUMMARY_METRICS:
        metric = result.metrics[name]
        assert (metric.value is None) == (name in result.not_applicable)
        assert (result.macro[name] is None) == (name in result.not_applicable)
        if metric.value is not None:
            assert metric.low <= metric.value <= metric.high
            assert 0.0 <= result.macro[name] <= 1.0
        if result.not_applicable.get(name) in ("only_predefined_sections", "only_categorical_sections"):
            assert (metric.successes, metric.total, metric.unlabelled) == (0, 0, 0)
