"""The one registry of lesson checks: every check by name with its parameters and answer kind, and how a lesson
step runs one (:func:`run_check`) or asks for the options of a question (:func:`answer_options`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from uncase_core.agreement.pairs import FIELDS as AGREEMENT_FIELDS
from uncase_core.conversations.evaluator import GATES
from uncase_core.datasets.workbench import METADATA_FIELDS, metadata_value
from uncase_core.errors import InputError, input_error
from uncase_core.lessons.checks.agreement_page import agreement_up_kappa_down
from uncase_core.lessons.checks.any_page import (
    CheckFunction,
    _require_counts,
    _require_known_correct,
    choice,
    wilson_bound,
)
from uncase_core.lessons.checks.compare_page import (
    COMPARISON_CERTAINTIES,
    DIFFERING_VERDICTS,
    VERDICT_TARGETS,
    comparison_certainty,
    comparison_more_differ,
    comparison_needed,
    comparison_verdict_moved,
)
from uncase_core.lessons.checks.conversations_page import conversation_gate_zero, failing_gates, leak_turns
from uncase_core.lessons.checks.judge_page import judge_worth_answer, ppi_narrower_than_hand
from uncase_core.lessons.checks.labels import labels_changed_only
from uncase_core.lessons.checks.rag_page import (
    _require_rag_dimensions,
    clear_dimensions,
    composite_hides_failure,
    dataset_cases,
    failing_dimensions,
    gate_fails_case,
    min_shows_failure,
    rag_dimensions,
    verdict_certainty,
    verdict_clear,
)
from uncase_core.lessons.checks.rubric_lab import (
    _rubric_items,
    filters_raise_stability,
    removed_items,
    rubric_filters_set,
)
from uncase_core.lessons.checks.snapshot import (
    PAGES,
    PROBLEMS,
    CheckResult,
    Snapshot,
    _AnswerError,
    _case_ids,
    _current,
    _describe_type,
    _missing,
)
from uncase_core.lessons.checks.summaries_page import micro_macro_differ, na_not_zero
from uncase_core.lessons.checks.threshold_explorer import flipping_cases, threshold_halves_pass_rate
from uncase_core.lessons.checks.workbench import _stratum_field, hidden_stratum, leaked_pair
from uncase_core.lessons.params import Param, Validator, read_params
from uncase_core.rag.dimensions import METRICS as RAG_METRICS
from uncase_core.shared.choices import RUBRIC_FILTERS
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE
from uncase_core.summaries.evaluation import NA_NO_UNITS, NA_ONLY_CATEGORICAL, NA_ONLY_PREDEFINED
from uncase_core.summaries.format import SUMMARY_METRICS

# What an answer holds, per kind (the user interface draws the matching input).
ANSWER_KINDS: Mapping[str, str] = MappingProxyType({
    "choice": "an option id, or a list of option ids when several are right",
    "dimensions": "a list of RAG dimension names (may be empty)",
    "certainty": '"clear" or "uncertain" (or "withheld", for a comparison of two systems)',
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
    choices: tuple[str, ...] | None = None  # a certainty question's answers, where they are not clear / uncertain

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
    CheckDef("labels_changed_only", ("rag", "workbench", "thresholds", "judge", "agreement", "compare"),
             (Param("at_least", "count", default=0),), labels_changed_only),
    CheckDef("verdict_clear", ("rag",), (
        _DIMENSION, _SCOPE, Param("verdict", "choice", default="any", choices=("any", "pass", "fail"))),
        verdict_clear),
    CheckDef("dataset_cases", ("rag",), (Param("at_least", "count", default=2, minimum=1),), dataset_cases),
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
        Param("reason", "choice", choices=(NA_ONLY_PREDEFINED, NA_ONLY_CATEGORICAL, NA_NO_UNITS)),
        Param("some_covered", "bool", default=False)), na_not_zero),
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
    CheckDef("comparison_verdict_moved", ("compare",), (
        _DIMENSION, Param("to", "choice", default="clear", choices=VERDICT_TARGETS)), comparison_verdict_moved),
    CheckDef("comparison_more_differ", ("compare",), (
        _DIMENSION, Param("more", "count", default=1, minimum=1),
        Param("verdict", "choice", default="any", choices=DIFFERING_VERDICTS)), comparison_more_differ),
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
    CheckDef("comparison_certainty", ("compare",), (_DIMENSION,), comparison_certainty, answer="certainty",
             choices=COMPARISON_CERTAINTIES),
    CheckDef("comparison_needed", ("compare",), (_DIMENSION,), comparison_needed, answer="number"),
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

    Option ids (``choice``), dimension names, ``("clear", "uncertain")`` (a comparison's certainty also
    ``"withheld"``), the data's case ids, the
    gate names, the current conversation's turn numbers, the verdicts' ``(prompt, item)`` pairs or
    the values of the stratum field, in the order to show them.
    """
    definition = check_definition(name)
    kind = definition.answer
    if kind is None:
        raise input_error(PROBLEMS, "check_not_question", "name", name=name)
    if kind == "choice":
        return tuple(params["options"])
    if kind == "dimensions":
        return RAG_METRICS
    if kind == "certainty":
        return definition.choices or ("clear", "uncertain")
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
