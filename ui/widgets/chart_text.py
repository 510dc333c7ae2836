"""A chart's text alternative: its title and the figures it draws, as sentences in the reader's language.

The charts are SVG images (``proportions_svg``, ``intervals_svg``); a screen reader reads an image's ``alt`` text
and nothing inside it, so each chart is drawn with ``alt=`` one of these (every chart has a text
alternative, the figures it shows).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ui.frame.state import language, t
from ui.i18n import format_percent
from ui.widgets.figures import figure_text
from ui.widgets.intervals_svg import IntervalRow
from uncase_core.stats.proportions import Proportion


def _percent(value: float) -> str:
    return format_percent(value, language())


def proportions_alt(title: str, figure: str, names: Sequence[str], labels: Mapping[str, str],
                    metrics: Mapping[str, Proportion], thresholds: Mapping[str, float]) -> str:
    """``Chart: ... Context relevance: 80.0% (interval 37.6% to 96.4%; threshold 70.0%). ...`` (the bars drawn, of
    the registered ``figure``)."""
    items = []
    for name in names:
        p, threshold = metrics[name], _percent(thresholds[name])
        if p.value is None:
            items.append(t("chart.alt_bar_na", name=labels[name], threshold=threshold))
        elif p.low is None or p.high is None:
            items.append(t("chart.alt_bar_alone", name=labels[name], value=_percent(p.value), threshold=threshold))
        else:
            items.append(figure_text(figure, "chart.alt_bar", name=labels[name], value=_percent(p.value),
                                     low=_percent(p.low), high=_percent(p.high), threshold=threshold))
    return " ".join([title, *items])


def intervals_alt(title: str, rows: Sequence[IntervalRow], figures: Sequence[str],
                  number: Callable[[float], str] = _percent, reference: str = "") -> str:
    """``Chart: ... Judge only: 62.0% (interval 55.1% to 68.4%). ...`` (each row drawn; row i of the registered
    ``figures[i]``, the last one for the rows after), then ``reference`` (the line drawn across the rows, if any)."""
    items = []
    for index, row in enumerate(rows):
        if row.estimate is None or row.low is None or row.high is None:
            items.append(t("chart.alt_row_na", name=row.label))
        else:
            items.append(figure_text(figures[min(index, len(figures) - 1)], "chart.alt_row", name=row.label,
                                     value=row.value_text, low=number(row.low), high=number(row.high)))
    return " ".join([title, *items, *([reference] if reference else [])])
