"""The drills page's data kind: a drill is stored with its label edits and its answer key sealed beside it."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from ui.frame.data_kinds import DRILL
from ui.views.drills.workspace import missing_labels, room_cases
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS
from uncase_core.rag.drills import make_drill
from uncase_core.rag.edits import rag_label


@pytest.fixture(scope="module")
def drill():
    return make_drill(load_scenario(load_index()[0], "es").cases[0], 3, 7)


def test_a_drill_reads_back_exactly(drill):
    body, meta = DRILL.write(drill)
    assert DRILL.read(body, meta) == drill


def test_the_answer_key_is_sealed_in_the_stored_body(drill):
    body, _ = DRILL.write(drill)
    value = json.loads(body)
    assert set(value) == {"source", "seed", "cases", "answer_key_sealed"}
    assert "variant" not in body and '"relevant": true' not in body and '"relevant": false' not in body


def test_label_edits_change_the_cases_never_the_key(drill):
    record = rag_label(drill.dataset(), 1, "claims", 0, "supported", True)
    edited = DRILL.apply(drill, record)
    assert edited.cases[1].claims[0].label("supported") is True
    assert edited.answer_key == drill.answer_key
    assert DRILL.read(*DRILL.write(edited)) == edited


def test_a_broken_seal_is_an_input_error(drill):
    body, meta = DRILL.write(drill)
    value = json.loads(body)
    value["answer_key_sealed"] = "not base64!"
    with pytest.raises(InputError, match="sealed answer key"):
        DRILL.read(json.dumps(value), meta)
    with pytest.raises(InputError):
        DRILL.read("[]", meta)


def test_a_seal_that_would_unseal_to_gigabytes_is_refused_without_holding_them(drill):
    body, meta = DRILL.write(drill)
    value = json.loads(body)
    value["answer_key_sealed"] = base64.b64encode(zlib.compress(b" " * (64 * 1024 * 1024), 9)).decode("ascii")
    assert len(value["answer_key_sealed"]) < 200_000  # 64 MB of spaces seal into about 90 KB
    with pytest.raises(InputError, match="larger than 8 MB"):
        DRILL.read(json.dumps(value), meta)


def test_missing_labels_counts_every_unset_label(drill):
    assert missing_labels(drill.answer_key[0]) == 0
    assert missing_labels(drill.cases[0]) == sum(len(LABEL_FIELDS[k]) * len(drill.cases[0].units(k))
                                                 for k in UNIT_KINDS)


def test_a_room_on_a_drill_keeps_the_key_labels_and_nothing_else(drill):
    cases = room_cases(drill).cases
    for room_case, key in zip(cases, drill.answer_key, strict=True):
        assert "variant" not in room_case.metadata
        for kind in UNIT_KINDS:
            assert [u.labels for u in room_case.units(kind)] == [u.labels for u in key.units(kind)]
            assert all("variant_change" not in u.extra for u in room_case.units(kind))
