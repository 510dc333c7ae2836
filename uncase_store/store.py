"""Reading and writing workspaces: small rows, one transaction per change, sizes capped.

Every write is one short transaction that first bumps the workspace's ``seq`` (and its
size, refusing the write if the cap would be passed), then writes its row with that
number. The bump takes the workspace row's lock, so two tabs or two server processes
writing to one workspace are serialized there and get consecutive numbers; neither can
overwrite the other's rows, because a label change is a row of its own.

The store only keeps JSON text and numbers: it never computes a metric and never reads a
page's data format. Pages reach it through ``ui/``.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy import text as sql_text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError

from uncase_store import schema
from uncase_store.engine import create_store_engine, store_url
from uncase_store.migrations import migrate

MB = 1024 * 1024
DEFAULT_WORKSPACE_MAX_MB = 10
DEFAULT_STORE_MAX_MB = 2048
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")


# ---------------------------------------------------------------- errors


class StoreError(RuntimeError):
    """A write or read the store refused; ``str()`` is a sentence a person can act on."""


class StoreUnavailable(StoreError):
    """The database refused or could not be reached (down, full disk, a lock held too long).

    ``str()`` is for anyone: it names an ``error_id`` and no more, since the driver's words may hold the database's
    host and port. ``detail`` (the driver's first line) is for whoever runs the server, and is logged under the id.
    """

    def __init__(self, detail: str, error_id: str | None = None) -> None:
        self.error_id = error_id or new_error_id()
        self.detail = detail
        super().__init__(self._sentence())

    def _sentence(self) -> str:
        return f"the database could not be used (error {self.error_id}); try again in a moment"


class StoreDamaged(StoreUnavailable):
    """The database file is damaged (SQLite: "database disk image is malformed", "file is not a database"):
    trying again does not help; whoever runs the server restores it from a copy."""

    def _sentence(self) -> str:
        return (f"the database file is damaged (error {self.error_id}); trying again will not help: whoever runs "
                f"the server must restore it from a backup")


LOGGER = logging.getLogger("uncase.store")
DAMAGE_SIGNS = ("malformed", "not a database", "database corrupt")


def new_error_id() -> str:
    """8 hex digits, as the playground's other error ids (``ui/frame/errors.py``)."""
    return secrets.token_hex(4)


def _database_errors(method: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the driver's errors into StoreUnavailable (or StoreDamaged) with an id, logged under that id with the
    driver's first line (no SQL text, no parameters)."""
    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except DBAPIError as error:
            first = str(error.orig).strip().splitlines()[0] if error.orig is not None else type(error).__name__
            detail = f"{type(error.orig).__name__}: {first[:200]}"
            damaged = any(sign in first.lower() for sign in DAMAGE_SIGNS)
            refused = (StoreDamaged if damaged else StoreUnavailable)(detail)
            LOGGER.error("store error %s in %s: %s", refused.error_id, method.__name__, detail)
            raise refused from error
    return wrapper


class UnknownWorkspace(StoreError):
    def __init__(self, token: str) -> None:
        super().__init__(f"no workspace {token[:6]}... in this store (it may have been pruned)")
        self.token = token


def human_size(size: int) -> str:
    """``512 bytes``, ``4.0 KB``, ``10.0 MB``: the unit that keeps the number readable."""
    if size < 1024:
        return f"{size} bytes"
    if size < MB:
        return f"{size / 1024:.1f} KB"
    return f"{size / MB:.1f} MB"


class WorkspaceFull(StoreError):
    def __init__(self, size: int, adding: int, cap: int) -> None:
        super().__init__(
            f"this workspace holds {human_size(size)} and the change needs {human_size(adding)} more; "
            f"the cap is {human_size(cap)} per workspace. Download your work and start a fresh workspace, "
            f"or ask whoever runs the server to raise UNCASE_WORKSPACE_MAX_MB")
        self.size, self.adding, self.cap = size, adding, cap


class StoreFull(StoreError):
    def __init__(self, size: int, adding: int, cap: int) -> None:
        super().__init__(
            f"the server's store holds {human_size(size)} and its cap is {human_size(cap)}, so this data "
            f"({human_size(adding)}) was not stored. Whoever runs the server can prune old workspaces "
            f"(python -m uncase_store prune --days 30) or raise UNCASE_STORE_MAX_MB")
        self.size, self.adding, self.cap = size, adding, cap


class CorruptWorkspace(StoreError):
    """A stored row that cannot be read back; ``where`` names it (``edits[seq 17]``)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where, self.problem = where, problem


# ---------------------------------------------------------------- what a read returns


@dataclass(frozen=True)
class Limits:
    workspace_bytes: int = DEFAULT_WORKSPACE_MAX_MB * MB
    store_bytes: int = DEFAULT_STORE_MAX_MB * MB

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """``UNCASE_WORKSPACE_MAX_MB`` and ``UNCASE_STORE_MAX_MB``, or the defaults (10 MB and 2 GB)."""
        environ = os.environ if environ is None else environ
        values = {}
        for name, var, default in (("workspace_bytes", "UNCASE_WORKSPACE_MAX_MB", DEFAULT_WORKSPACE_MAX_MB),
                                   ("store_bytes", "UNCASE_STORE_MAX_MB", DEFAULT_STORE_MAX_MB)):
            text = environ.get(var, "").strip()
            try:
                megabytes = float(text) if text else default
            except ValueError:
                raise StoreError(f"{var} must be a number of megabytes, got {text!r}") from None
            if not megabytes > 0:
                raise StoreError(f"{var} must be more than 0, got {text!r}")
            values[name] = int(megabytes * MB)
        return cls(**values)


@dataclass(frozen=True)
class StoredDocument:
    name: str
    seq: int
    format: str
    source: str
    source_kind: str
    body: str
    meta: Mapping[str, Any]
    stored_at: datetime


@dataclass(frozen=True)
class StoredEdit:
    seq: int
    name: str
    body: Mapping[str, Any]
    stored_at: datetime


@dataclass(frozen=True)
class Snapshot:
    """Everything stored for one workspace, read in one transaction."""

    token: str
    seq: int
    created_at: datetime
    touched_at: datetime
    changed_at: datetime
    size_bytes: int
    documents: Mapping[str, StoredDocument] = field(default_factory=dict)
    edits: tuple[StoredEdit, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)

    def edits_of(self, name: str) -> tuple[StoredEdit, ...]:
        return tuple(edit for edit in self.edits if edit.name == name)

    def to_dict(self) -> dict[str, Any]:
        """The raw rows as one JSON-ready object (``python -m uncase_store export``)."""
        return {
            "uncase_store_export": 1, "token": self.token, "seq": self.seq,
            "created_at": self.created_at.isoformat(), "touched_at": self.touched_at.isoformat(),
            "changed_at": self.changed_at.isoformat(),
            "settings": dict(self.settings),
            "documents": {name: {"seq": d.seq, "format": d.format, "source": d.source,
                                 "source_kind": d.source_kind, "stored_at": d.stored_at.isoformat(),
                                 "meta": dict(d.meta), "body": d.body}
                          for name, d in self.documents.items()},
            "edits": [{"seq": e.seq, "name": e.name, "stored_at": e.stored_at.isoformat(), "body": dict(e.body)}
                      for e in self.edits],
        }


@dataclass(frozen=True)
class PruneResult:
    workspaces: int
    size_bytes: int
    rooms: int = 0


# ---------------------------------------------------------------- helpers


def new_token() -> str:
    """24 URL-safe characters from the OS's random source: 144 bits, not guessable."""
    return secrets.token_urlsafe(18)


def valid_token(token: object) -> bool:
    return isinstance(token, str) and TOKEN_PATTERN.fullmatch(token) is not None


def encode(value: Any) -> str:
    """Standard JSON only (no NaN or Infinity), compact, UTF-8 kept readable."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _utc(moment: datetime) -> datetime:
    # SQLite gives back naive datetimes; everything is stored in UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _decode(text: str, where: str) -> Any:
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise CorruptWorkspace(where, f"not standard JSON ({error})") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _upsert(connection: Connection, table: Any, values: Mapping[str, Any], keys: tuple[str, ...]) -> None:
    """Insert ``values``, or update the row with the same ``keys``: one statement on SQLite and PostgreSQL."""
    dialect = sqlite if connection.dialect.name == "sqlite" else postgresql
    statement = dialect.insert(table).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=list(keys), set_={k: v for k, v in values.items() if k not in keys})
    connection.execute(statement)


def disk_bytes(connection: Connection) -> int:
    """What the database holds on disk: SQLite's pages in use (free pages are reused before the file grows),
    PostgreSQL's ``pg_total_relation_size`` of the store's tables (with their indexes and TOAST)."""
    if connection.dialect.name == "sqlite":
        page_size = int(connection.exec_driver_sql("PRAGMA page_size").scalar() or 0)
        pages = int(connection.exec_driver_sql("PRAGMA page_count").scalar() or 0)
        free = int(connection.exec_driver_sql("PRAGMA freelist_count").scalar() or 0)
        return (pages - free) * page_size
    names = [table.name for table in schema.metadata.sorted_tables]
    return int(connection.execute(sql_text(
        "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
        "JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.relname = ANY(:names)"),
        {"names": names}).scalar())


# ---------------------------------------------------------------- the store


class Store:
    """Workspaces in one database. Thread-safe: it holds only the engine, and each call is its own transaction."""

    def __init__(self, engine: Engine, limits: Limits | None = None) -> None:
        self.engine = engine
        self.limits = limits or Limits()

    @property
    def description(self) -> str:
        """Where the store is, password hidden: ``sqlite:////.../uncase.db``."""
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    def _write(self) -> Connection:
        return self.engine.connect().execution_options(store_write=True)

    def _read(self) -> Connection:
        connection = self.engine.connect()
        if connection.dialect.name == "postgresql":
            # One snapshot for all the reads of a load, as SQLite's WAL gives by default.
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        return connection

    def _bump(self, connection: Connection, token: str, adding: int, now: datetime, count: int = 1) -> int:
        """Give the next ``count`` change numbers to ``token`` and add ``adding`` bytes, within its cap."""
        table = schema.workspaces
        row = connection.execute(
            update(table)
            .where(table.c.token == token, table.c.size_bytes + adding <= self.limits.workspace_bytes)
            .values(seq=table.c.seq + count, size_bytes=table.c.size_bytes + adding, touched_at=now, changed_at=now)
            .returning(table.c.seq)
        ).first()
        if row is not None:
            return int(row[0])
        size = connection.execute(select(table.c.size_bytes).where(table.c.token == token)).scalar()
        if size is None:
            raise UnknownWorkspace(token)
        raise WorkspaceFull(int(size), adding, self.limits.workspace_bytes)

    def _check_store_room(self, connection: Connection, adding: int) -> None:
        """StoreFull when the store's bytes on disk and ``adding`` more would pass the store's cap.

        Every write that adds bytes asks (documents, edits, settings, new workspaces and rooms). What counts is what
        the database holds on disk (:func:`disk_bytes`: rows, indexes and page overhead, about 2.6 times the JSON
        of a workspace of label edits), not the JSON's bytes, which are what the per-workspace cap counts."""
        if adding <= 0:
            return
        used = disk_bytes(connection)
        if used + adding > self.limits.store_bytes:
            raise StoreFull(used, adding, self.limits.store_bytes)

    @_database_errors
    def disk_bytes(self) -> int:
        """The bytes the store's tables take on disk (what the store's cap counts)."""
        with self.engine.connect() as connection:
            return disk_bytes(connection)

    # ------------------------------------------------------------ workspaces

    @_database_errors
    def create_workspace(self, token: str | None = None, now: datetime | None = None) -> str:
        """A new, empty workspace; its token (a fresh unguessable one unless given)."""
        token = token or new_token()
        if not valid_token(token):
            raise StoreError("a workspace token is 16-64 letters, digits, '-' or '_'")
        now = now or datetime.now(UTC)
        with self._write() as connection, connection.begin():
            self._check_store_room(connection, 1)
            connection.execute(insert(schema.workspaces).values(token=token, created_at=now, touched_at=now,
                                                                changed_at=now, seq=0, size_bytes=0))
        return token

    @_database_errors
    def head(self, token: str) -> int | None:
        """The number of the workspace's last change, or None when there is no such workspace: one indexed read."""
        with self.engine.connect() as connection:
            value = connection.execute(
                select(schema.workspaces.c.seq).where(schema.workspaces.c.token == token)).scalar()
        return None if value is None else int(value)

    @_database_errors
    def touch(self, token: str, now: datetime | None = None) -> None:
        """Mark the workspace as used (opening it counts: pruning goes by the last use)."""
        with self._write() as connection, connection.begin():
            connection.execute(update(schema.workspaces).where(schema.workspaces.c.token == token)
                               .values(touched_at=now or datetime.now(UTC)))

    @_database_errors
    def load(self, token: str) -> Snapshot:
        """Every row of the workspace, read in one transaction; CorruptWorkspace names a row that cannot be read."""
        with self._read() as connection, connection.begin():
            row = connection.execute(select(schema.workspaces).where(schema.workspaces.c.token == token)).first()
            if row is None:
                raise UnknownWorkspace(token)
            documents = {
                d.name: StoredDocument(d.name, int(d.seq), d.format, d.source, d.source_kind, d.body,
                                       _decode(d.meta, f"documents[{d.name!r}].meta"), _utc(d.stored_at))
                for d in connection.execute(select(schema.documents).where(schema.documents.c.token == token))
            }
            edits = tuple(
                StoredEdit(int(e.seq), e.name, _decode(e.body, f"edits[seq {e.seq}]"), _utc(e.stored_at))
                for e in connection.execute(select(schema.edits).where(schema.edits.c.token == token)
                                            .order_by(schema.edits.c.seq))
            )
            values = {s.key: _decode(s.value, f"settings[{s.key!r}]")
                      for s in connection.execute(select(schema.settings).where(schema.settings.c.token == token))}
        for edit in edits:
            if not isinstance(edit.body, dict):
                raise CorruptWorkspace(f"edits[seq {edit.seq}]", "expected a JSON object")
        return Snapshot(token, int(row.seq), _utc(row.created_at), _utc(row.touched_at), _utc(row.changed_at),
                        int(row.size_bytes),
                        documents, edits, values)

    @_database_errors
    def delete_workspace(self, token: str) -> None:
        with self._write() as connection, connection.begin():
            self._delete(connection, [token])

    @staticmethod
    def _delete(connection: Connection, tokens: list[str]) -> None:
        # Explicit child deletes: a SQLite file opened elsewhere without foreign_keys=ON would not cascade.
        for table in (schema.room_members, schema.edits, schema.settings, schema.documents, schema.workspaces):
            connection.execute(delete(table).where(table.c.token.in_(bindparam("tokens", expanding=True))),
                               {"tokens": tokens})

    # ------------------------------------------------------------ documents and edits

    @_database_errors
    def put_document(self, token: str, name: str, format: str, source: str, source_kind: str, body: str,
                     meta: Mapping[str, Any] | None = None, now: datetime | None = None,
                     keep_edits: bool = False) -> int:
        """Store a page's newly loaded data, replacing that page's previous document and its edits.

        ``keep_edits`` replaces only the document (the same data in another language, say), and the
        edits stay to be replayed on it; the caller has checked that they fit.
        """
        now = now or datetime.now(UTC)
        meta_text = encode(dict(meta or {}))
        size = _size(body) + _size(source) + _size(meta_text)
        with self._write() as connection, connection.begin():
            old = connection.execute(
                select(schema.documents.c.size_bytes)
                .where(schema.documents.c.token == token, schema.documents.c.name == name)).scalar() or 0
            old_edits = 0 if keep_edits else connection.execute(
                select(func.coalesce(func.sum(schema.edits.c.size_bytes), 0))
                .where(schema.edits.c.token == token, schema.edits.c.name == name)).scalar()
            adding = size - int(old) - int(old_edits)
            self._check_store_room(connection, adding)
            seq = self._bump(connection, token, adding, now)
            if not keep_edits:
                connection.execute(delete(schema.edits).where(schema.edits.c.token == token,
                                                              schema.edits.c.name == name))
            _upsert(connection, schema.documents,
                    {"token": token, "name": name, "seq": seq, "format": format, "source": source,
                     "source_kind": source_kind, "body": body, "meta": meta_text, "size_bytes": size,
                     "stored_at": now},
                    ("token", "name"))
        return seq

    @_database_errors
    def add_edits(self, token: str, name: str, bodies: Iterable[Mapping[str, Any]],
                  now: datetime | None = None) -> int:
        """Append edit records to a document, in order; returns the workspace's ``seq`` after the last."""
        encoded = [encode(dict(body)) for body in bodies]
        if not encoded:
            head = self.head(token)
            if head is None:
                raise UnknownWorkspace(token)
            return head
        now = now or datetime.now(UTC)
        sizes = [_size(text) for text in encoded]
        with self._write() as connection, connection.begin():
            if connection.execute(select(schema.documents.c.seq).where(
                    schema.documents.c.token == token, schema.documents.c.name == name)).first() is None:
                raise StoreError(f"there is no {name!r} data to edit in this workspace")
            self._check_store_room(connection, sum(sizes))
            last = self._bump(connection, token, sum(sizes), now, count=len(encoded))
            first = last - len(encoded) + 1
            connection.execute(insert(schema.edits), [
                {"token": token, "seq": first + i, "name": name, "body": text, "size_bytes": size, "stored_at": now}
                for i, (text, size) in enumerate(zip(encoded, sizes, strict=True))])
        return last

    def add_edit(self, token: str, name: str, body: Mapping[str, Any], now: datetime | None = None) -> int:
        return self.add_edits(token, name, [body], now)

    @_database_errors
    def delete_document(self, token: str, name: str, now: datetime | None = None) -> int:
        """Remove a page's data and its edits (the page goes back to its built-in default)."""
        now = now or datetime.now(UTC)
        with self._write() as connection, connection.begin():
            freed = connection.execute(
                select(func.coalesce(func.sum(schema.edits.c.size_bytes), 0))
                .where(schema.edits.c.token == token, schema.edits.c.name == name)).scalar()
            freed += connection.execute(
                select(func.coalesce(func.sum(schema.documents.c.size_bytes), 0))
                .where(schema.documents.c.token == token, schema.documents.c.name == name)).scalar()
            seq = self._bump(connection, token, -int(freed), now)
            for table in (schema.edits, schema.documents):
                connection.execute(delete(table).where(table.c.token == token, table.c.name == name))
        return seq

    @_database_errors
    def drop_edits(self, token: str, name: str, now: datetime | None = None) -> int:
        """Undo every edit of a document (back to the data as loaded)."""
        now = now or datetime.now(UTC)
        with self._write() as connection, connection.begin():
            freed = connection.execute(
                select(func.coalesce(func.sum(schema.edits.c.size_bytes), 0))
                .where(schema.edits.c.token == token, schema.edits.c.name == name)).scalar()
            seq = self._bump(connection, token, -int(freed), now)
            connection.execute(delete(schema.edits).where(schema.edits.c.token == token, schema.edits.c.name == name))
        return seq

    # ------------------------------------------------------------ settings

    @_database_errors
    def set_settings(self, token: str, values: Mapping[str, Any], now: datetime | None = None) -> int:
        """Store each value (JSON) under its key; ``None`` as a value deletes the key (back to its default)."""
        now = now or datetime.now(UTC)
        encoded = {key: (None if value is None else encode(value)) for key, value in values.items()}
        for key in encoded:
            if not isinstance(key, str) or not 0 < len(key) <= 128:
                raise StoreError(f"a setting's name is 1-128 characters, got {key!r}")
        with self._write() as connection, connection.begin():
            old = dict(connection.execute(
                select(schema.settings.c.key, schema.settings.c.size_bytes)
                .where(schema.settings.c.token == token,
                       schema.settings.c.key.in_(bindparam("keys", expanding=True))),
                {"keys": list(encoded)}).all())
            adding = sum((0 if text is None else _size(text) + _size(key)) - int(old.get(key, 0))
                         for key, text in encoded.items())
            self._check_store_room(connection, adding)
            seq = self._bump(connection, token, adding, now)
            for key, text in encoded.items():
                if text is None:
                    connection.execute(delete(schema.settings).where(schema.settings.c.token == token,
                                                                     schema.settings.c.key == key))
                else:
                    _upsert(connection, schema.settings,
                            {"token": token, "key": key, "value": text, "seq": seq,
                             "size_bytes": _size(text) + _size(key), "stored_at": now},
                            ("token", "key"))
        return seq

    def set_setting(self, token: str, key: str, value: Any, now: datetime | None = None) -> int:
        return self.set_settings(token, {key: value}, now)

    # ------------------------------------------------------------ upkeep

    @_database_errors
    def prune(self, days: float, now: datetime | None = None, dry_run: bool = False) -> PruneResult:
        """Delete workspaces neither opened nor changed for ``days`` days, and rooms unchanged as long;
        returns how many, and the workspaces' bytes."""
        if not days >= 0:
            raise StoreError(f"--days must be 0 or more, got {days}")
        cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
        table, rooms = schema.workspaces, schema.rooms
        with self._write() as connection, connection.begin():
            rows = connection.execute(select(table.c.token, table.c.size_bytes)
                                      .where(table.c.touched_at < cutoff)).all()
            tokens = [row.token for row in rows]
            codes = list(connection.execute(select(rooms.c.code).where(rooms.c.changed_at < cutoff)).scalars())
            if not dry_run:
                for start in range(0, len(tokens), 500):
                    self._delete(connection, tokens[start:start + 500])
                for start in range(0, len(codes), 500):  # a room's bytes leave its owner's workspace with it
                    self._refund_owners(connection, codes[start:start + 500])
                for table_ in (schema.room_decisions, schema.room_members, rooms):
                    for start in range(0, len(codes), 500):
                        connection.execute(delete(table_).where(table_.c.code.in_(codes[start:start + 500])))
        return PruneResult(len(tokens), sum(int(row.size_bytes) for row in rows), len(codes))

    @staticmethod
    def _refund_owners(connection: Connection, codes: list[str]) -> None:
        """Take the bytes the rooms ``codes`` counted in their owners' workspaces off those workspaces."""
        rooms, table = schema.rooms, schema.workspaces
        for owner, charged in connection.execute(
                select(rooms.c.owner, func.sum(rooms.c.charged_bytes))
                .where(rooms.c.code.in_(codes), rooms.c.owner.is_not(None), rooms.c.charged_bytes > 0)
                .group_by(rooms.c.owner)).all():
            connection.execute(update(table).where(table.c.token == owner)
                               .values(size_bytes=table.c.size_bytes - int(charged)))

    @_database_errors
    def totals(self) -> tuple[int, int]:
        """How many workspaces, and their bytes."""
        with self.engine.connect() as connection:
            count, size = connection.execute(
                select(func.count(), func.coalesce(func.sum(schema.workspaces.c.size_bytes), 0))
                .select_from(schema.workspaces)).one()
        return int(count), int(size)


@_database_errors
def open_store(url: str | None = None, limits: Limits | None = None) -> Store:
    """The store at ``url`` (default: ``UNCASE_STORE`` or the SQLite file), migrated to the newest schema."""
    engine = create_store_engine(url or store_url())
    migrate(engine)
    return Store(engine, limits or Limits.from_environment())
