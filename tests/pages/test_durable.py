"""Nothing a person did is lost (AppTest): a new session on the same link brings back every page's labels,
data, settings and language; a new visitor gets a new workspace; a link that cannot be used says so.

Every edit here moves away from the page's default to a value the default does not have, so a test
cannot pass with the edit lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from streamlit.elements.lib import policies
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import (
    RAG_PAGE,
    ROOT,
    edit_labels,
    edit_table,
    metric_values,
    open_app,
    open_rag_page,
    open_settings_boxes,
    reopen,
    shown,
    token,
    workspace,
)
from ui.frame.data_kinds import RAG
from ui.frame.input_errors import page_error
from ui.frame.page import YOUR_WORK
from ui.frame.state import store_problem_text
from ui.frame.workspace import CorruptData
from uncase_core.assets.reader import ASSETS
from uncase_store import CorruptWorkspace, Limits


def opened(path: str) -> AppTest:
    at = open_app()
    at.switch_page(path)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---------------------------------------------------------------- labels on every labelling page


@dataclass(frozen=True)
class Labelling:
    name: str
    path: str
    edit: Any  # at -> None: a change away from the default
    metric: str  # a metric card the change moves
    before: str
    after: str


LABELLING = (
    Labelling("rag", RAG_PAGE, lambda at: edit_labels(at, "passages", {0: {"relevant": False}}),
              "Context relevance", "80.0%", "60.0%"),
    Labelling("conversations", "app_pages/conversation_quality.py",
              lambda at: edit_table(at, "turns", {1: {"coherent": False}, 3: {"coherent": False}}),
              "Dialogue coherence", "1.00", "0.83"),
    Labelling("summaries", "app_pages/summary_autoevaluation.py",
              lambda at: edit_table(at, "accuracy", {1: {"is_accurate": True}}), "Accuracy", "50.0%", "100.0%"),
)


@pytest.mark.parametrize("page", LABELLING, ids=[p.name for p in LABELLING])
def test_labels_come_back_in_a_new_session_on_the_same_link(page):
    at = opened(page.path)
    assert metric_values(at)[page.metric] == page.before
    page.edit(at)
    assert metric_values(at)[page.metric] == page.after
    stored = workspace(at).data(_kind(page.path))
    again = reopen(at, page.path)
    assert metric_values(again)[page.metric] == page.after
    assert workspace(again).data(_kind(page.path)) == stored
    assert workspace(again).edits(_kind(page.path))  # stored as edit records, not as a new document


def _kind(path: str):
    from ui.frame import data_kinds

    return {RAG_PAGE: data_kinds.RAG, "app_pages/conversation_quality.py": data_kinds.CONVERSATIONS,
            "app_pages/summary_autoevaluation.py": data_kinds.SUMMARIES}[path]


def test_a_label_put_back_is_stored_too():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    edit_labels(at, "passages", {})  # ticked again: the editor reports no edit at all
    again = reopen(at, RAG_PAGE)
    assert metric_values(again)["Context relevance"] == "80.0%"
    assert [e["value"] for e in workspace(again).edits(RAG)] == [False, True]


def test_the_workbench_log_and_splits_come_back():
    at = opened("app_pages/dataset_workbench.py")
    next(s for s in at.selectbox if s.label == "New value").set_value("false")
    next(i for i in at.text_input if i.label == "Reason").input("checked twice")
    next(b for b in at.button if b.label == "Change the label and log it").click().run()
    next(b for b in at.button if b.label == "Assign").click().run()
    assert not at.exception
    version = metric_values(at)["Version"]
    again = reopen(at, "app_pages/dataset_workbench.py")
    assert metric_values(again)["Version"] == version
    assert metric_values(again)["Label revisions"] == metric_values(at)["Label revisions"]


def test_an_upload_is_still_there_in_a_new_session():
    at = open_rag_page()
    upload = ASSETS / "rag" / "en" / "wrong_answer.json"
    at.sidebar.file_uploader(key="rag_upload").set_value((upload.name, upload.read_bytes(), "application/json"))
    at.run()
    edit_labels(at, "claims", {0: {"correct": True}})
    shown = metric_values(at)
    again = reopen(at, RAG_PAGE)
    assert workspace(again).source(RAG) == ("wrong_answer.json", "upload")
    assert metric_values(again) == shown


# ---------------------------------------------------------------- settings and language


SETTINGS = (
    (RAG_PAGE, "select_slider", "rag_threshold_coverage", 0.45),
    (RAG_PAGE, "radio", "rag_aggregation", "min"),
    ("app_pages/conversation_quality.py", "select_slider", "conv_threshold_ttr", 0.4),
    ("app_pages/summary_autoevaluation.py", "selectbox", "sum_paste_kind", "completeness"),
    ("app_pages/rubric_lab.py", "checkbox", "rub_filter_trivial", False),
    ("app_pages/dataset_workbench.py", "slider", "wb_min_units", 9),
    ("app_pages/threshold_explorer.py", "select_slider", "thr_current_faithfulness", 0.35),
    ("app_pages/sample_size_planner.py", "text_input", "plan_n", "77"),
    ("app_pages/annotator_agreement.py", "selectbox", "agr_field", "supported"),
    ("app_pages/judge_and_hand_labels.py", "selectbox", "judge_dimension", "coverage"),
    ("app_pages/judge_and_hand_labels.py", "select_slider", "judge_sim_false_positive_rate", 0.42),
    ("app_pages/compare_systems.py", "select_slider", "cmp_threshold_faithfulness", 0.35),
    ("app_pages/compare_systems.py", "selectbox", "cmp_stratum", "split"),
)


BOXED = {"rag_aggregation"}  # drawn only while its box is open (ui/views/rag/settings.py)


@pytest.mark.parametrize(("path", "widget", "key", "value"), SETTINGS, ids=[s[2] for s in SETTINGS])
def test_a_setting_comes_back_in_a_new_session(path, widget, key, value):
    at = opened(path)
    if key in BOXED:
        open_settings_boxes(at)
    element = getattr(at, widget)(key=key)
    assert element.value != value
    element.set_value(value).run()
    assert not at.exception
    again = reopen(at, path)
    if key in BOXED:  # a new session opens with the box closed: opened, it shows the stored value
        open_settings_boxes(again)
    assert getattr(again, widget)(key=key).value == value
    again.switch_page("app_pages/home.py").run()  # and after a page switch
    again.switch_page(path).run()
    if key in BOXED:
        open_settings_boxes(again)
    assert getattr(again, widget)(key=key).value == value


def test_the_language_holds_across_page_switches_and_new_sessions():
    at = open_app()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    for path in ("app_pages/rag_diagnosis.py", "app_pages/dataset_workbench.py", "app_pages/home.py"):
        at.switch_page(path).run()
        assert at.sidebar.radio(key="language_widget").value == "es"
    again = reopen(at, RAG_PAGE)
    assert again.title[0].value == "Diagnóstico RAG: localiza el fallo"
    assert "Relevancia del contexto" in metric_values(again)


def test_a_language_in_the_link_is_taken_once():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "es"
    at.run()
    assert at.sidebar.radio(key="language_widget").value == "es"
    assert "lang" not in at.query_params and "w" in at.query_params
    at.sidebar.radio(key="language_widget").set_value("en").run()
    assert reopen(at).sidebar.radio(key="language_widget").value == "en"


# ---------------------------------------------------------------- links, new visitors, start fresh


def test_every_link_carries_the_workspace():
    at = open_rag_page()
    links = at.get("page_link")
    assert len(links) >= 9
    assert {link.proto.query_string for link in links} == {f"w={token(at)}"}


def test_a_new_visitor_gets_a_new_workspace():
    first, second = open_app(), open_app()
    assert token(first) != token(second)
    edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    assert metric_values(open_rag_page())["Context relevance"] == "80.0%"


def test_start_fresh_keeps_the_language_and_leaves_the_old_work_under_its_link():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    at.sidebar.radio(key="language_widget").set_value("es").run()
    old = token(at)
    assert not any(b.label == "Empezar de cero" for b in at.sidebar.button)  # drawn once "Your work" is open
    at.session_state[YOUR_WORK] = True
    at.run()
    next(b for b in at.sidebar.button if b.label == "Empezar de cero").click().run()
    assert not at.exception
    assert token(at) != old
    assert metric_values(at)["Relevancia del contexto"] == "80,0\u00a0%"
    assert any("espacio de trabajo nuevo" in i.value for i in at.info)
    at.query_params["w"] = old  # the old link still opens the old work
    at.run()
    assert metric_values(at)["Relevancia del contexto"] == "60,0\u00a0%"


def test_an_unknown_or_unreadable_workspace_is_reported_and_a_fresh_one_started():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["w"] = "A" * 24
    at.run()
    assert any("No saved work was found for this link" in i.value for i in at.info)
    assert token(at) != "A" * 24

    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    store = workspace(at).store
    store.add_edit(token(at), "rag", {"op": "label", "case": 7, "case_id": "gone", "kind": "passages", "unit": 0,
                                      "unit_id": "p1", "field": "relevant", "value": True})
    broken = token(at)
    again = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    again.query_params["w"] = broken
    again.run()
    assert not again.exception
    notice = next(shown(i.value) for i in again.info if "could not be read" in i.value)
    assert "edits[seq" in notice and "no case at position 7" in notice
    assert token(again) != broken
    assert store.head(broken) is not None  # left as it was


def test_an_unreadable_workspace_is_reported_in_the_readers_language():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    at.sidebar.radio(key="language_widget").set_value("es").run()
    broken = token(at)
    workspace(at).store.add_edit(broken, "rag", {"op": "label", "case": 7, "case_id": "gone", "kind": "passages",
                                                 "unit": 0, "unit_id": "p1", "field": "relevant", "value": True})
    at.run()  # the session's copy catches up with the store and cannot replay the new edit
    assert not at.exception
    notice = next(shown(i.value) for i in at.info if "no se pudo leer" in i.value)
    assert "edits[seq" in notice and "no hay ningún caso en la posición 7" in notice
    assert "no case at position" not in notice
    assert token(at) != broken and workspace(at).language == "es"


def test_a_stored_row_the_playground_cannot_use_is_worded_in_the_readers_language():
    error = CorruptData("documents['lessons']", page_error("page_stored_unknown_data"))
    assert str(error) == "documents['lessons']: this playground keeps no data under that name"
    assert shown(store_problem_text(error, "es")) == (
        "documents['lessons']: este playground no guarda datos con ese nombre")
    assert shown(store_problem_text(CorruptWorkspace("edits[seq 3]", "expected a JSON object"), "es")) == \
        "edits[seq 3]: expected a JSON object"  # the store's own problem (a row that is not JSON) stays as it says


def test_a_change_the_store_refuses_is_said_and_not_shown_as_done():
    at = open_rag_page()
    store = workspace(at).store
    limits = store.limits
    try:
        store.limits = Limits(workspace_bytes=2_000, store_bytes=limits.store_bytes)
        edit_labels(at, "passages", {0: {"relevant": False}})
        assert any("not saved" in e.value and "a workspace holds at most" in e.value for e in at.sidebar.error)
        assert metric_values(at)["Context relevance"] == "80.0%"  # the page shows what is stored
    finally:
        store.limits = limits
    edit_labels(at, "passages", {1: {"relevant": False}})
    assert metric_values(at)["Context relevance"] == "60.0%"
    assert not at.sidebar.error


def test_the_saved_line_says_when():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    saved = next(c.value for c in at.sidebar.caption if c.value.startswith("Saved on this server at "))
    assert re.fullmatch(r"Saved on this server at \d\d:\d\d:\d\d", saved.replace("\u2060", ""))
    # Streamlit's markdown fetches its emoji plugin (a 259 kB library) for any text that looks like a shortcode, as
    # ":29:" in a time does (its test, from StreamlitMarkdown): the saved line, on every page, must not.
    assert not re.search(r":(?!material/|streamlit:)[\w+-][\w_+-]*:", saved)
    assert not at.get("code")  # the resume link is drawn once "Your work" is opened
    at.session_state[YOUR_WORK] = True
    at.run()
    assert any(c.value.endswith(f"?w={token(at)}") for c in at.get("code"))


def test_a_store_that_takes_no_writes_opens_the_work_read_only_with_a_banner():
    """Issue 27, item 5: with the disk full, a reload showed no work at all ("cannot reach its store"), because
    opening a workspace wrote to it. It opens read-only, says so in the reader's language, and recovers."""
    from sqlalchemy import event

    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    store = workspace(at).store

    def no_writes(dbapi, _record):  # what SQLite does on a full disk or a read-only file: it refuses the write
        dbapi.execute("PRAGMA query_only = ON")

    store.engine.dispose()
    event.listen(store.engine, "connect", no_writes)
    try:
        again = reopen(at, RAG_PAGE)
        assert metric_values(again)["Context relevance"] == "60.0%"  # the stored label, shown (80% by default)
        [banner] = [w.value for w in again.warning if "Read-only" in w.value]
        problem = workspace(again).read_only
        assert problem is not None and f"error {problem.error_id}" in banner
        assert "cannot reach its store" not in " ".join(e.value for e in again.error)
        seq = store.head(token(again))
        edit_labels(again, "passages", {1: {"relevant": False}})  # a change now is refused and said so
        assert any("not saved" in e.value and f"error {workspace(again).problem.error_id}" in e.value
                   for e in again.sidebar.error)
        assert store.head(token(again)) == seq and metric_values(again)["Context relevance"] == "60.0%"
    finally:
        event.remove(store.engine, "connect", no_writes)
        store.engine.dispose()
    again.run()  # writable again: the banner goes at the next run
    assert not [w.value for w in again.warning if "Read-only" in w.value]
    edit_labels(again, "passages", {1: {"relevant": False}})
    assert metric_values(again)["Context relevance"] == "40.0%" and store.head(token(again)) == seq + 1


def test_a_kept_widget_falls_back_to_its_current_value_not_the_first_option(caplog, monkeypatch):
    """A browser that holds no value of its own for a widget (remounted after a race of runs, say) shows the
    widget's default and sends it back; so does the server for a state it did not receive. Left to Streamlit the
    default is the first option: a CI run saw the first threshold go from 50% to 0% by itself. Every kept widget's
    default is its current value (ui/frame/state.py)."""
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)  # Streamlit warns once per process
    at = open_settings_boxes(open_rag_page())
    # A threshold, the aggregation or the confidence reruns only the figures (AppTest's tree then holds only them):
    # a full run after each.
    at.sidebar.select_slider(key="rag_threshold_context_relevance").set_value(0.3).run()
    at.run()
    at.sidebar.select_slider(key="rag_confidence").set_value(0.8).run()
    at.run()
    at.sidebar.radio(key="rag_aggregation").set_value("min").run()
    at.run()
    at.sidebar.checkbox(key="rag_gate_on_faithfulness").check().run()
    at.run()  # a run where nothing changed: what the browser falls back to now
    assert not at.exception, [e.value for e in at.exception]
    threshold = at.sidebar.select_slider(key="rag_threshold_context_relevance")
    assert threshold.options[int(threshold.proto.default[0])] == "30%"
    confidence = at.sidebar.select_slider(key="rag_confidence")
    assert confidence.options[int(confidence.proto.default[0])] == "80%"
    assert at.sidebar.radio(key="rag_aggregation").proto.default == 1  # mean, min
    assert at.sidebar.checkbox(key="rag_gate_on_faithfulness").proto.default is True
    # A value left at its default keeps the default's place; a value also set through session state in the run (the
    # first draw, the reset) is not given as the default too, which Streamlit warns about.
    faithfulness = at.sidebar.select_slider(key="rag_threshold_faithfulness")
    assert faithfulness.options[int(faithfulness.proto.default[0])] == "70%"
    next(b for b in at.sidebar.button if b.label == "Restore default settings").click().run()
    assert at.sidebar.select_slider(key="rag_threshold_context_relevance").value == 0.5
    assert "set via the Session State API" not in caplog.text
