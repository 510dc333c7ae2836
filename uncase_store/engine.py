"""Which database the store uses, and the SQLAlchemy engine for it.

By default the store is one SQLite file, ``data/uncase.db`` beside the project, in WAL
mode, so there is nothing to install or start and several Streamlit processes on one
machine can share it. ``UNCASE_STORE`` names another database as a SQLAlchemy URL:
``sqlite:////abs/path/uncase.db`` or ``postgresql+psycopg://user:password@host/db`` for a
workshop larger than one machine serves (see ``docs/deploy.md``). The PostgreSQL driver
is imported by SQLAlchemy only when such a URL is used.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

ENV_VAR = "UNCASE_STORE"
DEFAULT_PATH = Path(__file__).resolve().parents[1] / "data" / "uncase.db"
BUSY_TIMEOUT_MS = 30_000  # how long a SQLite writer waits for another process's transaction
CONNECTIONS_ENV = "UNCASE_STORE_CONNECTIONS"
# Connections one process may hold at once, in use or idle: the pool's size, with no overflow beyond it, so a
# process never asks the database for more (PostgreSQL's default max_connections is 100; docs/deploy.md has the
# arithmetic for N processes). A transaction holds one for milliseconds and full page runs are let in two at a time
# (ui/frame/admission.py), so ten leave room for the fragments' runs beside them.
DEFAULT_CONNECTIONS = 10
MAX_CONNECTIONS = 100
POOL_TIMEOUT_S = 30  # a run that finds every connection busy waits this long, then the page says the store is busy


class StoreConfigError(ValueError):
    """``UNCASE_STORE`` names a database the store cannot use; the message says what to write instead."""


def store_url(environ: Mapping[str, str] | None = None) -> str:
    """The configured URL: ``UNCASE_STORE`` if set, else the default SQLite file."""
    environ = os.environ if environ is None else environ
    return environ.get(ENV_VAR, "").strip() or f"sqlite:///{DEFAULT_PATH}"


def redacted(url: str) -> str:
    """The URL with any password hidden, for messages and logs."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(unreadable URL)"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # We issue BEGIN ourselves (see _sqlite_begin): the sqlite3 module's own implicit transactions
    # would leave DDL outside them and cannot take the write lock up front.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys = ON")
    # WAL lets readers go on while one process writes; synchronous=FULL syncs the log on every commit,
    # so a change acknowledged on screen survives a power cut as well as a server restart.
    if cursor.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() == "wal":
        cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    # A write transaction takes the write lock at BEGIN (waiting up to busy_timeout) rather than on its first
    # write, where SQLite would fail at once if another process had written since the transaction's first read.
    immediate = connection.get_execution_options().get("store_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def store_connections(environ: Mapping[str, str] | None = None) -> int:
    """How many connections one process's engine may hold: ``UNCASE_STORE_CONNECTIONS`` or 10 (1 to 100)."""
    text = (os.environ if environ is None else environ).get(CONNECTIONS_ENV, "").strip()
    if not text:
        return DEFAULT_CONNECTIONS
    if not text.isdigit() or not 1 <= int(text) <= MAX_CONNECTIONS:
        raise StoreConfigError(f"{CONNECTIONS_ENV} must be a whole number from 1 to {MAX_CONNECTIONS}, got {text!r}")
    return int(text)


def create_store_engine(url: str, connections: int | None = None) -> Engine:
    """An engine for ``url``, SQLite or PostgreSQL, set up for many short transactions from many threads, holding
    at most ``connections`` connections at once (default: :func:`store_connections`)."""
    connections = store_connections() if connections is None else connections
    pool = {"pool_size": connections, "max_overflow": 0, "pool_timeout": POOL_TIMEOUT_S}
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise StoreConfigError(f"{ENV_VAR} is not a database URL ({error}); write e.g. "
                               f"sqlite:////abs/path/uncase.db or postgresql+psycopg://user@host/db") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        memory = database in ("", ":memory:") or "mode=memory" in database
        engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
                               **({} if memory else pool))  # an in-memory database is one connection anyway
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if backend == "postgresql":
        if parsed.get_driver_name() != "psycopg":
            raise StoreConfigError(f"{ENV_VAR}: use the psycopg 3 driver, postgresql+psycopg://..., "
                                   f"not {parsed.drivername}")
        # pre_ping replaces connections the server closed (a restart, an idle timeout) before they are used.
        return create_engine(parsed, pool_pre_ping=True, **pool)
    raise StoreConfigError(f"{ENV_VAR} must be a sqlite:/// or postgresql+psycopg:// URL, not {redacted(url)}")
