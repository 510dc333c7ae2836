"""Plotly figures the pages share."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ui.i18n import format_number, format_percent, percent_axis
from ui.widgets.proportions_svg import BAR_COLOUR, FAIL_COLOUR, THRESHOLD_COLOUR
from uncase_core.stats.proportions import Proportion

if TYPE_CHECKING:
    from uncase_core.stats.simulated_intervals import SimulatedInterval

BAND_COLOUR = "rgba(59, 110, 168, 0.18)"
COMPARE_COLOUR = "#c0392b"


def sweep_chart(
    xs: Sequence[float],
    rates: Sequence[Proportion],
    marks: Sequence[tuple[float, str, str]],
    text: Mapping[str, str],
    x_format: str = ".0%",
    lang: str = "en",
) -> go.Figure:
    """Pass rate against a threshold or weight, with its Wilson band and vertical marks.

    ``marks`` are ``(x, label, colour)``; ``text`` holds ``x_title``, ``y_title``, ``rate``
    and ``band``. Points whose rate is N/A (no applicable case) are left as gaps.
    """
    values = [p.value for p in rates]
    lows = [p.low for p in rates]
    highs = [p.high for p in rates]
    def x_text(x: float) -> str:
        return format_percent(x, lang, 0) if x_format == ".0%" else format_number(x, lang, 2)

    # The hover as the page writes numbers (d3's formats put no space before % for a Spanish reader).
    hovers = [f"{x_text(x)}: {format_percent(p.value, lang, 0)} ({p.successes}/{p.total})" if p.value is not None
              else f"{x_text(x)}: N/A" for x, p in zip(xs, rates, strict=True)]
    figure = go.Figure(
        data=[
            go.Scatter(x=list(xs), y=highs, mode="lines", line={"width": 0}, hoverinfo="skip", showlegend=False),
            go.Scatter(x=list(xs), y=lows, mode="lines", line={"width": 0}, fill="tonexty", fillcolor=BAND_COLOUR,
                       name=text["band"], hoverinfo="skip"),
            go.Scatter(x=list(xs), y=values, mode="lines+markers", line={"color": BAR_COLOUR, "width": 3},
                       name=text["rate"], customdata=hovers, hovertemplate="%{customdata}<extra></extra>"),
        ],
        layout={
            "xaxis": {"title": {"text": text["x_title"]},
                      **(percent_axis(lang) if x_format == ".0%" else {"tickformat": x_format})},
            "yaxis": {"title": {"text": text["y_title"]}, "range": [0, 1.05], **percent_axis(lang)},
            "margin": {"l": 10, "r": 10, "t": 48, "b": 40},
            "height": 370,
            "legend": {"orientation": "h", "y": -0.25},
            "shapes": [{"type": "line", "x0": x, "x1": x, "y0": 0, "y1": 1.05,
                        "line": {"color": colour, "dash": "dash"}} for x, _, colour in marks],
            "annotations": mark_labels(marks, span=max(xs, default=1) - min(xs, default=0)),
        },
    )
    return figure


def mark_labels(marks: Sequence[tuple[float, str, str]], span: float) -> list[dict]:
    """Labels over the vertical marks that never sit on one another: marks at the same x share one label
    ("now · equal weights"), and each label goes on the lowest line where no other label lies within 12 % of
    the axis (a line is 16 px)."""
    by_x: dict[float, list[tuple[str, str]]] = {}
    for x, label, colour in marks:
        by_x.setdefault(x, []).append((label, colour))
    annotations = []
    last_on_line: list[float] = []  # the x of the last label put on each line
    for x in sorted(by_x):
        line = next((i for i, last in enumerate(last_on_line) if x - last >= 0.12 * (span or 1)), len(last_on_line))
        if line == len(last_on_line):
            last_on_line.append(x)
        last_on_line[line] = x
        labels = by_x[x]
        annotations.append({"x": x, "y": 1.05, "text": " · ".join(label for label, _ in labels), "showarrow": False,
                            "yanchor": "bottom", "yshift": 16 * line, "font": {"color": labels[0][1]}})
    return annotations


def margin_chart(
    ns: Sequence[int],
    wilson: Sequence[float],
    normal: Sequence[float],
    target: float,
    required: int,
    text: Mapping[str, str],
) -> go.Figure:
    """The interval's margin (how far its farther bound lies from the value) against the number of units, Wilson's
    beside the normal approximation's (symmetric, so its margin is its half-width); no "±" in the hover, since
    Wilson's two sides differ near 0% and 100%."""
    return go.Figure(
        data=[
            go.Scatter(x=list(ns), y=list(wilson), mode="lines", name=text["wilson"],
                       line={"color": BAR_COLOUR, "width": 3},
                       hovertemplate="n = %{x}: %{y:.3f}<extra></extra>"),
            go.Scatter(x=list(ns), y=list(normal), mode="lines", name=text["normal"],
                       line={"color": COMPARE_COLOUR, "width": 2, "dash": "dot"},
                       hovertemplate="n = %{x}: %{y:.3f}<extra></extra>"),
        ],
        layout={
            "xaxis": {"title": {"text": text["x_title"]}, "type": "log"},
            "yaxis": {"title": {"text": text["y_title"]}, "rangemode": "tozero"},
            "margin": {"l": 10, "r": 10, "t": 48, "b": 40},
            "height": 370,
            "legend": {"orientation": "h", "y": -0.25},
            "shapes": [
                {"type": "line", "xref": "paper", "x0": 0, "x1": 1, "y0": target, "y1": target,
                 "line": {"color": THRESHOLD_COLOUR, "dash": "dash"}},
                {"type": "line", "x0": required, "x1": required, "yref": "paper", "y0": 0, "y1": 1,
                 "line": {"color": THRESHOLD_COLOUR, "dash": "dash"}},
            ],
            "annotations": [{"x": math.log10(required), "yref": "paper", "y": 1.0, "text": f"n = {required}",
                             "showarrow": False, "yanchor": "bottom"}],
        },
    )


def simulated_intervals_chart(intervals: Sequence[SimulatedInterval], truth: float, text: Mapping[str, str],
                              lang: str = "en") -> go.Figure:
    """One horizontal segment per simulated dataset's interval, a mark at its estimate, and the true rate as a
    dashed vertical line. An interval that misses the truth is told by more than its colour (a projector or a
    reader may not tell red from blue): its segment is dotted and thicker and its estimate an ×, and the legend
    counts each kind. ``text`` holds ``covers``, ``misses``, ``truth``, ``dataset``, ``x_title`` and ``y_title``."""
    traces = []
    for kind, colour, dash, width, symbol, size in (("covers", BAR_COLOUR, "solid", 2, "circle", 5),
                                                    ("misses", FAIL_COLOUR, "dot", 3, "x", 9)):
        rows = [(i, interval) for i, interval in enumerate(intervals, start=1) if interval.covers == (kind == "covers")]
        xs: list[float | None] = []
        ys: list[int | None] = []
        for i, interval in rows:
            xs += [interval.low, interval.high, None]
            ys += [i, i, None]
        hovers = [f"{text['dataset']} {i}: {format_percent(interval.estimate, lang)} "
                  f"({format_percent(interval.low, lang)} – {format_percent(interval.high, lang)})"
                  for i, interval in rows]
        traces += [
            go.Scatter(x=xs, y=ys, mode="lines", name=f"{text[kind]} ({len(rows)})", legendgroup=kind,
                       line={"color": colour, "width": width, "dash": dash}, hoverinfo="skip"),
            go.Scatter(x=[interval.estimate for _, interval in rows], y=[i for i, _ in rows], mode="markers",
                       legendgroup=kind, showlegend=False, marker={"color": colour, "symbol": symbol, "size": size},
                       customdata=hovers, hovertemplate="%{customdata}<extra></extra>"),
        ]
    return go.Figure(
        data=traces,
        layout={
            "xaxis": {"title": {"text": text["x_title"]}, "range": [-0.02, 1.02], **percent_axis(lang)},
            "yaxis": {"title": {"text": text["y_title"]}, "range": [len(intervals) + 1, 0], "zeroline": False},
            "margin": {"l": 10, "r": 10, "t": 40, "b": 40},
            "height": 620,
            "legend": {"orientation": "h", "y": -0.12},
            "shapes": [{"type": "line", "x0": truth, "x1": truth, "yref": "paper", "y0": 0, "y1": 1,
                        "line": {"color": THRESHOLD_COLOUR, "dash": "dash", "width": 2}}],
            "annotations": [{"x": truth, "yref": "paper", "y": 1.0, "text": text["truth"], "showarrow": False,
                             "yanchor": "bottom"}],
        },
    )
