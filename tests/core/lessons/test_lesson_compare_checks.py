"""The compare page's lesson checks (lesson 11) on snapshots of the page: the pair ``(system A, system B)``.

Every expected answer comes from :func:`uncase_core.compare.systems.compare_systems` on the same pair and settings,
as the page computes it, never from a figure written here.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.core.lessons.test_lesson_checks import cleared, holds, run
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


STATES = {"b_better": "clear", "a_better": "clear", "uncertain": "uncertain", "withheld": "withheld"}
WRONG_NOTES = {"clear": "comparison_is_clear", "uncertain": "comparison_is_uncertain",
               "withheld": "comparison_is_withheld"}


def decided(pair, dimension: str, settings: Settings | None = None):
    return compare_systems(*pair, settings).dimensions[dimension].verdict


def a_passes_relevance(pair, count: int):
    """System A's second passage ticked relevant in the first ``count`` cases only B passes on context relevance
    (A's relevance then 2/3: both pass), through the compare page's edit records."""
    result = compare_systems(*pair)
    only_b = [i for i, case in enumerate(result.cases)
              if case.passes_b["context_relevance"] and not case.passes_a["context_relevance"]]
    assert len(only_b) >= count
    for i in only_b[:count]:
        pair = apply_system_edit(pair, system_label(pair, "a", i, "passages", 1, "relevant", True))
    return pair


@pytest.mark.parametrize("dimension", METRICS)
def test_comparison_certainty_is_right_when_it_is_the_pages_verdict_and_a_wrong_answer_says_why(dimension):
    right = STATES[verdict(PAIR, dimension)]
    v = decided(PAIR, dimension)
    assert holds(run("comparison_certainty", "compare", PAIR, answer=right, dimension=dimension), "answer_right")
    for wrong in {"clear", "uncertain", "withheld"} - {right}:
        result = run("comparison_certainty", "compare", PAIR, answer=wrong, dimension=dimension)
        assert not holds(result, WRONG_NOTES[right], dimension=dimension, count=v.discordant, tests=4)
        if right != "clear":
            assert result.note.params["needed"] == v.needed == 8
        if right != "withheld":
            assert result.note.params["adjusted"] == pytest.approx(v.adjusted_p)
            assert result.note.params["alpha"] == pytest.approx(0.05)


def test_the_built_in_pair_gives_the_lesson_one_verdict_of_each_kind():
    """Issue 36: B clearly better on relevance, clearly worse on faithfulness, too few differing cases on correctness
    to call anything, and enough on coverage but as many each way."""
    assert [verdict(PAIR, name) for name in METRICS] == ["b_better", "a_better", "withheld", "uncertain"]
    correctness, coverage = decided(PAIR, "correctness"), decided(PAIR, "coverage")
    assert (correctness.discordant, correctness.needed) == (2, 8)
    assert coverage.discordant >= coverage.needed and coverage.p_value == 1.0


def test_comparison_certainty_reads_the_pages_confidence_and_refuses_an_answer_it_cannot_read():
    # At 99% a verdict needs 10 cases that change side: coverage's 8 are too few, so it is withheld there.
    assert verdict(PAIR, "coverage", Settings.build(confidence=0.99)) == "withheld"
    strict = {"cmp_confidence": 0.99}
    assert holds(run("comparison_certainty", "compare", PAIR, strict, answer="withheld", dimension="coverage"))
    assert not holds(run("comparison_certainty", "compare", PAIR, strict, answer="uncertain", dimension="coverage"),
                     "comparison_is_withheld", count=8, needed=10)
    assert holds(run("comparison_certainty", "compare", PAIR, answer="uncertain", dimension="coverage"))
    assert not holds(run("comparison_certainty", "compare", PAIR, answer="maybe", dimension="correctness"),
                     "answer_not_understood")
    assert run("comparison_certainty", "compare", PAIR, answer="maybe", dimension="correctness").note.params[
        "error"]["code"] == "answer_expected_comparison_certainty"
    assert not holds(run("comparison_certainty", "compare", PAIR, answer="clear", dimension="correctness"))
    unlabelled = tuple(cleared(dataset, "claims") for dataset in PAIR)
    assert not holds(run("comparison_certainty", "compare", unlabelled, answer="clear", dimension="correctness"),
                     "comparison_not_applicable", dimension="correctness")
    assert not holds(run("comparison_certainty", "rag", PAIR[0], answer="clear", dimension="correctness"),
                     "open_page", page="compare")
    assert answer_options("comparison_certainty", check_params("comparison_certainty", {"dimension": "coverage"}),
                          Snapshot("compare", PAIR)) == ("clear", "uncertain", "withheld")


def needed(answer, settings: dict | None = None, data=PAIR, dimension: str = "correctness"):
    return run("comparison_needed", "compare", data, settings, answer=answer, dimension=dimension)


def test_comparison_needed_is_the_fewest_differing_cases_that_could_make_a_verdict():
    assert decided(PAIR, "correctness").needed == 8
    assert holds(needed(8), "answer_right") and holds(needed(8.0))
    # 7 cases all one way: p = 2 × 0.5^7 = 0.0156, times 4 dimensions 0.0625 > 0.05
    assert not holds(needed(7), "comparison_needed_too_few", count=7, smallest=2 * 0.5 ** 7, tests=4,
                     corrected=4 * 2 * 0.5 ** 7, alpha=0.05, dimension="correctness")
    assert not holds(needed(7.5), "comparison_needed_too_few", count=7)
    assert not holds(needed(0), "comparison_needed_too_few", count=0, smallest=1.0, corrected=1.0)
    # 9 would do, and so would 8: 2 × 0.5^8 × 4 = 0.031 <= 0.05
    assert not holds(needed(9), "comparison_needed_too_many", count=8, smallest=2 * 0.5 ** 8,
                     corrected=4 * 2 * 0.5 ** 8, alpha=0.05)
    assert not holds(needed(8.5), "comparison_needed_too_many", count=8)
    # the page's confidence decides: at 99%, 4 × 2 × 0.5^d <= 0.01 from d = 10
    assert not holds(needed(8, {"cmp_confidence": 0.99}), "comparison_needed_too_few", count=8, alpha=0.01)
    assert holds(needed(10, {"cmp_confidence": 0.99}))
    # the same on every dimension: the dimensions are corrected together
    assert holds(needed(8, dimension="coverage"))
    assert not holds(needed("eight"), "answer_not_understood")
    assert not holds(needed(-1), "answer_not_understood")
    unlabelled = tuple(cleared(dataset, "claims") for dataset in PAIR)
    assert not holds(needed(8, data=unlabelled), "comparison_not_applicable", dimension="correctness")
    assert answer_options("comparison_needed", check_params("comparison_needed", {"dimension": "coverage"}),
                          Snapshot("compare", PAIR)) is None


def more(data, settings: dict | None = None, original=PAIR, **params):
    return run("comparison_more_differ", "compare", data, settings, original=original,
               **{"dimension": "correctness", "more": 2, "verdict": "withheld", **params})


def test_comparison_more_differ_holds_once_labels_make_more_cases_differ_with_the_verdict_asked():
    assert not holds(more(PAIR), "comparison_too_few_more_differ", count=2, loaded=2, more=2)
    one = b_fails_correctness(PAIR, 1)
    assert not holds(more(one), "comparison_too_few_more_differ", count=3, loaded=2, more=2)
    two = b_fails_correctness(PAIR, 2)
    v = decided(two, "correctness")
    assert (v.code, v.discordant) == ("withheld", 4)  # four cases only A passes: still too few for a verdict
    assert holds(more(two), "comparison_more_differ", count=4, loaded=2, needed=8, tests=4, adjusted=v.adjusted_p)
    six = b_fails_correctness(PAIR, 6)
    assert verdict(six, "correctness") == "a_better"  # eight cases only A passes: clear
    assert not holds(more(six), "comparison_differ_verdict_not_asked", count=8, dimension="correctness")
    assert holds(more(six, verdict="a_better")) and holds(more(six, verdict="clear"))
    assert holds(more(six, verdict="any")) and holds(more(two, verdict="any"))
    # Settings alone change both counts alike: a threshold moved makes no more cases differ.
    assert not holds(more(PAIR, {"cmp_threshold_correctness": 0.9}), "comparison_too_few_more_differ")
    assert not holds(more(two, original=None), "nothing_to_compare")


def test_comparison_verdict_moved_says_what_holds_the_verdict_where_it_is():
    assert not holds(moved(PAIR), "comparison_still_withheld", dimension="correctness", count=2, needed=8)
    two = b_fails_correctness(PAIR, 2)
    assert not holds(moved(two), "comparison_still_withheld", count=4, needed=8)  # two labels cannot make it clear
    coverage = decided(PAIR, "coverage")
    assert not holds(moved(PAIR, dimension="coverage"), "comparison_still_uncertain", dimension="coverage", count=8,
                     tests=4, adjusted=coverage.adjusted_p, alpha=0.05)
    assert not holds(moved(PAIR, dimension="context_relevance"), "comparison_verdict_as_loaded")


def test_comparison_verdict_moved_holds_once_labels_move_the_verdict_to_the_one_asked():
    six = b_fails_correctness(PAIR, 6)
    v = decided(six, "correctness")
    assert holds(moved(six), "comparison_verdict_moved", dimension="correctness", count=8, tests=4,
                 adjusted=v.adjusted_p)
    assert holds(moved(six, to="a_better"))
    assert not holds(moved(six, to="b_better"), "comparison_verdict_not_asked")
    assert not holds(moved(six, original=None), "nothing_to_compare")
    # A clear verdict taken below the cases it needs is withheld, not uncertain.
    fewer = a_passes_relevance(PAIR, 3)
    assert (verdict(fewer, "context_relevance"), decided(fewer, "context_relevance").discordant) == ("withheld", 7)
    assert holds(moved(fewer, dimension="context_relevance", to="withheld"))
    assert not holds(moved(fewer, dimension="context_relevance"), "comparison_verdict_not_asked")


def test_comparison_verdict_moved_is_not_moved_by_the_settings_alone():
    """A confidence or a threshold that changes a verdict changes it for the pair as loaded too."""
    assert verdict(PAIR, "coverage", Settings.build(confidence=0.99)) == "withheld"
    assert not holds(moved(PAIR, {"cmp_confidence": 0.99}, dimension="coverage", to="withheld"),
                     "comparison_still_withheld", count=8, needed=10)
    lenient = Settings.build({"faithfulness": 0.6})
    assert verdict(PAIR, "faithfulness", lenient) == "withheld"  # B's 2-of-3 supported claims pass at 0.6
    assert not holds(moved(PAIR, {"cmp_threshold_faithfulness": 0.6}, dimension="faithfulness", to="withheld"),
                     "comparison_still_withheld", count=0)


def test_comparison_checks_refuse_bad_parameters_and_settings():
    with pytest.raises(InputError, match="dimension"):
        check_params("comparison_verdict_moved", {})
    with pytest.raises(InputError, match="expected one of clear, b_better, a_better, uncertain, withheld"):
        check_params("comparison_verdict_moved", {"dimension": "correctness", "to": "better"})
    with pytest.raises(InputError, match="expected one of any, clear, b_better, a_better, uncertain, withheld"):
        check_params("comparison_more_differ", {"dimension": "correctness", "verdict": "better"})
    with pytest.raises(InputError, match="more"):
        check_params("comparison_more_differ", {"dimension": "correctness", "more": 0})
    with pytest.raises(InputError, match="dimension"):
        check_params("comparison_needed", {})
    assert not holds(moved(PAIR, {"cmp_confidence": 2}), "state_not_usable")
    assert not holds(more(PAIR, {"cmp_confidence": 2}), "state_not_usable")
    assert not holds(needed(8, {"cmp_confidence": 2}), "state_not_usable")


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
