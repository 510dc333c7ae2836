"""Judge verdicts beside hand labels over a dataset (uncase_core.judge.report) and the labelling order (sampling)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from uncase_core.agreement.pairs import cohen_kappa
from uncase_core.errors import InputError
from uncase_core.judge.report import JUDGE_NOTES, compare_judge, dimension_values, judge_report, unit_keys
from uncase_core.judge.sampling import labelling_order, next_unit_to_label
from uncase_core.rag.cases import case_from_dict
from uncase_core.stats.differences import paired_difference_interval
from uncase_core.stats.ppi import ppi_mean_interval
from uncase_core.stats.proportions import Proportion

T, F, N = True, False, None


def test_counts_never_mix_labels_and_verdicts():
    labels = [T, T, F, F, T, N, N, N, F, N]
    verdicts = [T, F, T, F, N, T, F, T, N, N]
    report = compare_judge(labels, verdicts, "faithfulness", "claim")
    assert dict(report.counts) == {"units": 10, "both": 4, "label_only": 2, "verdict_only": 3, "neither": 1}
    assert report.hand == Proportion.from_labels(labels)
    assert report.judge == Proportion.from_labels(verdicts)
    # PPI: labelled = units with both, unlabelled = verdict without label.
    assert report.ppi == ppi_mean_interval([1, 1, 0, 0], [1, 0, 1, 0], [1, 0, 1])
    assert report.ppi_tuned == ppi_mean_interval([1, 1, 0, 0], [1, 0, 1, 0], [1, 0, 1], tuned=True)
    assert "labelled_without_verdict" in {note.code for note in report.notes}


def test_agreement_on_the_units_with_both():
    labels = [T] * 30 + [F] * 10
    verdicts = [T] * 27 + [F] * 3 + [T] * 4 + [F] * 6
    report = compare_judge(labels, verdicts)
    agreement = report.agreement
    assert agreement.table == ((27, 3), (4, 6))
    assert (agreement.accuracy.successes, agreement.accuracy.total) == (33, 40)
    assert (agreement.sensitivity.successes, agreement.sensitivity.total) == (27, 30)
    assert (agreement.false_positive_rate.successes, agreement.false_positive_rate.total) == (4, 10)
    assert agreement.kappa == cohen_kappa(labels, verdicts)
    assert (agreement.human_rate, agreement.judge_rate) == (30 / 40, 31 / 40)
    assert agreement.bias == paired_difference_interval(27, 4, 3, 6)
    assert agreement.bias.difference == pytest.approx(1 / 40)


def test_headline_and_worth_follow_tuned():
    rng = np.random.default_rng(2)
    labels = list(rng.random(300) < 0.6)
    verdicts = [bool(x) if rng.random() < 0.85 else not x for x in labels]
    labels = [bool(x) if i < 60 else None for i, x in enumerate(labels)]
    plain = compare_judge(labels, verdicts)
    tuned = compare_judge(labels, verdicts, tuned=True)
    assert plain.headline is plain.ppi and tuned.headline is tuned.ppi_tuned
    assert plain.judge_worth == plain.ppi.judge_worth
    assert tuned.judge_worth == tuned.ppi_tuned.judge_worth


def test_no_pairs_and_no_verdicts():
    report = compare_judge([T, F, N], [N, N, T])
    assert report.ppi is None and report.ppi_tuned is None and report.judge_worth is None
    assert report.agreement.units == 0 and report.agreement.accuracy.is_na and report.agreement.bias.difference is None
    assert "no_pairs" in {note.code for note in report.notes}
    unjudged = compare_judge([T, F], [N, N], "coverage")
    assert {note.code for note in unjudged.notes} == {"no_verdicts"}
    assert unjudged.judge.is_na
    empty = compare_judge([], [])
    assert empty.hand.is_na and empty.judge.is_na and empty.ppi is None


@pytest.mark.parametrize(("labels", "verdicts", "where"), [
    ([T, 1], [T, T], "labels[1]"),
    ([T, F], [T, 0], "verdicts[1]"),
    ([T, F], [T, "yes"], "verdicts[1]"),
    ([T], [T, F], "verdicts"),
    ("TF", [T, F], "labels"),
])
def test_bad_values_name_the_place(labels, verdicts, where):
    with pytest.raises(InputError) as caught:
        compare_judge(labels, verdicts)
    assert caught.value.where == where


def test_numpy_booleans_are_accepted():
    plain = compare_judge([T, F, N], [T, T, F])
    assert compare_judge([np.True_, np.False_, None], np.array([True, True, False])) == plain


def test_report_serializes_with_note_texts():
    report = compare_judge([T, F, T, N], [T, F, F, T], "correctness", "claim", tuned=True)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["tuned"] is True and data["intervals"]["ppi_tuned"]["method"] == "ppi++"
    assert data["agreement"]["bias"]["method"] == "bonett_price_paired"
    assert all(note["code"] in JUDGE_NOTES for note in data["notes"])


# ---------------------------------------------------------------- over a dataset


def case_with(case_id, passages=(), claims=(), facts=()):
    return case_from_dict({
        "id": case_id, "question": "q",
        "passages": [{"id": f"p{i}", "text": "t", "relevant": label, **({} if verdict == "absent" else
                      {"judge_relevant": verdict})} for i, (label, verdict) in enumerate(passages)],
        "claims": [{"id": f"c{i}", "text": "t", "supported": s, "correct": c, "judge_supported": js,
                    "judge_correct": jc} for i, (s, c, js, jc) in enumerate(claims)],
        "reference_facts": [{"id": f"f{i}", "text": "t", "covered": label, "judge_covered": verdict}
                            for i, (label, verdict) in enumerate(facts)],
    })


def test_dataset_dimensions_read_the_right_fields():
    cases = [case_with("a", passages=[(T, F), (N, T)], claims=[(T, F, F, T)], facts=[(F, T)]),
             case_with("b", passages=[(F, "absent")], claims=[(N, T, T, N)])]
    assert dimension_values(cases, "context_relevance") == ([T, N, F], [F, T, N])
    assert dimension_values(cases, "faithfulness") == ([T, N], [F, T])
    assert dimension_values(cases, "correctness") == ([F, T], [T, N])
    assert dimension_values(cases, "coverage") == ([F], [T])
    assert unit_keys(cases, "faithfulness") == (("a", "c0"), ("b", "c0"))
    report = judge_report(cases, "context_relevance")
    assert report == compare_judge([T, N, F], [F, T, N], "context_relevance", "passage")
    with pytest.raises(InputError) as caught:
        judge_report(cases, "relevance")
    assert caught.value.where == "dimension"


# Issue 27: 2 labels yes with the judge's yes, 3 no with a yes, 5 no with a no, and one judged unit unlabelled: 61
# of the worth's 2,000 resamples have a PPI variance of 0 (worth without bound), which NumPy's percentile once
# interpolated between (inf - inf, a RuntimeWarning and NaN). Any warning fails the test.
WITHOUT_BOUND = [(T, T)] * 2 + [(F, T)] * 3 + [(F, F)] * 5 + [(N, F)]


@pytest.mark.filterwarnings("error")
@settings(max_examples=100, deadline=None)
@given(pairs=st.lists(st.tuples(st.sampled_from([T, F, N]), st.sampled_from([T, F, N])), max_size=80),
       tuned=st.booleans())
@example(pairs=WITHOUT_BOUND, tuned=False)
@example(pairs=WITHOUT_BOUND, tuned=True)
def test_every_unit_is_counted_once_and_intervals_are_ordered(pairs, tuned):
    labels = [label for label, _ in pairs]
    verdicts = [verdict for _, verdict in pairs]
    report = compare_judge(labels, verdicts, tuned=tuned)
    counts = report.counts
    assert counts["both"] + counts["label_only"] + counts["verdict_only"] + counts["neither"] == len(pairs)
    assert report.hand.total + report.hand.unlabelled == len(pairs)
    assert report.judge.total + report.judge.unlabelled == len(pairs)
    for interval in (report.ppi, report.ppi_tuned):
        if interval is not None:
            if interval.low is None:  # zero width: withheld (issue 27)
                assert interval.high is None
            else:
                assert 0 <= interval.low <= interval.estimate <= interval.high <= 1
            assert interval.labelled == counts["both"] and interval.unlabelled == counts["verdict_only"]
    for worth in (report.worth, report.worth_tuned):
        if worth is not None:
            assert worth.undefined + worth.unbounded <= worth.resamples
            if worth.low is None:
                assert worth.high is None and worth.note is not None
            else:
                assert np.isfinite([worth.low, worth.high]).all() and worth.low <= worth.high


# ---------------------------------------------------------------- labelling order


def test_labelling_order_is_a_seeded_permutation():
    units = [("case", f"u{i}") for i in range(50)]
    order = labelling_order(units, seed=4)
    assert sorted(order) == sorted(units)
    assert order == labelling_order(units, seed=4)
    assert order != labelling_order(units, seed=5)


def test_next_unit_follows_the_order_and_skips_labelled_units():
    units = list(range(20))
    order = labelling_order(units, seed=1)
    labelled: set[int] = set()
    picks = []
    while (unit := next_unit_to_label(units, labelled, seed=1)) is not None:
        picks.append(unit)
        labelled.add(unit)
    assert picks == order
    assert next_unit_to_label(units, {order[0], order[2]}, seed=1) == order[1]
    assert next_unit_to_label(units, set(units) | {"stranger"}, seed=1) is None
    assert next_unit_to_label([], set(), seed=1) is None


def test_the_first_pick_is_uniform_over_seeds():
    units = list(range(10))
    firsts = Counter(next_unit_to_label(units, set(), seed) for seed in range(5000))
    expected = 5000 / 10
    chi_square = sum((firsts[u] - expected) ** 2 / expected for u in units)
    assert chi_square < 27.9  # 99.9th percentile of chi-square with 9 degrees of freedom


@pytest.mark.parametrize(("units", "seed", "where"), [
    ([1, 2], -1, "seed"), ([1, 2], 1.5, "seed"), ([1, 2], True, "seed"), ([1, 1], 0, "units")])
def test_sampling_rejects_bad_input(units, seed, where):
    with pytest.raises(InputError) as caught:
        next_unit_to_label(units, set(), seed)
    assert caught.value.where == where


def test_a_bad_value_on_a_unit_built_in_code_is_located():
    from uncase_core.rag.cases import RagCase, Unit

    good = Unit("c1", "t", {"supported": True, "correct": None}, {}, {"judge_supported": False})
    bad = Unit("c2", "t", {"supported": True, "correct": None}, {}, {"judge_supported": "yes"})
    with pytest.raises(InputError) as caught:
        judge_report([RagCase("a", "q", claims=(good,)), RagCase("b", "q", claims=(good, bad))], "faithfulness")
    assert caught.value.where == "cases[1].claims[1].judge_supported"


def test_the_report_carries_the_worth_with_its_interval_and_withholds_it_below_the_minimum():
    from uncase_core.stats.ppi import MIN_LABELS_FOR_WORTH, MIN_LABELS_FOR_WORTH_INTERVAL, judge_worth_interval

    rng = np.random.default_rng(2)
    truth = list(rng.random(1000) < 0.6)
    verdicts = [bool(x) if rng.random() < 0.85 else not x for x in truth]
    for labelled in (60, MIN_LABELS_FOR_WORTH_INTERVAL):
        labels = [bool(x) if i < labelled else None for i, x in enumerate(truth)]
        for tuned in (False, True):
            report = compare_judge(labels, verdicts, tuned=tuned)
            assert report.worth == judge_worth_interval(report.ppi)
            assert report.worth_tuned == judge_worth_interval(report.ppi_tuned)
            headline = report.worth_tuned if tuned else report.worth
            assert report.to_dict()["judge_worth_interval"] == headline.to_dict()
            if labelled < MIN_LABELS_FOR_WORTH_INTERVAL:  # the figure, and how many more labels its interval needs
                assert report.judge_worth is not None and headline.low is None
                assert headline.needed == MIN_LABELS_FOR_WORTH_INTERVAL - labelled
            else:
                assert headline.low < report.judge_worth < headline.high
    few = [bool(x) if i < MIN_LABELS_FOR_WORTH - 1 else None for i, x in enumerate(truth)]
    report = compare_judge(few, verdicts)
    assert report.ppi.judge_worth is not None  # the exact figure is still computed
    assert report.judge_worth is None and report.worth.note == "too_few_labels"  # but not shown


def test_follows_order_tells_whether_the_done_units_are_the_first_of_the_seeds_order():
    from uncase_core.judge.sampling import follows_order

    units = [f"u{i}" for i in range(30)]
    order = labelling_order(units, 4)
    assert follows_order(units, set(), 4)
    assert follows_order(units, set(order[:7]), 4)
    assert not follows_order(units, set(order[:6]) | {order[8]}, 4)  # a unit out of turn
    assert not follows_order(units, set(order[:7]), 5)  # the seed changed after seven units were seen
    assert follows_order(units, set(order[:7]) | {"not a unit"}, 4)  # keys outside the units are ignored
