"""A closed tab's session, kept for a reconnect and then shut down (``ui/frame/closed_sessions.py``): whichever way it
leaves the store, expired or pushed out, it is shut down, and a sweep takes expired ones out without any write."""

from __future__ import annotations

from dataclasses import dataclass

from streamlit.runtime.session_manager import SessionInfo

from ui.frame.closed_sessions import ClosingSessionStorage


@dataclass
class FakeSession:
    id: str


def info(session_id: str) -> SessionInfo:
    return SessionInfo(client=None, session=FakeSession(session_id))  # type: ignore[arg-type]


def storage(ttl_s: float = 10.0, max_kept: int = 128) -> tuple[ClosingSessionStorage, list[float], list[str]]:
    now, shut = [0.0], []
    kept = ClosingSessionStorage(ttl_s, max_kept, clock=lambda: now[0], shut=lambda i: shut.append(i.session.id))
    return kept, now, shut


def test_a_session_is_kept_for_its_time_then_swept_and_shut_down_without_any_write():
    kept, now, shut = storage()
    kept.save(info("a"))
    now[0] = 5.0
    kept.save(info("b"))
    assert kept.get("a") is not None and kept.sweep() == 0 and shut == []
    now[0] = 10.0  # a's time to reconnect is over: no longer given back, and shut down at the next sweep
    assert kept.get("a") is None and [i.session.id for i in kept.list()] == ["b"]
    assert kept.sweep() == 1 and shut == ["a"] and kept.count() == 1
    now[0] = 16.0
    assert kept.sweep() == 1 and shut == ["a", "b"] and kept.count() == 0


def test_a_session_pushed_out_by_the_bound_is_shut_down():
    kept, _now, shut = storage(max_kept=2)
    for name in "abc":
        kept.save(info(name))
    assert shut == ["a"] and [i.session.id for i in kept.list()] == ["b", "c"]


def test_a_reconnect_takes_the_session_back_and_it_is_not_shut_down():
    kept, now, shut = storage()
    kept.save(info("a"))
    kept.delete("a")  # Streamlit resumed it (or closed it itself)
    now[0] = 100.0
    assert kept.sweep() == 0 and shut == [] and kept.get("a") is None


def test_a_session_saved_again_starts_its_time_again():
    kept, now, shut = storage()
    kept.save(info("a"))
    now[0] = 8.0
    kept.save(info("a"))  # reconnected, then closed again
    now[0] = 12.0
    assert kept.sweep() == 0 and kept.get("a") is not None
    now[0] = 18.0
    assert kept.sweep() == 1 and shut == ["a"]


def test_one_session_that_fails_to_shut_down_does_not_keep_the_others():
    now, shut = [0.0], []

    def shut_down(found: SessionInfo) -> None:
        if found.session.id == "a":
            raise RuntimeError("half made")
        shut.append(found.session.id)

    kept = ClosingSessionStorage(1.0, clock=lambda: now[0], shut=shut_down)
    kept.save(info("a"))
    kept.save(info("b"))
    now[0] = 2.0
    assert kept.sweep() == 2 and shut == ["b"] and kept.count() == 0
