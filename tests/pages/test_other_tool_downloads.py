"""Every page that downloads RAG cases offers the other tools' formats too (issue 23: "every download offers the
same targets"), and each of those files reads back as the cases of the page's own download.

The files are built when clicked (a callable as ``st.download_button``'s data), which AppTest cannot click; the
test wraps Streamlit's ``download_button`` to keep each button's data by its key, then builds the files itself.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import streamlit
from streamlit.delta_generator import DeltaGenerator

from tests.pages.apptest_helpers import edit_labels
from tests.pages.test_case_editor_page import open_editor
from tests.pages.test_compare_page import label_b
from tests.pages.test_compare_page import open_page as open_compare_page
from tests.pages.test_drills_page import label_as_key, make
from tests.pages.test_room_page import create_room, join
from ui.widgets.tool_downloads import TARGETS
from uncase_core.rag.cases import UNIT_KINDS, dataset_from_bytes
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.sources import RECORD_KEYS

OTHER_TOOLS = tuple(name for name in TARGETS if name != "label_studio_config")


@pytest.fixture
def downloads(monkeypatch):
    """Each download button's data (bytes or the callable that makes them) by its key, from the last run."""
    kept: dict[str, object] = {}
    original = DeltaGenerator.download_button

    def keep(self, label, data, *args, key=None, **kwargs):
        kept[key] = data
        return original(self, label, data, *args, key=key, **kwargs)

    def keep_main(label, data, *args, key=None, **kwargs):
        kept[key] = data
        return original(streamlit._main, label, data, *args, key=key, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", keep)
    monkeypatch.setattr(streamlit, "download_button", keep_main)
    return kept


def built(data: object) -> bytes:
    data = data() if callable(data) else data
    return data.encode("utf-8") if isinstance(data, str) else data


def comparable(cases):
    """Ids, questions, texts and labels; not the record of the tool a case did not come from (a new one is made)."""
    def strip(case):
        return replace(case, extra={k: v for k, v in case.extra.items() if k not in RECORD_KEYS.values()})
    return [(c.id, c.question, [c.units(kind) for kind in UNIT_KINDS]) for c in map(strip, cases)]


def same_as_own(kept: dict, own_key: str, prefix: str, own_name: str) -> None:
    own = dataset_from_bytes(built(kept[own_key]), own_name).cases
    assert own, own_key
    for name in OTHER_TOOLS:
        key = f"{prefix}_export_{name}"
        assert key in kept, (key, sorted(k for k in kept if k))
        back = read_cases(built(kept[key]), TARGETS[name].suffix).dataset.cases
        assert comparable(back) == comparable(own), key
    config = built(kept[f"{prefix}_export_label_studio_config"])
    assert config.startswith(b"<View>")


def test_write_a_case_offers_the_other_tools_for_the_case_on_screen(downloads):
    open_editor("es").selectbox(key="editor_case").set_value(0).run()  # a case on screen (it opens on a new one)
    same_as_own(downloads, "editor_download", "editor", "case.json")
    assert b"Pregunta" in built(downloads["editor_export_label_studio_config"])  # the config in the reader's language


def test_a_drill_offers_the_other_tools_with_the_persons_labels(downloads):
    at = label_as_key(make("en", count=2), 0, flip=("claims", 0, "supported"))
    at.run()
    same_as_own(downloads, "drill_download_cases", "drill", "drill.jsonl")
    labelled = read_cases(built(downloads["drill_export_ragas_jsonl"]), "x.jsonl").dataset.cases
    assert any(unit.label("supported") is not None for case in labelled for unit in case.claims)


def test_each_system_of_a_comparison_offers_the_other_tools_with_its_own_labels(downloads):
    at = open_compare_page("en")
    label_b(at, 0, 0)
    for side in ("a", "b"):
        same_as_own(downloads, f"cmp_download_{side}", f"cmp_{side}", "system.json")
    a = read_cases(built(downloads["cmp_a_export_deepeval_json"]), "a.json").dataset.cases
    b = read_cases(built(downloads["cmp_b_export_deepeval_json"]), "b.json").dataset.cases
    assert comparable(a) != comparable(b)  # each popover holds its own system, not the same one twice


def test_a_room_offers_the_class_majority_to_the_other_tools(downloads):
    facilitator, code, _secret = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    facilitator.run()
    same_as_own(downloads, "room_export_majority", "room", "majority.json")
    majority = read_cases(built(downloads["room_export_ragas_jsonl"]), "m.jsonl").dataset.cases
    assert majority[0].passages[0].label("relevant") is True  # read from the store when clicked: Ana's label
