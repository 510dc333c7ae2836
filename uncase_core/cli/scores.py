"""``scores FILE [RUN_B]``: a tool's own scores (RAGAS score columns, DeepEval metrics, promptfoo assertions), each
column's mean over cases with its betting interval, and with a second run the paired difference B - A on the cases
both runs have, with its verdict (:mod:`uncase_core.rag.tool_scores`).

Text (default), ``--format json`` (schema_version 1, ``uncase_core/cli/schemas/scores.schema.json``) or
``--format markdown`` (a table to paste in a pull request), in English like the rest of the command line.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from uncase_core.cli.gates import Gate
from uncase_core.cli.markdown import _cell, _gate_line
from uncase_core.rag.tool_scores import ScoreColumn, ScoreComparison

VERDICT_TEXTS = MappingProxyType({"b_higher": "B higher", "b_lower": "B lower",
                                 "no_clear_difference": "no clear difference"})
WITHHELD_TEXTS = MappingProxyType({
    "outside_unit_range": "withheld: a score lies outside 0-1 (the interval needs scores in [0, 1])",
    "only_in_a": "only in A", "only_in_b": "only in B"})


def _percent(confidence: float) -> str:
    return f"{confidence:.1%}".replace(".0%", "%")


def _mean_text(column: ScoreColumn) -> str:
    """``0.853 [0.712, 0.941], 38 scored, 2 missing``, or why there is none."""
    if column.withheld:
        return f"{WITHHELD_TEXTS[column.withheld]} ({column.outside} such)"
    mean = column.mean
    missing = f", {mean.missing} missing" if mean.missing else ""
    if not mean.applicable:
        return f"N/A ({mean.n} scored{missing}: an interval needs 2)"
    return f"{mean.value:.3f} [{mean.low:.3f}, {mean.high:.3f}], {mean.n} scored{missing}"


def _difference_text(comparison: ScoreComparison) -> tuple[str, str]:
    """(``+0.120 [+0.031, +0.205], 40 pairs``, the verdict), or why there is none."""
    if comparison.withheld:
        return WITHHELD_TEXTS[comparison.withheld], "—"
    d = comparison.difference
    missing = f", {d.missing} with a score missing" if d.missing else ""
    if not d.applicable:
        return f"N/A ({d.n} pairs{missing}: an interval needs 2)", "—"
    return f"{d.value:+.3f} [{d.low:+.3f}, {d.high:+.3f}], {d.n} pairs{missing}", VERDICT_TEXTS[d.verdict]


def _name(metric: str, dimension: str | None) -> str:
    return f"{metric} ({dimension})" if dimension else metric


def scores_text(columns: tuple[ScoreColumn, ...], name: str, confidence: float,
                comparison: tuple[tuple[ScoreColumn, ...], tuple[ScoreComparison, ...], str] | None) -> str:
    percent = _percent(confidence)
    if comparison is None:
        lines = [f"{name}: the tool's scores, mean over cases with a {percent} betting interval"]
        lines += [f"  {_name(c.metric, c.dimension)}: {_mean_text(c)}" for c in columns]
        if not columns:
            lines.append("  no tool's scores in this file")
        return "\n".join(lines) + "\n"
    columns_b, comparisons, name_b = comparison
    means_a = {c.metric: c for c in columns}
    means_b = {c.metric: c for c in columns_b}
    lines = [f"A: {name}", f"B: {name_b}",
             f"each score column: mean over cases, and B - A over the cases both runs have (matched by id), with "
             f"{percent} betting intervals"]
    only = comparisons[0] if comparisons else None
    if only is not None and (only.only_a or only.only_b):
        lines.append(f"cases only in A: {only.only_a}, only in B: {only.only_b} (not compared)")
    for c in comparisons:
        difference, verdict = _difference_text(c)
        lines += ["", _name(c.metric, c.dimension)]
        if c.metric in means_a:
            lines.append(f"  A      {_mean_text(means_a[c.metric])}")
        if c.metric in means_b:
            lines.append(f"  B      {_mean_text(means_b[c.metric])}")
        lines.append(f"  B - A  {difference}")
        lines.append(f"  verdict {verdict}")
    if not comparisons:
        lines.append("no tool's scores in either file")
    return "\n".join(lines) + "\n"


def scores_markdown(columns: tuple[ScoreColumn, ...], name: str, confidence: float, gate: Gate,
                    comparison: tuple[tuple[ScoreColumn, ...], tuple[ScoreComparison, ...], str] | None) -> str:
    percent = _percent(confidence)
    if comparison is None:
        lines = [f"### Tool scores: `{_cell(name)}`", "",
                 f"Mean over cases with a {percent} betting interval (Waudby-Smith and Ramdas)", "",
                 "| score | mean [interval], cases |", "|---|---|"]
        lines += [f"| {_cell(_name(c.metric, c.dimension))} | {_mean_text(c)} |" for c in columns]
    else:
        columns_b, comparisons, name_b = comparison
        means_a = {c.metric: c for c in columns}
        means_b = {c.metric: c for c in columns_b}
        lines = [f"### Tool scores: A `{_cell(name)}`, B `{_cell(name_b)}`", "",
                 f"B - A over the cases both runs have, {percent} betting intervals (Waudby-Smith and Ramdas)", "",
                 "| score | A | B | B - A [interval], pairs | verdict |", "|---|---|---|---|---|"]
        for c in comparisons:
            difference, verdict = _difference_text(c)
            a = _mean_text(means_a[c.metric]) if c.metric in means_a else "—"
            b = _mean_text(means_b[c.metric]) if c.metric in means_b else "—"
            lines.append(f"| {_cell(_name(c.metric, c.dimension))} | {a} | {b} | {difference} | {verdict} |")
    return "\n".join([*lines, "", _gate_line(gate)]) + "\n"


def scores_json(columns: tuple[ScoreColumn, ...], name: str, confidence: float, gate: Gate,
                comparison: tuple[tuple[ScoreColumn, ...], tuple[ScoreComparison, ...], str] | None,
                schema_version: int) -> dict[str, Any]:
    out: dict[str, Any] = {"schema_version": schema_version, "a": name, "b": None, "confidence": confidence,
                           "columns": [c.to_dict() for c in columns]}
    if comparison is not None:
        columns_b, comparisons, name_b = comparison
        out.update(b=name_b, columns_b=[c.to_dict() for c in columns_b],
                   comparisons=[c.to_dict() for c in comparisons])
    out["gate"] = gate.to_dict()
    return out
