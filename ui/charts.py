"""Plotly figures the pages share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from uncase_core.stats import Proportion

BAR_COLOUR = "#3b6ea8"
FAIL_COLOUR = "#c0392b"
THRESHOLD_COLOUR = "#222222"


def _two_lines(label: str) -> str:
    """Break a long name at the space nearest its middle, so axis labels stay horizontal."""
    spaces = [i for i, c in enumerate(label) if c == " "]
    if len(label) <= 12 or not spaces:
        return label
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return f"{label[:cut]}<br>{label[cut + 1:]}"


def proportions_chart(
    names: Sequence[str],
    labels: Mapping[str, str],
    metrics: Mapping[str, Proportion],
    thresholds: Mapping[str, float],
    text: Mapping[str, str],
) -> go.Figure:
    """Bars with Wilson error bars and a threshold mark per dimension.

    ``labels`` are the display names; ``text`` holds the translated legend entries
    (``threshold``, ``na``, ``interval``). N/A dimensions get no bar, only a note.
    """
    x = [_two_lines(labels[n]) for n in names]
    values = [metrics[n].value for n in names]
    shown = [v if v is not None else 0.0 for v in values]
    upper = [(metrics[n].high - metrics[n].value) if metrics[n].value is not None else 0.0 for n in names]
    lower = [(metrics[n].value - metrics[n].low) if metrics[n].value is not None else 0.0 for n in names]
    colours = [
        FAIL_COLOUR if v is not None and v < thresholds[n] else BAR_COLOUR for n, v in zip(names, values, strict=True)
    ]
    annotations = [
        {"x": label, "y": 0.05, "text": text["na"], "showarrow": False, "font": {"size": 14}}
        for label, value in zip(x, values, strict=True) if value is None
    ]
    # One constructor call: plotly validates each update, and incremental updates cost a
    # noticeable share of every rerun.
    figure = go.Figure(
        data=[
            go.Bar(
                x=x,
                y=shown,
                marker={"color": colours},
                error_y={"type": "data", "array": upper, "arrayminus": lower, "visible": True,
                         "thickness": 2, "width": 10},
                name=text["interval"],
                hovertemplate="%{x}: %{y:.0%}<extra></extra>",
            ),
            go.Scatter(
                x=x,
                y=[thresholds[n] for n in names],
                mode="markers",
                marker={"symbol": "line-ew-open", "size": 46, "color": THRESHOLD_COLOUR,
                        "line": {"width": 3, "color": THRESHOLD_COLOUR}},
                name=text["threshold"],
                hovertemplate="%{x}: " + text["threshold"] + " %{y:.0%}<extra></extra>",
            ),
        ],
        layout={
            "yaxis": {"range": [0, 1.05], "tickformat": ".0%"},
            "margin": {"l": 10, "r": 10, "t": 10, "b": 40},
            "height": 340,
            "legend": {"orientation": "h", "y": -0.15},
            "bargap": 0.45,
            "annotations": annotations,
        },
    )
    return figure
