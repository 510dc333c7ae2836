"""Reading a large RAGAS results file as cases (issue 23: 50,000 Parquet rows in seconds), beside its floor; and
every format read as cases against its plain reader (``--ratios``).

    .venv/bin/python bench/bench_interchange.py [--rows 50000] [--repeats 3]
    .venv/bin/python bench/bench_interchange.py --ratios [--rows 10000] [--rounds 4] [--root DIR]

Builds a seeded RAGAS results table (``user_input``, three to five ``retrieved_contexts``, a three-sentence
``response``, a two-sentence ``reference``, four score columns with some NaN, a run id) as pandas writes it
(``to_parquet``), then times :func:`uncase_core.rag.interchange.read_cases` on its bytes (rows become cases:
sentence splitting, units, judge scores, kept columns), and beside it the floor: pyarrow's plain read of the
same bytes to Python rows (``pq.read_table(...).to_pylist()``). Also times writing the cases back as RAGAS JSON
Lines and the JSON Lines of cases ``import-cases`` prints.

``--ratios`` writes the same rows as RAGAS JSON Lines and CSV (as pandas' ``to_csv`` writes RAGAS results: the
contexts as Python's list repr) and as DeepEval goldens in JSON and CSV (as ``save_as`` writes them: the contexts
joined with ``|``), and times, in turn, ``read_cases`` on each file and its plain reader on the same bytes
(Parquet: ``pq.read_table(...).to_pylist()``; JSON Lines: ``json.loads`` per line; JSON: ``json.loads``; CSV:
``pandas.read_csv``), A B A B for ``--rounds`` rounds, printing each format's median ratio and the load average
(the machine may be shared). ``--root`` reads with another copy of the project (a worktree of an older commit).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if "--root" in sys.argv:  # the project copy to measure: its uncase_core is imported, not this one's
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--root") + 1]).resolve()))

from bench.timing import times  # noqa: E402
from uncase_core.rag.cases import dataset_to_text  # noqa: E402
from uncase_core.rag.interchange import read_cases  # noqa: E402
from uncase_core.rag.ragas_files import export_ragas  # noqa: E402

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


SCORES = ("faithfulness", "context_precision", "context_recall", "factual_correctness(mode=f1)")


def format_files(rows: int) -> dict[str, tuple[str, bytes]]:
    """The same seeded rows as each format's file: label -> (file name, bytes)."""
    import pandas as pd

    table = ragas_table(rows)
    frame = table.to_pandas()
    records = table.to_pylist()
    files: dict[str, tuple[str, bytes]] = {}
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    files["RAGAS Parquet"] = ("results.parquet", buffer.getvalue())
    # As json.dumps writes a score RAGAS could not determine: a bare NaN.
    files["RAGAS JSONL"] = ("results.jsonl", "".join(json.dumps(record, ensure_ascii=False) + "\n"
                                                     for record in records).encode("utf-8"))
    # From Python rows, as RAGAS's to_pandas() makes its frame: a list column of Arrow's to_pandas() holds numpy
    # arrays, which to_csv writes without commas.
    files["RAGAS CSV"] = ("results.csv", pd.DataFrame(records).to_csv(index=False).encode("utf-8"))
    goldens = [{"input": record["user_input"], "actual_output": record["response"],
                "expected_output": record["reference"], "retrieval_context": record["retrieved_contexts"],
                "context": None, "name": f"golden-{index}", "comments": None, "source_file": None,
                "tools_called": None, "expected_tools": None, "token_cost": None, "input_token_count": None,
                "output_token_count": None, "additional_metadata": {"run": record["run"]},
                "custom_column_key_values": None} for index, record in enumerate(records)]
    files["DeepEval JSON"] = ("goldens.json", json.dumps(goldens, ensure_ascii=False, indent=4).encode("utf-8"))
    rows_csv = [{**golden, "retrieval_context": "|".join(golden["retrieval_context"]),
                 "additional_metadata": json.dumps(golden["additional_metadata"])} for golden in goldens]
    files["DeepEval CSV"] = ("goldens.csv", pd.DataFrame(rows_csv).to_csv(index=False).encode("utf-8"))
    return files


def plain_reader(label: str) -> Callable[[bytes], object]:
    import pandas as pd

    if label.endswith("Parquet"):
        return lambda data: pq.read_table(pa.BufferReader(data)).to_pylist()
    if label.endswith("JSONL"):
        return lambda data: [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
    if label.endswith("JSON"):
        return lambda data: json.loads(data.decode("utf-8"))
    return lambda data: pd.read_csv(io.BytesIO(data))


def ratios(rows: int, rounds: int) -> None:
    files = format_files(rows)
    print(f"{rows:,} rows per file; load average at the start {os.getloadavg()[0]:.1f}; "
          f"uncase_core from {Path(sys.modules['uncase_core'].__file__).parent.parent}")
    for label, (name, data) in files.items():
        floor = plain_reader(label)
        assert len(read_cases(data, name).dataset.cases) == rows  # and a first, untimed call of each
        floor(data)
        ours, plain, each, cpu = [], [], [], []
        for _ in range(rounds):
            start, start_cpu = time.perf_counter(), time.process_time()
            read_cases(data, name)
            ours.append(time.perf_counter() - start)
            ours_cpu = time.process_time() - start_cpu
            start, start_cpu = time.perf_counter(), time.process_time()
            floor(data)
            plain.append(time.perf_counter() - start)
            cpu.append(ours_cpu / (time.process_time() - start_cpu))
            each.append(ours[-1] / plain[-1])
        print(f"{label:14} {len(data) / 1e6:5.1f} MB: read_cases {statistics.median(ours):6.3f} s, plain reader "
              f"{statistics.median(plain):6.3f} s: {statistics.median(each):5.1f}x (rounds "
              f"{min(each):.1f}-{max(each):.1f}x); processor time {statistics.median(cpu):5.1f}x; "
              f"load {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=None, help="default 50,000; 10,000 with --ratios")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ratios", action="store_true", help="every format against its plain reader, A B A B")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--root", type=Path, help="the project copy whose uncase_core to measure")
    args = parser.parse_args()
    if args.ratios:
        ratios(args.rows or 10_000, args.rounds)
        return
    args.rows = args.rows or 50_000
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
