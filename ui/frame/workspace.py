"""A session's copy of one stored workspace, and the only way pages change it.

The store holds the person's work; this object is a cache of it for one browser session.
Each change goes to the store first and is shown only once it is stored: a label as an
edit record, a loaded scenario or upload as a document, a widget's value as a setting.

Two tabs (or two server processes) may hold the same workspace. Each write returns the
workspace's change number; when it is not the next one after this copy's, someone else
wrote in between, and the copy is read again from the store, so both tabs end up with
every change in the order the store committed them. :meth:`Workspace.sync`, called at the
start of every page run, does the same when another tab wrote meanwhile (one indexed read
when nothing changed). ``revision`` counts those re-reads; label tables put it in their
keys so they are drawn again from the stored labels.

No Streamlit here: ``ui/frame/state.py`` holds one of these per session and the tests use it
directly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ui.frame.data_kinds import KINDS, DataKind
from ui.frame.input_errors import page_error
from ui.frame.throttle import TooFast
from uncase_core.errors import InputError
from uncase_store import CorruptWorkspace, Snapshot, Store, StoredDocument, StoreError

WORKSPACE_FORMAT = 1
LANGUAGE = "language"
_STORED_DEFAULT = "stored_default"  # document meta: the page's default data, stored with the first edit made on it


@dataclass
class _Data:
    """One page's data: as loaded and with the person's edits, plus those edits."""

    document: StoredDocument
    original: Any
    current: Any
    edits: list[Mapping[str, Any]] = field(default_factory=list)


class CorruptData(CorruptWorkspace):
    """A stored document or edit the playground cannot use, with the reason as an
    :class:`~uncase_core.errors.InputError` (``error``: the core's reader refused it, or a ``page_stored_...``
    code of this module), which a page words in its reader's language; ``problem`` is its English, as the
    store's own :class:`~uncase_store.CorruptWorkspace` has it."""

    def __init__(self, where: str, error: InputError) -> None:
        super().__init__(where, error.message)
        self.error = error


def _read(snapshot: Snapshot) -> dict[str, _Data]:
    """Every document with its edits replayed; CorruptData names the first row that does not fit."""
    loaded: dict[str, _Data] = {}
    for name, document in snapshot.documents.items():
        kind = KINDS.get(name)
        where = f"documents[{name!r}]"
        if kind is None:
            raise CorruptData(where, page_error("page_stored_unknown_data"))
        if document.format != kind.format:
            raise CorruptData(where, page_error("page_stored_wrong_format", found=repr(document.format),
                                                expected=repr(kind.format)))
        try:
            data = kind.read(document.body, document.meta)
        except InputError as error:
            raise CorruptData(where, error) from None
        loaded[name] = _Data(document, data, data)
    for edit in snapshot.edits:
        where = f"edits[seq {edit.seq}]"
        entry = loaded.get(edit.name)
        if entry is None:
            raise CorruptData(where, page_error("page_stored_edit_without_data", name=repr(edit.name)))
        kind = KINDS[edit.name]
        if kind.apply is None:
            raise CorruptData(where, page_error("page_stored_takes_no_edits", name=repr(edit.name)))
        try:
            entry.current = kind.apply(entry.current, edit.body)
        except InputError as error:
            raise CorruptData(where, error) from None
        entry.edits.append(edit.body)
    return loaded


class Workspace:
    """One person's work as this session sees it; see the module docstring."""

    def __init__(self, store: Store, snapshot: Snapshot) -> None:
        self.store = store
        self.token = snapshot.token
        self.revision = 0
        self.problem: StoreError | None = None  # why the last change was not stored, shown until one is
        self.read_only: StoreError | None = None  # why the store took no write when this was opened (a full disk)
        self.shown: dict[str, Any] = {}  # each kept widget's value as last drawn (ui.frame.state.kept)
        self.editors: dict[str, Any] = {}  # label tables' state (ui.widgets.labels)
        # Takes one write and says how long to wait when it may not go ahead (ui.frame.throttle.Pace): the
        # session's, in workshop mode (ui.frame.state.open_workspace); None: no limit.
        self.pace: Callable[[], float] | None = None
        self._take(snapshot)

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, store: Store, token: str) -> Workspace:
        """The stored workspace; UnknownWorkspace or CorruptWorkspace (with the place) when it cannot be used."""
        return cls(store, store.load(token))

    @classmethod
    def create(cls, store: Store, settings: Mapping[str, Any] | None = None) -> Workspace:
        token = store.create_workspace()
        if settings:
            store.set_settings(token, settings)
        return cls(store, store.load(token))

    def _take(self, snapshot: Snapshot) -> None:
        self._data = _read(snapshot)
        self.seq = snapshot.seq
        self.settings: dict[str, Any] = dict(snapshot.settings)
        self.saved_at: datetime | None = snapshot.changed_at if snapshot.seq else None

    def reload(self) -> None:
        """Read everything again from the store (the store's order of changes wins)."""
        self._take(self.store.load(self.token))
        self.revision += 1
        self.editors.clear()

    def sync(self) -> bool:
        """Catch up with changes stored by another tab or process; True when there were some.

        Raises UnknownWorkspace when the workspace is gone from the store (pruned meanwhile).
        """
        if self.store.head(self.token) == self.seq:
            return False
        self.reload()
        return True

    def _paced(self) -> None:
        """TooFast, before anything is stored, when the session writes faster than its pace lets it."""
        wait = self.pace() if self.pace is not None else 0.0
        if wait > 0:
            raise TooFast(wait)

    def _wrote(self, seq: int, count: int) -> None:
        self.saved_at = datetime.now(UTC)
        self.problem = self.read_only = None
        if seq == self.seq + count:
            self.seq = seq
        else:
            self.reload()

    def unused(self) -> bool:
        """Nothing the person did is in it: no page's data, no room, no lesson; only what opening it stored (the
        language). A join may take such a workspace rather than open another."""
        return not self._data and set(self.settings) <= {LANGUAGE}

    # ------------------------------------------------------------ data

    def has(self, kind: DataKind) -> bool:
        return kind.name in self._data

    def data(self, kind: DataKind, default: Callable[[], Any] | None = None) -> Any:
        """The page's data with every edit, or ``default()`` while nothing is stored (not stored by this)."""
        entry = self._data.get(kind.name)
        if entry is not None:
            return entry.current
        return default() if default is not None else None

    def original(self, kind: DataKind, default: Callable[[], Any] | None = None) -> Any:
        """The page's data as it was loaded, before any edit."""
        entry = self._data.get(kind.name)
        if entry is not None:
            return entry.original
        return default() if default is not None else None

    def source(self, kind: DataKind) -> tuple[str, str] | None:
        """``(source, source_kind)`` of the stored data: a scenario id or file name, and which it is."""
        entry = self._data.get(kind.name)
        return None if entry is None else (entry.document.source, entry.document.source_kind)

    def meta(self, kind: DataKind) -> Mapping[str, Any]:
        entry = self._data.get(kind.name)
        return {} if entry is None else entry.document.meta

    def edits(self, kind: DataKind) -> tuple[Mapping[str, Any], ...]:
        entry = self._data.get(kind.name)
        return () if entry is None else tuple(entry.edits)

    def loaded_at(self, kind: DataKind) -> int:
        """The change number at which the person loaded the data: a new one means new data (label tables start
        over). 0 while the page shows its default, including once the default is stored with a first edit."""
        entry = self._data.get(kind.name)
        if entry is None or entry.document.meta.get(_STORED_DEFAULT):
            return 0
        return entry.document.seq

    def replace(self, kind: DataKind, data: Any, source: str, source_kind: str,
                meta: Mapping[str, Any] | None = None) -> None:
        """Store newly loaded data, dropping the previous data's edits. StoreError leaves everything as it was."""
        self._paced()
        body, written_meta = kind.write(data)
        meta = {**written_meta, **(meta or {})}
        seq = self.store.put_document(self.token, kind.name, kind.format, source, source_kind, body, meta)
        document = StoredDocument(kind.name, seq, kind.format, source, source_kind, body, meta, datetime.now(UTC))
        self._data[kind.name] = _Data(document, data, data)
        self._wrote(seq, 1)

    def edit(self, kind: DataKind, records: list[Mapping[str, Any]],
             default: Callable[[], tuple[Any, str, str]] | None = None) -> None:
        """Apply and store edit records, in order. ``default()`` gives ``(data, source, source_kind)`` to store
        first when nothing is stored yet (the data the page was showing). StoreError leaves the data unchanged."""
        if not records:
            return
        self._paced()
        if kind.apply is None:
            raise ValueError(f"{kind.name} takes no edits")
        if kind.name not in self._data:
            if default is None:
                raise ValueError(f"no {kind.name} data to edit")
            self.replace(kind, *default(), meta={_STORED_DEFAULT: True})
        entry = self._data[kind.name]
        data = entry.current
        for record in records:
            data = kind.apply(data, record)  # a record that does not fit is a bug of the page: let it show
        seq = self.store.add_edits(self.token, kind.name, records)
        if kind.name in self._data and self._data[kind.name] is entry:
            entry.current = data
            entry.edits.extend(records)
        self._wrote(seq, len(records))

    def translate(self, kind: DataKind, data: Any, language: str) -> bool:
        """Swap the stored data for the same data in ``language`` (a built-in scenario loaded in the other
        language), keeping every edit: True when done, False when the edits do not fit the other version (then
        nothing changes). Labels and revisions are kept; texts follow the person's language."""
        entry = self._data.get(kind.name)
        if entry is None or (kind.apply is None and entry.edits):
            return False
        self._paced()
        current = data
        try:
            for record in entry.edits:
                current = kind.apply(current, record)  # type: ignore[misc]
        except InputError:
            return False
        body, meta = kind.write(data)
        meta = {**dict(entry.document.meta), **meta, LANGUAGE: language}
        seq = self.store.put_document(self.token, kind.name, kind.format, entry.document.source,
                                      entry.document.source_kind, body, meta, keep_edits=True)
        document = StoredDocument(kind.name, seq, kind.format, entry.document.source, entry.document.source_kind,
                                  body, meta, datetime.now(UTC))
        self._data[kind.name] = _Data(document, data, current, list(entry.edits))
        self.revision += 1  # the label tables show the new texts
        self.editors.clear()
        self._wrote(seq, 1)
        return True

    def remove(self, kind: DataKind) -> None:
        """Forget the page's data and edits: the page shows its default again."""
        if kind.name not in self._data:
            return
        self._paced()
        seq = self.store.delete_document(self.token, kind.name)
        del self._data[kind.name]
        self.revision += 1
        self.editors.clear()
        self._wrote(seq, 1)

    def reset(self, kind: DataKind) -> None:
        """Undo every edit: back to the data as loaded."""
        if kind.name not in self._data:
            return
        self._paced()
        seq = self.store.drop_edits(self.token, kind.name)
        entry = self._data[kind.name]
        entry.current, entry.edits = entry.original, []
        self.revision += 1  # label tables start again from the data as loaded
        self.editors.clear()
        self._wrote(seq, 1)

    # ------------------------------------------------------------ settings

    def setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_settings(self, values: Mapping[str, Any], paced: bool = True) -> None:
        """Store values (``None`` deletes a key: back to its default). ``paced=False`` for the bookkeeping of a write
        the pace has just let through (focus mode's position after a label): one press, one paced write."""
        if not values:
            return
        if paced:
            self._paced()
        seq = self.store.set_settings(self.token, values)
        for key, value in values.items():
            if value is None:
                self.settings.pop(key, None)
            else:
                self.settings[key] = value
        self._wrote(seq, 1)

    @property
    def language(self) -> str | None:
        return self.settings.get(LANGUAGE)

    # ------------------------------------------------------------ export

    def to_document(self) -> dict[str, Any]:
        """Everything as one JSON object: settings, and each page's data with its edits in its download format."""
        data = {}
        for name, entry in sorted(self._data.items()):
            body, meta = KINDS[name].write(entry.current)
            data[name] = {"source": entry.document.source, "source_kind": entry.document.source_kind,
                          "format": entry.document.format, "meta": meta, "edits": len(entry.edits), "body": body}
        return {"uncase_workspace": WORKSPACE_FORMAT, "language": self.language,
                "settings": dict(sorted(self.settings.items())), "data": data}
