"""Which unit to hand-label next: uniform random sampling without replacement, seeded.

Prediction-powered inference corrects the judge with the labelled units, and its interval is
valid only if those units are a uniform random sample of the judged units: every unit equally
likely to be labelled, whatever its text, its verdict or how easy it looks. A person choosing
units (the first ones, the doubtful ones, the ones the judge said yes to) makes the labelled
set unrepresentative and the correction biased. So the playground picks for them.

The order is one seeded random permutation of the unit list, so the same seed gives the same
sequence and each prefix of it is a uniform random sample without replacement. Units labelled
by other means are skipped; if many were chosen by hand, the labelled set is no longer uniform
and PPI's guarantee no longer holds. Changing the seed after seeing units is the same thing: the
units already labelled are a prefix of the old order, not of the new one, and moving to another
order whenever a unit looks hard is skipping it. :func:`follows_order` tells whether the units done
so far are still the first ones of the seed's order.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping, Sequence, Set
from types import MappingProxyType
from typing import TypeVar

import numpy as np

from uncase_core.errors import expected_at_least, input_error

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "unit_listed_twice": "the same unit is listed twice; give each unit once",
})

Key = TypeVar("Key", bound=Hashable)


def labelling_order(units: Sequence[Key], seed: int) -> list[Key]:
    """Every unit once, in the seeded random order in which they are offered for labelling."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise expected_at_least("whole_number", 0, repr(seed), "seed")
    if len(set(units)) != len(units):
        raise input_error(PROBLEMS, "unit_listed_twice", "units")
    permutation = np.random.default_rng(int(seed)).permutation(len(units))
    return [units[i] for i in permutation]


def next_unit_to_label(units: Sequence[Key], labelled: Set[Key], seed: int) -> Key | None:
    """The next unit to label: the first unit of :func:`labelling_order` not yet in ``labelled``.

    Parameters
    ----------
    units : sequence of hashable keys
        Every judged unit (e.g. ``(case id, unit id)`` pairs), each once, in a fixed order.
    labelled : set of keys
        The units that already have a hand label (keys not in ``units`` are ignored).
    seed : int
        The seed of the order; the same seed and units give the same sequence of picks.

    Returns
    -------
    key or None
        ``None`` when every unit is labelled.
    """
    for unit in labelling_order(units, seed):
        if unit not in labelled:
            return unit
    return None


def follows_order(units: Sequence[Key], done: Set[Key], seed: int) -> bool:
    """Whether the units in ``done`` (labelled or skipped) are exactly the first ones of :func:`labelling_order`.

    False when the seed was changed after units were seen, or labels came from elsewhere (a file, another order):
    the labelled set is then not known to be a uniform random sample. Keys not in ``units`` are ignored.
    """
    order = labelling_order(units, seed)
    count = sum(1 for unit in order if unit in done)
    return all(unit in done for unit in order[:count])
