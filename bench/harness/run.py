"""Run a registered figure's simulation at its cells and find its worst cell."""

from __future__ import annotations

from dataclasses import dataclass

from bench.harness.cells import Cell
from bench.harness.registry import SIMULATIONS
from bench.harness.rules import MONTE_CARLO_ERRORS, TOLERANCE, IntervalResult, PromiseResult, Result, VerdictResult
from uncase_core.stats.figures import FIGURES, Figure


@dataclass(frozen=True, kw_only=True)
class Measured:
    """One figure at one cell: its result, and whether the rule applies there (the page draws it at that size and
    it states a level)."""

    figure: Figure
    cell: Cell
    result: Result

    @property
    def judged(self) -> bool:
        return self.result.drawn and self.figure.level is not None

    @property
    def holds(self) -> bool:
        return not self.judged or self.result.holds

    @property
    def margin(self) -> float:
        """How far inside its rule (positive) or outside it (negative) the figure is at this cell."""
        r = self.result
        if isinstance(r, IntervalResult):
            return r.window - (r.level - TOLERANCE - MONTE_CARLO_ERRORS * r.error)
        if isinstance(r, VerdictResult):
            return r.level + MONTE_CARLO_ERRORS * r.error - r.false
        assert isinstance(r, PromiseResult)
        return r.achieved - (r.promised - MONTE_CARLO_ERRORS * r.error)

    @property
    def mark(self) -> str:
        if not self.result.drawn:
            return "WITHHELD"
        if self.figure.level is None:
            return "no level stated"
        return "ok" if self.result.holds else "BROKEN"


def measure(figure_id: str, reduced: bool = False, seed: int = 0) -> list[Measured]:
    """Every cell of ``figure_id``'s simulation (its ``reduced`` ones for CI), each seeded ``seed + index``."""
    figure, simulation = FIGURES[figure_id], SIMULATIONS[figure_id]
    cells = simulation.reduced if reduced else simulation.full
    repeats = simulation.reduced_repeats if reduced else simulation.repeats
    return [Measured(figure=figure, cell=c, result=simulation.run(figure, c, repeats, seed + i))
            for i, c in enumerate(cells)]


def worst(measured: list[Measured]) -> Measured:
    """The cell furthest outside (or least inside) the rule among those judged; among all when none is."""
    judged = [m for m in measured if m.judged] or measured
    return min(judged, key=lambda m: m.margin)
