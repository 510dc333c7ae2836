"""Replaying a room's label records: one by one (``apply_rag_edit``) against together (``replay_rag_edits``).

    .venv/bin/python bench/bench_replay.py [--people 60] [--repeats 15]

The class view rebuilds each participant's copy of the room's cases from their edit records at every refresh of
the facilitator's and the projector's views. Seeded: each person has labelled a random share of the first
built-in scenario's labels (70% yes). Prints the median time to replay everyone's records each way.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uncase_core.agreement.class_labels import blank_copy  # noqa: E402
from uncase_core.assets.reader import load_index, load_scenario  # noqa: E402
from uncase_core.rag.cases import UNIT_KINDS  # noqa: E402
from uncase_core.rag.edits import apply_rag_edit, rag_label, replay_rag_edits  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    blank = blank_copy(load_scenario(load_index()[0], "en"))
    slots = [(c, kind, u, field) for c, case in enumerate(blank.cases) for kind in UNIT_KINDS
             for u, unit in enumerate(case.units(kind)) for field in unit.labels]
    rng = random.Random(0)
    people = [[rag_label(blank, *slot, rng.random() < 0.7) for slot in slots[:rng.randint(3, len(slots))]]
              for _ in range(args.people)]

    def one_by_one() -> None:
        for records in people:
            copy = blank
            for record in records:
                copy = apply_rag_edit(copy, record)

    def together() -> None:
        for records in people:
            replay_rag_edits(blank, records)

    print(f"{sum(map(len, people))} label records of {args.people} people, median of {args.repeats} replays:")
    for name, replay in (("one by one (apply_rag_edit)", one_by_one), ("together (replay_rag_edits)", together)):
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            replay()
            times.append((time.perf_counter() - start) * 1000)
        print(f"  {name:<30} {statistics.median(times):6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
