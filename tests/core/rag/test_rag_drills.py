"""Drills: variants to label blind, and the labels checked against the answer key (issue 22)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.errors import InputError
from uncase_core.rag.cases import (
    LABEL_FIELDS,
    UNIT_KINDS,
    RagCase,
    case_from_dict,
    dataset_from_text,
    dataset_to_text,
)
from uncase_core.rag.drills import DRILL_NOTES, FAILURE_SETS, MAX_DRILL_CASES, check_drill, make_drill
from uncase_core.rag.evaluation import Settings, evaluate_case
from uncase_core.rag.variants import CHANGE_KEY

SCENARIOS = {s.id: s for s in load_index()}


def built_in(scenario: str, language: str) -> RagCase:
    return load_scenario(SCENARIOS[scenario], language).cases[0]


@pytest.fixture(scope="module")
def drill():
    return make_drill(built_in("all_good", "es"), 6, seed=3)


def _with_label(case: RagCase, kind: str, unit_id: str, name: str, value) -> RagCase:
    units = tuple(u.with_label(name, value) if u.id == unit_id else u for u in case.units(kind))
    return case.with_units(kind, units)


def test_the_drill_hides_everything_but_the_texts(drill):
    assert drill.source == "refund-01" and drill.seed == 3 and len(drill.cases) == len(drill.answer_key) == 6
    assert [c.id for c in drill.cases] == [f"refund-01-drill3-{n}" for n in range(1, 7)]
    assert [c.id for c in drill.answer_key] == [c.id for c in drill.cases]
    data = json.loads(json.dumps(drill.to_dict()))
    assert data["source"] == "refund-01" and len(data["cases"]) == len(data["answer_key"]) == 6
    assert all(case["metadata"]["variant"]["source"] == "refund-01" for case in data["answer_key"])
    for blank, key in zip(drill.cases, drill.answer_key, strict=True):
        assert "variant" not in blank.metadata and "variant" in key.metadata
        assert blank.answer == key.answer and blank.question == key.question
        for kind in UNIT_KINDS:
            assert [u.text for u in blank.units(kind)] == [u.text for u in key.units(kind)]
            prefix = {"passages": "p", "claims": "c", "reference_facts": "f"}[kind]
            assert [u.id for u in blank.units(kind)] == [f"{prefix}{i}" for i in range(1, len(blank.units(kind)) + 1)]
            for unit in blank.units(kind):
                assert all(unit.label(name) is None for name in LABEL_FIELDS[kind])
                assert CHANGE_KEY not in unit.extra and not unit.judge


def test_the_key_fails_what_its_metadata_says_and_the_sets_differ(drill):
    for key, failures in zip(drill.answer_key, drill.failures, strict=True):
        assert failures and evaluate_case(key).diagnosis.failing == failures
    assert len(set(drill.failures)) == 6  # every set the case allows comes once before any comes back
    assert make_drill(built_in("all_good", "es"), 6, seed=3) == drill
    assert make_drill(built_in("all_good", "es"), 6, seed=4).failures != drill.failures


def test_a_long_drill_uses_every_possible_set_then_starts_again():
    long = make_drill(built_in("few_units", "en"), 20, seed=1)
    impossible = {("correctness",), ("context_relevance", "correctness"), ("faithfulness", "correctness"),
                  ("context_relevance", "faithfulness", "correctness")}
    assert set(long.failures) == set(FAILURE_SETS) - impossible  # 11 sets, then 9 again
    assert [long.failures.count(s) for s in dict.fromkeys(long.failures)] == [2] * 9 + [1] * 2
    assert len({c.id for c in long.cases}) == 20


def test_a_perfect_labelling_matches_everywhere(drill):
    result = check_drill(drill.key_dataset(), list(drill.answer_key))
    assert result.cases_matching == 6
    assert result.agreement.successes == result.agreement.total > 0 and result.agreement.unlabelled == 0
    for case in result.cases:
        assert case.complete and case.failing_matches and case.agreement.value == 1.0
        assert case.given_failing == case.expected_failing
    json.dumps(result.to_dict())


def test_a_wrong_label_is_found_with_its_reason(drill):
    index = next(i for i, f in enumerate(drill.failures) if "context_relevance" in f)
    key = drill.answer_key[index]
    distractor = next(u for u in key.passages if u.extra.get(CHANGE_KEY, {}).get("code") == "distractor_added")
    labelled = list(drill.answer_key)
    # The person takes every passage for relevant: relevance no longer fails for them.
    wrong = key
    for unit in key.passages:
        wrong = _with_label(wrong, "passages", unit.id, "relevant", True)
    labelled[index] = wrong
    result = check_drill(drill.answer_key, labelled)
    case = result.cases[index]
    mismatches = [u for u in case.units if u.status == "mismatch"]
    assert mismatches and all(u.kind == "passages" and u.expected is False and u.given is True for u in mismatches)
    found = next(u for u in mismatches if u.unit_id == distractor.id)
    assert found.note.code == "distractor_added" and found.note.code in DRILL_NOTES
    assert "context_relevance" not in case.given_failing and not case.failing_matches
    assert result.cases_matching == 5
    assert case.agreement.successes == case.agreement.total - len(mismatches)
    assert found.to_dict()["note"]["text"] == DRILL_NOTES["distractor_added"]


def test_a_partial_labelling_counts_the_unlabelled_apart(drill):
    labelled = list(drill.cases)  # nothing labelled yet...
    key = drill.answer_key[0]
    first = key.claims[0]
    labelled[0] = _with_label(labelled[0], "claims", first.id, "supported", first.label("supported"))
    labelled[0] = _with_label(labelled[0], "claims", first.id, "correct", not first.label("correct"))
    result = check_drill(drill.answer_key, labelled)
    total_labels = sum(len(c.units(kind)) * len(LABEL_FIELDS[kind]) for c in drill.answer_key for kind in UNIT_KINDS)
    assert (result.agreement.successes, result.agreement.total) == (1, 2)
    assert result.agreement.unlabelled == total_labels - 2
    assert not result.cases[0].complete
    statuses = {(u.unit_id, u.label): u.status for u in result.cases[0].units}
    assert statuses[first.id, "supported"] == "match" and statuses[first.id, "correct"] == "mismatch"
    assert result.cases[1].agreement.value is None  # N/A, never NaN
    assert set(result.cases[1].given_not_applicable) == {"context_relevance", "faithfulness", "correctness",
                                                         "coverage"}


def test_the_notes_survive_a_download_round_trip(drill):
    text = dataset_to_text(drill.key_dataset())
    reloaded = dataset_from_text(text, "key.jsonl")
    assert reloaded.cases == drill.answer_key
    blank = dataset_from_text(dataset_to_text(drill.dataset()), "drill.jsonl")
    result = check_drill(reloaded, blank.cases)
    codes = {u.note.code for case in result.cases for u in case.units}
    assert "unchanged" in codes and len(codes) > 3


def test_settings_decide_what_fails_for_key_and_person_alike(drill):
    lenient = Settings.build(thresholds={"context_relevance": 0.0, "faithfulness": 0.0, "correctness": 0.0,
                                         "coverage": 0.0})
    result = check_drill(drill.answer_key, list(drill.answer_key), lenient)
    assert all(case.expected_failing == () and case.failing_matches for case in result.cases)


# ------------------------------------------------------------------ bad input


def _error(call) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def test_mismatched_cases_and_units_are_input_errors_naming_them(drill):
    key = list(drill.answer_key)
    renamed = [replace(key[0], id="other"), *key[1:]]
    error = _error(lambda: check_drill(key, renamed))
    assert (error.code, error.where, error.params["id"]) == ("drill_unknown_case", "labelled[0].id", "other")
    error = _error(lambda: check_drill(key, key[1:]))
    assert (error.code, error.where, error.params["id"]) == ("drill_missing_case", "labelled", key[0].id)
    error = _error(lambda: check_drill(key, [*key, key[2]]))
    assert (error.code, error.where) == ("duplicate_case_id", f"labelled[{len(key)}].id")
    claims = key[1].claims
    odd = [*key[:1], key[1].with_units("claims", (replace(claims[0], id="c99"), *claims[1:])), *key[2:]]
    error = _error(lambda: check_drill(key, odd))
    assert (error.code, error.where) == ("drill_unknown_unit", "labelled[1].claims[0].id")
    assert dict(error.params) == {"id": "c99", "case": key[1].id}
    short = [*key[:1], key[1].with_units("reference_facts", key[1].reference_facts[1:]), *key[2:]]
    error = _error(lambda: check_drill(key, short))
    assert (error.code, error.where, error.params["id"]) == ("drill_missing_unit", "labelled[1].reference_facts",
                                                            "f1")


def test_bad_counts_seeds_and_sources(make_case):
    source = built_in("all_good", "en")
    assert _error(lambda: make_drill(source, 0)).code == "must_be_in_range"
    assert _error(lambda: make_drill(source, MAX_DRILL_CASES + 1)).where == "count"
    assert _error(lambda: make_drill(source, "3")).code == "expected"
    assert _error(lambda: make_drill(source, 2, seed=-4)).where == "seed"
    error = _error(lambda: make_drill(built_in("wrong_answer", "en"), 2))
    assert error.code == "variant_source_fails" and error.params["dimensions"] == "correctness"
    no_units = make_case(passages=[True], claims=[], facts=[True])
    assert _error(lambda: make_drill(no_units, 2)).code == "variant_needs_units"


def test_a_case_that_allows_no_failure_gives_no_drill(make_case_dict):
    # No figures, no words shared by claims and facts, and an empty pool: nothing can be made to fail.
    data = make_case_dict(passages=[True, True], claims=[(True, True)] * 3, facts=[True] * 3)
    for n, claim in enumerate(data["claims"]):
        claim["text"] = ["Apples are red.", "Pears are green.", "Plums are blue."][n]
    for n, fact in enumerate(data["reference_facts"]):
        fact["text"] = ["Rain falls.", "Snow melts.", "Wind blows."][n]
    for n, passage in enumerate(data["passages"]):
        passage["text"] = ["Fruit grows on trees.", "Weather changes."][n]
    data["answer"] = " ".join(claim["text"] for claim in data["claims"])
    case = case_from_dict(data)
    error = _error(lambda: make_drill(case, 3, pool=[]))
    assert (error.code, error.where) == ("drill_not_possible", "")
    drill = make_drill(case, 3)  # the shipped pool allows relevance alone, so every case fails it
    assert drill.failures == (("context_relevance",),) * 3
