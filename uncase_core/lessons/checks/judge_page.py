"""The judge page's checks: PPI narrower than the hand labels alone, what the judge is worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.judge.report import JudgeReport, judge_report
from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _answer_number, _missing, _ok
from uncase_core.rag.dimensions import METRICS as RAG_METRICS


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
        # Labels given on another dimension than the step's count nothing here: say where they went ("you
        # labelled 0 units" when 15 were labelled on the page's other dimension).
        asked = params["dimension"] or snapshot.setting("judge_dimension")
        elsewhere = {other: judge_report(snapshot.data.cases, other, snapshot.setting("judge_confidence"),
                                         False).counts["both"] for other in RAG_METRICS if other != asked}
        other, count = max(elsewhere.items(), key=lambda item: item[1])
        if count > labelled:
            return _missing("labels_on_other_dimension", labelled=labelled, needed=max(params["min_labels"], 1),
                            dimension=asked, other=other, count=count)
        return _missing("too_few_labels", labelled=labelled, needed=max(params["min_labels"], 1))
    ppi = report.headline
    if params["need_disagreement"] and ppi.disagreements == 0:
        return _missing("no_disagreement_yet")
    if ppi.low is None or ppi.high is None:  # a zero-width interval is withheld (its note says why)
        return _missing("ppi_no_interval")
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
