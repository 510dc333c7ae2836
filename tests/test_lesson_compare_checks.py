"""The compare page's lesson checks (lesson 11) on snapshots of the page: the pair ``(system A, system B)``.

Every expected answer comes from :func:`uncase_core.compare.systems.compare_systems` on the same pair and settings,
as the page computes it, never from a figure written here.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.test_lesson_checks import cleared, holds, run
from uncase_core.compare.edits import apply_system_edit, system_label
from uncase_core.compare.systems import compare_systems
from uncase_core.errors import InputError
from uncase_core.lessons.checks import SETTING_DEFAULTS, Snapshot, answer_options, check_params
from uncase_core.lessons.data import lesson_data, scenario_ids
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS, Settings
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE

PAIR_ID = "retrieval_vs_faithfulness"
PAIR = lesson_data("compare", PAIR_ID, "en")


def verdict(pair, dimension: str, settings: Settings | None = None) -> str:
    return compare_systems(*pair, settings).dimensions[dimension].verdict.code


def b_fails_correctness(pair, count: int):
    """One of B's claims marked incorrect in each of the first ``count`` cases both systems pass on correctness."""
    result = compare_systems(*pair)
    both = [i for i, case in enumerate(result.cases) if case.passes_a["correctness"] and case.passes_b["correctness"]]
    assert len(both) >= count
    for i in both[:count]:
        pair = apply_system_edit(pair, system_label(pair, "b", i, "claims", 0, "correct", False))
    return pair


def moved(data, settings: dict | None = None, original=PAIR, **params):
    return run("comparison_verdict_moved", "compare", data, settings, original=original,
               **{"dimension": "correctness", **params})


def test_the_compare_page_is_a_lesson_page_with_its_pairs_as_scenarios_and_its_own_settings():
    assert scenario_ids()["compare"] == {PAIR_ID}
    assert lesson_data("compare", PAIR_ID, "es")[0].cases[0].question != PAIR[0].cases[0].question
    snapshot = Snapshot("compare", PAIR, PAIR)
    assert snapshot.data == PAIR  # a list is kept as a tuple
    for name in METRICS:
        assert snapshot.setting(f"cmp_threshold_{name}") == DEFAULT_THRESHOLDS[name] == SETTING_DEFAULTS[
            f"cmp_threshold_{name}"]
    assert snapshot.setting("cmp_confidence") == DEFAULT_CONFIDENCE
    with pytest.raises(InputError, match=r"expected a pair \(system A, system B\), got RagDataset") as refused:
        Snapshot("compare", PAIR[0])
    assert refused.value.where == "snapshot.data"
    with pytest.raises(InputError, match="expected a RagDataset, got str"):
        Snapshot("compare", (PAIR[0], "B"))


@pytest.mark.parametrize("dimension", METRICS)
def test_comparison_certainty_is_right_when_it_matches_the_pages_verdict(dimension):
    code = verdict(PAIR, dimension)
    right = "uncertain" if code == "uncertain" else "clear"
    wrong = "clear" if right == "uncertain" else "uncertain"
    assert holds(run("comparison_certainty", "compare", PAIR, answer=right, dimension=dimension), "answer_right")
    assert not holds(run("comparison_certainty", "compare", PAIR, answer=wrong, dimension=dimension),
                     "comparison_certainty_wrong", dimension=dimension)


def test_the_built_in_pair_gives_the_lesson_one_clear_gain_one_clear_loss_and_one_difference_too_small():
    assert [verdict(PAIR, name) for name in METRICS] == ["b_better", "a_better", "uncertain", "uncertain"]


def test_comparison_certainty_reads_the_pages_confidence_and_refuses_an_answer_it_cannot_read():
    lower = {"cmp_confidence": 0.8}
    assert verdict(PAIR, "correctness", Settings.build(confidence=0.8)) == "a_better"
    assert holds(run("comparison_certainty", "compare", PAIR, lower, answer="clear", dimension="correctness"))
    assert not holds(run("comparison_certainty", "compare", PAIR, answer="maybe", dimension="correctness"),
                     "answer_not_understood")
    assert not holds(run("comparison_certainty", "compare", PAIR, answer="clear", dimension="correctness"))
    unlabelled = tuple(cleared(dataset, "claims") for dataset in PAIR)
    assert not holds(run("comparison_certainty", "compare", unlabelled, answer="clear", dimension="correctness"),
                     "comparison_not_applicable", dimension="correctness")
    assert not holds(run("comparison_certainty", "rag", PAIR[0], answer="clear", dimension="correctness"),
                     "open_page", page="compare")
    assert answer_options("comparison_certainty", check_params("comparison_certainty", {"dimension": "coverage"}),
                          Snapshot("compare", PAIR)) == ("clear", "uncertain")


def test_comparison_verdict_moved_holds_once_labels_move_the_verdict_to_a_clear_one():
    assert not holds(moved(PAIR), "comparison_still_uncertain", dimension="correctness")
    one = b_fails_correctness(PAIR, 1)
    paired = compare_systems(*one).dimensions["correctness"].paired
    assert not holds(moved(one), "comparison_still_uncertain", low=paired.low, high=paired.high)
    two = b_fails_correctness(PAIR, 2)
    assert verdict(two, "correctness") == "a_better"
    paired = compare_systems(*two).dimensions["correctness"].paired
    assert holds(moved(two), "comparison_verdict_moved", dimension="correctness", low=paired.low, high=paired.high)
    assert holds(moved(two, to="a_better"))
    assert not holds(moved(two, to="b_better"), "comparison_verdict_not_asked")
    assert not holds(moved(two, original=None), "nothing_to_compare")


def test_comparison_verdict_moved_is_not_moved_by_the_settings_alone():
    """A lower confidence (or a threshold) that makes the verdict clear makes it so for the pair as loaded too."""
    assert verdict(PAIR, "correctness", Settings.build(confidence=0.8)) == "a_better"
    assert not holds(moved(PAIR, {"cmp_confidence": 0.8}), "comparison_verdict_as_loaded", dimension="correctness")
    # A verdict that was clear as loaded and moved back to uncertain by labels is not the clear one asked for.
    restored = apply_system_edit(PAIR, system_label(PAIR, "b", 4, "claims", 2, "correct", True))
    assert verdict(restored, "correctness", Settings.build(confidence=0.8)) == "uncertain"
    assert not holds(moved(restored, {"cmp_confidence": 0.8}), "comparison_verdict_not_asked")
    assert holds(moved(restored, {"cmp_confidence": 0.8}, to="uncertain"))


def test_comparison_verdict_moved_refuses_bad_parameters_and_settings():
    with pytest.raises(InputError, match="dimension"):
        check_params("comparison_verdict_moved", {})
    with pytest.raises(InputError, match="expected one of clear, b_better, a_better, uncertain"):
        check_params("comparison_verdict_moved", {"dimension": "correctness", "to": "better"})
    assert not holds(moved(PAIR, {"cmp_confidence": 2}), "state_not_usable")


def test_labels_changed_only_compares_both_systems_on_the_compare_page():
    two = b_fails_correctness(PAIR, 2)
    both = apply_system_edit(two, system_label(two, "a", 0, "passages", 0, "relevant", False))
    assert holds(run("labels_changed_only", "compare", two, original=PAIR, at_least=2), "only_labels_changed",
                 changed=2)
    assert holds(run("labels_changed_only", "compare", both, original=PAIR), "only_labels_changed", changed=3)
    reworded = (PAIR[0], replace(PAIR[1], cases=(replace(PAIR[1].cases[0], answer="Something else."),
                                                *PAIR[1].cases[1:])))
    assert not holds(run("labels_changed_only", "compare", reworded, original=PAIR), "not_only_labels",
                     what="answer")
