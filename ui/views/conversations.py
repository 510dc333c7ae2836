"""Drawing conversation results: the chat with personal data marked, metric cards, the Q lesson."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, language, t
from ui.i18n import format_number, format_percent
from ui.widgets.figures import figure_text
from ui.widgets.layout import card_row
from ui.widgets.proportions import proportion_text
from ui.widgets.text import literal
from uncase_core.conversations.evaluator import CERTAINTY_KINDS, METRICS, BatchReport, ConversationResult
from uncase_core.conversations.model import Conversation
from uncase_core.conversations.privacy import PrivacyFinding


def highlighted(text: str, findings: Sequence[PrivacyFinding]) -> str:
    """Markdown of ``text`` with each personal-data span on a red background and its kind."""
    parts, position = [], 0
    for finding in sorted(findings, key=lambda f: f.start):
        parts.append(literal(text[position:finding.start]))
        parts.append(f":red-background[{literal(finding.text)}] :red[**{t(f'pii.{finding.kind}')}**]")
        position = finding.end
    parts.append(literal(text[position:]))
    return "".join(parts)


def metric_name(name: str) -> str:
    return t(f"conv.metric.{name}")


def draw_chat(conversation: Conversation, result: ConversationResult) -> None:
    by_turn: dict[int, list[PrivacyFinding]] = {}
    for finding in result.privacy_findings:
        by_turn.setdefault(finding.turn, []).append(finding)
    checks = {check.turn: check for check in result.turns}
    for index, turn in enumerate(conversation.turns):
        avatar = ":material/support_agent:" if turn.role == "agent" else ":material/person:"
        with st.chat_message("assistant" if turn.role == "agent" else "user", avatar=avatar):
            st.caption(f"{index} · {t(f'conv.role.{turn.role}')}")
            st.markdown(highlighted(turn.text, by_turn.get(index, [])))
            check = checks.get(index)
            if check is not None and check.coherent is False:
                rules = "; ".join(f"{t(f'conv.rule.{flag.rule}')}: {literal(flag_evidence(flag))}"
                                  for flag in check.flags) or t("conv.labelled_incoherent")
                st.warning(rules, icon=":material/warning:")


def flag_evidence(flag) -> str:
    """The rule's evidence in the page's language."""
    details = dict(flag.details)
    for key in ("role", "other"):
        if key in details:
            details[key] = t(f"conv.role.{details[key]}")
    return t(f"conv.evidence.{flag.rule}", **details)


def _verdict(result: ConversationResult, name: str, value: float | None, threshold: float) -> str:
    """The card's verdict and what certainty it carries: "measured" for a value of the text itself, "clear" or
    "uncertain" for a share of hand labels; "fails" only where it is clear or measured, "below" otherwise."""
    if value is None:
        return t("conv.verdict.na")
    shown = format_number(threshold, language())
    kind = "measured" if CERTAINTY_KINDS[name] == "measured" else result.certainty.get(name) or "uncertain"
    if value >= threshold:
        verdict = t("conv.verdict.pass", threshold=shown)
    elif kind == "uncertain":
        verdict = t("conv.verdict.below", threshold=shown)
    else:
        verdict = t("conv.verdict.fail", threshold=shown)
    if kind == "measured":  # computed from the text itself: no sampling, no level to state
        return f"{verdict} · {t('conv.certainty.measured')}"
    return f"{verdict} · {figure_text('conversations.verdict', f'conv.certainty.{kind}')}"


def draw_metric_cards(result: ConversationResult, thresholds: Mapping[str, float]) -> None:
    lang = language()
    values = result.metric_values()
    details = {
        "rouge_l": t("conv.band", band=t(f"conv.band.{result.rouge_band}")) if result.rouge_band else
        t("conv.no_seed"),
        "fidelity": proportion_text(result.fidelity, "conversations.fidelity", with_percent=False),
        "ttr": t("conv.mattr", mattr="—" if result.mattr is None else format_number(result.mattr, lang)),
        "coherence": proportion_text(result.coherence, "conversations.coherence", with_percent=False),
    }
    for card, name in zip(card_row(len(METRICS)), METRICS, strict=True):
        with card:
            value = values[name]
            st.metric(metric_name(name), "N/A" if value is None else format_number(value, lang),
                      help=t(f"conv.explain.{name}"))
            st.caption(details[name])
            st.caption(_verdict(result, name, value, thresholds[name]))


def draw_gates(result: ConversationResult, memorization_limit: float) -> None:
    lang = language()
    privacy, memo = card_row(2)
    with privacy:
        st.metric(t("conv.gate.privacy"), str(len(result.privacy_findings)), help=t("conv.explain.privacy"))
        if result.privacy_findings:
            kinds = ", ".join(sorted({t(f"pii.{f.kind}") for f in result.privacy_findings}))
            st.caption(t("conv.gate.privacy_fail", kinds=kinds))
        else:
            st.caption(t("conv.gate.privacy_ok"))
    with memo:
        rate = result.memorization_rate
        shown = "N/A" if rate.value is None else format_percent(rate.value, lang, 2)
        st.metric(t("conv.gate.memorization"), shown, help=t("conv.explain.memorization"))
        if rate.value is None:
            st.caption(t("conv.gate.memorization_unchecked"))
        else:
            st.caption(t("conv.gate.memorization_counts", copied=rate.successes, total=rate.total,
                         limit=format_percent(memorization_limit, lang, 0)))


def _names(names: Sequence[str]) -> str:
    return ", ".join(metric_name(n) if n in METRICS else t(f"conv.gate.{n}") for n in names)


def draw_verdict(result: ConversationResult) -> None:
    """Red and "fails" only for what clearly fails (a measured value of the text, or a share of labels whose
    verdict is clear); below the threshold but uncertain in a box of its own, named as uncertain; green only when
    every verdict is settled. Document 000's gate, which reads the values as measured, is said beside it."""
    lang = language()
    open_passing = [n for n in METRICS if n not in result.failures and result.certainty.get(n) == "uncertain"]
    if hidden(current_workspace(), "conversations", "verdict"):  # the lesson's step asks for it
        st.caption(t("lesson.hidden_part"))
    elif result.passed and open_passing:
        st.info(t("conv.passed_uncertain", count=len(open_passing), names=_names(open_passing)))
    elif result.passed:
        st.success(t("conv.passed"))
    else:
        if result.clear_failures:
            st.error(t("conv.failed", names=_names(result.clear_failures)))
        if result.uncertain_failures:
            below = result.uncertain_failures
            st.warning(t("conv.below_uncertain", count=len(below), names=_names(below)))
            st.caption(t("conv.gate_rejects"))
    if result.not_checked:
        names = ", ".join(metric_name(n) if n in METRICS else t(f"conv.gate.{n}") for n in result.not_checked)
        st.caption(t("conv.not_checked", names=names))
    q = "N/A" if result.composite_score is None else format_number(result.composite_score, lang)
    mean = "N/A" if result.mean_score is None else format_number(result.mean_score, lang)
    q_column, mean_column = card_row(2, border=False)
    q_column.metric(t("conv.q"), q, help=t("conv.explain.q"))
    mean_column.metric(t("conv.mean"), mean, help=t("conv.explain.mean"))
    over = ", ".join(metric_name(n) for n in result.min_over)
    st.caption(t("conv.min_over", names=over or "—"))
    gated = [n for n in result.failures if n in ("privacy", "memorization")]
    if gated:
        st.caption(t("conv.q_gated"))
    values = {n: v for n, v in result.metric_values().items() if n in result.min_over and v is not None}
    if not gated and values and result.composite_score is not None and result.mean_score is not None:
        lowest = min(values, key=values.__getitem__)  # the rule, with this conversation's own figures
        st.caption(t("conv.lesson_here", q=q, lowest=metric_name(lowest), mean=mean))
    else:
        st.caption(t("conv.lesson"))


def batch_table(report: BatchReport) -> pd.DataFrame:
    rows = []
    for result in report.results:
        values = result.metric_values()
        row: dict[str, object] = {t("conv.table.id"): result.id}
        for name in METRICS:
            row[metric_name(name)] = None if values[name] is None else round(values[name], 3)
        row[t("conv.gate.privacy")] = int(result.privacy_score)
        row[t("conv.gate.memorization")] = (None if result.memorization_rate.value is None
                                             else round(result.memorization_rate.value, 4))
        row["Q"] = None if result.composite_score is None else round(result.composite_score, 3)
        row[t("conv.table.passed")] = result.passed
        rows.append(row)
    return pd.DataFrame(rows)


def failure_chart(report: BatchReport) -> go.Figure:
    names = [*METRICS, "privacy", "memorization"]
    labels = [metric_name(n) if n in METRICS else t(f"conv.gate.{n}") for n in names]
    return go.Figure(
        data=[go.Bar(x=labels, y=[report.failure_counts.get(n, 0) for n in names], marker={"color": "#c0392b"},
                     hovertemplate="%{x}: %{y}<extra></extra>")],
        layout={"height": 300, "margin": {"l": 10, "r": 10, "t": 10, "b": 10},
                "yaxis": {"title": t("conv.failures_axis"), "rangemode": "tozero", "tickformat": "d"}},
    )
