"""Load: N concurrent browser sessions label on the RAG page of one `streamlit run` server.

    .venv/bin/python bench/bench_load.py [--sessions 30] [--seconds 90] [--think 1.0] [--ramp 0.5]

Starts its own server on a free local port and one Debian chromium (Playwright, async API) with one
browser context (one Streamlit session) per simulated user. Staggered start: sessions start ``--ramp`` seconds
apart and open the RAG page at most two at a time (a first load costs the browser several CPU-seconds); once
every session has its page, all of them loop together for ``--seconds`` through a labelling flow:

* tick or untick a passage's "Relevant" box (select the cell with a click, toggle it with Space),
* move the Context relevance threshold slider one step with the keyboard,
* every ``--switch-every`` rounds (default 2), go to another page through the sidebar link and back,

pausing ``--think`` seconds (0.5x to 1.5x, random) after each action. Each session keeps its own model of
its labels and threshold and checks every number against it, so a session that saw another one's labels
(or lost its own) shows up as a wrong number.

Timing is taken inside the page: the clock starts at the input event's own time stamp (the Space or arrow
keydown, the mousedown on a link) and stops when a MutationObserver sees the expected text in the DOM:
the Context relevance counts (``3 / 5 · ...``), its verdict (``passes (threshold 55%)``) and the slider's
displayed value, all three. The time Python and the Playwright driver take to issue the input and to hear
back is printed separately ("harness view"); it is client-side overhead, not the app's.

Errors (each printed with a short description): an expected update not shown within ``INTERACTION_TIMEOUT_S``
of the input (whether it comes later or never; a "Connecting" status that does not recover ends here too), a
wrong number, a Streamlit exception box, an uncaught script error in the page, a page crash, a failed step of
the flow. Exit status 1 if there was any error. Also printed: where the time goes (see ``PAGE_JS``), the
server's peak RSS and the CPU used during the window by the server, chromium and everything else.

Every user's work is stored (the app's workspaces): the server(s) use ``--store`` (a SQLAlchemy URL; by
default a fresh SQLite file), and ``--servers N`` starts N Streamlit processes on N ports sharing that store,
users split between them. Each user notes its workspace (the ``w=`` of its address) and the labels and
threshold its page showed after each action. At the end every workspace is read back from the store and
compared with what its user saw acknowledged: a label or a threshold the store does not hold is a **lost
edit** (an action that failed leaves its own label uncertain, and only that one is not compared).

``run(sessions, seconds)`` returns a ``Result``; tests/e2e/test_load.py runs a short version.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import re
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.server import serve  # noqa: E402
from ui.i18n import translate  # noqa: E402
from uncase_core import rag  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402

LANG = "en"
LOAD_TIMEOUT_S = 180.0  # first page load; 30 pages loading at once share the two cores
INTERACTION_TIMEOUT_S = 15.0
SELECT_TIMEOUT_S = 5.0
LOADS_AT_ONCE = 2
HARNESS_GRACE_S = 30.0  # on top of INTERACTION_TIMEOUT_S before Python stops waiting for the page's answer
RECOVERY_TIMEOUT_S = 60.0  # after a timeout (an error), how long to wait for the late update before reopening
MAX_SESSION_ERRORS = 5  # a session stops after this many; the rest keep going
SWITCH_EVERY = 2  # rounds (tick + slider) between two page switches
TARGET_P95_MS = 1500.0
VIEWPORT = {"width": 1400, "height": 1000}
HEADER_HEIGHT = 35  # px: the data editor's header; rows share the height their text needs (see ui/widgets/layout.py)
CELL_X = 10  # px from the editor's left edge: inside the "Relevant" column, left of its checkbox
METRIC = "context_relevance"
SLIDER_STEP = 0.05
SLIDER_STEPS = (9, 10, 11)  # thresholds 0.45, 0.50, 0.55: never equal to a count / 5
RAG_PATH = "/rag_diagnosis"
AWAY = (("nav.home", "home.title"), ("nav.planner", "plan.title"))  # pages to switch to: link label, page title
AWAY_PATHS = {"nav.home": "/", "nav.planner": "/sample_size_planner"}  # their URL paths, for protocol-level users

# Installed in every document before the app's own scripts. `arm(spec)` starts watching the DOM; the next
# input event of `spec.kind` starts the clock; the promise resolves when every expected text is shown.
PAGE_JS = r"""
(() => {
  if (window.__bench) return;
  const b = {start: null, kind: null, promise: null, sent: null, received: null};
  window.__bench = b;
  const note = (kind) => (event) => { if (b.kind === kind && b.start === null) b.start = event.timeStamp; };
  // Where the time goes: the first message to the server after the input, the last one heard back before the
  // expected text was shown. Timing only; the app's socket is otherwise untouched.
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        if (b.kind !== null && b.sent !== null) b.received = performance.now();
      });
    }
    send(data) {
      if (b.kind !== null && b.start !== null && b.sent === null) b.sent = performance.now();
      return super.send(data);
    }
  };
  addEventListener('keydown', note('key'), true);
  addEventListener('mousedown', note('mouse'), true);
  const shown = (el) => (el && el.isConnected && el.checkVisibility() ? el.textContent : null);
  b.read = (metric, slider) => {
    let card = null;
    for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
      const label = m.querySelector('[data-testid="stMetricLabel"]');
      if (label && label.textContent.includes(metric)) { card = m.closest('[data-testid="stVerticalBlock"]'); break; }
    }
    const captions = card ? card.querySelectorAll('[data-testid="stCaptionContainer"]') : [];
    let thumb = null;
    for (const s of document.querySelectorAll('[data-testid="stSidebar"] [data-testid="stSlider"]')) {
      const label = s.querySelector('[data-testid="stWidgetLabel"]');
      if (label && label.textContent.trim() === slider) {
        thumb = s.querySelector('[data-testid="stSliderThumbValue"]');
        break;
      }
    }
    const exception = document.querySelector('[data-testid="stException"]');
    const status = document.querySelector('[data-testid="stStatusWidget"]');
    const heading = document.querySelector('[data-testid="stMain"] h1') || document.querySelector('h1');
    return {
      counts: shown(captions[0]), verdict: shown(captions[1]), threshold: shown(thumb),
      heading: shown(heading), path: location.pathname,
      exception: exception ? exception.textContent.slice(0, 300) : null,
      status: status ? status.textContent.slice(0, 80) : null,
    };
  };
  b.arm = (spec) => {
    b.start = null;
    b.sent = null;
    b.received = null;
    b.kind = spec.kind;
    const wanted = Object.entries(spec.expect).map(([k, v]) => [k, new RegExp(v)]);
    b.promise = new Promise((resolve) => {
      let done = false, timer = null, observer = null;
      const finish = (ok, reason) => {
        if (done) return;
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        b.kind = null;
        resolve({ok, reason, start: b.start, end: performance.now(), sent: b.sent, received: b.received,
                 state: b.read(spec.metric, spec.slider)});
      };
      const check = () => {
        const state = b.read(spec.metric, spec.slider);
        if (state.exception) finish(false, 'exception');
        else if (b.start !== null && wanted.every(([k, re]) => state[k] !== null && re.test(state[k]))) {
          finish(true, null);
        }
      };
      observer = new MutationObserver(check);
      observer.observe(document.documentElement, {subtree: true, childList: true, characterData: true});
      timer = setTimeout(() => finish(false, 'timeout'), spec.timeoutMs);
    });
    return true;
  };
})();
"""


# ------------------------------------------------------------------------------------------ texts

def _metric_label() -> str:
    return translate(LANG, f"metric.{METRIC}")


def _counts_re(successes: int, total: int) -> str:
    template = translate(LANG, "value.counts")
    prefix = template[: template.index("{level}")].format(successes=successes, total=total)
    return "^" + re.escape(prefix)


def _verdict_re(successes: int, total: int, steps: int) -> str:
    threshold = f"{steps * 5}%"  # format_percent(steps * 0.05, "en", 0)
    passes = successes * 100 >= steps * 5 * total  # value >= threshold, in integers
    if passes:
        return "^" + re.escape(translate(LANG, "verdict.pass", threshold=threshold))
    # Below the threshold the page says "fails" only where the verdict is clear, otherwise "below ... · uncertain"
    # (ui/views/rag/view.py); which one depends on the exact test at these counts, not on this check.
    below = (translate(LANG, key, threshold=threshold) for key in ("verdict.fail", "verdict.below"))
    return "^(" + "|".join(re.escape(text) for text in below) + ")"


def _threshold_re(steps: int) -> str:
    # The threshold sliders show percentages ("55%", or "55 %" in a Spanish browser).
    return f"^{round(steps * SLIDER_STEP * 100)}\\s?%$"


def _initial_labels() -> list[bool]:
    first = load_index()[0]  # the page opens on the first built-in scenario
    case = load_scenario(first, LANG).cases[0]
    return [bool(p.label("relevant")) for p in case.passages]


# ------------------------------------------------------------------------------------------ result

def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


@dataclass
class WorkspaceRecord:
    """One user's workspace and what its page showed acknowledged last (labels of the first case's passages and
    the Context relevance threshold, in slider steps). Rows (and the threshold) whose action failed are uncertain:
    the store may hold either value."""

    user: int
    token: str | None
    labels: list[bool]
    steps: int
    uncertain_rows: set[int] = field(default_factory=set)
    uncertain_threshold: bool = False


@dataclass
class Result:
    sessions: int
    seconds: float
    think: float
    ramp: float
    switch_every: int = SWITCH_EVERY
    wall: float = 0.0
    all_loaded: float | None = None  # s from the first session's start until every session had its page
    times: dict[str, list[float]] = field(default_factory=dict)  # kind -> in-page ms
    harness: dict[str, list[float]] = field(default_factory=dict)  # kind -> Python-side ms
    loads: list[float] = field(default_factory=list)  # goto -> counts shown, ms
    # kind -> (input -> first message sent, sent -> last message received, received -> text shown), ms
    phases: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)
    per_session: Counter[int] = field(default_factory=Counter)  # session -> interactions
    protocol_sessions: int = 0
    protocol_times: dict[str, list[float]] = field(default_factory=dict)  # kind -> request -> run finished, ms
    errors: list[str] = field(default_factory=list)
    disconnects: int = 0
    late_recoveries: int = 0  # timeouts (errors) after which the expected numbers did come, late
    interrupted: bool = False
    server_peak_rss_kb: int | None = None
    cpu: dict[str, float] = field(default_factory=dict)  # group -> CPU seconds during the run
    cpu_window: float = 0.0
    window_interactions: int = 0  # interactions while the CPU was measured
    servers: int = 1
    store: str = ""  # where the work was stored (URL, password hidden)
    workspaces: list[WorkspaceRecord] = field(default_factory=list)  # what each user saw acknowledged
    checked_labels: int = 0  # labels (and thresholds) compared with the store at the end
    lost: list[str] = field(default_factory=list)  # acknowledged edits the store does not hold

    @property
    def interactions(self) -> Counter[str]:
        return Counter({kind: len(values) for kind, values in self.times.items()})

    @property
    def ok(self) -> bool:
        return not self.errors and not self.interrupted and not self.lost

    def add(self, session: int, kind: str, in_page_ms: float, harness_ms: float) -> None:
        self.times.setdefault(kind, []).append(in_page_ms)
        self.harness.setdefault(kind, []).append(harness_ms)
        self.per_session[session] += 1

    def clicks(self) -> list[float]:
        return self.times.get("tick", []) + self.times.get("slider", [])

    def add_protocol(self, session: int, kind: str, ms: float) -> None:
        self.protocol_times.setdefault(kind, []).append(ms)
        self.per_session[session] += 1

    def _phase_line(self, kind: str) -> str:
        parts = []
        for index in range(3):
            values = [p[index] for p in self.phases[kind]]
            parts.append(f"{percentile(values, 50):5.0f} / {percentile(values, 95):5.0f}")
        return f"  {kind:<12} n={len(self.phases[kind]):<5} " + " | ".join(parts)

    def error_kinds(self) -> Counter[str]:
        """Errors grouped by the kind of action and what went wrong, numbers blanked out."""
        kinds: Counter[str] = Counter()
        for text in self.errors:
            what, _, detail = re.sub(r"^session \d+: ", "", text).partition(": ")
            kind = f"{what.split()[0]}: {detail.split(':')[0]}" if detail else what
            kinds[re.sub(r"\d+(\.\d+)?", "N", kind)[:80]] += 1
        return kinds

    def summary(self, max_errors: int = 10) -> str:
        def line(name: str, values: list[float]) -> str:
            if not values:
                return f"  {name:<34} n=0"
            return (f"  {name:<34} n={len(values):<5} median {percentile(values, 50):6.0f}  "
                    f"p95 {percentile(values, 95):6.0f}  max {max(values):6.0f}")

        counts = self.interactions
        kinds = ", ".join(f"{k} {counts[k]}" for k in ("tick", "slider", "switch_away", "switch_back") if counts[k])
        per = [self.per_session[i] for i in range(self.sessions)]
        protocol = self.protocol_times
        protocol_count = sum(len(v) for v in protocol.values())
        mix = (f"{self.sessions} Chromium sessions + {self.protocol_sessions} protocol-level sessions"
               if self.protocol_sessions else f"{self.sessions} sessions")
        out = [
            f"load: {mix} started {self.ramp:.1f} s apart, all loaded after "
            f"{self.all_loaded or 0:.0f} s, then {self.seconds:.0f} s together; think time {self.think:.1f} s "
            f"(x0.5 to x1.5), page switch every {self.switch_every} rounds; wall {self.wall:.0f} s",
            f"interactions: {sum(counts.values())} in Chromium ({kinds}); per session min {min(per, default=0)} "
            f"max {max(per, default=0)}; initial page loads {len(self.loads)}",
            *([f"protocol-level interactions: {protocol_count} ("
               + ", ".join(f"{k} {len(protocol[k])}" for k in ("tick", "slider", "switch_away", "switch_back")
                           if k in protocol) + ")"] if self.protocol_sessions else []),
            f"errors: {len(self.errors)}"
            + "".join(f"; {n} x '{kind}'" for kind, n in self.error_kinds().most_common(4)),
            *[f"  - {e}" for e in self.errors[:max_errors]],
            *([f"  ... and {len(self.errors) - max_errors} more"] if len(self.errors) > max_errors else []),
            f"websocket disconnects: {self.disconnects}; timeouts whose update came later: {self.late_recoveries}"
            + ("; INTERRUPTED" if self.interrupted else ""),
            *([
                "click-to-updated-number, in the page (input event -> new text in the DOM), ms:",
                line("tick + slider", self.clicks()),
                line("tick (Space on a label cell)", self.times.get("tick", [])),
                line("slider (one arrow-key step)", self.times.get("slider", [])),
                line("page switch back to RAG (counts)", self.times.get("switch_back", [])),
                line("page switch away (title shown)", self.times.get("switch_away", [])),
                "where the time goes (medians / p95, ms): input -> first message to the server | -> last message"
                " back before the text is shown (server, network and waiting for the page's main thread) | -> shown",
                *[self._phase_line(kind) for kind in ("tick", "slider", "switch_back") if self.phases.get(kind)],
              ] if self.sessions else []),
            *(["protocol-level sessions (request sent -> the run's end received; no rendering), ms:",
               line("tick + slider", protocol.get("tick", []) + protocol.get("slider", [])),
               line("page switch (away and back)",
                    protocol.get("switch_away", []) + protocol.get("switch_back", []))]
              if self.protocol_sessions else []),
            "harness view (Python issues the input -> hears the result), ms:",
            line("tick + slider", self.harness.get("tick", []) + self.harness.get("slider", [])),
            line("initial page load (goto -> counts)", self.loads),
        ]
        if self.store:
            tokens = sum(1 for record in self.workspaces if record.token)
            out.append(f"store: {self.store} shared by {self.servers} server process(es); {tokens} workspaces, "
                       f"{self.checked_labels} acknowledged labels and thresholds read back: "
                       f"{len(self.lost)} lost")
            out.extend(f"  - lost: {text}" for text in self.lost[:max_errors])
        if self.server_peak_rss_kb:
            out.append(f"server peak RSS (VmHWM): {self.server_peak_rss_kb / 1024:.0f} MB")
        if self.cpu and self.cpu_window > 0:
            cores = os.cpu_count() or 1
            shares = ", ".join(f"{name} {100 * sec / self.cpu_window:.0f}%" for name, sec in self.cpu.items())
            out.append(f"CPU over the {self.cpu_window:.0f} s window ({cores} cores = {100 * cores}%): {shares}")
            if self.window_interactions:
                each = ", ".join(f"{name} {sec / self.window_interactions:.2f} s" for name, sec in self.cpu.items()
                                 if name in ("server", "chromium pages", "chromium browser, GPU, network"))
                out.append(f"CPU per interaction in the window ({self.window_interactions}): {each}")
        errors = "none" if self.ok else len(self.errors)
        for where, values in (("click-to-updated-number in Chromium", self.clicks()),
                              ("protocol-level tick + slider (server side, no rendering)",
                               protocol.get("tick", []) + protocol.get("slider", []))):
            if values:
                p95 = percentile(values, 95)
                verdict = "met" if p95 < TARGET_P95_MS else "missed"
                out.append(f"target p95 < {TARGET_P95_MS:.0f} ms, {where}: {verdict} ({p95:.0f} ms); errors: {errors}")
        return "\n".join(out)


# ------------------------------------------------------------------------------------------ server

def peak_rss_kb(pid: int) -> int | None:
    try:
        for row in Path(f"/proc/{pid}/status").read_text().splitlines():
            if row.startswith("VmHWM:"):
                return int(row.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


# ------------------------------------------------------------------------------------------ CPU accounting

def proc_stat(pid: int | str) -> tuple[int, str, int] | None:
    """(parent pid, name, CPU ticks used so far) of one process, from /proc; None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()
    return int(fields[1]), raw[raw.index("(") + 1: raw.rindex(")")], int(fields[11]) + int(fields[12])


def proc_table() -> dict[int, tuple[int, str, int]]:
    """pid -> (parent pid, name, CPU ticks used so far) for every process we can read."""
    table = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (stat := proc_stat(entry.name)) is not None:
            table[int(entry.name)] = stat
    return table


def _busy_ticks() -> int:
    cpu = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    values = [int(v) for v in cpu]
    return sum(values) - values[3] - values[4]  # all but idle and iowait


class CpuMeter:
    """CPU seconds used during the run by the server, chromium, the Playwright driver, this script, and the rest."""

    def __init__(self, server_pids: int | set[int] | None) -> None:
        self.server_pids = server_pids if isinstance(server_pids, set) else {server_pids}
        self.me = os.getpid()
        self.first: dict[int, int] = {}
        self.last: dict[int, tuple[str, int]] = {}
        self.busy0 = _busy_ticks()
        self.t0 = time.monotonic()
        self.busy1 = self.busy0
        self.t1 = self.t0
        self.sample(initial=True)

    def _group(self, pid: int, name: str) -> str:
        if pid in self.server_pids:
            return "server"
        if pid == self.me:
            return "this script"
        if name.startswith("chrom"):
            try:
                renderer = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                renderer = False
            return "chromium pages" if renderer else "chromium browser, GPU, network"
        if name == "node":
            return "playwright driver"
        return "other children"

    def sample(self, initial: bool = False) -> None:
        table = proc_table()
        ours = {self.me}
        changed = True
        while changed:  # descendants of this process (the server, the driver, chromium and its children)
            changed = False
            for pid, (parent, _, _) in table.items():
                if parent in ours and pid not in ours:
                    ours.add(pid)
                    changed = True
        for pid in ours:
            _, name, ticks = table[pid]
            if pid not in self.first:
                self.first[pid] = ticks if initial else 0
                self.last[pid] = (self._group(pid, name), ticks)
            self.last[pid] = (self.last[pid][0], ticks)
        self.busy1 = _busy_ticks()
        self.t1 = time.monotonic()

    def report(self) -> tuple[dict[str, float], float]:
        hz = os.sysconf("SC_CLK_TCK")
        groups: Counter[str] = Counter()
        for pid, (group, ticks) in self.last.items():
            groups[group] += (ticks - self.first[pid]) / hz
        total = (self.busy1 - self.busy0) / hz
        order = ("server", "chromium pages", "chromium browser, GPU, network", "playwright driver", "this script",
                 "other children")
        ordered = {g: groups[g] for g in order if g in groups}
        ordered["processes not started by this run"] = max(0.0, total - sum(groups.values()))
        return ordered, self.t1 - self.t0


# ------------------------------------------------------------------------------------------ one session

class Clock:
    """Staggered start, then the measured window: ``seconds`` from the moment every session has its page.

    Sessions open their page one after another (at most ``LOADS_AT_ONCE`` loads at a time: a first load costs
    several CPU-seconds in the browser, and 30 at once starve each other for minutes), wait until all are
    open, then label together for ``seconds``.
    """

    def __init__(self, sessions: int, seconds: float, stop: threading.Event) -> None:
        self.waiting = sessions
        self.seconds = seconds
        self.stop = stop
        self.begin = time.monotonic()
        self.all_loaded: float | None = None
        self.go = asyncio.Event()
        self.load_gate = asyncio.Semaphore(LOADS_AT_ONCE)

    def loaded(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.all_loaded = time.monotonic()
            self.go.set()

    async def start(self) -> None:
        while not self.go.is_set() and not self.stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.go.wait(), 1.0)

    def running(self) -> bool:
        if self.stop.is_set() or self.all_loaded is None:
            return False
        return time.monotonic() < self.all_loaded + self.seconds


class Failure(Exception):
    """An interaction did not show what this session expected.

    ``late``: nothing wrong was shown, the expected update just had not come yet (it may still come).
    """

    def __init__(self, message: str, late: bool = False) -> None:
        super().__init__(message)
        self.late = late


@dataclass
class Model:
    labels: list[bool]
    steps: int = 10  # threshold = steps * 0.05

    def step(self, rng: random.Random) -> bool:
        """Move the threshold one step, up or down at random within ``SLIDER_STEPS``; True if up."""
        up = self.steps == min(SLIDER_STEPS) or (self.steps != max(SLIDER_STEPS) and rng.random() < 0.5)
        self.steps += 1 if up else -1
        return up

    def expect(self) -> dict[str, str]:
        n, total = sum(self.labels), len(self.labels)
        return {"counts": _counts_re(n, total), "verdict": _verdict_re(n, total, self.steps),
                "threshold": _threshold_re(self.steps)}


class User:
    """What every simulated user does: open the RAG page, then tick, slide and switch pages until the window
    closes, pausing ``think`` seconds (x0.5 to x1.5) after each action. A failure is an error of this user;
    it starts over on a fresh page unless `recover` says the expected update came after all."""

    def __init__(self, index: int, result: Result, clock: Clock) -> None:
        self.i = index
        self.result = result
        self.clock = clock
        self.think = result.think
        self.switch_every = max(1, result.switch_every)
        self.rng = random.Random(1000 + index)
        self.model = Model(_initial_labels(), steps=round(rag.DEFAULT_THRESHOLDS[METRIC] / SLIDER_STEP))
        self.errors = 0
        self.metric = _metric_label()
        self.record: WorkspaceRecord | None = None

    async def open(self) -> None:
        raise NotImplementedError

    def token(self) -> str | None:
        """The workspace named in this user's address (``w=``)."""
        raise NotImplementedError

    def begin_workspace(self) -> None:
        """A page was opened: a new workspace (no link was given), with the default labels."""
        self.record = WorkspaceRecord(self.i, self.token(), list(self.model.labels), self.model.steps)
        self.result.workspaces.append(self.record)

    def acknowledge(self) -> None:
        """The page showed the model's numbers: they are what the store must hold."""
        if self.record is not None:
            self.record.labels, self.record.steps = list(self.model.labels), self.model.steps
            if self.record.token is None:
                self.record.token = self.token()

    def unsure(self) -> None:
        """An action failed: the store may or may not hold it."""
        record = self.record
        if record is None:
            return
        record.uncertain_rows |= {i for i, (a, b) in enumerate(zip(record.labels, self.model.labels, strict=True))
                                  if a != b}
        record.uncertain_threshold |= record.steps != self.model.steps

    async def close(self) -> None:
        raise NotImplementedError

    async def tick(self) -> None:
        raise NotImplementedError

    async def slide(self) -> None:
        raise NotImplementedError

    async def switch(self, round_: int) -> None:
        raise NotImplementedError

    def error(self, text: str, stops: bool = True) -> None:
        """Record an error; ``MAX_SESSION_ERRORS`` of those that ``stop`` end the session (a late update does not)."""
        self.errors += stops
        self.result.errors.append(f"{self.name} {self.i}: {text}")

    async def snapshot(self) -> None:
        """Keep what a failed action left on screen, where there is a screen."""

    async def recover(self, failure: Exception) -> bool:
        """After a failed action: carry on in the same session (True) or start over (False)."""
        return False

    async def pause(self) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))

    async def main(self, start_delay: float) -> None:
        await asyncio.sleep(start_delay)
        try:
            try:
                await self.open()
                self.begin_workspace()
            except Exception as exc:
                self.error(f"first load failed: {_short(exc)}")
                return
            finally:
                self.clock.loaded()
            await self.clock.start()
            await asyncio.sleep(self.rng.uniform(0, max(self.think, 0.5)))  # not all at the same instant
            round_ = 0
            while self.clock.running() and self.errors < MAX_SESSION_ERRORS:
                try:
                    await self.tick()
                    self.acknowledge()
                    await self.pause()
                    await self.slide()
                    self.acknowledge()
                    await self.pause()
                    round_ += 1
                    if round_ % self.switch_every == 0 and self.clock.running():
                        await self.switch(round_)
                        await self.pause()
                except Exception as exc:  # any failure of the flow is an error of this session
                    self.error(_short(exc))
                    self.unsure()
                    await self.snapshot()
                    if not self.clock.running() or self.errors >= MAX_SESSION_ERRORS:
                        break
                    if await self.recover(exc):
                        continue
                    try:  # start over on a fresh page, i.e. a fresh Streamlit session and a new workspace
                        await self.open()
                        self.begin_workspace()
                    except Exception as again:
                        self.error(f"could not reopen the page: {_short(again)}")
                        break
        finally:
            await self.close()


class Session(User):
    """A user in a Chromium page (a browser context of its own, i.e. a Streamlit session of its own)."""

    name = "session"

    def __init__(self, index: int, browser: Any, base: str, result: Result, clock: Clock,
                 artifacts: Path | None) -> None:
        super().__init__(index, result, clock)
        self.browser = browser
        self.base = base
        self.artifacts = artifacts
        self.context: Any = None
        self.page: Any = None
        self.box: dict[str, float] | None = None
        self.expected: dict[str, str] = {}

    # --------------------------------------------------------------------- plumbing
    async def open(self) -> None:

        if self.context is not None:
            await self.close()
        # Reduced motion stops Streamlit's loading skeleton and status animations, which cost 30 pages' worth of
        # compositing; it changes nothing in when a number reaches the DOM.
        self.context = await self.browser.new_context(viewport=VIEWPORT, locale="en-US", reduced_motion="reduce")
        self.context.set_default_timeout(INTERACTION_TIMEOUT_S * 1000)
        await self.context.add_init_script(PAGE_JS)
        page = await self.context.new_page()
        page.on("crash", lambda _: self.error("the page crashed"))
        page.on("pageerror", lambda exc: self.error(f"uncaught script error in the page: {str(exc)[:200]}"))
        page.on("websocket", lambda socket_: self._watch_socket(page, socket_))
        self.page = page
        self.box = None
        self.model = Model(_initial_labels(), steps=round(rag.DEFAULT_THRESHOLDS[METRIC] / SLIDER_STEP))
        async with self.clock.load_gate:
            await self._load(page)

    async def _load(self, page: Any) -> None:
        from playwright.async_api import expect

        started = time.perf_counter()
        await page.goto(self.base + RAG_PATH, timeout=LOAD_TIMEOUT_S * 1000)
        await page.wait_for_function(
            "([m, s, want]) => { const st = window.__bench && window.__bench.read(m, s);"
            " return !!st && (st.exception !== null || Object.entries(want).every(([k, v]) =>"
            " st[k] !== null && new RegExp(v).test(st[k]))); }",
            arg=[self.metric, self.metric, self.model.expect()], timeout=LOAD_TIMEOUT_S * 1000, polling=100)
        state = await page.evaluate("([m, s]) => window.__bench.read(m, s)", [self.metric, self.metric])
        if state["exception"]:
            raise Failure(f"first load shows a Streamlit exception: {state['exception']!r}")
        self.result.loads.append((time.perf_counter() - started) * 1000)
        await expect(page.get_by_test_id("stDataFrame").first).to_be_visible(timeout=LOAD_TIMEOUT_S * 1000)

    def token(self) -> str | None:
        return _token_of(self.page.url.partition("?")[2]) if self.page is not None else None

    def _watch_socket(self, page: Any, socket_: Any) -> None:
        def closed(_: Any) -> None:
            if page is self.page:  # not a page this session is closing on purpose
                self.result.disconnects += 1
        socket_.on("close", closed)

    async def recovered(self) -> bool:
        """After a timeout: do the expected texts still come (within ``RECOVERY_TIMEOUT_S``)? Counted apart."""
        try:
            await self.page.wait_for_function(
                "([m, s, want]) => { const st = window.__bench.read(m, s);"
                " return st.exception === null && Object.entries(want).every(([k, v]) =>"
                " st[k] !== null && new RegExp(v).test(st[k])); }",
                arg=[self.metric, self.metric, self.expected], timeout=RECOVERY_TIMEOUT_S * 1000, polling=250)
        except Exception:
            return False
        self.result.late_recoveries += 1
        self.box = None
        return True

    async def snapshot(self) -> None:
        """Save a screenshot of the failed page when an artifacts folder was given."""
        if self.artifacts is None or self.page is None:
            return
        self.artifacts.mkdir(parents=True, exist_ok=True)
        path = self.artifacts / f"load-session{self.i}-error{self.errors}.png"
        with contextlib.suppress(Exception):
            await self.page.screenshot(path=str(path), full_page=True, timeout=10_000)

    async def close(self) -> None:
        context, self.context, self.page = self.context, None, None
        if context is not None:
            with contextlib.suppress(Exception):
                await context.close()

    async def measured(self, kind: str, input_kind: str, act: Callable[[], Any], what: str,
                       wanted: dict[str, str] | None = None) -> None:
        """Arm the in-page watcher for the expected texts (default: the model's), act, wait; record or fail."""
        page = self.page
        wanted = wanted or self.model.expect()
        spec = {"kind": input_kind, "expect": wanted, "metric": self.metric, "slider": self.metric,
                "timeoutMs": INTERACTION_TIMEOUT_S * 1000}
        await page.evaluate("spec => window.__bench.arm(spec)", spec)
        started = time.perf_counter()
        await act()
        try:  # the page's own timer can fire late on a starved CPU: Python keeps a deadline of its own too
            outcome = await asyncio.wait_for(page.evaluate("() => window.__bench.promise"),
                                             INTERACTION_TIMEOUT_S + HARNESS_GRACE_S)
        except TimeoutError:
            self.expected = wanted
            raise Failure(f"{what}: no answer from the page within {INTERACTION_TIMEOUT_S + HARNESS_GRACE_S:.0f} s",
                          late="counts" in wanted) from None
        harness_ms = (time.perf_counter() - started) * 1000
        if not outcome["ok"]:
            self.expected = wanted
            # Late, not wrong: a timeout on the RAG page after the input arrived (the update may still come).
            late = outcome["reason"] == "timeout" and outcome["start"] is not None and "counts" in wanted
            raise Failure(self.describe(what, outcome, wanted), late=late)
        elapsed_ms = outcome["end"] - outcome["start"]
        self.result.add(self.i, kind, elapsed_ms, harness_ms)
        if elapsed_ms > INTERACTION_TIMEOUT_S * 1000:  # shown, but too late: an error all the same
            self.error(f"{what}: shown after {elapsed_ms / 1000:.1f} s (limit {INTERACTION_TIMEOUT_S:.0f} s)",
                       stops=False)
        if outcome["sent"] is not None and outcome["received"] is not None:
            self.result.phases.setdefault(kind, []).append(
                (outcome["sent"] - outcome["start"], outcome["received"] - outcome["sent"],
                 outcome["end"] - outcome["received"]))

    def describe(self, what: str, outcome: dict[str, Any], wanted: dict[str, str]) -> str:
        state = outcome["state"]
        if outcome["reason"] == "exception":
            return f"{what}: Streamlit exception {state['exception']!r}"
        if outcome["start"] is None:
            return f"{what}: the input event never reached the page"
        wrong = [f"{k} {state.get(k)!r} (expected /{v}/)" for k, v in wanted.items()
                 if state.get(k) is None or not re.search(v, state[k])]
        status = f"; status widget {state['status']!r}" if state.get("status") else ""
        return (f"{what}: not shown within {INTERACTION_TIMEOUT_S:.0f} s: " + "; ".join(wrong)
                + f"; page {state['path']}{status}")

    # --------------------------------------------------------------------- actions
    async def settled_editor_box(self) -> dict[str, float]:
        editor = self.page.get_by_test_id("stDataFrame").first
        box = await editor.bounding_box()
        if box is not None and box == self.box:
            return box
        await editor.scroll_into_view_if_needed()
        await self.page.evaluate("document.fonts.ready.then(() => true)")
        previous = None
        for _ in range(50):
            box = await editor.bounding_box()
            if box is not None and box == previous:
                self.box = box
                return box
            previous = box
            await asyncio.sleep(0.15)
        raise Failure(f"the label editor kept moving (last box {previous})")

    async def tick(self) -> None:
        from playwright.async_api import TimeoutError as PlaywrightTimeout
        from playwright.async_api import expect

        rows = len(self.model.labels)
        row = self.rng.randrange(rows) + 1
        editor = self.page.get_by_test_id("stDataFrame").first
        cell = editor.get_by_test_id(f"glide-cell-0-{row - 1}")
        def middle(box: dict[str, float], row: int) -> float:
            """The y of ``row``'s middle (1-based): the editor is header + rows + 3 px tall, rows of one height."""
            height = (box["height"] - HEADER_HEIGHT - 3) / rows
            return box["y"] + HEADER_HEIGHT + height * (row - 1) + height / 2

        for attempt in range(3):
            box = await self.settled_editor_box()
            # Clicking the cell that is already selected does not give the grid the keyboard focus (after a slider
            # move it stays on the slider): select another cell first.
            if attempt or await cell.get_attribute("aria-selected") == "true":
                other = row % rows + 1
                await self.page.mouse.click(box["x"] + CELL_X, middle(box, other))
            await self.page.mouse.click(box["x"] + CELL_X, middle(box, row))
            try:
                await expect(cell).to_have_attribute("aria-selected", "true", timeout=SELECT_TIMEOUT_S * 1000)
                await self.page.wait_for_function("el => el.contains(document.activeElement)", arg=await
                                                  editor.element_handle(), timeout=SELECT_TIMEOUT_S * 1000)
                break
            except (AssertionError, PlaywrightTimeout):
                self.box = None
                if attempt == 2:
                    raise Failure(f"could not select (and focus) the label cell of passage {row}") from None
        self.model.labels[row - 1] = not self.model.labels[row - 1]
        state = "ticked" if self.model.labels[row - 1] else "unticked"
        await self.measured("tick", "key", lambda: self.page.keyboard.press("Space"), f"passage {row} {state}")

    async def slide(self) -> None:
        thumb = self.page.get_by_test_id("stSidebar").get_by_role("slider", name=self.metric).first
        await thumb.focus()
        key = "ArrowRight" if self.model.step(self.rng) else "ArrowLeft"
        await self.measured("slider", "key", lambda: self.page.keyboard.press(key),
                            f"threshold slider {key} to {self.model.steps * SLIDER_STEP:.2f}")

    async def switch(self, round_: int) -> None:
        nav_key, title_key = AWAY[(round_ // self.switch_every) % len(AWAY)]
        sidebar = self.page.get_by_test_id("stSidebar")
        away_link = sidebar.get_by_role("link", name=translate(LANG, nav_key), exact=True)
        heading = {"heading": "^" + re.escape(translate(LANG, title_key)) + "$"}
        await self.measured("switch_away", "mouse", away_link.click, f"switch to {translate(LANG, nav_key)}", heading)
        await self.pause()
        back = sidebar.get_by_role("link", name=translate(LANG, "nav.rag"), exact=True)
        self.box = None
        await self.measured("switch_back", "mouse", back.click, "switch back to the RAG page")

    async def recover(self, failure: Exception) -> bool:
        """Carry on if the update was only late and did come."""
        return isinstance(failure, Failure) and failure.late and await self.recovered()


class ProtocolUser(User):
    """A simulated user at the protocol level (tests/support/protocol_client.py): the same flow, model and checks as
    `Session`, the same think times, but no browser: the server does the same work, nothing is rendered."""

    name = "protocol session"

    def __init__(self, index: int, base: str, result: Result, clock: Clock) -> None:
        super().__init__(index, result, clock)
        self.base = base
        self.session: Any = None

    async def open(self) -> None:
        from tests.support.protocol_client import ProtocolSession

        await self.close()
        self.model = Model(_initial_labels(), steps=round(rag.DEFAULT_THRESHOLDS[METRIC] / SLIDER_STEP))
        self.session = await ProtocolSession.open(self.base, RAG_PATH, timeout=LOAD_TIMEOUT_S)
        self.check("first load", self.model.expect())

    def token(self) -> str | None:
        return _token_of(self.session.query_string) if self.session is not None else None

    async def close(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            with contextlib.suppress(Exception):
                await session.close()

    def check(self, what: str, wanted: dict[str, str]) -> None:
        """The numbers shown now against the model (the same expectations as the browser sessions')."""
        if errors := self.session.exceptions():
            raise Failure(f"{what}: Streamlit exception {errors[0][:200]!r}")
        shown: dict[str, str | None] = {}
        if "heading" in wanted:
            shown["heading"] = self.session.page_title()
        if "counts" in wanted:
            _, captions = self.session.metric_card(self.metric)
            shown["counts"], shown["verdict"] = [*captions, None, None][:2]
            value = self.session.slider_value(self.metric)
            shown["threshold"] = None if value is None else f"{round(value * 100)}%"  # as the slider shows it
        wrong = [f"{k} {shown.get(k)!r} (expected /{v}/)" for k, v in wanted.items()
                 if shown.get(k) is None or not re.search(v, shown[k])]
        if wrong:
            raise Failure(f"{what}: " + "; ".join(wrong))

    async def measured(self, kind: str, act: Callable[[], Any], what: str,
                       wanted: dict[str, str] | None = None) -> None:
        run = await act()
        if run.exceptions or run.problems:
            raise Failure(f"{what}: {(run.exceptions + run.problems)[0][:200]}")
        self.check(what, wanted or self.model.expect())
        self.result.add_protocol(self.i, kind, run.ms)
        if run.ms > INTERACTION_TIMEOUT_S * 1000:
            self.error(f"{what}: finished after {run.ms / 1000:.1f} s (limit {INTERACTION_TIMEOUT_S:.0f} s)",
                       stops=False)

    async def tick(self) -> None:
        row = self.rng.randrange(len(self.model.labels))
        self.model.labels[row] = not self.model.labels[row]
        state = "ticked" if self.model.labels[row] else "unticked"
        await self.measured("tick", lambda: self.session.toggle_editor_cell(
            0, row, "relevant", self.model.labels[row], timeout=INTERACTION_TIMEOUT_S), f"passage {row + 1} {state}")

    async def slide(self) -> None:
        self.model.step(self.rng)
        value = round(self.model.steps * SLIDER_STEP, 2)
        await self.measured("slider", lambda: self.session.set_slider(
            self.metric, value, timeout=INTERACTION_TIMEOUT_S), f"threshold slider to {value:.2f}")

    async def switch(self, round_: int) -> None:
        nav_key, title_key = AWAY[(round_ // self.switch_every) % len(AWAY)]
        path = AWAY_PATHS[nav_key]
        heading = {"heading": "^" + re.escape(translate(LANG, title_key)) + "$"}
        await self.measured("switch_away", lambda: self.session.switch_page(path, timeout=INTERACTION_TIMEOUT_S),
                            f"switch to {translate(LANG, nav_key)}", heading)
        await self.pause()
        await self.measured("switch_back", lambda: self.session.switch_page(
            RAG_PATH, timeout=INTERACTION_TIMEOUT_S), "switch back to the RAG page")


def _token_of(query_string: str) -> str | None:
    from urllib.parse import parse_qs

    return (parse_qs(query_string).get("w") or [None])[0]


def verify_store(result: Result, store_url: str) -> None:
    """Read every user's workspace back and compare it with what the user saw acknowledged."""
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from uncase_store import open_store

    store = open_store(store_url)
    default = load_scenario(load_index()[0], LANG)
    try:
        for record in result.workspaces:
            where = f"user {record.user} workspace {str(record.token)[:6]}"
            if record.token is None:
                result.lost.append(f"{where}: the page never named its workspace")
                continue
            try:
                workspace = Workspace.open(store, record.token)
            except Exception as error:
                result.lost.append(f"{where}: cannot be read back ({_short(error)})")
                continue
            passages = workspace.data(RAG, lambda: default).cases[0].passages
            for row, wanted in enumerate(record.labels):
                if row in record.uncertain_rows:
                    continue
                result.checked_labels += 1
                if passages[row].label("relevant") is not wanted:
                    result.lost.append(f"{where}: passage {row + 1} shown {wanted}, stored "
                                       f"{passages[row].label('relevant')}")
            if not record.uncertain_threshold:
                result.checked_labels += 1
                stored = workspace.setting(f"rag_threshold_{METRIC}", rag.DEFAULT_THRESHOLDS[METRIC])
                if round(stored / SLIDER_STEP) != record.steps:
                    result.lost.append(f"{where}: threshold shown {record.steps * SLIDER_STEP:.2f}, stored {stored}")
    finally:
        store.engine.dispose()


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:300] if text else ''}" if not isinstance(exc, Failure) else str(exc)


# ------------------------------------------------------------------------------------------ driver

async def _drive(bases: list[str], chromium: str, result: Result, server_pids: set[int] | None,
                 stop: threading.Event, log: Callable[[str], None], artifacts: Path | None) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
        clock = Clock(result.sessions + result.protocol_sessions, result.seconds, stop)
        begin = clock.begin
        # Users are split between the servers in turn, as a proxy with sticky sessions would.
        sessions = [Session(i, browser, bases[i % len(bases)], result, clock, artifacts)
                    for i in range(result.sessions)]
        users = [ProtocolUser(result.sessions + i, bases[(result.sessions + i) % len(bases)], result, clock)
                 for i in range(result.protocol_sessions)]

        meter: CpuMeter | None = None  # CPU is measured over the window, once every session has its page
        at_window = 0

        async def sample() -> None:
            nonlocal meter, at_window
            while True:
                await asyncio.sleep(1.0)
                if meter is not None:
                    meter.sample()
                elif clock.all_loaded is not None:
                    meter = CpuMeter(server_pids)
                    at_window = sum(result.per_session.values())

        async def progress() -> None:
            while True:
                await asyncio.sleep(15.0)
                done = sum(result.per_session.values())
                everyone = result.sessions + result.protocol_sessions
                loaded = everyone - clock.waiting
                log(f"  {time.monotonic() - begin:5.0f} s: {loaded}/{everyone} sessions loaded, "
                    f"{done} interactions, {len(result.errors)} errors")

        watchers = [asyncio.create_task(sample()), asyncio.create_task(progress())]
        try:
            # Protocol-level users open their pages while the browsers load theirs (a load costs them ~0.1 s).
            await asyncio.gather(*(s.main(i * result.ramp) for i, s in enumerate(sessions)),
                                 *(u.main(i * 0.1) for i, u in enumerate(users)))
        finally:
            for task in watchers:
                task.cancel()
            result.wall = time.monotonic() - begin
            result.all_loaded = None if clock.all_loaded is None else clock.all_loaded - begin
            if meter is not None:
                meter.sample()
                result.cpu, result.cpu_window = meter.report()
                result.window_interactions = sum(result.per_session.values()) - at_window
            await browser.close()


def run(sessions: int = 30, seconds: float = 90.0, *, think: float = 1.0, ramp: float = 0.5,
        switch_every: int = SWITCH_EVERY, protocol_sessions: int = 0,
        chromium: str | None = None, base_url: str | None = None, artifacts: Path | None = None,
        servers: int = 1, store: str | None = None, log: Callable[[str], None] = print) -> Result:
    """Run the load test and return its figures; starts (and stops) its own servers unless ``base_url`` is given.

    ``servers`` Streamlit processes share the store at ``store`` (default: a new SQLite file). At the end every
    user's workspace is read back from it (``Result.lost``); with ``base_url``, pass the server's ``store`` to
    check it. With ``artifacts``, a failed interaction saves a screenshot there and the server logs go there.
    """
    chromium = chromium or chromium_path()
    if chromium is None:
        raise RuntimeError("Debian chromium not installed: apt-get install chromium")
    result = Result(sessions=sessions, seconds=seconds, think=think, ramp=ramp, switch_every=switch_every,
                    protocol_sessions=protocol_sessions, servers=servers)
    stop = threading.Event()
    if store is None and base_url is None:
        import tempfile

        store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-load-')}/store.db"
    if store:
        from uncase_store.engine import redacted

        result.store = redacted(store)

    def drive(bases: list[str], server_pids: set[int] | None) -> None:
        coroutine = _drive(bases, chromium, result, server_pids, stop, log, artifacts)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop in this thread: the usual case
            asyncio.run(coroutine)
            return
        # Called from inside a running loop (e.g. next to Playwright's sync API): use a thread of our own.
        failure: list[BaseException] = []

        def target() -> None:
            try:
                asyncio.run(coroutine)
            except BaseException as exc:
                failure.append(exc)

        thread = threading.Thread(target=target, name="bench-load", daemon=True)
        thread.start()
        try:
            while thread.is_alive():
                thread.join(0.5)
        finally:
            stop.set()
            thread.join(30)
        if failure:
            raise failure[0]

    if base_url:
        try:
            drive([base_url], None)
        except KeyboardInterrupt:
            result.interrupted = True
        if store:
            verify_store(result, store)
        return result
    if artifacts is not None:
        artifacts.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        started = [stack.enter_context(serve(artifacts / f"streamlit-load-{n}.log" if artifacts else None,
                                             store=store)) for n in range(servers)]
        bases = [base for base, _ in started]
        processes = [process for _, process in started]
        log(f"servers {', '.join(bases)} (pids {', '.join(str(p.pid) for p in processes)}), store {result.store}; "
            f"{sessions} Chromium and {protocol_sessions} protocol-level sessions for {seconds:.0f} s")
        try:
            drive(bases, {process.pid for process in processes})
        except KeyboardInterrupt:
            result.interrupted = True
        finally:
            stop.set()
            peaks = [peak_rss_kb(process.pid) for process in processes]
            result.server_peak_rss_kb = max((p for p in peaks if p), default=None)
    verify_store(result, store)
    return result


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=30, help="concurrent browser sessions (default 30)")
    parser.add_argument("--seconds", type=float, default=90.0, help="run time after the staggered start")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause after each action, s (default 1.0)")
    parser.add_argument("--ramp", type=float, default=0.5, help="seconds between two sessions' starts")
    parser.add_argument("--switch-every", type=int, default=SWITCH_EVERY, help="rounds between page switches")
    parser.add_argument("--protocol-sessions", type=int, default=0,
                        help="sessions simulated at the protocol level, next to the Chromium ones (default 0)")
    parser.add_argument("--url", default=None, help="drive an already running server instead of starting one")
    parser.add_argument("--servers", type=int, default=1,
                        help="Streamlit processes sharing one store, users split between them (default 1)")
    parser.add_argument("--store", default=None,
                        help="SQLAlchemy URL of the store the servers use (default: a new SQLite file); with --url, "
                             "the running server's store, to check it at the end")
    parser.add_argument("--artifacts", type=Path, default=None, help="folder for failure screenshots and the log")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _interrupt)
    result = run(args.sessions, args.seconds, think=args.think, ramp=args.ramp, switch_every=args.switch_every,
                 protocol_sessions=args.protocol_sessions, base_url=args.url, artifacts=args.artifacts,
                 servers=args.servers, store=args.store)
    print(result.summary())
    if result.interrupted:
        return 130
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
