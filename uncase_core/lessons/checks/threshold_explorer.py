"""The threshold explorer's checks: a threshold that halves the pass rate, the cases a threshold flips.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _answer_texts, _case_ids, _missing, _ok
from uncase_core.rag import evaluation as rag
from uncase_core.rag.thresholds import sweep_threshold, threshold_flips, threshold_grid


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
