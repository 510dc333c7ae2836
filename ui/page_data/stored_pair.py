"""Two RAG datasets labelled side by side and stored as one document with its edit records: the agreement page's
two annotators and the compare page's two systems. A pair comes from a built-in pair or from two uploads; what the
person changed is kept while the source still gives the pair it was stored from."""

from __future__ import annotations

from typing import Any

from ui.frame.data_kinds import DataKind
from ui.frame.workspace import Workspace
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset

Pair = tuple[RagDataset, RagDataset]


def changed_cases(original: Pair, current: Pair) -> int:
    """How many cases have a label that differs from the pair as loaded, in either dataset."""
    changed = set()
    for before, now in zip(original, current, strict=True):
        changed |= {case.id for old, case in zip(before.cases, now.cases, strict=True) if old != case}
    return len(changed)


class StoredPair:
    """A page's view of one stored pair. A subclass sets ``workspace``, ``source`` (``"builtin"`` or ``"upload"``)
    and ``kind``, reads the two uploads once into ``_uploads`` (or the reason they cannot be paired into
    ``_upload_error``), and gives :meth:`builtin`."""

    workspace: Workspace
    source: str
    kind: DataKind

    def __init__(self) -> None:
        self._uploads: Pair | None = None
        self._upload_error: InputError | None = None
        self._compared: tuple[Any, bool] | None = None  # (the stored pair as loaded, whether the uploads hold it)

    def builtin(self) -> Pair:
        """The built-in pair in the view's language."""
        raise NotImplementedError

    def loaded(self) -> Pair | None:
        """The pair as the source gives it, before any edit: the built-in pair, or the two uploads (None while one
        is missing; the InputError naming why they cannot be paired)."""
        if self.source == "builtin":
            return self.builtin()
        if self._upload_error is not None:
            raise self._upload_error
        return self._uploads

    def in_step(self) -> bool:
        """Whether the stored pair is the one the source gives (always, for the built-in pair once stored)."""
        if not self.workspace.has(self.kind):
            return False
        if self.source == "builtin":
            return True
        stored = self.workspace.original(self.kind)
        if self._compared is None or self._compared[0] is not stored:  # compared once per stored pair
            self._compared = (stored, self._upload_error is None and self._uploads == stored)
        return self._compared[1]

    @property
    def pair(self) -> Pair | None:
        """The pair with the person's edits (None while an upload is missing; InputError as :meth:`loaded`)."""
        return self.workspace.data(self.kind) if self.in_step() else self.loaded()

    @property
    def original(self) -> Pair | None:
        """The pair as loaded."""
        return self.workspace.original(self.kind) if self.in_step() else self.loaded()

    @property
    def changed(self) -> bool:
        return self.in_step() and bool(self.workspace.edits(self.kind)) and self.pair != self.original

    def changed_cases(self) -> int:
        """Cases with a changed label (0 when nothing is changed or the files cannot be paired)."""
        try:
            return changed_cases(self.original, self.pair) if self.changed else 0  # type: ignore[arg-type]
        except InputError:
            return 0

    def reset(self) -> None:
        """Every label back to the pair as loaded (StoreError propagates with nothing changed)."""
        if self.in_step():
            self.workspace.reset(self.kind)
