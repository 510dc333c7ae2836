"""The compare page's checks: whether the data can tell a difference, and a verdict moved by labels.

Both read :func:`uncase_core.compare.systems.compare_systems` on the snapshot's pair ``(system A, system B)`` at the
page's own thresholds (``cmp_threshold_<dimension>``) and confidence (``cmp_confidence``), as the page computes it;
the verdict is the page's (decided by the paired pass/fail interval, Newcombe's method 10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.compare.systems import DimensionVerdict, compare_systems
from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _AnswerError, _missing, _ok
from uncase_core.rag.evaluation import Settings
from uncase_core.shared.choices import RAG_METRICS

# What a step may ask the verdict to become: one of the core's verdicts, or "clear" (either system better).
VERDICT_TARGETS = ("clear", "b_better", "a_better", "uncertain")
_RESAMPLES = 1  # the verdict is decided by the paired interval; the bootstrap only adds notes


def _settings(snapshot: Snapshot) -> Settings:
    thresholds = {m: snapshot.setting(f"cmp_threshold_{m}") for m in RAG_METRICS}
    return Settings.build(thresholds, None, "mean", None, snapshot.setting("cmp_confidence"))


def _verdict(snapshot: Snapshot, pair: Any, dimension: str) -> DimensionVerdict:
    result = compare_systems(pair[0], pair[1], _settings(snapshot), resamples=_RESAMPLES)
    return result.dimensions[dimension].verdict


def _is(verdict: DimensionVerdict, target: str) -> bool:
    if target == "clear":
        return verdict.code in ("b_better", "a_better")
    return verdict.code == target


def comparison_certainty(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: can the data tell a difference on ``dimension``, ``"clear"`` or ``"uncertain"``?

    Right when it matches the page's verdict: ``"clear"`` for B or A better (the paired interval of B − A excludes
    0), ``"uncertain"`` when the interval contains 0.
    """
    name = params["dimension"]
    verdict = _verdict(snapshot, snapshot.data, name)
    if verdict.code == "not_applicable":
        return _missing("comparison_not_applicable", dimension=name)
    if answer not in ("clear", "uncertain"):
        raise _AnswerError("answer_expected_certainty")
    right = (answer == "uncertain") == (verdict.code == "uncertain")
    return _ok("answer_right") if right else _missing("comparison_certainty_wrong", dimension=name)


def comparison_verdict_moved(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the verdict on ``dimension`` differs from the one the pair as loaded gets at the same thresholds
    and confidence, and is now ``to`` (``clear``: B or A better; or ``b_better``, ``a_better``, ``uncertain``).

    Both verdicts at the page's settings: a threshold moved changes both alike, so only changed labels move it.
    """
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    name = params["dimension"]
    now = _verdict(snapshot, snapshot.data, name)
    loaded = _verdict(snapshot, snapshot.original, name)
    if now.code == "not_applicable":
        return _missing("comparison_not_applicable", dimension=name)
    if now.code == loaded.code:
        if now.code == "uncertain":
            return _missing("comparison_still_uncertain", dimension=name, low=now.low, high=now.high)
        return _missing("comparison_verdict_as_loaded", dimension=name)
    if not _is(now, params["to"]):
        return _missing("comparison_verdict_not_asked", dimension=name)
    return _ok("comparison_verdict_moved", dimension=name, low=now.low, high=now.high)
