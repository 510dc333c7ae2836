"""The facilitator's adjudication in the store (issue 26): decision records kept in order, at once, across a reopened
store; the room's change number follows them; pruning a room takes them along; schema step 5 adds their table to a
store at step 4 without touching its rooms."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, inspect, select

from tests.support.store_backends import BACKENDS, store_url
from uncase_core.agreement.adjudication import adjudicate, decision_record
from uncase_core.agreement.class_labels import blank_copy, class_labels
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store, schema
from uncase_store.engine import create_store_engine
from uncase_store.migrations import LATEST_VERSION, migrate
from uncase_store.rooms import Rooms, UnknownRoom


@pytest.fixture(params=BACKENDS)
def address(request, tmp_path):
    with store_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture(scope="module")
def dataset():
    return load_scenario(load_index()[0], "en")


def first_label(dataset):
    case = dataset.cases[0]
    return case.id, "passages", case.passages[0].id, "relevant"


def test_decisions_are_kept_in_order_at_once_and_bump_the_room(address, dataset):
    store = open_store(address)
    api = Rooms(store)
    code = api.create("Room", dataset_to_text(dataset), "test", "scenario").code
    assert api.decisions(code) == ()
    seq = api.head(code)
    with store.engine.connect() as connection:
        size = connection.execute(select(schema.rooms.c.size_bytes).where(schema.rooms.c.code == code)).scalar()
    case, kind, unit, field = first_label(dataset)
    first = decision_record(dataset, case, kind, unit, field, True, "names the window", "Fac", "2026-12-01T20:00:00")
    second = decision_record(dataset, case, kind, unit, field, False, "on second reading", "Bea",
                             "2026-12-01T20:01:00")
    assert api.decide(code, first) == seq + 1
    assert api.decide(code, second) == seq + 2
    store.engine.dispose()
    reopened = Rooms(open_store(address))  # a restart: everything acknowledged is there
    assert reopened.decisions(code) == (first, second)
    with reopened.engine.connect() as connection:
        grown = connection.execute(select(schema.rooms.c.size_bytes).where(schema.rooms.c.code == code)).scalar()
    assert grown > size
    labels = class_labels(dataset, {"ana": blank_copy(dataset)}, resamples=0)
    adjudication = adjudicate(dataset, labels, reopened.decisions(code))
    assert adjudication.decided == 1 and adjudication.decisions[-1].author == "Bea"
    with pytest.raises(UnknownRoom):
        reopened.decide("NOSUCH", first)
    reopened.engine.dispose()


def test_pruning_a_room_takes_its_decisions_along(address, dataset):
    store = open_store(address)
    api = Rooms(store)
    old = datetime.now(UTC) - timedelta(days=40)
    code = api.create("Room", dataset_to_text(dataset), "test", "scenario", now=old).code
    case, kind, unit, field = first_label(dataset)
    api.decide(code, decision_record(dataset, case, kind, unit, field, True, "r", "Fac", old.isoformat()), now=old)
    assert store.prune(days=30).rooms == 1
    with store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(schema.room_decisions)).scalar() == 0
    store.engine.dispose()


def test_step_5_adds_the_decisions_table_to_a_store_at_step_4(address, dataset):
    engine = create_store_engine(address)
    assert migrate(engine, target=4) == 4
    assert "room_decisions" not in inspect(engine).get_table_names()
    engine.dispose()
    store = open_store(address)  # the app's start: migrated to the newest schema
    assert LATEST_VERSION >= 5 and "room_decisions" in inspect(store.engine).get_table_names()
    api = Rooms(store)
    code = api.create("Room", dataset_to_text(dataset), "test", "scenario").code
    case, kind, unit, field = first_label(dataset)
    api.decide(code, decision_record(dataset, case, kind, unit, field, False, "r", "Fac", "2026-12-01T20:00:00"))
    assert len(api.decisions(code)) == 1
    store.engine.dispose()
