"""The websocket guard of ui/frame/back_messages.py and the once-per-process objects of ui/frame/process.py,
without a server: a stand-in ASGI app records what reaches Streamlit."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any

import pytest
import streamlit as st
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from ui.frame import back_messages, memory
from ui.frame.back_messages import BackMessageGuard, message_kind, session_of
from ui.frame.process import once_per_process

STREAM = {"type": "websocket", "path": "/_stcore/stream", "client": ("203.0.113.5", 4000), "headers": []}


def back(kind: str) -> bytes:
    message = BackMsg()
    if kind == "rerun_script":
        message.rerun_script.page_name = "home"
    elif kind == "clear_cache":
        message.clear_cache = True
    elif kind == "load_git_info":
        message.load_git_info = True
    elif kind == "app_heartbeat":
        message.app_heartbeat = True
    return message.SerializeToString()


def new_session(session_id: str) -> bytes:
    message = ForwardMsg()
    message.new_session.initialize.session_id = session_id
    return message.SerializeToString()


def through_guard(frames: list[bytes], passed: set[str], monkeypatch: pytest.MonkeyPatch,
                  code: str | None = "TOMATO4242") -> list[str | None]:
    """The kinds of the frames that reach the app behind the guard; the app names the session ``s1`` first."""
    monkeypatch.setattr(back_messages, "configured_code", lambda: code)
    monkeypatch.setattr(back_messages, "session_passed_gate", lambda session_id: session_id in passed)
    incoming = [{"type": "websocket.connect"}, *({"type": "websocket.receive", "bytes": f} for f in frames),
                {"type": "websocket.disconnect"}]
    reached: list[str | None] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()  # connect
        await send({"type": "websocket.send", "bytes": new_session("s1")})
        while (message := await receive())["type"] == "websocket.receive":
            reached.append(message_kind(message["bytes"]))

    async def receive() -> dict[str, Any]:
        return incoming.pop(0)

    async def send(_message: Any) -> None:
        return None

    # On a loop of its own thread: in a whole run the browser tests' sync Playwright keeps a loop running in this one,
    # and asyncio.run refuses to start inside it.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, BackMessageGuard(app)(dict(STREAM), receive, send)).result()
    return reached


def test_message_kinds_and_sessions_are_read_from_frames():
    assert message_kind(back("clear_cache")) == "clear_cache"
    assert message_kind(b"\xff\xff\xff") is None
    assert session_of(new_session("abc")) == "abc"
    assert session_of(back("clear_cache")) is None


def test_before_the_gate_only_the_gates_messages_pass(monkeypatch: pytest.MonkeyPatch, caplog: Any):
    frames = [back(k) for k in ("rerun_script", "clear_cache", "clear_cache", "load_git_info", "app_heartbeat")]
    assert through_guard(frames, set(), monkeypatch) == ["rerun_script", "app_heartbeat"]
    lines = [r.getMessage() for r in caplog.records if "dropped" in r.getMessage()]
    assert len(lines) == 2 and "clear_cache dropped from 203.0.113.5" in lines[0]  # one line per kind


def test_past_the_gate_everything_passes(monkeypatch: pytest.MonkeyPatch):
    frames = [back(k) for k in ("rerun_script", "clear_cache", "load_git_info")]
    assert through_guard(frames, {"s1"}, monkeypatch) == ["rerun_script", "clear_cache", "load_git_info"]


def test_without_an_access_code_nothing_is_filtered(monkeypatch: pytest.MonkeyPatch):
    assert through_guard([back("clear_cache")], set(), monkeypatch, code=None) == ["clear_cache"]


def test_a_once_per_process_object_is_made_once_even_when_asked_for_together():
    made = []

    @once_per_process
    def engine(url: str) -> object:
        made.append(url)
        return object()

    barrier = threading.Barrier(8)
    results: list[object] = []

    def ask() -> None:
        barrier.wait()
        results.append(engine("sqlite://"))

    workers = [threading.Thread(target=ask) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert made == ["sqlite://"] and len({id(r) for r in results}) == 1 and engine.made() == 1
    assert engine("other://") is not results[0] and engine.made() == 2


def test_clearing_streamlits_caches_does_not_start_a_second_collector():
    first = memory.start_collector()
    st.cache_resource.clear()
    st.cache_data.clear()
    assert memory.start_collector() is first
    assert [t for t in threading.enumerate() if t.name == "uncase-gc"] == [first]
