"""A labelling participant's label time with and without a flood of requests to ``serve.py``'s room route.

``bench/bench_attacks.py --only room-head-flood`` runs it against its server (SQLite, or PostgreSQL with ``--store``).
A room is made on the first built-in scenario; one participant joins it through its ``?join=`` link (the protocol-level
client: the browser's websocket messages, nothing rendered) and sets one passage's label after another. Rounds
alternate, so that the machine's other load falls on both alike: :data:`LABELS` labels in quiet, then as many while
another process (``bench/flood_requests.py``) sends ``GET api/uncase/room-head?room=CODE`` with made-up workspace
tokens, :data:`FLOOD_RATE` a second (the hostile tester's rate) over :data:`FLOOD_CONNECTIONS` kept-alive
connections; then again with a flood as fast as :data:`FLAT_OUT_CONNECTIONS` connections are answered. Printed, for
each: each condition's median and 90th percentile, their ratio (the bar: 1.5), the rate the flood reached and the
answers it got.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.bench_load import percentile
from tests.support.protocol_client import ProtocolSession
from ui.i18n import translate
from ui.views.room.watch import ROUTE_PATH, TOKEN_HEADER
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store
from uncase_store.rooms import Rooms

FLOOD_RATE = 167.0  # requests a second, as the hostile tester sent them
# A kept-alive connection gets about 22 answers a second here, whatever the server's CPU (each answer's second write
# waits for the client's delayed acknowledgement): 167 a second needs eight of them at least.
FLOOD_CONNECTIONS = 12
FLAT_OUT_CONNECTIONS = 64  # the second flood: as fast as 64 connections are answered, unpaced
ROUNDS = 6
LABELS = 8  # per round and condition
RAMP_S = 1.0  # the flood runs this long before the first flooded label
BAR = 1.5
PASSAGES = 5  # the first case's passages, labelled in turn
FLOODER = Path(__file__).resolve().parent / "flood_requests.py"


def make_room(store_url: str) -> str:
    store = open_store(store_url)
    try:
        return Rooms(store).create("Flood", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good",
                                   "scenario").code
    finally:
        store.engine.dispose()


class Flood:
    """``bench/flood_requests.py`` sending looks at room ``code`` with made-up tokens, ``rate`` a second, while the
    block runs; what it was answered is in ``statuses`` after."""

    def __init__(self, base: str, code: str, rate: float | None) -> None:
        paced = ["--rate", str(rate), "--connections", str(FLOOD_CONNECTIONS)] if rate else \
            ["--rate", "1e9", "--connections", str(FLAT_OUT_CONNECTIONS)]
        self.command = [sys.executable, str(FLOODER), base, ROUTE_PATH, *paced, "--header", TOKEN_HEADER,
                        "--query", f"room={code}"]
        self.statuses: Counter[int] = Counter()
        self.seconds = 0.0
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> Flood:
        self._process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self._process.stdout is not None
        if self._process.stdout.readline().strip() != "ready":
            raise RuntimeError("the flood did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._process is not None
        out, _ = self._process.communicate(timeout=60)
        found = json.loads(out.strip().splitlines()[-1])
        self.statuses.update({int(status): count for status, count in found["statuses"].items()})
        self.seconds += found["seconds"]


@dataclass
class LabelTimes:
    quiet: list[float] = field(default_factory=list)  # ms, label sent -> the run showing it finished
    flooded: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    flood_s: float = 0.0

    def line(self, rate: float | None) -> str:
        if not self.quiet or not self.flooded:
            return "no labels measured"
        level = f"at {rate:.0f}/s" if rate else f"flat out on {FLAT_OUT_CONNECTIONS} connections"
        sent = sum(self.statuses.values())
        quiet_median, flooded_median = statistics.median(self.quiet), statistics.median(self.flooded)
        quiet_p90, flooded_p90 = percentile(self.quiet, 90), percentile(self.flooded, 90)
        ratio = flooded_median / quiet_median
        answers = ", ".join(f"{status or 'none'}: {count}" for status, count in sorted(self.statuses.items()))
        return (f"room-head flood {level} (reached {sent / self.flood_s if self.flood_s else 0:.0f}/s; "
                f"answers {answers}); a participant's label, {len(self.quiet)} quiet and {len(self.flooded)} "
                f"flooded, interleaved: median {quiet_median:.0f} -> {flooded_median:.0f} ms (x{ratio:.2f}, bar "
                f"x{BAR}: {'ok' if ratio <= BAR else 'OVER'}), p90 {quiet_p90:.0f} -> {flooded_p90:.0f} ms "
                f"(x{flooded_p90 / quiet_p90:.2f})")


async def label_times(base: str, code: str, rate: float | None = FLOOD_RATE, rounds: int = ROUNDS,
                      labels: int = LABELS) -> LabelTimes:
    """Interleaved rounds of ``labels`` labels without, then with, the flood (see the module docstring); ``rate``
    None: the flood unpaced."""
    times = LabelTimes()
    member = await ProtocolSession.open(base, f"/workshop_room?join={code}")
    try:
        joined = await member.submit_form({translate("en", "room.name"): "Ana"}, translate("en", "room.join"))
        if joined.exceptions:
            raise RuntimeError(f"join: {joined.exceptions[0][:200]}")
        done = 0

        async def label() -> float:
            nonlocal done
            result = await member.toggle_editor_cell(0, done % PASSAGES, "relevant")
            done += 1
            if result.exceptions:
                raise RuntimeError(f"label: {result.exceptions[0][:200]}")
            return result.ms

        for _ in range(3):  # warm: the first runs import and compile
            await label()
        for _ in range(rounds):
            times.quiet.extend([await label() for _ in range(labels)])
            flood = Flood(base, code, rate)
            with flood:
                await asyncio.sleep(RAMP_S)
                times.flooded.extend([await label() for _ in range(labels)])
            times.statuses.update(flood.statuses)
            times.flood_s += flood.seconds
    finally:
        await member.close()
    return times
