"""Values kept for the very objects they were made from, reused when the same objects come again.

Shared by the pages (the RAG page's evaluations and rows, the agreement page's disagreement rows). A label change on
the RAG page replaces one case of up to 2,000 and keeps every other object as it was (cases,
then their evaluations). Comparing each new object with the kept one at its position is one identity test per
item, far cheaper than the work of making its value again; where the lengths differ (a case added or removed),
the kept objects are looked up by identity instead. The values not kept are made in one call, so that a first
run (or new settings) makes all of them the way that is fastest for many: one vectorised evaluation of the
dataset rather than 2,000 of one case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


def reuse(keys: Sequence[Key], kept: tuple[Sequence[Any], Sequence[Value]] | None,
          make: Callable[[list[Key]], Sequence[Value]]) -> list[Value]:
    """The value of each of ``keys``: kept in ``kept`` (the keys and values of an earlier call, the keys held alive
    by it so that an ``id`` cannot name another object) for that very object, or else made by ``make``, called once
    with every key that has none, in order."""
    found: list[Any] = [_MISSING] * len(keys)
    if kept is not None:
        old_keys, old_values = kept
        if len(old_keys) == len(keys):
            found = [value if key is old else _MISSING
                     for key, old, value in zip(keys, old_keys, old_values, strict=True)]
        else:
            by_id = {id(old): (old, value) for old, value in zip(old_keys, old_values, strict=True)}
            found = [entry[1] if (entry := by_id.get(id(key))) is not None and entry[0] is key else _MISSING
                     for key in keys]
    missing = [i for i, value in enumerate(found) if value is _MISSING]
    if missing:
        for i, value in zip(missing, make([keys[i] for i in missing]), strict=True):
            found[i] = value
    return found


_MISSING = object()  # no value kept for this key
