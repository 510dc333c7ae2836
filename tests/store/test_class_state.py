"""A room's class view read incrementally (ui/views/room/class_state.py, issue 37): after any history of label edits,
undos, reloads, other data, settings, joins, removals and merges, the kept copies equal a replay of every stored
edit from a blank copy; and a refresh reads only the edits stored since the last one."""

from __future__ import annotations

import contextlib
import random

import pytest

from tests.support import room_fixtures
from tests.support.room_fixtures import slots
from ui.views.room.class_state import RoomLabels
from uncase_core.agreement.class_labels import blank_copy, class_labels, replay_edits
from uncase_core.agreement.materials import RAG_MATERIAL
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_core.rag.edits import rag_label
from uncase_store import StoreError
from uncase_store.rooms import Rooms

store = room_fixtures.store  # the fixture: a store on each backend


@pytest.fixture(scope="module")
def dataset():
    return load_scenario(load_index()[1], "en")


def full_replay(api: Rooms, code: str, dataset):
    """Today's way, as the oracle: every member's every edit, replayed from a blank copy."""
    blank = blank_copy(dataset)
    copies, refused, times = {}, 0, {}
    members = api.labels(code)
    for member in members:
        replayed = replay_edits(blank, [record for record, _ in member.edits])
        copies[member.name] = replayed.copy
        refused += replayed.refused
        for record, moment in member.edits:
            key = RAG_MATERIAL.record_key(record)
            if key is not None:
                times[(member.name, *key)] = moment
    return copies, refused, times, len(members)


def test_kept_copies_equal_a_full_replay_after_a_long_random_history(store, dataset):
    rng = random.Random(37)
    api = Rooms(store)
    code = api.create("Room", dataset_to_text(dataset), "test", "scenario").code
    blank, every = blank_copy(dataset), slots(dataset)
    other = load_scenario(load_index()[2], "en")
    tokens: list[str] = []
    kept = RoomLabels(code, dataset, RAG_MATERIAL)

    def join() -> None:
        token = store.create_workspace()
        api.join(code, token, f"P{len(tokens)}")
        store.put_document(token, "rag", "rag-dataset", "Room", "room", dataset_to_text(blank), {"room": code})
        tokens.append(token)

    for _ in range(4):
        join()
    compared = 0
    for step in range(500):
        token = rng.choice(tokens)
        move = rng.random()
        if move < 0.70:  # label edits, now and then one that does not fit the room's cases
            records = [rag_label(blank, *rng.choice(every), rng.choice([True, False, None]))
                       for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.1:
                records.append({"op": "label", "case": 99, "case_id": "nowhere", "kind": "claims", "unit": 0,
                                "unit_id": "c9", "field": "supported", "value": True})
            store.add_edits(token, "rag", records)
        elif move < 0.76:
            store.drop_edits(token, "rag")  # every edit undone
        elif move < 0.80:  # the room's cases loaded again: the edits go
            store.put_document(token, "rag", "rag-dataset", "Room", "room", dataset_to_text(blank), {"room": code})
        elif move < 0.83:  # other data: no longer the room's
            store.put_document(token, "rag", "rag-dataset", "Other", "scenario", dataset_to_text(other), {})
        elif move < 0.90:
            store.set_settings(token, {"rag_threshold_faithfulness": rng.random()})
        elif move < 0.95:
            join()
        elif len(tokens) > 3 and move < 0.97:
            names = [m.name for m in api.members(code)]
            api.remove(code, rng.choice(names))
            tokens[:] = [m.token for m in api.members(code)]
        elif len(tokens) > 3 and move < 0.99:  # one person who joined twice
            source, target = rng.sample([m.name for m in api.members(code)], 2)
            # Refused when the target no longer labels the room's cases: nothing changes then.
            with contextlib.suppress(StoreError):
                api.merge(code, source, target)
            tokens[:] = [m.token for m in api.members(code)]
        if step % 7 == 0 or step == 499:
            state = kept.refresh(api)
            copies, refused, times, members = full_replay(api, code, dataset)
            assert state.copies == copies and list(state.copies) == list(copies), step
            assert (state.refused, state.members) == (refused, members), step
            assert state.times == times, step
            compared += 1
    assert compared > 70
    # The figures follow: the class view's labels are those of a full replay.
    assert class_labels(dataset, state.copies, resamples=50) == class_labels(dataset, copies, resamples=50)


def test_a_refresh_reads_only_the_edits_stored_since_the_last(store, dataset):
    api = Rooms(store)
    code = api.create("Room", dataset_to_text(dataset), "test", "scenario").code
    blank, every = blank_copy(dataset), slots(dataset)
    tokens = []
    for i in range(20):
        token = store.create_workspace()
        api.join(code, token, f"P{i}")
        store.put_document(token, "rag", "rag-dataset", "Room", "room", dataset_to_text(blank), {"room": code})
        store.add_edits(token, "rag", [rag_label(blank, *every[j % len(every)], j % 2 == 0) for j in range(50)])
        tokens.append(token)
    read: list[int] = []
    labels_after = api.labels_after

    def counted(*args, **kwargs):
        heads = labels_after(*args, **kwargs)
        read.append(sum(len(head.edits) for head in heads))
        return heads

    api.labels_after = counted  # type: ignore[method-assign]
    kept = RoomLabels(code, dataset, RAG_MATERIAL)
    kept.refresh(api)
    assert read == [1000]  # the first refresh reads the history once
    store.add_edits(tokens[3], "rag", [rag_label(blank, *every[0], None)])
    store.set_settings(tokens[5], {"rag_threshold_faithfulness": 0.5})
    kept.refresh(api)
    assert read[1:] == [1]  # then only what changed: one edit, whatever the room's history
    kept.refresh(api)
    assert read[2:] == [0]
