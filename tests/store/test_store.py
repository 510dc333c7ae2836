"""The store's contract, on SQLite and on PostgreSQL: what is written is read back, in order, within its caps."""

from __future__ import annotations

import json
import multiprocessing
import secrets
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import inspect, select, text, update

from tests.support.store_backends import BACKENDS, store_url
from uncase_store import (
    CorruptWorkspace,
    Limits,
    Store,
    StoreError,
    StoreFull,
    UnknownWorkspace,
    WorkspaceFull,
    open_store,
    schema,
    valid_token,
)
from uncase_store.engine import (
    CONNECTIONS_ENV,
    DEFAULT_CONNECTIONS,
    MAX_CONNECTIONS,
    StoreConfigError,
    create_store_engine,
    store_connections,
)
from uncase_store.migrations import LATEST_VERSION, MIGRATIONS, Migration, SchemaTooNew, current_version, migrate

KB = 1024


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path):
    with store_url(request.param, tmp_path) as address:
        yield address


@pytest.fixture
def store(url):
    store = open_store(url)
    yield store
    store.engine.dispose()


# ---------------------------------------------------------------- workspaces, documents, edits, settings


def test_a_new_workspace_is_empty_and_its_token_unguessable(store):
    tokens = {store.create_workspace() for _ in range(50)}
    assert len(tokens) == 50 and all(valid_token(t) and len(t) == 24 for t in tokens)
    token = next(iter(tokens))
    snapshot = store.load(token)
    assert (snapshot.seq, snapshot.size_bytes, dict(snapshot.documents), snapshot.edits, dict(snapshot.settings)) == \
        (0, 0, {}, (), {})
    assert store.head(token) == 0
    assert store.head("no-such-workspace-token") is None


def test_documents_edits_and_settings_read_back_in_order(store):
    token = store.create_workspace()
    assert store.put_document(token, "rag", "rag-dataset", "few_units", "scenario", '{"id": "c"}', {"n": 1}) == 1
    assert store.add_edits(token, "rag", [{"op": "a", "i": 1}, {"op": "a", "i": 2}]) == 3
    assert store.set_settings(token, {"language": "es", "rag_threshold_coverage": 0.55}) == 4
    assert store.add_edit(token, "rag", {"op": "a", "i": 3, "text": "niño ✓"}) == 5
    snapshot = store.load(token)
    assert snapshot.seq == store.head(token) == 5
    document = snapshot.documents["rag"]
    assert (document.seq, document.format, document.source, document.source_kind, document.body,
            dict(document.meta)) == (1, "rag-dataset", "few_units", "scenario", '{"id": "c"}', {"n": 1})
    assert [(e.seq, dict(e.body)) for e in snapshot.edits] == [
        (2, {"op": "a", "i": 1}), (3, {"op": "a", "i": 2}), (5, {"op": "a", "i": 3, "text": "niño ✓"})]
    assert dict(snapshot.settings) == {"language": "es", "rag_threshold_coverage": 0.55}


def test_loading_new_data_drops_the_old_data_and_its_edits(store):
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "x" * 500)
    store.add_edits(token, "rag", [{"op": "a"}] * 3)
    store.put_document(token, "conversations", "conversations", "c", "scenario", "y")
    store.add_edit(token, "conversations", {"op": "b"})
    size_before = store.load(token).size_bytes
    store.put_document(token, "rag", "rag-dataset", "b.json", "upload", "z")
    snapshot = store.load(token)
    assert snapshot.documents["rag"].source == "b.json"
    assert [e.name for e in snapshot.edits] == ["conversations"]
    assert snapshot.size_bytes < size_before - 500


def test_settings_are_overwritten_in_place_and_none_deletes(store):
    token = store.create_workspace()
    store.set_settings(token, {"a": 1, "b": [1, 2], "c": {"x": "y"}})
    store.set_settings(token, {"a": 2, "b": None})
    assert dict(store.load(token).settings) == {"a": 2, "c": {"x": "y"}}


def test_drop_edits_and_delete_document(store):
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "body")
    store.add_edits(token, "rag", [{"op": "a"}, {"op": "b"}])
    store.drop_edits(token, "rag")
    assert store.load(token).edits == ()
    store.delete_document(token, "rag")
    snapshot = store.load(token)
    assert "rag" not in snapshot.documents and snapshot.size_bytes == 0


def test_edits_need_their_document_and_writes_need_the_workspace(store):
    token = store.create_workspace()
    with pytest.raises(StoreError, match="no 'rag' data"):
        store.add_edit(token, "rag", {"op": "a"})
    with pytest.raises(UnknownWorkspace):
        store.set_settings("X" * 24, {"a": 1})
    with pytest.raises(UnknownWorkspace):
        store.load("X" * 24)
    assert store.head(token) == 0  # a refused write numbers nothing


def test_only_standard_json_is_stored(store):
    token = store.create_workspace()
    with pytest.raises(ValueError):
        store.set_settings(token, {"a": float("nan")})
    assert store.head(token) == 0


# ---------------------------------------------------------------- caps


def test_a_change_past_the_workspace_cap_is_refused_and_nothing_is_written(url):
    store = open_store(url, Limits(workspace_bytes=4 * KB, store_bytes=1024 * KB))
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "x" * 3 * KB)
    with pytest.raises(WorkspaceFull, match=r"the cap is 4\.0 KB per workspace"):
        store.put_document(token, "conversations", "conversations", "b", "upload", "y" * 2 * KB)
    with pytest.raises(WorkspaceFull):
        store.add_edits(token, "rag", [{"op": "z" * 200}] * 10)
    snapshot = store.load(token)
    assert set(snapshot.documents) == {"rag"} and snapshot.edits == () and snapshot.seq == 1
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "small")  # replacing frees room
    store.add_edits(token, "rag", [{"op": "z" * 200}] * 10)
    store.engine.dispose()


def test_data_past_the_store_cap_is_refused_with_how_to_make_room(url):
    empty = open_store(url)
    baseline = empty.disk_bytes()  # the tables and indexes of an empty store: on disk, so they count
    empty.engine.dispose()
    store = open_store(url, Limits(workspace_bytes=1024 * KB, store_bytes=baseline + 100 * KB))
    first, second = store.create_workspace(), store.create_workspace()
    store.put_document(first, "rag", "rag-dataset", "a", "scenario", secrets.token_urlsafe(45 * KB))  # ~60 KB
    with pytest.raises(StoreFull, match="prune") as refused:
        store.put_document(second, "rag", "rag-dataset", "b", "upload", secrets.token_urlsafe(45 * KB))
    assert "rag" not in store.load(second).documents
    assert refused.value.size == store.disk_bytes() >= baseline + 60 * KB
    store.engine.dispose()


def test_the_store_cap_counts_bytes_on_disk_and_holds_for_edits_and_settings(url):
    """Issue 27, item 3: only uploads checked the store's cap, counting the JSON's bytes (a store of label edits
    takes about 2.6 times that on disk); label edits and settings check it too, against the bytes on disk."""
    empty = open_store(url)
    baseline = empty.disk_bytes()
    empty.engine.dispose()
    store = open_store(url, Limits(workspace_bytes=8 * 1024 * KB, store_bytes=baseline + 200 * KB))
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "{}")
    json_bytes = 0
    with pytest.raises(StoreFull):
        for i in range(20_000):
            body = {"op": "label", "case": f"case-{i:05d}", "unit": "c1", "field": "supported", "value": True}
            store.add_edits(token, "rag", [body])
            json_bytes += len(json.dumps(body, separators=(",", ":")))
    assert store.disk_bytes() - baseline > json_bytes  # the JSON alone would have let far more in
    with pytest.raises(StoreFull):
        store.set_settings(token, {"notes": "x" * 300 * KB})
    with pytest.raises(StoreFull):
        store.create_workspace()
    store.engine.dispose()


def test_limits_from_the_environment():
    assert Limits.from_environment({}) == Limits(10 * 1024 * 1024, 2048 * 1024 * 1024)
    assert Limits.from_environment({"UNCASE_WORKSPACE_MAX_MB": "0.5"}).workspace_bytes == 512 * 1024
    with pytest.raises(StoreError, match="UNCASE_STORE_MAX_MB"):
        Limits.from_environment({"UNCASE_STORE_MAX_MB": "lots"})
    with pytest.raises(StoreError, match="more than 0"):
        Limits.from_environment({"UNCASE_WORKSPACE_MAX_MB": "-1"})


# ---------------------------------------------------------------- reading back what was hand-edited


def test_a_row_that_is_not_json_is_named_when_loaded(store):
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "body")
    seq = store.add_edit(token, "rag", {"op": "a"})
    with store.engine.begin() as connection:
        connection.execute(update(schema.edits).where(schema.edits.c.seq == seq).values(body="{not json"))
    with pytest.raises(CorruptWorkspace) as error:
        store.load(token)
    assert error.value.where == f"edits[seq {seq}]"
    store.set_setting(token, "x", 1)
    with store.engine.begin() as connection:
        connection.execute(update(schema.edits).where(schema.edits.c.seq == seq).values(body="[1, 2]"))
        connection.execute(update(schema.settings).values(value="NaN"))
    with pytest.raises(CorruptWorkspace, match=r"settings\['x'\]: not standard JSON"):
        store.load(token)


# ---------------------------------------------------------------- upkeep


def test_prune_deletes_workspaces_unused_for_the_given_days(store):
    now = datetime.now(UTC)
    old = store.create_workspace(now=now - timedelta(days=40))
    store.put_document(old, "rag", "rag-dataset", "a", "scenario", "body", now=now - timedelta(days=40))
    store.add_edit(old, "rag", {"op": "a"}, now=now - timedelta(days=40))
    recent = store.create_workspace(now=now - timedelta(days=40))
    store.touch(recent, now=now - timedelta(days=2))  # opened lately: kept
    assert store.prune(30, now=now, dry_run=True).workspaces == 1
    assert store.head(old) is not None
    result = store.prune(30, now=now)
    assert result.workspaces == 1 and result.size_bytes > 0
    assert store.head(old) is None and store.head(recent) is not None
    with store.engine.connect() as connection:
        for table in (schema.documents, schema.edits, schema.settings):
            assert connection.execute(select(table).where(table.c.token == old)).first() is None


def test_the_command_line_prunes_and_exports(url, capsys):
    from uncase_store.cli import main

    store = open_store(url)
    token = store.create_workspace(now=datetime.now(UTC) - timedelta(days=10))
    store.set_setting(token, "language", "es", now=datetime.now(UTC) - timedelta(days=10))
    # "--": a token is URL-safe base64 and starts with "-" one time in 64, which argparse would read as an option.
    assert main(["--url", url, "export", "--", token]) == 0
    assert '"language": "es"' in capsys.readouterr().out
    assert main(["--url", url, "export", "--", "-Kpfpk4tdRFOn1DnQH0Oe3eu"]) == 2  # read as a token, not an option
    assert main(["--url", url, "prune", "--days", "30"]) == 0
    assert "deleted 0 workspace(s)" in capsys.readouterr().out  # and 0 rooms
    assert main(["--url", url, "prune", "--days", "5"]) == 0
    assert "deleted 1 workspace(s)" in capsys.readouterr().out
    assert main(["--url", url, "export", "--", token]) == 2
    assert "no workspace" in capsys.readouterr().err
    store.engine.dispose()


def test_a_store_url_that_cannot_be_used_is_refused_with_what_to_write():
    with pytest.raises(StoreConfigError, match="sqlite:/// or postgresql"):
        create_store_engine("mysql://user@host/db")
    with pytest.raises(StoreConfigError, match="psycopg"):
        create_store_engine("postgresql+psycopg2://user@host/db")
    with pytest.raises(StoreConfigError, match="not a database URL"):
        create_store_engine("not a url")


def test_the_connections_a_process_may_hold_are_bounded_and_configurable():
    assert store_connections({}) == DEFAULT_CONNECTIONS
    assert store_connections({CONNECTIONS_ENV: " 4 "}) == 4
    for wrong in ("0", "-1", "2.5", "many", str(MAX_CONNECTIONS + 1)):
        with pytest.raises(StoreConfigError, match=CONNECTIONS_ENV):
            store_connections({CONNECTIONS_ENV: wrong})


def test_many_threads_never_hold_more_connections_than_the_bound(url):
    """Twelve threads each wanting a connection at once get at most the bound; the rest wait their turn."""
    engine = create_store_engine(url, connections=3)
    busiest = []
    lock = threading.Lock()
    held = [0]

    def work() -> None:
        with engine.connect() as connection:
            with lock:
                held[0] += 1
                busiest.append(held[0])
            connection.execute(text("SELECT 1"))
            time.sleep(0.05)
            with lock:
                held[0] -= 1

    threads = [threading.Thread(target=work) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert max(busiest) == 3 and len(busiest) == 12
    assert engine.pool.checkedin() <= 3
    engine.dispose()


# ---------------------------------------------------------------- migrations


def test_an_empty_database_is_brought_to_the_latest_schema(url):
    engine = create_store_engine(url)
    assert migrate(engine) == LATEST_VERSION
    assert migrate(engine) == LATEST_VERSION  # running again changes nothing
    tables = set(inspect(engine).get_table_names())
    assert {"store_meta", "workspaces", "documents", "edits", "settings"} <= tables
    engine.dispose()


def test_a_store_at_an_older_version_migrates_forward_keeping_its_data(url):
    """Every released step, applied to a store holding data at the version before it."""
    engine = create_store_engine(url)
    now = datetime.now(UTC)
    token = "T" * 24
    for step in MIGRATIONS:
        migrate(engine, target=step.version)
        if step.version == 1:  # rows as version 1 wrote them (not through today's Store, which knows only the latest)
            with engine.begin() as connection:
                connection.execute(schema.workspaces.insert().values(
                    token=token, created_at=now, touched_at=now, changed_at=now, seq=2, size_bytes=20))
                connection.execute(schema.documents.insert().values(
                    token=token, name="rag", seq=1, format="rag-dataset", source="a", source_kind="scenario",
                    body="body", meta="{}", size_bytes=6, stored_at=now))
                connection.execute(schema.edits.insert().values(
                    token=token, seq=2, name="rag", body='{"op": "a"}', size_bytes=11, stored_at=now))
        else:
            assert Store(engine).load(token).seq == 2, f"after step {step.version}"
    assert migrate(engine) == LATEST_VERSION
    snapshot = Store(engine).load(token)
    assert snapshot.documents["rag"].body == "body" and [dict(e.body) for e in snapshot.edits] == [{"op": "a"}]
    assert {"rooms", "room_members"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_steps_run_in_order_once_each_and_a_missing_step_is_refused(url):
    ran = []

    def add_notes(connection):
        ran.append("notes")
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))

    last = MIGRATIONS[-1].version
    steps = (*MIGRATIONS, Migration(last + 1, "notes", add_notes))
    engine = create_store_engine(url)
    migrate(engine)
    with engine.connect() as connection:
        assert current_version(connection) == last
    assert migrate(engine, target=last + 1, migrations=steps) == last + 1
    assert migrate(engine, target=last + 1, migrations=steps) == last + 1
    assert ran == ["notes"]
    assert "notes" in inspect(engine).get_table_names()
    with pytest.raises(RuntimeError, match="a step is missing"):
        migrate(engine, target=last + 3, migrations=(*steps, Migration(last + 3, "gap", add_notes)))
    engine.dispose()


def test_a_store_newer_than_the_code_is_refused(url):
    engine = create_store_engine(url)
    migrate(engine)
    with engine.begin() as connection:
        connection.execute(update(schema.store_meta).values(value=str(LATEST_VERSION + 1)))
    with pytest.raises(SchemaTooNew, match="update the playground"):
        migrate(engine)
    engine.dispose()


# ---------------------------------------------------------------- several processes, one workspace


def _append(url: str, token: str, writer: int, count: int) -> list[int]:
    store = open_store(url)
    seqs = [store.add_edit(token, "rag", {"op": "w", "writer": writer, "n": n}) for n in range(count)]
    store.engine.dispose()
    return seqs


def _migrate(url: str) -> int:
    engine = create_store_engine(url)
    try:
        return migrate(engine)
    finally:
        engine.dispose()


def test_processes_writing_one_workspace_lose_nothing_and_get_distinct_numbers(url):
    store = open_store(url)
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", "body")
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        results = pool.starmap(_append, [(url, token, writer, 40) for writer in range(4)])
    snapshot = store.load(token)
    seqs = sorted(seq for result in results for seq in result)
    assert seqs == list(range(2, 2 + 160)) == [e.seq for e in snapshot.edits]
    for writer in range(4):  # each writer's records are there, in the order it wrote them
        assert [e.body["n"] for e in snapshot.edits if e.body["writer"] == writer] == list(range(40))
        assert results[writer] == sorted(results[writer])
    store.engine.dispose()


def test_processes_starting_at_once_migrate_once(url):
    context = multiprocessing.get_context("spawn")
    with context.Pool(3) as pool:
        assert pool.map(_migrate, [url] * 3) == [LATEST_VERSION] * 3


def test_step_3_drops_room_secrets_kept_in_plain_text_in_settings(url):
    """Issue 27, item 6: earlier playgrounds kept a facilitator's room secrets in the workspace setting
    ``facilitated_rooms``, so in every export; the step deletes it and takes its bytes off the workspace's size."""
    engine = create_store_engine(url)
    migrate(engine, target=2)
    now, token = datetime.now(UTC), "S" * 24
    plain = '{"ABC234":["the-facilitators-secret","the-projector-key"]}'
    with engine.begin() as connection:
        connection.execute(schema.workspaces.insert().values(
            token=token, created_at=now, touched_at=now, changed_at=now, seq=2, size_bytes=len(plain) + 17 + 12))
        connection.execute(schema.settings.insert().values(
            token=token, key="facilitated_rooms", value=plain, seq=1, size_bytes=len(plain) + 17, stored_at=now))
        connection.execute(schema.settings.insert().values(
            token=token, key="language", value='"es"', seq=2, size_bytes=12, stored_at=now))
    assert migrate(engine) == LATEST_VERSION
    snapshot = Store(engine).load(token)
    assert dict(snapshot.settings) == {"language": "es"} and snapshot.size_bytes == 12
    assert "secret" not in str(snapshot.to_dict())
    engine.dispose()


# ---------------------------------------------------------------- when the database fails (issue 27, item 5)


def test_a_refused_write_is_logged_with_an_id_and_says_no_more(tmp_path, caplog):
    """A write the database refuses (a full disk, a read-only file) names an id; the log holds the driver's words
    under it, for whoever runs the server."""
    from sqlalchemy import event

    from uncase_store import StoreUnavailable

    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    token = store.create_workspace()
    store.engine.dispose()
    event.listen(store.engine, "connect", lambda dbapi, _record: dbapi.execute("PRAGMA query_only = ON"))
    with caplog.at_level("ERROR", logger="uncase.store"), pytest.raises(StoreUnavailable) as refused:
        store.touch(token)
    assert store.load(token).seq == 0  # reading still works
    error = refused.value
    assert str(error) == f"the database could not be used (error {error.error_id}); try again in a moment"
    assert "readonly" in error.detail
    [record] = [r for r in caplog.records if r.name == "uncase.store"]
    assert error.error_id in record.getMessage() and "readonly" in record.getMessage()
    store.engine.dispose()


def test_a_damaged_file_is_called_damaged_not_try_again(tmp_path):
    from uncase_store import StoreDamaged

    path = tmp_path / "store.db"
    store = open_store(f"sqlite:///{path}")
    token = store.create_workspace()
    store.put_document(token, "rag", "rag-dataset", "a", "scenario", secrets.token_urlsafe(20 * KB))
    store.engine.dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096:len(data)] = secrets.token_bytes(len(data) - 4096)  # every page but the first overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(StoreDamaged) as damaged:
        open_store(f"sqlite:///{path}").load(token)
    assert str(damaged.value).startswith(f"the database file is damaged (error {damaged.value.error_id})")
    assert "try again in a moment" not in str(damaged.value)


def test_an_unreachable_postgresql_is_not_named_to_participants():
    from uncase_store import StoreUnavailable

    with pytest.raises(StoreUnavailable) as refused:
        open_store("postgresql+psycopg://uncase:secret@127.0.0.1:1/uncase?connect_timeout=3")
    assert "127.0.0.1" not in str(refused.value) and ":1" not in str(refused.value)
    assert "port" not in str(refused.value) and "secret" not in str(refused.value)
    assert "127.0.0.1" in refused.value.detail  # the operator's log has it
