"""Every named lesson check and question, on data built from the built-in assets: holds, does not, and why.

Each check is run through :func:`run_check` exactly as the lesson runner runs it (parameters read by
:func:`check_params`), so the parameter defaults, the page guard and the error handling are exercised too.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.agreement.pairs import match_labels
from uncase_core.assets.reader import load_judge_set
from uncase_core.conversations.evaluator import METRICS as CONVERSATION_METRICS
from uncase_core.datasets.edits import apply_workbench_edit
from uncase_core.datasets.workbench import SPLITS
from uncase_core.errors import InputError
from uncase_core.judge.report import judge_report, unit_keys
from uncase_core.judge.sampling import labelling_order
from uncase_core.lessons import checks as lesson_checks
from uncase_core.lessons.checks import (
    ANSWER_KINDS,
    CHECK_NOTES,
    CHECKS,
    PAGE_ONLY_DEFAULTS,
    SETTING_DEFAULTS,
    CheckResult,
    Snapshot,
    answer_options,
    check_params,
    run_check,
)
from uncase_core.lessons.data import lesson_data
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.edits import apply_rag_edit, rag_label
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS, case_metrics, diagnose
from uncase_core.rubrics.lab import FilterSettings, analyse, read_verdicts
from uncase_core.shared.choices import RUBRIC_FILTERS
from uncase_core.stats.proportions import wilson_interval
from uncase_core.summaries.edits import apply_summary_edit, summary_edit

ROOT = Path(__file__).resolve().parents[3]


def rag(scenario: str, language: str = "en") -> RagDataset:
    return lesson_data("rag", scenario, language)


def run(name: str, page: str, data: Any, settings: dict | None = None, *, original: Any = None, answer: Any = None,
        **params: Any) -> CheckResult:
    """Run ``name`` with ``params`` on one snapshot; a question gets ``answer`` under the key "q"."""
    snapshot = Snapshot(page, data, original, settings or {}, {} if answer is None else {"q": answer})
    result = run_check(name, check_params(name, params, "check"), snapshot, "q")
    result.to_dict()  # the English template takes the note's parameters
    return result


def holds(result: CheckResult, code: str | None = None, **params: Any) -> bool:
    """Whether the check passed, asserting its note's code (and some of its parameters) when given."""
    if code is not None:
        assert result.note.code == code, result.note
        for key, value in params.items():
            assert result.note.params[key] == pytest.approx(value) if isinstance(value, float) else \
                result.note.params[key] == value, (key, result.note.params)
    return result.passed


def relabel(dataset: RagDataset, case_id: str, kind: str, unit_id: str, name: str, value: bool | None) -> RagDataset:
    case = next(i for i, c in enumerate(dataset.cases) if c.id == case_id)
    unit = next(i for i, u in enumerate(dataset.cases[case].units(kind)) if u.id == unit_id)
    return apply_rag_edit(dataset, rag_label(dataset, case, kind, unit, name, value))


def all_set(dataset: RagDataset, kind: str, name: str, value: bool) -> RagDataset:
    """Every ``name`` label of ``kind`` units set to ``value``."""
    cases = tuple(case.with_units(kind, tuple(replace(u, labels={**u.labels, name: value}) for u in case.units(kind)))
                  for case in dataset.cases)
    return replace(dataset, cases=cases)


def cleared(dataset: RagDataset, kind: str) -> RagDataset:
    """Every label of ``kind`` units set to None."""
    cases = tuple(case.with_units(kind, tuple(replace(u, labels={n: None for n in u.labels})
                                              for u in case.units(kind))) for case in dataset.cases)
    return replace(dataset, cases=cases)


MULTIPLE = rag("multiple_failures")  # relevance 1/5, faithfulness 2/5, correctness 4/5, coverage 2/5
UNFAITHFUL = rag("unfaithful_answer")  # faithfulness 2/5, the other three 4/5
ALL = rag("all")


# ================================================================ the snapshot


@pytest.mark.parametrize(("page", "data", "where", "problem"), [
    ("home", MULTIPLE, "snapshot.page", "unknown page 'home'"),
    ("rag", (MULTIPLE,), "snapshot.data", "expected a RagDataset for the rag page, got tuple"),
    ("conversations", (), "snapshot.data", "expected a non-empty tuple of Conversation"),
    ("conversations", (MULTIPLE,), "snapshot.data[0]", "expected a Conversation, got RagDataset"),
    ("summaries", MULTIPLE, "snapshot.data", "expected a non-empty tuple of SummaryCase"),
    ("rubrics", MULTIPLE, "snapshot.data", "expected the verdicts DataFrame"),
    ("agreement", MULTIPLE, "snapshot.data", "expected a pair (annotator A, annotator B)"),
    ("agreement", (MULTIPLE, None), "snapshot.data[1]", "expected a RagDataset, got None"),
    ("planner", MULTIPLE, "snapshot.data", "the planner page holds no data"),
])
def test_a_snapshot_of_the_wrong_shape_is_refused_naming_the_field(page, data, where, problem):
    with pytest.raises(InputError) as caught:
        Snapshot(page, data)
    assert caught.value.where == where
    assert problem in caught.value.problem


def test_a_snapshot_checks_its_original_settings_and_answers_too():
    with pytest.raises(InputError, match=r"snapshot\.original: expected a RagDataset"):
        Snapshot("rag", MULTIPLE, "loaded")
    with pytest.raises(InputError, match=r"snapshot\.settings: expected a mapping"):
        Snapshot("rag", MULTIPLE, settings=[("rag_case", 0)])
    with pytest.raises(InputError, match=r"snapshot\.answers: expected text keys, got 1"):
        Snapshot("rag", MULTIPLE, answers={1: "x"})


def test_a_snapshot_keeps_read_only_copies_and_fills_defaults():
    settings = {"rag_case": 2}
    snapshot = Snapshot("conversations", list(lesson_data("conversations", "good", "en")), settings=settings)
    settings["rag_case"] = 5
    assert isinstance(snapshot.data, tuple)
    assert snapshot.setting("rag_case") == 2
    assert snapshot.setting("conv_memorization_limit") == 0.01
    with pytest.raises(TypeError):
        snapshot.settings["rag_case"] = 3  # type: ignore[index]


def test_run_check_needs_a_snapshot_and_a_known_check():
    with pytest.raises(InputError, match="snapshot: expected a Snapshot"):
        run_check("rag_dimensions", {}, {"page": "rag"})  # type: ignore[arg-type]
    with pytest.raises(InputError, match='unknown check "nope"'):
        run_check("nope", {}, Snapshot("rag", MULTIPLE))


def test_a_check_on_another_page_asks_to_open_its_page():
    result = run("rag_dimensions", "workbench", MULTIPLE, failing=["faithfulness"])
    assert not holds(result, "open_page", page="rag")
    assert result.to_dict()["note"]["text"] == "open the rag page to do this step"


def test_settings_the_core_refuses_give_a_note_not_a_traceback():
    zero = {f"rag_weight_{m}": 0.0 for m in METRICS}
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, settings=zero, failing=["faithfulness"]),
                     "state_not_usable")
    assert "all weights are zero" in run("rag_dimensions", "rag", MULTIPLE, settings=zero,
                                         failing=["faithfulness"]).note.params["problem"]
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, settings={"rag_threshold_coverage": "high"},
                         failing=["faithfulness"]), "state_not_usable")


# ================================================================ RAG page


def test_rag_dimensions_holds_when_every_named_dimension_fails_or_passes_as_asked():
    assert holds(run("rag_dimensions", "rag", MULTIPLE, failing=["context_relevance", "faithfulness", "coverage"],
                     passing=["correctness"]), "dimensions_as_asked")
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, failing=["correctness"]),
                     "dimension_still_passing", dimension="correctness")
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, passing=["faithfulness"]),
                     "dimension_still_failing", dimension="faithfulness")
    no_claims = cleared(MULTIPLE, "claims")
    assert not holds(run("rag_dimensions", "rag", no_claims, failing=["faithfulness"]),
                     "dimension_not_applicable", dimension="faithfulness")


def test_rag_dimensions_reads_the_persons_thresholds_or_the_defaults():
    lowered = {"rag_threshold_context_relevance": 0.2}
    assert run("rag_dimensions", "rag", MULTIPLE, lowered, passing=["context_relevance"]).passed
    assert not run("rag_dimensions", "rag", MULTIPLE, lowered, passing=["context_relevance"],
                   thresholds="default").passed
    # Issue 39: the card passes it at the moved threshold; the note says why the step still says it fails.
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, lowered, passing=["context_relevance"],
                         thresholds="default"), "fails_at_default_threshold", dimension="context_relevance",
                     default=0.5)
    raised = {"rag_threshold_correctness": 0.99}  # correctness passes at the default: the card now fails it
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, raised, failing=["correctness"], thresholds="default"),
                     "passes_at_default_threshold", dimension="correctness", default=0.7)
    assert not holds(run("rag_dimensions", "rag", MULTIPLE, failing=["correctness"], thresholds="default"),
                     "dimension_still_passing", dimension="correctness")  # nothing moved: the plain note


def test_rag_dimensions_takes_the_case_the_page_shows_or_all_cases_pooled():
    order = [case.id for case in ALL.cases]
    on_multiple = {"rag_case": order.index("warranty-01")}
    assert run("rag_dimensions", "rag", ALL, on_multiple, failing=["coverage"]).passed
    assert not run("rag_dimensions", "rag", ALL, failing=["coverage"]).passed  # case 0 is all good
    assert not run("rag_dimensions", "rag", ALL, {"rag_case": 99}, failing=["coverage"]).passed  # out of range: 0
    assert run("rag_dimensions", "rag", ALL, on_multiple, passing=list(METRICS), scope="pooled").passed


@pytest.mark.parametrize(("params", "where", "problem"), [
    ({}, "check", 'give "failing", "passing" or both'),
    ({"failing": ["coverage"], "passing": ["coverage"]}, "check.passing", "coverage cannot be both"),
    ({"failing": ["faithfulnes"]}, "check.failing[0]", 'unknown dimension "faithfulnes"'),
    ({"failing": ["coverage", "coverage"]}, "check.failing[1]",
     '"coverage" is listed twice (also at check.failing[0])'),
    ({"failing": ["coverage"], "scope": "all"}, "check.scope", 'expected one of case, pooled, got "all"'),
    ({"failing": ["coverage"], "colour": "red"}, "check.colour", 'unknown parameter of "rag_dimensions"'),
])
def test_rag_dimensions_refuses_bad_parameters_with_the_place(params, where, problem):
    with pytest.raises(InputError) as caught:
        check_params("rag_dimensions", params, "check")
    assert (caught.value.where, problem in caught.value.problem) == (where, True), caught.value


def test_labels_changed_only_counts_changed_labels_and_refuses_anything_else():
    changed = relabel(relabel(MULTIPLE, "warranty-01", "passages", "p2", "relevant", True),
                      "warranty-01", "claims", "c5", "correct", None)
    assert holds(run("labels_changed_only", "rag", changed, original=MULTIPLE), "only_labels_changed", changed=2)
    assert not holds(run("labels_changed_only", "rag", changed, original=MULTIPLE, at_least=3), "too_few_label_changes",
                     changed=2, needed=3)
    assert holds(run("labels_changed_only", "rag", MULTIPLE, original=MULTIPLE), "only_labels_changed", changed=0)
    case = changed.cases[0]
    for what, edited in (
            ("question", replace(case, question="Other?")),
            ("metadata", replace(case, metadata={**case.metadata, "split": "held-out"})),
            ("claims", case.with_units("claims", (replace(case.claims[0], text="Other."), *case.claims[1:]))),
            ("claims", case.with_units("claims", (case.claims[0].with_verdict("supported", True),
                                                  *case.claims[1:]))),
            ("reference_facts", case.with_units("reference_facts", case.reference_facts[:-1]))):
        assert not holds(run("labels_changed_only", "rag", replace(changed, cases=(edited,)), original=MULTIPLE),
                         "not_only_labels", case="warranty-01", what=what)
    assert not holds(run("labels_changed_only", "rag", ALL, original=MULTIPLE), "cases_differ", now=7, loaded=1)
    assert not holds(run("labels_changed_only", "rag", changed), "nothing_to_compare")


def test_labels_changed_only_accepts_the_workbenchs_revision_log_and_compares_both_annotators():
    workbench = lesson_data("workbench", "builtin", "en")
    revised = apply_workbench_edit(workbench, {
        "op": "revision", "case_id": "health-001", "kind": "claims", "unit_id": "c1", "field": "supported",
        "value": False, "reason": "re-read", "author": "ana", "time": "2025-01-01T10:00:00+00:00"})
    assert revised.extra != workbench.extra  # the log travels in the dataset's own keys
    assert holds(run("labels_changed_only", "workbench", revised, original=workbench), "only_labels_changed", changed=1)
    a, b = lesson_data("agreement", "builtin", "en")
    b2 = replace(b, cases=b.cases[1:])
    assert not holds(run("labels_changed_only", "agreement", (a, b2), original=(a, b)), "cases_differ")


def test_verdict_clear_needs_the_whole_interval_on_one_side():
    few = rag("few_units")
    assert not holds(run("verdict_clear", "rag", few, dimension="faithfulness"), "verdict_uncertain")
    # 26 of 30 claims in seven answers: as if independent 70% to 95%, counted by answer 65% to 96% (issue 36).
    assert not holds(run("verdict_clear", "rag", ALL, dimension="correctness", scope="pooled"), "verdict_uncertain")
    # 30 of 30 in seven answers: no failing claim measures how alike an answer's claims are, so each answer counts
    # as one draw (issue 48) and seven all-correct answers do not clear 70%.
    every_claim_correct = all_set(ALL, "claims", "correct", True)
    assert not holds(run("verdict_clear", "rag", every_claim_correct, dimension="correctness", scope="pooled",
                         verdict="pass"), "verdict_uncertain")
    none_relevant = MULTIPLE
    for unit in MULTIPLE.cases[0].passages:
        none_relevant = relabel(none_relevant, "warranty-01", "passages", unit.id, "relevant", False)
    # 0 of 5: the interval tops out at 43%, below 50%, and the exact p is 0.031; judged with three other dimensions,
    # Holm asks 0.0125 of it, so it stays uncertain; on its own (the others unlabelled) it is clear.
    assert not holds(run("verdict_clear", "rag", none_relevant, dimension="context_relevance"), "verdict_uncertain")
    alone = cleared(cleared(none_relevant, "claims"), "reference_facts")
    assert holds(run("verdict_clear", "rag", alone, dimension="context_relevance", verdict="fail"),
                 "verdict_clear", side="fail")
    assert not holds(run("verdict_clear", "rag", cleared(MULTIPLE, "passages"), dimension="context_relevance"),
                     "dimension_not_applicable")
    # A higher confidence widens the interval: the pooled verdict is no longer clear at 99.9%.
    assert not run("verdict_clear", "rag", every_claim_correct, {"rag_confidence": 0.999}, dimension="correctness",
                   scope="pooled").passed


def test_verdict_certainty_asks_clear_or_uncertain():
    few = rag("few_units")
    assert holds(run("verdict_certainty", "rag", few, answer="uncertain", dimension="faithfulness"), "answer_right")
    # A wrong answer says what is wrong with it (issue 39): the interval still reaches across the threshold.
    assert not holds(run("verdict_certainty", "rag", few, answer="clear", dimension="faithfulness"),
                     "said_clear_but_uncertain", dimension="faithfulness")
    assert not holds(run("verdict_certainty", "rag", few, answer="maybe", dimension="faithfulness"),
                     "answer_not_understood", problem='expected "clear" or "uncertain"')
    assert not holds(run("verdict_certainty", "rag", few, dimension="faithfulness"), "not_answered")


def test_failing_dimensions_wants_exactly_the_failing_set():
    right = ["coverage", "context_relevance", "faithfulness"]
    assert holds(run("failing_dimensions", "rag", MULTIPLE, answer=right), "answer_right")
    # A wrong answer says which dimension is missing and why, not how many.
    assert not holds(run("failing_dimensions", "rag", MULTIPLE, answer=right[:2]), "dimension_also_failing",
                     dimension="faithfulness")
    assert not holds(run("failing_dimensions", "rag", MULTIPLE, answer=["coverage"]), "dimension_also_failing",
                     dimension="context_relevance")
    assert not holds(run("failing_dimensions", "rag", MULTIPLE, answer=[*right, "correctness"]),
                     "dimension_not_failing", dimension="correctness")
    assert holds(run("failing_dimensions", "rag", rag("all_good"), answer=[]), "answer_right")
    for bad in ("coverage", ["coverage", "coverage"], ["recall"], [1]):
        assert not holds(run("failing_dimensions", "rag", MULTIPLE, answer=bad), "answer_not_understood")


def test_clear_dimensions_wants_exactly_the_clear_verdicts():
    # Seven cases: no pooled verdict is clear with the answers as the independent draws (issue 36).
    assert holds(run("clear_dimensions", "rag", ALL, answer=[], scope="pooled"), "answer_right")
    assert not holds(run("clear_dimensions", "rag", ALL, answer=["correctness"], scope="pooled"),
                     "dimension_not_clear", dimension="correctness")
    every_claim_correct = all_set(ALL, "claims", "correct", True)  # seven answers all correct: not clear (issue 48)
    assert holds(run("clear_dimensions", "rag", every_claim_correct, answer=[], scope="pooled"), "answer_right")
    assert not holds(run("clear_dimensions", "rag", every_claim_correct, answer=["correctness"], scope="pooled"),
                     "dimension_not_clear", dimension="correctness")


def test_composite_hides_failure_needs_a_high_weighted_mean_and_a_failing_dimension():
    no_faithfulness = {"rag_weight_faithfulness": 0.0}
    assert holds(run("composite_hides_failure", "rag", UNFAITHFUL, no_faithfulness, min_composite=0.75,
                     dimension="faithfulness"), "composite_hides_failure", value=0.8, dimension="faithfulness")
    assert not holds(run("composite_hides_failure", "rag", UNFAITHFUL, min_composite=0.75), "composite_too_low",
                     value=0.7, needed=0.75)
    assert run("composite_hides_failure", "rag", UNFAITHFUL).passed  # the default bar is 0.70
    assert not holds(run("composite_hides_failure", "rag", UNFAITHFUL, {"rag_aggregation": "min"}),
                     "aggregation_not_mean")
    assert not holds(run("composite_hides_failure", "rag", rag("all_good")), "no_dimension_failing")
    assert not holds(run("composite_hides_failure", "rag", UNFAITHFUL, no_faithfulness, dimension="coverage"),
                     "dimension_still_passing", dimension="coverage")


def test_min_shows_failure_needs_the_minimum_over_a_weighted_failing_dimension():
    minimum = {"rag_aggregation": "min"}
    assert holds(run("min_shows_failure", "rag", UNFAITHFUL, minimum), "min_shows_failure", value=0.4,
                 dimension="faithfulness")
    assert not holds(run("min_shows_failure", "rag", UNFAITHFUL), "aggregation_not_min")
    assert not holds(run("min_shows_failure", "rag", UNFAITHFUL, {**minimum, "rag_weight_faithfulness": 0.0},
                         dimension="faithfulness"), "failing_dimension_unweighted", dimension="faithfulness")
    assert not holds(run("min_shows_failure", "rag", rag("all_good"), minimum), "no_dimension_failing")


def test_gate_fails_case_needs_the_gate_on_and_the_case_below_it():
    on = {"rag_gate_on_faithfulness": True}
    assert holds(run("gate_fails_case", "rag", UNFAITHFUL, on, dimension="faithfulness"), "gate_fails_case")
    assert not holds(run("gate_fails_case", "rag", UNFAITHFUL, dimension="faithfulness"), "gate_off")
    assert not holds(run("gate_fails_case", "rag", UNFAITHFUL, {**on, "rag_gate_faithfulness": 0.4},
                         dimension="faithfulness"), "gate_not_failing", value=0.4, gate=0.4)
    assert not holds(run("gate_fails_case", "rag", cleared(UNFAITHFUL, "claims"), on, dimension="faithfulness"),
                     "gate_not_checked")
    with pytest.raises(InputError, match='missing "dimension", which "gate_fails_case" needs'):
        check_params("gate_fails_case", {}, "check")


# ================================================================ the threshold explorer

WORKBENCH = lesson_data("thresholds", "builtin", "en")  # context relevance: 45 cases at 2/3, 20 at 2/4
EXPLORER = {"thr_metric": "context_relevance", "thr_current_context_relevance": 0.7}


def relevance_cases(successes: int, total: int) -> list[str]:
    return [c.id for c in WORKBENCH.cases
            if (lambda p: (p.successes, p.total))(case_metrics(c)["context_relevance"]) == (successes, total)]


def test_threshold_halves_pass_rate_wants_the_first_threshold_that_halves_it():
    assert holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, EXPLORER, metric="context_relevance"),
                 "pass_rate_halved", threshold=0.7, rate=0.0, baseline_rate=1.0)
    at = {**EXPLORER, "thr_current_context_relevance": 0.6}
    assert not holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, at), "pass_rate_not_halved",
                     rate=45 / 65, baseline_rate=1.0)
    above = {**EXPLORER, "thr_current_context_relevance": 0.9}
    assert not holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, above), "lower_threshold_halves")
    assert run("threshold_halves_pass_rate", "thresholds", WORKBENCH, above, smallest=False).passed
    first = {**EXPLORER, "thr_current_context_relevance": 0.55}
    assert run("threshold_halves_pass_rate", "thresholds", WORKBENCH, first, ratio=0.7).passed  # 69% <= 70% of 100%
    below = {**EXPLORER, "thr_current_context_relevance": 0.3}
    assert not holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, below),
                     "threshold_not_above_baseline", baseline=0.5)


def test_threshold_halves_pass_rate_reads_the_explorers_mode_metric_and_comparison():
    assert not holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, {**EXPLORER, "thr_mode": "weight"}),
                     "mode_not_threshold")
    assert not holds(run("threshold_halves_pass_rate", "thresholds", WORKBENCH, metric="context_relevance"),
                     "metric_not_chosen", metric="context_relevance")  # the explorer shows faithfulness
    compared = {**EXPLORER, "thr_other_context_relevance": 0.55}  # 69% there
    assert run("threshold_halves_pass_rate", "thresholds", WORKBENCH, compared, baseline="comparison").passed
    empty = cleared(WORKBENCH, "passages")
    assert not holds(run("threshold_halves_pass_rate", "thresholds", empty, EXPLORER), "no_applicable_cases")
    none_relevant = replace(WORKBENCH, cases=tuple(case.with_units("passages", tuple(
        u.with_label("relevant", False) for u in case.passages)) for case in WORKBENCH.cases))
    assert not holds(run("threshold_halves_pass_rate", "thresholds", none_relevant, EXPLORER),
                     "nothing_passes_at_baseline", baseline=0.5)


def test_flipping_cases_wants_cases_that_change_side_between_the_two_thresholds():
    settings = {**EXPLORER, "thr_other_context_relevance": 0.65}
    two_thirds, half = relevance_cases(2, 3), relevance_cases(2, 4)
    assert (len(two_thirds), len(half)) == (45, 20)
    assert holds(run("flipping_cases", "thresholds", WORKBENCH, settings, answer=two_thirds[:3]), "cases_flip")
    assert not holds(run("flipping_cases", "thresholds", WORKBENCH, settings, answer=[two_thirds[0], half[0]]),
                     "case_does_not_flip", case=half[0], a=0.65, b=0.7)
    assert not holds(run("flipping_cases", "thresholds", WORKBENCH, settings, answer=two_thirds[:2]),
                     "too_few_cases", given=2, needed=3)
    assert run("flipping_cases", "thresholds", WORKBENCH, settings, answer=two_thirds[:2], count=2).passed
    assert not holds(run("flipping_cases", "thresholds", WORKBENCH, settings, answer=["nobody-001"]),
                     "unknown_case", case="nobody-001")
    same = {**EXPLORER, "thr_other_context_relevance": 0.7}
    assert not holds(run("flipping_cases", "thresholds", WORKBENCH, same, answer=two_thirds[:3]), "no_case_flips")
    # From the default comparison (0.40) every case changes side at 0.70: the 2/4 cases too.
    assert run("flipping_cases", "thresholds", WORKBENCH, EXPLORER, answer=half[:3]).passed


# ================================================================ summaries


def summaries(scenario: str) -> tuple:
    return lesson_data("summaries", scenario, "en")


def test_na_not_zero_holds_for_an_na_by_rule_not_for_a_zero():
    assert holds(run("na_not_zero", "summaries", summaries("categorical_only")), "metric_not_applicable",
                 metric="completeness", reason="only_categorical_sections")
    assert not holds(run("na_not_zero", "summaries", summaries("categorical_only"), reason="only_predefined_sections"),
                     "na_for_other_reason", reason="only_categorical_sections")
    assert run("na_not_zero", "summaries", summaries("predefined_only"), metric="adherence").passed
    assert run("na_not_zero", "summaries", summaries("unlabelled"), metric="accuracy", reason="no_units").passed
    cases = summaries("micro_macro")
    assert not holds(run("na_not_zero", "summaries", cases), "metric_has_value", value=0.75)
    zero = cases
    for item in range(6):
        zero = apply_summary_edit(zero, summary_edit(zero, "completeness", 0, question=0, item=item, value=False))
    assert not holds(run("na_not_zero", "summaries", zero), "metric_has_value", value=0.0)


def test_na_not_zero_with_some_covered_refuses_an_na_made_by_unticking_every_covered_box():
    """Issue 27: lesson 5 step 2 ("without touching the Covered labels") passed after every box was unticked."""
    cases = summaries("categorical_only")
    assert run("na_not_zero", "summaries", cases, some_covered=True).passed
    items = [(q, i) for q, question in enumerate(cases[0].completeness) for i in range(len(question.content_list))]
    emptied = cases
    for question, item in items:
        emptied = apply_summary_edit(emptied, summary_edit(emptied, "completeness", 0, question=question, item=item,
                                                           value=False))
    assert run("na_not_zero", "summaries", emptied).passed  # the N/A itself holds
    assert not holds(run("na_not_zero", "summaries", emptied, some_covered=True), "covered_all_unticked")


def test_na_not_zero_reads_the_case_the_page_shows():
    both = (*summaries("micro_macro"), *summaries("categorical_only"))
    assert not run("na_not_zero", "summaries", both).passed
    assert run("na_not_zero", "summaries", both, {"sum_index": 1}).passed


def test_micro_macro_differ_compares_pooled_items_with_the_mean_over_questions():
    cases = summaries("micro_macro")  # completeness: micro 6/8 = 0.75, macro (1 + 0 + 0) / 3
    assert holds(run("micro_macro_differ", "summaries", cases), "micro_macro_differ", micro=0.75, macro=1 / 3)
    assert run("micro_macro_differ", "summaries", cases, higher="micro").passed
    assert not holds(run("micro_macro_differ", "summaries", cases, higher="macro"), "higher_side_wrong",
                     higher="macro")
    assert not run("micro_macro_differ", "summaries", cases, min_gap=0.5).passed  # the gap is 0.42
    assert not holds(run("micro_macro_differ", "summaries", cases, metric="accuracy"), "micro_equals_macro")
    assert not holds(run("micro_macro_differ", "summaries", summaries("categorical_only")),
                     "metric_not_applicable_now")


# ================================================================ conversations


def conversations(scenario: str) -> tuple:
    return lesson_data("conversations", scenario, "en")


LEAK, MEMORIZED = conversations("privacy_leak"), conversations("memorized")


def test_conversation_gate_zero_needs_a_failed_gate_and_good_metrics():
    assert holds(run("conversation_gate_zero", "conversations", LEAK), "gate_zeroes_q", gate="privacy")
    assert not holds(run("conversation_gate_zero", "conversations", LEAK, gate="memorization"), "gate_holds",
                     gate="memorization")
    assert holds(run("conversation_gate_zero", "conversations", MEMORIZED, gate="memorization"), "gate_zeroes_q",
                 gate="memorization")
    assert not holds(run("conversation_gate_zero", "conversations", conversations("good")), "no_gate_fails")
    strict = {"conv_threshold_ttr": 0.99}
    assert not holds(run("conversation_gate_zero", "conversations", LEAK, strict), "metric_fails", metric="ttr")
    assert run("conversation_gate_zero", "conversations", LEAK, strict, metrics_pass=False).passed
    loose = {"conv_memorization_limit": 0.5}  # 28% copied is below a 50% limit
    assert not run("conversation_gate_zero", "conversations", MEMORIZED, loose).passed


def test_failing_gates_and_leak_turns_are_computed_from_the_conversation_shown():
    assert run("failing_gates", "conversations", LEAK, answer=["privacy"]).passed
    assert not holds(run("failing_gates", "conversations", LEAK, answer=["privacy", "memorization"]),
                     "gate_named_holds", gate="memorization")
    assert not holds(run("failing_gates", "conversations", LEAK, answer=[]), "gates_missed", count=1)
    assert not holds(run("failing_gates", "conversations", LEAK, answer=["pii"]), "answer_not_understood")
    assert holds(run("leak_turns", "conversations", LEAK, answer=[6, 2]), "answer_right")
    assert not holds(run("leak_turns", "conversations", LEAK, answer=[2]), "turns_missed", count=1)
    assert not holds(run("leak_turns", "conversations", LEAK, answer=[1, 2, 6]), "turn_has_no_leak", turn=1)
    assert not holds(run("leak_turns", "conversations", LEAK, answer=[2, 99]), "unknown_turn", turn=99)
    for bad in ([True], ["2"], 2, [2, 2]):
        assert not holds(run("leak_turns", "conversations", LEAK, answer=bad), "answer_not_understood")
    assert not holds(run("leak_turns", "conversations", conversations("good"), answer=[1]),
                     "conversation_has_no_leak")
    everything = conversations("all")
    position = [c.id for c in everything].index(LEAK[0].id)
    assert run("leak_turns", "conversations", everything, {"conv_index": position}, answer=[2, 6]).passed
    assert not run("leak_turns", "conversations", everything, answer=[2, 6]).passed  # the first is healthy


# ================================================================ the rubric lab

VERDICTS = lesson_data("rubrics", "generator", "en")
OFF = {f"rub_filter_{name}": False for name in ("trivial", "impossible", "misaligned", "unstable")}


def test_rubric_filters_set_wants_exactly_the_named_filters_on():
    assert not holds(run("rubric_filters_set", "rubrics", VERDICTS, on=[]), "filter_should_be_off", filter="trivial")
    assert holds(run("rubric_filters_set", "rubrics", VERDICTS, OFF, on=[]), "filters_as_asked")
    assert not holds(run("rubric_filters_set", "rubrics", VERDICTS, OFF, on=["unstable"]), "filter_should_be_on",
                     filter="unstable")
    assert run("rubric_filters_set", "rubrics", VERDICTS, on=["trivial", "impossible", "misaligned", "unstable"]).passed
    with pytest.raises(InputError, match=r"check\.on\[0\]: expected one of trivial"):
        check_params("rubric_filters_set", {"on": ["cheap"]}, "check")


def test_filters_raise_stability_compares_the_judges_agreement_before_and_after():
    unstable = {**OFF, "rub_filter_unstable": True}
    result = run("filters_raise_stability", "rubrics", VERDICTS, unstable, filters=["unstable"], min_gain=0.2)
    assert holds(result, "stability_raised")
    assert result.note.params["before"] == pytest.approx(0.511, abs=0.001)
    assert result.note.params["after"] == pytest.approx(0.841, abs=0.001)
    cheap = {**OFF, "rub_filter_trivial": True, "rub_filter_impossible": True}
    assert not holds(run("filters_raise_stability", "rubrics", VERDICTS, cheap), "stability_not_raised")
    assert not holds(run("filters_raise_stability", "rubrics", VERDICTS, cheap, filters=["unstable"]),
                     "filter_should_be_on", filter="unstable")
    assert run("filters_raise_stability", "rubrics", VERDICTS, unstable, figure="kendall").passed
    assert not run("filters_raise_stability", "rubrics", VERDICTS, unstable, min_gain=0.5).passed


def test_removed_items_wants_items_the_named_filter_removes():
    trivial = sorted(analyse(VERDICTS, FilterSettings(("trivial",))).removed_keys("trivial"))
    named = [list(pair) for pair in trivial[:2]]
    assert holds(run("removed_items", "rubrics", VERDICTS, OFF, answer=named, filter="trivial", at_least=2),
                 "items_removed", count=2)  # computed with the filter on its own, whatever the switches say
    assert not holds(run("removed_items", "rubrics", VERDICTS, answer=named[:1], filter="trivial", at_least=2),
                     "too_few_items", given=1, needed=2)
    assert not holds(run("removed_items", "rubrics", VERDICTS, answer=named, filter="trivial", all=True),
                     "items_missed", count=len(trivial) - 2)
    assert not holds(run("removed_items", "rubrics", VERDICTS, answer=named, filter="unstable"), "item_not_removed")
    assert not holds(run("removed_items", "rubrics", VERDICTS, answer=[["P99", "I1"]], filter="trivial"),
                     "unknown_item", prompt="P99", item="I1")
    for bad in (["P01", "I1"], [["P01"]], [["P01", 1]], [["P01", "I1"], ["P01", "I1"]]):
        assert not holds(run("removed_items", "rubrics", VERDICTS, answer=bad, filter="trivial"),
                         "answer_not_understood")


def test_removed_items_says_when_the_filter_removes_nothing():
    # Two candidates who split every item: nothing is passed by all or by none.
    rows = ["candidate,prompt,item,judge,run,verdict"] + [
        f"{c},P1,{i},J1,1,{'yes' if (c == 'C1') == (i == 'I1') else 'no'}" for c in ("C1", "C2") for i in ("I1", "I2")]
    verdicts = read_verdicts("\n".join(rows).encode(), "split.csv")
    assert not holds(run("removed_items", "rubrics", verdicts, answer=[["P1", "I1"]], filter="trivial"),
                     "filter_removes_nothing", filter="trivial")


# ================================================================ annotator agreement

PAIR = lesson_data("agreement", "builtin", "en")  # 87% agreement, kappa 0.56 over 218 labels


def edited_pair(fix: bool = True, both_no: int = 2) -> tuple[RagDataset, RagDataset]:
    a, b = PAIR
    pairs = match_labels(a, b).pairs
    if fix:
        pair = next(p for p in pairs if p.a and not p.b)
        b = relabel(b, pair.case, pair.kind, pair.unit, pair.field, True)
    for pair in [p for p in pairs if not p.a and not p.b][:both_no]:
        a = relabel(a, pair.case, pair.kind, pair.unit, pair.field, True)
        b = relabel(b, pair.case, pair.kind, pair.unit, pair.field, True)
    return a, b


def test_agreement_up_kappa_down_compares_with_the_pair_as_loaded():
    result = run("agreement_up_kappa_down", "agreement", edited_pair(), original=PAIR)
    assert holds(result, "agreement_up_kappa_down", agreement_before=189 / 218, agreement_after=190 / 218)
    assert result.note.params["kappa_after"] < result.note.params["kappa_before"] == pytest.approx(0.5603, abs=1e-4)
    assert not holds(run("agreement_up_kappa_down", "agreement", edited_pair(both_no=0), original=PAIR),
                     "kappa_not_lower")
    assert not holds(run("agreement_up_kappa_down", "agreement", edited_pair(fix=False), original=PAIR),
                     "agreement_not_higher", before=189 / 218, after=189 / 218)
    assert not holds(run("agreement_up_kappa_down", "agreement", PAIR), "nothing_to_compare")


def test_agreement_up_kappa_down_reads_the_label_field_of_the_page_or_of_the_lesson():
    changed = edited_pair()
    before, after = (match_labels(*pair) for pair in (PAIR, changed))
    moved = {p.field for p, q in zip(before.pairs, after.pairs, strict=True) if (p.a, p.b) != (q.a, q.b)}
    untouched = [f for f in ("relevant", "supported", "correct", "covered") if f not in moved]
    assert moved and untouched
    assert run("agreement_up_kappa_down", "agreement", changed, {"agr_field": "all"}, original=PAIR).passed
    # On a label the edits did not touch nothing moved: the page's choice, or the lesson's, is what is compared.
    assert not holds(run("agreement_up_kappa_down", "agreement", changed, {"agr_field": untouched[0]},
                         original=PAIR), "agreement_not_higher")
    assert not run("agreement_up_kappa_down", "agreement", changed, original=PAIR, field=untouched[0]).passed

    def all_relevant(dataset: RagDataset) -> RagDataset:
        return replace(dataset, cases=tuple(case.with_units("passages", tuple(
            u.with_label("relevant", True) for u in case.passages)) for case in dataset.cases))

    one_label = tuple(all_relevant(d) for d in PAIR)  # both annotators say "relevant" everywhere
    assert not holds(run("agreement_up_kappa_down", "agreement", one_label, original=one_label, field="relevant"),
                     "kappa_not_defined")


# ================================================================ the dataset workbench

BENCH = lesson_data("workbench", "builtin", "en")


def test_leaked_pair_is_any_pair_the_core_lists_across_splits():
    assert holds(run("leaked_pair", "workbench", BENCH, answer=["banking-013", "banking-002"]), "pair_leaks",
                 a="banking-002", b="banking-013")
    assert run("leaked_pair", "workbench", BENCH, answer=["telecom-004", "telecom-013"], kind="near").passed
    assert not holds(run("leaked_pair", "workbench", BENCH, answer=["banking-002", "banking-013"], kind="near"),
                     "pair_other_kind", kind="exact")
    assert not holds(run("leaked_pair", "workbench", BENCH, answer=["health-011", "health-013"]),
                     "pair_in_one_split", split="held-out")
    assert not holds(run("leaked_pair", "workbench", BENCH, answer=["banking-001", "travel-001"]), "pair_not_similar")
    assert not holds(run("leaked_pair", "workbench", BENCH, answer=["banking-002", "nobody"]), "unknown_case",
                     case="nobody")
    # With a stricter cutoff (the page's setting) the reworded questions are no longer near duplicates.
    strict = {"wb_cutoff": 0.95}
    assert not holds(run("leaked_pair", "workbench", BENCH, strict, answer=["telecom-004", "telecom-013"]),
                     "pair_not_similar")
    assert not holds(run("leaked_pair", "workbench", BENCH, strict, answer=["telecom-004", "telecom-013"],
                         kind="near"), "no_leak_in_data")
    for bad in (["banking-002"], ["a", "b", "c"], "banking-002", ["banking-002", "banking-002"]):
        assert not holds(run("leaked_pair", "workbench", BENCH, answer=bad), "answer_not_understood")


def test_hidden_stratum_is_a_stratum_below_the_threshold_while_the_whole_passes():
    assert holds(run("hidden_stratum", "workbench", BENCH, answer="health"), "stratum_fails_hidden",
                 value="health", metric="faithfulness")
    assert not holds(run("hidden_stratum", "workbench", BENCH, answer="banking"), "stratum_not_hidden_failure")
    assert not holds(run("hidden_stratum", "workbench", BENCH, answer="sports"), "unknown_stratum", field="domain")
    assert not holds(run("hidden_stratum", "workbench", BENCH, answer="health", metric="coverage"),
                     "no_hidden_failure")
    assert not holds(run("hidden_stratum", "workbench", BENCH, {"wb_field": "language"}, answer="en"),
                     "no_hidden_failure", field="language")
    assert run("hidden_stratum", "workbench", BENCH, {"wb_field": "language"}, answer="health", field="domain").passed
    assert not holds(run("hidden_stratum", "workbench", BENCH, answer=["health"]), "answer_not_understood")


# ================================================================ judge and hand labels

JUDGE = lesson_data("judge", "builtin", "en")
REFERENCE = load_judge_set("en")


def judge_labelled(count: int, copy_judge: bool = False, invert: bool = False, seed: int = 0) -> RagDataset:
    """The judge set with ``count`` faithfulness units hand-labelled in the page's order (the truth, or not)."""
    kind, name = METRIC_UNITS["faithfulness"]
    truth = {(c.id, u.id): (u.label(name), u.verdict(name)) for c in REFERENCE.cases for u in c.units(kind)}
    data = JUDGE
    for key in labelling_order(unit_keys(JUDGE.cases, "faithfulness"), seed)[:count]:
        value = truth[key][1] if copy_judge else truth[key][0]
        data = relabel(data, key[0], kind, key[1], name, (not value) if invert else value)
    return data


def test_ppi_narrower_than_hand_waits_for_labels_and_a_disagreement():
    assert not holds(run("ppi_narrower_than_hand", "judge", JUDGE, dimension="faithfulness"), "too_few_labels",
                     labelled=0, needed=1)
    honest = judge_labelled(15)
    result = run("ppi_narrower_than_hand", "judge", honest, dimension="faithfulness", min_labels=15)
    assert holds(result, "ppi_narrower", labelled=15)
    assert result.note.params["ppi_width"] < result.note.params["hand_width"]
    assert not holds(run("ppi_narrower_than_hand", "judge", honest, dimension="faithfulness", min_labels=20),
                     "too_few_labels", labelled=15, needed=20)
    copied = judge_labelled(15, copy_judge=True)
    assert not holds(run("ppi_narrower_than_hand", "judge", copied, dimension="faithfulness"), "no_disagreement_yet")
    # Without that guard, agreeing with the judge would pass with a spuriously narrow interval.
    assert run("ppi_narrower_than_hand", "judge", copied, dimension="faithfulness", need_disagreement=False).passed
    contrary = judge_labelled(15, invert=True)  # labels that mostly contradict the judge make it worth little
    assert not holds(run("ppi_narrower_than_hand", "judge", contrary, dimension="faithfulness"), "ppi_not_narrower")


def test_ppi_narrower_than_hand_reads_the_pages_dimension_and_confidence():
    honest = judge_labelled(15)
    assert run("ppi_narrower_than_hand", "judge", honest, {"judge_dimension": "faithfulness"}).passed
    assert not run("ppi_narrower_than_hand", "judge", honest, {"judge_dimension": "coverage"}).passed
    wide = run("ppi_narrower_than_hand", "judge", honest, {"judge_confidence": 0.99}, dimension="faithfulness")
    plain = run("ppi_narrower_than_hand", "judge", honest, dimension="faithfulness")
    assert wide.note.params["ppi_width"] > plain.note.params["ppi_width"]


def test_judge_worth_answer_is_right_within_the_tolerance_of_the_cores_figure():
    honest = judge_labelled(15)
    worth = judge_report(honest.cases, "faithfulness").judge_worth
    assert worth > 5
    assert holds(run("judge_worth_answer", "judge", honest, answer=worth * 1.15, dimension="faithfulness"),
                 "answer_right")
    assert not holds(run("judge_worth_answer", "judge", honest, answer=worth * 1.5, dimension="faithfulness"),
                     "answer_too_high")
    assert not holds(run("judge_worth_answer", "judge", honest, answer=worth - 10, dimension="faithfulness",
                         relative=0.0, absolute=5), "answer_too_low")
    assert not holds(run("judge_worth_answer", "judge", JUDGE, answer=10, dimension="faithfulness"),
                     "worth_not_available")
    assert not holds(run("judge_worth_answer", "judge", honest, answer="lots", dimension="faithfulness"),
                     "answer_not_understood")


# ================================================================ questions on any page


def test_choice_is_right_for_the_marked_option_or_all_of_them():
    one = {"options": ["a", "b", "c"], "correct": ["b"]}
    assert holds(run("choice", "planner", None, answer="b", **one), "answer_right")
    assert not holds(run("choice", "planner", None, answer="a", **one), "answer_wrong")
    assert not holds(run("choice", "planner", None, answer="z", **one), "unknown_option", option="z")
    two = {"options": ["a", "b", "c"], "correct": ["a", "c"]}
    assert run("choice", "rag", MULTIPLE, answer=["c", "a"], **two).passed
    assert not run("choice", "rag", MULTIPLE, answer=["a"], **two).passed
    with pytest.raises(InputError, match=r"check\.correct\[0\]: 'd' is not one of the options"):
        check_params("choice", {"options": ["a", "b"], "correct": ["d"]}, "check")
    with pytest.raises(InputError, match="at least two options"):
        check_params("choice", {"options": ["a"], "correct": ["a"]}, "check")


def test_wilson_bound_is_checked_against_the_core_interval():
    low, _ = wilson_interval(3, 5)
    assert holds(run("wilson_bound", "rag", MULTIPLE, answer=round(low, 2), successes=3, total=5, bound="low"),
                 "answer_right")
    # 60 for 3 of 5's lower end is the estimate itself (issue 39: a bare "too high" said nothing about why).
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.6, successes=3, total=5, bound="low"),
                     "bound_is_the_estimate_low")
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.0, successes=0, total=5, bound="high"),
                     "bound_is_the_estimate_high")
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.5, successes=3, total=5, bound="low"),
                     "low_bound_too_high")
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.05, successes=3, total=5, bound="low"),
                     "low_bound_too_low")
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.2, successes=0, total=5, bound="high"),
                     "high_bound_too_low")
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=0.8, successes=0, total=5, bound="high"),
                     "high_bound_too_high")
    assert run("wilson_bound", "rag", MULTIPLE, answer=0.43, successes=0, total=5, bound="high").passed
    assert not run("wilson_bound", "rag", MULTIPLE, answer=0.43, successes=0, total=5, bound="high",
                   confidence=0.99).passed  # 0.60 at 99%
    assert not holds(run("wilson_bound", "rag", MULTIPLE, answer=43, successes=0, total=5, bound="high"),
                     "answer_not_understood", problem="expected a number from 0 to 1")
    with pytest.raises(InputError, match=r"check\.successes: must not exceed total \(5\)"):
        check_params("wilson_bound", {"successes": 6, "total": 5, "bound": "low"}, "check")
    with pytest.raises(InputError, match=r"check\.total: expected a whole number of at least 1, got 0"):
        check_params("wilson_bound", {"successes": 0, "total": 0, "bound": "low"}, "check")
    with pytest.raises(InputError, match=r"check\.confidence: must be at most 0\.999, got 1"):
        check_params("wilson_bound", {"successes": 0, "total": 5, "bound": "low", "confidence": 1}, "check")


@pytest.mark.parametrize(("name", "params", "where", "problem"), [
    ("composite_hides_failure", {"min_composite": 1.5}, "check.min_composite", "expected a number from 0 to 1"),
    ("composite_hides_failure", {"min_composite": True}, "check.min_composite", "got true"),
    ("threshold_halves_pass_rate", {"smallest": "yes"}, "check.smallest", 'expected true or false, got "yes"'),
    ("threshold_halves_pass_rate", {"ratio": float("nan")}, "check.ratio", "expected a number, got nan"),
    ("labels_changed_only", {"at_least": -1}, "check.at_least", "expected a whole number of at least 0"),
    ("labels_changed_only", {"at_least": 2.0}, "check.at_least", "got 2.0"),
    ("ppi_narrower_than_hand", {"min_labels": 0}, "check.min_labels", "of at least 1"),
    ("na_not_zero", {"metric": "fluency"}, "check.metric", "expected one of accuracy, adherence, completeness"),
    ("judge_worth_answer", {"absolute": -1}, "check.absolute", "must be at least 0"),
    ("choice", {"options": ["a", ""], "correct": ["a"]}, "check.options[1]", "expected a non-empty text"),
    ("failing_gates", {"gate": "privacy"}, "check.gate", 'unknown parameter of "failing_gates", which takes no '
                                                         "parameters"),
])
def test_bad_parameters_are_refused_with_the_place(name, params, where, problem):
    with pytest.raises(InputError) as caught:
        check_params(name, params, "check")
    assert caught.value.where == where
    assert problem in caught.value.problem


# ================================================================ the registry, answers and notes


def test_every_question_declares_an_answer_kind_and_every_check_says_when_it_holds():
    for name, definition in CHECKS.items():
        assert definition.name == name
        assert definition.run.__doc__ and ("Holds when" in definition.run.__doc__) != definition.is_question, name
        assert definition.answer is None or definition.answer in ANSWER_KINDS
        assert set(definition.pages) <= set(lesson_checks.PAGES)
    assert set(ANSWER_KINDS) == {d.answer for d in CHECKS.values() if d.is_question}


def test_answer_options_are_what_the_person_chooses_from():
    snapshot = Snapshot("rag", MULTIPLE)
    assert answer_options("failing_dimensions", check_params("failing_dimensions", {}), snapshot) == METRICS
    assert answer_options("verdict_certainty", {}, snapshot) == ("clear", "uncertain")
    assert answer_options("choice", {"options": ("x", "y")}, snapshot) == ("x", "y")
    assert answer_options("wilson_bound", {}, snapshot) is None
    assert answer_options("leaked_pair", {}, Snapshot("workbench", BENCH)) == tuple(c.id for c in BENCH.cases)
    assert answer_options("flipping_cases", {}, snapshot) == ()  # not on its page
    assert answer_options("leak_turns", {}, Snapshot("conversations", LEAK)) == tuple(range(12))
    assert answer_options("failing_gates", {}, Snapshot("conversations", LEAK)) == ("privacy", "memorization")
    items = answer_options("removed_items", {}, Snapshot("rubrics", VERDICTS))
    assert len(items) == 120 and items[0] == ("P01", "I1")
    assert answer_options("hidden_stratum", {"field": None}, Snapshot("workbench", BENCH)) == (
        "banking", "health", "retail", "telecom", "travel")
    with pytest.raises(InputError, match='"rag_dimensions" is a check, not a question'):
        answer_options("rag_dimensions", {}, snapshot)


def note_codes_in_source() -> set[str]:
    tree = ast.Module(body=[node for path in sorted((ROOT / "uncase_core" / "lessons" / "checks").glob("*.py"))
                            for node in ast.parse(path.read_text(encoding="utf-8")).body], type_ignores=[])
    codes = set()
    for node in ast.walk(tree):
        name = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
        if name in ("_ok", "_missing") and node.args:
            # A code or a choice of codes ("answer_too_high" if ... else "answer_too_low").
            codes |= {part.value for part in ast.walk(node.args[0])
                      if isinstance(part, ast.Constant) and isinstance(part.value, str)}
        elif name == "_same_dimensions":  # passes the codes of a wrongly named and of a missed dimension on
            codes |= {node.args[-2].value, node.args[-1].value}
    return codes


def test_every_note_code_has_its_english_wording_and_every_wording_is_used():
    used = note_codes_in_source()
    assert used <= set(CHECK_NOTES), used - set(CHECK_NOTES)
    assert set(CHECK_NOTES) <= used, set(CHECK_NOTES) - used
    for code, template in CHECK_NOTES.items():
        assert re.fullmatch(r"[a-z_]+", code) and template == template.strip() and not template.endswith(".")


# What a page's f-string keys put in their braces: dimension, metric and filter names.
NAMES = "(?:" + "|".join((*METRICS, *CONVERSATION_METRICS, *RUBRIC_FILTERS, *SPLITS)) + ")"


def kept_defaults(page: Path) -> dict[str, object]:
    """The literal defaults a page gives ``kept(widget, KEY, DEFAULT, ...)``, keys with {...} as patterns."""
    found = {}
    for node in ast.walk(ast.parse(page.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "kept" and len(node.args) >= 3 \
                and isinstance(node.args[2], ast.Constant):
            key = node.args[1]
            if isinstance(key, ast.Constant):
                found[re.escape(key.value)] = node.args[2].value
            elif isinstance(key, ast.JoinedStr):
                found["".join(re.escape(part.value) if isinstance(part, ast.Constant) else NAMES
                              for part in key.values)] = node.args[2].value
    return found


def test_the_defaults_written_here_are_those_the_pages_use():
    compared = 0
    for page in sorted([*(ROOT / "app_pages").glob("*.py"), *(ROOT / "ui" / "views").rglob("*.py")]):
        for pattern, default in kept_defaults(page).items():
            for key in SETTING_DEFAULTS:
                if re.fullmatch(pattern, key):
                    assert SETTING_DEFAULTS[key] == default, (page.name, key)
                    compared += 1
    assert compared >= 20
    assert set(PAGE_ONLY_DEFAULTS) <= set(SETTING_DEFAULTS)
    assert SETTING_DEFAULTS["thr_other_context_relevance"] == 0.4  # the explorer's default minus 0.1
    assert dict(SETTING_DEFAULTS["rub_generated_with"]) == {"seed": 8, "candidates": 8, "prompts": 20,
                                                           "items_per_prompt": 6, "judges": 3, "runs": 3,
                                                           "trivial": 3, "impossible": 3, "misaligned": 8,
                                                           "unstable": 20}


def test_the_rubric_generators_defaults_are_the_rubric_labs():
    source = (ROOT / "app_pages" / "rubric_lab.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    values = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in ("DEFAULTS", "DEFAULT_SIZES"):
            values.update(ast.literal_eval(node.value))
    assert values == dict(SETTING_DEFAULTS["rub_generated_with"])
    assert isinstance(VERDICTS, pd.DataFrame) and len(VERDICTS) == 8 * 120 * 3 * 3


# ================================================================ properties

LABEL_SLOTS = [(kind, unit.id, name) for kind in ("passages", "claims", "reference_facts")
               for unit in MULTIPLE.cases[0].units(kind) for name in unit.labels]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(LABEL_SLOTS) - 1), st.sampled_from([True, False, None])), max_size=12))
def test_labels_changed_only_counts_exactly_the_labels_that_differ(changes):
    data = MULTIPLE
    for slot, value in changes:
        kind, unit, name = LABEL_SLOTS[slot]
        data = relabel(data, "warranty-01", kind, unit, name, value)
    loaded, now = MULTIPLE.cases[0], data.cases[0]
    differing = sum(1 for kind, unit, name in LABEL_SLOTS
                    if next(u for u in loaded.units(kind) if u.id == unit).label(name)
                    != next(u for u in now.units(kind) if u.id == unit).label(name))
    assert holds(run("labels_changed_only", "rag", data, original=MULTIPLE), "only_labels_changed", changed=differing)
    # And rag_dimensions agrees with the diagnosis of the same labels: it holds when told exactly that.
    diagnosis = diagnose(case_metrics(now))
    if diagnosis.failing or diagnosis.passing:
        assert run("rag_dimensions", "rag", data, failing=list(diagnosis.failing),
                   passing=list(diagnosis.passing)).passed
        for name in diagnosis.passing:
            assert not run("rag_dimensions", "rag", data, failing=[name]).passed


# Any value a TOML or JSON file can hold, nested a little.
TOML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(CHECKS)), st.dictionaries(
    st.sampled_from(["failing", "passing", "scope", "dimension", "min_composite", "ratio", "on", "filters", "kind",
                     "field", "metric", "successes", "total", "bound", "options", "correct", "count", "at_least",
                     "min_labels", "colour"]), TOML_VALUES, max_size=4))
def test_any_parameter_values_are_read_or_refused_with_an_input_error(name, raw):
    try:
        params = check_params(name, raw, "steps[0].checks[0]")
    except InputError as error:
        assert error.where.startswith("steps[0].checks[0]")
    else:
        assert set(params) == {p.name for p in CHECKS[name].params}


def test_ppi_narrower_than_hand_says_so_when_the_ppi_interval_is_withheld(monkeypatch: pytest.MonkeyPatch):
    """Issue 27: a PPI interval that is withheld (a zero width) is not "narrower"; the check says so. Since issue 36
    the pages' PPI interval allows for errors not seen yet and is not withheld on one label any more, so the
    report is given one that is."""
    from uncase_core.lessons.checks import judge_page

    kind, name = METRIC_UNITS["faithfulness"]
    key = labelling_order(unit_keys(JUDGE.cases, "faithfulness"), 0)[0]
    verdict = next(u.verdict(name) for c in JUDGE.cases if c.id == key[0] for u in c.units(kind) if u.id == key[1])
    one = relabel(JUDGE, key[0], kind, key[1], name, not verdict)
    report = judge_report(one.cases, "faithfulness")
    assert report.ppi.low is not None and report.ppi.high - report.ppi.low > 0.5  # one label: wide, not a point
    withheld = replace(report, ppi=replace(report.ppi, low=None, high=None))
    monkeypatch.setattr(judge_page, "judge_report", lambda *args, **kwargs: withheld)
    result = run("ppi_narrower_than_hand", "judge", one, dimension="faithfulness", min_labels=1,
                 need_disagreement=False)
    assert not holds(result, "ppi_no_interval")


def test_labels_given_on_another_dimension_are_named_not_counted_as_none():
    """Issue 39: lesson 10 said "you labelled 0 units" when the person had labelled 15, on the page's other
    dimension: the note now says where they went."""
    honest = judge_labelled(15)  # faithfulness labels
    result = run("ppi_narrower_than_hand", "judge", honest, dimension="correctness", min_labels=15)
    assert not holds(result, "labels_on_other_dimension", labelled=0, needed=15, dimension="correctness",
                     other="faithfulness", count=15)
