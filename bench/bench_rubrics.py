"""Time of the rubric lab on 16 candidates x 1,000 prompts x 12 items x 3 judges x 3 runs (~1.7M verdicts).

    .venv/bin/python bench/bench_rubrics.py [--seed 7] [--prompts 1000] [--bad 100]

Prints the generation time, the whole ``analyse()`` time (target under 10 s) and, as a check,
how many items were removed and how the planted bad items were recovered.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uncase_core.rubrics.generator import GeneratorSettings, filter_recovery, generate_verdicts
from uncase_core.rubrics.lab import analyse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--candidates", type=int, default=16)
    parser.add_argument("--prompts", type=int, default=1000)
    parser.add_argument("--items", type=int, default=12)
    parser.add_argument("--bad", type=int, default=100, help="planted bad items of each kind")
    args = parser.parse_args()
    settings = GeneratorSettings(seed=args.seed, candidates=args.candidates, prompts=args.prompts,
                                 items_per_prompt=args.items, judges=3, runs=3, trivial=args.bad,
                                 impossible=args.bad, misaligned=args.bad, unstable=args.bad)
    start = time.perf_counter()
    frame, truth = generate_verdicts(settings)
    generated = time.perf_counter()
    result = analyse(frame)
    analysed = time.perf_counter()
    print(f"verdicts: {len(frame):,} ({args.candidates} candidates x {args.prompts} prompts x {args.items} items "
          f"x 3 judges x 3 runs)")
    print(f"generation: {generated - start:.2f} s")
    print(f"analyse():  {analysed - generated:.2f} s (target < 10 s)")
    print(f"removed entries: {len(result.removed)}; items kept: {result.kept_items} of {result.items}; "
          f"ties: {result.ties}")
    for name, figures in filter_recovery(result, truth).items():
        print(f"  {name:<10} {figures}")


if __name__ == "__main__":
    main()
