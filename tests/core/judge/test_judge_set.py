"""The built-in judge set (assets/judge): its size, its labels, its stored verdicts and what PPI does with it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tools.judge_set import build, path_of
from uncase_core.assets.reader import load_judge_set
from uncase_core.judge.lexical_judge import judge_dataset
from uncase_core.judge.report import dimension_values, judge_report
from uncase_core.rag.cases import UNIT_KINDS, RagDataset, dataset_to_text
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS
from uncase_core.stats.ppi import ppi_mean_interval

LANGUAGES = ("en", "es")


@pytest.fixture(scope="module")
def judge_sets() -> dict[str, RagDataset]:
    return {language: load_judge_set(language) for language in LANGUAGES}


def without_verdicts(dataset: RagDataset) -> RagDataset:
    cases = []
    for case in dataset.cases:
        for kind in UNIT_KINDS:
            case = case.with_units(kind, tuple(replace(unit, judge={}) for unit in case.units(kind)))
        cases.append(case)
    return replace(dataset, cases=tuple(cases))


def test_about_300_units_per_dimension_all_labelled_and_judged(judge_sets):
    for dataset in judge_sets.values():
        for dimension in METRICS:
            labels, verdicts = dimension_values(dataset.cases, dimension)
            assert 250 <= len(labels) <= 350
            assert all(isinstance(label, bool) for label in labels)
            assert all(isinstance(verdict, bool) for verdict in verdicts)


def test_both_languages_hold_the_same_cases_and_reference_labels(judge_sets):
    english, spanish = judge_sets["en"], judge_sets["es"]
    assert [case.id for case in english.cases] == [case.id for case in spanish.cases]
    for dimension in METRICS:
        assert dimension_values(english.cases, dimension)[0] == dimension_values(spanish.cases, dimension)[0]
    assert {case.metadata["language"] for case in spanish.cases} == {"es"}


def test_running_the_judge_again_reproduces_the_stored_verdicts(judge_sets):
    for dataset in judge_sets.values():
        assert judge_dataset(without_verdicts(dataset)) == dataset


def test_the_seeded_script_rebuilds_the_files_byte_for_byte():
    for (language, domain), dataset in build().items():
        assert path_of(language, domain).read_text(encoding="utf-8") == dataset_to_text(dataset), (language, domain)


def test_the_judge_is_80_to_90_percent_right_and_visibly_biased_somewhere(judge_sets):
    for dataset in judge_sets.values():
        biased = []
        for dimension in METRICS:
            agreement = judge_report(dataset.cases, dimension).agreement
            assert 0.78 <= agreement.accuracy.value <= 0.92, dimension
            if agreement.bias.low > 0.03 or agreement.bias.high < -0.03:
                biased.append(dimension)
        assert "correctness" in biased


def test_with_40_random_hand_labels_ppi_finds_the_truth_the_judge_alone_misses(judge_sets):
    labels, verdicts = dimension_values(judge_sets["en"].cases, "correctness")
    labels, verdicts = np.array(labels), np.array(verdicts)
    truth = labels.mean()
    judge_alone = judge_report(judge_sets["en"].cases, "correctness").judge
    assert not judge_alone.low <= truth <= judge_alone.high
    covered = 0
    for seed in range(200):
        picked = np.zeros(labels.size, dtype=bool)
        picked[np.random.default_rng(seed).choice(labels.size, 40, replace=False)] = True
        interval = ppi_mean_interval(labels[picked], verdicts[picked], verdicts[~picked])
        covered += interval.low <= truth <= interval.high
    assert covered >= 0.85 * 200


def test_the_loader_falls_back_to_english():
    assert load_judge_set("fr") == load_judge_set("en")


@pytest.mark.parametrize("kind", list(METRIC_UNITS))
def test_every_dimension_has_units_with_both_outcomes(judge_sets, kind):
    labels, _ = dimension_values(judge_sets["en"].cases, kind)
    assert 0.3 < sum(labels) / len(labels) < 0.8
