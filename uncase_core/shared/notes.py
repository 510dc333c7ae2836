"""Notes a result carries for a person to read: a stable code and its parameters, never prose.

The core never hands out sentences. A result holds :class:`Note` values (a snake_case
``code`` and a ``params`` mapping); the module that makes them keeps the English wording in a
module-level ``types.MappingProxyType`` of code -> template, used by ``to_dict()`` and the
command line, and the user interface translates the codes into its own languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Note:
    """One remark about a result: ``code`` names it, ``params`` fills its template."""

    code: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, code: str, **params: Any) -> Note:
        return cls(code, MappingProxyType(dict(params)))

    def text(self, messages: Mapping[str, str]) -> str:
        """The English wording from ``messages`` (the making module's code -> template table)."""
        return messages[self.code].format(**self.params)

    def to_dict(self, messages: Mapping[str, str]) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "text": self.text(messages)}


def notes_to_dicts(notes: tuple[Note, ...], messages: Mapping[str, str]) -> list[dict[str, Any]]:
    return [note.to_dict(messages) for note in notes]
