"""Reading a RAG dataset: what the issue-16 checks (non-finite numbers, another module's format) cost.

    .venv/bin/python bench/bench_reading.py [--root DIR] [--megabytes 2] [--runs 15]

Builds a JSONL dataset of about ``--megabytes`` MB from the workbench's cases (each with a float
in its metadata, so the parser's float hook runs once per case) and prints the fastest and the
median time of ``rag_cases.dataset_from_text`` over ``--runs`` reads. ``--root`` measures another
copy of the project (for example ``git archive`` of an older commit unpacked somewhere).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project copy to measure (default: this one)")
    parser.add_argument("--megabytes", type=float, default=2.0, help="size of the dataset (default 2, the page's cap)")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from uncase_core.rag.cases import dataset_from_text

    cases = json.loads((ROOT / "assets/datasets/workbench_en.json").read_text(encoding="utf-8"))["cases"]
    records: list[str] = []
    size = 0
    while size < args.megabytes * 1_000_000:
        case = dict(cases[len(records) % len(cases)])
        case["id"] = f"case-{len(records)}"
        case["metadata"] = {**case.get("metadata", {}), "score": 0.5 + len(records) * 1e-9}
        records.append(json.dumps(case, ensure_ascii=False))
        size += len(records[-1]) + 1
    text = "\n".join(records) + "\n"
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        dataset_from_text(text, "dataset.jsonl")
        times.append(time.perf_counter() - start)
    print(f"{args.root.resolve()}: {len(text) / 1e6:.1f} MB, {len(records):,} cases read in "
          f"{min(times) * 1000:.0f} ms (fastest of {args.runs}), median {statistics.median(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
