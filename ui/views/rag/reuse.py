"""Values kept for the very objects they were made from, reused when the same objects come again.

A label change on the RAG page replaces one case of up to 2,000 and keeps every other object as it was (cases,
then their evaluations). Comparing each new object with the kept one at its position is one identity test per
item, far cheaper than the work of making its value again; where the lengths differ (a case added or removed),
the kept objects are looked up by identity instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


def reuse(keys: Sequence[Key], kept: tuple[Sequence[Any], Sequence[Value]] | None,
          make: Callable[[Key], Value]) -> list[Value]:
    """``make(key)`` for each of ``keys``, except where ``kept`` (the keys and values of an earlier call, the keys
    held alive by it so that an ``id`` cannot name another object) has a value for that very object."""
    if kept is None:
        return [make(key) for key in keys]
    old_keys, old_values = kept
    if len(old_keys) == len(keys):
        return [value if key is old else make(key) for key, old, value in zip(keys, old_keys, old_values, strict=True)]
    by_id = {id(old): (old, value) for old, value in zip(old_keys, old_values, strict=True)}
    result = []
    for key in keys:
        found = by_id.get(id(key))
        result.append(found[1] if found is not None and found[0] is key else make(key))
    return result
