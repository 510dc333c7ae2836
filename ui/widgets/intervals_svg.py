"""The judge page's chart: each method's estimate and interval on one 0-100% scale, one row each (the compare page
draws its differences on a -1 to 1 scale with it).

A static SVG image, as the RAG page's chart (``ui/widgets/proportions_svg.py`` says why: a plotly figure costs the
browser about ten times as much per redraw, and this chart is redrawn on every answer). Rows rather than
columns, so the method names stay horizontal and the chart reads at 460 px as well as wider. The exact
figures sit in the cards under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ui.widgets.proportions_svg import GRID_COLOUR, TEXT_COLOUR, THRESHOLD_COLOUR, two_lines

WIDTH = 460
LEFT, RIGHT, TOP, ROW = 150, 18, 34, 46  # plot from x = LEFT to WIDTH - RIGHT; first row's middle at TOP + ROW / 2
FONT = 'font-family="sans-serif" fill="' + TEXT_COLOUR + '"'
HALO = 'stroke="white" stroke-width="3" paint-order="stroke"'  # text stays readable over a bar or the truth line
LABEL_CHARS = 17  # a longer method name is broken into two lines (about 8 px a character at 14 px)

JUDGE_COLOUR = "#c0392b"
HAND_COLOUR = "#555555"
PPI_COLOUR = "#3b6ea8"
TUNED_COLOUR = "#6a3d9a"


@dataclass(frozen=True)
class IntervalRow:
    """One method: its name, its estimate and interval (``None``: not available) and the estimate as text."""

    label: str
    estimate: float | None
    low: float | None
    high: float | None
    value_text: str
    colour: str


@dataclass(frozen=True)
class Axis:
    """The scale the rows share: from ``low`` to ``high``, a grid line and its label at each tick. The default is
    the judge page's 0-100 %; a difference of two rates runs from -1 to 1."""

    low: float = 0.0
    high: float = 1.0
    ticks: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
    tick_text: Callable[[float], str] = lambda tick: f"{tick * 100:.0f}%"

    def x(self, value: float) -> float:
        return LEFT + (value - self.low) / (self.high - self.low) * (WIDTH - LEFT - RIGHT)


RATES = Axis()


def _x(rate: float, axis: Axis = RATES) -> float:
    return axis.x(rate)


def _label_at(x: float, reach: float) -> str:
    """``x`` and ``text-anchor`` for a label centred on ``x`` that would otherwise run ``reach`` px past an edge."""
    if x + reach > WIDTH - 2:
        return f'x="{WIDTH - 2}" text-anchor="end"'
    if x - reach < LEFT - 20:
        return f'x="{LEFT - 20}" text-anchor="start"'
    return f'x="{x:.1f}" text-anchor="middle"'


def intervals_svg(rows: Sequence[IntervalRow], truth: float | None, text: Mapping[str, str],
                  axis: Axis = RATES) -> str:
    """The chart as an SVG document.

    ``text`` holds ``title`` (read out in place of the image), ``na`` (shown for a row with no interval)
    and ``truth`` (the label of the dashed line drawn at ``truth``, when it is given). ``axis`` is the scale.
    """
    height = TOP + ROW * len(rows) + 30
    bottom = TOP + ROW * len(rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}"'
        f' role="img"><title>{escape(text["title"])}</title>'
    ]
    for tick in axis.ticks:
        x = _x(tick, axis)
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP - 6}" y2="{bottom}" stroke="{GRID_COLOUR}"/>'
                     f'<text x="{x:.1f}" y="{bottom + 18}" font-size="13" text-anchor="middle" {FONT}>'
                     f"{escape(axis.tick_text(tick))}</text>")
    for index, row in enumerate(rows):
        middle = TOP + ROW * index + ROW / 2
        lines = two_lines(row.label) if len(row.label) > LABEL_CHARS else (row.label,)
        for number, words in enumerate(lines):
            y = middle + 5 + 16 * (number - (len(lines) - 1) / 2)
            parts.append(f'<text x="{LEFT - 10}" y="{y:.1f}" font-size="14" text-anchor="end" {FONT}>'
                         f"{escape(words)}</text>")
        if row.estimate is None or row.low is None or row.high is None:
            parts.append(f'<text x="{_x(axis.low + 0.02 * (axis.high - axis.low), axis):.1f}" y="{middle + 5:.1f}" '
                         f'font-size="13" {FONT}>'
                         f'{escape(text["na"])}</text>')
            continue
        low, high, point = _x(row.low, axis), _x(row.high, axis), _x(row.estimate, axis)
        parts.append(f'<line x1="{low:.1f}" x2="{high:.1f}" y1="{middle:.1f}" y2="{middle:.1f}" '
                     f'stroke="{row.colour}" stroke-width="8" stroke-linecap="round" opacity="0.55"/>'
                     f'<circle cx="{point:.1f}" cy="{middle:.1f}" r="6" fill="{row.colour}"/>'
                     f'<text {_label_at(point, 24)} y="{middle - 11:.1f}" font-size="12" {FONT} {HALO}>'
                     f"{escape(row.value_text)}</text>")
    if truth is not None:
        x = _x(truth, axis)
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP - 8}" y2="{bottom}" stroke="{THRESHOLD_COLOUR}" '
                     f'stroke-width="2" stroke-dasharray="5 4"/>'
                     f'<text {_label_at(x, 3.5 * len(text["truth"]))} y="{TOP - 14}" font-size="12" {FONT}>'
                     f'{escape(text["truth"])}</text>')
    parts.append("</svg>")
    return "".join(parts)
