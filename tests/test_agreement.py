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

from uncase_core.agreement import (
    NOTE_NO_UNITS,
    NOTE_ONE_CATEGORY,
    Agreement,
    LabelPair,
    MatchedLabels,
    agreement_from_bytes,
    cohen_kappa,
    match_labels,
)
from uncase_core.errors import InputError
from uncase_core.rag_cases import RagDataset, case_from_dict, dataset_from_bytes
from uncase_core.stats import Proportion

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "agreement"


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
    assert result.note is None
    assert result.kappa == pytest.approx(hand_kappa(a, b), abs=1e-9)
    with np.errstate(invalid="ignore", divide="ignore"):  # its variance can round below zero
        reference = statsmodels_kappa(np.array(result.table)).kappa
    assert result.kappa == pytest.approx(reference, abs=1e-12)
    assert result.kappa == pytest.approx(
        (result.agreement - result.expected_agreement) / (1 - result.expected_agreement), abs=1e-9
    )
    assert -1.0 <= result.low <= result.kappa <= result.high <= 1.0
    for value in (result.kappa, result.low, result.high, result.agreement, result.expected_agreement):
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
    assert (perfect.kappa, perfect.low, perfect.high, perfect.agreement) == (1.0, 1.0, 1.0, 1.0)
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
    assert result.note is None


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
