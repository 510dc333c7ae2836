"""The fixed truths and sizes the issue asks every figure to be simulated at, and a cell of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

TRUE_RATES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  # the rates people meet; a passing system sits at the top
CASE_SIZES = (1, 12)  # units a case, drawn uniformly per case: unequal cases
WITHIN_CASE = (0.0, 0.1, 0.3, 0.5)  # within-case (intraclass) correlation
BETWEEN_DIMENSIONS = (0.0, 0.5, 0.9)  # correlation of the dimensions of one comparison


@dataclass(frozen=True, kw_only=True)
class Cell:
    """One setting a figure is simulated at: the true rate (or the null's share for a paired verdict), the size in
    the figure's own unit, and the other settings (threshold, correlations, dimensions, ...)."""

    truth: float
    n: int
    settings: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, name: str, default: float = 0.0) -> float:
        return float(self.settings.get(name, default))

    def label(self) -> str:
        extra = ", ".join(f"{name} {value:g}" for name, value in self.settings.items())
        return f"truth {self.truth:g}, n {self.n}" + (f", {extra}" if extra else "")


def cell(truth: float, n: int, **settings: float) -> Cell:
    return Cell(truth=float(truth), n=int(n), settings=MappingProxyType(dict(settings)))


def window_rates(truth: float, half_width: float, points: int = 41) -> np.ndarray:
    """True rates in ``[truth - half_width, truth + half_width]`` clipped to (0, 1): the window an interval's
    coverage is averaged over."""
    low, high = max(1e-4, truth - half_width), min(1.0 - 1e-4, truth + half_width)
    return np.linspace(low, high, points)


def case_sizes(cases: int, rng: np.random.Generator, sizes: tuple[int, int] = CASE_SIZES) -> np.ndarray:
    """Units in each of ``cases`` cases, drawn uniformly from ``sizes`` (inclusive): cases of unequal size."""
    return rng.integers(sizes[0], sizes[1] + 1, cases)
