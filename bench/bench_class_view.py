"""The class view's refresh: CPU by room size and by the length of its history (issue 37).

    .venv/bin/python bench/bench_class_view.py [--rooms 60x10,300x10,300x100] [--refreshes 5]

A room on the first built-in scenario in a SQLite store (a file, as the embedded store), with M members who have
each made E label edits (seeded, 60% yes). Then, as the facilitator's view does every 5 s while a class labels at one
label per person per 5 s: every member stores one more edit and the view refreshes. Measured in process CPU time
(``time.process_time``, not wall time: the machine may be busy), the median over ``--refreshes`` refreshes, for:

- ``full``: every member's every edit read and replayed from a blank copy, the way before issue 37;
- ``kept``: :class:`ui.views.room.class_state.RoomLabels`, the way the page does it now (only the edits since the
  last refresh are read), after one first refresh that reads the history;

each with the class figures (``class_labels``, 1,000 bootstrap resamples) that the view computes from the copies.
The goal: a refresh at 300 members x 100 edits within 1.5x of the same room at 10 edits (the history no longer
counts) and of 60 x 10 scaled by the members (5x the people is 5x the new edits and copies to read).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.views.room.class_state import RoomLabels  # noqa: E402
from uncase_core.agreement.class_labels import blank_copy, class_labels, replay_edits  # noqa: E402
from uncase_core.agreement.materials import RAG_MATERIAL  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, dataset_to_text  # noqa: E402
from uncase_core.rag.edits import rag_label  # noqa: E402
from uncase_store import open_store  # noqa: E402
from uncase_store.rooms import Rooms  # noqa: E402

RESAMPLES = 1000


def full_refresh(api: Rooms, code: str, dataset) -> None:
    blank = blank_copy(dataset)
    copies = {member.name: replay_edits(blank, [record for record, _ in member.edits]).copy
              for member in api.labels(code)}
    class_labels(dataset, copies, resamples=RESAMPLES, seed=0)


def measure(members: int, edits: int, refreshes: int) -> tuple[float, float]:
    dataset = load_scenario(load_index()[1], "en")
    blank = blank_copy(dataset)
    slots = [(c, kind, u, f) for c, case in enumerate(dataset.cases) for kind in UNIT_KINDS
             for u, _ in enumerate(case.units(kind)) for f in LABEL_FIELDS[kind]]
    rng = random.Random(0)
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{folder}/store.db")
        api = Rooms(store)
        code = api.create("Room", dataset_to_text(dataset), "bench", "scenario").code
        tokens = []
        for m in range(members):
            token = store.create_workspace()
            api.join(code, token, f"P{m}")
            store.put_document(token, "rag", "rag-dataset", "Room", "room", dataset_to_text(blank), {"room": code})
            store.add_edits(token, "rag", [rag_label(blank, *rng.choice(slots), rng.random() < 0.6)
                                           for _ in range(edits)])
            tokens.append(token)
        kept = RoomLabels(code, dataset, RAG_MATERIAL)
        kept.refresh(api)  # the first refresh of a session reads the history once
        full, incremental = [], []
        for _ in range(refreshes):
            for token in tokens:  # one label per person since the last refresh
                store.add_edits(token, "rag", [rag_label(blank, *rng.choice(slots), rng.random() < 0.6)])
            start = time.process_time()
            full_refresh(api, code, dataset)
            full.append(time.process_time() - start)
            start = time.process_time()
            class_labels(dataset, kept.refresh(api).copies, resamples=RESAMPLES, seed=0)
            incremental.append(time.process_time() - start)
        store.engine.dispose()
    return 1000 * statistics.median(full), 1000 * statistics.median(incremental)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="60x10,300x10,300x100")
    parser.add_argument("--refreshes", type=int, default=5)
    args = parser.parse_args()
    figures = {}
    print("members x edits | full refresh (ms CPU) | kept refresh (ms CPU)")
    for room in args.rooms.split(","):
        members, edits = (int(part) for part in room.split("x"))
        figures[(members, edits)] = measure(members, edits, args.refreshes)
        print(f"{members} x {edits} | {figures[(members, edits)][0]:.0f} | {figures[(members, edits)][1]:.0f}",
              flush=True)
    if (300, 100) in figures and (300, 10) in figures:
        ratio = figures[(300, 100)][1] / figures[(300, 10)][1]
        print(f"kept, 300 x 100 against 300 x 10: {ratio:.2f}x (goal: at most 1.5x; the history no longer counts)")
    if (300, 100) in figures and (60, 10) in figures:
        ratio = figures[(300, 100)][1] / figures[(60, 10)][1]
        print(f"kept, 300 x 100 against 60 x 10: {ratio:.2f}x (5x the members; goal: at most 1.5 x 5 = 7.5x)")
        print(f"full, 300 x 100 against 60 x 10: {figures[(300, 100)][0] / figures[(60, 10)][0]:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
