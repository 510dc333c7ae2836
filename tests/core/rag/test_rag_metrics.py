"""The four RAG proportions per case, pooled (micro) and macro, and whole evaluations."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.rag.evaluation import (
    METRIC_UNITS,
    METRICS,
    Settings,
    case_metrics,
    dataset_of_evaluations,
    evaluate_case,
    evaluate_dataset,
    evaluate_metrics,
    macro_means,
    pooled_metrics,
)
from uncase_core.stats.clustered import clustered_interval
from uncase_core.stats.proportions import Proportion, wilson_interval


def counts(proportion: Proportion) -> tuple[int, int, int]:
    return proportion.successes, proportion.total, proportion.unlabelled


def test_metric_names_and_units():
    assert METRICS == ("context_relevance", "faithfulness", "correctness", "coverage")
    assert dict(METRIC_UNITS) == {
        "context_relevance": ("passages", "relevant"),
        "faithfulness": ("claims", "supported"),
        "correctness": ("claims", "correct"),
        "coverage": ("reference_facts", "covered"),
    }


def test_case_metrics_counts_by_hand(make_case):
    case = make_case(
        passages=[True, None, False, True],
        claims=[(True, False), (False, True), (True, True), (None, None), (None, False)],
        facts=[True, False, False, None, True],
    )
    metrics = case_metrics(case)
    assert list(metrics) == list(METRICS)
    # 2 of 3 labelled passages relevant, one unlabelled.
    assert counts(metrics["context_relevance"]) == (2, 3, 1)
    assert metrics["context_relevance"].value == 2 / 3
    assert (metrics["context_relevance"].low, metrics["context_relevance"].high) == wilson_interval(2, 3)
    # supported: c1, c3 of c1..c3 labelled; c4, c5 unlabelled.
    assert counts(metrics["faithfulness"]) == (2, 3, 2)
    # correct: c2, c3 of c1, c2, c3, c5 labelled; c4 unlabelled.
    assert counts(metrics["correctness"]) == (2, 4, 1)
    assert metrics["correctness"].value == 0.5
    assert counts(metrics["coverage"]) == (2, 4, 1)
    assert all(m.confidence == 0.95 for m in metrics.values())


def test_case_metrics_confidence(make_case):
    case = make_case(passages=[True, True, False])
    metrics = case_metrics(case, confidence=0.8)
    assert (metrics["context_relevance"].low, metrics["context_relevance"].high) == wilson_interval(2, 3, 0.8)
    with pytest.raises(InputError):
        case_metrics(case, confidence=1.5)


def test_correctness_is_independent_of_faithfulness(make_case):
    # Every claim supported by the passages, yet wrong against the reference.
    supported_but_wrong = case_metrics(make_case(claims=[(True, False)] * 4))
    assert supported_but_wrong["faithfulness"].value == 1.0
    assert supported_but_wrong["correctness"].value == 0.0
    # No claim supported, yet every one right.
    unsupported_but_right = case_metrics(make_case(claims=[(False, True)] * 3))
    assert unsupported_but_right["faithfulness"].value == 0.0
    assert unsupported_but_right["correctness"].value == 1.0
    # Labelling only one of the two judgements leaves the other unlabelled.
    half = case_metrics(make_case(claims=[(True, None), (False, None)]))
    assert counts(half["faithfulness"]) == (1, 2, 0)
    assert counts(half["correctness"]) == (0, 0, 2)
    assert half["correctness"].value is None


def test_changing_support_does_not_move_correctness(make_case):
    before = case_metrics(make_case(claims=[(True, True), (True, False), (False, True)]))
    after = case_metrics(make_case(claims=[(False, True), (False, False), (True, True)]))
    assert after["correctness"] == before["correctness"]
    assert after["faithfulness"] != before["faithfulness"]


@pytest.mark.parametrize(
    ("passages", "unlabelled"),
    [([], 0), ([None], 1), ([None, None, None], 3)],
)
def test_zero_labelled_units_is_na_never_zero_or_nan(make_case, passages, unlabelled):
    metrics = case_metrics(make_case(passages=passages))
    relevance = metrics["context_relevance"]
    assert relevance.value is None
    assert relevance.low is None
    assert relevance.high is None
    assert counts(relevance) == (0, 0, unlabelled)
    assert relevance.to_dict()["value"] is None
    for proportion in metrics.values():
        assert proportion.value is None or not math.isnan(proportion.value)


def test_all_false_labels_are_zero_not_na(make_case):
    relevance = case_metrics(make_case(passages=[False, False]))["context_relevance"]
    assert relevance.value == 0.0
    assert counts(relevance) == (0, 2, 0)


# ---------------------------------------------------------------- pooled and macro


def test_pooled_is_micro_and_macro_is_mean_of_case_values(make_case):
    cases = [
        make_case("a", passages=[True, True, True, True], facts=[True]),
        make_case("b", passages=[False], facts=[False, False, False]),
        make_case("c", passages=[None], facts=[]),  # N/A everywhere
    ]
    pooled = pooled_metrics(cases)
    # Micro: every labelled unit counted once.
    assert counts(pooled["context_relevance"]) == (4, 5, 1)
    assert pooled["context_relevance"].value == 0.8
    # Two cases with labelled passages: the interval counts the cases as the independent draws (issue 36) ...
    clustered = clustered_interval([(4, 4), (0, 1)])
    assert (pooled["context_relevance"].low, pooled["context_relevance"].high) == (clustered.low, clustered.high)
    assert pooled["context_relevance"].low < wilson_interval(4, 5)[0]
    # ... and one case's keep Wilson's (document 001's choice), pooled or not.
    alone = pooled_metrics(cases[:1])["context_relevance"]
    assert (alone.low, alone.high) == wilson_interval(4, 4)
    assert counts(pooled["coverage"]) == (1, 4, 0)
    assert pooled["faithfulness"].value is None
    # Macro: mean of per-case values, skipping the N/A case -> (1.0 + 0.0) / 2.
    macro = macro_means([case_metrics(case) for case in cases])
    assert macro == {"context_relevance": 0.5, "faithfulness": None, "correctness": None, "coverage": 0.5}
    assert macro["context_relevance"] != pooled["context_relevance"].value


def test_macro_means_all_na_is_none(make_case):
    assert macro_means([case_metrics(make_case(passages=[None]))]) == dict.fromkeys(METRICS)
    assert macro_means([]) == dict.fromkeys(METRICS)


def test_evaluate_dataset_matches_scalar_path(make_case):
    cases = [
        make_case("a", passages=[True, False, None], claims=[(True, False), (None, True)], facts=[True]),
        make_case("b", passages=[], claims=[], facts=[]),
        make_case("c", passages=[True] * 7, claims=[(False, False)] * 3, facts=[None, False, True]),
        make_case("d", passages=[False, None], claims=[(True, True)], facts=[True, True]),
    ]
    for settings_ in (Settings.build(), Settings.build(confidence=0.8, aggregation="min",
                                                        weights={"coverage": 0}, gates={"faithfulness": 0.5})):
        result = evaluate_dataset(cases, settings_)
        assert result.case_ids == ("a", "b", "c", "d")
        assert result.settings == settings_
        assert list(result.cases) == [evaluate_case(case, settings_) for case in cases]
        assert result.pooled == evaluate_metrics(pooled_metrics(cases, settings_.confidence), settings_)
        assert result.macro == macro_means([case_metrics(case, settings_.confidence) for case in cases])


def test_evaluate_case_defaults(make_case):
    evaluation = evaluate_case(make_case(passages=[True, False], claims=[(True, True)] * 3, facts=[True]))
    assert evaluation.metrics == case_metrics(make_case(passages=[True, False], claims=[(True, True)] * 3,
                                                        facts=[True]))
    assert evaluation.diagnosis.status == "ok"
    assert evaluation.composite.value == pytest.approx((0.5 + 1 + 1 + 1) / 4)


def test_evaluate_dataset_of_no_cases():
    result = evaluate_dataset([])
    assert result.cases == ()
    assert result.case_ids == ()
    assert all(result.pooled.metrics[name].value is None for name in METRICS)
    assert result.macro == dict.fromkeys(METRICS)
    assert result.pooled.composite.value is None


def test_evaluation_to_dict(make_case):
    evaluation = evaluate_case(make_case(passages=[True, None], claims=[], facts=[False]))
    data = evaluation.to_dict()
    assert set(data) == {"metrics", "diagnosis", "composite", "composite_note", "composite_notes", "gated"}
    assert list(data["metrics"]) == list(METRICS)
    assert data["metrics"]["context_relevance"] == {
        "successes": 1, "total": 1, "unlabelled": 1, "value": 1.0, "low": wilson_interval(1, 1)[0], "high": 1.0,
    }
    assert data["metrics"]["faithfulness"]["value"] is None
    assert data["diagnosis"]["not_applicable"] == ["faithfulness", "correctness"]
    assert data["diagnosis"]["failing"] == ["coverage"]
    assert data["composite"] == 0.5
    assert data["composite_note"] == (
        "dropped as N/A: faithfulness, correctness; the other weights were renormalized")
    # The same note as a code with its parameters: what a page words in the reader's language.
    assert data["composite_notes"] == [{"code": "dropped", "params": {"dimensions": ["faithfulness", "correctness"]}}]
    assert data["gated"] == []


LABELS = st.sampled_from([True, False, None])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(LABELS, max_size=5), st.lists(st.tuples(LABELS, LABELS), max_size=5),
                          st.lists(LABELS, max_size=4)), max_size=12),
       st.sampled_from([0.8, 0.95]), st.sampled_from(["mean", "min"]))
def test_a_dataset_made_of_its_cases_evaluations_is_evaluate_datasets_to_the_last_digit(make_case, shapes, confidence,
                                                                                      aggregation):
    cases = [make_case(f"c{i}", passages, claims, facts) for i, (passages, claims, facts) in enumerate(shapes)]
    chosen = Settings.build(aggregation=aggregation, gates={"coverage": 0.8}, confidence=confidence)
    made = dataset_of_evaluations([c.id for c in cases], [evaluate_case(c, chosen) for c in cases], chosen)
    whole = evaluate_dataset(cases, chosen)
    assert made == whole
    assert repr(made) == repr(whole)  # every float as printed, not only equal


def test_a_dataset_of_evaluations_needs_an_id_per_evaluation(make_case):
    case = make_case("a", passages=[True])
    with pytest.raises(ValueError, match="2 case ids for 1 evaluations"):
        dataset_of_evaluations(["a", "b"], [evaluate_case(case)], Settings.build())


def test_dataset_evaluation_to_dict(make_case):
    cases = [make_case("a", passages=[True]), make_case("b", passages=[False, True])]
    data = evaluate_dataset(cases, Settings.build(weights={"coverage": 3})).to_dict()
    assert [case["id"] for case in data["cases"]] == ["a", "b"]
    assert data["cases"][0]["metrics"] == evaluate_case(cases[0], Settings.build(weights={"coverage": 3})
                                                        ).to_dict()["metrics"]
    assert data["weights"] == pytest.approx({"context_relevance": 1 / 6, "faithfulness": 1 / 6,
                                             "correctness": 1 / 6, "coverage": 0.5})
    assert data["raw_weights"] == {"context_relevance": 1.0, "faithfulness": 1.0, "correctness": 1.0, "coverage": 3.0}
    assert data["pooled"]["metrics"]["context_relevance"]["successes"] == 2
    assert data["pooled"]["macro"]["context_relevance"] == 0.75
    assert "id" not in data["pooled"]


# ---------------------------------------------------------------- settings


def test_settings_build_defaults():
    built = Settings.build()
    assert built.confidence == 0.95
    assert built.aggregation == "mean"
    assert dict(built.weights) == dict.fromkeys(METRICS, 1.0)
    assert dict(built.thresholds) == {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7,
                                      "coverage": 0.7}
    assert dict(built.gates) == {}


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"aggregation": "median"}, "aggregation"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": 0}, "confidence"),
        ({"confidence": 1e-300}, "confidence"),
        ({"confidence": 0.49}, "confidence"),
        ({"confidence": 0.9999}, "confidence"),
        ({"confidence": math.nan}, "confidence"),
        ({"confidence": "0.9"}, "confidence"),
        ({"weights": {"coverage": math.inf}}, "weights.coverage"),
        ({"weights": dict.fromkeys(METRICS, 0)}, "weights"),
        ({"weights": {"coverage": -1}}, "weights.coverage"),
        ({"thresholds": {"coverage": 1.5}}, "thresholds.coverage"),
        ({"thresholds": {"speed": 0.5}}, "thresholds"),
        ({"gates": {"faithfulness": -0.1}}, "gates.faithfulness"),
    ],
)
def test_settings_build_rejects_bad_values(kwargs, where):
    with pytest.raises(InputError) as caught:
        Settings.build(**kwargs)
    assert caught.value.where == where


def test_settings_take_the_confidences_a_person_may_choose():
    """From 0.5 to 0.999 (the page offers 0.80 to 0.99); the statistics functions themselves take any in (0, 1)."""
    assert [Settings.build(confidence=c).confidence for c in (0.5, 0.8, 0.99, 0.999)] == [0.5, 0.8, 0.99, 0.999]
    with pytest.raises(InputError, match=r"^confidence: must be from 0\.5 to 0\.999 \(0\.95 gives a 95% interval\), "
                                         r"got 1e-300$"):
        Settings.build(confidence=1e-300)
    assert wilson_interval(1, 3, 0.3) is not None  # internal use keeps the whole range


# ---------------------------------------------------------------- properties

label_lists = st.lists(st.sampled_from([True, False, None]), max_size=6)


@st.composite
def random_cases(draw, make_case):
    number = draw(st.integers(min_value=0, max_value=6))
    cases = []
    for i in range(number):
        passages = draw(label_lists)
        claims = draw(st.lists(st.tuples(st.sampled_from([True, False, None]), st.sampled_from([True, False, None])),
                               max_size=6))
        facts = draw(label_lists)
        cases.append(make_case(f"case-{i}", passages=passages, claims=claims, facts=facts))
    return cases


@pytest.fixture(scope="module")
def case_strategy(make_case):
    return random_cases(make_case)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), confidence=st.sampled_from([0.8, 0.95, 0.99]))
def test_pooled_counts_are_sums_and_vector_path_agrees(case_strategy, data, confidence):
    cases = data.draw(case_strategy)
    per_case = [case_metrics(case, confidence) for case in cases]
    pooled = pooled_metrics(cases, confidence)
    for name in METRICS:
        assert counts(pooled[name]) == (
            sum(m[name].successes for m in per_case),
            sum(m[name].total for m in per_case),
            sum(m[name].unlabelled for m in per_case),
        )
        values = [m[name].value for m in per_case if m[name].value is not None]
        macro = macro_means(per_case)[name]
        if values:
            assert macro == pytest.approx(sum(values) / len(values))
            assert min(values) - 1e-12 <= macro <= max(values) + 1e-12
        else:
            assert macro is None
    settings_ = Settings.build(confidence=confidence)
    result = evaluate_dataset(cases, settings_)
    assert list(result.cases) == [evaluate_case(case, settings_) for case in cases]
