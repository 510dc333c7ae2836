"""The one error type for bad input, which always says where the problem is."""

from __future__ import annotations

import re

# Control characters and line separators (a value quoted from the file may hold them) are written
# as escapes, so the message stays on one line and cannot move a terminal's cursor.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# A part longer than this (e.g. a 1 MB value quoted in full) is shortened in the middle.
MAX_PART_CHARS = 600
_HEAD, _TAIL = 400, 150


def _one_line(text: str) -> str:
    text = _CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)
    if len(text) > MAX_PART_CHARS:
        text = f"{text[:_HEAD]} [... {len(text) - _HEAD - _TAIL:,} characters left out ...] {text[-_TAIL:]}"
    return text


class InputError(ValueError):
    """Input that cannot be used, with the place it was found.

    ``where`` is a path into the data such as ``cases[2].claims[0].supported`` or
    ``line 7``; ``source`` is the file or upload name when there is one. ``str()`` gives
    the one-line message shown to people: ``source: where: problem``. Control characters and
    line breaks in any part are written as escapes (``\\n``), and a part longer than
    :data:`MAX_PART_CHARS` is shortened in the middle, saying how much was left out.
    """

    def __init__(self, problem: str, where: str = "", source: str = "") -> None:
        self.problem = _one_line(problem)
        self.where = _one_line(where)
        self.source = _one_line(source)
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return ": ".join(part for part in (self.source, self.where, self.problem) if part)

    def located(self, source: str) -> InputError:
        """The same error, naming the file or upload it came from."""
        return InputError(self.problem, self.where, source)

    def nested(self, prefix: str) -> InputError:
        """The same error with ``prefix`` put in front of its place."""
        if not self.where:
            where = prefix
        elif self.where.startswith("["):
            where = prefix + self.where
        else:
            where = f"{prefix}.{self.where}" if prefix else self.where
        return InputError(self.problem, where, self.source)
