"""The summary page's checks: N/A is not zero, micro and macro means differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _current, _missing, _ok
from uncase_core.summaries.evaluation import (
    evaluate_summary,
)


def na_not_zero(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when ``metric`` of the current summary case is N/A (for ``reason``, when given), not a number; with
    ``some_covered`` only while at least one Covered box is still ticked (N/A made by unticking every one is not the
    way the step asks for)."""
    metric = params["metric"]
    case = _current(snapshot, "sum_index")
    if params["some_covered"] and not any(item.is_covered for q in case.completeness for item in q.content_list):
        return _missing("covered_all_unticked", metric=metric)
    evaluation = evaluate_summary(case)
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
