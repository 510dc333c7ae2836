"""Reading a large RAGAS results file as cases (issue 23: 50,000 Parquet rows in seconds), beside its floor.

    .venv/bin/python bench/bench_interchange.py [--rows 50000] [--repeats 3]

Builds a seeded RAGAS results table (``user_input``, three to five ``retrieved_contexts``, a three-sentence
``response``, a two-sentence ``reference``, four score columns with some NaN, a run id) as pandas writes it
(``to_parquet``), then times :func:`uncase_core.rag.interchange.read_cases` on its bytes (rows become cases:
sentence splitting, units, judge scores, kept columns), and beside it the floor: pyarrow's plain read of the
same bytes to Python rows (``pq.read_table(...).to_pylist()``). Also times writing the cases back as RAGAS JSON
Lines and the JSON Lines of cases ``import-cases`` prints.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import times
from uncase_core.rag.cases import dataset_to_text
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.ragas_files import export_ragas

WORDS = ("refund", "card", "days", "store", "credit", "order", "parcel", "return", "receipt", "policy", "week",
         "reembolso", "tarjeta", "días", "tienda", "pedido", "devolución", "envío")


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
    return " ".join(words).capitalize() + "."


def ragas_table(rows: int, seed: int = 23) -> pa.Table:
    rng = random.Random(seed)

    def score() -> float:
        return float("nan") if rng.random() < 0.03 else round(rng.random(), 3)

    columns: dict[str, list] = {name: [] for name in ("user_input", "retrieved_contexts", "response", "reference",
                                                      "faithfulness", "context_precision", "context_recall",
                                                      "factual_correctness(mode=f1)", "run")}
    for index in range(rows):
        columns["user_input"].append(f"Question {index}: " + _sentence(rng)[:-1] + "?")
        columns["retrieved_contexts"].append([" ".join(_sentence(rng) for _ in range(2))
                                              for _ in range(rng.randint(3, 5))])
        columns["response"].append(" ".join(_sentence(rng) for _ in range(3)))
        columns["reference"].append(" ".join(_sentence(rng) for _ in range(2)))
        for name in ("faithfulness", "context_precision", "context_recall", "factual_correctness(mode=f1)"):
            columns[name].append(score())
        columns["run"].append("ci-1234")
    return pa.table(columns)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    frame = ragas_table(args.rows).to_pandas()
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)  # as a RAGAS user saves result.to_pandas()
    data = buffer.getvalue()
    floor = times(lambda: pq.read_table(pa.BufferReader(data)).to_pylist(), args.repeats)
    imported = read_cases(data, "results.parquet")
    assert len(imported.dataset.cases) == args.rows
    read = times(lambda: read_cases(data, "results.parquet"), args.repeats)
    cpu = []
    for _ in range(args.repeats):  # processor time too: the machine may be shared
        start = time.process_time()
        read_cases(data, "results.parquet")
        cpu.append(time.process_time() - start)
    write = times(lambda: export_ragas(imported.dataset), args.repeats)
    lines = times(lambda: dataset_to_text(imported.dataset), args.repeats)
    print(f"RAGAS Parquet: {args.rows:,} rows, {len(data) / 1e6:.1f} MB; medians of {args.repeats} runs")
    print(f"read_cases (rows -> cases, judge scores, kept columns): {statistics.median(read):.2f} s "
          f"(min {min(read):.2f}), processor time {statistics.median(cpu):.2f} s; target: seconds")
    print(f"floor, pyarrow's read_table(...).to_pylist(): {statistics.median(floor):.2f} s")
    print(f"write back as RAGAS JSONL with the hand-label columns: {statistics.median(write):.2f} s")
    print(f"the cases as JSON Lines (what import-cases prints): {statistics.median(lines):.2f} s")


if __name__ == "__main__":
    main()
