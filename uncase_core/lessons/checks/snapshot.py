"""What every lesson check shares: the pages, the snapshot of a page's state, results and their note codes, and
the readers of a snapshot and of a person's answer. The contract of a snapshot is in the package's docstring.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pandas as pd

from uncase_core.conversations.evaluator import DEFAULT_MEMORIZATION_LIMIT, ConversationResult, Evaluator
from uncase_core.conversations.evaluator import DEFAULT_THRESHOLDS as CONVERSATION_THRESHOLDS
from uncase_core.conversations.evaluator import METRICS as CONVERSATION_METRICS
from uncase_core.conversations.model import Conversation
from uncase_core.datasets.leakage import find_similar
from uncase_core.datasets.workbench import strata
from uncase_core.errors import Param as ErrorParam
from uncase_core.errors import input_error, term, unknown_choice
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.dimensions import METRICS as RAG_METRICS
from uncase_core.rubrics.lab import FilterSettings
from uncase_core.shared.choices import RUBRIC_FILTERS
from uncase_core.shared.notes import Note
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.summaries.format import SummaryCase

PAGES = ("rag", "conversations", "summaries", "rubrics", "workbench", "thresholds", "planner", "agreement", "judge",
         "compare")
RAG_DATA_PAGES = ("rag", "workbench", "thresholds", "judge")

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
# A snapshot of the wrong shape is a bug of its builder; a lesson file's check of the wrong shape is refused when
# the lesson is read; an answer of the wrong shape becomes the note answer_not_understood, with the problem.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    # the snapshot (type names are Python's)
    "snapshot_expected_dataset": "expected a RagDataset for the {page} page, got {got}",
    "snapshot_expected_tuple": "expected a non-empty tuple of {kind}, got {got}",
    "expected_python_type": "expected a {kind}, got {got}",
    "snapshot_expected_verdicts": "expected the verdicts DataFrame, got {got}",
    "snapshot_expected_pair": "expected a pair (annotator A, annotator B), got {got}",
    "snapshot_expected_system_pair": "expected a pair (system A, system B), got {got}",
    "snapshot_planner_data": "the planner page holds no data; expected None, got {got}",
    "snapshot_expected_mapping": "expected a mapping of names to values, got {got}",
    "expected_text_keys": "expected text keys, got {got}",
    # a check's parameters, across them
    "give_failing_or_passing": 'give "failing", "passing" or both',
    "failing_and_passing": "{dimension} cannot be both failing and passing",
    "choice_needs_two_options": "a multiple-choice question needs at least two options",
    "choice_needs_correct_option": "mark at least one option correct",
    "not_an_option": "{option} is not one of the options",
    "must_not_exceed_total": "must not exceed total ({total})",
    # names of checks
    "unknown_check": "unknown check {got}; the checks are {checks}",
    "check_not_question": '"{name}" is a check, not a question',
    # answers
    "answer_expected_list": "expected a list of {what}",
    "answer_given_twice": "the same {what} is given twice",
    "answer_expected_number": "expected a number",
    "answer_expected_number_in_range": "expected a number from {low:g} to {high:g}",
    "answer_unknown_dimension": "unknown dimension {got}",
    "answer_unknown_gate": "unknown gate {got}",
    "answer_expected_certainty": 'expected "clear" or "uncertain"',
    "answer_expected_comparison_certainty": 'expected "clear", "uncertain" or "withheld"',
    "answer_expected_two_case_ids": "expected two case ids",
    "answer_expected_stratum": "expected a stratum value",
})
# What an answer lists (answer.list.<x>) and one of its items (answer.one.<x>): terms the answer problems quote.
TERMS: Mapping[str, str] = MappingProxyType({
    "answer.list.dimension": "dimension names",
    "answer.list.case": "case ids",
    "answer.list.gate": "gate names",
    "answer.list.option": "option ids",
    "answer.list.turn": "turn numbers",
    "answer.list.item": "[prompt, item] pairs",
    "answer.one.dimension": "dimension name",
    "answer.one.case": "case id",
    "answer.one.gate": "gate name",
    "answer.one.option": "option id",
    "answer.one.turn": "turn",
    "answer.one.item": "item",
})

# ---------------------------------------------------------------- settings and their defaults

# Defaults that live only in a page's code, written once here. Where each comes from: app_pages/rag_diagnosis.py
# (gate value), app_pages/threshold_explorer.py (mode, metric, comparison offset, composite threshold),
# app_pages/dataset_workbench.py (stratum field and metric), app_pages/annotator_agreement.py (field),
# app_pages/rubric_lab.py (the generator's settings; uncase_core.lessons.data uses the same) and
# app_pages/judge_and_hand_labels.py.
RUBRIC_GENERATOR_DEFAULTS: Mapping[str, int] = MappingProxyType({
    "seed": 8, "candidates": 8, "prompts": 20, "items_per_prompt": 6, "judges": 3, "runs": 3,
    "trivial": 3, "impossible": 3, "misaligned": 8, "unstable": 20,
})
PAGE_ONLY_DEFAULTS: Mapping[str, Any] = MappingProxyType({
    **{f"rag_gate_{m}": 0.9 for m in RAG_METRICS},
    "thr_source": "workbench",
    "thr_mode": "threshold",
    "thr_metric": "faithfulness",
    **{f"thr_other_{m}": max(0.0, round(rag.DEFAULT_THRESHOLDS[m] - 0.1, 2)) for m in RAG_METRICS},
    "thr_composite_threshold": 0.7,
    **{f"thr_weight_{m}": 1.0 for m in RAG_METRICS},
    **{f"thr_fixed_weight_{m}": 1.0 for m in RAG_METRICS},
    "wb_field": "domain",
    "wb_metric": "faithfulness",
    "agr_field": "all",
    "rub_generated_with": RUBRIC_GENERATOR_DEFAULTS,
    "judge_dimension": "correctness",  # the judge page's first choice on its built-in set
})


def _core_default(function: Callable[..., Any], parameter: str) -> Any:
    """The default of ``parameter`` in the core function the page calls (so the two cannot drift apart)."""
    return inspect.signature(function).parameters[parameter].default


_FILTER_DEFAULTS = FilterSettings()
SETTING_DEFAULTS: Mapping[str, Any] = MappingProxyType({
    **{f"rag_threshold_{m}": rag.DEFAULT_THRESHOLDS[m] for m in RAG_METRICS},
    **{f"rag_weight_{m}": rag.DEFAULT_WEIGHTS[m] for m in RAG_METRICS},
    **{f"rag_gate_on_{m}": False for m in RAG_METRICS},
    "rag_aggregation": _core_default(rag.composite_score, "aggregation"),
    "rag_confidence": DEFAULT_CONFIDENCE,
    "rag_case": 0,
    **{f"thr_current_{m}": rag.DEFAULT_THRESHOLDS[m] for m in RAG_METRICS},
    "thr_aggregation": _core_default(rag.composite_score, "aggregation"),
    **{f"conv_threshold_{m}": CONVERSATION_THRESHOLDS[m] for m in CONVERSATION_METRICS},
    "conv_memorization_limit": DEFAULT_MEMORIZATION_LIMIT,
    "conv_index": 0,
    "sum_index": 0,
    **{f"rub_filter_{f}": f in _FILTER_DEFAULTS.enabled for f in RUBRIC_FILTERS},
    "rub_rule": _FILTER_DEFAULTS.rule,
    "rub_misaligned_below": _FILTER_DEFAULTS.misaligned_below,
    "rub_unstable_above": _FILTER_DEFAULTS.unstable_above,
    "wb_min_units": _core_default(strata, "min_units"),
    "wb_ngram": _core_default(find_similar, "n"),
    "wb_cutoff": _core_default(find_similar, "cutoff"),
    "judge_confidence": DEFAULT_CONFIDENCE,
    **{f"cmp_threshold_{m}": rag.DEFAULT_THRESHOLDS[m] for m in RAG_METRICS},  # the compare page's own thresholds
    "cmp_confidence": DEFAULT_CONFIDENCE,
    **PAGE_ONLY_DEFAULTS,
})


# ---------------------------------------------------------------- the snapshot


def _describe_type(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _check_data(page: str, value: object, where: str) -> Any:
    """``value`` as the data object of ``page`` (a list of conversations becomes a tuple), or InputError."""
    if page in RAG_DATA_PAGES:
        if not isinstance(value, RagDataset):
            raise input_error(PROBLEMS, "snapshot_expected_dataset", where, page=page, got=_describe_type(value))
        return value
    if page in ("conversations", "summaries"):
        kind = Conversation if page == "conversations" else SummaryCase
        if not isinstance(value, list | tuple) or not value:
            raise input_error(PROBLEMS, "snapshot_expected_tuple", where, kind=kind.__name__,
                              got=_describe_type(value))
        for i, item in enumerate(value):
            if not isinstance(item, kind):
                raise input_error(PROBLEMS, "expected_python_type", f"{where}[{i}]", kind=kind.__name__,
                                  got=_describe_type(item))
        return tuple(value)
    if page == "rubrics":
        if not isinstance(value, pd.DataFrame):
            raise input_error(PROBLEMS, "snapshot_expected_verdicts", where, got=_describe_type(value))
        return value
    if page in ("agreement", "compare"):
        if not isinstance(value, list | tuple) or len(value) != 2:
            code = "snapshot_expected_pair" if page == "agreement" else "snapshot_expected_system_pair"
            raise input_error(PROBLEMS, code, where, got=_describe_type(value))
        for i, item in enumerate(value):
            if not isinstance(item, RagDataset):
                raise input_error(PROBLEMS, "expected_python_type", f"{where}[{i}]", kind="RagDataset",
                                  got=_describe_type(item))
        return tuple(value)
    if value is not None:  # the planner
        raise input_error(PROBLEMS, "snapshot_planner_data", where, got=_describe_type(value))
    return None


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise input_error(PROBLEMS, "snapshot_expected_mapping", where, got=_describe_type(value))
    for key in value:
        if not isinstance(key, str):
            raise input_error(PROBLEMS, "expected_text_keys", where, got=repr(key))
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class Snapshot:
    """The state of one page as a lesson check sees it (the contract is in the module docstring).

    Built by the lesson runner after every action; the constructor checks the shape and raises
    :class:`~uncase_core.errors.InputError` naming the field (``snapshot.data``) when it is wrong.
    """

    page: str
    data: Any
    original: Any = None
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    answers: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if self.page not in PAGES:
            raise unknown_choice("page", repr(self.page), PAGES, "snapshot.page")
        object.__setattr__(self, "data", _check_data(self.page, self.data, "snapshot.data"))
        if self.original is not None:
            object.__setattr__(self, "original", _check_data(self.page, self.original, "snapshot.original"))
        object.__setattr__(self, "settings", _mapping(self.settings, "snapshot.settings"))
        object.__setattr__(self, "answers", _mapping(self.answers, "snapshot.answers"))

    def setting(self, key: str) -> Any:
        """The person's value for ``key``, or the page's default (:data:`SETTING_DEFAULTS`) when not stored."""
        return self.settings[key] if key in self.settings else SETTING_DEFAULTS[key]


# ---------------------------------------------------------------- results

CHECK_NOTES: Mapping[str, str] = MappingProxyType({
    # any check
    "open_page": "open the {page} page to do this step",
    "state_not_usable": "the page's settings or data cannot be used: {problem}",
    "nothing_to_compare": "the data as loaded is not known, so nothing can be compared with it",
    # any question
    "not_answered": "the step's question has no answer: choose or type one above, then check it",
    "answer_not_understood": "the answer cannot be read: {problem}",
    "answer_right": "right",
    "answer_wrong": "not right yet",
    "said_clear_but_uncertain": "{dimension}'s interval still reaches across the threshold, so the data cannot tell "
                                "which side it is on: that is uncertain",
    "said_uncertain_but_clear": "{dimension}'s whole interval lies on one side of the threshold: that is clear",
    "bound_is_the_estimate_low": "that is the estimate itself (successes over total); the interval starts below it",
    "bound_is_the_estimate_high": "that is the estimate itself (successes over total); the interval ends above it",
    "low_bound_too_high": "too high: the interval starts lower; read it on the card (or work it out with Wilson's "
                          "formula)",
    "low_bound_too_low": "too low: the interval starts higher; read it on the card",
    "high_bound_too_high": "too high: the interval ends lower; read it on the card",
    "high_bound_too_low": "too low: the interval ends higher; with few labels it reaches far from the estimate",
    "unknown_option": "there is no option {option}",
    "unknown_case": "there is no case {case} in the data",
    # RAG dimensions, verdicts and the composite
    "dimensions_as_asked": "every dimension is below or reaches its threshold as asked",
    "dimension_still_passing": "{dimension} still passes",
    "dimension_still_failing": "{dimension} still fails",
    "fails_at_default_threshold": "{dimension} passes on its card only because its threshold was moved; at the "
                                  "default threshold ({default:.0%}) it still fails: change labels, not the "
                                  "threshold",
    "passes_at_default_threshold": "{dimension} fails on its card only because its threshold was moved; at the "
                                   "default threshold ({default:.0%}) it still passes: change labels, not the "
                                   "threshold",
    "dimension_not_applicable": "{dimension} has no labelled unit (N/A)",
    "dimension_also_failing": "{dimension} is below its threshold too",
    "dimension_also_clear": "the verdict on {dimension} is clear too: its interval lies wholly on one side of the "
                            "threshold",
    "dimension_not_failing": "{dimension} is not below its threshold",
    "dimension_not_clear": "the verdict on {dimension} is not clear",
    "verdict_clear": "the verdict on {dimension} is clear ({side})",
    "dataset_cases": "cases in the dataset: {count}",
    "dataset_too_few_cases": "cases in the dataset: {count}; load one of at least {needed}",
    "verdict_uncertain": "the verdict on {dimension} is still uncertain: its interval straddles the threshold",
    "verdict_on_other_side": "the verdict on {dimension} is clear, but it is a {side}",
    "composite_hides_failure": "the weighted mean is {value:.2f} while {dimension} fails",
    "aggregation_not_mean": "the composite is not the weighted mean",
    "aggregation_not_min": "the composite is not the minimum",
    "no_dimension_failing": "no dimension fails",
    "composite_not_applicable": "the composite has no applicable dimension",
    "composite_too_low": "the composite is {value:.2f}; it should reach {needed:.2f}",
    "min_shows_failure": "the minimum ({value:.2f}) shows that {dimension} fails",
    "failing_dimension_unweighted": "{dimension} has weight 0, so the minimum leaves it out",
    "gate_fails_case": "the hard gate on {dimension} fails the case",
    "gate_off": "the hard gate on {dimension} is not turned on",
    "gate_not_failing": "{dimension} ({value:.2f}) is not below its gate ({gate:.2f})",
    "gate_not_checked": "{dimension} is N/A, so its gate is not checked",
    # labels only
    "only_labels_changed": "only labels changed ({changed} of them)",
    "not_only_labels": "more than labels changed: {what} of case {case}",
    "cases_differ": "the cases are not those loaded ({now} now, {loaded} loaded)",
    "too_few_label_changes": "{changed} label(s) changed; change at least {needed}",
    # the threshold explorer
    "mode_not_threshold": "the explorer is moving a weight; switch it to a threshold",
    "metric_not_chosen": "choose {metric} in the explorer",
    "no_applicable_cases": "no case has a labelled unit for {metric}",
    "threshold_not_above_baseline": "raise the threshold above {baseline:.2f}",
    "nothing_passes_at_baseline": "no case passes at {baseline:.2f}, so there is nothing to halve",
    "pass_rate_not_halved": "the pass rate is {rate:.0%}; half of {baseline_rate:.0%} is not reached yet",
    "lower_threshold_halves": "a lower threshold already halves the pass rate",
    "pass_rate_halved": "at {threshold:.2f} the pass rate is {rate:.0%}, at most half of {baseline_rate:.0%}",
    "no_case_flips": "no case changes side between {a:.2f} and {b:.2f}",
    "case_does_not_flip": "case {case} does not change side between {a:.2f} and {b:.2f}",
    "too_few_cases": "{given} case(s) named; name {needed}",
    "cases_flip": "each case named changes side",
    # summaries
    "metric_not_applicable": "{metric} is N/A ({reason})",
    "metric_has_value": "{metric} still has a value ({value:.2f})",
    "covered_all_unticked": "every Covered box is unticked; tick them again and make {metric} N/A another way",
    "na_for_other_reason": "{metric} is N/A, but because of {reason}",
    "metric_not_applicable_now": "{metric} is N/A, so micro and macro cannot be compared",
    "micro_macro_differ": "micro is {micro:.2f} and macro is {macro:.2f}",
    "micro_equals_macro": "micro and macro are both {micro:.2f}",
    "higher_side_wrong": "micro is {micro:.2f} and macro is {macro:.2f}: {higher} should be the higher one",
    # conversations
    "gate_zeroes_q": "Q is 0 because the {gate} gate fails",
    "gate_holds": "the {gate} gate holds",
    "no_gate_fails": "both gates hold",
    "metric_fails": "{metric} fails its threshold",
    "no_metric_applicable": "no metric of this conversation is applicable",
    "gate_named_holds": "the {gate} gate holds",
    "gates_missed": "{count} more gate(s) fail",
    "conversation_has_no_leak": "the core finds no personal data in this conversation",
    "turn_has_no_leak": "turn {turn} holds no personal data",
    "unknown_turn": "there is no turn {turn}",
    "turns_missed": "{count} more turn(s) hold personal data",
    # the rubric lab
    "filters_as_asked": "the filters are set as asked",
    "filter_should_be_on": "turn the {filter} filter on",
    "filter_should_be_off": "turn the {filter} filter off",
    "stability_not_available": "no two judges rank enough candidates to compare",
    "stability_not_raised": "agreement between judges went from {before:.2f} to {after:.2f}",
    "stability_raised": "agreement between judges rose from {before:.2f} to {after:.2f}",
    "filter_removes_nothing": "the {filter} filter removes no item here",
    "unknown_item": "there is no item {prompt} {item}",
    "item_not_removed": "the {filter} filter does not remove {prompt} {item}",
    "too_few_items": "{given} item(s) named; name {needed}",
    "items_missed": "{count} more item(s) were removed by this filter",
    "items_removed": "each item named was removed",
    # annotator agreement
    "agreement_up_kappa_down": "agreement rose ({agreement_before:.1%} to {agreement_after:.1%}) while kappa fell "
                               "({kappa_before:.2f} to {kappa_after:.2f})",
    "kappa_not_defined": "kappa is not defined for these labels",
    "agreement_not_higher": "agreement is {after:.1%}; it was {before:.1%}",
    "kappa_not_lower": "kappa is {after:.2f}; it was {before:.2f}",
    # the dataset workbench
    "no_leak_in_data": "the core finds no such pair across splits",
    "pair_leaks": "{a} and {b} leak across splits",
    "pair_in_one_split": "{a} and {b} are near duplicates, but both are in {split}: a duplicate, not a leak",
    "pair_other_kind": "{a} and {b} leak across splits, but their kind of duplicate is {kind}",
    "pair_not_similar": "{a} and {b} are not near duplicates at this cutoff",
    "no_hidden_failure": "no stratum of {field} fails while the whole dataset passes",
    "unknown_stratum": "{field} has no value {value}",
    "stratum_not_hidden_failure": "{value} does not fail while the whole dataset passes",
    "stratum_fails_hidden": "{value} fails on {metric} while the whole dataset passes",
    # judge and hand labels
    "too_few_labels": "{labelled} unit(s) labelled; label at least {needed}",
    "labels_on_other_dimension": "{labelled} unit(s) of {dimension} labelled: your {count} labels are on {other}; "
                                 "choose {dimension} at the top of the page and label at least {needed} there",
    "no_disagreement_yet": "the judge has not yet disagreed with a hand label, so its error is not measured",
    "ppi_not_narrower": "the PPI interval ({ppi_width:.2f} wide) is not narrower than the hand-labels-only one "
                        "({hand_width:.2f})",
    "ppi_narrower": "with {labelled} labels the PPI interval is {ppi_width:.2f} wide, the hand-labels-only one "
                    "{hand_width:.2f}",
    "ppi_no_interval": "the PPI interval is withheld: its width would be 0; label more units",
    "worth_not_available": "what the judge is worth cannot be computed yet",
    "answer_too_high": "too high",
    "answer_too_low": "too low",
    # compare two systems
    "comparison_not_applicable": "no case has a pass or fail for both systems on {dimension}",
    "comparison_still_uncertain": "the verdict on {dimension} is still uncertain: {count} case(s) change side, but "
                                  "the exact test's p, Holm-adjusted over {tests} dimensions, is {adjusted:.3f}, "
                                  "above {alpha:.2f}",
    "comparison_still_withheld": "the verdict on {dimension} is still withheld: {count} case(s) change side, and a "
                                 "verdict needs at least {needed}",
    "comparison_verdict_as_loaded": "the verdict on {dimension} is the one the labels as loaded give at these "
                                    "settings; change labels to move it",
    "comparison_verdict_not_asked": "the verdict on {dimension} moved, but not to the one the step asks for",
    "comparison_verdict_moved": "the verdict on {dimension} moved: {count} case(s) change side, and the exact test's "
                                "p, Holm-adjusted over {tests} dimensions, is now {adjusted:.3f}",
    "comparison_is_withheld": "not right: only {count} case(s) change side on {dimension}, and a verdict needs at "
                              "least {needed} (fewer could not be clear even all one way, with the exact test "
                              "corrected for {tests} dimensions), so the page withholds it",
    "comparison_is_uncertain": "not right: {count} case(s) change side on {dimension}, enough for a verdict (at least "
                               "{needed}), but not clearly one way: the exact test's p, Holm-adjusted over {tests} "
                               "dimensions, is {adjusted:.3f}, above {alpha:.2f}",
    "comparison_is_clear": "not right: {count} case(s) change side on {dimension}, and the exact test's p, "
                           "Holm-adjusted over {tests} dimensions, is {adjusted:.3f}, at most {alpha:.2f}: the "
                           "difference is clear",
    "comparison_needed_too_few": "too few: with {count} case(s) changing side, even all one way, the exact test's p "
                                 "is at least {smallest:.3f}, and corrected for {tests} dimensions {corrected:.3f}, "
                                 "above {alpha:.2f}",
    "comparison_needed_too_many": "fewer are enough: with {count} case(s) changing side, all one way, the exact "
                                  "test's p is {smallest:.3f}, and corrected for {tests} dimensions {corrected:.3f}, "
                                  "at most {alpha:.2f}",
    "comparison_too_few_more_differ": "{count} case(s) change side on {dimension}, against {loaded} as loaded; the "
                                      "step asks for at least {more} more",
    "comparison_differ_verdict_not_asked": "{count} case(s) change side on {dimension}, but the verdict is not the "
                                           "one the step asks for",
    "comparison_more_differ": "{count} case(s) now change side on {dimension}, against {loaded} as loaded; a verdict "
                              "needs at least {needed}, and the exact test's p, Holm-adjusted over {tests} dimensions, "
                              "is {adjusted:.3f}",
})


@dataclass(frozen=True)
class CheckResult:
    """Whether a check holds, and a note saying what holds or what is still missing."""

    passed: bool
    note: Note

    @classmethod
    def of(cls, passed: bool, code: str, **params: Any) -> CheckResult:
        return cls(passed, Note.of(code, **params))

    def to_dict(self) -> dict[str, object]:
        return {"passed": self.passed, "note": self.note.to_dict(CHECK_NOTES)}


def _ok(code: str, **params: Any) -> CheckResult:
    return CheckResult.of(True, code, **params)


def _missing(code: str, **params: Any) -> CheckResult:
    return CheckResult.of(False, code, **params)


class _AnswerError(Exception):
    """An answer of the wrong shape; becomes ``answer_not_understood``, whose note carries ``error``.

    ``code`` is one of :data:`PROBLEMS` (an ``answer_...`` code); ``error`` is the problem as an
    :class:`~uncase_core.errors.InputError` without a place, so a page words it as it words any other.
    """

    def __init__(self, code: str, **params: ErrorParam) -> None:
        self.error = input_error(PROBLEMS, code, **params)
        super().__init__(self.error.problem)


# ---------------------------------------------------------------- reading the page's state


def _position(value: object, count: int) -> int:
    """A stored position (a case or conversation index) as the page reads it: out of range or not a number is 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count else 0


def _rag_settings(snapshot: Snapshot, default_thresholds: bool = False) -> rag.Settings:
    thresholds = None if default_thresholds else {m: snapshot.setting(f"rag_threshold_{m}") for m in RAG_METRICS}
    weights = {m: snapshot.setting(f"rag_weight_{m}") for m in RAG_METRICS}
    gates = {m: snapshot.setting(f"rag_gate_{m}") for m in RAG_METRICS if snapshot.setting(f"rag_gate_on_{m}")}
    return rag.Settings.build(thresholds, weights, snapshot.setting("rag_aggregation"), gates,
                              snapshot.setting("rag_confidence"))


def _rag_case(snapshot: Snapshot) -> RagCase:
    cases = snapshot.data.cases
    return cases[_position(snapshot.setting("rag_case"), len(cases))]


def _rag_evaluation(snapshot: Snapshot, scope: str, default_thresholds: bool = False) -> rag.Evaluation:
    settings = _rag_settings(snapshot, default_thresholds)
    if scope == "pooled":
        return rag.evaluate_dataset(snapshot.data.cases, settings).pooled
    return rag.evaluate_case(_rag_case(snapshot), settings)


def _current(snapshot: Snapshot, key: str) -> Any:
    items = snapshot.data
    return items[_position(snapshot.setting(key), len(items))]


def _conversation_result(snapshot: Snapshot) -> ConversationResult:
    thresholds = {m: snapshot.setting(f"conv_threshold_{m}") for m in CONVERSATION_METRICS}
    evaluator = Evaluator(thresholds, snapshot.setting("conv_memorization_limit"))
    return evaluator.evaluate(_current(snapshot, "conv_index"))


def _filter_settings(snapshot: Snapshot, enabled: tuple[str, ...] | None = None) -> FilterSettings:
    if enabled is None:
        enabled = tuple(f for f in RUBRIC_FILTERS if snapshot.setting(f"rub_filter_{f}"))
    return FilterSettings(enabled, snapshot.setting("rub_rule"), snapshot.setting("rub_misaligned_below"),
                          snapshot.setting("rub_unstable_above"))


def _case_ids(snapshot: Snapshot) -> tuple[str, ...]:
    return tuple(case.id for case in snapshot.data.cases)


# ---------------------------------------------------------------- reading answers


def _answer_texts(answer: object, what: str) -> list[str]:
    """``answer`` as a list of distinct texts, else _AnswerError (``what``: ``dimension``, ``case``, ``gate``,
    ``option``, the ``answer.list.<what>`` and ``answer.one.<what>`` of :data:`TERMS`)."""
    if isinstance(answer, str) or not isinstance(answer, list | tuple) or not all(
            isinstance(item, str) for item in answer):
        raise _AnswerError("answer_expected_list", what=term(f"answer.list.{what}", TERMS))
    if len(set(answer)) != len(answer):
        raise _AnswerError("answer_given_twice", what=term(f"answer.one.{what}", TERMS))
    return list(answer)


def _answer_number(answer: object, low: int | None = None, high: int | None = None) -> float:
    """``answer`` as a float (from ``low`` to ``high`` when both are given), else _AnswerError."""
    if isinstance(answer, bool) or not isinstance(answer, numbers.Real) or not math.isfinite(float(answer)):
        raise _AnswerError("answer_expected_number")
    value = float(answer)
    if low is not None and high is not None and not low <= value <= high:
        raise _AnswerError("answer_expected_number_in_range", low=low, high=high)
    return value


def _answer_dimensions(answer: object) -> set[str]:
    names = _answer_texts(answer, "dimension")
    for name in names:
        if name not in RAG_METRICS:
            raise _AnswerError("answer_unknown_dimension", got=repr(name))
    return set(names)


# ---------------------------------------------------------------- RAG page checks
