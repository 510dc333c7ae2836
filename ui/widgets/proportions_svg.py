"""The RAG page's chart: each dimension's rate as a bar, its interval as a whisker, its threshold as a mark.

Drawn as a static SVG image rather than a plotly figure. The chart is redrawn on every tick and slider
move, and a plotly figure costs the browser about 170 ms of CPU per redraw on the 2-core machine against
about 15 ms for this image (`bench/bench_browser_cost.py`); with thirty people on one server that is the
difference between a page that follows the clicks and one that lags. The exact numbers sit in the cards
under the chart, so hover labels are not missed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

from uncase_core.stats.proportions import Proportion

BAR_COLOUR = "#3b6ea8"
FAIL_COLOUR = "#c0392b"
THRESHOLD_COLOUR = "#222222"
GRID_COLOUR = "#e3e3e3"
TEXT_COLOUR = "#31333f"

WIDTH, HEIGHT = 360, 300
LEFT, RIGHT, TOP, PLOT_BOTTOM = 42, 6, 10, 212  # the plot area; labels and legend go below it
LEGEND_SECOND = 230  # x of the threshold's legend entry, after the longest interval entry
FONT = 'font-family="sans-serif" fill="' + TEXT_COLOUR + '"'


def two_lines(label: str) -> tuple[str, ...]:
    """A long name broken at the space nearest its middle, so that labels stay horizontal."""
    spaces = [i for i, c in enumerate(label) if c == " "]
    if len(label) <= 12 or not spaces:
        return (label,)
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return label[:cut], label[cut + 1:]


def _y(rate: float) -> float:
    return PLOT_BOTTOM - rate * (PLOT_BOTTOM - TOP)


def _percent(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def proportions_svg(
    names: Sequence[str],
    labels: Mapping[str, str],
    metrics: Mapping[str, Proportion],
    thresholds: Mapping[str, float],
    text: Mapping[str, str],
) -> str:
    """The chart as an SVG document.

    ``labels`` are the display names; ``text`` holds the translated legend entries (``threshold``, ``na``,
    ``interval``) and ``title``, a one-line description read out in place of the image. A dimension with no
    labelled unit gets no bar, only the N/A note. A bar below its threshold is drawn in the failing colour.
    """
    slot = (WIDTH - LEFT - RIGHT) / len(names)
    bar = min(48.0, slot * 0.45)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"'
        f' role="img"><title>{escape(text["title"])}</title>'
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = _y(tick)
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID_COLOUR}"/>'
                     f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="13" text-anchor="end" {FONT}>'
                     f"{_percent(tick)}</text>")
    for index, name in enumerate(names):
        p = metrics[name]
        middle = LEFT + slot * (index + 0.5)
        if p.value is None:
            parts.append(f'<text x="{middle:.1f}" y="{_y(0.06):.1f}" font-size="14" text-anchor="middle" {FONT}>'
                         f'{escape(text["na"])}</text>')
        else:
            colour = FAIL_COLOUR if p.value < thresholds[name] else BAR_COLOUR
            top = _y(p.value)
            parts.append(f'<rect x="{middle - bar / 2:.1f}" y="{top:.1f}" width="{bar:.1f}" '
                         f'height="{PLOT_BOTTOM - top:.1f}" fill="{colour}"/>')
            if p.low is not None and p.high is not None:  # a withheld interval is not drawn
                low, high = _y(p.low), _y(p.high)
                parts.append(f'<path d="M{middle:.1f} {low:.1f}V{high:.1f}M{middle - 6:.1f} {low:.1f}h12'
                             f'M{middle - 6:.1f} {high:.1f}h12" stroke="{THRESHOLD_COLOUR}" stroke-width="2" '
                             'fill="none"/>')
        mark = _y(thresholds[name])
        parts.append(f'<line x1="{middle - bar / 2 - 8:.1f}" x2="{middle + bar / 2 + 8:.1f}" y1="{mark:.1f}" '
                     f'y2="{mark:.1f}" stroke="{THRESHOLD_COLOUR}" stroke-width="3"/>')
        for line, words in enumerate(two_lines(labels[name])):
            parts.append(f'<text x="{middle:.1f}" y="{PLOT_BOTTOM + 20 + 16 * line}" font-size="14" '
                         f'text-anchor="middle" {FONT}>{escape(words)}</text>')
    legend = PLOT_BOTTOM + 70
    parts.append(f'<rect x="{LEFT + 4}" y="{legend - 6}" width="12" height="12" fill="{BAR_COLOUR}"/>'
                 f'<path d="M{LEFT + 10} {legend - 11}V{legend + 9}" stroke="{THRESHOLD_COLOUR}" stroke-width="2"/>'
                 f'<text x="{LEFT + 24}" y="{legend + 2}" font-size="14" {FONT}>{escape(text["interval"])}</text>'
                 f'<line x1="{LEGEND_SECOND}" x2="{LEGEND_SECOND + 24}" y1="{legend - 2}" y2="{legend - 2}" '
                 f'stroke="{THRESHOLD_COLOUR}" stroke-width="3"/>'
                 f'<text x="{LEGEND_SECOND + 32}" y="{legend + 2}" font-size="14" {FONT}>'
                 f'{escape(text["threshold"])}</text>')
    parts.append("</svg>")
    return "".join(parts)
