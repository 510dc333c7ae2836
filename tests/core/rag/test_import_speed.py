"""Reading another tool's file at a few thousand rows gives exactly what it gave before the readers lost their
per-row overhead, and the readers do not go back to paying it (counted in calls, not seconds: the machine is
shared). bench/bench_interchange.py --ratios times each format against its plain reader."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from uncase_core.rag.cases import case_to_dict
from uncase_core.rag.interchange import read_cases

ROWS = 2_000
WORDS = ("refund", "card", "days", "store", "credit", "order", "parcel", "return", "receipt", "policy", "week",
         "reembolso", "tarjeta", "días", "tienda", "pedido", "devolución", "envío", "3.5", "24 h.", "Dr.", "e.g.",
         "No.", "p. ej.", "J.", "US$", "it's", '"quoted"', "back\\slash")
SCORES = ("faithfulness", "context_precision", "context_recall", "factual_correctness(mode=f1)", "answer_relevancy")


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 12))]
    end = rng.choice((".", ".", ".", "?", "!", "…", ".\n", ".\n\n- "))
    return " ".join(words).capitalize() + end


def _text(rng: random.Random, sentences: int) -> str:
    return " ".join(_sentence(rng) for _ in range(sentences)).strip()


def _rows(rows: int, seed: int) -> list[dict]:
    """Seeded RAGAS rows with what the readers must keep exactly: abbreviations, decimals, line breaks and list
    markers in the texts, quotes and backslashes in the contexts, empty and blank contexts, NaN and empty scores."""
    rng = random.Random(seed)
    out = []
    for index in range(rows):
        contexts = [_text(rng, rng.randint(1, 3)) for _ in range(rng.randint(0, 5))]
        if rng.random() < 0.05:
            contexts.append(rng.choice(("", "   ", "it's \"both\" quotes", "tab\there", "ünïcödé 'one'")))
        row = {"user_input": f"Question {index}: " + _text(rng, 1), "retrieved_contexts": contexts,
               "response": _text(rng, rng.randint(0, 4)), "reference": _text(rng, rng.randint(0, 3))}
        for name in SCORES:
            draw = rng.random()
            row[name] = float("nan") if draw < 0.05 else None if draw < 0.08 else round(rng.random(), 3)
        row["run"] = rng.choice(("ci-1", "ci-2", "nightly"))
        out.append(row)
    return out


def _goldens(rows: list[dict]) -> list[dict]:
    rng = random.Random(7)
    goldens = []
    for index, row in enumerate(rows):
        contexts = [context.replace("|", "/") for context in row["retrieved_contexts"] if context]
        if contexts and rng.random() < 0.1:
            contexts[0] = f"deepeval_source=doc-{index},deepeval_context={contexts[0]}"
        goldens.append({"input": row["user_input"], "actual_output": row["response"] or None,
                        "expected_output": row["reference"] or None,
                        "retrieval_context": contexts if rng.random() < 0.9 else None,
                        "context": contexts[:1] or None, "name": f"golden-{index}", "comments": None,
                        "source_file": None, "tools_called": None, "expected_tools": None, "token_cost": None,
                        "input_token_count": None, "output_token_count": None,
                        "additional_metadata": {"run": row["run"], "n": index} if index % 3 else None,
                        "custom_column_key_values": None})
    return goldens


def _csv(records: list[dict], cell) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(list(records[0]))
    writer.writerows([cell(value) for value in record.values()] for record in records)
    return out.getvalue().encode("utf-8")


def _ragas_cell(value: object) -> str:
    """As pandas' to_csv writes RAGAS results: lists as Python's repr, NaN and None empty."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return repr(value) if isinstance(value, list | float) else str(value)


def _deepeval_cell(value: object) -> str:
    """As DeepEval's save_as writes a CSV: lists of texts joined with "|", objects as JSON."""
    if value is None:
        return ""
    if isinstance(value, list):
        return "|".join(value)
    return json.dumps(value) if isinstance(value, dict) else str(value)


def files(rows: int = ROWS, seed: int = 50) -> dict[str, tuple[str, bytes]]:
    records = _rows(rows, seed)
    goldens = _goldens(records)
    parquet = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(records), parquet)
    return {
        "ragas parquet": ("results.parquet", parquet.getvalue()),
        "ragas jsonl": ("results.jsonl", "".join(json.dumps(row, ensure_ascii=False) + "\n"
                                                 for row in records).encode("utf-8")),
        "ragas csv": ("results.csv", _csv(records, _ragas_cell)),
        "deepeval json": ("goldens.json", json.dumps(goldens, ensure_ascii=False, indent=4).encode("utf-8")),
        "deepeval csv": ("goldens.csv", _csv(goldens, _deepeval_cell)),
    }


def digest(data: bytes, name: str) -> str:
    """Every case in full (texts, units, labels, scores, kept fields, source file) and the notes, hashed."""
    found = read_cases(data, name)
    whole = {"cases": [case_to_dict(case) for case in found.dataset.cases], "notes": found.notes_to_dicts(),
             "format": found.format, "layout": found.layout, "delimiter": found.delimiter}
    return hashlib.sha256(json.dumps(whole, sort_keys=True, ensure_ascii=False, allow_nan=True).encode()).hexdigest()


# What the readers gave for these files before they lost their per-row overhead (uncase_core at 624c2cf).
BEFORE = {
    "ragas parquet": "f083872f198ae10a850c08e85c815182eb7305df357e0e17a8f36cf08d3a1c9a",
    "ragas jsonl": "8ec83a06b4fd30b03c291073e30e8fe625119aa2c9429b5aa4dd714b1acefceb",
    "ragas csv": "2d891c7ec0d900ee097640c79e787b7ffa9c5ff4397e17fcdcb771b6d7bf3fa2",
    "deepeval json": "66b90219aaa13a3e7eaea5e12d22f9e508b9b384bc1d2488f5d3b582eeade592",
    "deepeval csv": "a46242b4b766dfd9a8d4909da0fc0f7fd5d268466f5a35749b0a916757fadf2a",
}


@pytest.fixture(scope="module")
def made() -> dict[str, tuple[str, bytes]]:
    return files()


@pytest.mark.parametrize("label", ["ragas parquet", "ragas jsonl", "ragas csv", "deepeval json", "deepeval csv"])
def test_a_file_reads_as_it_did_before(made, label):
    name, data = made[label]
    assert digest(data, name) == BEFORE[label]
