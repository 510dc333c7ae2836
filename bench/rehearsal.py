"""A workshop rehearsal in one command: a room, its facilitator's and projector's pages, participants labelling,
a SIGKILL of the server in the middle and a restart on the same address; then what was lost and what did not
come back.

    .venv/bin/python bench/rehearsal.py [--participants 10] [--browsers 2] [--seconds 60] [--down 3]
                                        [--kills 1] [--watch 60] [--scenario multiple_failures] [--store URL]

What runs (issue 26's rehearsal, scripted):

* ``serve.py`` (the server ``dev.py run`` starts) on a free port, on a new SQLite store unless ``--store``;
* a room on ``--scenario``, made through the store as the room page does;
* in Chromium (Playwright's async API): the facilitator's page (``?room=CODE&key=SECRET``), the projector's
  (``?room=CODE&view=KEY``) and ``--browsers`` participants who join by the participant link, switch to focus
  mode and label by keys (1 or 0, focus mode's keys), each key acknowledged when the page's "N of M labelled"
  line counts it; from the second on, every other one stays in the grid and only watches (the issue 39 teacher's
  page that went blank a minute after a restart was a grid page);
* ``--participants`` more at the protocol level (``tests/support/protocol_client.py``), labelling passages in the grid;
  when the server goes away each comes back as a reload would (the same ``w=`` link) and checks the page shows
  the labels acknowledged before;
* ``--kills`` times, evenly spread, the server is killed with SIGKILL (no shutdown of any kind) and started
  again ``--down`` seconds later on the same port; after each restart every browser page is watched for
  ``--watch`` seconds (once a second: its content drawn, ``#root`` not empty), labelling going on meanwhile.

With ``--pace`` (issue 49) every browser participant labels in focus mode without waiting for the page, a key (the
second browser: a tap on a 390 px phone) every 80-150 ms, yes or no at random and now and then a step back; what
the keypad showed at each press and whether it refused it are read in the page itself. At the end every stored label
must be the last press not refused on its unit (**misplaced** otherwise; the bar is 0); a press the page had not
seen confirmed when the server died may or may not have been stored, and what the page said about such presses once
back is reported. The protocol participants then edit the grid 80-150 ms after each acknowledged edit.

    .venv/bin/python bench/rehearsal.py --participants 20 --browsers 2 --seconds 60 --kills 1 --pace

Reported: every label acknowledged on a page and missing from the store (**lost**; the bar is 0), every browser
page that did not show its content again by itself within 60 s of the restart, without a reload (**not back**;
the bar is 0), every page that was back and then lost its content while watched (**went blank**; the bar is 0),
page errors, the browsers' console errors, and how long the pages took to come back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import _short, _token_of  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path, free_port, stop_process, streamlit_command  # noqa: E402
from tests.support.protocol_client import ProtocolSession  # noqa: E402
from ui.i18n import translate  # noqa: E402
from ui.widgets.rag_focus import case_items  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402
from uncase_core.rag.cases import RagDataset, dataset_to_text  # noqa: E402

LANG = "en"
HEALTH_TIMEOUT_S = 90.0
BACK_TIMEOUT_S = 60.0  # a page must show its content again within this long of the restart
STEP_TIMEOUT_S = 20.0
METRIC = translate(LANG, "metric.context_relevance")
LABELLED = re.compile(r"(\d+) of (\d+) labelled")
PACE_S = (0.08, 0.15)  # --pace: between two presses, as a fast person writing an answer key (issue 49)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/120.0 Mobile Safari/537.36"}
# --pace: what the keypad showed at each key or tap (read before the page's own listeners, capture phase) and
# whether the page refused it (its refusal count after the page's listeners, bubble phase).
AT_EACH_PRESS = """() => {
  if (window.__pressed) return;
  window.__pressed = [];
  const screen = () => {
    const pad = document.querySelector('.uncase-pad');
    const card = pad && pad.querySelector('.pad-card');
    return {unit: card && !card.hidden ? card.dataset.unit : null, field: card && !card.hidden ? card.dataset.field
            : null, refused: pad ? Number(pad.dataset.refused || 0) : 0, tab: pad ? pad.dataset.tab : null};
  };
  for (const kind of ['keydown', 'click']) {
    window.addEventListener(kind, (event) => {
      if (kind === 'click' && !event.target.closest?.('.uncase-pad button')) return;
      window.__pressed.push({...screen(), key: kind === 'keydown' ? event.key : event.target.closest('button')
                             .dataset.action});
    }, true);
    window.addEventListener(kind, (event) => {
      const last = window.__pressed[window.__pressed.length - 1];
      if (last && last.after === undefined) last.after = screen().refused;
    }, false);
  }
}"""
PAD_STATE = """() => { const pad = document.querySelector('.uncase-pad');
  return pad ? {pending: Number(pad.dataset.pending || 0), notes: pad.querySelector('.pad-notes').innerText}
             : null; }"""


@dataclass
class Report:
    participants: int
    browsers: int
    seconds: float
    down: float
    scenario: str
    store: str
    acknowledged: int = 0
    checked: int = 0
    lost: list[str] = field(default_factory=list)
    not_back: list[str] = field(default_factory=list)
    back_seconds: dict[str, float] = field(default_factory=dict)
    page_errors: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    kills: int = 1
    watch: float = 60.0
    went_blank: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    pace: bool = False
    presses: int = 0  # --pace: keys and taps made in the browsers
    refused_on_screen: int = 0
    unconfirmed_at_kill: int = 0  # presses the page had not seen confirmed when the server died
    said_lost: list[str] = field(default_factory=list)  # what the pages said about them once back
    misplaced: list[str] = field(default_factory=list)  # a stored label that is no press made on its unit
    not_tapped: int = 0  # --pace on a phone: the button was not on screen at that moment

    def summary(self) -> str:
        back = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in sorted(self.back_seconds.items()))
        out = [
            f"rehearsal: room on {self.scenario}; facilitator, projector, {self.browsers} participant(s) in Chromium "
            f"(focus mode, keys) and {self.participants} at the protocol level (grid) for {self.seconds:.0f} s; "
            f"{self.kills} SIGKILL(s) evenly spread, each restarted {self.down:.0f} s later and every page watched "
            f"{self.watch:.0f} s after; store {self.store}",
            f"label changes acknowledged on the pages: {self.acknowledged}; labels read back from the store: "
            f"{self.checked}",
            f"lost labels: {len(self.lost)}", *[f"  - {e}" for e in self.lost[:10]],
            *([f"browsers at 80-150 ms a press: {self.presses} presses, {self.refused_on_screen} refused on screen, "
               f"{self.unconfirmed_at_kill} not confirmed when the server died ({self.not_tapped} taps skipped: the "
               f"button was not on screen); the pages then said: "
               f"{' | '.join(self.said_lost) or 'nothing'}",
               f"labels not equal to the presses made on their unit: {len(self.misplaced)}",
               *[f"  - {e}" for e in self.misplaced[:40]]] if self.pace else []),
            f"browser pages not back by themselves within {BACK_TIMEOUT_S:.0f} s: {len(self.not_back)}",
            *[f"  - {e}" for e in self.not_back],
            f"pages back after the restarts (slowest of each): {back or 'none'}",
            f"pages that went blank or lost their content while watched: {len(self.went_blank)}",
            *[f"  - {e}" for e in self.went_blank[:10]],
            f"browser console errors: {len(self.console)}, by kind:", *[f"  - {n} x {kind}" for kind, n in
                                                                    self.console_kinds()],
            f"protocol participants reconnected (as a reload): {self.reconnects}",
            f"page errors: {len(self.page_errors)}", *[f"  - {e}" for e in self.page_errors[:10]],
            f"other errors: {len(self.errors)}", *[f"  - {e}" for e in self.errors[:10]],
        ]
        ok = self.met()
        out.append(f"bar (0 lost, every page back by itself and staying, no error): {'met' if ok else 'MISSED'}")
        return "\n".join(out)

    def console_kinds(self) -> list[tuple[str, int]]:
        """The console's errors grouped by what they say (the page and the time left out), most frequent first."""
        kinds: dict[str, int] = {}
        for entry in self.console:
            kind = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", entry.split(": ", 1)[1])
            kinds[kind] = kinds.get(kind, 0) + 1
        return sorted(kinds.items(), key=lambda item: -item[1])

    def met(self) -> bool:
        return not (self.lost or self.not_back or self.went_blank or self.page_errors or self.errors
                    or self.misplaced)


class Server:
    """``serve.py`` on one port, killed and started again on the same one."""

    def __init__(self, store: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.store = store
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.up = asyncio.Event()
        self.kills = 0

    def start(self) -> None:
        env = {**os.environ, "UNCASE_STORE": self.store}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(streamlit_command(self.port, "serve.py"), cwd=ROOT, stdout=log,
                                            stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + HEALTH_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve.py exited with code {self.process.returncode}; see {self.log}")
            try:
                with urllib.request.urlopen(f"{self.base}/_stcore/health", timeout=2) as response:
                    if response.read().decode().strip() == "ok":
                        return  # the caller sets ``up`` in its event loop (an asyncio.Event is not thread-safe)
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"serve.py was not healthy within {HEALTH_TIMEOUT_S:.0f} s; see {self.log}")

    def kill(self) -> None:
        self.up.clear()
        self.kills += 1
        assert self.process is not None
        self.process.kill()  # SIGKILL
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            stop_process(self.process)


# ---------------------------------------------------------------- participants at the protocol level


class ProtocolParticipant:
    """Joins, labels passages in the grid; after the server's death it comes back with its link, as a reload."""

    def __init__(self, index: int, server: Server, code: str, passages: int, report: Report, go: asyncio.Event,
                 stop_at: list[float], think: tuple[float, float] = (0.5, 1.5)) -> None:
        self.i, self.server, self.code, self.report, self.stop_at = index, server, code, report, stop_at
        self.think = think
        self.go, self.joined = go, asyncio.Event()
        self.rng = random.Random(7000 + index)
        self.labels: list[bool | None] = [None] * passages
        self.acknowledged: list[bool | None] = list(self.labels)
        self.uncertain: set[int] = set()
        self.token: str | None = None
        self.session: ProtocolSession | None = None

    async def run(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            self.session = await ProtocolSession.open(self.server.base, f"/workshop_room?join={self.code}",
                                                      timeout=STEP_TIMEOUT_S * 3)
            run = await self.session.submit_form({translate(LANG, "room.name"): f"P{self.i}"},
                                                 translate(LANG, "room.join"), timeout=STEP_TIMEOUT_S * 3)
            if run.exceptions:
                raise RuntimeError(f"join: {run.exceptions[0][:200]}")
            self.token = _token_of(self.session.query_string)
            self.joined.set()
            await self.go.wait()
            while time.monotonic() < self.stop_at[0]:
                await asyncio.sleep(self.rng.uniform(*self.think))
                if not self.server.up.is_set():
                    await self.come_back()
                    continue
                try:
                    await self.tick()
                except Exception:
                    if self.server.up.is_set():
                        raise
                    await self.come_back()
        except Exception as error:
            self.report.errors.append(f"participant P{self.i}: {_short(error)}")
            self.joined.set()  # nobody waits for a participant that failed
        finally:
            if self.session is not None:
                with contextlib.suppress(Exception):
                    await self.session.close()

    async def tick(self) -> None:
        row = self.rng.randrange(len(self.labels))
        value = not self.labels[row] if self.labels[row] is not None else self.rng.random() < 0.5
        self.labels[row] = value
        self.uncertain.add(row)  # until its run ends with the new counts shown
        assert self.session is not None
        run = await self.session.toggle_editor_cell(0, row, "relevant", value, timeout=STEP_TIMEOUT_S)
        if run.exceptions:
            raise RuntimeError(f"passage {row + 1}: {run.exceptions[0][:200]}")
        self.uncertain.discard(row)
        self.acknowledged[row] = value
        self.report.acknowledged += 1

    async def come_back(self) -> None:
        """The same link in a new session once the server answers again; the page must show what was
        acknowledged (the label in flight at the kill may be either)."""
        with contextlib.suppress(Exception):
            await self.session.close()  # type: ignore[union-attr]
        await self.server.up.wait()
        self.session = await ProtocolSession.open(self.server.base, f"/rag_diagnosis?w={self.token}",
                                                  timeout=STEP_TIMEOUT_S * 3)
        self.report.reconnects += 1
        for row in range(len(self.labels)):
            shown = self.session.editor_cell(0, row, "relevant")
            if row in self.uncertain:
                self.labels[row] = self.acknowledged[row] = shown
                self.uncertain.discard(row)
            elif shown is not self.acknowledged[row]:
                self.report.lost.append(f"P{self.i}: passage {row + 1} acknowledged {self.acknowledged[row]}, the "
                                        f"page shows {shown} after the restart")
                self.labels[row] = self.acknowledged[row] = shown


# ---------------------------------------------------------------- pages in Chromium


class BrowserParticipant:
    """Joins in Chromium, switches to focus mode and labels by keys; a key is acknowledged when counted."""

    def __init__(self, index: int, context: Any, server: Server, code: str, plan: list[tuple[str, int, str]],
                 report: Report, go: asyncio.Event, stop_at: list[float], pace: bool = False,
                 phone: bool = False) -> None:
        # Browser 1, 3, ... label in focus mode; 2, 4, ... stay in the grid; with --pace every one labels in focus
        # mode at 80-150 ms a press, the even ones on a phone by taps
        self.focus = pace or index % 2 == 1
        self.pace, self.phone = pace, phone
        self.name = f"Browser {index} ({'focus' if self.focus else 'grid'}{', phone' if phone else ''})"
        self.made: list[dict[str, Any]] = []  # --pace: each press, as the page showed it
        self.uncertain: set[int] = set()  # --pace: presses not confirmed when the server died
        self.context, self.server, self.code, self.plan = context, server, code, plan
        self.report, self.stop_at = report, stop_at
        self.go, self.joined = go, asyncio.Event()
        self.rng = random.Random(9000 + index)
        self.pressed: list[bool] = []
        self.acknowledged = 0
        self.token: str | None = None
        self.page: Any = None

    async def labelled(self) -> int:
        text = await self.page.get_by_text(LABELLED).first.inner_text(timeout=STEP_TIMEOUT_S * 1000)
        return int(LABELLED.search(text).group(1))

    async def run(self) -> None:
        try:
            await self.join()
        except Exception as error:
            self.report.errors.append(f"{self.name} joining: {_short(error)}")
            return
        finally:
            self.joined.set()
        await self.go.wait()
        await self.label()

    async def join(self) -> None:
        page = self.page = await self.context.new_page()
        watch_console(self.name, page, self.report)
        await page.goto(f"{self.server.base}/workshop_room?join={self.code}")
        await page.get_by_role("textbox", name=translate(LANG, "room.name")).fill(self.name)
        await page.get_by_role("button", name=translate(LANG, "room.join")).click()
        if not self.focus:
            await self.content().first.wait_for(timeout=STEP_TIMEOUT_S * 3000)
            self.token = _token_of(page.url.split("?", 1)[1]) if "?" in page.url else None
            return
        await page.get_by_role("button", name=re.compile("^" + translate(LANG, "focus.view.focus"))).click(
            timeout=STEP_TIMEOUT_S * 3000)
        await self.labelled()
        self.token = _token_of(page.url.split("?", 1)[1]) if "?" in page.url else None

    def content(self) -> Any:
        """What shows this page is drawn: the counted line in focus mode, a label table in the grid."""
        if self.focus:
            return self.page.get_by_text(LABELLED)
        return self.page.locator('[data-testid="stDataFrame"]')

    async def label(self) -> None:
        if not self.focus:
            return  # the grid page only watches; the protocol participants label in the grid
        if self.pace:
            await self.label_at_pace()
            return
        page = self.page
        while time.monotonic() < self.stop_at[0] and len(self.pressed) < len(self.plan):
            await asyncio.sleep(self.rng.uniform(0.7, 1.5))
            if not self.server.up.is_set():
                continue
            if not await connected(page):
                continue  # greyed while it reconnects: a person waits too (Streamlit drops a key sent meanwhile)
            value = self.rng.random() < 0.5
            before, kills = len(self.pressed), self.server.kills
            try:
                await page.locator("body").press("1" if value else "0")
                await page.get_by_text(re.compile(rf"\b{before + 1} of \d+ labelled")).first.wait_for(
                    timeout=STEP_TIMEOUT_S * 1000)
            except Exception:
                if self.server.up.is_set() and self.server.kills == kills:
                    self.report.errors.append(f"{self.name}: key {before + 1} not counted while the server was up")
                await self.server.up.wait()
                # the key in flight at the kill may or may not have been stored: read what the page counts now
                with contextlib.suppress(Exception):
                    counted = await self.labelled()
                    if counted > before:
                        self.pressed.append(value)
                continue
            self.pressed.append(value)
            self.report.acknowledged += 1


    async def label_at_pace(self) -> None:
        """Keys (or taps on a phone) 80-150 ms apart, yes or no at random and now and then a step back, never
        waiting for the page. After a kill, the presses the page had not seen confirmed are noted (they may or may
        not have been stored), and what the page says about them once back."""
        page, kills = self.page, self.server.kills
        await page.evaluate(AT_EACH_PRESS)
        try:
            await self.press_at_pace(kills)
        finally:  # what was pressed is checked whatever stopped the presses
            await self.settle()
            self.made = await page.evaluate("window.__pressed")

    async def press_at_pace(self, kills: int) -> None:
        page = self.page
        while time.monotonic() < self.stop_at[0]:
            await asyncio.sleep(self.rng.uniform(*PACE_S))
            if self.server.kills != kills:
                await self.after_kill()
                kills = self.server.kills
                continue
            if not self.server.up.is_set() or not await connected(page):
                continue
            action = "back" if self.rng.random() < 0.05 else "yes" if self.rng.random() < 0.5 else "no"
            try:
                if self.phone:
                    button = page.locator(f'.uncase-pad button[data-action="{action}"]')
                    await button.scroll_into_view_if_needed(timeout=STEP_TIMEOUT_S * 1000)
                    box = await button.bounding_box(timeout=STEP_TIMEOUT_S * 1000)
                    if box is None:  # not on screen at this moment (being redrawn): a person cannot tap it either
                        self.report.not_tapped += 1
                        continue
                    await page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                else:
                    await page.keyboard.press({"yes": "1", "no": "0", "back": "ArrowLeft"}[action])
            except Exception:
                if self.server.up.is_set() and self.server.kills == kills:
                    raise

    async def after_kill(self) -> None:
        made = await self.page.evaluate("window.__pressed")
        state = await self.page.evaluate(PAD_STATE) or {"pending": 0}
        taken = [i for i, press in enumerate(made) if press.get("after", press["refused"]) == press["refused"]
                 and press["key"] not in ("ArrowLeft", "back")]
        unconfirmed = [i for i, press in enumerate(made) if press.get("after", press["refused"]) == press["refused"]]
        self.uncertain.update(unconfirmed[len(unconfirmed) - state["pending"]:] if state["pending"] else [])
        self.report.unconfirmed_at_kill += len([i for i in taken if i in self.uncertain])
        await self.server.up.wait()
        deadline = time.monotonic() + BACK_TIMEOUT_S
        while time.monotonic() < deadline and not await connected(self.page):
            await asyncio.sleep(0.5)
        said = ""
        while time.monotonic() < deadline and not said:  # the first run after the reconnection draws the note
            await asyncio.sleep(0.5)
            state = await self.page.evaluate(PAD_STATE)
            said = " ".join(state["notes"].split()) if state else ""
        self.report.said_lost.append(f"{self.name}: {said or 'nothing'}")

    async def settle(self) -> None:
        """Until the keypad waits for nothing (every press confirmed), at most a minute."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            state = await self.page.evaluate(PAD_STATE)
            if state and not state["pending"]:
                await asyncio.sleep(1.0)
                return
            await asyncio.sleep(0.3)
        self.report.errors.append(f"{self.name}: presses still waiting a minute after the end")


async def connected(page: Any) -> bool:
    """Streamlit's status widget does not say it is connecting, and no "Connection error" box is open."""
    status = page.get_by_test_id("stStatusWidget")
    if await status.count() and re.search("connect", (await status.first.inner_text()).lower()):
        return False
    return not await page.get_by_role("dialog").filter(has_text=re.compile("connection", re.I)).count()


def watch_console(name: str, page: Any, report: Report) -> None:
    """Page errors and the console's errors (and warnings about the connection), with the time they came."""
    started = time.monotonic()
    page.on("pageerror", lambda error: report.page_errors.append(f"{name}: {error}"))

    def console(message: Any) -> None:
        if message.type == "error" or (message.type == "warning" and "connect" in message.text.lower()):
            url = (message.location or {}).get("url", "")
            report.console.append(f"{name} at {time.monotonic() - started:.0f} s: {message.type}: "
                                  f"{message.text[:200]} {url[:120]}")

    page.on("console", console)


async def blank(page: Any) -> bool:
    """``#root`` empty: the whole app unmounted (what the issue 39 rehearsal saw), not a redraw in progress."""
    return await page.evaluate("() => { const root = document.getElementById('root');"
                               " return !root || root.childElementCount === 0; }")


async def stays(name: str, page: Any, wanted: Any, report: Report, seconds: float, kill: int) -> None:
    """Once back, ``page`` keeps its content for ``seconds``: checked once a second, two misses in a row count
    (one can be a redraw between two frames)."""
    deadline, misses = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        await asyncio.sleep(1.0)
        try:
            gone = await blank(page) or not await wanted.first.is_visible()
        except Exception as error:  # the page navigated or crashed
            gone, error_text = True, _short(error)
        else:
            error_text = ""
        misses = misses + 1 if gone else 0
        if misses >= 2:
            report.went_blank.append(f"{name}, after kill {kill}: content gone "
                                     f"{'(#root empty)' if not error_text and await blank(page) else error_text}")
            return


async def page_back(name: str, page: Any, wanted: Any, report: Report, restarted: float) -> None:
    """Whether ``page`` shows ``wanted`` again by itself (no reload) within BACK_TIMEOUT_S of the restart: its
    connection is back (Streamlit's status widget no longer says it is connecting, no "Connection error" box) and
    the content is drawn. During the outage the old content stays on screen, so it alone proves nothing."""
    deadline = restarted + BACK_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            if await connected(page) and await wanted.first.is_visible():
                report.back_seconds[name] = max(report.back_seconds.get(name, 0.0), time.monotonic() - restarted)
                return
        except Exception:  # a page in the middle of a redraw: look again
            pass
        await asyncio.sleep(0.5)
    report.not_back.append(f"{name}: not shown again within {BACK_TIMEOUT_S:.0f} s (connection or content)")


async def drive(args: argparse.Namespace, server: Server, code: str, keys: Any, dataset: RagDataset,
                report: Report) -> list[Any]:
    from playwright.async_api import async_playwright

    server.up.set()  # started by main before this loop ran
    go, stop_at = asyncio.Event(), [float("inf")]  # labelling starts once everyone has joined
    plan = [(item.kind, item.unit, item.field) for item in case_items(dataset.cases[0])]
    protocol = [ProtocolParticipant(i, server, code, len(dataset.cases[0].passages), report, go, stop_at,
                                    PACE_S if args.pace else (0.5, 1.5)) for i in range(args.participants)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        try:
            def context(phone: bool = False) -> Any:
                if phone:
                    return browser.new_context(locale="en-US", **PHONE)
                return browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")

            facilitator = await (await context()).new_page()
            projector = await (await context()).new_page()
            for name, page in (("facilitator", facilitator), ("projector", projector)):
                watch_console(name, page, report)
            await facilitator.goto(f"{server.base}/workshop_room?room={code}&key={keys.secret}")
            await projector.goto(f"{server.base}/workshop_room?room={code}&view={keys.view_key}")
            phones = [args.pace and i % 2 == 1 for i in range(args.browsers)]
            browsers = [BrowserParticipant(i + 1, await context(phones[i]), server, code, plan, report, go, stop_at,
                                           args.pace, phones[i]) for i in range(args.browsers)]
            tasks = [asyncio.create_task(b.run()) for b in browsers]
            tasks += [asyncio.create_task(p.run(0.3 * i)) for i, p in enumerate(protocol)]
            joining = time.monotonic()
            await asyncio.gather(*(person.joined.wait() for person in (*browsers, *protocol)))
            print(f"everyone joined in {time.monotonic() - joining:.1f} s; labelling for {args.seconds:.0f} s",
                  flush=True)
            go.set()
            began = time.monotonic()
            joined = translate(LANG, "room.joined")
            watched = [("facilitator", facilitator,
                        facilitator.locator('[data-testid="stMetric"]').filter(has_text=joined)),
                       ("projector", projector, projector.get_by_text(code, exact=True))]
            watched += [(b.name, b.page, b.content()) for b in browsers if b.page is not None]
            for kill in range(1, args.kills + 1):
                await asyncio.sleep(args.seconds / (args.kills + 1))
                server.kill()
                print(f"kill {kill} at {time.monotonic() - began:.0f} s; restarting in {args.down:.0f} s", flush=True)
                await asyncio.sleep(args.down)
                await asyncio.to_thread(server.start)
                server.up.set()
                restarted = time.monotonic()
                await asyncio.gather(*(page_back(name, page, wanted, report, restarted)
                                       for name, page, wanted in watched))
                print(f"  pages back in {time.monotonic() - restarted:.1f} s; watching {args.watch:.0f} s",
                      flush=True)
                await asyncio.gather(*(stays(name, page, wanted, report, args.watch, kill)
                                       for name, page, wanted in watched))
            await asyncio.sleep(args.seconds / (args.kills + 1))
            stop_at[0] = time.monotonic()
            results = await asyncio.gather(*tasks, return_exceptions=True)
            report.errors += [f"{_short(r)}" for r in results if isinstance(r, BaseException)]
        finally:
            await browser.close()
    return [*protocol, *browsers]


def verify(report: Report, people: list[Any], store_url: str, plan: list[tuple[str, int, str]]) -> None:
    """Every acknowledged label against the store (what survives the restart is what counts)."""
    from ui.frame.data_kinds import RAG
    from ui.frame.workspace import Workspace
    from uncase_store import open_store

    store = open_store(store_url)
    try:
        for person in people:
            if person.token is None:
                continue
            case = Workspace.open(store, person.token).data(RAG).cases[0]
            if isinstance(person, BrowserParticipant) and person.pace:
                check_presses(report, person, case)
                continue
            if isinstance(person, ProtocolParticipant):
                wanted = [(("passages", row, "relevant"), value) for row, value in enumerate(person.acknowledged)
                          if row not in person.uncertain]
                who = f"P{person.i}"
            else:
                wanted = list(zip(plan, person.pressed, strict=False))
                who = person.name
            for (kind, unit, name), value in wanted:
                report.checked += 1
                stored = case.units(kind)[unit].label(name)
                if stored is not value:
                    report.lost.append(f"{who}: {kind} {unit + 1} {name} acknowledged {value}, stored {stored}")
    finally:
        store.engine.dispose()


def check_presses(report: Report, person: BrowserParticipant, case: Any) -> None:
    """--pace: every stored label is the last press not refused on its unit; for presses the page had not seen
    confirmed when the server died, any of them (or the label before them) may be what was stored."""
    from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS

    values = {"1": True, "yes": True, "0": False, "no": False}
    by_unit: dict[tuple[str, str], list[tuple[int, bool]]] = {}
    for i, press in enumerate(person.made):
        report.presses += 1
        refused = press.get("after", press["refused"]) > press["refused"]
        report.refused_on_screen += refused
        if refused or press["key"] not in values:
            continue
        if press["unit"] is None:
            report.misplaced.append(f"{person.name}: press {i + 1} ({press['key']}) taken with no unit on screen")
            continue
        by_unit.setdefault((press["unit"], press["field"]), []).append((i, values[press["key"]]))
        report.acknowledged += 1
    first = min(person.uncertain, default=len(person.made))
    last = max(person.uncertain, default=-1)
    for kind in UNIT_KINDS:
        for unit in case.units(kind):
            for name in LABEL_FIELDS[kind]:
                presses = by_unit.get((unit.id, name), [])
                after = [value for i, value in presses if i > last]
                before = [value for i, value in presses if i < first]
                window = {value for i, value in presses if i in person.uncertain}
                allowed = {after[-1]} if after else {before[-1] if before else None} | window
                report.checked += 1
                if unit.label(name) not in allowed:
                    report.misplaced.append(f"{person.name}: {unit.id} {name} stored {unit.label(name)}, pressed "
                                            f"{[value for _, value in presses]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--participants", type=int, default=10, help="participants at the protocol level")
    parser.add_argument("--browsers", type=int, default=2, help="participants in Chromium")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--down", type=float, default=3.0, help="seconds between the kill and the restart")
    parser.add_argument("--kills", type=int, default=1, help="SIGKILLs, evenly spread over --seconds")
    parser.add_argument("--watch", type=float, default=60.0, help="seconds each page is watched after a restart")
    parser.add_argument("--scenario", default="multiple_failures")
    parser.add_argument("--store", default=None, help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--pace", action="store_true",
                        help="issue 49: every browser labels in focus mode at 80-150 ms a press without waiting (the "
                             "second on a phone, by taps), the protocol participants 80-150 ms apart")
    args = parser.parse_args()
    if chromium_path() is None:
        print("rehearsal: Chromium is not installed (apt install chromium)", file=sys.stderr)
        return 2
    from uncase_store import open_store
    from uncase_store.engine import redacted
    from uncase_store.rooms import Rooms

    scenarios = {entry.id: entry for entry in load_index()}
    if args.scenario not in scenarios:
        print(f"rehearsal: no scenario {args.scenario!r}; known: {', '.join(scenarios)}", file=sys.stderr)
        return 2
    dataset = load_scenario(scenarios[args.scenario], LANG)
    store = args.store or f"sqlite:///{tempfile.mkdtemp(prefix='uncase-rehearsal-')}/store.db"
    report = Report(args.participants, args.browsers, args.seconds, args.down, args.scenario, redacted(store),
                    kills=args.kills, watch=args.watch, pace=args.pace)
    opened = open_store(store)
    keys = Rooms(opened).create("rehearsal", dataset_to_text(dataset), args.scenario, "scenario")
    opened.engine.dispose()
    log = Path(tempfile.gettempdir()) / "uncase-rehearsal-server.log"
    server = Server(store, log)
    try:
        server.start()
        print(f"server {server.base} (log {log}); room {keys.code}", flush=True)
        people = asyncio.run(drive(args, server, keys.code, keys, dataset, report))
    finally:
        server.stop()
    verify(report, people, store, [(item.kind, item.unit, item.field) for item in case_items(dataset.cases[0])])
    print(report.summary())
    return 0 if report.met() else 1


if __name__ == "__main__":
    raise SystemExit(main())
