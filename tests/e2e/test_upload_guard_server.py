"""Uploads before the access gate (issue 27, high): refused with raw HTTP requests against the real server.

A workshop server (``serve.py`` with an access code) is started for real. A protocol-level client opens a
session the way a browser does but never types the code; then the upload endpoint is sent files directly, as the
hostile tester did. The same
session then enters the code through the gate's form and may upload, up to the per-session cap.
"""

from __future__ import annotations

import asyncio
import functools
import http.client
import select
import socket
import urllib.parse
import uuid
from collections.abc import Iterator

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import XSRF_COOKIE, ProtocolSession, xsrf_preflight
from tests.support.server import serve
from ui.frame.upload_guard import MAX_ADDRESS_BYTES, MAX_HELD_BYTES, MAX_HELD_FILES
from ui.i18n import translate

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
FILE_BYTES = 1024 * 1024


@pytest.fixture(scope="module")
def gated_server() -> Iterator[str]:
    with serve(script="serve.py", env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):
        yield base


def _put(base: str, session_id: str, size: int, xsrf: str, file_id: str | None = None,
         declare_length: bool = True) -> int:
    """PUT one file of ``size`` bytes to the upload endpoint, as the frontend does; the HTTP status.

    The request asks ``Expect: 100-continue`` and sends its body only once the server says to go on: a refusal
    comes back before any body is read, and the server then closes the connection, so a body sent regardless could
    make the server's kernel reset the connection and drop the answer before it is read (seen on a loaded machine).
    """
    boundary = "uncase-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.jsonl\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode() + b"x" * size \
        + f"\r\n--{boundary}--\r\n".encode()
    host = urllib.parse.urlsplit(base).netloc
    connection = http.client.HTTPConnection(host, timeout=30)
    try:
        connection.putrequest("PUT", f"/_stcore/upload_file/{session_id}/{file_id or uuid.uuid4().hex}")
        connection.putheader("Content-Type", f"multipart/form-data; boundary={boundary}")
        connection.putheader("X-Xsrftoken", xsrf)
        connection.putheader("Cookie", f"{XSRF_COOKIE}={xsrf}")
        connection.putheader(*(("Content-Length", str(len(body))) if declare_length
                               else ("Transfer-Encoding", "chunked")))
        connection.putheader("Expect", "100-continue")
        connection.endheaders()
        if _go_on(connection.sock):
            try:
                for start in range(0, len(body), 64 * 1024):
                    chunk = body[start:start + 64 * 1024]
                    connection.send(chunk if declare_length else b"%x\r\n%s\r\n" % (len(chunk), chunk))
                if not declare_length:
                    connection.send(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # refused while sending: the answer is waiting
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def _go_on(sock: socket.socket, wait_s: float = 10.0) -> bool:
    """Whether to send the body: the server said ``100 Continue`` (read off the socket here), or said nothing within
    ``wait_s``; False when its final answer came first (a refusal, read by ``getresponse``)."""
    readable, _, _ = select.select([sock], [], [], wait_s)
    if not readable:
        return True
    if not sock.recv(12, socket.MSG_PEEK).startswith(b"HTTP/1.1 100"):
        return False
    interim = b""
    while not interim.endswith(b"\r\n\r\n"):
        interim += sock.recv(1)
    return True


async def _session(base: str, code: str | None = None) -> tuple[ProtocolSession, str]:
    """A session opened as a browser opens the home page, the access code typed into the gate when given."""
    session = await ProtocolSession.open(base, "/")
    if code is not None:
        await session.submit_form({translate("en", "access.code"): code}, translate("en", "access.enter"))
    xsrf = await asyncio.to_thread(xsrf_preflight, base, "/")
    assert xsrf, "the server hands out an XSRF cookie"
    return session, xsrf


def test_a_session_that_never_entered_the_code_cannot_upload(gated_server: str):
    async def scenario() -> None:
        session, xsrf = await _session(gated_server)
        try:
            assert translate("en", "access.intro")[:40] in " ".join(session.texts())  # the gate, shown
            put = functools.partial(asyncio.to_thread, _put, gated_server, session.session_id)
            assert [await put(FILE_BYTES, xsrf) for _ in range(20)] == [403] * 20
            assert await put(FILE_BYTES, xsrf, declare_length=False) == 403
            assert await asyncio.to_thread(_put, gated_server, "not-a-session", FILE_BYTES, xsrf) == 403
        finally:
            await session.close()

    run(scenario())


def test_past_the_gate_a_session_uploads_within_its_cap(gated_server: str):
    async def scenario() -> None:
        session, xsrf = await _session(gated_server, CODE.lower())
        try:
            put = functools.partial(asyncio.to_thread, _put, gated_server, session.session_id)
            file_size = MAX_HELD_BYTES // (MAX_HELD_FILES + 1)
            assert [await put(file_size, xsrf) for _ in range(MAX_HELD_FILES)] == [204] * MAX_HELD_FILES
            assert await put(1, xsrf) == 413  # one file more than a session may hold
        finally:
            await session.close()

    run(scenario())


def test_the_byte_cap_counts_what_the_session_already_holds(gated_server: str):
    async def scenario() -> None:
        session, xsrf = await _session(gated_server, CODE)
        try:
            put = functools.partial(asyncio.to_thread, _put, gated_server, session.session_id)
            half, same = MAX_HELD_BYTES // 2, uuid.uuid4().hex
            assert await put(half - 4096, xsrf, file_id=same) == 204
            assert await put(half - 4096, xsrf, file_id=same) == 204  # the same file again replaces itself
            assert await put(half - 4096, xsrf) == 204
            assert await put(8192, xsrf) == 413  # over the bytes, under the file count
            # A body of unknown length counts as the largest file the server takes.
            assert await put(10, xsrf, declare_length=False) == 413
        finally:
            await session.close()

    run(scenario())


def test_uploads_sent_at_once_are_counted_one_after_another(gated_server: str):
    """20 PUTs of 4.9 MB at the same moment (issue 35, finding 4): as many are taken as one after another would be
    (two, within 10 MB), not all twenty."""
    async def scenario() -> list[int]:
        session, xsrf = await _session(gated_server, CODE)
        try:
            size = int(4.9 * 1024 * 1024)
            return list(await asyncio.gather(*(asyncio.to_thread(_put, gated_server, session.session_id, size, xsrf)
                                               for _ in range(20))))
        finally:
            await session.close()

    statuses = run(scenario())
    assert sorted(statuses).count(204) == MAX_HELD_BYTES // int(4.9 * 1024 * 1024), statuses
    assert set(statuses) == {204, 413}


@pytest.fixture
def fresh_gated_server() -> Iterator[str]:
    """A server of its own: closed sessions keep their uploads until they are shut down (two minutes), and an
    address's cap counts them."""
    with serve(script="serve.py", env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):
        yield base


def _token(session: ProtocolSession) -> str:
    token = urllib.parse.parse_qs(session.query_string).get("w", [""])[0]
    assert token, session.query_string
    return token


def test_sessions_are_free_but_a_workspace_holds_what_one_session_may(fresh_gated_server: str):
    """One client with the code opened 30 sessions on its own workspace's link and held 294 MB while the cap was per
    session: every session of a workspace together now holds at most what one may."""
    gated_server = fresh_gated_server

    async def scenario() -> tuple[list[int], list[int]]:
        first, xsrf = await _session(gated_server, CODE)
        sessions = [first]
        try:
            for _ in range(3):  # the same workspace's link, opened again (a new session each; the link lets it in)
                again = await ProtocolSession.open(gated_server, f"/?w={_token(first)}")
                sessions.append(again)
                assert _token(again) == _token(first)
            size = MAX_HELD_BYTES // MAX_HELD_FILES - 4096
            first_files = [await asyncio.to_thread(_put, gated_server, first.session_id, size, xsrf)
                           for _ in range(MAX_HELD_FILES - 1)]
            others = [await asyncio.to_thread(_put, gated_server, session.session_id, size, xsrf)
                      for session in sessions[1:]]
            return first_files, others
        finally:
            for session in sessions:
                await session.close()

    first_files, others = run(scenario())
    assert first_files == [204] * (MAX_HELD_FILES - 1)
    assert others == [204, 413, 413], others  # the workspace's fourth file is taken, its fifth and sixth are not


def test_sessions_of_many_workspaces_from_one_address_hold_at_most_the_addresss_cap(fresh_gated_server: str):
    """A client may open workspace after workspace (each a new session without a link): together the sessions of one
    address hold at most MAX_ADDRESS_BYTES, whatever their workspaces."""
    gated_server = fresh_gated_server
    size = MAX_HELD_BYTES // 2 - 4096
    wanted = MAX_ADDRESS_BYTES // size  # files the address may hold, each within its own session's cap

    async def scenario() -> list[int]:
        sessions, statuses = [], []
        try:
            for _ in range(wanted // 2 + 2):
                session, xsrf = await _session(gated_server, CODE)
                sessions.append(session)
                for _ in range(2):
                    statuses.append(await asyncio.to_thread(_put, gated_server, session.session_id, size, xsrf))
            return statuses
        finally:
            for session in sessions:
                await session.close()

    statuses = run(scenario())
    assert statuses.count(204) == wanted, statuses
    assert statuses[:wanted] == [204] * wanted and set(statuses[wanted:]) == {413}
