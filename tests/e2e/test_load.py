"""Load, shortened for CI: five concurrent browser sessions label on the RAG page for about 20 s; then two
browser sessions beside ten protocol-level ones (bench/protocol_client.py).

The full benchmark is `bench/bench_load.py` (30 sessions, 90 s). Here only correctness under concurrency is
asserted: no errors (no timeout, no wrong number, no exception box, no crash) and work done by every session.
Performance is measured, not asserted: the figures are printed to the terminal.
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
    per_session = [result.per_session[i] for i in range(SESSIONS)]
    assert min(per_session) >= MIN_INTERACTIONS_PER_SESSION, f"interactions per session: {per_session}"
    done = result.interactions
    assert done["tick"] and done["slider"] and done["switch_back"], f"interactions by kind: {dict(done)}"


def test_browser_and_protocol_sessions_label_without_errors(browser_checked: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from bench.bench_load import run

    browsers, simulated = 2, 10
    result = run(browsers, SECONDS, switch_every=SWITCH_EVERY, protocol_sessions=simulated,
                 chromium=browser_checked, artifacts=ARTIFACTS)
    with capsys.disabled():
        print("\n" + result.summary())

    assert result.errors == [], "\n".join(result.errors)
    assert not result.interrupted
    per_session = [result.per_session[i] for i in range(browsers + simulated)]
    assert min(per_session) >= MIN_INTERACTIONS_PER_SESSION, f"interactions per session: {per_session}"
    assert {"tick", "slider", "switch_away", "switch_back"} <= set(result.protocol_times), result.protocol_times
