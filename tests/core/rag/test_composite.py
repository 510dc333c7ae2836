"""The composite: explicit weights, N/A handling, the two aggregations and hard gates."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.rag.evaluation import (
    AGGREGATIONS,
    DEFAULT_WEIGHTS,
    METRICS,
    composite_score,
    normalize_weights,
    resolve_gates,
    resolve_weights,
)
from uncase_core.stats.proportions import Proportion

NA = (0, 0)


def metrics(
    context_relevance: tuple[int, int] = (1, 2),
    faithfulness: tuple[int, int] = (4, 4),
    correctness: tuple[int, int] = (3, 4),
    coverage: tuple[int, int] = (1, 4),
) -> dict[str, Proportion]:
    given_ = {"context_relevance": context_relevance, "faithfulness": faithfulness,
              "correctness": correctness, "coverage": coverage}
    return {name: Proportion.from_counts(*given_[name]) for name in METRICS}


# Values of the default metrics() above.
VALUES = {"context_relevance": 0.5, "faithfulness": 1.0, "correctness": 0.75, "coverage": 0.25}


def test_default_weights_are_equal():
    assert dict(DEFAULT_WEIGHTS) == dict.fromkeys(METRICS, 1.0)
    assert AGGREGATIONS == ("mean", "min")
    composite = composite_score(metrics())
    assert dict(composite.weights) == dict.fromkeys(METRICS, 0.25)
    assert dict(composite.used_weights) == dict.fromkeys(METRICS, 0.25)
    assert composite.value == pytest.approx((0.5 + 1.0 + 0.75 + 0.25) / 4)
    assert composite.aggregation == "mean"
    assert composite.dropped == composite.gated == composite.unchecked_gates == ()
    assert composite.passes_gates
    assert composite.notes_text() == ""


def test_weights_are_normalized_to_sum_one():
    normalized = normalize_weights({"context_relevance": 1, "faithfulness": 2, "correctness": 3, "coverage": 4})
    assert list(normalized) == list(METRICS)
    assert normalized == pytest.approx({"context_relevance": 0.1, "faithfulness": 0.2, "correctness": 0.3,
                                        "coverage": 0.4})
    assert math.fsum(normalized.values()) == pytest.approx(1.0)
    assert normalize_weights({}) == dict.fromkeys(METRICS, 0.25)


def test_partial_weights_leave_others_at_raw_one():
    assert resolve_weights({"coverage": 3}) == {"context_relevance": 1.0, "faithfulness": 1.0, "correctness": 1.0,
                                                "coverage": 3.0}
    assert normalize_weights({"coverage": 3}) == pytest.approx(
        {"context_relevance": 1 / 6, "faithfulness": 1 / 6, "correctness": 1 / 6, "coverage": 0.5})
    # Scaling every weight changes nothing.
    assert normalize_weights(dict.fromkeys(METRICS, 7)) == normalize_weights({})


def test_weighted_mean_by_hand():
    weights = {"context_relevance": 1, "faithfulness": 2, "correctness": 3, "coverage": 4}
    composite = composite_score(metrics(), weights)
    # 0.1 * 0.5 + 0.2 * 1.0 + 0.3 * 0.75 + 0.4 * 0.25 = 0.575
    assert composite.value == pytest.approx(0.575)
    assert dict(composite.weights) == pytest.approx({"context_relevance": 0.1, "faithfulness": 0.2,
                                                     "correctness": 0.3, "coverage": 0.4})


def test_zero_weight_dimension_is_ignored_by_the_mean():
    composite = composite_score(metrics(), {"faithfulness": 0})
    assert composite.value == pytest.approx((0.5 + 0.75 + 0.25) / 3)
    assert "faithfulness" not in composite.used_weights
    assert composite.weights["faithfulness"] == 0.0
    assert composite.notes_text() == ""


def test_na_dimension_is_dropped_and_the_rest_renormalized():
    composite = composite_score(metrics(coverage=NA), {"coverage": 2})
    assert composite.dropped == ("coverage",)
    assert dict(composite.weights) == pytest.approx({"context_relevance": 0.2, "faithfulness": 0.2,
                                                     "correctness": 0.2, "coverage": 0.4})
    assert dict(composite.used_weights) == pytest.approx(dict.fromkeys(METRICS[:3], 1 / 3))
    assert math.fsum(composite.used_weights.values()) == pytest.approx(1.0)
    assert composite.value == pytest.approx((0.5 + 1.0 + 0.75) / 3)
    assert composite.notes_text() == "dropped as N/A: coverage; the other weights were renormalized"


def test_several_na_dimensions_are_named_in_order():
    composite = composite_score(metrics(coverage=NA, context_relevance=NA))
    assert composite.dropped == ("context_relevance", "coverage")
    assert composite.value == pytest.approx((1.0 + 0.75) / 2)
    assert "dropped as N/A: context_relevance, coverage" in composite.notes_text()


def test_na_dimension_with_zero_weight_is_not_reported_as_dropped():
    composite = composite_score(metrics(coverage=NA), {"coverage": 0})
    assert composite.dropped == ()
    assert composite.notes_text() == ""
    assert composite.value == pytest.approx((0.5 + 1.0 + 0.75) / 3)


def test_all_weighted_dimensions_na_gives_none():
    composite = composite_score(metrics(context_relevance=NA), {"faithfulness": 0, "correctness": 0, "coverage": 0})
    assert composite.value is None
    assert composite.dropped == ("context_relevance",)
    assert dict(composite.used_weights) == {}
    assert composite.notes_text() == ("dropped as N/A: context_relevance; the other weights were renormalized; "
                              "no weighted dimension is applicable")
    everything_na = composite_score(metrics(NA, NA, NA, NA), aggregation="min")
    assert everything_na.value is None
    assert everything_na.dropped == METRICS


def test_min_aggregation_takes_lowest_weighted_applicable_dimension():
    assert composite_score(metrics(), aggregation="min").value == 0.25
    # Zero weight takes coverage out of the minimum...
    assert composite_score(metrics(), {"coverage": 0}, aggregation="min").value == 0.5
    # ...and an N/A dimension is skipped too.
    assert composite_score(metrics(context_relevance=NA), {"coverage": 0}, aggregation="min").value == 0.75
    # Unequal positive weights do not matter for the minimum: no compensation.
    assert composite_score(metrics(), {"coverage": 0.01, "faithfulness": 100}, aggregation="min").value == 0.25


def test_mean_compensates_and_min_does_not():
    given_ = metrics(context_relevance=(10, 10), faithfulness=(10, 10), correctness=(10, 10), coverage=(0, 10))
    assert composite_score(given_).value == 0.75
    assert composite_score(given_, aggregation="min").value == 0.0


@pytest.mark.parametrize(
    ("weights", "where"),
    [
        (dict.fromkeys(METRICS, 0), "weights"),
        (dict.fromkeys(METRICS, 0.0), "weights"),
        ({"coverage": -1}, "weights.coverage"),
        ({"coverage": -0.001}, "weights.coverage"),
        ({"coverage": math.nan}, "weights.coverage"),
        ({"coverage": math.inf}, "weights.coverage"),
        ({"coverage": True}, "weights.coverage"),
        ({"coverage": "2"}, "weights.coverage"),
        ({"speed": 1}, "weights"),
    ],
)
def test_bad_weights(weights, where):
    with pytest.raises(InputError) as caught:
        composite_score(metrics(), weights)
    assert caught.value.where == where


def test_all_zero_weights_message():
    with pytest.raises(InputError, match=r"^weights: all weights are zero; give at least one dimension a positive "
                                         r"weight$"):
        normalize_weights(dict.fromkeys(METRICS, 0))


def test_bad_aggregation():
    with pytest.raises(InputError) as caught:
        composite_score(metrics(), aggregation="median")  # type: ignore[arg-type]
    assert caught.value.where == "aggregation"


def test_gate_fails_the_case_whatever_the_composite():
    ungated = composite_score(metrics())
    composite = composite_score(metrics(), gates={"coverage": 0.5, "faithfulness": 0.9})
    assert composite.value == ungated.value  # the gate does not move the number
    assert composite.gated == ("coverage",)
    assert not composite.passes_gates
    assert composite.notes_text() == "below hard gate: coverage; the case fails whatever the composite"


def test_gate_at_the_value_passes():
    composite = composite_score(metrics(), gates={"coverage": 0.25, "correctness": 0.75})
    assert composite.gated == ()
    assert composite.passes_gates


def test_gate_applies_even_to_a_zero_weight_dimension():
    composite = composite_score(metrics(), {"coverage": 0}, gates={"coverage": 0.3})
    assert composite.gated == ("coverage",)


def test_gate_on_na_dimension_is_unchecked():
    composite = composite_score(metrics(coverage=NA), gates={"coverage": 0.9, "context_relevance": 0.6})
    assert composite.unchecked_gates == ("coverage",)
    assert composite.gated == ("context_relevance",)
    assert composite.notes_text() == (
        "dropped as N/A: coverage; the other weights were renormalized; "
        "below hard gate: context_relevance; the case fails whatever the composite; "
        "gate not checked (N/A): coverage"
    )


@pytest.mark.parametrize(("gates", "where"), [({"coverage": 1.5}, "gates.coverage"), ({"speed": 0.5}, "gates"),
                                              ({"coverage": -0.1}, "gates.coverage")])
def test_bad_gates(gates, where):
    with pytest.raises(InputError) as caught:
        composite_score(metrics(), gates=gates)
    assert caught.value.where == where
    assert resolve_gates(None) == {}


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20)).map(lambda p: (min(p), max(p))),
             min_size=4, max_size=4),
    st.lists(st.sampled_from([0, 0.5, 1, 2, 10]), min_size=4, max_size=4),
)
def test_composite_lies_between_applicable_values(pairs, raw):
    given_ = {name: Proportion.from_counts(*pair) for name, pair in zip(METRICS, pairs, strict=True)}
    weights = dict(zip(METRICS, raw, strict=True))
    if not any(raw):
        with pytest.raises(InputError):
            composite_score(given_, weights)
        return
    values = [given_[n].value for n in METRICS if weights[n] > 0 and given_[n].value is not None]
    mean = composite_score(given_, weights)
    low = composite_score(given_, weights, "min")
    if not values:
        assert mean.value is None
        assert low.value is None
        return
    assert low.value == min(values)
    assert min(values) - 1e-12 <= mean.value <= max(values) + 1e-12
    assert math.fsum(mean.used_weights.values()) == pytest.approx(1.0)
    assert math.fsum(mean.weights.values()) == pytest.approx(1.0)


# ---------------------------------------------------------------- weights of any finite size (issue 16)


def test_huge_weights_do_not_overflow_to_zero():
    """1e308 + 1e308 is infinity: dividing by the sum made every weight 0 and the composite null."""
    normalized = normalize_weights({"faithfulness": 1e308, "coverage": 1e308})
    assert normalized["faithfulness"] == normalized["coverage"] == 0.5
    assert 0 < normalized["context_relevance"] == normalized["correctness"] < 1e-300  # raw 1: tiny, still there
    composite = composite_score(metrics(), {"faithfulness": 1e308, "coverage": 1e308})
    assert composite.value == pytest.approx((VALUES["faithfulness"] + VALUES["coverage"]) / 2)
    largest = {name: 1.7976931348623157e308 for name in METRICS}
    assert normalize_weights(largest) == dict.fromkeys(METRICS, 0.25)


def test_a_positive_weight_never_becomes_zero():
    """5e-324 is 1e632 times smaller than 1e308: it underflows, yet its dimension still counts when alone."""
    weights = {"context_relevance": 1e308, "faithfulness": 5e-324, "correctness": 0, "coverage": 0}
    normalized = normalize_weights(weights)
    assert normalized["faithfulness"] > 0 and normalized["correctness"] == 0
    composite = composite_score(metrics(context_relevance=NA), weights)
    assert composite.value == VALUES["faithfulness"]
    assert composite.dropped == ("context_relevance",)
    assert dict(composite.used_weights) == {"faithfulness": 1.0}


weight_values = st.one_of(st.just(0.0), st.floats(min_value=0, max_value=1.7976931348623157e308, allow_nan=False),
                          st.sampled_from([5e-324, 1e-300, 1e300, 1e308, 1.7976931348623157e308]))


@settings(max_examples=300, deadline=None)
@given(st.lists(weight_values, min_size=4, max_size=4),
       st.lists(st.sampled_from([NA, (0, 4), (1, 4), (3, 3)]), min_size=4, max_size=4))
def test_weights_of_any_finite_size(raw, pairs):
    weights = dict(zip(METRICS, raw, strict=True))
    given_ = {name: Proportion.from_counts(*pair) for name, pair in zip(METRICS, pairs, strict=True)}
    if not any(raw):
        with pytest.raises(InputError):
            normalize_weights(weights)
        return
    normalized = normalize_weights(weights)
    assert math.fsum(normalized.values()) == pytest.approx(1.0)
    assert all((normalized[n] > 0) == (weights[n] > 0) for n in METRICS)
    assert all(0 <= normalized[n] <= 1 for n in METRICS)
    composite = composite_score(given_, weights)
    applicable = [n for n in METRICS if weights[n] > 0 and given_[n].value is not None]
    assert (composite.value is None) == (not applicable)  # never null because of how large the weights are
    if applicable:
        values = [given_[n].value for n in applicable]
        assert min(values) - 1e-12 <= composite.value <= max(values) + 1e-12
        assert math.fsum(composite.used_weights.values()) == pytest.approx(1.0)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.floats(min_value=0.01, max_value=100), min_size=4, max_size=4),
       st.sampled_from([1e-300, 1e-100, 1e100, 1e300]))
def test_scaling_every_weight_by_the_same_factor_changes_nothing(raw, factor):
    weights = dict(zip(METRICS, raw, strict=True))
    scaled = {name: value * factor for name, value in weights.items()}
    assert normalize_weights(scaled) == pytest.approx(normalize_weights(weights), rel=1e-12)
    assert composite_score(metrics(), scaled).value == pytest.approx(composite_score(metrics(), weights).value,
                                                                    rel=1e-12)


def test_non_finite_weights_are_refused_naming_the_dimension():
    for bad in (math.inf, -math.inf, math.nan, 10**400):
        with pytest.raises(InputError) as caught:
            normalize_weights({"coverage": bad})
        assert caught.value.where == "weights.coverage"
        assert "finite" in caught.value.problem or "negative" in caught.value.problem


def test_every_composite_note_is_worded_by_the_pages_in_both_languages():
    """The core hands out codes; the RAG page words each (but the N/A one, which the value itself says)."""
    from ui.i18n import CATALOGUES
    from uncase_core.rag.evaluation import COMPOSITE_NOTES

    for language, catalogue in CATALOGUES.items():
        worded = [code for code in COMPOSITE_NOTES if code != "none_applicable"]
        missing = [code for code in worded if f"composite.{code}" not in catalogue]
        assert missing == [], (language, missing)
