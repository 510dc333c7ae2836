"""``--format markdown``: a summary of ``rag`` or ``compare`` short enough to paste in a pull request (one table row
per dimension, the gate's line, whatever the number of cases), in English like the rest of the command line."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from uncase_core.cli.gates import Gate

_GATE_TEXTS = MappingProxyType({"pass": "pass", "fail": "fail", "nothing_labelled": "nothing labelled",
                                "nothing_scored": "nothing scored"})


def _percent(value: float | None) -> str:
    return "N/A" if value is None else f"{value:.1%}"


def _rate(proportion: Any) -> str:
    """``3/5 · 60.0% [23.1%, 88.2%]``, or ``N/A (0 labelled)``."""
    if proportion.value is None:
        return "N/A (0 labelled)"
    interval = "" if proportion.low is None else f" [{_percent(proportion.low)}, {_percent(proportion.high)}]"
    return f"{proportion.successes}/{proportion.total} · {_percent(proportion.value)}{interval}"


def _signed(value: float | None) -> str:
    return "N/A" if value is None else f"{value:+.3f}"


def _cell(text: str) -> str:
    """A file name or text inside a table or code span, with nothing that breaks the table."""
    return text.replace("|", "\\|").replace("`", "'").replace("\n", " ")


def _gate_line(gate: Gate) -> str:
    names = f" ({', '.join(gate.dimensions)})" if gate.dimensions else ""
    return f"**Gate: {_GATE_TEXTS[gate.status]}**{names}, exit status {gate.exit_code}"


def rag_markdown(evaluation: Any, name: str, gate: Gate) -> str:
    pooled = evaluation.pooled
    diagnosis = pooled.diagnosis
    percent = f"{evaluation.settings.confidence:.1%}".replace(".0%", "%")
    failing_cases = sum(1 for case in evaluation.cases if case.diagnosis.failing)
    lines = [f"### RAG evaluation: `{_cell(name)}`", "",
             f"{len(evaluation.case_ids)} cases, {failing_cases} with a failing dimension; pooled units with "
             f"{percent} intervals", "",
             "| dimension | pooled | threshold | verdict |", "|---|---|---|---|"]
    for dimension, proportion in pooled.metrics.items():
        if dimension in diagnosis.not_applicable:
            verdict = "N/A"
        else:
            side = "fails" if dimension in diagnosis.failing else "passes"
            verdict = f"{side} ({'uncertain' if dimension in diagnosis.uncertain else 'clear'})"
        lines.append(f"| {dimension} | {_rate(proportion)} | {evaluation.settings.thresholds[dimension]:g} | "
                     f"{verdict} |")
    return "\n".join([*lines, "", _gate_line(gate)]) + "\n"


def compare_markdown(result: Any, name_a: str, name_b: str, gate: Gate, verdict_texts: Any) -> str:
    percent = f"{result.confidence:.1%}".replace(".0%", "%")
    lines = [f"### Compare: A `{_cell(name_a)}`, B `{_cell(name_b)}`", "",
             f"{len(result.case_ids)} cases, {percent} intervals; verdicts by the exact McNemar test of the per-case "
             "pass or fail, Holm-adjusted over the dimensions", "",
             "| dimension | A (pooled) | B (pooled) | B - A, cases passing [interval] | verdict |",
             "|---|---|---|---|---|"]
    for dimension, d in result.dimensions.items():
        paired = d.paired
        interval = "" if paired.low is None or paired.high is None else \
            f" [{_signed(paired.low)}, {_signed(paired.high)}]"
        lines.append(f"| {dimension} | {_rate(d.pooled_a)} | {_rate(d.pooled_b)} | "
                     f"{_signed(paired.difference)}{interval} | {verdict_texts[d.verdict.code]} |")
    return "\n".join([*lines, "", _gate_line(gate)]) + "\n"
