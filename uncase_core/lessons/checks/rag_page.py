"""The RAG page's checks: which dimensions fail, how sure each verdict is, what the composite hides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from uncase_core.errors import input_error
from uncase_core.lessons.checks.snapshot import (
    PROBLEMS,
    CheckResult,
    Snapshot,
    _answer_dimensions,
    _AnswerError,
    _missing,
    _ok,
    _rag_evaluation,
)
from uncase_core.rag.dimensions import METRICS as RAG_METRICS
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS


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
    defaults = params["thresholds"] == "default"
    diagnosis = _rag_evaluation(snapshot, params["scope"], defaults).diagnosis
    # What the cards show, under the person's own thresholds: when it differs from the defaults' verdict, the note
    # says so ("still fails" while the card, at a moved threshold, said it passed).
    shown = _rag_evaluation(snapshot, params["scope"]).diagnosis if defaults else diagnosis
    for name in (*params["failing"], *params["passing"]):
        if name in diagnosis.not_applicable:
            return _missing("dimension_not_applicable", dimension=name)
    for name in params["failing"]:
        if name not in diagnosis.failing:
            moved = name in shown.failing
            return _missing("passes_at_default_threshold" if moved else "dimension_still_passing", dimension=name,
                            default=DEFAULT_THRESHOLDS[name])
    for name in params["passing"]:
        if name in diagnosis.failing:
            moved = name not in shown.failing
            return _missing("fails_at_default_threshold" if moved else "dimension_still_failing", dimension=name,
                            default=DEFAULT_THRESHOLDS[name])
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


def dataset_cases(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the page's dataset holds at least ``at_least`` cases (a step that asks about a pooled verdict
    first has the person load the dataset it is about)."""
    count = len(snapshot.data.cases)
    if count < params["at_least"]:
        return _missing("dataset_too_few_cases", count=count, needed=params["at_least"])
    return _ok("dataset_cases", count=count)


def verdict_certainty(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: is the verdict on ``dimension`` ``"clear"`` or ``"uncertain"``? Right when it matches the diagnosis."""
    name = params["dimension"]
    certainty = _rag_evaluation(snapshot, params["scope"]).diagnosis.certainty(name)
    if certainty is None:
        return _missing("dimension_not_applicable", dimension=name)
    if answer not in ("clear", "uncertain"):
        raise _AnswerError("answer_expected_certainty")
    if answer == certainty:
        return _ok("answer_right")
    # Why the answer is wrong, without giving the interval's numbers away: which way the interval lies.
    said_clear = answer == "clear"
    return _missing("said_clear_but_uncertain" if said_clear else "said_uncertain_but_clear", dimension=name)


def _same_dimensions(given: set[str], expected: Sequence[str], extra_code: str, missed_code: str) -> CheckResult:
    # A wrong answer names a dimension and why it belongs (or not): "1 more belongs" gave a count, not a reason.
    for name in RAG_METRICS:
        if name in given and name not in expected:
            return _missing(extra_code, dimension=name)
    missed = [name for name in RAG_METRICS if name in expected and name not in given]
    return _missing(missed_code, dimension=missed[0]) if missed else _ok("answer_right")


def failing_dimensions(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which dimensions fail? Right when the answer is exactly the diagnosis's failing set (maybe empty)."""
    given = _answer_dimensions(answer)
    diagnosis = _rag_evaluation(snapshot, params["scope"], params["thresholds"] == "default").diagnosis
    return _same_dimensions(given, diagnosis.failing, "dimension_not_failing", "dimension_also_failing")


def clear_dimensions(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: on which dimensions is the verdict clear? Right when the answer is exactly those (N/A left out)."""
    given = _answer_dimensions(answer)
    diagnosis = _rag_evaluation(snapshot, params["scope"]).diagnosis
    clear = [n for n in RAG_METRICS if n not in diagnosis.not_applicable and n not in diagnosis.uncertain]
    return _same_dimensions(given, clear, "dimension_not_clear", "dimension_also_clear")


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
