"""Workshop reliability in AppTest, on every page where people label: labels survive page and language
switches, failed uploads and reruns; replacing labelled data asks first; oversized files are refused
with the command to use instead; upload caps agree with the server's."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.pages.apptest_helpers import ROOT, edit_table, open_app, shown, workspace
from ui.frame.data_kinds import CONVERSATIONS, JUDGE, RAG, SUMMARIES, WORKBENCH
from ui.frame.limits import LIMITS
from ui.frame.upload_guard import SERVER_MAX_UPLOAD_MB
from ui.views.judge.data import builtin_set
from uncase_core.assets.reader import (
    ASSETS,
    CONVERSATION_INDEX,
    SUMMARY_INDEX,
    load_conversation,
    load_index,
    load_scenario,
    load_workbench,
    scenario_path,
)
from uncase_core.summaries.cases import cases_from_bytes


def _edit_rag(at, table: str, edits: dict) -> None:
    key = at.session_state["rag_workspace"].editor_key(table, at.session_state["language_widget"])
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    at.run()


def _label_in_workbench(at) -> None:
    next(s for s in at.selectbox if s.label == "New value").set_value("false")
    next(s for s in at.selectbox if s.label == "Label").set_value("relevant")
    next(i for i in at.text_input if i.label == "Reason").input("checked")
    next(b for b in at.button if b.label == "Change the label and log it").click().run()


def _first_summaries():
    path = scenario_path(load_index(SUMMARY_INDEX)[0], "en", SUMMARY_INDEX)
    return cases_from_bytes(path.read_bytes(), path.name)


@dataclass(frozen=True)
class LabellingPage:
    name: str
    path: str
    change_labels: Callable[[Any], None]
    kind: Any  # the page's data in the workspace (ui.frame.data_kinds)
    default: Callable[[], Any]  # what the page shows while nothing is stored
    upload_key: str
    load_button: str
    valid_upload: Path
    per_item: str  # one item of the upload format, to build a file with too many items

    def open(self):
        at = open_app()
        at.switch_page(self.path)
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    def labelled_data(self, at):
        """The page's data as the person sees it: what is stored, or the default while nothing is."""
        return workspace(at).data(self.kind, self.default)


PAGES = (
    LabellingPage("rag", "app_pages/rag_diagnosis.py",
                  lambda at: _edit_rag(at, "passages", {0: {"relevant": False}}), RAG,
                  lambda: load_scenario(load_index()[0], "en"), "rag_upload", "Load scenario",
                  ASSETS / "rag" / "en" / "wrong_answer.json",
                  '{"id": "c%d", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": true}]}'),
    LabellingPage("conversations", "app_pages/conversation_quality.py",
                  lambda at: edit_table(at, "claims", {0: {"verified": False}}), CONVERSATIONS,
                  lambda: (load_conversation(load_index(CONVERSATION_INDEX)[0], "en"),), "conv_upload",
                  "Load scenario", ASSETS / "conversations" / "en" / "drift.json", ""),
    LabellingPage("summaries", "app_pages/summary_autoevaluation.py",
                  lambda at: edit_table(at, "accuracy", {1: {"is_accurate": True}}), SUMMARIES, _first_summaries,
                  "sum_upload", "Load scenario", ASSETS / "summaries" / "en" / "appointment.json", ""),
    LabellingPage("dataset", "app_pages/dataset_workbench.py", _label_in_workbench, WORKBENCH,
                  lambda: load_workbench("en"), "wb_upload", "Load the built-in dataset",
                  ASSETS / "rag" / "en" / "wrong_answer.json",
                  '{"id": "c%d", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": true}]}'),
    LabellingPage("judge", "app_pages/judge_and_hand_labels.py", lambda at: at.button(key="judge_yes").click().run(),
                  JUDGE, lambda: builtin_set("en"), "judge_upload", "Load the built-in set",
                  ASSETS / "judge" / "en" / "retail.json",
                  '{"id": "c%d", "question": "q", "passages": [{"id": "p1", "text": "t", "judge_relevant": true}]}'),
)
BY_NAME = {page.name: page for page in PAGES}
IDS = [page.name for page in PAGES]


def labelled(page: LabellingPage):
    at = page.open()
    fresh = page.labelled_data(at)
    page.change_labels(at)
    assert not at.exception, [e.value for e in at.exception]
    changed = page.labelled_data(at)
    assert changed != fresh, "the label change did not register"
    return at, fresh, changed


def uploader(at, key):
    return next(u for u in at.sidebar.file_uploader if u.key == key)


def button(at, label):
    return next(b for b in [*at.sidebar.button, *at.main.button] if b.label == label)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_labels_survive_page_and_language_switches_a_failed_upload_and_a_rerun(page):
    at, _, changed = labelled(page)
    at.switch_page("app_pages/threshold_explorer.py").run()
    assert not at.exception
    at.switch_page(page.path).run()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    at.sidebar.radio(key="language_widget").set_value("en").run()
    uploader(at, page.upload_key).set_value(("broken.json", b'{"cases": [', "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("broken.json" in shown(e.value) for e in at.sidebar.error)
    at.run()
    assert not at.exception
    assert page.labelled_data(at) == changed


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_loading_over_labelled_data_asks_and_no_keeps_the_labels(page):
    at, fresh, changed = labelled(page)
    button(at, page.load_button).click().run()
    assert any(w.value.startswith("Replace the data you are labelling?") for w in at.warning)
    assert page.labelled_data(at) == changed
    button(at, "No, keep my labels").click().run()
    assert not at.exception
    assert page.labelled_data(at) == changed
    assert not any(w.value.startswith("Replace the data") for w in at.warning)
    button(at, page.load_button).click().run()
    button(at, "Yes, replace").click().run()
    assert not at.exception
    assert page.labelled_data(at) == fresh


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_an_upload_over_labelled_data_names_the_file_and_waits_for_yes(page):
    at, _, changed = labelled(page)
    uploader(at, page.upload_key).set_value((page.valid_upload.name, page.valid_upload.read_bytes(),
                                             "application/json"))
    at.run()
    assert any(page.valid_upload.name in shown(w.value) for w in at.warning)
    assert page.labelled_data(at) == changed
    button(at, "Yes, replace").click().run()
    assert not at.exception
    assert page.labelled_data(at) != changed


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_a_file_over_the_page_cap_is_refused_with_the_command_to_use(page):
    at, _, changed = labelled(page)
    limit = LIMITS[page.name]
    padded = page.valid_upload.read_bytes() + b" " * (limit.upload_bytes + 1)
    uploader(at, page.upload_key).set_value(("big.json", padded, "application/json"))
    at.run()
    assert not at.exception
    message = next(shown(e.value) for e in at.sidebar.error if "big.json" in shown(e.value))
    assert f"up to {limit.upload_mb} MB" in message and limit.command in message
    assert page.labelled_data(at) == changed


@pytest.mark.parametrize("name", ["rag", "dataset", "judge"])
def test_a_dataset_with_too_many_cases_is_refused_with_the_command_to_use(name):
    page = BY_NAME[name]
    at, _, changed = labelled(page)
    limit = LIMITS[name]
    lines = "\n".join(page.per_item % i for i in range(limit.max_items + 1)).encode()
    assert len(lines) < limit.upload_bytes  # refused for its size in cases, not in bytes
    uploader(at, page.upload_key).set_value(("many.jsonl", lines, "application/json"))
    at.run()
    assert not at.exception
    message = next(shown(e.value) for e in at.sidebar.error if "many.jsonl" in shown(e.value))
    assert f"{limit.max_items + 1:,} items" in message and limit.command in message
    assert page.labelled_data(at) == changed


def test_upload_caps_fit_the_server_cap():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == SERVER_MAX_UPLOAD_MB
    assert all(limit.upload_mb <= SERVER_MAX_UPLOAD_MB for limit in LIMITS.values())


PAGE_LIMITS = {
    "app_pages/rag_diagnosis.py": "rag", "app_pages/conversation_quality.py": "conversations",
    "app_pages/summary_autoevaluation.py": "summaries", "app_pages/rubric_lab.py": "rubrics",
    "app_pages/dataset_workbench.py": "dataset", "app_pages/threshold_explorer.py": "thresholds",
    "app_pages/annotator_agreement.py": "agreement", "app_pages/judge_and_hand_labels.py": "judge",
}


@pytest.mark.parametrize("path", sorted(PAGE_LIMITS))
def test_every_upload_widget_carries_its_page_cap(path):
    at = open_app()
    at.switch_page(path)
    at.run()
    for key in ("thr_source", "agr_source"):  # the upload boxes of these pages appear on request
        if key in at.session_state and any(r.key == key for r in at.sidebar.radio):
            at.sidebar.radio(key=key).set_value("upload").run()
    widgets = at.get("file_uploader")
    assert widgets, f"no upload widget on {path}"
    assert {w.proto.max_upload_size_mb for w in widgets} == {LIMITS[PAGE_LIMITS[path]].upload_mb}


def test_the_command_line_named_in_each_refusal_exists():
    from uncase_core.cli.main import build_parser

    parser = build_parser()
    for limit in LIMITS.values():
        words = limit.command.split()
        assert words[:3] == ["python", "-m", "uncase_core"]
        with pytest.raises(SystemExit) as exit_info:  # --help exits 0 only for a real subcommand
            parser.parse_args([words[3], "--help"])
        assert exit_info.value.code == 0, limit.command
