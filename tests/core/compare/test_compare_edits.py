"""The compare page's label records: one label of system A or B in the pair, the other system untouched, every
record checked against the case and unit it names."""

from __future__ import annotations

import pytest

from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.edits import SYSTEMS, apply_system_edit, system_label
from uncase_core.errors import InputError

PAIR = load_system_pair(load_pair_index()[0], "en")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_record_sets_one_label_of_one_system(system):
    side = SYSTEMS.index(system)
    before = PAIR[side].cases[2].claims[0].label("supported")
    record = system_label(PAIR, system, 2, "claims", 0, "supported", not before)
    assert record["system"] == system and record["case_id"] == PAIR[side].cases[2].id
    changed = apply_system_edit(PAIR, record)
    assert changed[side].cases[2].claims[0].label("supported") is (not before)
    assert changed[1 - side] is PAIR[1 - side]  # the other system is untouched
    # Only that label changed.
    assert [c for c in changed[side].cases if c not in PAIR[side].cases] == [changed[side].cases[2]]


def test_none_takes_a_label_back():
    record = system_label(PAIR, "b", 0, "passages", 1, "relevant", None)
    assert apply_system_edit(PAIR, record)[1].cases[0].passages[1].label("relevant") is None


def test_an_unknown_system_or_op_is_refused():
    record = system_label(PAIR, "a", 0, "passages", 0, "relevant", True)
    with pytest.raises(InputError) as caught:
        apply_system_edit(PAIR, {**record, "system": "c"})
    assert (caught.value.code, caught.value.where) == ("expected_one_of", "system")
    with pytest.raises(InputError):
        system_label(PAIR, "c", 0, "passages", 0, "relevant", True)
    with pytest.raises(InputError) as caught:
        apply_system_edit(PAIR, {**record, "op": "skip"})
    assert caught.value.code == "unknown_edit"
    without = {key: value for key, value in record.items() if key != "system"}
    with pytest.raises(InputError):
        apply_system_edit(PAIR, without)


def test_a_record_for_another_case_is_refused():
    record = system_label(PAIR, "a", 0, "passages", 0, "relevant", True)
    with pytest.raises(InputError) as caught:
        apply_system_edit(PAIR, {**record, "case_id": PAIR[0].cases[1].id})
    assert caught.value.code == "record_for_another_id"
