"""The databases the store's tests run on: a SQLite file always, PostgreSQL when one is offered.

``UNCASE_TEST_POSTGRES`` is the URL of a PostgreSQL server where the tests may create and drop
databases (``.ci/run`` starts a throwaway cluster and sets it). Without it the PostgreSQL
cases are skipped with that reason; with ``UNCASE_REQUIRE_POSTGRES=1`` (CI) they fail instead.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

POSTGRES_ENV = "UNCASE_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")


def postgres_admin_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


def skip_or_fail_without_postgres() -> None:
    reason = (f"no PostgreSQL to test against: set {POSTGRES_ENV}=postgresql+psycopg://user@host:port/postgres "
              "(.ci/run starts one)")
    if os.environ.get("UNCASE_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"UNCASE_REQUIRE_POSTGRES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty database on the test server; its URL; dropped afterwards."""
    admin = postgres_admin_url()
    if admin is None:
        skip_or_fail_without_postgres()
    name = f"uncase_test_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


@contextmanager
def store_url(backend: str, folder: Path) -> Iterator[str]:
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'store.db'}"
    else:
        with postgres_database() as url:
            yield url
