"""Load on a workshop room: one facilitator's view refreshing and N participants labelling at once.

    .venv/bin/python bench/bench_room.py [--participants 60] [--seconds 90] [--think 2.0] [--servers 1]
                                         [--store URL] [--focus] [--no-projector] [--haproxy] [--rejoin 0.2]
    .venv/bin/python bench/bench_room.py --join CODE --base http://host:port [--base ...] [--secret KEY] [--store URL]

The second form rehearses a room someone made, on servers already running (one process, several, or HAProxy's
address): nothing is started; the facilitator's view and the projector watch when their secret is given, and every
acknowledged label is read back when the store's URL is.

The first form starts the servers, creates a room on the first built-in scenario, then, at the protocol level
(tests/support/protocol_client.py, the browser's own websocket messages; nothing rendered):

* each participant opens the participant link (``/workshop_room?join=CODE``), types a name, joins (the page
  switches to the RAG page), and then, every ``--think`` seconds (x0.5 to x1.5), sets one passage's "Relevant"
  label to a new value (labels start empty) and checks the Context relevance counts against its own model; it
  looks at the room every 5 s as the page's watcher does, and a share of them (``--rejoin``, 0.2) reloads its page
  once (closes it and opens its own link again a moment later) and checks every acknowledged label is shown;
  with ``--focus`` each participant switches to focus mode first and labels by its buttons (what a key sends:
  a rerun of focus mode's fragment), one unit after another in focus mode's order, Yes or No at random, then goes
  on pressing Back and Next (keys that move, not label) until the time is up;
* the facilitator's view (``?room=CODE&key=SECRET``) reruns its class view every 5 s, as the browser's timer
  does, and checks it shows every participant who has joined;
* the projector (``?room=CODE&view=KEY``, unless ``--no-projector``) reruns its timers' fragments every 5 s
  likewise and checks it shows the room's code.

``--servers N`` starts N Streamlit processes (``serve.py``, as ``python3 dev.py run`` does) sharing ``--store``
(default: a new SQLite file); participants are split between them, the facilitator is on the first; with
``--haproxy`` everyone goes through HAProxy in front of them, with docs/deploy.md's configuration (round robin,
sticky by cookie). At the end every participant's workspace is read back from the store and compared with the labels
its page showed acknowledged (**lost** labels; the bar is 0), and the class view is computed once more to check it
counts every participant.

Printed: joins, actions, errors, lost labels; p95 of action-to-update (request -> end of the run that shows
the new counts) and of the facilitator view's and the projector's refresh (all of them, those started while people
were joining, those once everyone had joined); the server's CPU, and, once everyone had joined, the CPU seconds
per participant-minute of the servers, PostgreSQL and HAProxy, beside the goal of issue 37 (at most 0.30 for the
servers at one label per 5 s). ``UNCASE_FULL_RUNS=0`` in the environment turns
the server's full-run admission off (``ui/frame/admission.py``), for a figure without it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import CpuMeter, _short, _token_of, peak_rss_kb, percentile, proc_table, serve  # noqa: E402
from tests.support.protocol_client import ProtocolSession  # noqa: E402
from ui.i18n import translate  # noqa: E402
from ui.widgets.rag_focus import case_items  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402
from uncase_core.rag.cases import dataset_to_text  # noqa: E402

LANG = "en"
TIMEOUT_S = 15.0
OPEN_TIMEOUT_S = 120.0
REFRESH_S = 5.0
LABEL_CPU_S = 0.0224  # a label change's server CPU measured alone (bench/bench_server_cost.py --room; docs/load.md)
METRIC = translate(LANG, "metric.context_relevance")
ROOM_CASE = load_scenario(load_index()[0], LANG).cases[0]  # the room's one case (labels are blank in a room)
FOCUS_BUTTON = translate(LANG, "focus.view.focus")


@dataclass
class RoomResult:
    participants: int
    seconds: float
    think: float
    servers: int
    store: str = ""
    focus: bool = False
    projector: bool = True
    joined: int = 0
    ticks: list[float] = field(default_factory=list)  # ms, request -> run end showing the new counts
    joins: list[float] = field(default_factory=list)  # ms, join click -> RAG page drawn
    refreshes: list[float] = field(default_factory=list)  # ms, facilitator's class view rerun
    refresh_started: list[float] = field(default_factory=list)  # time.monotonic() at each of those reruns
    projector_refreshes: list[float] = field(default_factory=list)  # ms, the projector's timers' reruns
    projector_started: list[float] = field(default_factory=list)
    # ms, a participant's timers' reruns: every REFRESH_S, as the browser sends them (issue 37: they cost the server
    # about 29% of a participant's share and were left out before)
    polls: list[float] = field(default_factory=list)
    poll_started: list[float] = field(default_factory=list)
    rejoin: float = 0.2  # the share of participants who reload their page once while labelling
    rejoins: list[float] = field(default_factory=list)  # ms, opening the member's own link again -> page drawn
    looks: int = 0  # the watchers' looks at the room (HTTP), and those that ran the page (the room had changed)
    look_runs: int = 0
    all_joined_at: float | None = None  # time.monotonic() once the last participant's join was drawn
    haproxy: bool = False
    server_cpu_at_start: float = 0.0  # the servers' CPU seconds when the participants began to join
    join_cpu: float = 0.0  # the servers' CPU seconds from then until everyone had joined (the join storm)
    window_s: float = 0.0  # once everyone had joined, until the participants stopped
    window_labels: int = 0
    window_cpu: dict[str, float] = field(default_factory=dict)
    shown_joined: list[int] = field(default_factory=list)  # "Joined" as the facilitator's view showed it
    errors: list[str] = field(default_factory=list)
    checked: int = 0
    lost: list[str] = field(default_factory=list)
    final_members: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    cpu_window: float = 0.0
    peak_rss_kb: int | None = None

    def after_joins(self, times: list[float], started: list[float]) -> list[float]:
        if self.all_joined_at is None:
            return []
        return [ms for ms, at in zip(times, started, strict=True) if at >= self.all_joined_at]

    def during_joins(self, times: list[float], started: list[float]) -> list[float]:
        """The refreshes started before the last participant's join was drawn: the join storm's."""
        end = self.all_joined_at if self.all_joined_at is not None else float("inf")
        return [ms for ms, at in zip(times, started, strict=True) if at < end]

    def summary(self) -> str:
        def line(name: str, values: list[float]) -> str:
            if not values:
                return f"  {name:<40} n=0"
            return (f"  {name:<40} n={len(values):<5} median {percentile(values, 50):6.0f}  "
                    f"p95 {percentile(values, 95):6.0f}  max {max(values):6.0f}")

        out = [
            f"room: {self.participants} participants acting every {self.think:.1f} s (x0.5 to x1.5) for "
            f"{self.seconds:.0f} s{' in focus mode (buttons = keys)' if self.focus else ' in the grid'}, one "
            f"facilitator's view{' and a projector' if self.projector else ''} refreshing every {REFRESH_S:.0f} s; "
            f"{self.servers} server process(es); store {self.store}",
            f"joined: {self.joined}; label changes: {len(self.ticks)}; facilitator refreshes: {len(self.refreshes)}",
            f"errors: {len(self.errors)}", *[f"  - {e}" for e in self.errors[:10]],
            f"lost labels: {len(self.lost)} of {self.checked} read back", *[f"  - {e}" for e in self.lost[:10]],
            f"class view at the end counts {self.final_members} participant(s); the facilitator's view showed "
            f"up to {max(self.shown_joined, default=0)} joined",
            "times (ms; request -> end of its run, at the protocol level):",
            line("key in focus mode -> its run ended" if self.focus else "label change -> counts updated",
                 self.ticks),
            line("join -> RAG page drawn", self.joins),
            line("reload (the member's own link) -> drawn", self.rejoins),
            line("participant's look at the room (each 5 s)", self.polls),
            f"  looks: {self.looks}, of which ran the page (the room had changed): {self.look_runs}",
            line("facilitator's class view refresh", self.refreshes),
            *([line("projector's refresh", self.projector_refreshes)] if self.projector else []),
            # The join storm (every participant opening the room within seconds) saturates a process; the class
            # has then joined and labels: the refreshes from then on are the labelling's.
            line("  the same while people were joining", self.during_joins(self.refreshes, self.refresh_started)),
            line("  the same once everyone had joined", self.after_joins(self.refreshes, self.refresh_started)),
            *([line("  projector, while people were joining",
                    self.during_joins(self.projector_refreshes, self.projector_started))] if self.projector else []),
            *([line("  projector, once everyone had joined",
                    self.after_joins(self.projector_refreshes, self.projector_started))] if self.projector else []),
        ]
        if self.cpu and self.cpu_window:
            shares = ", ".join(f"{name} {100 * sec / self.cpu_window:.0f}%" for name, sec in self.cpu.items())
            out.append(f"CPU over {self.cpu_window:.0f} s (2 cores = 200%): {shares}")
        if self.window_s and self.joined:
            minutes = self.joined * self.window_s / 60
            per_minute = self.window_cpu["server"] / minutes
            out.append(f"once everyone had joined ({self.window_s:.0f} s): {self.window_labels} label changes, "
                       f"{self.window_labels / minutes:.1f} per participant-minute; CPU-s per participant-minute: "
                       + ", ".join(f"{g} {sec / minutes:.3f}" for g, sec in self.window_cpu.items()))
            rate = self.window_labels / minutes
            # At one label per 5 s (12 a minute): what the run measured, with the labels it was short of at the
            # marginal cost of a label measured alone (bench_server_cost.py --room, 22.4 ms).
            projected = per_minute + max(0.0, 12 - rate) * LABEL_CPU_S
            out.append(f"server CPU per participant-minute: {per_minute:.3f} CPU-s at {rate:.1f} labels a minute; "
                       f"at one label per 5 s {projected:.3f} "
                       f"(goal <= 0.30: {'met' if projected <= 0.30 else 'MISSED'})")
            out.append(f"join storm: {self.joined} joins, {1000 * self.join_cpu / self.joined:.0f} ms of server CPU "
                       "per join (with the labels and looks of those who had joined; a join alone: "
                       "bench_server_cost.py --room)")
        if self.peak_rss_kb:
            out.append(f"server peak RSS (largest process): {self.peak_rss_kb / 1024:.0f} MB")
        verdict = "met" if not self.errors and not self.lost and self.final_members == self.joined else "MISSED"
        out.append(f"bar (0 lost labels, 0 errors, every participant counted): {verdict}")
        return "\n".join(out)


def _counts_pattern(labels: list[bool | None]) -> str:
    given = [v for v in labels if v is not None]
    if not given:
        return r"^N/A"
    template = translate(LANG, "value.counts")
    prefix = template[: template.index("{level}")].format(successes=sum(given), total=len(given))
    return "^" + re.escape(prefix)


class Participant:
    def __init__(self, index: int, base: str, code: str, result: RoomResult, think: float, stop_at: float) -> None:
        self.i, self.base, self.code, self.result = index, base, code, result
        self.think, self.stop_at = think, stop_at
        self.rng = random.Random(5000 + index)
        self.reloads = self.rng.random() < result.rejoin  # this one reloads its page once, as a browser may
        self.session: ProtocolSession | None = None
        self.labels: list[bool | None] = []
        self.acknowledged: list[bool | None] = []
        self.uncertain: set[int] = set()
        self.token: str | None = None

    async def run(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            self.session = await ProtocolSession.open(self.base, f"/workshop_room?join={self.code}",
                                                      timeout=OPEN_TIMEOUT_S)
            started = time.perf_counter()
            run = await self.session.submit_form({translate(LANG, "room.name"): f"P{self.i}"},
                                                 translate(LANG, "room.join"), timeout=OPEN_TIMEOUT_S)
            if run.exceptions:
                raise RuntimeError(f"join: {run.exceptions[0][:200]}")
            _, captions = self.session.metric_card(METRIC)
            if not captions or not captions[0].startswith("N/A"):
                raise RuntimeError(f"after joining, the RAG page shows {captions[:1]} (expected N/A: no labels)")
            self.result.joins.append((time.perf_counter() - started) * 1000)
            self.result.joined += 1
            if self.result.joined == self.result.participants:
                self.result.all_joined_at = time.monotonic()
            self.token = _token_of(self.session.query_string)
            # The room's first case as the page shows it, unlabelled in a room: its passages' table (a room of this
            # script's own is the first scenario's five; a room someone made has its own).
            self.labels = [None] * self.session.editor_rows(0)
            self.acknowledged = list(self.labels)
            if self.result.focus:
                run = await self.session.click(FOCUS_BUTTON, timeout=OPEN_TIMEOUT_S)
                if run.exceptions:
                    raise RuntimeError(f"focus mode: {run.exceptions[0][:200]}")
                self.labels = [None] * len(self.plan)
                self.acknowledged = list(self.labels)
            looked = time.monotonic()
            fired = {fragment: looked for fragment in self.session.auto_reruns}
            reload_at = looked + self.rng.uniform(0.2, 0.8) * max(0.0, self.stop_at - looked) if self.reloads \
                else None
            while time.monotonic() < self.stop_at:
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                if time.monotonic() >= self.stop_at:
                    break
                await (self.key() if self.result.focus else self.tick())
                if reload_at is not None and time.monotonic() >= reload_at:
                    reload_at = None
                    await self.reload()
                    looked = time.monotonic()
                    fired = {fragment: looked for fragment in self.session.auto_reruns}
                if time.monotonic() - looked >= REFRESH_S:  # the page's watcher looks at the room
                    looked = time.monotonic()
                    await self.look()
                for fragment, every in list(self.session.auto_reruns.items()):  # its timers, as the browser keeps
                    if time.monotonic() - fired.setdefault(fragment, time.monotonic()) >= every:
                        fired[fragment] = time.monotonic()
                        await timed_refresh(self.session, fragment, f"participant {self.i} timer", self.result,
                                            self.result.polls, self.result.poll_started)
        except Exception as error:
            self.result.errors.append(f"participant {self.i}: {_short(error)}")
        finally:
            if self.session is not None:
                with contextlib.suppress(Exception):
                    await self.session.close()

    async def reload(self) -> None:
        """Close the page and open the member's own link again a moment later (a reload, a dropped connection,
        another device): the same workspace comes back in the room with every acknowledged label, possibly on another
        process behind HAProxy (a new connection carries no sticky cookie here)."""
        link = f"/{self.session.url_path}?{self.session.query_string}"
        await self.session.close()
        await asyncio.sleep(self.rng.uniform(0.5, 2.0))
        started = time.perf_counter()
        self.session = await ProtocolSession.open(self.base, link, timeout=OPEN_TIMEOUT_S)
        if self.session.exceptions():
            raise RuntimeError(f"reload: {self.session.exceptions()[0][:200]}")
        if _token_of(self.session.query_string) != self.token:
            raise RuntimeError(f"reload: the link opened another workspace ({self.session.query_string})")
        if not self.result.focus:  # the grid shows every label it had acknowledged
            shown = [self.session.editor_cell(0, row, "relevant") for row in range(len(self.acknowledged))]
            wrong = [row + 1 for row, (got, wanted) in enumerate(zip(shown, self.acknowledged, strict=True))
                     if row not in self.uncertain and got is not wanted]
            if wrong:
                raise RuntimeError(f"reload: passages {wrong} show {shown}, acknowledged {self.acknowledged}")
        self.result.rejoins.append((time.perf_counter() - started) * 1000)

    async def look(self) -> None:
        """What the page's watcher does every 5 s (``ui/views/room/watch.py``): an HTTP request for the room's change
        number, and a run only when it moved. Its time is noted with the polls (the run's when there was one)."""
        began, started = time.monotonic(), time.perf_counter()
        run = await self.session.look_at_room(timeout=TIMEOUT_S * 2)
        if run is not None and run.exceptions:
            self.result.errors.append(f"participant {self.i} look: {run.exceptions[0][:200]}")
        self.result.polls.append(run.ms if run is not None else (time.perf_counter() - started) * 1000)
        self.result.poll_started.append(began)
        self.result.looks += 1
        self.result.look_runs += run is not None

    @property
    def plan(self) -> list[tuple[str, int, str]]:
        """Focus mode's order over the room's one case: ``(kind, unit, field)``."""
        return [(item.kind, item.unit, item.field) for item in case_items(ROOM_CASE)]

    async def key(self) -> None:
        """One key in focus mode: the next unlabelled unit's label (focus mode brings it up by itself), or, once
        every unit has one, Back or Next. A label is acknowledged when its run ends with no exception."""
        given = sum(label is not None for label in self.labels)
        if given < len(self.labels):
            value = self.rng.random() < 0.5
            self.labels[given] = value
            button = "yes" if value else "no"
        else:
            button = "back" if self.rng.random() < 0.5 else "next"
        try:  # what focus mode's keypad sends for a key (ui/widgets/focus_pad.py)
            run = await self.session.press_key(button, timeout=TIMEOUT_S)
        except Exception:
            if given < len(self.labels):
                self.uncertain.add(given)
            raise
        if run.exceptions:
            if given < len(self.labels):
                self.uncertain.add(given)
            raise RuntimeError(f"{button}: {run.exceptions[0][:200]}")
        self.acknowledged = list(self.labels)
        self.result.ticks.append(run.ms)

    async def tick(self) -> None:
        row = self.rng.randrange(len(self.labels))
        value = not self.labels[row] if self.labels[row] is not None else self.rng.random() < 0.5
        self.labels[row] = value
        try:
            run = await self.session.toggle_editor_cell(0, row, "relevant", value, timeout=TIMEOUT_S)
        except Exception:
            self.uncertain.add(row)
            raise
        _, captions = self.session.metric_card(METRIC)
        shown = captions[0] if captions else ""
        if run.exceptions or not re.search(_counts_pattern(self.labels), shown):
            self.uncertain.add(row)
            raise RuntimeError(f"passage {row + 1} set {value}: shows {shown!r}, expected "
                               f"/{_counts_pattern(self.labels)}/"
                               + (f"; exception {run.exceptions[0][:120]}" if run.exceptions else ""))
        self.acknowledged = list(self.labels)
        self.result.ticks.append(run.ms)


async def timed_refresh(session: ProtocolSession, fragment: str, who: str, result: RoomResult, times: list[float],
                        started: list[float]) -> bool:
    """Rerun one timer's fragment as the browser does: its time (and when it began) noted, or the error; whether
    it ran."""
    began = time.monotonic()
    try:
        run = await session.rerun_fragment(fragment, timeout=TIMEOUT_S * 2)
    except Exception as error:
        result.errors.append(f"{who} refresh: {_short(error)}")
        return False
    if run.exceptions:
        result.errors.append(f"{who} refresh: {run.exceptions[0][:200]}")
    times.append(run.ms)
    started.append(began)
    return True


async def projector(base: str, code: str, view_key: str, result: RoomResult, stop_at: float) -> None:
    """The projector's page: every 5 s its timers' fragments rerun, as the browser's do; it must show the code."""
    session = await ProtocolSession.open(base, f"/workshop_room?room={code}&view={view_key}", timeout=OPEN_TIMEOUT_S)
    try:
        while time.monotonic() < stop_at:
            await asyncio.sleep(REFRESH_S)
            if not session.auto_reruns:
                result.errors.append("projector: its page registered no timer")
                return
            for fragment in list(session.auto_reruns):
                await timed_refresh(session, fragment, "projector", result, result.projector_refreshes,
                                    result.projector_started)
            if not any(code in text for text in session.texts()):
                result.errors.append("projector: the room's code is not on its page")
    finally:
        with contextlib.suppress(Exception):
            await session.close()


async def facilitator(base: str, code: str, secret: str, result: RoomResult, stop_at: float) -> None:
    session = await ProtocolSession.open(base, f"/workshop_room?room={code}&key={secret}", timeout=OPEN_TIMEOUT_S)
    try:
        while time.monotonic() < stop_at:
            await asyncio.sleep(REFRESH_S)
            if not session.auto_reruns:
                result.errors.append("facilitator: the class view registered no timer")
                return
            fragment = next(iter(session.auto_reruns))
            if not await timed_refresh(session, fragment, "facilitator", result, result.refreshes,
                                       result.refresh_started):
                continue
            joined = next((m.payload.body for m in session.elements("metric")
                           if m.payload.label == translate(LANG, "room.joined")), None)
            if joined is not None:
                result.shown_joined.append(int(joined))
    finally:
        with contextlib.suppress(Exception):
            await session.close()


def verify(result: RoomResult, participants: list[Participant], store_url: str, code: str) -> None:
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from uncase_store import open_store
    from uncase_store.rooms import Rooms

    store = open_store(store_url)
    try:
        for p in participants:
            if p.token is None:
                continue
            case = Workspace.open(store, p.token).data(RAG).cases[0]
            where = p.plan if result.focus else [("passages", row, "relevant") for row in range(len(p.acknowledged))]
            for row, wanted in enumerate(p.acknowledged):
                if row in p.uncertain:
                    continue
                kind, unit, name = where[row]
                stored = case.units(kind)[unit].label(name)
                result.checked += 1
                if stored is not wanted:
                    result.lost.append(f"participant {p.i}: {kind} {unit + 1} {name} shown {wanted}, stored {stored}")
        result.final_members = len(Rooms(store).labels(code))
    finally:
        store.engine.dispose()


async def _drive(bases: list[str], code: str, secret: str, result: RoomResult, server_pids: set[int],
                 view_key: str = "") -> None:
    stop_at = time.monotonic() + result.seconds + 15  # joining takes the first seconds
    participants = [Participant(i, bases[i % len(bases)], code, result, result.think, stop_at)
                    for i in range(result.participants)]
    meter = CpuMeter(server_pids)
    tasks = [asyncio.create_task(facilitator(bases[0], code, secret, result, stop_at))]
    if result.projector:
        tasks.append(asyncio.create_task(projector(bases[0], code, view_key, result, stop_at)))
    tasks += [asyncio.create_task(p.run(0.2 * i)) for i, p in enumerate(participants)]
    tasks.append(asyncio.create_task(labelling_window(result, server_pids, stop_at)))
    await asyncio.gather(*tasks)
    meter.sample()
    result.cpu, result.cpu_window = meter.report()
    result._participants = participants  # type: ignore[attr-defined]


def cpu_seconds_by_group(server_pids: set[int]) -> dict[str, float]:
    """CPU seconds used so far by the servers, PostgreSQL's processes, HAProxy and this script (from /proc)."""
    hz = os.sysconf("SC_CLK_TCK")
    groups = {"server": 0.0, "PostgreSQL": 0.0, "HAProxy": 0.0, "this script": 0.0}
    for pid, (_, name, ticks) in proc_table().items():
        group = ("server" if pid in server_pids else "this script" if pid == os.getpid()
                 else "PostgreSQL" if name.startswith("postgres") else "HAProxy" if name == "haproxy" else None)
        if group is not None:
            groups[group] += ticks / hz
    return groups


async def labelling_window(result: RoomResult, server_pids: set[int], stop_at: float) -> None:
    """The CPU used once everyone has joined until the participants stop: the class labelling, looking at the room,
    and the facilitator's view and the projector refreshing (the join storm left out)."""
    began = time.monotonic()
    while result.all_joined_at is None:
        if time.monotonic() > stop_at:
            return
        await asyncio.sleep(0.2)
    first, labels, began = cpu_seconds_by_group(server_pids), len(result.ticks), time.monotonic()
    result.join_cpu = first["server"] - result.server_cpu_at_start
    await asyncio.sleep(max(0.0, stop_at - began))
    last = cpu_seconds_by_group(server_pids)
    result.window_s = time.monotonic() - began
    result.window_labels = len(result.ticks) - labels
    result.window_cpu = {group: last[group] - first[group] for group in last}


def run(participants: int = 60, seconds: float = 90.0, think: float = 2.0, servers: int = 1,
        store: str | None = None, focus: bool = False, with_projector: bool = True,
        haproxy: bool = False, rejoin: float = 0.2) -> RoomResult:
    from uncase_store import open_store
    from uncase_store.engine import redacted
    from uncase_store.rooms import Rooms

    store = store or f"sqlite:///{tempfile.mkdtemp(prefix='uncase-room-')}/store.db"
    result = RoomResult(participants, seconds, think, servers, redacted(store), focus, with_projector)
    result.rejoin = rejoin
    opened = open_store(store)
    keys = Rooms(opened).create("bench room", dataset_to_text(load_scenario(load_index()[0], LANG)), "all_good",
                                "scenario")
    opened.engine.dispose()
    with contextlib.ExitStack() as stack:
        started = [stack.enter_context(serve(store=store, script="serve.py")) for _ in range(servers)]
        bases = [base for base, _ in started]
        pids = {process.pid for _, process in started}
        if haproxy:  # everyone through one address, as docs/deploy.md serves a class
            bases = [stack.enter_context(behind_haproxy(bases))]
        result.haproxy = haproxy
        result.server_cpu_at_start = cpu_seconds_by_group(pids)["server"]
        print(f"servers {', '.join(base for base, _ in started)}{f' behind HAProxy at {bases[0]}' if haproxy else ''};"
              f" room {keys.code}; {participants} participants for {seconds:.0f} s", flush=True)
        asyncio.run(_drive(bases, keys.code, keys.secret, result, pids, keys.view_key))
        result.peak_rss_kb = max((peak_rss_kb(pid) or 0 for pid in pids), default=None)
    verify(result, result._participants, store, keys.code)  # type: ignore[attr-defined]
    return result


@contextlib.contextmanager
def behind_haproxy(backends: list[str]) -> Iterator[str]:
    """HAProxy in front of ``backends`` with docs/deploy.md's configuration (bench/check_deploy.py's); its address."""
    import shutil
    import subprocess

    from bench.check_deploy import haproxy_config, wait_healthy
    from tests.support.browser_env import free_port, stop_process

    executable = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(executable).exists():
        raise SystemExit("--haproxy needs Debian's haproxy: apt-get install haproxy")
    port = free_port()
    config = Path(tempfile.mkdtemp(prefix="uncase-room-haproxy-")) / "haproxy.cfg"
    config.write_text(haproxy_config(f"127.0.0.1:{port}", [b.removeprefix("http://") for b in backends]))
    proxy = subprocess.Popen([executable, "-f", str(config), "-db"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base)
        yield base
    finally:
        stop_process(proxy)


def rehearse(bases: list[str], code: str, participants: int, seconds: float, think: float, secret: str | None,
             store: str | None, rejoin: float = 0.2) -> RoomResult:
    """Join an existing room (``code``) on running servers (``bases``, e.g. HAProxy's address, or each process's),
    as a facilitator rehearsing their own room would: participants join, label the first case's passages and poll
    as browsers do; with the facilitator's ``secret`` their view and the projector refresh too; with the store's URL
    every acknowledged label is read back. Nothing is started or stopped here."""
    from uncase_store.rooms import projector_key_of

    result = RoomResult(participants, seconds, think, len(bases), "(the servers')" if store is None else store,
                        False, secret is not None)
    result.rejoin = rejoin
    print(f"servers {', '.join(bases)}; room {code}; {participants} participants for {seconds:.0f} s", flush=True)

    async def drive() -> None:
        stop_at = time.monotonic() + seconds + 15
        people = [Participant(i, bases[i % len(bases)], code, result, think, stop_at) for i in range(participants)]
        tasks = [asyncio.create_task(p.run(0.2 * i)) for i, p in enumerate(people)]
        if secret is not None:
            tasks.append(asyncio.create_task(facilitator(bases[0], code, secret, result, stop_at)))
            tasks.append(asyncio.create_task(projector(bases[0], code, projector_key_of(code, secret), result,
                                                       stop_at)))
        await asyncio.gather(*tasks)
        result._participants = people  # type: ignore[attr-defined]

    asyncio.run(drive())
    if store is not None:
        verify(result, result._participants, store, code)  # type: ignore[attr-defined]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between a participant's actions")
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--store", default=None, help="SQLAlchemy URL of the store (default: a new SQLite file)")
    parser.add_argument("--focus", action="store_true", help="participants label in focus mode, by its keys")
    parser.add_argument("--no-projector", action="store_true", help="no projector page")
    parser.add_argument("--haproxy", action="store_true", help="everyone through HAProxy in front of the servers "
                                                                "(docs/deploy.md's configuration)")
    parser.add_argument("--rejoin", type=float, default=0.2,
                        help="the share of participants who reload their page once while labelling (default 0.2)")
    parser.add_argument("--join", metavar="CODE", help="rehearse an existing room on running servers (--base)")
    parser.add_argument("--base", action="append", default=[],
                        help="a running server's address (repeat for several processes, or HAProxy's once)")
    parser.add_argument("--secret", help="with --join: the facilitator's secret (the key= of their link), to watch "
                                         "with their view and the projector")
    args = parser.parse_args()
    if args.join:
        if not args.base:
            parser.error("--join needs the server's address: --base http://host:port")
        result = rehearse(args.base, args.join, args.participants, args.seconds, args.think, args.secret, args.store,
                          args.rejoin)
        print(result.summary())
        ok = not result.errors and not result.lost and result.joined == args.participants
        return 0 if ok else 1
    result = run(args.participants, args.seconds, args.think, args.servers, args.store, args.focus,
                 not args.no_projector, args.haproxy, args.rejoin)
    print(result.summary())
    ok = not result.errors and not result.lost and result.final_members == result.joined == args.participants
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
