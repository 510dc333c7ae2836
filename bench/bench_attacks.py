"""A workshop server under attack: its memory, threads, descriptors and database connections before, during, after.

    .venv/bin/python bench/bench_attacks.py [--store postgresql+psycopg://user@host/db] [--clears 50]
                                            [--only NAME ...]

Every attack is a function of ``ATTACKS`` (name -> attack); ``--only`` runs some of them. Each is measured the same
way (:func:`measured`): the server's figures (:class:`Figures`) at rest before it, sampled every 0.2 s while it runs
(the highest seen), and once the runs it made have settled, with the machine's load beside them.

Starts ``serve.py`` behind an access code (the environment ``dev.py run`` gives it; a fresh SQLite store unless
``--store`` names a PostgreSQL database, whose connections are then counted in ``pg_stat_activity``), then, in order:

1. ``--clears`` ``BackMsg(clear_cache=True)`` from a session that never typed the code, each followed by a page
   run of a session that did (the next run used to start a new collector thread and, on PostgreSQL, a new pool);
2. as many from the session past the gate (which reach Streamlit's clear);
3. the three decompression bombs of ``tests/data/bombs`` uploaded through the RAG page in Chromium (the server's
   peak resident memory read as ``VmHWM``, reset before each);
4. 20 uploads of 4.9 MB sent at once by one session (how many are taken; the cap is 10 MB);
5. ``--clears`` websockets whose ``Origin`` names another site, from a visitor without the code (how many names the
   server looked up on the way: the server runs with the audit hook of ``tests/support/outgoing.py``).

Each figure is printed beside its value at rest and the bar the issue sets.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402

import dev  # noqa: E402
from bench.bench_load import serve  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.outgoing import LOG_ENV, attempts, recording_environment  # noqa: E402
from tests.support.protocol_client import XSRF_COOKIE, ProtocolSession, xsrf_preflight  # noqa: E402

CODE = "TOMATO-4242"
BOMBS = ROOT / "tests" / "data" / "bombs"
MB = 1024 * 1024


def clear_cache() -> BackMsg:
    """The message any open websocket may send: Streamlit then clears every cache of the process."""
    message = BackMsg()
    message.clear_cache = True
    return message


def threads(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def settled_threads(pid: int) -> int:
    """The process's thread count once the runs just made have ended (the fewest seen over a second)."""
    seen = []
    for _ in range(10):
        seen.append(threads(pid))
        time.sleep(0.1)
    return min(seen)


def status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def connections(store: str | None) -> int | None:
    if store is None or not store.startswith("postgresql"):
        return None
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    database = make_url(store).database
    engine = create_engine(store, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = :d "
                                           "AND pid <> pg_backend_pid()"), {"d": database}).scalar_one()
    finally:
        engine.dispose()


async def past_the_gate(base: str, path: str = "/") -> ProtocolSession:
    from ui.i18n import translate

    session = await ProtocolSession.open(base, path)
    await session.submit_form({translate("en", "access.code"): CODE}, translate("en", "access.enter"))
    return session


async def clears(base: str, count: int, from_gated: bool) -> None:
    participant = await past_the_gate(base)
    visitor = await ProtocolSession.open(base, "/")
    try:
        for _ in range(count):
            await (participant if from_gated else visitor).send_raw(clear_cache())
            await participant.rerun()
    finally:
        await visitor.close()
        await participant.close()


def put(base: str, session_id: str, size: int, xsrf: str) -> int:
    boundary = "b"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.json\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode()
    body = head + b"x" * size + f"\r\n--{boundary}--\r\n".encode()
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=60)
    try:
        connection.request("PUT", f"/_stcore/upload_file/{session_id}/{uuid.uuid4().hex}", body=body, headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "X-Xsrftoken": xsrf,
            "Cookie": f"{XSRF_COOKIE}={xsrf}"})
        response = connection.getresponse()
        response.read()
        return response.status
    except (BrokenPipeError, ConnectionResetError):
        return 413
    finally:
        connection.close()


async def uploads_at_once(base: str) -> list[int]:
    session = await past_the_gate(base)
    xsrf = await asyncio.to_thread(xsrf_preflight, base, "/")
    try:
        return list(await asyncio.gather(*(asyncio.to_thread(put, base, session.session_id, int(4.9 * MB), xsrf)
                                           for _ in range(20))))
    finally:
        await session.close()


def bombs_through_the_page(base: str, pid: int) -> list[tuple[str, float, bool]]:
    """(file, the server's peak growth in MB, refused with the limit) for each bomb, uploaded in Chromium."""
    from playwright.sync_api import expect, sync_playwright

    from ui.i18n import translate

    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
        page = context.new_page()
        page.goto(f"{base}/rag_diagnosis")
        page.get_by_test_id("stTextInputField").first.fill(CODE)
        page.get_by_role("button", name=translate("en", "access.enter")).click()
        expect(page.get_by_text("Context relevance").first).to_be_visible(timeout=60_000)
        for bomb in sorted(BOMBS.glob("*.parquet")):
            Path(f"/proc/{pid}/clear_refs").write_text("5")
            before = status_kb(pid, "VmRSS")
            page.get_by_test_id("stSidebar").locator('[data-testid="stFileUploader"] input[type="file"]') \
                .set_input_files(str(bomb))
            message = page.get_by_text("the playground reads at most").or_(page.get_by_text("encoding")).first
            refused = True
            try:
                expect(message).to_be_visible(timeout=60_000)
            except AssertionError:
                refused = False
            found.append((bomb.name, (status_kb(pid, "VmHWM") - before) / 1024, refused))
        browser.close()
    return found


@dataclass(frozen=True)
class Figures:
    """One reading of the server process: resident memory, threads, open descriptors, its database connections."""

    rss_mb: float
    threads: int
    descriptors: int
    connections: int | None

    @classmethod
    def read(cls, pid: int, store: str | None) -> Figures:
        return cls(status_kb(pid, "VmRSS") / 1024, threads(pid), descriptors(pid), connections(store))

    def highest(self, other: Figures) -> Figures:
        def top(a: int | None, b: int | None) -> int | None:
            return None if a is None and b is None else max(a or 0, b or 0)
        return Figures(max(self.rss_mb, other.rss_mb), max(self.threads, other.threads),
                       max(self.descriptors, other.descriptors), top(self.connections, other.connections))

    def text(self) -> str:
        figures = f"{self.rss_mb:.0f} MB resident, {self.threads} threads, {self.descriptors} descriptors"
        return figures + (f", {self.connections} PostgreSQL connections" if self.connections is not None else "")


def load_text() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} / {five:.2f} on {os.cpu_count()} cores"


def measured(name: str, pid: int, store: str | None, attack: Callable[[], str]) -> str:
    """Run ``attack`` (which returns its own result line) while sampling the server; print before, during, after."""
    before = Figures.read(pid, store)
    peak = [before]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.2):
            try:
                peak[0] = peak[0].highest(Figures.read(pid, store))
            except (OSError, LookupError):  # the server ended (an attack that stops it)
                return

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        result = attack()
    finally:
        done.set()
        sampler.join()
    settled_threads(pid)
    after = Figures.read(pid, store)
    print(f"[{name}] {result}\n  before: {before.text()}\n  during (highest): {peak[0].text()}\n"
          f"  after:  {after.text()}\n  ({load_text()})", flush=True)
    return result


@dataclass(frozen=True)
class Target:
    """The server an attack is made on: its address, process id, store URL and whether that store is PostgreSQL."""

    base: str
    pid: int
    store: str | None  # the PostgreSQL URL given, else None (SQLite: no connections to count)


def attack_clears_before_gate(target: Target, count: int) -> str:
    rest = settled_threads(target.pid)
    asyncio.run(clears(target.base, count, from_gated=False))
    return (f"{count} clear_cache before the gate, each followed by a page run: {settled_threads(target.pid)} threads "
            f"(at rest {rest}; before the fix +1 a clear)")


def attack_clears_past_gate(target: Target, count: int) -> str:
    asyncio.run(clears(target.base, count, from_gated=True))
    return (f"{count} clear_cache past the gate: {settled_threads(target.pid)} threads, "
            f"{connections(target.store)} connections (the bound is UNCASE_STORE_CONNECTIONS, 10)")


def attack_bombs(target: Target, _count: int) -> str:
    lines = [f"bomb {name}: {'refused' if refused else 'NOT REFUSED'}, the server's peak grew by {grown:.0f} MB "
             "(bar: well under 300 MB; 0.7 to 3.8 GB before)"
             for name, grown, refused in bombs_through_the_page(target.base, target.pid)]
    return "\n  ".join(lines)


def attack_uploads_at_once(target: Target, _count: int) -> str:
    statuses = asyncio.run(uploads_at_once(target.base))
    return (f"20 uploads of 4.9 MB at once: {statuses.count(204)} taken, {statuses.count(413)} refused (cap 10 MB: 2; "
            "before the fix 6)")


def outgoing_log(pid: int) -> Path | None:
    """The file the server's audit hook writes its outgoing attempts to, as the server's environment names it."""
    for entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
        name, _, value = entry.decode(errors="replace").partition("=")
        if name == LOG_ENV and value:
            return Path(value)
    return None


async def foreign_origins(base: str, count: int) -> list[int]:
    """``count`` websocket handshakes whose ``Origin`` names another site; the status each got (0: let in)."""
    import websockets

    statuses = []
    for _ in range(count):
        try:
            async with websockets.connect(f"ws{base[len('http'):]}/_stcore/stream", origin="http://elsewhere.example",
                                          open_timeout=60, proxy=None):
                statuses.append(0)
        except websockets.InvalidStatus as error:
            statuses.append(error.response.status_code)
    return statuses


def attack_foreign_origins(target: Target, count: int) -> str:
    log = outgoing_log(target.pid)
    seen = len(attempts(log)) if log is not None else 0
    statuses = asyncio.run(foreign_origins(target.base, count))
    looked_up = "not counted (no audit hook)" if log is None else str(len(attempts(log)) - seen)
    return (f"{count} websockets with a foreign Origin: {statuses.count(403)} refused (403), {statuses.count(0)} let "
            f"in; names looked up on another machine's behalf: {looked_up} (before the fix 2 a websocket, "
            "checkip.amazonaws.com, each blocking the event loop up to 1 s)")


# Every attack, in the order they run: name -> attack(target, --clears).
ATTACKS: dict[str, Callable[[Target, int], str]] = {
    "clears-before-gate": attack_clears_before_gate,
    "clears-past-gate": attack_clears_past_gate,
    "parquet-bombs": attack_bombs,
    "uploads-at-once": attack_uploads_at_once,
    "foreign-origins": attack_foreign_origins,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", help="a PostgreSQL URL (its database's connections are counted); default SQLite")
    parser.add_argument("--clears", type=int, default=50)
    parser.add_argument("--only", nargs="+", choices=list(ATTACKS), help="run only these attacks (default: all)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="uncase-attacks-"))
    store = args.store or f"sqlite:///{folder / 'store.db'}"
    env = {**dev.SERVER_ENVIRONMENT, "UNCASE_ACCESS_CODE": CODE,
           **recording_environment(folder / "hook", folder / "outgoing.log")}
    with serve(log_path=folder / "server.log", script="serve.py", store=store, env=env) as (base, process):
        target = Target(base, process.pid, args.store)
        asyncio.run(clears(base, 3, from_gated=False))  # warm: every page module imported, the store opened
        print(f"at rest: {Figures.read(target.pid, args.store).text()} ({load_text()})", flush=True)
        for name in args.only or list(ATTACKS):
            measured(name, target.pid, args.store, lambda attack=ATTACKS[name]: attack(target, args.clears))


if __name__ == "__main__":
    main()
