"""Bad input report (issue 8): every corpus entry through every loader and command-line subcommand.

    .venv/bin/python tools/bad_input_report.py [--verbose]

Feeds each entry of ``tests/bad_inputs`` to every loader and subcommand that reads its format
and prints, per family and in total, ``N inputs tried, N handled (M rejected with a message
naming the place, K accepted), 0 crashes``. An input is handled when a bad one is refused with
a one-line message naming the file and the place (where there is one) and a valid one loads.
Exits 1 if anything crashed or was not handled as the corpus expects; ``--verbose`` lists them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bad_inputs.corpus import CORPUS, FAMILIES, FORMATS, SENTINEL
from tests.bad_inputs.targets import TARGETS, Workdir, judge, targets_for


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="list every input not handled")
    args = parser.parse_args()
    sentinel = Path(SENTINEL)
    sentinel.unlink(missing_ok=True)
    tried: Counter[str] = Counter()
    rejected: Counter[str] = Counter()
    accepted: Counter[str] = Counter()
    crashed: Counter[str] = Counter()
    unhandled: Counter[str] = Counter()
    by_target: Counter[str] = Counter()
    no_place = 0  # rejections of inputs with no place to name (an empty file...): the message names the file
    failures: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        workdir = Workdir(Path(directory))
        for entry in CORPUS:
            for target in targets_for(entry):
                outcome = target.run(entry, workdir)
                problems = judge(entry, target, outcome)
                for key in (entry.family, "TOTAL"):
                    tried[key] += 1
                    if outcome.status == "crashed":
                        crashed[key] += 1
                    elif problems:
                        unhandled[key] += 1
                    elif outcome.status == "rejected":
                        rejected[key] += 1
                    else:
                        accepted[key] += 1
                by_target[target.name] += 1
                no_place += outcome.status == "rejected" and not problems and not entry.place
                if problems:
                    failures.append(f"{entry.name} | {target.name} | {problems[0][:300]}")
    seconds = time.perf_counter() - start
    payload_ran = sentinel.exists()

    stored = sum(not entry.generated for entry in CORPUS)
    print(f"Bad input corpus: {len(CORPUS)} inputs ({stored} files under tests/bad_inputs/files, "
          f"{len(CORPUS) - stored} built by tests/bad_inputs/corpus.py), {len(FORMATS)} formats, "
          f"{len(TARGETS)} loaders and subcommands; {seconds:.1f} s")
    print()
    print(f"{'family':<16}{'inputs':>7}{'tried':>7}{'handled':>9}{'rejected':>10}{'accepted':>10}{'crashes':>9}"
          f"{'other':>7}")
    entries = Counter(entry.family for entry in CORPUS)
    for family in (*FAMILIES, "TOTAL"):
        if not tried[family]:
            continue
        if family == "TOTAL":
            print("-" * 75)
        handled = rejected[family] + accepted[family]
        print(f"{family:<16}{entries[family] if family != 'TOTAL' else len(CORPUS):>7}{tried[family]:>7}"
              f"{handled:>9}{rejected[family]:>10}{accepted[family]:>10}{crashed[family]:>9}{unhandled[family]:>7}")
    print()
    print("by loader or subcommand: " + ", ".join(f"{name} {count}" for name, count in by_target.items()))
    print()
    total = "TOTAL"
    print(f"{tried[total]} inputs tried, {rejected[total] + accepted[total]} handled ({rejected[total]} rejected "
          f"with a message naming the place, {accepted[total]} accepted), {crashed[total]} crashes"
          + (f", {unhandled[total]} not handled as expected" if unhandled[total] else ""))
    print(f"  ({no_place} of the rejected inputs have no place to name, such as an empty file or 100,000 nested "
          "[: their message names the file and the problem)")
    print(f"code payloads executed: {'YES, ' + SENTINEL + ' was created' if payload_ran else 'none'}")
    if failures and args.verbose:
        print()
        print("\n".join(failures))
    elif failures:
        print(f"({len(failures)} not handled; --verbose lists them)")
    return 1 if crashed[total] or unhandled[total] or payload_ran else 0


if __name__ == "__main__":
    raise SystemExit(main())
