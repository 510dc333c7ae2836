"""The built-in scenarios load in both languages and fail exactly where their index says."""

from __future__ import annotations

import re

import pytest

from uncase_core.assets.reader import load_all, load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS
from uncase_core.rag.evaluation import Settings, evaluate_case, evaluate_dataset

SCENARIOS = load_index()


def test_the_index_lists_the_seven_workshop_scenarios():
    assert [s.id for s in SCENARIOS] == [
        "all_good", "poor_retrieval", "unfaithful_answer", "wrong_answer",
        "incomplete_answer", "multiple_failures", "few_units",
    ]
    for scenario in SCENARIOS:
        assert set(scenario.title) == {"en", "es"} and set(scenario.summary) == {"en", "es"}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_scenario_fails_exactly_where_expected(scenario, language):
    (case,) = load_scenario(scenario, language).cases
    assert case.metadata["language"] == language
    diagnosis = evaluate_case(case, Settings.build()).diagnosis
    assert diagnosis.failing == scenario.expected_failing
    assert diagnosis.not_applicable == ()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_english_and_spanish_carry_the_same_labels(scenario):
    (en,) = load_scenario(scenario, "en").cases
    (es,) = load_scenario(scenario, "es").cases
    assert en.id == es.id
    for kind, labels in LABEL_FIELDS.items():
        assert [[u.label(n) for n in labels] for u in en.units(kind)] == [
            [u.label(n) for n in labels] for u in es.units(kind)
        ]


def test_few_units_shows_a_wide_interval():
    few = next(s for s in SCENARIOS if s.id == "few_units")
    (case,) = load_scenario(few, "en").cases
    relevance = evaluate_case(case).metrics["context_relevance"]
    assert relevance.value == 1.0
    assert relevance.high - relevance.low > 0.6


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_a_scenarios_line_sets_the_scene_without_the_figures_the_lesson_asks_for(scenario):
    # The line shows above the cards while a lesson asks what they say: a bound written there is the step's answer,
    # and written as 0.34 beside cards that say 34.2% it also disagrees with them.
    for text in scenario.summary.values():
        assert not re.search(r"\d[.,]\d", text), text
        assert "Wilson" not in text, text


def test_all_scenarios_pool_into_one_dataset():
    dataset = load_all(SCENARIOS, "en")
    result = evaluate_dataset(dataset.cases)
    assert len(result.cases) == 7
    assert result.pooled.metrics["faithfulness"].total == sum(
        r.metrics["faithfulness"].total for r in result.cases
    )
