"""Counting a function's calls during a test: the tick-cost tests count operations (cases evaluated, catalogue
lookups, labels paired), not seconds, so they do not move with the machine's load."""

from __future__ import annotations

from typing import Any


def counted(patch: Any, module: Any, name: str) -> list[int]:
    """Replace ``module.name`` (through pytest's ``monkeypatch`` ``patch``) by a wrapper that counts its calls and
    calls the original; the returned one-item list holds the count so far."""
    calls = [0]
    original = getattr(module, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    patch.setattr(module, name, counting)
    return calls
