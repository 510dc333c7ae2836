"""The conversation page's checks: a gate that sets Q to zero, the failing gates, the turns that leak.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.conversations.evaluator import GATES, ConversationResult
from uncase_core.conversations.evaluator import METRICS as CONVERSATION_METRICS
from uncase_core.errors import term
from uncase_core.lessons.checks.snapshot import (
    TERMS,
    CheckResult,
    Snapshot,
    _answer_texts,
    _AnswerError,
    _conversation_result,
    _current,
    _missing,
    _ok,
)


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
