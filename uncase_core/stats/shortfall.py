"""How far a withheld figure is from being given, and whether this data can ever get there.

A page withholds an interval or a verdict below the number of units (cases, pairs, labels) it holds its level with,
and says how many more it needs. That count is honest only if more can come: a workshop room of 14 units can never
reach the 50 units alpha's interval needs, however many people label it, and "up to 48 more needed" would send a
teacher waiting for something that cannot arrive. :class:`Shortfall` keeps the three numbers together, so a page
says "N more needed" where the data can still grow to the minimum, and otherwise what this data can show and what
would give the figure (a larger set of cases, a room on more units).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Shortfall:
    """``have`` units of the ``minimum`` a figure is given from; ``most`` is the most this data can ever have (the
    units of the room, the pairs of the comparison, the judged units of the set), ``None`` when it can grow
    without bound (a dataset a person can still add to)."""

    have: int
    minimum: int
    most: int | None = None

    @property
    def needed(self) -> int:
        """How many more units the figure needs (0 once it is given)."""
        return max(0, self.minimum - self.have)

    @property
    def can_come(self) -> bool:
        """Whether this data can ever reach the minimum: labelling more of it may still give the figure."""
        return self.most is None or self.most >= self.minimum
