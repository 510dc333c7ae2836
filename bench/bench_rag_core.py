"""Core time to evaluate and diagnose a 1,000-case RAG dataset (median of repeated runs).

    .venv/bin/python bench/bench_rag_core.py [--cases 1000] [--repeats 15]

Prints the median and spread of: evaluate + diagnose + composite for every case and the
pooled result; and, apart, reading the same dataset from JSONL text.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.synthetic_rag import synthetic_dataset
from bench.timing import times
from uncase_core.rag.cases import dataset_from_text, dataset_to_text
from uncase_core.rag.evaluation import Settings, evaluate_dataset


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    dataset = synthetic_dataset(args.cases)
    settings = Settings.build()
    text = dataset_to_text(dataset)
    evaluate = times(lambda: evaluate_dataset(dataset.cases, settings), args.repeats)
    load = times(lambda: dataset_from_text(text), args.repeats)
    print(f"cases: {args.cases}, repeats: {args.repeats}")
    print(f"evaluate + diagnose + composite: median {statistics.median(evaluate) * 1000:.1f} ms "
          f"(min {min(evaluate) * 1000:.1f}, max {max(evaluate) * 1000:.1f}); target < 500 ms")
    print(f"read JSONL ({len(text) / 1e6:.2f} MB): median {statistics.median(load) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
