"""The one error type for bad input, which always says where the problem is."""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be used, with the place it was found.

    ``where`` is a path into the data such as ``cases[2].claims[0].supported`` or
    ``line 7``; ``source`` is the file or upload name when there is one. ``str()`` gives
    the one-line message shown to people: ``source: where: problem``.
    """

    def __init__(self, problem: str, where: str = "", source: str = "") -> None:
        self.problem = problem
        self.where = where
        self.source = source
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
