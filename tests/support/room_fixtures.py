"""What the room store's tests share: a store on each backend (tests/support/store_backends.py) and every labelled field
of a room's cases. A test module takes the fixture as ``store = room_fixtures.store``."""

from __future__ import annotations

import pytest

from tests.support.store_backends import BACKENDS, store_url
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS
from uncase_store import open_store


@pytest.fixture(params=BACKENDS)
def store(request, tmp_path):
    """An empty store on SQLite, then on PostgreSQL (skipped without one, failed in CI)."""
    with store_url(request.param, tmp_path) as address:
        opened = open_store(address)
        yield opened
        opened.engine.dispose()


def slots(dataset):
    """Every labelled field: ``(case, kind, unit, field)``."""
    return [(c, kind, u, f) for c, case in enumerate(dataset.cases) for kind in UNIT_KINDS
            for u, _ in enumerate(case.units(kind)) for f in LABEL_FIELDS[kind]]
