"""Room members in the store (issue 26, item 2): the code to come back, kept as a hash; removing a participant and
merging a ghost ("Ana 2") into the person, with the class's agreement recomputed on the merged labels."""

from __future__ import annotations

import hashlib

import krippendorff
import numpy as np
import pytest
from sqlalchemy import select, update

from tests.support import room_fixtures
from tests.support.room_fixtures import slots
from uncase_core.agreement.class_labels import ALL, blank_copy, class_labels, replay_edits
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_core.rag.edits import rag_label
from uncase_store import StoreError, schema
from uncase_store.rooms import (
    CODE_ALPHABET,
    RESUME_LENGTH,
    Rooms,
    UnknownMember,
    UnknownRoom,
    resume_code_of,
)

store = room_fixtures.store  # the fixture: a store on each backend


@pytest.fixture(scope="module")
def dataset():
    return load_scenario(load_index()[0], "en")


def make_room(store, dataset) -> tuple[Rooms, str]:
    api = Rooms(store)
    return api, api.create("Room", dataset_to_text(dataset), "test", "scenario").code


def participant(store, api, code, dataset, name, labels=None):
    """A workspace joined to the room, holding the room's blank cases, with ``labels`` ({slot index: value})."""
    token = store.create_workspace()
    joined = api.join(code, token, name)
    store.put_document(token, "rag", "rag-dataset", "Room", "room", dataset_to_text(blank_copy(dataset)),
                       {"room": code})
    give(store, token, dataset, labels or {})
    return token, joined


def give(store, token, dataset, labels):
    blank, every = blank_copy(dataset), slots(dataset)
    store.add_edits(token, "rag", [rag_label(blank, *every[i], value) for i, value in labels.items()])


def copies(api, code, dataset):
    blank = blank_copy(dataset)
    return {member.name: replay_edits(blank, [record for record, _ in member.edits]).copy
            for member in api.labels(code)}


def matrix(dataset, by_person):
    every = slots(dataset)
    return np.array([[np.nan if labels.get(i) is None else float(labels[i]) for i in range(len(every))]
                     for labels in by_person], dtype=float)


def test_a_member_comes_back_with_their_code_which_is_stored_only_as_a_hash(store, dataset):
    api, code = make_room(store, dataset)
    token, name = participant(store, api, code, dataset, "Ana")
    resume = api.resume_code(code, token)
    assert resume == resume_code_of(token, code)
    assert len(resume) == RESUME_LENGTH and set(resume) <= set(CODE_ALPHABET)
    with store.engine.connect() as connection:
        stored = connection.execute(select(schema.room_members.c.resume_hash)).scalar()
        every_row = " ".join(str(value) for table in (schema.room_members, schema.rooms)
                             for row in connection.execute(select(table)).all() for value in row)
    assert stored == hashlib.sha256(f"resume:{code}:{resume}".encode()).hexdigest()
    assert resume not in every_row  # only its hash
    back = api.rejoin(code, resume.lower()[:3] + "-" + resume[3:])  # typed loosely
    assert (back.name, back.token) == (name, token)
    assert api.rejoin(code, "") is None
    wrong = "".join(CODE_ALPHABET[(CODE_ALPHABET.index(ch) + 1) % len(CODE_ALPHABET)] for ch in resume)
    assert api.rejoin(code, wrong) is None
    other_api, other_code = make_room(store, dataset)
    assert other_api.rejoin(other_code, resume) is None  # a code is one room's
    with pytest.raises(UnknownRoom):
        api.rejoin("NOROOM", resume)
    # Two members never share a code, and a non-member has none.
    ben, _ = participant(store, api, code, dataset, "Ben")
    assert api.resume_code(code, ben) not in (None, resume)
    assert api.resume_code(other_code, token) is None


def test_the_labels_version_changes_with_every_write_a_class_view_could_see_and_only_then(store, dataset):
    api, code = make_room(store, dataset)
    versions = [api.labels_version(code)]
    ana, _ = participant(store, api, code, dataset, "Ana")
    versions.append(api.labels_version(code))  # joined, with the room's blank copy
    give(store, ana, dataset, {0: True})
    versions.append(api.labels_version(code))
    assert api.labels_version(code) == versions[-1]  # nothing written: the same
    api.set_state(code, revealed=True)  # the room's state is the room's own change number, not the members'
    assert api.labels_version(code) == versions[-1]
    participant(store, api, code, dataset, "Ana", {1: False})
    versions.append(api.labels_version(code))
    api.merge(code, "Ana 2", "Ana")
    versions.append(api.labels_version(code))
    give(store, ana, dataset, {0: None})
    versions.append(api.labels_version(code))
    assert len(set(versions)) == len(versions)
    assert [name for name, _, _ in versions[-1]] == [m.name for m in api.labels(code)] == ["Ana"]


def test_removing_a_member_takes_their_labels_out_of_the_class_view(store, dataset):
    api, code = make_room(store, dataset)
    participant(store, api, code, dataset, "Ana", {0: True, 1: False})
    ghost, _ = participant(store, api, code, dataset, "Ana", {0: True})
    seq = api.head(code)
    assert api.remove(code, "Ana 2") == seq + 1  # participants' pages follow
    assert [m.name for m in api.members(code)] == ["Ana"]
    assert [m.name for m in api.labels(code)] == ["Ana"]
    assert api.rejoin(code, resume_code_of(ghost, code)) is None  # their code no longer brings them back
    with pytest.raises(UnknownMember):
        api.remove(code, "Ana 2")
    assert store.load(ghost).documents["rag"]  # their workspace stays theirs


def test_merging_a_ghost_keeps_the_persons_labels_takes_the_ghosts_others_and_agreement_is_recomputed(store, dataset):
    api, code = make_room(store, dataset)
    count = len(slots(dataset))
    assert count >= 6
    ana_labels = {i: i % 2 == 0 for i in range(count) if i != 2}
    ben_labels = {i: i % 3 == 0 for i in range(count) if i != 1}
    # Unit 1: both labelled (Ana's stays); unit 2: only the ghost; unit 4: Ana cleared hers (the ghost's is taken).
    ghost_labels = {1: True, 2: True, 4: True}
    ana, _ = participant(store, api, code, dataset, "Ana", ana_labels)
    participant(store, api, code, dataset, "Ben", ben_labels)
    ghost, ghost_name = participant(store, api, code, dataset, "Ana", ghost_labels)
    assert ghost_name == "Ana 2"
    blank = blank_copy(dataset)
    give(store, ana, dataset, {4: None})
    ana_labels.pop(4)
    before = class_labels(dataset, copies(api, code, dataset), resamples=0)
    assert before.agreement[ALL].fleiss.value is None  # no unit labelled by all three: kappa undefined

    assert api.merge(code, "Ana 2", "Ana") == 2
    assert [m.name for m in api.members(code)] == ["Ana", "Ben"]
    merged = copies(api, code, dataset)
    every = slots(dataset)
    expected_ana = {**ana_labels, 2: True, 4: True}
    assert expected_ana[1] is False
    for i, (c, kind, u, field) in enumerate(every):
        assert merged["Ana"].cases[c].units(kind)[u].label(field) == expected_ana.get(i)
    after = class_labels(dataset, merged, resamples=0)
    data = matrix(dataset, [expected_ana, ben_labels])
    assert after.agreement[ALL].alpha.value == pytest.approx(
        krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    assert after.agreement[ALL].fleiss.value is not None
    assert store.load(ghost).documents["rag"]  # the ghost's workspace is left as it was
    assert blank.cases  # the room's cases were never changed
    # Merging needs two members, and not one into themselves.
    with pytest.raises(UnknownMember):
        api.merge(code, "Ana 2", "Ana")
    with pytest.raises(StoreError):
        api.merge(code, "Ana", "Ana")



def test_step_4_adds_the_column_to_a_store_made_before_it(tmp_path):
    """A store whose room tables the released step 2 made (without ``resume_hash``) gets the column."""
    from sqlalchemy import inspect, text

    from uncase_store.engine import create_store_engine
    from uncase_store.migrations import LATEST_VERSION, migrate

    engine = create_store_engine(f"sqlite:///{tmp_path / 'old.db'}")
    migrate(engine, target=3)
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE room_members DROP COLUMN resume_hash"))
    assert "resume_hash" not in {c["name"] for c in inspect(engine).get_columns("room_members")}
    assert migrate(engine, target=4) == 4 and migrate(engine) == LATEST_VERSION
    assert "resume_hash" in {c["name"] for c in inspect(engine).get_columns("room_members")}
    engine.dispose()


def test_a_member_who_joined_before_codes_has_none_and_stays_a_member(store, dataset):
    api, code = make_room(store, dataset)
    token, _ = participant(store, api, code, dataset, "Ana")
    with store.engine.begin() as connection:
        connection.execute(update(schema.room_members).values(resume_hash=None))
    assert api.resume_code(code, token) is None and api.member(code, token) == "Ana"
    assert api.rejoin(code, resume_code_of(token, code)) is None
