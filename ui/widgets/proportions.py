"""Proportions and intervals as every page says them, in the reader's language: the interface's side of
:mod:`uncase_core.stats.reading` (one formatter for the pages, the projector and the command line)."""

from __future__ import annotations

from collections.abc import Callable

from ui.frame.state import language, t
from ui.i18n import format_number, format_percent
from ui.widgets.figures import drawn
from uncase_core.stats import reading
from uncase_core.stats.clustered import ClusteredInterval
from uncase_core.stats.proportions import Proportion


def _percent(value: float, decimals: int) -> str:
    return format_percent(value, language(), decimals)


def proportion_text(p: Proportion, figure: str, with_percent: bool = True, verdict: str | None = None) -> str:
    """``3 / 5 · 60.0% · 95% interval 23.1% to 88.2%``, or ``N/A (0 labelled, 2 not labelled)``, of the registered
    ``figure`` (:mod:`uncase_core.stats.figures`)."""
    drawn(figure)
    return reading.proportion_line(p, t, _percent, figure=figure, with_rate=with_percent, verdict=verdict)


def drawn_proportion(p: Proportion, figure: str) -> Proportion:
    """``p`` as a chart may draw it for the registered ``figure``: without its interval where the figure states no
    level or below the size it is drawn from (:func:`uncase_core.stats.reading.as_drawn`), noted as drawn."""
    drawn(figure)
    return reading.as_drawn(p, figure)


def short_proportion_text(p: Proportion, figure: str) -> str:
    """``2 / 3 · 66.7%`` (``66,7 %`` in Spanish), or ``N/A`` when no unit is labelled: a table cell's width."""
    drawn(figure)
    return reading.short_line(p, t, _percent, figure=figure)


def number_interval(low: float | None, high: float | None, figure: str, key: str = "value.interval",
                    withheld_key: str = "value.interval_withheld", decimals: int = 2,
                    number: Callable[[float], str] | None = None) -> str:
    """``0.41 to 0.73`` (a kappa's, an alpha's), or the withheld text; ``number`` for another style (signed)."""
    drawn(figure)
    return reading.interval_line(low, high, number or (lambda v: format_number(v, language(), decimals)), t, key,
                                 withheld_key, figure=figure)


def clustered_text(interval: ClusteredInterval, figure: str) -> str:
    """``41.2% to 80.3% · design effect 1.97``, the pooled rate's interval with cases as clusters, or N/A with what
    it needs (two cases with labels)."""
    drawn(figure)
    if interval.low is None or interval.high is None or interval.design_effect is None:
        return t("table.clustered_na")
    lang = language()
    return t("table.clustered_value", low=format_percent(interval.low, lang), high=format_percent(interval.high, lang),
             deff=format_number(interval.design_effect, lang, 2))


def distribution_text(yes: int, no: int, unlabelled: int) -> str:
    """How a class labelled one unit: "3 ✓ · 1 ✗ · 2 unlabelled" (the class view's and the revealed tables' cells)."""
    return t("room.distribution", yes=yes, no=no, unlabelled=unlabelled)
