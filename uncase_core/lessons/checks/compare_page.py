"""The compare page's checks: whether the data can tell a difference, how many cases a verdict needs, and a verdict
or the cases that differ moved by labels.

Each reads :func:`uncase_core.compare.systems.compare_systems` on the snapshot's pair ``(system A, system B)`` at the
page's own thresholds (``cmp_threshold_<dimension>``) and confidence (``cmp_confidence``), as the page computes it.
The verdict is the page's (:mod:`uncase_core.stats.verdicts`): clear (B or A better) only when the exact
McNemar test of the per-case pass/fail, Holm-adjusted over the dimensions compared together, is at most
``1 - confidence``; withheld when too few cases change side for any split of them to be clear (``needed`` are);
otherwise uncertain.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from uncase_core.compare.systems import DimensionVerdict, compare_systems
from uncase_core.lessons.checks.snapshot import (
    CheckResult,
    Snapshot,
    _answer_number,
    _AnswerError,
    _missing,
    _ok,
)
from uncase_core.rag.dimensions import METRICS as RAG_METRICS
from uncase_core.rag.evaluation import Settings
from uncase_core.stats.verdicts import smallest_exact_p

# What a step may ask the verdict to become: one of the core's verdicts, or "clear" (either system better).
VERDICT_TARGETS = ("clear", "b_better", "a_better", "uncertain", "withheld")
# ... and, for the cases that change side, also "any" verdict.
DIFFERING_VERDICTS = ("any", *VERDICT_TARGETS)
# What a person may answer to "can the data tell?": the verdict's state, as the page says it.
COMPARISON_CERTAINTIES = ("clear", "uncertain", "withheld")
_RESAMPLES = 1  # the verdict is decided by the exact test; the bootstrap only adds notes
_MAX_CASES = 100_000  # the largest number of cases an answer to "how many are needed" may give


def _settings(snapshot: Snapshot) -> Settings:
    thresholds = {m: snapshot.setting(f"cmp_threshold_{m}") for m in RAG_METRICS}
    return Settings.build(thresholds, None, "mean", None, snapshot.setting("cmp_confidence"))


def _verdict(snapshot: Snapshot, pair: Any, dimension: str) -> DimensionVerdict:
    result = compare_systems(pair[0], pair[1], _settings(snapshot), resamples=_RESAMPLES)
    return result.dimensions[dimension].verdict


def _state(verdict: DimensionVerdict) -> str:
    """``clear``, ``uncertain``, ``withheld`` or ``not_applicable``."""
    return "clear" if verdict.code in ("b_better", "a_better") else verdict.code


def _is(verdict: DimensionVerdict, target: str) -> bool:
    if target == "any":
        return True
    if target == "clear":
        return verdict.code in ("b_better", "a_better")
    return verdict.code == target


def _alpha(verdict: DimensionVerdict) -> float:
    return 1.0 - verdict.confidence


def comparison_certainty(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: can the data tell a difference on ``dimension``: ``"clear"``, ``"uncertain"`` or ``"withheld"``?

    Right when it is the page's verdict: ``"clear"`` for B or A better (the exact McNemar p, Holm-adjusted over the
    dimensions, at most ``1 - confidence``), ``"withheld"`` when too few cases change side for any verdict,
    ``"uncertain"`` otherwise. A wrong answer's note says why the verdict is what it is.
    """
    name = params["dimension"]
    verdict = _verdict(snapshot, snapshot.data, name)
    if verdict.code == "not_applicable":
        return _missing("comparison_not_applicable", dimension=name)
    if answer not in COMPARISON_CERTAINTIES:
        raise _AnswerError("answer_expected_comparison_certainty")
    state = _state(verdict)
    if answer == state:
        return _ok("answer_right")
    if state == "withheld":
        return _missing("comparison_is_withheld", dimension=name, count=verdict.discordant,
                        needed=verdict.needed, tests=verdict.tests)
    if state == "uncertain":
        return _missing("comparison_is_uncertain", dimension=name, count=verdict.discordant,
                        needed=verdict.needed, tests=verdict.tests, adjusted=verdict.adjusted_p,
                        alpha=_alpha(verdict))
    return _missing("comparison_is_clear", dimension=name, count=verdict.discordant, tests=verdict.tests,
                    adjusted=verdict.adjusted_p, alpha=_alpha(verdict))


def comparison_needed(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: at least how many cases must change side (pass for one system, fail for the other) on ``dimension``
    before the page could give a clear verdict there?

    Right when it is the verdict's ``needed``: the fewest cases whose most one-sided split (all one way) gives an
    exact McNemar p that, corrected for the dimensions compared together (Holm's strictest step: times their
    number), is at most ``1 - confidence``. A wrong answer's note works the test out for it.
    """
    name = params["dimension"]
    verdict = _verdict(snapshot, snapshot.data, name)
    if verdict.code == "not_applicable":
        return _missing("comparison_not_applicable", dimension=name)
    given = _answer_number(answer, 0, _MAX_CASES)
    if given == verdict.needed:
        return _ok("answer_right")
    alpha, tests = _alpha(verdict), verdict.tests
    if given < verdict.needed:
        cases = math.floor(given)
        smallest = smallest_exact_p(cases)
        return _missing("comparison_needed_too_few", count=cases, dimension=name, smallest=smallest,
                        tests=tests, corrected=min(1.0, smallest * tests), alpha=alpha)
    cases = math.ceil(given) - 1  # at least ``needed``: fewer would do
    smallest = smallest_exact_p(cases)
    return _missing("comparison_needed_too_many", count=cases, dimension=name, smallest=smallest, tests=tests,
                    corrected=min(1.0, smallest * tests), alpha=alpha)


def _now_and_loaded(snapshot: Snapshot, name: str) -> tuple[DimensionVerdict, DimensionVerdict] | CheckResult:
    """The verdict on ``name`` now and as the pair was loaded, or the result that says why there is none."""
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    now = _verdict(snapshot, snapshot.data, name)
    if now.code == "not_applicable":
        return _missing("comparison_not_applicable", dimension=name)
    return now, _verdict(snapshot, snapshot.original, name)


def comparison_verdict_moved(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the verdict on ``dimension`` differs from the one the pair as loaded gets at the same thresholds
    and confidence, and is now ``to`` (``clear``: B or A better; or ``b_better``, ``a_better``, ``uncertain``,
    ``withheld``).

    Both verdicts at the page's settings: a threshold moved changes both alike, so only changed labels move it.
    """
    name = params["dimension"]
    verdicts = _now_and_loaded(snapshot, name)
    if isinstance(verdicts, CheckResult):
        return verdicts
    now, loaded = verdicts
    if now.code == loaded.code:
        if now.code == "uncertain":
            return _missing("comparison_still_uncertain", dimension=name, count=now.discordant,
                            tests=now.tests, adjusted=now.adjusted_p, alpha=_alpha(now))
        if now.code == "withheld":
            return _missing("comparison_still_withheld", dimension=name, count=now.discordant,
                            needed=now.needed)
        return _missing("comparison_verdict_as_loaded", dimension=name)
    if not _is(now, params["to"]):
        return _missing("comparison_verdict_not_asked", dimension=name)
    return _ok("comparison_verdict_moved", dimension=name, count=now.discordant, tests=now.tests,
               adjusted=now.adjusted_p)


def comparison_more_differ(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when at least ``more`` more cases change side on ``dimension`` (pass for one system, fail for the other)
    than in the pair as loaded, at the same thresholds and confidence, and the verdict is ``verdict`` (``any``;
    ``clear``: B or A better; or ``b_better``, ``a_better``, ``uncertain``, ``withheld``).

    A threshold moved changes both counts alike, so only changed labels make more cases differ.
    """
    name = params["dimension"]
    verdicts = _now_and_loaded(snapshot, name)
    if isinstance(verdicts, CheckResult):
        return verdicts
    now, loaded = verdicts
    added = now.discordant - loaded.discordant
    if added < params["more"]:
        return _missing("comparison_too_few_more_differ", count=now.discordant, dimension=name,
                        loaded=loaded.discordant, more=params["more"])
    if not _is(now, params["verdict"]):
        return _missing("comparison_differ_verdict_not_asked", count=now.discordant, dimension=name)
    return _ok("comparison_more_differ", count=now.discordant, dimension=name, loaded=loaded.discordant,
               needed=now.needed, tests=now.tests, adjusted=now.adjusted_p)
