"""A person's workspace through ui.frame.workspace: whatever they do is stored, and reading it back gives the same.

These run without Streamlit (ui.frame.workspace imports none) on a SQLite store, and on PostgreSQL
where the test is about several writers.
"""

from __future__ import annotations

import multiprocessing
import sys
import tempfile
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.store_backends import BACKENDS, store_url
from ui.frame.data_kinds import CONVERSATIONS, JUDGE, KINDS, RAG, SUMMARIES, WORKBENCH
from ui.frame.workspace import Workspace
from ui.page_data.agreement import builtin_pair
from ui.page_data.compare import builtin_pair as compare_pair
from ui.views.judge.data import builtin_set
from uncase_core.assets.reader import (
    CONVERSATION_INDEX,
    SUMMARY_INDEX,
    load_all,
    load_conversation,
    load_index,
    load_scenario,
    load_workbench,
    scenario_path,
)
from uncase_core.conversations.edits import conversation_claim, conversation_turn
from uncase_core.datasets.edits import reveals, workbench_revision
from uncase_core.judge.edits import judge_answers, judge_record, judge_skips
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS
from uncase_core.rag.edits import rag_label
from uncase_core.summaries.cases import cases_from_bytes
from uncase_core.summaries.edits import summary_edit
from uncase_store import CorruptWorkspace, open_store

DATASET = load_all(load_index(), "en")
OTHER = load_scenario(load_index()[1], "es")
SLOTS = [(c, kind, u, field) for c, case in enumerate(DATASET.cases) for kind in UNIT_KINDS
         for u in range(len(case.units(kind))) for field in LABEL_FIELDS[kind]]


@pytest.fixture(scope="module")
def sqlite_store():
    store = open_store(f"sqlite:///{tempfile.mkdtemp(prefix='uncase-ws-')}/store.db")
    yield store
    store.engine.dispose()


def label(dataset, slot, value):
    case, kind, unit, field = slot
    return rag_label(dataset, case, kind, unit, field, value)


# ---------------------------------------------------------------- any sequence of changes comes back


actions = st.lists(st.one_of(
    st.tuples(st.just("label"), st.sampled_from(SLOTS), st.sampled_from([True, False, None])),
    st.tuples(st.just("setting"), st.sampled_from(["rag_threshold_coverage", "language", "rag_case", "x"]),
              st.one_of(st.none(), st.integers(-5, 5), st.floats(0, 1), st.sampled_from(["en", "es", "niño"]))),
    st.tuples(st.just("replace"), st.sampled_from(["all", "other"]), st.none()),
    st.tuples(st.just("reset"), st.none(), st.none()),
), max_size=25)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions)
def test_any_sequence_of_changes_reads_back_the_same(sqlite_store, steps):
    workspace = Workspace.create(sqlite_store, {"language": "en"})
    expected = {"language": "en"}
    for action, target, value in steps:
        current = workspace.data(RAG, lambda: DATASET)
        if action == "label":
            if current is not OTHER:
                workspace.edit(RAG, [label(current, target, value)], lambda: (DATASET, "__all__", "all"))
        elif action == "setting":
            workspace.set_settings({target: value})
            if value is None:
                expected.pop(target, None)
            else:
                expected[target] = value
        elif action == "replace":
            workspace.replace(RAG, DATASET if target == "all" else OTHER, target, "scenario")
        else:
            workspace.reset(RAG)
    again = Workspace.open(sqlite_store, workspace.token)
    assert again.data(RAG) == workspace.data(RAG)
    assert again.original(RAG) == workspace.original(RAG)
    assert again.edits(RAG) == workspace.edits(RAG)
    assert again.settings == workspace.settings == expected
    assert again.seq == workspace.seq == sqlite_store.head(workspace.token)


def test_the_data_shown_before_anything_is_stored_is_stored_with_the_first_edit(sqlite_store):
    workspace = Workspace.create(sqlite_store)
    assert not workspace.has(RAG) and workspace.loaded_at(RAG) == 0
    workspace.edit(RAG, [label(DATASET, SLOTS[0], False)], lambda: (DATASET, "__all__", "all"))
    assert workspace.loaded_at(RAG) == 0  # the label tables keep their keys
    assert workspace.source(RAG) == ("__all__", "all")
    again = Workspace.open(sqlite_store, workspace.token)
    assert again.data(RAG).cases[0].passages[0].label("relevant") is False
    workspace.replace(RAG, OTHER, "other", "scenario")
    assert workspace.loaded_at(RAG) == workspace.seq  # newly loaded data: new tables


# ---------------------------------------------------------------- every page's data and edits


def _summaries():
    path = scenario_path(load_index(SUMMARY_INDEX)[1], "es", SUMMARY_INDEX)
    return cases_from_bytes(path.read_bytes(), path.name)


def test_every_kind_of_page_data_and_its_edits_come_back(sqlite_store):
    conversations = tuple(load_conversation(s, "es") for s in load_index(CONVERSATION_INDEX))
    summaries = _summaries()
    workbench = load_workbench("en")
    workspace = Workspace.create(sqlite_store)
    workspace.replace(CONVERSATIONS, conversations, "__all__", "all")
    workspace.edit(CONVERSATIONS, [conversation_claim(conversations, 0, 0, False),
                                   conversation_turn(conversations, 1, 2, False)])
    workspace.replace(SUMMARIES, summaries, "appointment", "scenario")
    workspace.edit(SUMMARIES, [
        summary_edit(summaries, "accuracy", 0, index=0, value=False),
        summary_edit(summaries, "section", 0, index=0, kind="predefined", categorical=True),
        summary_edit(summaries, "completeness", 0, question=0, item=0, value=None),
    ])
    case = workbench.cases[3]
    workspace.replace(WORKBENCH, workbench, "builtin", "builtin")
    workspace.edit(WORKBENCH, [
        workbench_revision(workbench, case.id, "passages", case.passages[0].id, "relevant", False, "checked",
                                 "ana", "2026-11-30T10:00:00+00:00"),
        {"op": "reveal"}, {"op": "splits", "assignment": {case.id: "held-out"}}, {"op": "reveal"}])
    again = Workspace.open(sqlite_store, workspace.token)
    for kind in (CONVERSATIONS, SUMMARIES, WORKBENCH):
        assert again.data(kind) == workspace.data(kind), kind.name
        assert again.data(kind) != again.original(kind), kind.name
    assert again.data(CONVERSATIONS)[0].claims[0].verified is False
    assert again.data(SUMMARIES)[0].notes == summaries[0].notes
    assert reveals(again.edits(WORKBENCH)) == 2
    assert again.data(WORKBENCH).cases[3].metadata["split"] == "held-out"
    document = again.to_document()
    assert set(document["data"]) == {"conversations", "summaries", "workbench"}
    assert document["data"]["workbench"]["edits"] == 4


def test_the_judge_pages_answers_and_skips_come_back(sqlite_store):
    data = builtin_set("en")
    workspace = Workspace.create(sqlite_store)
    label = judge_record(data, "label", 3, "claims", 1, "correct", True)
    skip = judge_record(data, "skip", 5, "passages", 0, "relevant", True)
    workspace.edit(JUDGE, [label, skip], lambda: (data, "builtin", "builtin"))
    again = Workspace.open(sqlite_store, workspace.token)
    assert again.data(JUDGE) == workspace.data(JUDGE) != data
    assert again.data(JUDGE).cases[3].claims[1].label("correct") is True
    assert judge_answers(again.edits(JUDGE)) == judge_answers([label, skip])
    assert judge_skips(again.edits(JUDGE)) == {(data.cases[5].id, "passages", "p1", "relevant")}
    assert again.loaded_at(JUDGE) == 0  # the built-in set the page was showing, stored with the first answer


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_data_kind_reads_back_what_it_writes(name):
    kind = KINDS[name]
    samples = {
        "rag": DATASET, "thresholds_upload": OTHER, "workbench": load_workbench("es"),
        "workbench_compare": load_workbench("en"), "conversations": (load_conversation(load_index(
            CONVERSATION_INDEX)[0], "en"),), "summaries": _summaries(),
        "agreement_a": '{"id": "a"}', "agreement_b": "línea\n",
        "agreement_pair": builtin_pair("es"), "agreement_uploaded_pair": builtin_pair("en"),
        "judge": builtin_set("es"),
        "judge_verdicts": "case_id,unit_id,dimension,judge_verdict\r\nx,c1,correctness,\r\n",
        "judge_ragas": 'user_input,faithfulness\n"¿Cuánto tarda?",NaN\n',
        "compare_pair": compare_pair("es"), "compare_uploaded_pair": compare_pair("en"),
        "compare_upload_a": compare_pair("es")[0], "compare_upload_b": compare_pair("en")[1],
    }
    if name == "drill":
        from uncase_core.assets.reader import load_scenario
        from uncase_core.rag.drills import make_drill

        samples["drill"] = make_drill(load_scenario(load_index()[0], "es").cases[0], 2, 3)
    if name.startswith("rubric"):
        from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
        from uncase_core.rubrics.holistic import generate_holistic

        verdicts, truth = generate_verdicts(GeneratorSettings(seed=3, candidates=3, prompts=4))
        sample = verdicts if name == "rubric_verdicts" else generate_holistic(truth, ["J1", "J2"], 3)
        body, meta = kind.write(sample)
        back = kind.read(body, meta)
        assert kind.write(back) == (body, meta)  # the same file again
        assert back.astype(str).equals(sample.astype(str))  # the same values (the reader's dtypes may differ)
        return
    body, meta = kind.write(samples[name])
    assert kind.read(body, meta) == samples[name]


# ---------------------------------------------------------------- what cannot be read back


def test_a_stored_edit_that_no_longer_fits_its_data_is_named(sqlite_store):
    workspace = Workspace.create(sqlite_store)
    workspace.replace(RAG, DATASET, "__all__", "all")
    sqlite_store.add_edit(workspace.token, "rag", {"op": "label", "case": 99, "case_id": "x", "kind": "passages",
                                                   "unit": 0, "unit_id": "p1", "field": "relevant", "value": True})
    with pytest.raises(CorruptWorkspace) as error:
        Workspace.open(sqlite_store, workspace.token)
    assert error.value.where == f"edits[seq {workspace.seq + 1}]"
    assert "there is no case at position 99" in error.value.problem


def test_a_document_in_an_unknown_format_or_slot_is_named(sqlite_store):
    token = sqlite_store.create_workspace()
    sqlite_store.put_document(token, "rag", "rag-dataset-v0", "a", "scenario", "{}")
    with pytest.raises(CorruptWorkspace, match=r"documents\['rag'\]: format 'rag-dataset-v0'"):
        Workspace.open(sqlite_store, token)
    token = sqlite_store.create_workspace()
    sqlite_store.put_document(token, "rag", "rag-dataset", "a", "scenario", '{"id": 3}')
    with pytest.raises(CorruptWorkspace, match=r"documents\['rag'\]: .*expected text"):
        Workspace.open(sqlite_store, token)
    token = sqlite_store.create_workspace()
    sqlite_store.put_document(token, "lessons", "x", "a", "scenario", "{}")
    with pytest.raises(CorruptWorkspace, match="keeps no data under that name"):
        Workspace.open(sqlite_store, token)


# ---------------------------------------------------------------- two tabs, two processes


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(SLOTS), st.booleans(), st.booleans()),
                min_size=1, max_size=30))
def test_two_tabs_on_one_link_never_undo_each_others_edits(sqlite_store, steps):
    """Each step: one tab sets one label (after catching up or not). In the end both tabs, and a third
    opened later, show for every label the value of the last change the store took for it."""
    first = Workspace.create(sqlite_store)
    first.replace(RAG, DATASET, "__all__", "all")
    tabs = {"a": first, "b": Workspace.open(sqlite_store, first.token)}
    last_value = {}
    for tab, slot, value, catch_up in steps:
        workspace = tabs[tab]
        if catch_up:
            workspace.sync()
        workspace.edit(RAG, [label(workspace.data(RAG), slot, value)])
        last_value[slot] = value
    for workspace in tabs.values():
        workspace.sync()
    later = Workspace.open(sqlite_store, first.token)
    for workspace in (*tabs.values(), later):
        for (case, kind, unit, field), value in last_value.items():
            assert workspace.data(RAG).cases[case].units(kind)[unit].label(field) is value
    assert tabs["a"].data(RAG) == tabs["b"].data(RAG) == later.data(RAG)
    assert len(later.edits(RAG)) == len(steps)


def _label_many(url: str, token: str, slots: list, value: bool) -> None:
    store = open_store(url)
    workspace = Workspace.open(store, token)
    for slot in slots:  # one edit per change, as a person ticking boxes
        workspace.edit(RAG, [label(workspace.data(RAG), slot, value)])
    store.engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_processes_writing_one_workspace_lose_nothing(backend, tmp_path: Path, monkeypatch):
    # A spawned child runs the parent's __main__ file first; an AppTest run earlier in this worker leaves __main__
    # naming its own temporary script, which fails outside AppTest. The children need only this module.
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    with store_url(backend, tmp_path) as url:
        store = open_store(url)
        workspace = Workspace.create(store)
        workspace.replace(RAG, DATASET, "__all__", "all")
        # Disjoint labels, each set to the opposite of what the dataset says, so none can pass by accident.
        flips = [slot for slot in SLOTS if DATASET.cases[slot[0]].units(slot[1])[slot[2]].label(slot[3]) is True]
        halves = [flips[0::2], flips[1::2]]
        context = multiprocessing.get_context("spawn")
        processes = [context.Process(target=_label_many, args=(url, workspace.token, half, False)) for half in halves]
        for process in processes:
            process.start()
        for process in processes:
            process.join(600)  # a hang guard: two spawned interpreters start slowly on a loaded machine
            assert process.exitcode == 0, process.exitcode
        final = Workspace.open(store, workspace.token).data(RAG)
        for case, kind, unit, field in flips:
            assert final.cases[case].units(kind)[unit].label(field) is False
        assert len(Workspace.open(store, workspace.token).edits(RAG)) == len(flips) > 20
        store.engine.dispose()


# ---------------------------------------------------------------- writes per second (issue 27, item 3)


def test_a_session_writing_faster_than_its_pace_is_refused_and_nothing_is_stored(sqlite_store):
    from ui.frame.throttle import Pace, TooFast

    now = [0.0]
    workspace = Workspace.create(sqlite_store, {"language": "en"})
    workspace.pace = Pace(rate=5.0, burst=30, clock=lambda: now[0])
    for i in range(30):  # a burst goes through
        workspace.set_settings({"slider": i})
    before = sqlite_store.head(workspace.token)
    with pytest.raises(TooFast, match="wait 1 s") as refused:
        workspace.set_settings({"slider": 99})
    with pytest.raises(TooFast):
        workspace.replace(RAG, DATASET, "all", "scenario")
    assert refused.value.wait_s == pytest.approx(0.2)
    assert sqlite_store.head(workspace.token) == before and workspace.setting("slider") == 29
    now[0] += 0.2  # then five a second
    workspace.set_settings({"slider": 100})
    with pytest.raises(TooFast):
        workspace.set_settings({"slider": 101})
    assert Workspace.open(sqlite_store, workspace.token).setting("slider") == 100


def test_the_refusal_is_worded_in_the_readers_language():
    from ui.frame.state import store_problem_text
    from ui.frame.throttle import TooFast, TooManyWorkspaces

    assert store_problem_text(TooFast(1.2), "en") == "too many changes in a short time; wait 2 s and make the " \
        "change again"
    assert store_problem_text(TooFast(0.2), "es").startswith("demasiados cambios en poco tiempo; espera 1 s")
    assert "60 espacios de trabajo nuevos" in store_problem_text(TooManyWorkspaces(600, 60), "es")
    assert "in 10 min" in store_problem_text(TooManyWorkspaces(600, 60), "en")
