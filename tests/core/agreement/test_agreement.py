"""Agreement between two annotators: Cohen's kappa and matching two label files."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import cohens_kappa as statsmodels_kappa

from uncase_core.agreement.pairs import (
    MIN_RARER_SHARE_FOR_KAPPA_INTERVAL,
    MIN_UNITS_FOR_KAPPA_INTERVAL,
    NOTE_CONSTANT_ANNOTATOR,
    NOTE_FEW_UNITS,
    NOTE_NO_UNITS,
    NOTE_ONE_CATEGORY,
    NOTE_RARE_LABEL,
    NOTE_ZERO_VARIANCE,
    NOTES,
    WEIGHTS,
    Agreement,
    LabelPair,
    MatchedLabels,
    agreement_from_bytes,
    match_labels,
)
from uncase_core.agreement.pairs import cohen_kappa as page_kappa
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_from_bytes
from uncase_core.stats.proportions import Proportion

ASSETS = Path(__file__).resolve().parents[3] / "assets" / "agreement"


def cohen_kappa(*args, **kwargs):
    """The page's kappa with its interval at every size: these tests check the formula against statsmodels and
    published values; where the page withholds it (few units) is tested on its own below."""
    return page_kappa(*args, **{"interval_from": 0, **kwargs})



def labels_from_table(table: list[list[int]], categories: list) -> tuple[list, list]:
    """Two label lists whose confusion table (rows A, columns B) is ``table``."""
    a, b = [], []
    for i, row in enumerate(table):
        for j, count in enumerate(row):
            a += [categories[i]] * count
            b += [categories[j]] * count
    return a, b


def hand_kappa(a: list, b: list) -> float:
    """kappa = (po - pe) / (1 - pe) from the two label lists, as scikit-learn computes it."""
    n = len(a)
    po = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pe = sum((a.count(c) / n) * (b.count(c) / n) for c in set(a) | set(b))
    return (po - pe) / (1 - pe)


def dataset(*cases: dict) -> RagDataset:
    return RagDataset(tuple(case_from_dict(case) for case in cases), "object")


# ---------------------------------------------------------------- cohen_kappa


def test_oracle_table():
    # Rows are annotator A (false, true), columns annotator B: po = 35/50, pe = .5 * .6 + .5 * .4.
    a, b = labels_from_table([[20, 5], [10, 15]], [False, True])
    result = cohen_kappa(a, b)
    assert result.kappa == pytest.approx(0.40, abs=1e-12)
    assert result.agreement == pytest.approx(0.70, abs=1e-12)
    assert result.expected_agreement == pytest.approx(0.50, abs=1e-12)
    assert (result.agreed, result.units) == (35, 50)
    assert result.categories == (False, True)
    assert result.table == ((20, 5), (10, 15))
    assert result.note is None
    assert result.confidence == 0.95
    assert result.agreement_interval == Proportion.from_counts(35, 50)
    assert result.low < 0.4 < result.high


def test_interval_matches_statsmodels_at_95_percent():
    table = [[20, 5], [10, 15]]
    reference = statsmodels_kappa(np.array(table))
    result = cohen_kappa(*labels_from_table(table, [False, True]))
    assert result.kappa == pytest.approx(reference.kappa, abs=1e-12)
    assert result.low == pytest.approx(reference.kappa_low, abs=1e-12)
    assert result.high == pytest.approx(reference.kappa_upp, abs=1e-12)


@pytest.mark.parametrize("confidence", [0.5, 0.8, 0.9, 0.99])
def test_interval_at_other_confidences_uses_statsmodels_variance(confidence):
    table = [[30, 4, 1], [6, 25, 3], [2, 5, 24]]
    reference = statsmodels_kappa(np.array(table))
    result = cohen_kappa(*labels_from_table(table, ["a", "b", "c"]), confidence=confidence)
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    assert result.kappa == pytest.approx(reference.kappa, abs=1e-12)
    assert result.low == pytest.approx(reference.kappa - z * reference.std_kappa, abs=1e-12)
    assert result.high == pytest.approx(reference.kappa + z * reference.std_kappa, abs=1e-12)
    assert result.confidence == confidence
    assert result.agreement_interval == Proportion.from_counts(79, 100, confidence=confidence)


def test_wider_interval_at_higher_confidence():
    a, b = labels_from_table([[20, 5], [10, 15]], [False, True])
    narrow, wide = cohen_kappa(a, b, 0.8), cohen_kappa(a, b, 0.99)
    assert wide.low < narrow.low < narrow.kappa < narrow.high < wide.high


@st.composite
def label_pairs(draw):
    categories = draw(st.sampled_from([[False, True], ["x", "y", "z"], [True, "maybe"]]))
    n = draw(st.integers(min_value=1, max_value=80))
    a = draw(st.lists(st.sampled_from(categories), min_size=n, max_size=n))
    b = draw(st.lists(st.sampled_from(categories), min_size=n, max_size=n))
    return a, b


@settings(max_examples=200, deadline=None)
@given(label_pairs())
def test_kappa_matches_hand_formula_and_statsmodels(pair):
    a, b = pair
    result = cohen_kappa(a, b)
    assert result.units == len(a)
    assert result.agreed == sum(x == y for x, y in zip(a, b, strict=True))
    assert sum(map(sum, result.table)) == len(a)
    assert sum(result.table[i][i] for i in range(len(result.categories))) == result.agreed
    if len(set(a) | set(b)) == 1:
        assert result.kappa is None
        assert result.note == NOTE_ONE_CATEGORY
        return
    constant = len(set(a)) == 1 or len(set(b)) == 1
    assert (result.note == NOTE_CONSTANT_ANNOTATOR) == constant
    # rare_label: a label under 15% of a yes/no pair's labels, where the interval was measured not to hold
    assert result.note in (None, NOTE_CONSTANT_ANNOTATOR, NOTE_ZERO_VARIANCE, NOTE_RARE_LABEL)
    assert result.kappa == pytest.approx(hand_kappa(a, b), abs=1e-9)
    with np.errstate(invalid="ignore", divide="ignore"):  # its variance can round below zero
        reference = statsmodels_kappa(np.array(result.table)).kappa
    assert result.kappa == pytest.approx(reference, abs=1e-12)
    assert result.kappa == pytest.approx(
        (result.agreement - result.expected_agreement) / (1 - result.expected_agreement), abs=1e-9
    )
    if result.note is None:
        assert -1.0 <= result.low <= result.kappa <= result.high <= 1.0
    else:  # a zero asymptotic variance, or a rare label: kappa without an interval
        assert result.low is None and result.high is None
    for value in (result.kappa, result.agreement, result.expected_agreement):
        assert not math.isnan(value)


def test_categories_sorted_bools_first_then_strings():
    result = cohen_kappa(["x", True, "b", False], [True, "a", "b", False])
    assert result.categories == (False, True, "a", "b", "x")
    assert len(result.table) == 5
    assert all(len(row) == 5 for row in result.table)
    assert result.table[1][2] == 1  # A said True where B said "a"


def test_numpy_bools_are_labels():
    result = cohen_kappa(np.array([True, False, True]), [True, False, False])
    assert result.categories == (False, True)
    assert result.agreed == 2


def test_perfect_agreement_and_perfect_disagreement():
    perfect = cohen_kappa([True, False, True, False], [True, False, True, False])
    # Its asymptotic variance is 0: an interval [1, 1] from four units would claim certainty (issue 16).
    assert (perfect.kappa, perfect.low, perfect.high, perfect.agreement) == (1.0, None, None, 1.0)
    assert perfect.note == NOTE_ZERO_VARIANCE
    opposite = cohen_kappa([True, False, True, False], [False, True, False, True])
    assert opposite.kappa == -1.0
    assert opposite.agreement == 0.0


def test_interval_is_clipped_to_at_most_one():
    a, b = labels_from_table([[9, 0], [1, 10]], [False, True])
    reference = statsmodels_kappa(np.array([[9, 0], [1, 10]]))
    assert reference.kappa_upp > 1.0
    result = cohen_kappa(a, b)
    assert result.high == 1.0
    assert result.low == pytest.approx(reference.kappa_low, abs=1e-12)


def test_no_units_is_na():
    result = cohen_kappa([], [])
    assert result.kappa is None and result.low is None and result.high is None
    assert result.agreement is None
    assert result.expected_agreement is None
    assert (result.agreed, result.units) == (0, 0)
    assert result.agreement_interval.is_na
    assert result.categories == ()
    assert result.table == ()
    assert result.note == NOTE_NO_UNITS


@pytest.mark.parametrize("label", [True, False, "ok"])
def test_one_shared_category_makes_kappa_undefined(label):
    result = cohen_kappa([label] * 6, [label] * 6)
    assert result.kappa is None and result.low is None and result.high is None
    assert result.agreement == 1.0
    assert result.expected_agreement == 1.0
    assert result.table == ((6,),)
    assert result.note == NOTE_ONE_CATEGORY


def test_one_category_each_but_different_is_defined():
    # A always True, B always False: pe = 0, kappa = 0 - nothing beyond chance, no agreement at all.
    result = cohen_kappa([True] * 4, [False] * 4)
    assert result.kappa == 0.0
    assert result.expected_agreement == 0.0
    assert result.agreement == 0.0
    assert result.note == NOTE_CONSTANT_ANNOTATOR
    assert result.low is None and result.high is None


def test_agreement_is_frozen():
    result = cohen_kappa([True, False], [True, True])
    assert isinstance(result, Agreement)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.kappa = 0.5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("a", "b", "where"),
    [
        ([True, False, True, None], [True, False, True, True], "labels_a[3]"),
        ([True, False], [None, False], "labels_b[0]"),
        ([True, 1], [True, True], "labels_a[1]"),
        ([True, 0.5], [True, True], "labels_a[1]"),
        ([True, True], [True, ["x"]], "labels_b[1]"),
        ([True, False], [True], "labels_b"),
        ([], [True], "labels_b"),
        ("yes", "yes", "labels_a"),
        ([True], None, "labels_b"),
        ({True}, [True], "labels_a"),
    ],
)
def test_bad_labels(a, b, where):
    with pytest.raises(InputError) as caught:
        cohen_kappa(a, b)
    assert caught.value.where == where


def test_bad_label_messages():
    with pytest.raises(InputError, match=r"^labels_a\[3\]: missing label \(None\)"):
        cohen_kappa([True, True, True, None], [True, True, True, True])
    with pytest.raises(InputError, match=r"^labels_b: has 1 labels but labels_a has 2"):
        cohen_kappa([True, False], [True])


@pytest.mark.parametrize("confidence", [0, 1, 1.5, math.nan, True, "0.95", None])
def test_bad_confidence(confidence):
    with pytest.raises(InputError) as caught:
        cohen_kappa([True, False], [True, True], confidence)
    assert caught.value.where == "confidence"
    with pytest.raises(InputError):
        cohen_kappa([], [], confidence)


# ---------------------------------------------------------------- matching two files


def test_match_labels_pairs_by_case_kind_unit_and_field(make_case_dict):
    a = make_case_dict("one", passages=[True, False], claims=[(True, True)], facts=[True])
    b = make_case_dict("one", passages=[True, True], claims=[(True, False)], facts=[True])
    matched = match_labels(dataset(a), dataset(b))
    assert isinstance(matched, MatchedLabels)
    assert [(p.case, p.kind, p.unit, p.field) for p in matched.pairs] == [
        ("one", "passages", "p1", "relevant"),
        ("one", "passages", "p2", "relevant"),
        ("one", "claims", "c1", "supported"),
        ("one", "claims", "c1", "correct"),
        ("one", "reference_facts", "f1", "covered"),
    ]
    assert matched.pairs[1] == LabelPair("one", "passages", "p2", "relevant", False, True, "passage 2")
    assert matched.disagreements == (matched.pairs[1], matched.pairs[3])
    assert (matched.only_a, matched.only_b, matched.neither) == (0, 0, 0)
    assert matched.cases_only_a == () and matched.cases_only_b == ()
    result = matched.agreement()
    assert (result.agreed, result.units) == (3, 5)
    assert result.table == ((0, 1), (1, 3))


def test_match_labels_by_id_not_by_position(make_case_dict):
    a = make_case_dict("one", passages=[True, False, True])
    b = make_case_dict("one", passages=[True, False, True])
    b["passages"] = list(reversed(b["passages"]))
    b["passages"][0]["text"] = "B's own wording"
    matched = match_labels(dataset(a), dataset(b))
    assert matched.disagreements == ()
    assert [p.text for p in matched.pairs] == ["passage 1", "passage 2", "passage 3"]


def test_unmatched_labels_are_counted_and_left_out(make_case_dict):
    a = make_case_dict("one", passages=[True, None, True, None], claims=[(True, None)], facts=[False, True])
    b = make_case_dict("one", passages=[True, True, None, None], claims=[(None, False)], facts=[False])
    b["reference_facts"].append({"id": "f9", "text": "only B has it", "covered": True})
    matched = match_labels(dataset(a, make_case_dict("gone", passages=[True, False])),
                           dataset(b, make_case_dict("extra", facts=[True, None])))
    # Both labelled: p1, f1. A only: p3, c1.supported, f2 (missing in B), two in case "gone".
    # B only: p2, c1.correct, f9 (missing in A), one in case "extra". Neither: p4.
    assert [(p.unit, p.field) for p in matched.pairs] == [("p1", "relevant"), ("f1", "covered")]
    assert matched.only_a == 3 + 2
    assert matched.only_b == 3 + 1
    assert matched.neither == 1
    assert matched.cases_only_a == ("gone",)
    assert matched.cases_only_b == ("extra",)
    assert matched.agreement().units == 2


def test_field_selects_one_label(make_case_dict):
    a = make_case_dict("one", passages=[True, False], claims=[(True, True), (False, True)], facts=[None])
    b = make_case_dict("one", passages=[False, False], claims=[(True, False), (False, None)], facts=[True])
    assert [p.unit for p in match_labels(dataset(a), dataset(b), "relevant").pairs] == ["p1", "p2"]
    supported = match_labels(dataset(a), dataset(b), "supported")
    assert {p.field for p in supported.pairs} == {"supported"}
    assert supported.disagreements == ()
    correct = match_labels(dataset(a), dataset(b), "correct")
    assert [(p.unit, p.a, p.b) for p in correct.pairs] == [("c1", True, False)]
    assert correct.only_a == 1
    covered = match_labels(dataset(a), dataset(b), "covered")
    assert covered.pairs == ()
    assert covered.only_b == 1
    assert covered.agreement().note == NOTE_NO_UNITS
    pooled = match_labels(dataset(a), dataset(b))
    fields = ("relevant", "supported", "correct", "covered")
    assert len(pooled.pairs) == sum(len(match_labels(dataset(a), dataset(b), name).pairs) for name in fields)


def test_no_shared_cases_is_na(make_case_dict):
    matched = match_labels(dataset(make_case_dict("a", passages=[True])), dataset(make_case_dict("b", facts=[True])))
    assert matched.pairs == ()
    assert (matched.only_a, matched.only_b) == (1, 1)
    result = matched.agreement()
    assert result.kappa is None and result.agreement is None
    assert result.note == NOTE_NO_UNITS


@pytest.mark.parametrize("field", ["relevance", "", "Relevant", 3, True])
def test_bad_field(make_case_dict, field):
    data = dataset(make_case_dict("one", passages=[True]))
    with pytest.raises(InputError) as caught:
        match_labels(data, data, field)
    assert caught.value.where == "field"


def test_agreement_from_bytes(make_case_dict):
    a = json.dumps({"cases": [make_case_dict("one", passages=[True, False])]}).encode()
    b = json.dumps([make_case_dict("one", passages=[True, True])]).encode()
    matched = agreement_from_bytes(a, "ana.json", b, "ben.json")
    assert len(matched.pairs) == 2
    assert len(matched.disagreements) == 1
    assert agreement_from_bytes(a, "ana.json", b, "ben.json", "relevant") == matched


def test_malformed_file_names_the_file(make_case_dict):
    good = json.dumps({"cases": [make_case_dict("one", passages=[True])]}).encode()
    bad_label = json.dumps({"cases": [make_case_dict("one", passages=["yes"])]}).encode()
    with pytest.raises(InputError) as caught:
        agreement_from_bytes(good, "ana.json", bad_label, "ben.json")
    assert caught.value.source == "ben.json"
    assert str(caught.value).startswith("ben.json: cases[0].passages[0].relevant:")
    with pytest.raises(InputError) as caught:
        agreement_from_bytes(b"{not json", "ana.json", good, "ben.json")
    assert caught.value.source == "ana.json"
    with pytest.raises(InputError, match=r"^ana\.json: "):
        agreement_from_bytes(b"", "ana.json", good, "ben.json")
    with pytest.raises(InputError) as caught:
        agreement_from_bytes(good, "ana.json", good, "ben.json", "nope")
    assert caught.value.where == "field"


# ---------------------------------------------------------------- the built-in pair


def built_in(language: str) -> MatchedLabels:
    return agreement_from_bytes(
        (ASSETS / f"annotator_a_{language}.json").read_bytes(), f"annotator_a_{language}.json",
        (ASSETS / f"annotator_b_{language}.json").read_bytes(), f"annotator_b_{language}.json",
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_built_in_pair_has_high_agreement_but_moderate_kappa(language):
    matched = built_in(language)
    result = matched.agreement()
    assert 0.85 <= result.agreement <= 0.90
    assert 0.40 <= result.kappa <= 0.60
    assert result.kappa < result.agreement - 0.25
    # Most labels are true: chance agreement alone is high.
    assert result.expected_agreement > 0.65
    assert result.categories == (False, True)
    assert (result.units, result.agreed) == (218, 189)
    assert result.table == ((26, 14), (15, 163))
    assert round(result.agreement, 3) == 0.867
    assert round(result.kappa, 3) == 0.560
    assert result.low > 0.0
    assert len(matched.disagreements) == 29


@pytest.mark.parametrize("language", ["en", "es"])
def test_built_in_pair_has_unmatched_labels(language):
    matched = built_in(language)
    assert matched.cases_only_a == ("banking-011",)
    assert matched.cases_only_b == ()
    assert matched.only_a == 15  # 4 left null by B, 11 in the case B lacks
    assert matched.only_b == 2  # left null by A
    assert matched.neither == 0


def test_built_in_pair_gives_the_same_figures_in_both_languages():
    english, spanish = built_in("en"), built_in("es")
    assert english.agreement() == spanish.agreement()
    assert [(p.case, p.kind, p.unit, p.field, p.a, p.b) for p in english.pairs] == [
        (p.case, p.kind, p.unit, p.field, p.a, p.b) for p in spanish.pairs
    ]
    assert english.pairs[0].text != spanish.pairs[0].text
    for name in ("relevant", "supported", "correct", "covered"):
        en = match_labels(*(dataset_from_bytes((ASSETS / f"annotator_{s}_en.json").read_bytes()) for s in "ab"), name)
        es = match_labels(*(dataset_from_bytes((ASSETS / f"annotator_{s}_es.json").read_bytes()) for s in "ab"), name)
        assert en.agreement() == es.agreement()


def test_built_in_annotator_a_is_the_workbench_labels():
    workbench = json.loads((ASSETS.parent / "datasets" / "workbench_en.json").read_text(encoding="utf-8"))["cases"][:24]
    annotator = json.loads((ASSETS / "annotator_a_en.json").read_text(encoding="utf-8"))["cases"]
    assert [case["id"] for case in annotator] == [case["id"] for case in workbench]
    changed = 0
    for mine, original in zip(annotator, workbench, strict=True):
        assert mine["question"] == original["question"]
        for kind in ("passages", "claims", "reference_facts"):
            for unit, source in zip(mine[kind], original[kind], strict=True):
                for key, value in unit.items():
                    if value != source[key]:
                        assert value is None
                        changed += 1
    assert changed == 2


# ---------------------------------------------------------------- issue 16: zero variance, any labels, weights


def test_a_label_one_annotator_never_used_gives_kappa_0_without_an_interval():
    # Issue 16: this gave kappa 0 with the interval [0, 0], from a zero asymptotic variance.
    result = cohen_kappa([True] * 20, [True] * 19 + [False])
    assert result.kappa == 0.0
    assert result.low is None and result.high is None
    assert result.note == NOTE_CONSTANT_ANNOTATOR
    assert result.to_dict()["note_text"] == NOTES[NOTE_CONSTANT_ANNOTATOR]
    assert result.agreement_interval == Proportion.from_counts(19, 20)


def test_every_note_has_english_wording():
    assert set(NOTES) == {NOTE_NO_UNITS, NOTE_ONE_CATEGORY, NOTE_CONSTANT_ANNOTATOR, NOTE_ZERO_VARIANCE, NOTE_FEW_UNITS,
                          NOTE_RARE_LABEL}
    assert cohen_kappa([], []).to_dict()["note_text"] == NOTES[NOTE_NO_UNITS]
    assert cohen_kappa([True, False], [True, True]).to_dict()["note_text"] is not None
    assert cohen_kappa([True, False, True], [True, False, False]).to_dict()["note_text"] is None


@pytest.mark.parametrize(("a", "b", "categories"), [
    ([1, 0, 1, 1, 0], [1, 0, 0, 1, 0], (0, 1)),
    ([5, 4, 1, 3, 5, 2], [5, 3, 1, 3, 4, 2], (1, 2, 3, 4, 5)),
    (["pos", "neg", "pos"], ["pos", "pos", "pos"], ("neg", "pos")),
    ([2.0, 1, 2], [2, 1.0, 1], (1, 2)),
    (np.array([1, 2, 2]), np.array([1, 2, 1]), (1, 2)),
    (np.array([1.0, 2.0, 2.0]), [np.int64(1), 2, 1], (1, 2)),
])
def test_integer_text_and_whole_float_labels_are_categories(a, b, categories):
    result = cohen_kappa(a, b)
    assert result.categories == categories
    assert all(type(c) in (int, str) for c in result.categories)
    expected = [int(x) if isinstance(x, float | np.floating | np.integer) else x for x in a]
    assert result.kappa == pytest.approx(hand_kappa(expected, [int(y) if not isinstance(y, str) else y for y in b]))


def test_integer_labels_give_the_same_kappa_as_booleans():
    a, b = labels_from_table([[20, 5], [10, 15]], [False, True])
    as_numbers = cohen_kappa([int(x) for x in a], [int(y) for y in b])
    as_booleans = cohen_kappa(a, b)
    assert (as_numbers.kappa, as_numbers.low, as_numbers.high) == (as_booleans.kappa, as_booleans.low,
                                                                   as_booleans.high)
    assert as_numbers.categories == (0, 1)


@pytest.mark.parametrize(("a", "b", "where", "message"), [
    ([True, False, 1], [True, False, True], "labels_a[2]", "Python counts True as 1"),
    ([1, 0], [True, 0], "labels_b[0]", "is true/false but labels_a[0] is a number"),
    ([np.bool_(True), 0], [1, 1], "labels_a[1]", "is a number but labels_a[0] is true/false"),
    ([1, 2.5], [1, 2], "labels_a[1]", "expected a whole number, true, false or a text label, got 2.5"),
    ([1, float("nan")], [1, 2], "labels_a[1]", "NaN is not a label"),
    ([1, float("inf")], [1, 2], "labels_a[1]", "got inf"),
    ([1, 2, None], [1, 2, 3], "labels_a[2]", "missing label (None)"),
    ([1, b"x"], [1, 2], "labels_a[1]", "expected true, false, a whole number or a text label"),
])
def test_labels_that_are_refused(a, b, where, message):
    with pytest.raises(InputError) as caught:
        cohen_kappa(a, b)
    assert caught.value.where == where
    assert message in caught.value.problem


# Anxiety ratings of 20 subjects by three raters, from R's irr package (Gamer et al.), as statsmodels'
# tests carry them; irr's kappa2(anxiety[, 2:3], "equal") is 0.1459075 and with "squared" 0.2520325.
# Rater 2 and 3 never use 5, and irr, like statsmodels on the table of used categories, drops it.
ANXIETY_RATER_2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4]
ANXIETY_RATER_3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2]


@pytest.mark.parametrize(("weights", "kappa"), [(None, -0.006289308), ("linear", 0.1459075),
                                                ("quadratic", 0.2520325)])
def test_weighted_kappa_equals_r_irr_on_the_anxiety_ratings(weights, kappa):
    result = cohen_kappa(ANXIETY_RATER_2, ANXIETY_RATER_3, weights=weights)
    assert result.kappa == pytest.approx(kappa, abs=5e-8)
    assert result.categories == (1, 2, 3, 4, 6)
    assert result.weights == weights


def test_weighted_kappa_equals_the_sas_example():
    # SAS's weighted kappa printout that statsmodels tests against: kappa 0.4701, ASE 0.1457,
    # 95% limits 0.1845 and 0.7558, for this table of ratings 0, 1, 2 with linear weights.
    a, b = labels_from_table([[0, 4, 1], [0, 8, 0], [0, 1, 5]], [0, 1, 2])
    result = cohen_kappa(a, b, weights="linear")
    assert result.kappa == pytest.approx(0.4701, abs=5e-5)
    assert result.low == pytest.approx(0.1845, abs=5e-5)
    assert result.high == pytest.approx(0.7558, abs=5e-5)
    z = NormalDist().inv_cdf(0.975)
    assert (result.high - result.low) / (2 * z) == pytest.approx(0.1457, abs=5e-5)
    assert result.kappa == pytest.approx(
        (result.weighted_agreement - result.weighted_expected_agreement) / (1 - result.weighted_expected_agreement),
        abs=1e-12)


def random_ratings(rng: np.random.Generator) -> tuple[list[int], list[int]]:
    levels = int(rng.integers(2, 7))
    n = int(rng.integers(2, 60))
    a = rng.integers(1, levels + 1, size=n)
    # The second rater is near the first most of the time, so weighted and plain kappa differ.
    b = np.clip(a + rng.integers(-1, 2, size=n) * (rng.random(n) < 0.6), 1, levels)
    return [int(x) for x in a], [int(y) for y in b]


@pytest.mark.parametrize("weights", ["linear", "quadratic", None])
def test_weighted_kappa_and_its_interval_equal_statsmodels_on_random_ratings(weights):
    rng = np.random.default_rng(2016)
    checked = 0
    for _ in range(400):
        a, b = random_ratings(rng)
        confidence = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        result = cohen_kappa(a, b, confidence, weights=weights)
        if result.kappa is None:
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            reference = statsmodels_kappa(np.array(result.table, dtype=float), wt=weights)
        assert result.kappa == pytest.approx(reference.kappa, abs=1e-12)
        if result.note is None:
            z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
            half = z * math.sqrt(reference.var_kappa)
            assert result.low == pytest.approx(max(reference.kappa - half, -1.0), abs=1e-12)
            assert result.high == pytest.approx(min(reference.kappa + half, 1.0), abs=1e-12)
            checked += 1
        else:
            assert result.low is None and result.high is None
            assert abs(reference.var_kappa) < 1e-12
    assert checked > 300


def test_with_two_categories_weights_change_nothing():
    a, b = labels_from_table([[20, 5], [10, 15]], [False, True])
    plain = cohen_kappa(a, b)
    for weights in WEIGHTS:
        weighted = cohen_kappa(a, b, weights=weights)
        assert weighted.kappa == pytest.approx(plain.kappa, abs=1e-12)
        assert weighted.low == pytest.approx(plain.low, abs=1e-12)
        assert weighted.high == pytest.approx(plain.high, abs=1e-12)


def test_a_declared_scale_keeps_unused_categories_in_their_place():
    a, b = [1, 2, 4, 5, 5, 1, 2], [1, 2, 5, 4, 5, 2, 2]
    used = cohen_kappa(a, b, weights="linear")
    assert used.categories == (1, 2, 4, 5)
    scale = cohen_kappa(a, b, weights="linear", categories=[1, 2, 3, 4, 5])
    assert scale.categories == (1, 2, 3, 4, 5)
    assert scale.table[2] == (0, 0, 0, 0, 0)
    for result in (used, scale):
        reference = statsmodels_kappa(np.array(result.table, dtype=float), wt="linear")
        assert result.kappa == pytest.approx(reference.kappa, abs=1e-12)
    assert scale.kappa != pytest.approx(used.kappa)
    # A text scale in its own order, not the alphabet's.
    words = cohen_kappa(["low", "mid", "high", "mid"], ["mid", "mid", "high", "low"], weights="quadratic",
                        categories=["low", "mid", "high"])
    assert words.categories == ("low", "mid", "high")
    numbers = cohen_kappa([1, 2, 3, 2], [2, 2, 3, 1], weights="quadratic")
    assert words.kappa == pytest.approx(numbers.kappa, abs=1e-12)


@pytest.mark.parametrize(("kwargs", "where"), [
    ({"weights": "squared"}, "weights"),
    ({"weights": True}, "weights"),
    ({"categories": [1, 2, 2]}, "categories[2]"),
    ({"categories": [1, 2]}, "labels_a[2]"),
    ({"categories": "123"}, "categories"),
    ({"categories": [True, False]}, "categories[0]"),
])
def test_bad_weights_and_scales(kwargs, where):
    with pytest.raises(InputError) as caught:
        cohen_kappa([1, 2, 3], [1, 2, 2], **kwargs)
    assert caught.value.where == where


def test_weighted_kappa_of_mixed_kinds_needs_a_scale():
    with pytest.raises(InputError) as caught:
        cohen_kappa([1, "x", 2], [1, "x", 1], weights="linear")
    assert caught.value.where == "weights"
    result = cohen_kappa([1, "x", 2], [1, "x", 1], weights="linear", categories=[1, 2, "x"])
    assert result.categories == (1, 2, "x")
    assert cohen_kappa([1, "x", 2], [1, "x", 1]).categories == (1, 2, "x")  # plain kappa needs no order


def test_the_interval_is_withheld_below_the_units_where_it_holds():
    """Issue 36: the asymptotic interval covered 85% at 10 units and 92% at 30 to 50 (bench/coverage.py)."""
    a = [True] * 30 + [False] * 20
    b = [True] * 25 + [False] * 5 + [True] * 5 + [False] * 15
    few = page_kappa(a, b)
    assert few.kappa is not None and (few.low, few.high) == (None, None) and few.note == NOTE_FEW_UNITS
    assert few.agreement_interval.low is not None  # the percent agreement's Wilson interval holds
    assert "200 units" in NOTES[NOTE_FEW_UNITS] and MIN_UNITS_FOR_KAPPA_INTERVAL == 200
    assert few.needed == 150 and few.to_dict()["needed"] == 150  # the page says how many more units
    many = page_kappa(a * 4, b * 4)
    assert many.note is None and many.low < many.kappa < many.high and many.needed is None


def rare_pair(units: int, yes: int, both_yes: int) -> tuple[list[bool], list[bool]]:
    """Two annotators of ``units`` yes/no units, each saying yes ``yes`` times, ``both_yes`` of them together."""
    only = yes - both_yes
    a = [True] * yes + [False] * (units - yes)
    b = [True] * both_yes + [False] * only + [True] * only + [False] * (units - yes - only)
    return a, b


@pytest.mark.parametrize("units", [200, 500, 1000])
def test_a_rare_label_withholds_kappas_interval_however_many_units(units):
    """Issue 48: with one label at 10% of units and no agreement beyond chance the asymptotic interval covered 83%
    at 200 units, 90% at 300 and 91% at 500 (docs/coverage.md, agreement.kappa): below 15% of the labels it is
    withheld at any size, and no count of more units is promised, since more would not bring it."""
    a, b = rare_pair(units, yes=units // 10, both_yes=units // 100)
    result = page_kappa(a, b)
    assert result.kappa is not None and result.low is None and result.high is None
    assert result.note == NOTE_RARE_LABEL and result.needed is None
    assert "rare" in result.to_dict()["note_text"]
    assert result.agreement_interval.low is not None  # the percent agreement's interval holds
    measured = page_kappa(a, b, interval_from=0, rarer_share_from=0.0)  # the harness measures it where withheld
    assert measured.note is None and measured.low < measured.kappa < measured.high


def test_from_the_rarer_labels_share_where_it_holds_the_interval_is_drawn():
    """At 15% of the labels (pooled over both annotators) and 200 units the interval is given; just under, not."""
    at = page_kappa(*rare_pair(200, yes=30, both_yes=10))
    assert at.note is None and at.low is not None and MIN_RARER_SHARE_FOR_KAPPA_INTERVAL == 0.15
    under = page_kappa(*rare_pair(200, yes=29, both_yes=10))
    assert under.note == NOTE_RARE_LABEL
    # More than two categories are not measured yet: their interval keeps the units' rule alone.
    three = page_kappa([1] * 180 + [2] * 10 + [3] * 10, [1] * 175 + [2] * 15 + [3] * 10)
    assert three.note is None and three.low is not None


def test_how_many_more_units_whatever_keeps_the_interval_back():
    """A constant annotator or perfect agreement withholds the interval too; below the units it is given from the
    result still says how many more it takes (fewer are never enough), and nothing when kappa is undefined."""
    constant = page_kappa([True, False, True], [True, True, True])
    assert constant.note == NOTE_CONSTANT_ANNOTATOR and constant.needed == MIN_UNITS_FOR_KAPPA_INTERVAL - 3
    perfect = page_kappa([True, False, True], [True, False, True])
    assert perfect.low is None and perfect.needed == MIN_UNITS_FOR_KAPPA_INTERVAL - 3
    assert page_kappa([True, True], [True, True]).needed is None  # kappa undefined: nothing to wait for
    assert page_kappa([], []).needed is None
    assert page_kappa([True] * 250, [True] * 249 + [False]).needed is None  # enough units; its own note says why
