"""Time of the agreement among many annotators and of a workshop class view (median of repeated runs).

    .venv/bin/python bench/bench_agreement.py [--annotators 60] [--units 200] [--resamples 1000] [--repeats 11]

Prints, on seeded random ratings (booleans; 20% missing for alpha, none for Fleiss, which
uses complete units only): Krippendorff's alpha and Fleiss' kappa from the ratings lists
(checking every label included), and their bootstrap intervals over units. Then the class
view of ``--annotators`` participants on the seven built-in English RAG scenarios (one
case each), without the bootstrap (what every refresh of the facilitator's view pays) and
with it (five groups of labels x two statistics); then the same for a room of summary cases (the six built-in
English summaries: four groups of labels).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import times
from uncase_core.agreement.class_labels import class_labels
from uncase_core.agreement.many import bootstrap_interval, fleiss_kappa, krippendorff_alpha
from uncase_core.agreement.materials import SUMMARY_MATERIAL
from uncase_core.assets.reader import SUMMARY_INDEX, load_index, scenario_path
from uncase_core.rag.cases import UNIT_KINDS, RagDataset, dataset_from_bytes
from uncase_core.summaries.cases import cases_from_bytes

SCENARIOS = Path(__file__).resolve().parents[1] / "assets" / "rag" / "en"


def _show(name: str, seconds: list[float]) -> None:
    print(f"{name}: median {statistics.median(seconds) * 1000:.1f} ms (min {min(seconds) * 1000:.1f}, "
          f"max {max(seconds) * 1000:.1f}, {len(seconds)} runs)")


def random_ratings(annotators: int, units: int, missing: float, seed: int = 14) -> list[list[bool | None]]:
    rng = random.Random(seed)
    truth = [rng.random() < 0.7 for _ in range(units)]
    return [[None if rng.random() < missing else (truth[u] if rng.random() < 0.8 else not truth[u])
             for u in range(units)] for _ in range(annotators)]


def room_dataset() -> RagDataset:
    cases = []
    for path in sorted(SCENARIOS.glob("*.json")):
        cases.extend(dataset_from_bytes(path.read_bytes(), path.name).cases)
    return RagDataset(tuple(cases), "object")


def participant_copy(room: RagDataset, rng: random.Random) -> RagDataset:
    """The room with every label kept (70%), flipped (15%) or left out (15%)."""
    cases = []
    for case in room.cases:
        changed = {}
        for kind in UNIT_KINDS:
            units = []
            for unit in case.units(kind):
                labels = {}
                for name, label in unit.labels.items():
                    roll = rng.random()
                    reference = bool(label) if label is not None else rng.random() < 0.5
                    labels[name] = reference if roll < 0.7 else (not reference) if roll < 0.85 else None
                units.append(replace(unit, labels=labels))
            changed[kind] = tuple(units)
        cases.append(replace(case, **changed))
    return replace(room, cases=tuple(cases))


def summary_room() -> tuple:
    cases = []
    for scenario in load_index(SUMMARY_INDEX):
        path = scenario_path(scenario, "en", SUMMARY_INDEX)
        cases.extend(cases_from_bytes(path.read_bytes(), path.name))
    return tuple(cases)


def summary_copy(room: tuple, rng: random.Random) -> tuple:
    """The summary cases with every label kept (70%), flipped (15%) or left out (15%), as participant_copy."""
    values = {}
    for slot in SUMMARY_MATERIAL.slots(room):
        roll = rng.random()
        reference = slot.reference if slot.reference is not None else rng.random() < 0.5
        values[slot.key] = reference if roll < 0.7 else (not reference) if roll < 0.85 else None
    return SUMMARY_MATERIAL.with_labels(room, values)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--annotators", type=int, default=60)
    parser.add_argument("--units", type=int, default=200)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=11)
    args = parser.parse_args()

    ratings = random_ratings(args.annotators, args.units, missing=0.2)
    complete = random_ratings(args.annotators, args.units, missing=0.0)
    print(f"ratings: {args.annotators} annotators x {args.units} units, 20% missing (alpha) and none missing "
          f"(Fleiss); alpha {krippendorff_alpha(ratings).value:.4f}, Fleiss {fleiss_kappa(complete).value:.4f}")
    _show("krippendorff_alpha", times(lambda: krippendorff_alpha(ratings), args.repeats))
    _show("fleiss_kappa", times(lambda: fleiss_kappa(complete), args.repeats))
    for statistic, data in (("alpha", ratings), ("fleiss", complete)):
        interval = bootstrap_interval(data, statistic, resamples=args.resamples)
        print(f"bootstrap {statistic}: [{interval.low}, {interval.high}] from {interval.used} resamples "
              f"({interval.skipped} skipped) over {interval.units} units")
        _show(f"bootstrap_interval {statistic}, {args.resamples} resamples",
              times(lambda statistic=statistic, data=data: bootstrap_interval(data, statistic,
                                                                               resamples=args.resamples),
                     args.repeats))

    room = room_dataset()
    rng = random.Random(3)
    copies = {f"participant-{i:02d}": participant_copy(room, rng) for i in range(args.annotators)}
    view = class_labels(room, copies, resamples=0)
    print(f"class view: {len(copies)} participants x {len(room.cases)} cases, {len(view.units)} labels each; "
          f"alpha over all labels {view.agreement['all'].alpha.value:.4f}")
    _show("class_labels without bootstrap", times(lambda: class_labels(room, copies, resamples=0), args.repeats))
    _show(f"class_labels with bootstrap ({args.resamples} resamples x 5 groups x 2 statistics)",
          times(lambda: class_labels(room, copies, resamples=args.resamples), args.repeats))

    summaries = summary_room()
    summary_copies = {f"participant-{i:02d}": summary_copy(summaries, rng) for i in range(args.annotators)}
    view = class_labels(summaries, summary_copies, resamples=0)
    print(f"summary room: {len(summary_copies)} participants x {len(summaries)} summary cases, {len(view.units)} "
          f"labels each; alpha over all labels {view.agreement['all'].alpha.value:.4f}")
    _show("class_labels, summary cases, without bootstrap",
          times(lambda: class_labels(summaries, summary_copies, resamples=0), args.repeats))
    _show(f"class_labels, summary cases, with bootstrap ({args.resamples} resamples x 4 groups x 2 statistics)",
          times(lambda: class_labels(summaries, summary_copies, resamples=args.resamples), args.repeats))


if __name__ == "__main__":
    main()
