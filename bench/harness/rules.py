"""The rule every registered figure is judged by (issue 48), and the records a simulation returns.

- An interval: its coverage *averaged over a window* of true rates within :data:`WINDOW` of the fixed truth (Wilson's
  own coverage oscillates from one true rate to the next; the window smooths that, not the whole of [0, 1]) is at
  least its level minus :data:`TOLERANCE` (a simulated one within :data:`MONTE_CARLO_ERRORS` standard errors of
  that); the coverage at the fixed truth itself is printed beside it.
- A verdict: its false rate at every null truth is at most its level; exact where the probabilities can be summed,
  else within :data:`MONTE_CARLO_ERRORS` Monte Carlo standard errors of it (stated with the figure). Its power at a
  stated true difference is printed beside the level, with the power of the best valid procedure.
- Below the size a page draws a figure from, the figure is withheld there: measured, printed, not judged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

TOLERANCE = 0.025  # an interval's windowed coverage may fall this far below its level
WINDOW = 0.05  # the half width of the window of true rates an interval's coverage is averaged over
MONTE_CARLO_ERRORS = 3.0  # a simulated false rate may exceed its level by this many standard errors


def monte_carlo_error(rate: float, repeats: int | None) -> float:
    """The standard error of a simulated share ``rate`` over ``repeats`` (0 for an exact figure, ``repeats`` None)."""
    if repeats is None:
        return 0.0
    return math.sqrt(max(rate * (1.0 - rate), 1e-12) / max(1, repeats))


@dataclass(frozen=True, kw_only=True)
class IntervalResult:
    """An interval's coverage at one cell: ``window`` averaged over true rates within :data:`WINDOW` of the cell's
    truth, ``at_truth`` at the truth itself; ``repeats`` None when computed exactly; ``drawn`` False below the size a
    page draws it from (then not judged)."""

    window: float
    at_truth: float
    level: float
    repeats: int | None
    drawn: bool = True

    @property
    def error(self) -> float:
        return monte_carlo_error(self.level - TOLERANCE, self.repeats)

    @property
    def holds(self) -> bool:
        return not self.drawn or self.window >= self.level - TOLERANCE - MONTE_CARLO_ERRORS * self.error - 1e-12


@dataclass(frozen=True, kw_only=True)
class VerdictResult:
    """A verdict at one cell: ``false`` how often it is said at the null truth (``level`` the most it may be),
    ``power`` how often it is said at the stated alternative and ``best`` how often the best valid procedure says it
    there (None where no alternative is stated); ``repeats`` None when exact."""

    false: float
    level: float
    repeats: int | None
    power: float | None = None
    best: float | None = None
    drawn: bool = True

    @property
    def error(self) -> float:
        return monte_carlo_error(self.level, self.repeats)

    @property
    def holds(self) -> bool:
        return not self.drawn or self.false <= self.level + MONTE_CARLO_ERRORS * self.error + 1e-12


@dataclass(frozen=True, kw_only=True)
class PromiseResult:
    """A promise a page makes of a size (the planner's "N pairs would tell it"): the power ``achieved`` at the ``n``
    it names, against the ``promised`` one, within :data:`MONTE_CARLO_ERRORS` standard errors."""

    achieved: float
    promised: float
    repeats: int | None
    n: int
    drawn: bool = True

    @property
    def error(self) -> float:
        return monte_carlo_error(self.promised, self.repeats)

    @property
    def holds(self) -> bool:
        return self.achieved >= self.promised - MONTE_CARLO_ERRORS * self.error - 1e-12


Result = IntervalResult | VerdictResult | PromiseResult


def mark(result: Result) -> str:
    """``ok``, ``BROKEN``, or ``WITHHELD`` where the page does not draw the figure at that cell."""
    if not result.drawn:
        return "WITHHELD"
    return "ok" if result.holds else "BROKEN"
