"""One way to say a proportion: ``k / n · p · level interval low to high · verdict``.

Every page (through :mod:`ui.widgets.proportions`, in the reader's language), the workshop projector and the
command line's text say a proportion with :func:`proportion_line`, so a rule about what may be said (an interval
withheld, N/A for no unit, the unlabelled units counted) holds everywhere at once. Each call names the figure it
draws (an id of :mod:`uncase_core.stats.figures`) and an unregistered one is refused: no interval reaches
a screen that the coverage harness does not measure. The words come in as templates
keyed like the catalogue's ``value.*`` keys and the numbers as a function, so the core stays free of the
interface's catalogues; :data:`ENGLISH` are the command line's, the same words as the English catalogue's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType

from uncase_core.stats.figures import registered
from uncase_core.stats.proportions import Proportion

Words = Callable[..., str]  # (key, **values) -> text
Percent = Callable[[float, int], str]  # (value, decimals) -> "66.7%"

ENGLISH: Mapping[str, str] = MappingProxyType({
    "value.line": "{successes} / {total} · {percent} · {level} interval {low} to {high}",
    "value.counts": "{successes} / {total} · {level} interval {low} to {high}",
    "value.withheld": "{successes} / {total} · {percent} · interval withheld",
    "value.withheld_below": "{successes} / {total} · {percent} · interval withheld below {minimum}",
    "value.unlabelled": "{count} not labelled",
    "value.na": "N/A (0 labelled, {unlabelled} not labelled)",
    "value.short": "{successes} / {total} · {percent}",
    "value.na_short": "N/A",
})


def english_words(key: str, **values: object) -> str:
    return ENGLISH[key].format(**values)


def english_percent(value: float, decimals: int = 1) -> str:
    return f"{value * 100:.{decimals}f}%"


def as_drawn(p: Proportion, figure: str) -> Proportion:
    """``p`` as a page may draw it for the registered ``figure``: without its interval where the figure states no
    level (its counts and rate say what the data show) or below the size it is drawn from (measured not to hold
    there: ``docs/coverage.md``); as it is otherwise. Charts draw this, as :func:`proportion_line` says it."""
    entry = registered(figure)
    if p.value is None or p.low is None:
        return p
    if entry.level is None or p.total < entry.drawn_from:
        return replace(p, low=None, high=None)
    return p


def proportion_line(p: Proportion, words: Words = english_words, percent: Percent = english_percent, *,
                    figure: str, with_rate: bool = True, verdict: str | None = None) -> str:
    """``3 / 5 · 60.0% · 95% interval 23.1% to 88.2%`` (``with_rate=False``: without the rate), then the units
    not labelled and the ``verdict`` if given; ``N/A (0 labelled, 2 not labelled)`` with no labelled unit, never NaN
    or 0; "interval withheld" where the proportion carries none, and with the units it needs below the size the
    figure is drawn from; the counts and rate alone for a figure that states no level. ``figure``: the registered
    figure drawn (:class:`~uncase_core.stats.figures.UnregisteredFigure` otherwise)."""
    entry = registered(figure)
    if p.value is None:
        return words("value.na", unlabelled=p.unlabelled)
    fields = {"successes": p.successes, "total": p.total, "percent": percent(p.value, 1),
              "level": percent(p.confidence, 0)}
    if entry.level is None:  # no level is claimed for this figure: its counts and rate, no interval
        text = words("value.short", **fields)
    elif p.low is not None and p.total < entry.drawn_from:  # measured not to hold below this size: what it needs
        text = words("value.withheld_below", minimum=entry.drawn_from, **fields)
    elif p.low is None or p.high is None:
        text = words("value.withheld", **fields)
    else:
        text = words("value.line" if with_rate else "value.counts", low=percent(p.low, 1), high=percent(p.high, 1),
                     **fields)
    if p.unlabelled:
        text += " · " + words("value.unlabelled", count=p.unlabelled)
    if verdict:
        text += " · " + verdict
    return text


def short_line(p: Proportion, words: Words = english_words, percent: Percent = english_percent, *,
               figure: str) -> str:
    """``2 / 3 · 66.7%``, or ``N/A``: a table cell's width, of the registered ``figure``."""
    registered(figure)
    if p.value is None:
        return words("value.na_short")
    return words("value.short", successes=p.successes, total=p.total, percent=percent(p.value, 1))


def interval_line(low: float | None, high: float | None, number: Callable[[float], str], words: Words,
                  key: str, withheld_key: str, *, figure: str) -> str:
    """An interval of any figure (a kappa, an alpha, a difference) by ``key`` with ``low`` and ``high`` filled by
    ``number``, or ``withheld_key``'s text where the interval is withheld (None); ``figure`` the registered one."""
    registered(figure)
    if low is None or high is None:
        return words(withheld_key)
    return words(key, low=number(low), high=number(high))
