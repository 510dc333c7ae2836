"""Figures for the rubric lab: verdict heatmap, leaderboard with intervals, rank bump chart."""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import plotly.graph_objects as go

from ui.widgets.text import plot_text
from uncase_core.stats.proportions import Proportion


def verdict_heatmap(verdicts: pd.DataFrame, judge: str, removed: set[tuple[str, str]], labels: Mapping[str, str]
                    ) -> go.Figure:
    """Share of runs passing, candidates by items, for one judge; a top row marks removed items with ✕.

    The marks are a row of their own, not the tick labels: with more than 60 items the ticks are hidden.
    """
    rows = verdicts[verdicts["judge"] == judge]
    share = rows.assign(item_id=rows["prompt"].astype(str) + " · " + rows["item"].astype(str)) \
        .pivot_table(index="candidate", columns="item_id", values="verdict", aggfunc="mean")
    items = list(share.columns)
    marked = [plot_text(item) for item in items if tuple(item.split(" · ", 1)) in removed]
    candidates = [plot_text(candidate) for candidate in share.index]
    items = [plot_text(item) for item in items]  # plotly draws HTML in tick and hover text: ids shown as typed
    figure = go.Figure(
        data=[go.Heatmap(z=share.to_numpy(), x=items, y=candidates, zmin=0, zmax=1,
                         colorscale=[[0, "#c0392b"], [0.5, "#f4f1de"], [1, "#2e7d32"]],
                         colorbar={"title": labels["share"]},
                         hovertemplate="%{y} · %{x}: %{z:.0%}<extra></extra>")],
        layout={"height": 190 + 22 * len(share.index), "margin": {"l": 10, "r": 10, "t": 10, "b": 10},
                "xaxis": {"showticklabels": len(items) <= 60, "tickangle": -60, "categoryorder": "array",
                          "categoryarray": items},
                "yaxis": {"categoryorder": "array", "categoryarray": [*candidates, labels["removed_row"]]}},
    )
    figure.add_scatter(x=marked, y=[labels["removed_row"]] * len(marked), mode="markers", showlegend=False,
                       marker={"symbol": "x-thin", "size": 9, "line": {"width": 2, "color": "#222"}},
                       hovertemplate="%{x}<extra></extra>")
    return figure


def leaderboard_chart(before: Mapping[str, Proportion], after: Mapping[str, Proportion],
                      labels: Mapping[str, str]) -> go.Figure:
    """DRFR (0-100) per candidate before and after filtering, with intervals (prompts as clusters), best first; a
    bar whose interval is withheld (every item from one prompt) has no error bar."""
    order = sorted(before, key=lambda c: -(after[c].value if after[c].value is not None else -1))
    bars = []

    def reach(rate: Proportion, upward: bool) -> float:
        if rate.value is None or rate.low is None or rate.high is None:
            return 0.0
        return 100 * (rate.high - rate.value if upward else rate.value - rate.low)

    for name, data, colour in ((labels["before"], before, "#9bb7d4"), (labels["after"], after, "#3b6ea8")):
        values = [100 * (data[c].value or 0) for c in order]
        bars.append(go.Bar(
            name=name, x=[plot_text(c) for c in order], y=values, marker={"color": colour},
            error_y={"type": "data", "visible": True, "array": [reach(data[c], True) for c in order],
                     "arrayminus": [reach(data[c], False) for c in order]},
        ))
    return go.Figure(data=bars, layout={"barmode": "group", "height": 340, "yaxis": {"range": [0, 105],
                                        "title": "DRFR"}, "margin": {"l": 10, "r": 10, "t": 10, "b": 10},
                                        "legend": {"orientation": "h", "y": -0.2}})


def ranks(drfr: Mapping[str, Mapping[str, Proportion]]) -> dict[str, dict[str, int]]:
    """Rank of each candidate per judge (1 = best), ties broken by name for a stable display."""
    result = {}
    for judge, table in drfr.items():
        ordered = sorted(table, key=lambda c: (-(table[c].value or 0), c))
        result[judge] = {candidate: position for position, candidate in enumerate(ordered, start=1)}
    return result


def bump_chart(before: Mapping[str, Mapping[str, Proportion]], after: Mapping[str, Mapping[str, Proportion]],
               labels: Mapping[str, str]) -> go.Figure:
    """Each candidate's rank under each judge, before (dashed) and after (solid) filtering."""
    judges = list(before)
    rank_before, rank_after = ranks(before), ranks(after)
    figure = go.Figure()
    candidates = sorted(next(iter(before.values()))) if before else []
    shown_judges = [plot_text(j) for j in judges]
    for candidate in candidates:
        shown = plot_text(candidate)
        figure.add_scatter(x=shown_judges, y=[rank_after[j][candidate] for j in judges], mode="lines+markers",
                           name=shown, legendgroup=shown)
        figure.add_scatter(x=shown_judges, y=[rank_before[j][candidate] for j in judges], mode="lines",
                           line={"dash": "dot", "width": 1}, name=f"{shown} ({labels['before']})",
                           legendgroup=shown, showlegend=False, opacity=0.5)
    figure.update_layout(height=340, yaxis={"autorange": "reversed", "title": labels["rank"], "dtick": 1},
                         margin={"l": 10, "r": 10, "t": 10, "b": 10})
    return figure
