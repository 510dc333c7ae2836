"""A workshop server under attack: its memory, threads, descriptors and database connections before, during, after.

    .venv/bin/python bench/bench_attacks.py [--store postgresql+psycopg://user@host/db] [--clears 50]
                                            [--only NAME ...] [--code-from DIR]

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
5. a participant with only a room's ``?join=`` link asking the room page for 30 rooms on a 1.9 MB dataset in a row
   (how many are made, what refuses the rest, and where their bytes are counted);
6. four sockets sending wrong codes for a minute from one address while a participant there types the right code
   five times (how often they get in);
7. a guesser opening a new tab for every wrong code for a minute (how many are looked at), then the right code
   typed and a room's keyed participant link from the same address.
8. a participant's label time with and without a flood of looks at the room from made-up tokens, interleaved
   (``bench/room_head_flood.py``);
9. 300 sessions opened by visitors without the code, then closed: descriptors and memory per session, and how soon
   they come back (``bench/session_release.py``).
10. ``--clears`` websockets whose ``Origin`` names another site, from a visitor without the code (how many names the
   server looked up on the way: the server runs with the audit hook of ``tests/support/outgoing.py``).

Each figure is printed beside its value at rest and the bar the issue sets.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import http.client
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

import dev  # noqa: E402
from bench.bench_load import serve  # noqa: E402
from tests.support.browser_env import (  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    free_port,
    stop_process,
    streamlit_command,
)
from tests.support.outgoing import LOG_ENV, attempts, recording_environment  # noqa: E402
from tests.support.protocol_client import XSRF_COOKIE, ProtocolSession, xsrf_preflight  # noqa: E402
from tests.support.server import wait_until_healthy  # noqa: E402

HANG_MS = 600_000  # a hang guard, not a timing: under load a page can take minutes, and a fixed 60 s failed benches

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


async def uploads_from_many_sessions(base: str, sessions: int, one_link: bool) -> list[int]:
    """``sessions`` sessions past the gate, on one workspace's link or each on a workspace of its own, each sending
    two files of 4.9 MB it never reads (what one session may hold): the statuses, in order."""
    import urllib.parse

    first = await past_the_gate(base)
    xsrf = await asyncio.to_thread(xsrf_preflight, base, "/")
    opened, statuses = [first], []
    try:
        token = urllib.parse.parse_qs(first.query_string)["w"][0]
        for index in range(sessions):
            session = first if index == 0 else (await ProtocolSession.open(base, f"/?w={token}") if one_link
                                                 else await past_the_gate(base))
            if session is not first:
                opened.append(session)
            for _ in range(2):
                statuses.append(await asyncio.to_thread(put, base, session.session_id, int(4.9 * MB), xsrf))
        return statuses
    finally:
        for session in opened:
            await session.close()


def uploads_through_the_page(base: str, pid: int,
                             files: list[tuple[Path, str | re.Pattern[str]]]) -> list[tuple[str, float, bool]]:
    """(file, the server's peak growth in MB, the expected text shown) for each file, uploaded on the RAG page in
    Chromium after the one before it was answered (the server's peak resident memory, ``VmHWM``, reset before each)."""
    from playwright.sync_api import expect, sync_playwright

    from ui.i18n import translate

    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for path, answer in files:
            # A fresh visitor (and workspace) for each file: a workspace stores 10 MB, so one person's second large
            # file would be refused for want of room, not read.
            context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
            page = context.new_page()
            page.goto(f"{base}/rag_diagnosis")
            page.get_by_test_id("stTextInputField").first.fill(CODE)
            page.get_by_role("button", name=translate("en", "access.enter")).click()
            expect(page.get_by_text("Context relevance").first).to_be_visible(timeout=HANG_MS)
            Path(f"/proc/{pid}/clear_refs").write_text("5")
            before = status_kb(pid, "VmRSS")
            page.get_by_test_id("stSidebar").locator('[data-testid="stFileUploader"] input[type="file"]') \
                .set_input_files(str(path))
            shown = True
            try:
                expect(page.get_by_text(answer).first).to_be_visible(timeout=120_000)
            except AssertionError:
                shown = False
            page.wait_for_timeout(1000)  # what the page does after saying so (storing the cases) counts too
            found.append((path.name, (status_kb(pid, "VmHWM") - before) / 1024, shown))
            context.close()
        browser.close()
    return found


def bombs_through_the_page(base: str, pid: int) -> list[tuple[str, float, bool]]:
    """(file, the server's peak growth in MB, refused with the limit) for each bomb, uploaded in Chromium."""
    answers = {"rows_975000.parquet": "items is more than this page handles live", "delta_prefix.parquet": "encoding"}
    return uploads_through_the_page(base, pid, [(bomb, answers.get(bomb.name, "the playground reads at most"))
                                                for bomb in sorted(BOMBS.glob("*.parquet"))])


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
    store_url: str = ""  # the store the server uses, whichever it is (an attack may make a room in it)


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


def largest_accepted_files(folder: Path) -> list[tuple[Path, int]]:
    """The largest uploads the RAG page accepts, each as (file, its decoded content in bytes): Parquet text up to the
    page's decoded limit (half what a workspace stores: 5 MB) in a few long rows and in 2,000 short ones, and files
    just under 2 MB (the page's upload limit) of JSON cases and RAGAS CSV rows at the page's 2,000 cases."""
    import csv
    import io
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    from uncase_core.rag.parquet import parquet_rows

    made = []
    budget = int(4.8 * MB)  # under the page's 5 MB (half a workspace's 10 MB), counting each value's place

    def parquet(name: str, rows: int) -> None:
        size = budget // rows
        texts = [(f"row {index} " + "lorem ipsum dolor sit amet " * (size // 27))[:size] for index in range(rows)]
        out = io.BytesIO()
        pq.write_table(pa.table({"user_input": texts, "response": ["a"] * rows}), out, compression="zstd")
        path = folder / name
        path.write_bytes(out.getvalue())
        made.append((path, sum(len(text.encode()) + 1 for _, row in parquet_rows(out.getvalue()).rows
                               for text in row.values())))

    parquet("text_10_rows.parquet", 10)
    parquet("text_2000_rows.parquet", 2_000)
    filler = "word " * 150
    cases = [{"id": f"c{i}", "question": f"Question {i}?", "answer": filler[:250],
              "passages": [{"id": "p1", "text": filler[:250], "relevant": None}],
              "claims": [{"id": "k1", "text": filler[:100], "supported": None, "correct": None}],
              "reference_facts": [{"id": "f1", "text": filler[:100], "covered": None}]} for i in range(2_000)]
    path = folder / "cases_2000.json"
    path.write_text(json.dumps(cases))
    made.append((path, path.stat().st_size))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["user_input", "retrieved_contexts", "response", "reference"])
    writer.writerows([f"q{i} " + filler[:200], json.dumps([filler[:300]]), filler[:300], filler[:150]]
                     for i in range(2_000))
    path = folder / "ragas_2000.csv"
    path.write_text(out.getvalue())
    made.append((path, path.stat().st_size))
    return made


def attack_accepted_uploads(target: Target, _count: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        files = largest_accepted_files(Path(folder))
        decoded = {path.name: size for path, size in files}
        sizes = {path.name: path.stat().st_size for path, _ in files}
        # Loaded once the whole dataset's heading counts its cases (the built-in scenario shows fewer).
        answers = [(path, re.compile(r"Whole dataset \((10|2,?000) cases\)")) for path, _ in files]
        found = uploads_through_the_page(target.base, target.pid, answers)
    return "\n  ".join(
        f"accepted {name} ({sizes[name] / 1024:,.0f} KB file, {decoded[name] / MB:.1f} MB decoded): "
        f"{'loaded' if shown else 'NOT LOADED'}, the server's peak grew by {grown:.0f} MB = "
        f"{grown * MB / decoded[name]:.1f}x its decoded size" for name, grown, shown in found)
ROOM_TRIES = 30  # rooms a participant's link tries to make in a row (before the fix: 148 made in 40 s)
ROOM_DATASET_CASES = 2000  # the RAG page's largest dataset: 1.9 MB of cases (bench/synthetic_rag.py)


async def rooms_in_a_loop(target: Target, tries: int) -> tuple[list[str], float, str]:
    """A participant with only a room's ``?join=`` link, holding a 1.9 MB dataset in their workspace (as an upload
    on the RAG page leaves it), asks the room page for a room on it ``tries`` times; what each try showed (``made``,
    or the refusal's first words), the seconds it took, and the workspace's token."""
    from bench.synthetic_rag import synthetic_dataset
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from ui.i18n import translate
    from uncase_core.assets.reader import load_index, load_scenario
    from uncase_core.rag.cases import dataset_to_text
    from uncase_store import open_store
    from uncase_store.rooms import Rooms

    opened = open_store(target.store_url)
    room = Rooms(opened).create("Class", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good",
                                "scenario").code
    session = await ProtocolSession.open(target.base, f"/workshop_room?join={room}")  # no access code typed
    token = urllib.parse.parse_qs(session.query_string)["w"][0]
    Workspace.open(opened, token).replace(RAG, synthetic_dataset(ROOM_DATASET_CASES), "big.jsonl", "upload")
    opened.engine.dispose()
    made = translate("en", "room.facilitator_title", title="")[:6]
    seen = []
    start = time.monotonic()
    try:
        for _ in range(tries):
            await session.switch_page("rag_diagnosis")
            await session.switch_page("workshop_room")
            session.query_string = session.link_query("rag_diagnosis")  # the address the link opened (w=... alone)
            await session.set_widget("radio", translate("en", "room.source"),
                                     WidgetState(string_value=translate("en", "room.source.workspace")))
            await session.click(translate("en", "room.create"))
            texts = session.texts()
            if any(text.startswith(made) for text in texts):
                seen.append("made")
            else:
                refusal = next((text for text in texts if text.startswith("Your last change was **not saved**")), "")
                seen.append(refusal.split(": ", 1)[-1].split(":")[0][:70] or "no answer")
    finally:
        await session.close()
    return seen, time.monotonic() - start, token


def attack_rooms_from_a_link(target: Target, _count: int) -> str:
    from sqlalchemy import func, select

    from uncase_store import open_store, schema

    seen, elapsed, token = asyncio.run(rooms_in_a_loop(target, ROOM_TRIES))
    opened = open_store(target.store_url)
    with opened.engine.connect() as connection:
        rooms, stored, charged = connection.execute(
            select(func.count(), func.coalesce(func.sum(schema.rooms.c.size_bytes), 0),
                   func.coalesce(func.sum(schema.rooms.c.charged_bytes), 0))
            .where(schema.rooms.c.owner == token)).one()
    held, cap = opened.load(token).size_bytes, opened.limits.workspace_bytes
    opened.engine.dispose()
    refusals = sorted({outcome for outcome in seen if outcome != "made"})
    return (f"{len(seen)} rooms asked for on a 1.9 MB dataset from a participant's ?join= link in {elapsed:.0f} s: "
            f"{rooms} made, {len(seen) - seen.count('made')} refused ({'; '.join(refusals)}); {stored / MB:.1f} MB "
            f"in rooms, {charged / MB:.1f} MB of it counted in the workspace, which holds {held / MB:.1f} of its "
            f"{cap / MB:.0f} MB (before the fix: 148 rooms in 40 s, 39 MB in 63 s, none counted)")


SOCKETS, RIGHT_CODE_TRIES, SOCKETS_S = 4, 5, 60.0  # the tester's attack: 4 sockets, a participant 5 times in 60 s
MINTING_S = 60.0


def looked_at(shown: str) -> bool:
    """Whether the gate looked at the code it was sent (it said the code was wrong), from what the page shows."""
    from ui.i18n import translate

    return any(translate("en", key, wait="")[:40] in shown
               for key in ("access.wrong", "access.wrong_wait", "access.wrong_wait_network"))


async def type_code(session: ProtocolSession, code: str) -> str:
    from ui.i18n import translate

    await session.submit_form({translate("en", "access.code"): code}, translate("en", "access.enter"))
    return " ".join(session.texts())


async def sockets_beside_a_participant(base: str) -> tuple[int, int, int]:
    """Four sockets from one address send wrong codes for a minute as fast as the protocol lets them; meanwhile a
    participant at that address types the right code five times, each in a new tab. (sent, looked at, got in)."""
    from ui.i18n import translate

    gate = translate("en", "access.intro")[:40]
    sent, looked, stop = [0], [0], asyncio.Event()

    async def socket(index: int) -> None:
        session = await ProtocolSession.open(base, "/")
        try:
            while not stop.is_set():
                shown = await type_code(session, f"WRONG-{index}{sent[0]:05d}")
                sent[0] += 1
                looked[0] += looked_at(shown)
        finally:
            await session.close()

    sockets = [asyncio.create_task(socket(index)) for index in range(SOCKETS)]
    entered = 0
    try:
        for _ in range(RIGHT_CODE_TRIES):
            await asyncio.sleep(SOCKETS_S / RIGHT_CODE_TRIES)
            person = await ProtocolSession.open(base, "/")
            try:
                entered += gate not in await type_code(person, CODE)
            finally:
                await person.close()
    finally:
        stop.set()
        await asyncio.gather(*sockets)
    return sent[0], looked[0], entered


def attack_wrong_codes_beside_a_participant(target: Target, _count: int) -> str:
    sent, looked, entered = asyncio.run(sockets_beside_a_participant(target.base))
    return (f"{SOCKETS} sockets sent {sent} wrong codes in {SOCKETS_S:.0f} s from one address, {looked} of them looked "
            f"at; a participant at that address typing the right code got in {entered} of {RIGHT_CODE_TRIES} times "
            "(before the fix 0 of 5)")


async def fresh_tab_per_guess(target: Target) -> tuple[int, int, bool, bool]:
    """A guesser opening a new tab for every wrong code for a minute; (codes sent, looked at, whether the right code
    typed in a new tab after it was let in, whether a room's keyed participant link was)."""
    from ui.i18n import translate
    from uncase_core.assets.reader import load_index, load_scenario
    from uncase_core.rag.cases import dataset_to_text
    from uncase_store import open_store
    from uncase_store.rooms import Rooms

    gate = translate("en", "access.intro")[:40]
    opened = open_store(target.store_url)
    api = Rooms(opened)
    room = api.create("Class", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good", "scenario").code
    key = api.join_key(room)
    opened.engine.dispose()
    sent = looked = 0
    start = time.monotonic()
    while time.monotonic() - start < MINTING_S:
        session = await ProtocolSession.open(target.base, "/")
        try:
            looked += looked_at(await type_code(session, f"GUESS-{sent:05d}"))
            sent += 1
        finally:
            await session.close()
    typed = await ProtocolSession.open(target.base, "/")
    try:
        right_code_in = gate not in await type_code(typed, CODE)
    finally:
        await typed.close()
    linked = await ProtocolSession.open(target.base, f"/workshop_room?join={room}&k={key}")
    try:
        link_in = gate not in " ".join(linked.texts())
    finally:
        await linked.close()
    return sent, looked, right_code_in, link_in


def attack_fresh_tab_per_guess(target: Target, _count: int) -> str:
    sent, looked, right_code_in, link_in = asyncio.run(fresh_tab_per_guess(target))
    return (f"a new tab for every guess for {MINTING_S:.0f} s: {sent} wrong codes sent, {looked} looked at (the "
            f"address's allowance: 60 at once, 40 to 100 an hour); then the right code typed from that address "
            f"{'got in' if right_code_in else 'waited'}, a room's participant link with its key "
            f"{'got in' if link_in else 'DID NOT get in'}")
def attack_room_head_flood(target: Target, _count: int) -> str:
    from bench.room_head_flood import FLOOD_RATE, label_times, make_room

    code = make_room(target.store_url)
    return "\n  ".join(asyncio.run(label_times(target.base, code, rate)).line(rate) for rate in (FLOOD_RATE, None))


def attack_sessions(target: Target, _count: int) -> str:
    from bench.session_release import open_and_close

    return asyncio.run(open_and_close(target.base, target.pid)).line()
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


def attack_sessions_on_one_link(target: Target, _count: int) -> str:
    statuses = asyncio.run(uploads_from_many_sessions(target.base, 30, one_link=True))
    return (f"30 sessions on one workspace's link, each sending two files of 4.9 MB: {statuses.count(204)} taken "
            f"({statuses.count(204) * 4.9:.0f} MB held), {statuses.count(413)} refused (a workspace holds 10 MB; "
            "before: 60 taken, 294 MB)")


def attack_workspaces_from_one_address(target: Target, _count: int) -> str:
    statuses = asyncio.run(uploads_from_many_sessions(target.base, 30, one_link=False))
    return (f"30 sessions from one address, each on a workspace of its own, each sending two files of 4.9 MB: "
            f"{statuses.count(204)} taken ({statuses.count(204) * 4.9:.0f} MB held), {statuses.count(413)} refused "
            "(an address holds 64 MB)")


# Every attack, in the order they run: name -> attack(target, --clears).
ATTACKS: dict[str, Callable[[Target, int], str]] = {
    "clears-before-gate": attack_clears_before_gate,
    "clears-past-gate": attack_clears_past_gate,
    "parquet-bombs": attack_bombs,
    "accepted-uploads": attack_accepted_uploads,
    "uploads-at-once": attack_uploads_at_once,
    "sessions-on-one-link": attack_sessions_on_one_link,
    "workspaces-from-one-address": attack_workspaces_from_one_address,
    "rooms-from-a-link": attack_rooms_from_a_link,
    "wrong-codes-beside-a-participant": attack_wrong_codes_beside_a_participant,
    "fresh-tab-per-guess": attack_fresh_tab_per_guess,
    "room-head-flood": attack_room_head_flood,
    "sessions": attack_sessions,
    "foreign-origins": attack_foreign_origins,
}


@contextlib.contextmanager
def serve_from(code: Path, log_path: Path, script: str, store: str,
               env: dict[str, str]) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``serve``, with the app's code taken from ``code`` (another commit's files) and the tools from here."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with log_path.open("wb") as log:
        process = subprocess.Popen(streamlit_command(port, script), cwd=code, stdout=log, stderr=subprocess.STDOUT,
                                   env={**os.environ, "UNCASE_STORE": store, **env})
        try:
            wait_until_healthy(base, process)
            yield base, process
        finally:
            stop_process(process)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", help="a PostgreSQL URL (its database's connections are counted); default SQLite")
    parser.add_argument("--clears", type=int, default=50)
    parser.add_argument("--only", nargs="+", choices=list(ATTACKS), help="run only these attacks (default: all)")
    parser.add_argument("--code-from", type=Path, help="serve the app from this folder instead (a copy of an earlier "
                        "commit, `git archive COMMIT | tar -x -C DIR`): the floor the attacks are compared with")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="uncase-attacks-"))
    store = args.store or f"sqlite:///{folder / 'store.db'}"
    # The server runs under the audit hook that records every outgoing lookup or connection (foreign-origins reads it).
    env = {**dev.SERVER_ENVIRONMENT, "UNCASE_ACCESS_CODE": CODE,
           **recording_environment(folder / "hook", folder / "outgoing.log")}
    server = serve if args.code_from is None else functools.partial(serve_from, args.code_from)
    if args.code_from is not None:
        print(f"serving the code in {args.code_from}", flush=True)
    with server(log_path=folder / "server.log", script="serve.py", store=store, env=env) as (base, process):
        target = Target(base, process.pid, args.store, store)
        asyncio.run(clears(base, 3, from_gated=False))  # warm: every page module imported, the store opened
        print(f"at rest: {Figures.read(target.pid, args.store).text()} ({load_text()})", flush=True)
        for name in args.only or list(ATTACKS):
            measured(name, target.pid, args.store, lambda attack=ATTACKS[name]: attack(target, args.clears))


if __name__ == "__main__":
    main()
