"""Agreement among many annotators: Krippendorff's alpha, Fleiss' kappa and the bootstrap over units."""

from __future__ import annotations

import dataclasses
import itertools
import warnings

import krippendorff
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import fleiss_kappa as statsmodels_fleiss

from uncase_core.agreement import pairs as agreement
from uncase_core.agreement.many import (
    AGREEMENT_NOTES,
    MIN_UNITS_FOR_AGREEMENT_INTERVAL,
    NOTE_FEW_UNITS,
    NOTE_FEWER_THAN_TWO_ANNOTATORS,
    NOTE_NO_COMPLETE_UNITS,
    NOTE_NO_DEFINED_RESAMPLE,
    NOTE_NO_PAIRABLE_UNITS,
    NOTE_NO_VARIATION,
    NOTE_ONE_POINT,
    AgreementAmongMany,
    BootstrapInterval,
    LabelCounts,
    alpha_of_resamples,
    bca_bounds,
    bootstrap_interval,
    fleiss_kappa,
    fleiss_of_resamples,
    krippendorff_alpha,
    label_counts,
)
from uncase_core.errors import InputError

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four coders, twelve
# units, missing values; alpha is 0.743 nominal, 0.815 ordinal and 0.849 interval. Unit 12 has one value.
_ = None
KRIPPENDORFF_2011 = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
    [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
]

# Fleiss (1971): six psychiatrists' diagnoses (five categories) of 30 patients; R's irr, kappam.fleiss,
# gives 0.4302445. Rows are patients, as statsmodels' tests carry them.
FLEISS_1971 = [
    [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
    [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
    [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
    [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
    [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
    [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
]

# Wikipedia's Fleiss' kappa example: 14 raters put 10 subjects in 5 categories; kappa 0.210.
WIKIPEDIA_FLEISS = [
    [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
]


def ratings_from_table(table: list[list[int]], categories: list) -> list[list]:
    """Ratings (one list per rater) whose units-by-categories count table is ``table``."""
    raters = sum(table[0])
    columns = [[c for c, count in zip(categories, row, strict=True) for _ in range(count)] for row in table]
    return [[column[r] for column in columns] for r in range(raters)]


def plain_alpha(ratings: list[list], level: str = "nominal") -> float:
    """Krippendorff's alpha from the coincidence matrix, pair by pair, in plain Python (nominal or interval)."""
    units = list(zip(*ratings, strict=True))
    values = sorted({v for unit in units for v in unit if v is not None})
    o = {(c, k): 0.0 for c in values for k in values}
    for unit in units:
        given_labels = [v for v in unit if v is not None]
        m = len(given_labels)
        if m < 2:
            continue
        for i, j in itertools.permutations(range(m), 2):
            o[given_labels[i], given_labels[j]] += 1.0 / (m - 1)
    n_c = {c: sum(o[c, k] for k in values) for c in values}
    n = sum(n_c.values())

    def delta(c, k):
        return float(c != k) if level == "nominal" else float(c - k) ** 2

    observed = sum(o[c, k] * delta(c, k) for c in values for k in values)
    expected = sum(n_c[c] * n_c[k] * delta(c, k) for c in values for k in values) / (n - 1)
    return 1.0 - observed / expected


def random_ratings(rng: np.random.Generator, annotators: int, units: int, categories: list, missing: float):
    labels = rng.integers(0, len(categories), size=(annotators, units))
    # Annotators lean towards a unit's own "true" category, so alpha is not near zero every time.
    truth = rng.integers(0, len(categories), size=units)
    labels = np.where(rng.random((annotators, units)) < 0.6, truth, labels)
    gone = rng.random((annotators, units)) < missing
    return [[None if gone[a, u] else categories[labels[a, u]] for u in range(units)] for a in range(annotators)]


def no_warnings():
    catcher = warnings.catch_warnings()
    catcher.__enter__()
    warnings.simplefilter("error")
    return catcher


# ---------------------------------------------------------------- Krippendorff's alpha


@pytest.mark.parametrize(("level", "value"), [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849)])
def test_krippendorffs_own_worked_example(level, value):
    result = krippendorff_alpha(KRIPPENDORFF_2011, level)
    assert round(result.value, 3) == value
    assert (result.units, result.left_out, result.annotators) == (11, 1, 4)
    assert result.labels == 40  # the pairable values, n.. in Krippendorff's notation
    assert result.categories == (1, 2, 3, 4, 5)
    assert result.note is None
    assert result.level == level
    assert result.statistic == "alpha"
    assert isinstance(result.value, float)


def test_worked_example_with_text_labels_gives_the_same_nominal_alpha():
    names = {1: "very low", 2: "low", 3: "mid", 4: "high", 5: "very high"}
    words = [[None if v is None else names[v] for v in row] for row in KRIPPENDORFF_2011]
    assert krippendorff_alpha(words).value == pytest.approx(krippendorff_alpha(KRIPPENDORFF_2011).value, abs=1e-15)
    assert krippendorff_alpha(KRIPPENDORFF_2011).value == pytest.approx(plain_alpha(KRIPPENDORFF_2011), abs=1e-12)


@pytest.mark.parametrize("level", ["nominal", "interval"])
def test_alpha_equals_a_plain_coincidence_matrix_formula_on_random_data(level):
    rng = np.random.default_rng(743)
    compared = 0
    for _ in range(150):
        annotators, units = int(rng.integers(2, 9)), int(rng.integers(1, 40))
        categories = [1, 2, 3, 4, 5][: int(rng.integers(2, 6))]
        ratings = random_ratings(rng, annotators, units, categories, missing=float(rng.uniform(0, 0.6)))
        result = krippendorff_alpha(ratings, level)
        if result.value is None:
            assert result.note in (NOTE_NO_PAIRABLE_UNITS, NOTE_NO_VARIATION)
            continue
        assert result.value == pytest.approx(plain_alpha(ratings, level), abs=1e-9)
        compared += 1
    assert compared > 120


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_alpha_is_one_when_everyone_agrees_and_units_add_up(data):
    categories = data.draw(st.sampled_from([[False, True], ["a", "b", "c"], [1, 2, 3, 4, 5]]))
    units = data.draw(st.integers(min_value=2, max_value=30))
    truth = data.draw(st.lists(st.sampled_from(categories), min_size=units, max_size=units)
                      .filter(lambda values: len(set(values)) > 1))
    annotators = data.draw(st.integers(min_value=2, max_value=8))
    given_mask = data.draw(st.lists(st.lists(st.booleans(), min_size=units, max_size=units),
                                    min_size=annotators, max_size=annotators))
    ratings = [[truth[u] if given_mask[a][u] else None for u in range(units)] for a in range(annotators)]
    result = krippendorff_alpha(ratings)
    pairable = sum(1 for u in range(units) if sum(given_mask[a][u] for a in range(annotators)) >= 2)
    assert result.units == pairable
    assert result.units + result.left_out == units
    if result.value is not None:
        assert result.value == pytest.approx(1.0, abs=1e-12)
    else:
        assert result.note in (NOTE_NO_PAIRABLE_UNITS, NOTE_NO_VARIATION)


def test_everyone_giving_one_label_is_undefined_without_nan_or_warning():
    catcher = no_warnings()
    try:
        for label in (True, "relevant", 3):
            alpha = krippendorff_alpha([[label, label, None], [label, label, label]])
            assert alpha.value is None
            assert alpha.note == NOTE_NO_VARIATION
            assert (alpha.units, alpha.left_out) == (2, 1)
            fleiss = fleiss_kappa([[label, label, None], [label, label, label]])
            assert fleiss.value is None
            assert fleiss.note == NOTE_NO_VARIATION
            assert (fleiss.units, fleiss.left_out) == (2, 1)
            interval = bootstrap_interval([[label, label], [label, label]])
            assert (interval.estimate, interval.low, interval.high, interval.note) == (None, None, None,
                                                                                    NOTE_NO_VARIATION)
    finally:
        catcher.__exit__(None, None, None)


def test_a_category_only_in_left_out_units_does_not_make_alpha_defined():
    # "False" appears, but only in a unit with one label: the pairable values are all True.
    result = krippendorff_alpha([[True, True, False], [True, True, None]])
    assert result.value is None
    assert result.note == NOTE_NO_VARIATION
    assert result.categories == (True,)


@pytest.mark.parametrize("ratings", [[], [[]], [[True, None, False]], [[True, None], [None, False]],
                                     [[None, None], [None, None]]])
def test_no_unit_with_two_labels(ratings):
    result = krippendorff_alpha(ratings)
    assert result.value is None
    assert result.note == NOTE_NO_PAIRABLE_UNITS
    assert result.units == 0
    assert result.left_out == (len(ratings[0]) if ratings else 0)


def test_alpha_of_an_even_split_between_two_annotators():
    # Two coders, four units, always disagreeing on a binary variable: alpha below zero, defined.
    result = krippendorff_alpha([[True, False, True, False], [False, True, False, True]])
    assert result.value == pytest.approx(plain_alpha([[1, 0, 1, 0], [0, 1, 0, 1]]), abs=1e-12)
    assert result.value < 0


# ---------------------------------------------------------------- Fleiss' kappa


def test_fleiss_1971_diagnoses():
    ratings = [list(column) for column in zip(*FLEISS_1971, strict=True)]
    result = fleiss_kappa(ratings)
    assert result.value == pytest.approx(0.4302445, abs=5e-8)
    assert (result.units, result.left_out, result.annotators, result.labels) == (30, 0, 6, 180)
    assert result.statistic == "fleiss" and result.level is None


def test_wikipedia_fleiss_example():
    result = fleiss_kappa(ratings_from_table(WIKIPEDIA_FLEISS, ["a", "b", "c", "d", "e"]))
    assert round(result.value, 3) == 0.210
    assert result.value == pytest.approx(statsmodels_fleiss(np.array(WIKIPEDIA_FLEISS)), abs=1e-15)
    assert (result.units, result.annotators) == (10, 14)


def test_fleiss_equals_statsmodels_on_random_complete_data():
    rng = np.random.default_rng(1971)
    compared = 0
    for _ in range(200):
        annotators, units = int(rng.integers(2, 12)), int(rng.integers(1, 50))
        categories = ["x", "y", "z", "w"][: int(rng.integers(2, 5))]
        ratings = random_ratings(rng, annotators, units, categories, missing=0.0)
        result = fleiss_kappa(ratings)
        table = label_counts(ratings).counts
        if result.value is None:
            assert result.note == NOTE_NO_VARIATION
            continue
        assert result.value == pytest.approx(statsmodels_fleiss(table, method="fleiss"), abs=1e-12)
        assert (result.units, result.left_out) == (units, 0)
        compared += 1
    assert compared > 150


def test_fleiss_uses_only_units_every_active_annotator_labelled():
    ratings = [
        [True, True, False, None, True, None],
        [True, False, False, True, None, None],
        [True, True, False, False, True, None],
        [None, None, None, None, None, None],  # labelled nothing: not a rater
    ]
    result = fleiss_kappa(ratings)
    assert (result.units, result.left_out, result.annotators) == (3, 3, 3)
    complete = [[0, 3], [1, 2], [3, 0]]  # counts of (False, True) in units 0, 1, 2
    assert result.value == pytest.approx(statsmodels_fleiss(np.array(complete)), abs=1e-15)
    alpha = krippendorff_alpha(ratings)
    assert (alpha.units, alpha.left_out) == (5, 1)


def test_fleiss_without_a_complete_unit_points_to_alpha():
    ratings = [[True, None, False], [None, True, False], [True, True, None]]
    result = fleiss_kappa(ratings)
    assert result.value is None
    assert result.note == NOTE_NO_COMPLETE_UNITS
    assert (result.units, result.left_out) == (0, 3)
    assert "alpha" in AGREEMENT_NOTES[result.note]
    alpha = krippendorff_alpha(ratings)
    assert (alpha.value, alpha.units) == (1.0, 3)


@pytest.mark.parametrize("ratings", [[], [[True, False]], [[True, False], [None, None]]])
def test_fleiss_needs_two_annotators(ratings):
    result = fleiss_kappa(ratings)
    assert result.value is None
    assert result.note == NOTE_FEWER_THAN_TWO_ANNOTATORS


def test_missing_labels_are_never_a_category():
    # aggregate_raters would count None as a category of its own and report near-perfect agreement here.
    ratings = [[True, None, None, False], [True, None, None, False], [True, True, False, False]]
    result = fleiss_kappa(ratings)
    assert result.categories == (False, True)
    assert (result.units, result.left_out) == (2, 2)


# ---------------------------------------------------------------- labels and checks


def test_labels_may_be_bools_ints_whole_floats_or_texts():
    as_bools = krippendorff_alpha([[True, False, True], [True, True, True]])
    as_ints = krippendorff_alpha([[1, 0, 1], [1, 1, 1]])
    as_floats = krippendorff_alpha([[1.0, 0.0, 1.0], [1, 1, 1]])
    as_texts = krippendorff_alpha([["y", "n", "y"], ["y", "y", "y"]])
    assert as_bools.value == as_ints.value == as_floats.value == as_texts.value
    assert as_ints.categories == (0, 1) and as_bools.categories == (False, True)
    array = np.array([[1, 0, 1], [1, 1, 1]])
    assert krippendorff_alpha(array).value == as_ints.value


@pytest.mark.parametrize(("ratings", "where", "message"), [
    ([[True, 1], [True, True]], "ratings[0][1]", "Python counts True as 1"),
    ([[True, None], [None, 0]], "ratings[1][1]", "is a number but ratings[0][0] is true/false"),
    ([[1.5, None], [1, 2]], "ratings[0][0]", "got 1.5"),
    ([[float("nan"), 1], [1, 2]], "ratings[0][0]", "use None"),
    ([[1, 2], [1, 2, 3]], "ratings[1]", "has 3 entries but ratings[0] has 2"),
    ([[1, 2], "ab"], "ratings[1]", "expected a list"),
    ("ab", "ratings", "one list of labels per annotator"),
    ([[1, {1}]], "ratings[0][1]", "expected true, false, a whole number or a text label"),
])
def test_bad_ratings_name_the_place(ratings, where, message):
    for function in (krippendorff_alpha, fleiss_kappa, bootstrap_interval):
        with pytest.raises(InputError) as caught:
            function(ratings)
        assert caught.value.where == where
        assert message in caught.value.problem


@pytest.mark.parametrize(("level", "ratings"), [
    ("ratio", [[1, 2], [1, 2]]), ("interval", [[True, False], [True, True]]), ("interval", [["a", "b"], ["a", "a"]]),
    ("ordinal", [[1, "b"], [1, 1]]),
])
def test_levels_and_the_labels_they_need(level, ratings):
    with pytest.raises(InputError) as caught:
        krippendorff_alpha(ratings, level)
    assert caught.value.where == "level"


def test_label_counts_table():
    table = label_counts([[2, None, 1], [2, 3, None], [1, 3, None]])
    assert table.categories == (1, 2, 3)
    assert table.counts.tolist() == [[1, 2, 0], [0, 0, 2], [1, 0, 0]]
    assert (table.annotators, table.units) == (3, 3)
    with pytest.raises(ValueError):
        table.counts[0, 0] = 5


@pytest.mark.parametrize(("counts", "categories", "annotators", "where"), [
    ([[1, 2]], (1,), 3, "counts"),
    ([[1, -1]], (1, 2), 3, "counts"),
    ([[1, 2]], (2, 1), 3, "categories"),
    ([[2, 2]], (1, 2), 3, "counts"),
    ([[1, 1]], (1, 2), -1, "annotators"),
])
def test_label_counts_built_by_hand_are_checked(counts, categories, annotators, where):
    with pytest.raises(InputError) as caught:
        LabelCounts(np.array(counts), categories, annotators)
    assert caught.value.where == where


def test_results_are_frozen_and_serialize_with_their_note_text():
    result = krippendorff_alpha([[True, True], [True, True]])
    assert isinstance(result, AgreementAmongMany)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.value = 1.0  # type: ignore[misc]
    data = result.to_dict()
    assert data["note"] == NOTE_NO_VARIATION and data["note_text"] == AGREEMENT_NOTES[NOTE_NO_VARIATION]
    assert data["categories"] == [True]
    interval = bootstrap_interval(KRIPPENDORFF_2011, resamples=50, interval_from=0)
    assert isinstance(interval, BootstrapInterval)
    assert interval.to_dict()["note_text"] is None and interval.to_dict()["needed"] is None
    withheld = bootstrap_interval(KRIPPENDORFF_2011, resamples=50).to_dict()
    assert (withheld["note"], withheld["note_text"], withheld["needed"]) == (
        NOTE_FEW_UNITS, AGREEMENT_NOTES[NOTE_FEW_UNITS], MIN_UNITS_FOR_AGREEMENT_INTERVAL - 11)


def test_the_agreement_module_offers_them_too():
    assert agreement.krippendorff_alpha is krippendorff_alpha
    assert agreement.fleiss_kappa is fleiss_kappa
    assert agreement.bootstrap_interval is bootstrap_interval


# ---------------------------------------------------------------- the vectorized resample formulas


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_alpha_of_resamples_equals_the_krippendorff_package(level):
    rng = np.random.default_rng(2011)
    for _ in range(60):
        ratings = random_ratings(rng, int(rng.integers(2, 10)), int(rng.integers(2, 40)), [1, 2, 4, 7, 9][
            : int(rng.integers(2, 6))], missing=float(rng.uniform(0, 0.5)))
        table = label_counts(ratings)
        rows = table.counts[table.counts.sum(axis=1) >= 2]
        rows = rows[:, rows.sum(axis=0) > 0]
        if len(rows) == 0 or rows.shape[1] < 2:
            continue
        domain = np.array([c for c, keep in zip(table.categories, table.counts[table.counts.sum(axis=1) >= 2]
                                                .sum(axis=0) > 0, strict=True) if keep], dtype=float)
        weights = rng.integers(0, 3, size=(20, len(rows))).astype(float)
        weights[0] = 1.0  # the original data
        ours = alpha_of_resamples(rows, weights, level, domain if level == "interval" else np.arange(len(domain)))
        for r, row_weights in enumerate(weights):
            drawn = np.repeat(rows, row_weights.astype(int), axis=0)
            if len(drawn) == 0 or (drawn.sum(axis=0) > 0).sum() < 2:
                assert ours.mask[r]
                continue
            expected = krippendorff.alpha(value_counts=drawn, value_domain=domain, level_of_measurement=level)
            assert ours[r] == pytest.approx(expected, abs=1e-9)


def test_fleiss_of_resamples_equals_statsmodels():
    rng = np.random.default_rng(1971)
    for _ in range(60):
        ratings = random_ratings(rng, int(rng.integers(2, 10)), int(rng.integers(2, 40)), ["a", "b", "c"],
                                 missing=0.0)
        complete = label_counts(ratings).counts
        weights = rng.integers(0, 3, size=(20, len(complete))).astype(float)
        weights[weights.sum(axis=1) == 0, 0] = 1.0
        ours = fleiss_of_resamples(complete, weights)
        for r, row_weights in enumerate(weights):
            drawn = np.repeat(complete, row_weights.astype(int), axis=0)
            if (drawn.sum(axis=0) > 0).sum() < 2:
                assert ours.mask[r]
                continue
            assert ours[r] == pytest.approx(statsmodels_fleiss(drawn, method="fleiss"), abs=1e-9)


# ---------------------------------------------------------------- the bootstrap interval


def _plain_bca(values: list[float], estimate: float, jackknife: list[float], confidence: float) -> tuple[float, ...]:
    """Efron and Tibshirani (1993), 14.3, written out with scipy's normal distribution."""
    from scipy.stats import norm

    values_array = np.array(values)
    z0 = norm.ppf((np.sum(values_array < estimate) + 0.5 * np.sum(values_array == estimate)) / len(values))
    d = np.mean(jackknife) - np.array(jackknife)
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    shares = [norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z))) for z in norm.ppf([(1 - confidence) / 2,
                                                                                (1 + confidence) / 2])]
    return tuple(np.percentile(values_array, [100 * shares[0], 100 * shares[1]]))


def test_bootstrap_interval_equals_a_plain_loop_over_the_same_draws():
    """The BCa interval: the same draws as a plain loop over the krippendorff package, the leave-one-unit-out values
    from it too, and Efron and Tibshirani's formulas written out with scipy."""
    ratings = random_ratings(np.random.default_rng(5), 6, 30, [False, True], missing=0.3)
    result = bootstrap_interval(ratings, "alpha", resamples=300, seed=42, confidence=0.9, interval_from=0)
    table = label_counts(ratings)
    rows = table.counts[table.counts.sum(axis=1) >= 2]
    draws = np.random.default_rng(42).integers(0, len(rows), size=(300, len(rows)))
    values = []
    for draw in draws:
        drawn = rows[draw]
        if (drawn.sum(axis=0) > 0).sum() >= 2:
            values.append(krippendorff.alpha(value_counts=drawn, level_of_measurement="nominal"))
    jackknife = [krippendorff.alpha(value_counts=np.delete(rows, u, axis=0), level_of_measurement="nominal")
                 for u in range(len(rows))]
    low, high = _plain_bca(values, krippendorff_alpha(ratings).value, jackknife, 0.9)
    assert result.low == pytest.approx(low, abs=1e-9)
    assert result.high == pytest.approx(high, abs=1e-9)
    assert (result.used, result.skipped) == (len(values), 300 - len(values))
    assert result.estimate == krippendorff_alpha(ratings).value
    assert result.units == len(rows)
    assert (result.resamples, result.seed, result.confidence) == (300, 42, 0.9)


def test_bca_moves_the_percentiles_by_bias_and_skew_only():
    values = np.linspace(0.0, 1.0, 1001)
    # no bias (half the values below the estimate) and no skew: the plain percentiles
    assert bca_bounds(values, 0.5, np.array([0.4, 0.5, 0.6]), 0.9) == pytest.approx((0.05, 0.95))
    # an estimate above most resamples moves both bounds up
    low, high = bca_bounds(values, 0.6, np.array([0.4, 0.5, 0.6]), 0.9)
    assert low > 0.05 and high > 0.95
    # undefined or constant leave-one-out values give no acceleration
    assert bca_bounds(values, 0.5, np.array([0.5]), 0.9) == pytest.approx((0.05, 0.95))
    assert bca_bounds(values, 0.5, np.array([0.5, 0.5]), 0.9) == pytest.approx((0.05, 0.95))


@pytest.mark.parametrize("statistic", ["alpha", "fleiss"])
def test_the_interval_is_withheld_below_the_units_it_holds_with_and_says_how_many_more(statistic):
    rng = np.random.default_rng(8)
    ratings = random_ratings(rng, 4, MIN_UNITS_FOR_AGREEMENT_INTERVAL, [False, True], missing=0.0)
    drawn = bootstrap_interval(ratings, statistic, resamples=200)
    assert drawn.note is None and drawn.low is not None and drawn.needed is None
    fewer = [row[:-3] for row in ratings]
    withheld = bootstrap_interval(fewer, statistic, resamples=200)
    assert (withheld.low, withheld.high, withheld.note, withheld.needed) == (None, None, NOTE_FEW_UNITS, 3)
    assert (withheld.used, withheld.skipped) == (0, 0)  # nothing drawn
    assert withheld.estimate is not None and withheld.units == MIN_UNITS_FOR_AGREEMENT_INTERVAL - 3


def test_a_one_point_interval_is_withheld():
    """Every unit unanimous, both categories present: alpha is 1 in every resample that is defined, and a point
    "interval" at 1 would claim a certainty that no number of units gives."""
    ratings = [[True] * 30 + [False] * 30] * 3
    for statistic in ("alpha", "fleiss"):
        result = bootstrap_interval(ratings, statistic, resamples=200)
        assert result.estimate == pytest.approx(1.0)
        assert (result.low, result.high, result.note) == (None, None, NOTE_ONE_POINT)


def test_bootstrap_is_seeded():
    first = bootstrap_interval(KRIPPENDORFF_2011, seed=7, interval_from=0)
    assert bootstrap_interval(KRIPPENDORFF_2011, seed=7, interval_from=0) == first
    assert bootstrap_interval(KRIPPENDORFF_2011, seed=8, interval_from=0) != first
    assert first.resamples == 1000
    assert first.low <= first.estimate <= first.high


def test_bootstrap_counts_undefined_resamples_as_skipped():
    # Four units everyone calls relevant and one they split on: a resample without that unit has one category.
    ratings = [[True, True, True, True, True], [True, True, True, True, False], [True, True, True, True, True]]
    for statistic in ("alpha", "fleiss"):
        result = bootstrap_interval(ratings, statistic, resamples=1000, seed=0, interval_from=0)
        assert result.used + result.skipped == 1000
        assert 250 < result.skipped < 420  # (4/5)^5 = 0.33 of draws miss the split unit
        assert result.low is not None and result.low <= result.high


def test_bootstrap_where_the_statistic_is_undefined():
    result = bootstrap_interval([[True, None], [None, False]], "alpha")
    assert (result.estimate, result.low, result.high, result.used) == (None, None, None, 0)
    assert result.note == NOTE_NO_PAIRABLE_UNITS
    fleiss = bootstrap_interval([[True, None], [None, False]], "fleiss")
    assert fleiss.note == NOTE_NO_COMPLETE_UNITS
    assert NOTE_NO_DEFINED_RESAMPLE in AGREEMENT_NOTES


def test_fleiss_bootstrap_resamples_complete_units():
    ratings = [list(column) for column in zip(*FLEISS_1971, strict=True)]
    result = bootstrap_interval(ratings, "fleiss", seed=3, interval_from=0)
    assert result.estimate == pytest.approx(0.4302445, abs=5e-8)
    assert result.units == 30
    assert result.low < result.estimate < result.high
    assert result.skipped == 0


@pytest.mark.parametrize(("kwargs", "where"), [
    ({"statistic": "kappa"}, "statistic"), ({"resamples": 0}, "resamples"), ({"resamples": 10**6}, "resamples"),
    ({"resamples": 2.5}, "resamples"), ({"seed": -1}, "seed"), ({"seed": True}, "seed"),
    ({"confidence": 1.0}, "confidence"), ({"level": "ratio"}, "level"), ({"interval_from": -1}, "interval_from"),
])
def test_bootstrap_arguments_are_checked(kwargs, where):
    with pytest.raises(InputError) as caught:
        bootstrap_interval(KRIPPENDORFF_2011, **kwargs)
    assert caught.value.where == where
