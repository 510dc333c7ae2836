"""The one error type for bad input, which always says where the problem is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from uncase_core.bidi import mark_bidi_controls

# Control characters and line separators (a value quoted from the file may hold them) are written
# as escapes, so the message stays on one line and cannot move a terminal's cursor.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NO_PARAMS: Mapping[str, str] = MappingProxyType({})
# A part longer than this (e.g. a 1 MB value quoted in full) is shortened in the middle.
MAX_PART_CHARS = 600
_HEAD, _TAIL = 400, 150


def _one_line(text: str) -> str:
    text = _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)
    text = mark_bidi_controls(text)  # a right-to-left override would reorder the message on screen
    if len(text) > MAX_PART_CHARS:
        text = f"{text[:_HEAD]} [... {len(text) - _HEAD - _TAIL:,} characters left out ...] {text[-_TAIL:]}"
    return text


class InputError(ValueError):
    """Input that cannot be used, with the place it was found.

    ``where`` is a path into the data such as ``cases[2].claims[0].supported`` or
    ``line 7``; ``source`` is the file or upload name when there is one. ``str()`` gives
    the one-line message shown to people: ``source: where: problem``. Control characters and
    line breaks in any part are written as escapes (``\\n``), bidirectional controls as
    ``⟦U+202E⟧`` (:mod:`uncase_core.bidi`), and a part longer than :data:`MAX_PART_CHARS` is
    shortened in the middle, saying how much was left out.

    ``code`` and ``params`` are optional: a stable snake_case name for the kind of problem and
    the values its message quotes, so that a page can show the problem in its own language
    (``problem`` is the English text). They survive :meth:`located` and :meth:`nested`.
    """

    def __init__(self, problem: str, where: str = "", source: str = "", *, code: str = "",
                 params: Mapping[str, str] = _NO_PARAMS) -> None:
        self.problem = _one_line(problem)
        self.where = _one_line(where)
        self.source = _one_line(source)
        self.code = code
        self.params: Mapping[str, str] = MappingProxyType(dict(params))
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return ": ".join(part for part in (self.source, self.where, self.problem) if part)

    def located(self, source: str) -> InputError:
        """The same error, naming the file or upload it came from."""
        return InputError(self.problem, self.where, source, code=self.code, params=self.params)

    def nested(self, prefix: str) -> InputError:
        """The same error with ``prefix`` put in front of its place."""
        if not self.where:
            where = prefix
        elif self.where.startswith("["):
            where = prefix + self.where
        else:
            where = f"{prefix}.{self.where}" if prefix else self.where
        return InputError(self.problem, where, self.source, code=self.code, params=self.params)
