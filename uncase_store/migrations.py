"""The schema's version and the steps that bring an older store forward, run when the app starts.

The version lives in ``store_meta`` under ``schema_version``. :func:`migrate` applies each
missing step in order, each in its own transaction together with the new version number,
so a store is always at one version or the next, never between. Several processes may
start at once (two Streamlit servers on one SQLite file, or on one PostgreSQL): the
version is re-read under a write lock before each step, so a step runs once.

Rules for new steps: append, never edit a released step; a step that changes a table an
earlier step created uses explicit DDL (``ALTER TABLE ...``), not the current
:mod:`uncase_store.schema` objects, which describe the newest shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, inspect, select, text

from uncase_store import schema


class SchemaTooNew(RuntimeError):
    """The store was written by a newer version of the playground than this one."""


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: Callable[[Connection], None]


def _create_workspace_tables(connection: Connection) -> None:
    for table in (schema.workspaces, schema.documents, schema.edits, schema.settings):
        table.create(connection, checkfirst=True)


def _create_room_tables(connection: Connection) -> None:
    for table in (schema.rooms, schema.room_members):
        table.create(connection, checkfirst=True)


PLAIN_SECRET_SETTINGS = ("facilitated_rooms",)  # earlier playgrounds kept room secrets there


def _drop_plain_secrets(connection: Connection) -> None:
    """Delete the settings in which earlier playgrounds kept a facilitator's room secrets in plain text (the rooms
    keep only hashes, and their owner opens them by workspace), and take their bytes off their workspaces' sizes."""
    for key in PLAIN_SECRET_SETTINGS:
        connection.execute(text(
            "UPDATE workspaces SET size_bytes = size_bytes - COALESCE((SELECT SUM(settings.size_bytes) FROM settings "
            "WHERE settings.token = workspaces.token AND settings.key = :key), 0)"), {"key": key})
        connection.execute(text("DELETE FROM settings WHERE key = :key"), {"key": key})


def _add_resume_hash(connection: Connection) -> None:
    """A column for the hash of each room member's code to come back; a store whose room tables were
    made by step 2 from today's schema already has it."""
    if "resume_hash" not in {column["name"] for column in inspect(connection).get_columns("room_members")}:
        connection.execute(text("ALTER TABLE room_members ADD COLUMN resume_hash VARCHAR(64)"))


def _create_room_decisions(connection: Connection) -> None:
    """The facilitator's adjudication records of each room."""
    schema.room_decisions.create(connection, checkfirst=True)


def _add_charged_bytes(connection: Connection) -> None:
    """A column for the bytes a room counts in its owner's workspace: rooms made before it count none,
    since their bytes were never added to a workspace. A store whose room tables were made by step 2 from today's
    schema already has it."""
    if "charged_bytes" not in {column["name"] for column in inspect(connection).get_columns("rooms")}:
        connection.execute(text("ALTER TABLE rooms ADD COLUMN charged_bytes BIGINT NOT NULL DEFAULT 0"))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "workspaces: documents, edits and settings", _create_workspace_tables),
    Migration(2, "workshop rooms and their members", _create_room_tables),
    Migration(3, "no room secrets in plain text in workspace settings", _drop_plain_secrets),
    Migration(4, "room members' codes to come back, as hashes", _add_resume_hash),
    Migration(5, "the facilitator's adjudication of each room", _create_room_decisions),
    Migration(6, "a room's bytes counted in its owner's workspace", _add_charged_bytes),
)
LATEST_VERSION = MIGRATIONS[-1].version


_MIGRATION_LOCK = 0x756E63617365  # "uncase": PostgreSQL advisory lock key held while migrating


def _write_lock(connection: Connection) -> None:
    """Serialize migrating processes: the engine takes SQLite's write lock at BEGIN; PostgreSQL takes an advisory
    lock until the transaction ends (table creation itself is not safe from two processes at once there)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")


def current_version(connection: Connection) -> int:
    if not inspect(connection).has_table("store_meta"):
        return 0
    value = connection.execute(
        select(schema.store_meta.c.value).where(schema.store_meta.c.key == "schema_version")).scalar()
    return int(value) if value is not None else 0


def _set_version(connection: Connection, version: int) -> None:
    table = schema.store_meta
    updated = connection.execute(
        table.update().where(table.c.key == "schema_version").values(value=str(version))).rowcount
    if not updated:
        connection.execute(table.insert().values(key="schema_version", value=str(version)))


def migrate(engine: Engine, target: int = LATEST_VERSION, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Bring the store to ``target`` (default: the newest schema); returns the version it is at.

    Raises :class:`SchemaTooNew` when the store is newer than this code knows, rather than
    guessing at a layout it has never seen.
    """
    newest = migrations[-1].version
    with engine.connect() as connection, connection.execution_options(store_write=True).begin():
        _write_lock(connection)
        schema.store_meta.create(connection, checkfirst=True)
    for step in migrations:
        if step.version > target:
            break
        with engine.connect() as connection, connection.execution_options(store_write=True).begin():
            _write_lock(connection)
            version = current_version(connection)
            if version > newest:
                raise SchemaTooNew(f"the store is at schema version {version}; this playground knows up to "
                                   f"{newest}: update the playground")
            if version >= step.version:
                continue
            if version != step.version - 1:
                raise RuntimeError(f"the store is at schema version {version} and the next step is "
                                   f"{step.version}: a step is missing")
            step.apply(connection)
            _set_version(connection, step.version)
    with engine.connect() as connection:
        return current_version(connection)
