"""Load, shortened for CI: five concurrent browser sessions label on the RAG page for about 20 s; then two
browser sessions beside ten protocol-level ones (tests/support/protocol_client.py) on two server processes sharing one
store.

The full benchmark is `bench/bench_load.py` (30 sessions, 90 s). Here only correctness under concurrency is
asserted: no errors (no timeout, no wrong number, no exception box, no crash), work done by every session, and
no lost edit (every label and threshold a session saw acknowledged is in the store at the end). Performance is
measured, not asserted: the figures are printed to the terminal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

SESSIONS = 5
SECONDS = 20.0
SWITCH_EVERY = 1  # a page switch after every tick + slider round, so that switches are exercised too
MIN_INTERACTIONS_PER_SESSION = 3
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def test_five_sessions_label_without_errors(browser_checked: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bench.bench_load import run

    result = run(SESSIONS, SECONDS, switch_every=SWITCH_EVERY, chromium=browser_checked, artifacts=ARTIFACTS)
    with capsys.disabled():  # the figures go to the terminal (CI log) even when the test passes
        print("\n" + result.summary())

    assert result.errors == [], "\n".join(result.errors)
    assert not result.interrupted
    assert result.lost == [], "\n".join(result.lost)
    assert result.checked_labels >= SESSIONS * 6  # five passages and a threshold per workspace, at least
    per_session = [result.per_session[i] for i in range(SESSIONS)]
    assert min(per_session) >= MIN_INTERACTIONS_PER_SESSION, f"interactions per session: {per_session}"
    done = result.interactions
    assert done["tick"] and done["slider"] and done["switch_back"], f"interactions by kind: {dict(done)}"


def test_browser_and_protocol_sessions_label_without_errors(browser_checked: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from bench.bench_load import run

    browsers, simulated = 2, 10
    result = run(browsers, SECONDS, switch_every=SWITCH_EVERY, protocol_sessions=simulated,
                 chromium=browser_checked, artifacts=ARTIFACTS, servers=2)
    with capsys.disabled():
        print("\n" + result.summary())

    assert result.errors == [], "\n".join(result.errors)
    assert not result.interrupted
    assert result.lost == [], "\n".join(result.lost)
    assert result.checked_labels >= (browsers + simulated) * 6
    per_session = [result.per_session[i] for i in range(browsers + simulated)]
    assert min(per_session) >= MIN_INTERACTIONS_PER_SESSION, f"interactions per session: {per_session}"
    assert {"tick", "slider", "switch_away", "switch_back"} <= set(result.protocol_times), result.protocol_times


def test_the_lost_edit_check_finds_an_edit_the_store_does_not_hold(tmp_path: Path) -> None:
    """The check itself can fail: a workspace whose stored labels differ from what its user saw is reported."""
    from bench.bench_load import METRIC, SLIDER_STEP, Result, WorkspaceRecord, _initial_labels, verify_store
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from uncase_core.assets.reader import load_index, load_scenario
    from uncase_core.rag.edits import rag_label
    from uncase_store import open_store

    url = f"sqlite:///{tmp_path / 'store.db'}"
    store = open_store(url)
    workspace = Workspace.create(store)
    dataset = load_scenario(load_index()[0], "en")
    workspace.edit(RAG, [rag_label(dataset, 0, "passages", 0, "relevant", False)],
                   lambda: (dataset, dataset.cases[0].id, "scenario"))
    workspace.set_settings({f"rag_threshold_{METRIC}": 11 * SLIDER_STEP})
    shown = _initial_labels()
    shown[0] = False
    good = WorkspaceRecord(0, workspace.token, list(shown), 11)
    result = Result(sessions=1, seconds=1, think=1, ramp=1, workspaces=[good])
    verify_store(result, url)
    assert result.lost == [] and result.checked_labels == 6
    shown[1] = False  # the user saw passage 2 unticked too, but the store never got it
    result = Result(sessions=1, seconds=1, think=1, ramp=1,
                    workspaces=[WorkspaceRecord(0, workspace.token, shown, 12),
                                WorkspaceRecord(1, workspace.token, shown, 12, uncertain_rows={1},
                                                uncertain_threshold=True)])
    verify_store(result, url)
    assert len(result.lost) == 2 and "passage 2 shown False" in result.lost[0] and "threshold" in result.lost[1]
    store.engine.dispose()
