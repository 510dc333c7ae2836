"""Named, tested conditions on the state of a page: what a lesson step checks.

A lesson file (:mod:`uncase_core.lessons.model`) never holds code: each step names a check of this
module with its parameters, or a question whose right answer this module computes from the data
the person has loaded. The lesson runner in the user interface builds a :class:`Snapshot` of
the page after every action and calls :func:`run_check`; the result says whether the condition
holds and, through a note code with parameters, what is still missing.

The snapshot contract
---------------------
:class:`Snapshot` has five fields, all plain data, and the user interface builds exactly this:

``page``
    The page's name, one of :data:`PAGES`: ``rag``, ``conversations``, ``summaries``,
    ``rubrics``, ``workbench``, ``thresholds``, ``planner``, ``agreement``, ``judge``.
``data``
    The page's current data object, with the person's changes:

    - ``rag``, ``workbench``, ``thresholds``: a :class:`~uncase_core.rag.cases.RagDataset` (for the
      threshold explorer, the dataset its source selector shows);
    - ``conversations``: a tuple of :class:`~uncase_core.conversations.model.Conversation`;
    - ``summaries``: a tuple of :class:`~uncase_core.summaries.evaluation.SummaryCase`;
    - ``rubrics``: the verdicts DataFrame (``candidate, prompt, item, judge, run, verdict``);
    - ``agreement``: a pair ``(annotator A, annotator B)`` of RagDatasets;
    - ``judge``: a RagDataset whose units carry the judge's verdicts (``judge_relevant`` and so
      on) and the person's hand labels (``None`` where the person has not labelled the unit);
    - ``planner``: ``None`` (the planner holds no data).
``original``
    The same kind of object as the data was loaded (before the person changed anything), or
    ``None`` when there is nothing to compare with; checks that compare say so.
``settings``
    The person's stored widget values, keyed as the pages store them (``rag_threshold_faithfulness``,
    ``thr_current_coverage``, ``rub_filter_trivial``...). A missing key means the page's default:
    :data:`SETTING_DEFAULTS` lists the keys (every one a check reads, and the pages' other keys named
    in issue 18) with their defaults, taken from the core where the core holds them and otherwise
    written here once (:data:`PAGE_ONLY_DEFAULTS`); a test compares them with the pages' own. The
    judge page's keys are ``judge_dimension`` and ``judge_confidence``.
``answers``
    The person's answers to this lesson's questions, keyed by the step id. What an answer holds
    depends on the question's answer kind (:data:`ANSWER_KINDS`): an option id (or a list of
    them), a list of dimension names, ``"clear"`` or ``"uncertain"``, a list of case ids, a pair
    of case ids, a list of turn numbers (counted from 0, as the page shows them), a list of
    ``[prompt, item]`` pairs, a stratum value, or a number (a proportion from 0 to 1 for
    ``proportion``).

Results
-------
:func:`run_check` returns a :class:`CheckResult`: ``passed`` and a :class:`~uncase_core.shared.notes.Note`
whose code names what holds or what is still missing (``dimension_still_passing`` with
``{"dimension": "faithfulness"}``). :data:`CHECK_NOTES` holds the English wording; the user
interface translates the codes. A check never raises on what the person did: settings the core
refuses give ``state_not_usable`` and an answer of the wrong shape ``answer_not_understood``,
each with two params: ``problem``, the English message (what :data:`CHECK_NOTES` shows), and
``error``, the same :class:`~uncase_core.errors.InputError` as plain data (its ``to_dict()``: code,
params and place), from which the user interface words the problem in the reader's language.
A snapshot of the wrong shape (data of another page) is a bug of its builder and raises
:class:`~uncase_core.errors.InputError` naming the field.

Questions are checked against the answer the core computes for the data and settings in the
snapshot (:func:`uncase_core.rag.thresholds.threshold_flips`, :func:`uncase_core.datasets.leakage.find_similar`,
:func:`uncase_core.datasets.workbench.strata`, :func:`uncase_core.rubrics.lab.analyse` ...), never against an
answer written in the lesson file. The one exception is ``choice``: a multiple-choice question
about an explanation, whose right option the lesson's author marks.

The checks and their parameters are listed in :data:`CHECKS` (and in ``docs/lessons.md``); each
check's docstring says exactly when it holds.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pandas as pd

from uncase_core.agreement.pairs import FIELDS as AGREEMENT_FIELDS
from uncase_core.agreement.pairs import match_labels
from uncase_core.conversations.evaluator import DEFAULT_MEMORIZATION_LIMIT, GATES, ConversationResult, Evaluator
from uncase_core.conversations.evaluator import DEFAULT_THRESHOLDS as CONVERSATION_THRESHOLDS
from uncase_core.conversations.evaluator import METRICS as CONVERSATION_METRICS
from uncase_core.conversations.model import Conversation
from uncase_core.datasets.leakage import find_similar
from uncase_core.datasets.workbench import METADATA_FIELDS, metadata_value, strata
from uncase_core.errors import InputError, input_error, term, unknown_choice
from uncase_core.errors import Param as ErrorParam
from uncase_core.judge.report import JudgeReport, judge_report
from uncase_core.lessons.params import Param, Validator, read_params
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset, Unit
from uncase_core.rag.thresholds import sweep_threshold, threshold_flips, threshold_grid
from uncase_core.rubrics.lab import FilterSettings, analyse
from uncase_core.shared.choices import RAG_METRICS, RUBRIC_FILTERS
from uncase_core.shared.notes import Note
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, wilson_interval
from uncase_core.summaries.evaluation import (
    NA_NO_UNITS,
    NA_ONLY_CATEGORICAL,
    NA_ONLY_PREDEFINED,
    SUMMARY_METRICS,
    SummaryCase,
    evaluate_summary,
)

PAGES = ("rag", "conversations", "summaries", "rubrics", "workbench", "thresholds", "planner", "agreement", "judge")
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

# Defaults that live only in a page's code today, written once here. Where each comes from:
# pages/1_rag_diagnosis.py (gate value), pages/6_threshold_explorer.py (mode, metric, comparison offset,
# composite threshold), pages/5_dataset_workbench.py (stratum field and metric), pages/8_annotator_agreement.py
# (field), pages/4_rubric_lab.py (the generator's settings; uncase_core.lessons.data uses the same), and the
# judge page, which does not exist yet (a proposal).
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
    if page == "agreement":
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise input_error(PROBLEMS, "snapshot_expected_pair", where, got=_describe_type(value))
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
    "not_answered": "not answered yet",
    "answer_not_understood": "the answer cannot be read: {problem}",
    "answer_right": "right",
    "answer_wrong": "not right yet",
    "unknown_option": "there is no option {option}",
    "unknown_case": "there is no case {case} in the data",
    # RAG dimensions, verdicts and the composite
    "dimensions_as_asked": "every dimension fails or passes as asked",
    "dimension_still_passing": "{dimension} still passes",
    "dimension_still_failing": "{dimension} still fails",
    "dimension_not_applicable": "{dimension} has no labelled unit (N/A)",
    "dimensions_missed": "{count} more dimension(s) belong in the answer",
    "dimension_not_failing": "{dimension} does not fail",
    "dimension_not_clear": "the verdict on {dimension} is not clear",
    "verdict_clear": "the verdict on {dimension} is clear ({side})",
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
    "no_disagreement_yet": "the judge has not yet disagreed with a hand label, so its error is not measured",
    "ppi_not_narrower": "the PPI interval ({ppi_width:.2f} wide) is not narrower than the hand-labels-only one "
                        "({hand_width:.2f})",
    "ppi_narrower": "with {labelled} labels the PPI interval is {ppi_width:.2f} wide, the hand-labels-only one "
                    "{hand_width:.2f}",
    "worth_not_available": "what the judge is worth cannot be computed yet",
    "answer_too_high": "too high",
    "answer_too_low": "too low",
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


def _require_rag_dimensions(params: Mapping[str, Any], where: str) -> None:
    if not params["failing"] and not params["passing"]:
        raise input_error(PROBLEMS, "give_failing_or_passing", where)
    both = [d for d in params["failing"] if d in params["passing"]]
    if both:
        raise input_error(PROBLEMS, "failing_and_passing", f"{where}.passing", dimension=both[0])


def rag_dimensions(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when every dimension in ``failing`` fails and every one in ``passing`` passes.

    Judged on the current case (``scope = "case"``) or on all cases pooled (``"pooled"``), under the
    person's thresholds (``thresholds = "settings"``) or document 001's defaults (``"default"``,
    so that moving a threshold cannot do what the step asks of the labels). An N/A dimension
    neither fails nor passes.
    """
    diagnosis = _rag_evaluation(snapshot, params["scope"], params["thresholds"] == "default").diagnosis
    for name in (*params["failing"], *params["passing"]):
        if name in diagnosis.not_applicable:
            return _missing("dimension_not_applicable", dimension=name)
    for name in params["failing"]:
        if name not in diagnosis.failing:
            return _missing("dimension_still_passing", dimension=name)
    for name in params["passing"]:
        if name in diagnosis.failing:
            return _missing("dimension_still_failing", dimension=name)
    return _ok("dimensions_as_asked")


def verdict_clear(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the verdict on ``dimension`` is clear (its whole interval on one side of the threshold).

    With ``verdict = "pass"`` or ``"fail"`` the clear verdict must also be on that side; ``scope`` as
    in :func:`rag_dimensions`; the person's thresholds and confidence.
    """
    name = params["dimension"]
    diagnosis = _rag_evaluation(snapshot, params["scope"]).diagnosis
    if name in diagnosis.not_applicable:
        return _missing("dimension_not_applicable", dimension=name)
    if name in diagnosis.uncertain:
        return _missing("verdict_uncertain", dimension=name)
    side = "fail" if name in diagnosis.failing else "pass"
    if params["verdict"] not in ("any", side):
        return _missing("verdict_on_other_side", dimension=name, side=side)
    return _ok("verdict_clear", dimension=name, side=side)


def verdict_certainty(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: is the verdict on ``dimension`` ``"clear"`` or ``"uncertain"``? Right when it matches the diagnosis."""
    name = params["dimension"]
    certainty = _rag_evaluation(snapshot, params["scope"]).diagnosis.certainty(name)
    if certainty is None:
        return _missing("dimension_not_applicable", dimension=name)
    if answer not in ("clear", "uncertain"):
        raise _AnswerError("answer_expected_certainty")
    return _ok("answer_right") if answer == certainty else _missing("answer_wrong")


def _same_dimensions(given: set[str], expected: Sequence[str], extra_code: str) -> CheckResult:
    for name in RAG_METRICS:
        if name in given and name not in expected:
            return _missing(extra_code, dimension=name)
    missed = len(set(expected) - given)
    return _missing("dimensions_missed", count=missed) if missed else _ok("answer_right")


def failing_dimensions(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which dimensions fail? Right when the answer is exactly the diagnosis's failing set (maybe empty)."""
    given = _answer_dimensions(answer)
    diagnosis = _rag_evaluation(snapshot, params["scope"], params["thresholds"] == "default").diagnosis
    return _same_dimensions(given, diagnosis.failing, "dimension_not_failing")


def clear_dimensions(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: on which dimensions is the verdict clear? Right when the answer is exactly those (N/A left out)."""
    given = _answer_dimensions(answer)
    diagnosis = _rag_evaluation(snapshot, params["scope"]).diagnosis
    clear = [n for n in RAG_METRICS if n not in diagnosis.not_applicable and n not in diagnosis.uncertain]
    return _same_dimensions(given, clear, "dimension_not_clear")


def composite_hides_failure(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the composite is the weighted mean, reaches ``min_composite``, and a dimension fails.

    With ``dimension`` given, that dimension must be among the failing ones. Judged on the current
    case with the person's thresholds and weights (a weight of 0 leaves a dimension out of the mean).
    """
    if snapshot.setting("rag_aggregation") != "mean":
        return _missing("aggregation_not_mean")
    evaluation = _rag_evaluation(snapshot, "case")
    failing = evaluation.diagnosis.failing
    name = params["dimension"]
    if name is not None and name in evaluation.diagnosis.not_applicable:
        return _missing("dimension_not_applicable", dimension=name)
    if name is not None and name not in failing:
        return _missing("dimension_still_passing", dimension=name)
    if not failing:
        return _missing("no_dimension_failing")
    value = evaluation.composite.value
    if value is None:
        return _missing("composite_not_applicable")
    if value < params["min_composite"]:
        return _missing("composite_too_low", value=value, needed=params["min_composite"])
    return _ok("composite_hides_failure", value=value, dimension=name or failing[0])


def min_shows_failure(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the composite is the minimum and it takes in a failing dimension (``dimension``, or any).

    The minimum then lies below that dimension's threshold. A failing dimension with weight 0 is
    left out of the minimum, which hides it again: the note says so.
    """
    if snapshot.setting("rag_aggregation") != "min":
        return _missing("aggregation_not_min")
    evaluation = _rag_evaluation(snapshot, "case")
    name = params["dimension"]
    failing = evaluation.diagnosis.failing if name is None else (name,)
    if name is not None and name in evaluation.diagnosis.not_applicable:
        return _missing("dimension_not_applicable", dimension=name)
    if not failing:
        return _missing("no_dimension_failing")
    if name is not None and name not in evaluation.diagnosis.failing:
        return _missing("dimension_still_passing", dimension=name)
    weights = evaluation.composite.used_weights
    shown = [n for n in failing if weights.get(n, 0.0) > 0]
    if not shown:
        return _missing("failing_dimension_unweighted", dimension=failing[0])
    return _ok("min_shows_failure", value=evaluation.composite.value, dimension=shown[0])


def gate_fails_case(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the hard gate on ``dimension`` is on and the current case is below it."""
    name = params["dimension"]
    if not snapshot.setting(f"rag_gate_on_{name}"):
        return _missing("gate_off", dimension=name)
    evaluation = _rag_evaluation(snapshot, "case")
    if name in evaluation.composite.unchecked_gates:
        return _missing("gate_not_checked", dimension=name)
    if name not in evaluation.composite.gated:
        return _missing("gate_not_failing", dimension=name, value=evaluation.metrics[name].value,
                        gate=float(snapshot.setting(f"rag_gate_{name}")))
    return _ok("gate_fails_case", dimension=name)


# ---------------------------------------------------------------- labels only (any page with RAG cases)


def _unit_key(unit: Unit) -> tuple[object, ...]:
    return unit.id, unit.text, dict(unit.extra), dict(unit.judge)


def _label_difference(now: RagDataset, loaded: RagDataset) -> tuple[CheckResult | None, int]:
    """(what differs beyond labels, or None; how many labels differ)."""
    if [c.id for c in now.cases] != [c.id for c in loaded.cases]:
        return _missing("cases_differ", now=len(now.cases), loaded=len(loaded.cases)), 0
    changed = 0
    for case, before in zip(now.cases, loaded.cases, strict=True):
        for part in ("question", "answer", "metadata", "extra"):
            if getattr(case, part) != getattr(before, part):
                return _missing("not_only_labels", case=case.id, what=part), 0
        for kind in UNIT_KINDS:
            units, units_before = case.units(kind), before.units(kind)
            if [_unit_key(u) for u in units] != [_unit_key(u) for u in units_before]:
                return _missing("not_only_labels", case=case.id, what=kind), 0
            changed += sum(1 for u, b in zip(units, units_before, strict=True)
                           for name in LABEL_FIELDS[kind] if u.label(name) != b.label(name))
    return None, changed


def labels_changed_only(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the data has the loaded cases with only labels changed (at least ``at_least`` of them).

    Same cases in the same order, and in each the same question, answer, metadata and other keys,
    and the same units (ids, texts, judge verdicts, other keys); only the labels ``relevant``,
    ``supported``, ``correct`` and ``covered`` may differ. The dataset's own keys (the workbench's
    revision log) are not compared: logging a label change is part of changing it. On the
    agreement page both annotators' files are compared.
    """
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    pairs = (zip(snapshot.data, snapshot.original, strict=True) if snapshot.page == "agreement"
             else ((snapshot.data, snapshot.original),))
    changed = 0
    for now, loaded in pairs:
        problem, count = _label_difference(now, loaded)
        if problem is not None:
            return problem
        changed += count
    if changed < params["at_least"]:
        return _missing("too_few_label_changes", changed=changed, needed=params["at_least"])
    return _ok("only_labels_changed", changed=changed)


# ---------------------------------------------------------------- the threshold explorer


def _explorer_metric(snapshot: Snapshot, params: Mapping[str, Any]) -> tuple[str, CheckResult | None]:
    """The metric the explorer shows, and a result when it is not in threshold mode on the lesson's metric."""
    chosen = snapshot.setting("thr_metric")
    if snapshot.setting("thr_mode") != "threshold":
        return chosen, _missing("mode_not_threshold")
    if params["metric"] is not None and chosen != params["metric"]:
        return chosen, _missing("metric_not_chosen", metric=params["metric"])
    return chosen, None


def threshold_halves_pass_rate(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the explorer's threshold gives at most ``ratio`` times the pass rate at the baseline.

    The baseline threshold is document 001's default for the metric (``baseline = "default"``) or
    the explorer's comparison threshold (``"comparison"``). With ``smallest``, the threshold must be
    the first one that does it on the page's slider grid (steps of 0.05,
    :func:`uncase_core.rag.thresholds.threshold_grid`): every grid threshold between the baseline and
    this one keeps more than that share. ``metric`` (when given) must be the one the explorer shows.
    """
    metric, wrong = _explorer_metric(snapshot, params)
    if wrong is not None:
        return wrong
    current = snapshot.setting(f"thr_current_{metric}")
    baseline = (rag.DEFAULT_THRESHOLDS[metric] if params["baseline"] == "default"
                else snapshot.setting(f"thr_other_{metric}"))
    sweep = sweep_threshold(snapshot.data.cases, metric, [baseline, current])
    base_rate, rate = (point.pass_rate.value for point in sweep.points)
    if base_rate is None:
        return _missing("no_applicable_cases", metric=metric)
    if base_rate == 0:
        return _missing("nothing_passes_at_baseline", baseline=baseline)
    if current <= baseline:
        return _missing("threshold_not_above_baseline", baseline=baseline)
    limit = params["ratio"] * base_rate
    if rate > limit:
        return _missing("pass_rate_not_halved", rate=rate, baseline_rate=base_rate)
    if params["smallest"]:
        between = [t for t in threshold_grid() if baseline < t < current - 1e-9]
        if between and sweep_threshold(snapshot.data.cases, metric, between[-1:]).points[0].pass_rate.value <= limit:
            return _missing("lower_threshold_halves")
    return _ok("pass_rate_halved", threshold=current, rate=rate, baseline_rate=base_rate)


def flipping_cases(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: name ``count`` cases that change side between the comparison and the current threshold.

    Right when at least ``count`` distinct cases are named and each is one of
    :func:`uncase_core.rag.thresholds.threshold_flips` between the explorer's two thresholds.
    """
    metric, wrong = _explorer_metric(snapshot, params)
    if wrong is not None:
        return wrong
    given = _answer_texts(answer, "case")
    a, b = snapshot.setting(f"thr_other_{metric}"), snapshot.setting(f"thr_current_{metric}")
    flips = threshold_flips(snapshot.data.cases, metric, a, b)
    flipped = {*flips.newly_failing, *flips.newly_passing}
    if not flipped:
        return _missing("no_case_flips", a=a, b=b)
    known = set(_case_ids(snapshot))
    for case in given:
        if case not in known:
            return _missing("unknown_case", case=case)
        if case not in flipped:
            return _missing("case_does_not_flip", case=case, a=a, b=b)
    if len(given) < params["count"]:
        return _missing("too_few_cases", given=len(given), needed=params["count"])
    return _ok("cases_flip", count=len(given))


# ---------------------------------------------------------------- summaries


def na_not_zero(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when ``metric`` of the current summary case is N/A (for ``reason``, when given), not a number."""
    metric = params["metric"]
    evaluation = evaluate_summary(_current(snapshot, "sum_index"))
    reason = evaluation.not_applicable.get(metric)
    if reason is None:
        return _missing("metric_has_value", metric=metric, value=evaluation.metrics[metric].value)
    if params["reason"] is not None and reason != params["reason"]:
        return _missing("na_for_other_reason", metric=metric, reason=reason)
    return _ok("metric_not_applicable", metric=metric, reason=reason)


def micro_macro_differ(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the current case's micro and macro ``metric`` differ by more than ``min_gap``.

    With ``higher = "micro"`` or ``"macro"`` that one must be the higher; ``"either"`` takes any order.
    """
    metric = params["metric"]
    evaluation = evaluate_summary(_current(snapshot, "sum_index"))
    micro, macro = evaluation.metrics[metric].value, evaluation.macro[metric]
    if micro is None or macro is None:
        return _missing("metric_not_applicable_now", metric=metric)
    gap = {"micro": micro - macro, "macro": macro - micro, "either": abs(macro - micro)}[params["higher"]]
    if gap > params["min_gap"] + 1e-12:  # the two are ratios of small integers; equal ones may differ by rounding
        return _ok("micro_macro_differ", micro=micro, macro=macro)
    if abs(macro - micro) <= 1e-12:
        return _missing("micro_equals_macro", micro=micro)
    return _missing("higher_side_wrong", micro=micro, macro=macro, higher=params["higher"])


# ---------------------------------------------------------------- conversations


def _failing_gates(result: ConversationResult) -> list[str]:
    return [gate for gate in GATES if gate in result.failures]


def conversation_gate_zero(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when a gate (``gate``, or any) fails the current conversation, so Q = 0.

    With ``metrics_pass``, every applicable metric must also reach its threshold: the scores are
    good, and Q is still 0.
    """
    result = _conversation_result(snapshot)
    gates = _failing_gates(result)
    wanted = params["gate"]
    if wanted == "any" and not gates:
        return _missing("no_gate_fails")
    if wanted != "any" and wanted not in gates:
        return _missing("gate_holds", gate=wanted)
    if params["metrics_pass"]:
        if not result.min_over:
            return _missing("no_metric_applicable")
        for metric in CONVERSATION_METRICS:
            if metric in result.failures:
                return _missing("metric_fails", metric=metric)
    return _ok("gate_zeroes_q", gate=wanted if wanted != "any" else gates[0])


def failing_gates(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which gates fail the current conversation? Right when the answer is exactly those."""
    given = _answer_texts(answer, "gate")
    for gate in given:
        if gate not in GATES:
            raise _AnswerError("answer_unknown_gate", got=repr(gate))
    gates = _failing_gates(_conversation_result(snapshot))
    for gate in GATES:
        if gate in given and gate not in gates:
            return _missing("gate_named_holds", gate=gate)
    missed = len(set(gates) - set(given))
    return _missing("gates_missed", count=missed) if missed else _ok("answer_right")


def leak_turns(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which turns hold personal data? Right when the answer is exactly the turns of the privacy findings."""
    if isinstance(answer, str) or not isinstance(answer, list | tuple) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in answer):
        raise _AnswerError("answer_expected_list", what=term("answer.list.turn", TERMS))
    if len(set(answer)) != len(answer):
        raise _AnswerError("answer_given_twice", what=term("answer.one.turn", TERMS))
    conversation = _current(snapshot, "conv_index")
    result = _conversation_result(snapshot)
    leaking = {finding.turn for finding in result.privacy_findings}
    if not leaking:
        return _missing("conversation_has_no_leak")
    for turn in answer:
        if not 0 <= turn < len(conversation.turns):
            return _missing("unknown_turn", turn=turn)
        if turn not in leaking:
            return _missing("turn_has_no_leak", turn=turn)
    missed = len(leaking - set(answer))
    return _missing("turns_missed", count=missed) if missed else _ok("answer_right")


# ---------------------------------------------------------------- the rubric lab


def rubric_filters_set(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when exactly the filters in ``on`` are switched on (an empty list: every filter off)."""
    enabled = _filter_settings(snapshot).enabled
    for name in RUBRIC_FILTERS:
        if name in params["on"] and name not in enabled:
            return _missing("filter_should_be_on", filter=name)
        if name in enabled and name not in params["on"]:
            return _missing("filter_should_be_off", filter=name)
    return _ok("filters_as_asked")


def _mean_figure(values: Mapping[str, float | None]) -> float | None:
    present = [v for v in values.values() if v is not None]
    return sum(present) / len(present) if present else None


def filters_raise_stability(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when filtering raises the judges' mean rank agreement by more than ``min_gain``.

    The figure is the mean over judge pairs of Spearman's or Kendall's coefficient (``figure``), as
    the page shows it, after filtering against before; every filter in ``filters`` must be on.
    """
    settings = _filter_settings(snapshot)
    for name in params["filters"]:
        if name not in settings.enabled:
            return _missing("filter_should_be_on", filter=name)
    analysis = analyse(snapshot.data, settings)
    before = _mean_figure(getattr(analysis.stability_before, params["figure"]))
    after = _mean_figure(getattr(analysis.stability_after, params["figure"]))
    if before is None or after is None:
        return _missing("stability_not_available")
    if after - before <= params["min_gain"]:
        return _missing("stability_not_raised", before=before, after=after)
    return _ok("stability_raised", before=before, after=after)


def _answer_items(answer: object) -> list[tuple[str, str]]:
    if isinstance(answer, str) or not isinstance(answer, list | tuple):
        raise _AnswerError("answer_expected_list", what=term("answer.list.item", TERMS))
    items = []
    for pair in answer:
        if isinstance(pair, str) or not isinstance(pair, list | tuple) or len(pair) != 2 or not all(
                isinstance(part, str) for part in pair):
            raise _AnswerError("answer_expected_list", what=term("answer.list.item", TERMS))
        items.append((pair[0], pair[1]))
    if len(set(items)) != len(items):
        raise _AnswerError("answer_given_twice", what=term("answer.one.item", TERMS))
    return items


def _rubric_items(verdicts: pd.DataFrame) -> tuple[tuple[str, str], ...]:
    pairs = verdicts[["prompt", "item"]].drop_duplicates()
    return tuple(sorted((str(p), str(i)) for p, i in zip(pairs["prompt"], pairs["item"], strict=True)))


def removed_items(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: name items the ``filter`` filter removes. Right when each named one is removed by it.

    The filter is computed on its own with the person's rule and cut-offs (whatever the other
    switches say). At least ``at_least`` items must be named; with ``all``, every removed one.
    """
    given = _answer_items(answer)
    name = params["filter"]
    removed = analyse(snapshot.data, _filter_settings(snapshot, (name,))).removed_keys(name)
    if not removed:
        return _missing("filter_removes_nothing", filter=name)
    known = set(_rubric_items(snapshot.data))
    for prompt, item in given:
        if (prompt, item) not in known:
            return _missing("unknown_item", prompt=prompt, item=item)
        if (prompt, item) not in removed:
            return _missing("item_not_removed", prompt=prompt, item=item, filter=name)
    if params["all"] and len(removed - set(given)):
        return _missing("items_missed", count=len(removed - set(given)))
    if len(given) < params["at_least"]:
        return _missing("too_few_items", given=len(given), needed=params["at_least"])
    return _ok("items_removed", count=len(given))


# ---------------------------------------------------------------- annotator agreement


def agreement_up_kappa_down(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when raw agreement is higher and Cohen's kappa lower than for the pair as loaded.

    Both on the label ``field`` (a label name, or ``"all"`` for every label together; the page's
    choice when not given), with :func:`uncase_core.agreement.pairs.match_labels`.
    """
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    chosen = params["field"] or snapshot.setting("agr_field")
    label = None if chosen == "all" else chosen
    before = match_labels(*snapshot.original, field=label).agreement()
    after = match_labels(*snapshot.data, field=label).agreement()
    if before.kappa is None or after.kappa is None:
        return _missing("kappa_not_defined")
    if after.agreement <= before.agreement:
        return _missing("agreement_not_higher", before=before.agreement, after=after.agreement)
    if after.kappa >= before.kappa:
        return _missing("kappa_not_lower", before=before.kappa, after=after.kappa)
    return _ok("agreement_up_kappa_down", agreement_before=before.agreement, agreement_after=after.agreement,
               kappa_before=before.kappa, kappa_after=after.kappa)


# ---------------------------------------------------------------- the dataset workbench


def leaked_pair(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: name a pair of cases that leaks across splits. Right when it is one of the core's leakage pairs.

    Pairs come from :func:`uncase_core.datasets.leakage.find_similar` with the page's n-gram length and
    cutoff (the person's settings); ``kind`` asks for an ``"exact"`` or ``"near"`` duplicate, or ``"any"``.
    """
    given = _answer_texts(answer, "case")
    if len(given) != 2:
        raise _AnswerError("answer_expected_two_case_ids")
    known = set(_case_ids(snapshot))
    for case in given:
        if case not in known:
            return _missing("unknown_case", case=case)
    report = find_similar(snapshot.data.cases, n=snapshot.setting("wb_ngram"), cutoff=snapshot.setting("wb_cutoff"))
    kind = params["kind"]
    wanted = [p for p in report.leakage if kind in ("any", p.kind)]
    if not wanted:
        return _missing("no_leak_in_data")
    a, b = sorted(given)
    for pair in report.leakage:
        if (pair.a, pair.b) == (a, b):
            if kind in ("any", pair.kind):
                return _ok("pair_leaks", a=a, b=b)
            return _missing("pair_other_kind", a=a, b=b, kind=pair.kind)
    for pair in report.duplicates:
        if (pair.a, pair.b) == (a, b):
            return _missing("pair_in_one_split", a=a, b=b, split=pair.split_a)
    return _missing("pair_not_similar", a=a, b=b)


def _stratum_field(snapshot: Snapshot, params: Mapping[str, Any]) -> str:
    return params["field"] or snapshot.setting("wb_field")


def hidden_stratum(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which value of ``field`` fails while the whole dataset passes? Right for any such stratum.

    Strata come from :func:`uncase_core.datasets.workbench.strata` with document 001's thresholds and the
    page's minimum of units; ``field`` is the page's choice when not given; with ``metric`` given,
    the stratum must fail on that metric.
    """
    if not isinstance(answer, str):
        raise _AnswerError("answer_expected_stratum")
    name = _stratum_field(snapshot, params)
    result = strata(snapshot.data.cases, name, min_units=snapshot.setting("wb_min_units"))
    hidden = [h for h in result.hidden_failures if params["metric"] in (None, h.metric)]
    if not hidden:
        return _missing("no_hidden_failure", field=name)
    if answer not in {s.value for s in result.strata}:
        return _missing("unknown_stratum", field=name, value=answer)
    metrics = [h.metric for h in hidden if h.value == answer]
    if not metrics:
        return _missing("stratum_not_hidden_failure", value=answer)
    return _ok("stratum_fails_hidden", value=answer, metric=metrics[0])


# ---------------------------------------------------------------- judge and hand labels


def _judge(snapshot: Snapshot, params: Mapping[str, Any]) -> JudgeReport:
    dimension = params["dimension"] or snapshot.setting("judge_dimension")
    # Plain PPI: the interval the judge page puts first and whose worth it states (PPI++ is its side note).
    return judge_report(snapshot.data.cases, dimension, snapshot.setting("judge_confidence"), False)


def ppi_narrower_than_hand(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the PPI interval is narrower than the hand-labels-only interval, with ``min_labels`` labels.

    Both from :func:`uncase_core.judge.report.judge_report` on ``dimension`` (the page's when not given;
    PPI or PPI++ as the page shows). With ``need_disagreement``, the judge must have disagreed with
    at least one hand label: before that, the PPI interval's width only says that no error was seen yet.
    """
    report = _judge(snapshot, params)
    labelled = report.counts["both"]
    if labelled < params["min_labels"] or report.headline is None:
        return _missing("too_few_labels", labelled=labelled, needed=max(params["min_labels"], 1))
    ppi = report.headline
    if params["need_disagreement"] and ppi.disagreements == 0:
        return _missing("no_disagreement_yet")
    ppi_width, hand_width = ppi.high - ppi.low, report.hand.high - report.hand.low
    if ppi_width >= hand_width:
        return _missing("ppi_not_narrower", ppi_width=ppi_width, hand_width=hand_width)
    return _ok("ppi_narrower", ppi_width=ppi_width, hand_width=hand_width, labelled=labelled)


def judge_worth_answer(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: how many hand labels is the judge worth here? Right within ``absolute`` or ``relative`` of the core's.

    The core's figure is the headline interval's ``judge_worth`` (effective labels minus labels).
    """
    given = _answer_number(answer)
    worth = _judge(snapshot, params).judge_worth
    if worth is None:
        return _missing("worth_not_available")
    if abs(given - worth) <= max(params["absolute"], params["relative"] * abs(worth)):
        return _ok("answer_right")
    return _missing("answer_too_high" if given > worth else "answer_too_low")


# ---------------------------------------------------------------- any page


def _require_known_correct(params: Mapping[str, Any], where: str) -> None:
    if len(params["options"]) < 2:
        raise input_error(PROBLEMS, "choice_needs_two_options", f"{where}.options")
    if not params["correct"]:
        raise input_error(PROBLEMS, "choice_needs_correct_option", f"{where}.options")
    for i, option in enumerate(params["correct"]):
        if option not in params["options"]:
            raise input_error(PROBLEMS, "not_an_option", f"{where}.correct[{i}]", option=repr(option))


def choice(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: choose the right option(s). Right when the answer is the option marked correct, or all of them.

    With one correct option the answer is its id; with several, the list of all of them.
    """
    correct = set(params["correct"])
    given = [answer] if isinstance(answer, str) else _answer_texts(answer, "option")
    for option in given:
        if option not in params["options"]:
            return _missing("unknown_option", option=option)
    return _ok("answer_right") if set(given) == correct else _missing("answer_wrong")


def _require_counts(params: Mapping[str, Any], where: str) -> None:
    if params["successes"] > params["total"]:
        raise input_error(PROBLEMS, "must_not_exceed_total", f"{where}.successes", total=params["total"])


def wilson_bound(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: where does the Wilson interval of ``successes`` out of ``total`` end (``bound``: low or high)?

    Right within ``tolerance`` of :func:`uncase_core.stats.proportions.wilson_interval` at ``confidence``; the
    answer is a proportion from 0 to 1.
    """
    given = _answer_number(answer, 0, 1)
    low, high = wilson_interval(params["successes"], params["total"], params["confidence"])
    expected = low if params["bound"] == "low" else high
    if abs(given - expected) <= params["tolerance"]:
        return _ok("answer_right")
    return _missing("answer_too_high" if given > expected else "answer_too_low")


# ---------------------------------------------------------------- the registry

CheckFunction = Callable[..., CheckResult]

# What an answer holds, per kind (the user interface draws the matching input).
ANSWER_KINDS: Mapping[str, str] = MappingProxyType({
    "choice": "an option id, or a list of option ids when several are right",
    "dimensions": "a list of RAG dimension names (may be empty)",
    "certainty": '"clear" or "uncertain"',
    "case_ids": "a list of case ids",
    "case_pair": "a list of two case ids",
    "gates": "a list of gate names (privacy, memorization)",
    "turns": "a list of turn numbers, counted from 0",
    "items": "a list of [prompt, item] pairs",
    "stratum": "one value of the metadata field",
    "number": "a number",
    "proportion": "a number from 0 to 1",
})


@dataclass(frozen=True)
class CheckDef:
    """A named check: the pages it reads, its parameters, and (for a question) the kind of answer it takes."""

    name: str
    pages: tuple[str, ...]
    params: tuple[Param, ...]
    run: CheckFunction
    answer: str | None = None
    validate: Validator | None = None

    @property
    def is_question(self) -> bool:
        return self.answer is not None


_SCOPE = Param("scope", "choice", default="case", choices=("case", "pooled"))
_THRESHOLDS = Param("thresholds", "choice", default="settings", choices=("settings", "default"))
_DIMENSION = Param("dimension", "dimension", required=True)
_OPTIONAL_DIMENSION = Param("dimension", "dimension")
_EXPLORER_METRIC = Param("metric", "dimension")
_SUMMARY_METRIC = Param("metric", "choice", default="completeness", choices=SUMMARY_METRICS)

CHECKS: Mapping[str, CheckDef] = MappingProxyType({c.name: c for c in (
    CheckDef("rag_dimensions", ("rag",), (
        Param("failing", "dimensions", default=()), Param("passing", "dimensions", default=()), _SCOPE, _THRESHOLDS),
        rag_dimensions, validate=_require_rag_dimensions),
    CheckDef("labels_changed_only", ("rag", "workbench", "thresholds", "judge", "agreement"),
             (Param("at_least", "count", default=0),), labels_changed_only),
    CheckDef("verdict_clear", ("rag",), (
        _DIMENSION, _SCOPE, Param("verdict", "choice", default="any", choices=("any", "pass", "fail"))),
        verdict_clear),
    CheckDef("composite_hides_failure", ("rag",), (
        Param("min_composite", "unit", default=0.7), _OPTIONAL_DIMENSION), composite_hides_failure),
    CheckDef("min_shows_failure", ("rag",), (_OPTIONAL_DIMENSION,), min_shows_failure),
    CheckDef("gate_fails_case", ("rag",), (_DIMENSION,), gate_fails_case),
    CheckDef("threshold_halves_pass_rate", ("thresholds",), (
        _EXPLORER_METRIC, Param("ratio", "number", default=0.5, minimum=0.0, maximum=1.0),
        Param("baseline", "choice", default="default", choices=("default", "comparison")),
        Param("smallest", "bool", default=True)), threshold_halves_pass_rate),
    CheckDef("na_not_zero", ("summaries",), (
        _SUMMARY_METRIC,
        Param("reason", "choice", choices=(NA_ONLY_PREDEFINED, NA_ONLY_CATEGORICAL, NA_NO_UNITS))), na_not_zero),
    CheckDef("micro_macro_differ", ("summaries",), (
        _SUMMARY_METRIC, Param("higher", "choice", default="either", choices=("either", "micro", "macro")),
        Param("min_gap", "unit", default=0.0)), micro_macro_differ),
    CheckDef("conversation_gate_zero", ("conversations",), (
        Param("gate", "choice", default="any", choices=("any", *GATES)), Param("metrics_pass", "bool", default=True)),
        conversation_gate_zero),
    CheckDef("rubric_filters_set", ("rubrics",), (Param("on", "choices", required=True, choices=RUBRIC_FILTERS),),
             rubric_filters_set),
    CheckDef("filters_raise_stability", ("rubrics",), (
        Param("filters", "choices", default=(), choices=RUBRIC_FILTERS),
        Param("min_gain", "number", default=0.0, minimum=0.0, maximum=2.0),
        Param("figure", "choice", default="spearman", choices=("spearman", "kendall"))), filters_raise_stability),
    CheckDef("agreement_up_kappa_down", ("agreement",), (
        Param("field", "choice", choices=("all", *AGREEMENT_FIELDS)),), agreement_up_kappa_down),
    CheckDef("ppi_narrower_than_hand", ("judge",), (
        _OPTIONAL_DIMENSION, Param("min_labels", "count", default=1, minimum=1),
        Param("need_disagreement", "bool", default=True)), ppi_narrower_than_hand),
    # questions
    CheckDef("choice", PAGES, (Param("options", "ids", required=True), Param("correct", "ids", required=True)),
             choice, answer="choice", validate=_require_known_correct),
    CheckDef("wilson_bound", PAGES, (
        Param("successes", "count", required=True), Param("total", "count", required=True, minimum=1),
        Param("bound", "choice", required=True, choices=("low", "high")),
        Param("tolerance", "number", default=0.02, minimum=0.0, maximum=0.5),
        Param("confidence", "number", default=DEFAULT_CONFIDENCE, minimum=0.5, maximum=0.999)),
        wilson_bound, answer="proportion", validate=_require_counts),
    CheckDef("verdict_certainty", ("rag",), (_DIMENSION, _SCOPE), verdict_certainty, answer="certainty"),
    CheckDef("failing_dimensions", ("rag",), (_SCOPE, _THRESHOLDS), failing_dimensions, answer="dimensions"),
    CheckDef("clear_dimensions", ("rag",), (_SCOPE,), clear_dimensions, answer="dimensions"),
    CheckDef("flipping_cases", ("thresholds",), (Param("count", "count", default=3, minimum=1), _EXPLORER_METRIC),
             flipping_cases, answer="case_ids"),
    CheckDef("failing_gates", ("conversations",), (), failing_gates, answer="gates"),
    CheckDef("leak_turns", ("conversations",), (), leak_turns, answer="turns"),
    CheckDef("removed_items", ("rubrics",), (
        Param("filter", "choice", required=True, choices=RUBRIC_FILTERS),
        Param("at_least", "count", default=1, minimum=1), Param("all", "bool", default=False)),
        removed_items, answer="items"),
    CheckDef("leaked_pair", ("workbench",), (Param("kind", "choice", default="any", choices=("any", "exact", "near")),),
             leaked_pair, answer="case_pair"),
    CheckDef("hidden_stratum", ("workbench",), (
        Param("field", "choice", choices=METADATA_FIELDS), Param("metric", "dimension")),
        hidden_stratum, answer="stratum"),
    CheckDef("judge_worth_answer", ("judge",), (
        _OPTIONAL_DIMENSION, Param("relative", "unit", default=0.2),
        Param("absolute", "number", default=2.0, minimum=0.0)), judge_worth_answer, answer="number"),
)})


def check_definition(name: object, where: str = "name") -> CheckDef:
    """The check called ``name``; an unknown name raises InputError at ``where``."""
    if not isinstance(name, str) or name not in CHECKS:
        shown = f'"{name}"' if isinstance(name, str) else repr(name)
        raise input_error(PROBLEMS, "unknown_check", where, got=shown, checks=", ".join(CHECKS))
    return CHECKS[name]


def check_params(name: str, raw: Mapping[str, Any], where: str = "") -> Mapping[str, Any]:
    """The parameters ``raw`` of check ``name``, read and checked (see :mod:`uncase_core.lessons.params`)."""
    definition = check_definition(name, f"{where}.name" if where else "name")
    return read_params(name, definition.params, raw, where, definition.validate)


def run_check(name: str, params: Mapping[str, Any], snapshot: Snapshot, question: str | None = None) -> CheckResult:
    """Whether check ``name`` holds on ``snapshot``, with a note; ``params`` as :func:`check_params` returns them.

    For a question, ``question`` is the key of its answer in ``snapshot.answers`` (the step id);
    no answer there gives ``not_answered``. On another page than the check reads it gives
    ``open_page``. Settings or data the core refuses give ``state_not_usable`` and an answer of the
    wrong shape ``answer_not_understood``, each with the problem (``problem`` in English, ``error`` as data).
    """
    definition = check_definition(name)
    if not isinstance(snapshot, Snapshot):
        raise input_error(PROBLEMS, "expected_python_type", "snapshot", kind="Snapshot", got=_describe_type(snapshot))
    if snapshot.page not in definition.pages:
        return _missing("open_page", page=definition.pages[0])
    try:
        if not definition.is_question:
            return definition.run(snapshot, params)
        if question is None or question not in snapshot.answers or snapshot.answers[question] is None:
            return _missing("not_answered")
        return definition.run(snapshot, params, snapshot.answers[question])
    except _AnswerError as problem:
        return _missing("answer_not_understood", **_problem_params(problem.error))
    except InputError as error:
        return _missing("state_not_usable", **_problem_params(error))


def _problem_params(error: InputError) -> dict[str, Any]:
    """A note's params for a problem: ``problem``, the English message, and ``error``, the error as plain data
    (:meth:`~uncase_core.errors.InputError.to_dict`), from which a page words it in its reader's language."""
    return {"problem": error.message, "error": error.to_dict()}


def answer_options(name: str, params: Mapping[str, Any], snapshot: Snapshot) -> tuple[Any, ...] | None:
    """What the person may choose from to answer question ``name`` on ``snapshot`` (None: a free number).

    Option ids (``choice``), dimension names, ``("clear", "uncertain")``, the data's case ids, the
    gate names, the current conversation's turn numbers, the verdicts' ``(prompt, item)`` pairs or
    the values of the stratum field, in the order to show them.
    """
    kind = check_definition(name).answer
    if kind is None:
        raise input_error(PROBLEMS, "check_not_question", "name", name=name)
    if kind == "choice":
        return tuple(params["options"])
    if kind == "dimensions":
        return RAG_METRICS
    if kind == "certainty":
        return ("clear", "uncertain")
    if kind == "gates":
        return GATES
    if kind in ("number", "proportion"):
        return None
    if snapshot.page not in check_definition(name).pages:
        return ()
    if kind in ("case_ids", "case_pair"):
        return _case_ids(snapshot)
    if kind == "turns":
        return tuple(range(len(_current(snapshot, "conv_index").turns)))
    if kind == "items":
        return _rubric_items(snapshot.data)
    field_name = _stratum_field(snapshot, params)  # stratum
    return tuple(sorted({metadata_value(case, field_name) for case in snapshot.data.cases}))
