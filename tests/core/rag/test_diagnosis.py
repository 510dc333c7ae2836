"""Threshold diagnosis: which dimensions fail, why, and how sure the data lets us be."""

from __future__ import annotations

import math

import pytest

from uncase_core.errors import InputError
from uncase_core.rag.evaluation import CAUSES, DEFAULT_THRESHOLDS, METRICS, diagnose, resolve_thresholds
from uncase_core.stats.proportions import Proportion, wilson_interval

PASS = (100, 100)  # clearly above every default threshold
NA = (0, 0)


def metrics(
    context_relevance: tuple[int, int] = PASS,
    faithfulness: tuple[int, int] = PASS,
    correctness: tuple[int, int] = PASS,
    coverage: tuple[int, int] = PASS,
    confidence: float = 0.95,
) -> dict[str, Proportion]:
    given = {"context_relevance": context_relevance, "faithfulness": faithfulness,
             "correctness": correctness, "coverage": coverage}
    return {name: Proportion.from_counts(*given[name], confidence=confidence) for name in METRICS}


def test_default_thresholds_from_document_001():
    assert dict(DEFAULT_THRESHOLDS) == {"context_relevance": 0.50, "faithfulness": 0.70, "correctness": 0.70,
                                        "coverage": 0.70}
    assert resolve_thresholds() == dict(DEFAULT_THRESHOLDS)


def test_causes_one_line_each():
    assert dict(CAUSES) == {
        "context_relevance": "retrieval brings poor evidence",
        "faithfulness": "the answer goes beyond good evidence",
        "correctness": "the answer is wrong against the reference",
        "coverage": "the answer leaves key facts out",
    }


def test_all_pass_is_ok():
    diagnosis = diagnose(metrics())
    assert diagnosis.status == "ok"
    assert diagnosis.failing == ()
    assert diagnosis.not_applicable == ()
    assert diagnosis.uncertain == ()
    assert diagnosis.passing == METRICS
    assert dict(diagnosis.causes) == {}
    assert all(diagnosis.certainty(name) == "clear" for name in METRICS)


@pytest.mark.parametrize(
    ("name", "at_threshold", "below"),
    [
        ("context_relevance", (1, 2), (49, 100)),
        ("faithfulness", (7, 10), (69, 100)),
        ("correctness", (70, 100), (6, 10)),
        ("coverage", (7, 10), (2, 3)),
    ],
)
def test_value_equal_to_threshold_passes_and_below_fails(name, at_threshold, below):
    assert at_threshold[0] / at_threshold[1] == DEFAULT_THRESHOLDS[name]
    assert diagnose(metrics(**{name: at_threshold})).failing == ()
    diagnosis = diagnose(metrics(**{name: below}))
    assert diagnosis.failing == (name,)
    assert diagnosis.status == "single"
    assert dict(diagnosis.causes) == {name: CAUSES[name]}
    assert name not in diagnosis.passing


def test_several_failures_are_all_named_in_order():
    diagnosis = diagnose(metrics(coverage=(1, 10), context_relevance=(0, 10), correctness=(3, 10)))
    assert diagnosis.status == "multiple"
    assert diagnosis.failing == ("context_relevance", "correctness", "coverage")
    assert diagnosis.passing == ("faithfulness",)
    assert list(diagnosis.causes) == ["context_relevance", "correctness", "coverage"]
    assert diagnosis.causes["correctness"] == "the answer is wrong against the reference"


def test_every_dimension_failing():
    diagnosis = diagnose(metrics((0, 50), (0, 50), (0, 50), (0, 50)))
    assert diagnosis.status == "multiple"
    assert diagnosis.failing == METRICS
    assert dict(diagnosis.causes) == dict(CAUSES)
    assert diagnosis.uncertain == ()


def test_na_is_not_applicable_never_failing():
    diagnosis = diagnose(metrics(faithfulness=NA, coverage=NA))
    assert diagnosis.status == "ok"
    assert diagnosis.not_applicable == ("faithfulness", "coverage")
    assert diagnosis.failing == ()
    assert diagnosis.uncertain == ()
    assert diagnosis.passing == ("context_relevance", "correctness")
    assert diagnosis.certainty("faithfulness") is None
    assert "faithfulness" not in diagnosis.causes


def test_na_with_a_failure_is_single():
    diagnosis = diagnose(metrics(context_relevance=NA, correctness=(1, 10)))
    assert diagnosis.status == "single"
    assert diagnosis.failing == ("correctness",)
    assert diagnosis.not_applicable == ("context_relevance",)


def test_everything_na_is_unlabelled_never_ok():
    # Nothing labelled is nothing known: a CI reading diagnosis.status must not see "ok".
    diagnosis = diagnose(metrics(NA, NA, NA, NA))
    assert diagnosis.status == "unlabelled"
    assert diagnosis.to_dict()["status"] == "unlabelled"
    assert diagnosis.not_applicable == METRICS
    assert diagnosis.failing == diagnosis.passing == diagnosis.uncertain == ()


def test_few_units_make_a_pass_uncertain():
    # 4 of 5 claims supported: 0.80 >= 0.70 passes, but the interval (0.38, 0.96) straddles 0.70.
    low, high = wilson_interval(4, 5)
    assert low < 0.7 <= high
    diagnosis = diagnose(metrics(faithfulness=(4, 5)))
    assert diagnosis.failing == ()
    assert diagnosis.uncertain == ("faithfulness",)
    assert diagnosis.certainty("faithfulness") == "uncertain"
    assert diagnosis.status == "ok"


def test_many_units_make_a_pass_clear():
    # 100 of 100: the whole interval (0.963, 1] lies above 0.70.
    diagnosis = diagnose(metrics(faithfulness=(100, 100)))
    assert diagnosis.certainty("faithfulness") == "clear"
    # 80 of 100 at the same 0.80 as 4 of 5, now clear: the interval is (0.711, 0.867).
    low, _ = wilson_interval(80, 100)
    assert low > 0.7
    assert diagnose(metrics(faithfulness=(80, 100))).certainty("faithfulness") == "clear"


def test_failures_can_be_clear_or_uncertain():
    uncertain_fail = diagnose(metrics(coverage=(3, 5)))  # 0.6, interval (0.23, 0.88)
    assert uncertain_fail.failing == ("coverage",)
    assert uncertain_fail.uncertain == ("coverage",)
    clear_fail = diagnose(metrics(coverage=(0, 100)))  # 0, interval [0, 0.037]
    assert clear_fail.failing == ("coverage",)
    assert clear_fail.uncertain == ()
    assert clear_fail.certainty("coverage") == "clear"


def test_uncertainty_boundaries_follow_low_lt_threshold_le_high():
    # Enough units for the exact test to agree with the interval at both of its ends (uncase_core/stats/policy.py).
    proportion = Proportion.from_counts(160, 200)
    given = metrics(faithfulness=(160, 200))
    # Threshold at the low end: the whole interval is at or above it -> clear.
    assert diagnose(given, {"faithfulness": proportion.low}).uncertain == ()
    # At the high end: still inside the interval -> uncertain (and failing, 0.8 < high).
    at_high = diagnose(given, {"faithfulness": proportion.high})
    assert at_high.uncertain == ("faithfulness",)
    assert at_high.failing == ("faithfulness",)
    # Just above the high end -> a clear failure.
    above = diagnose(given, {"faithfulness": math.nextafter(proportion.high, 1.0)})
    assert above.uncertain == ()
    assert above.failing == ("faithfulness",)


def test_with_few_units_the_interval_alone_does_not_make_a_verdict_clear():
    # 4 of 5 against a threshold at the low end of its interval (37.6%): the interval lies on one side, but a true
    # 37.6% gives 4 or 5 of 5 in 7% of cases, above the 5% level: uncertain, and the diagnosis says why.
    low = Proportion.from_counts(4, 5).low
    diagnosis = diagnose(metrics(faithfulness=(4, 5)), {"faithfulness": low})
    assert diagnosis.uncertain == ("faithfulness",) and diagnosis.exact_disagrees == ("faithfulness",)
    # 0 of 5 against 50%: the exact test agrees (p = 1/32), a clear failure as before.
    clear = diagnose(metrics(faithfulness=(0, 5)), {"faithfulness": 0.5})
    assert clear.uncertain == () and clear.failing == ("faithfulness",)


def test_confidence_changes_certainty():
    # 8 of 10 vs 0.7: uncertain at 95% (0.49, 0.94), clear at 50% (0.702, 0.871).
    for confidence in (0.5, 0.95, 0.99):
        low, high = wilson_interval(8, 10, confidence)
        diagnosis = diagnose(metrics(faithfulness=(8, 10), confidence=confidence))
        assert (diagnosis.certainty("faithfulness") == "uncertain") == (low < 0.7 <= high)
    assert diagnose(metrics(faithfulness=(8, 10), confidence=0.5)).certainty("faithfulness") == "clear"
    assert diagnose(metrics(faithfulness=(8, 10), confidence=0.95)).certainty("faithfulness") == "uncertain"


def test_custom_thresholds():
    given = metrics(coverage=(8, 10), context_relevance=(4, 10))
    assert diagnose(given).failing == ("context_relevance",)
    custom = diagnose(given, {"coverage": 0.9, "context_relevance": 0.4})
    assert custom.failing == ("coverage",)
    assert custom.causes == {"coverage": "the answer leaves key facts out"}
    # Others keep their defaults.
    assert diagnose(metrics(faithfulness=(69, 100)), {"coverage": 0.9}).failing == ("faithfulness",)
    # Threshold 0 passes everything, even a value of 0; threshold 1 fails anything short of all.
    assert diagnose(metrics((0, 10), (0, 10), (0, 10), (0, 10)), dict.fromkeys(METRICS, 0.0)).status == "ok"
    assert diagnose(metrics(coverage=(99, 100)), {"coverage": 1.0}).failing == ("coverage",)
    assert resolve_thresholds({"coverage": 1}) == {**DEFAULT_THRESHOLDS, "coverage": 1.0}


@pytest.mark.parametrize(
    ("thresholds", "where"),
    [
        ({"coverage": 1.5}, "thresholds.coverage"),
        ({"coverage": -0.1}, "thresholds.coverage"),
        ({"faithfulness": math.nan}, "thresholds.faithfulness"),
        ({"faithfulness": math.inf}, "thresholds.faithfulness"),
        ({"faithfulness": True}, "thresholds.faithfulness"),
        ({"faithfulness": "0.7"}, "thresholds.faithfulness"),
        ({"faithfulness": None}, "thresholds.faithfulness"),
        ({"relevance": 0.5}, "thresholds"),
        ({"Coverage": 0.5}, "thresholds"),
    ],
)
def test_invalid_thresholds(thresholds, where):
    with pytest.raises(InputError) as caught:
        diagnose(metrics(), thresholds)
    assert caught.value.where == where


def test_invalid_threshold_messages():
    with pytest.raises(InputError, match=r"^thresholds\.coverage: must be from 0 to 1, got 1\.5$"):
        resolve_thresholds({"coverage": 1.5})
    with pytest.raises(InputError, match=r"^thresholds: unknown dimension 'relevance'; use one of context_relevance, "
                                         r"faithfulness, correctness, coverage$"):
        resolve_thresholds({"relevance": 0.5})


def test_diagnosis_to_dict():
    data = diagnose(metrics(context_relevance=(4, 10), faithfulness=(4, 5), coverage=NA)).to_dict()
    assert data == {
        "status": "single",
        "failing": ["context_relevance"],
        "clear_failing": [],
        "not_applicable": ["coverage"],
        "uncertain": ["context_relevance", "faithfulness"],
        "exact_disagrees": [],
        "held_by_correction": [],
        "causes": {"context_relevance": "retrieval brings poor evidence"},
    }
