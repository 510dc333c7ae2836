"""Questions any page can ask: a multiple choice, a Wilson bound computed from counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from uncase_core.errors import input_error
from uncase_core.lessons.checks.snapshot import (
    PROBLEMS,
    CheckResult,
    Snapshot,
    _answer_number,
    _answer_texts,
    _missing,
    _ok,
)
from uncase_core.stats.proportions import wilson_interval


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
    lower = params["bound"] == "low"
    estimate = params["successes"] / params["total"]
    # What is wrong with it: the estimate itself given for an end of the interval (the usual slip), or which way off.
    if abs(given - estimate) <= params["tolerance"]:
        return _missing("bound_is_the_estimate_low" if lower else "bound_is_the_estimate_high")
    if lower:
        return _missing("low_bound_too_high" if given > expected else "low_bound_too_low")
    return _missing("high_bound_too_high" if given > expected else "high_bound_too_low")


# ---------------------------------------------------------------- the registry

CheckFunction = Callable[..., CheckResult]
