"""Each built-in conversation (English and Spanish) fails exactly what its index says."""

from __future__ import annotations

import json

import pytest

from uncase_core.assets.reader import CONVERSATION_INDEX, load_conversation, load_index, scenario_path
from uncase_core.conversations.evaluator import GATES, METRICS, Evaluator

SCENARIOS = load_index(CONVERSATION_INDEX)
LANGUAGES = ("en", "es")
FAILURE_NAMES = {*METRICS, *GATES}


def test_the_index_lists_one_scenario_per_failure_and_a_good_one():
    assert [s.id for s in SCENARIOS] == [
        "good", "drift", "repetitive", "unfaithful", "incoherent", "privacy_leak", "memorized"]
    raw = json.loads(CONVERSATION_INDEX.read_text(encoding="utf-8"))["scenarios"]
    assert [tuple(item["expected_failures"]) for item in raw] == [s.expected_failing for s in SCENARIOS]
    # Every failure name of the evaluator is shown by exactly one scenario.
    shown = [name for s in SCENARIOS for name in s.expected_failing]
    assert sorted(shown) == sorted(FAILURE_NAMES) == sorted(
        ["rouge_l", "fidelity", "ttr", "coherence", "privacy", "memorization"])
    for scenario in SCENARIOS:
        assert set(scenario.title) == set(scenario.summary) == set(scenario.files) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_scenario_fails_exactly_its_expected_failures(scenario, language):
    assert scenario_path(scenario, language, CONVERSATION_INDEX).parent.name == language
    conversation = load_conversation(scenario, language)
    assert conversation.language == language
    result = Evaluator().evaluate(conversation)
    assert result.failures == scenario.expected_failing
    assert result.not_checked == ()  # every built-in conversation can be checked on everything
    assert result.passed is (scenario.expected_failing == ())
    gated = bool(set(scenario.expected_failing) & set(GATES))
    if gated:
        assert result.composite_score == 0.0
    else:
        assert result.composite_score == min(result.metric_values().values()) > 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_good_passes_everything(language):
    (good,) = [s for s in SCENARIOS if s.id == "good"]
    result = Evaluator().evaluate(load_conversation(good, language))
    assert result.passed is True
    assert result.failures == () and result.not_checked == ()
    assert result.privacy_score == 0.0 and result.memorization_rate.value < 0.01
    for name, value in result.metric_values().items():
        assert value >= Evaluator().thresholds[name]


@pytest.mark.parametrize("language", LANGUAGES)
def test_scenario_figures_quoted_in_the_index(language):
    by_id = {s.id: load_conversation(s, language) for s in SCENARIOS}
    evaluator = Evaluator()
    unfaithful = evaluator.evaluate(by_id["unfaithful"])
    assert (unfaithful.fidelity.successes, unfaithful.fidelity.total) == (3, 5)  # "3/5 = 0.60"
    incoherent = evaluator.evaluate(by_id["incoherent"])
    assert (incoherent.coherence.successes, incoherent.coherence.total) == (8, 10)  # "8/10 = 0.80"
    assert [t.turn for t in incoherent.turns if t.coherent is False] == [3, 9]
    assert evaluator.evaluate(by_id["drift"]).rouge_l.fmeasure < 0.50
    assert evaluator.evaluate(by_id["drift"]).rouge_band == "drift"
    assert evaluator.evaluate(by_id["repetitive"]).ttr < 0.50
    leak = evaluator.evaluate(by_id["privacy_leak"])
    assert {f.kind for f in leak.privacy_findings} == {"card", "email", "phone"}
    assert evaluator.evaluate(by_id["memorized"]).memorization_rate.value > 0.01


def test_all_scenarios_as_one_batch():
    conversations = [load_conversation(s, language) for language in LANGUAGES for s in SCENARIOS]
    report = Evaluator().batch_evaluate(conversations)
    assert report.pass_rate == pytest.approx(100 * 2 / 14)
    assert dict(report.failure_counts) == {name: 2 for name in FAILURE_NAMES}
