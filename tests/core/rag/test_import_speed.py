"""Reading another tool's file at a few thousand rows gives exactly what it gave before the readers lost their
per-row overhead, and the readers do not go back to paying it (counted in calls, not seconds: the machine is
shared). bench/bench_interchange.py --ratios times each format against its plain reader."""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import random

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.support.counting import counted
from uncase_core.errors import InputError
from uncase_core.rag import ragas, ragas_files
from uncase_core.rag.cases import RagCase, Unit, case_to_dict
from uncase_core.rag.interchange import read_cases
from uncase_core.shared import jsonfiles

ROWS = 2_000
WORDS = ("refund", "card", "days", "store", "credit", "order", "parcel", "return", "receipt", "policy", "week",
         "reembolso", "tarjeta", "días", "tienda", "pedido", "devolución", "envío", "3.5", "24 h.", "Dr.", "e.g.",
         "No.", "p. ej.", "J.", "US$")
AWKWARD = ("it's", '"quoted"', "back\\slash", "tab\there")  # now and then, in the texts and contexts
SCORES = ("faithfulness", "context_precision", "context_recall", "factual_correctness(mode=f1)", "answer_relevancy")


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(AWKWARD if rng.random() < 0.01 else WORDS) for _ in range(rng.randint(3, 12))]
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
    "ragas parquet": "5168b07a204f98893a273fb30cf722a898f04fb5f723f17229d8003a9fb45bbf",
    "ragas jsonl": "aea1e1f9788dca1cedaab0fb0c9793609d71c3fdd0cc327b3182a161ade3707b",
    "ragas csv": "a430dce3b5838347feb6696471f0ef2907113ff35629e9d941c867d55f379b70",
    "deepeval json": "b122f4d4fbaecbdc2d7173932d6eea779a0bf0a35c899304058aa790d95af52c",
    "deepeval csv": "18c007763cc70b7c90c2920b5bd0c5458b069df64e18fb45789e99ea11248c82",
}


@pytest.fixture(scope="module")
def made() -> dict[str, tuple[str, bytes]]:
    return files()


@pytest.mark.parametrize("label", ["ragas parquet", "ragas jsonl", "ragas csv", "deepeval json", "deepeval csv"])
def test_a_file_reads_as_it_did_before(made, label):
    name, data = made[label]
    assert digest(data, name) == BEFORE[label]


@pytest.mark.parametrize("label", ["ragas parquet", "ragas jsonl", "ragas csv", "deepeval json", "deepeval csv"])
def test_each_row_becomes_its_case_once_without_the_dataclass_init(made, monkeypatch, label):
    """A row's case and units are made once, their fields filled directly: they were made, then copied twice with
    dataclasses.replace (scores and kept fields, then the file's name), each copy through the frozen __init__."""
    name, data = made[label]
    inits = [counted(monkeypatch, kind, "__init__") for kind in (RagCase, Unit)]
    assert len(read_cases(data, name).dataset.cases) == ROWS
    assert [calls[0] for calls in inits] == [0, 0]


@pytest.mark.parametrize("label", ["ragas parquet", "ragas jsonl", "ragas csv"])
def test_a_score_cell_that_reads_spells_out_no_place(made, monkeypatch, label):
    """Each of the 10,000 score cells spelled ``[12].faithfulness`` for an error that did not come; now only a
    refused cell has its place written out."""
    places = counted(monkeypatch, ragas_files, "_place")
    read_cases(*reversed(made[label]))
    assert places[0] == 0


def test_pandas_list_cells_are_read_without_compiling_them(made, monkeypatch):
    """RAGAS's contexts as pandas writes them (Python's list repr, its escapes too: line breaks, quotes, backslashes)
    no longer go through ast.literal_eval, one compile per row."""
    evals = counted(monkeypatch, ast, "literal_eval")
    name, data = made["ragas csv"]
    read_cases(data, name)
    cells = [row["retrieved_contexts"] for row in csv.DictReader(io.StringIO(data.decode("utf-8")))]
    assert sum("\\" in cell for cell in cells) > ROWS / 4  # escapes are common: contexts hold line breaks
    assert evals[0] == 0


def test_a_list_cell_in_another_spelling_still_reads_as_before(monkeypatch):
    evals = counted(monkeypatch, ast, "literal_eval")
    data = b"user_input,retrieved_contexts\nq,\"['a','b\\\\q']\"\nr,\"[ 'c' ]\"\n"
    cases = read_cases(data, "r.csv").dataset.cases
    assert [[unit.text for unit in case.passages] for case in cases] == [["a", "b\\q"], ["c"]]
    assert evals[0] == 2


@pytest.mark.parametrize(("cell", "message"), [
    ("1,5", "line 2: faithfulness: expected a score from 0 to 1, got 1.5"),
    ("1.234,5", "line 2: faithfulness: expected a finite number, got '1.234,5'"),
    ("-0.5", "line 2: faithfulness: expected a score from 0 to 1, got -0.5"),
    ("inf", "line 2: faithfulness: expected a finite number, got inf"),
    ("high", "line 2: faithfulness: expected a finite number, got 'high'"),
])
def test_a_bad_csv_score_is_still_refused_at_its_place(cell, message):
    data = f'user_input,retrieved_contexts,faithfulness\nq,"[\'a\']","{cell}"\n'.encode()
    with pytest.raises(InputError) as raised:
        read_cases(data, "r.csv")
    assert str(raised.value) == "r.csv: " + message


def test_a_plain_list_cell_reads_as_literal_eval_reads_it():
    """The plain-repr reading of a contexts cell against ast.literal_eval, on cells made to be awkward."""
    for texts in (["a", "it's"], ['say "hi"'], ["días", "  "], [], ["", "x"], ["a#b", "[c]", "d, e"], ["é ü"],
                  ["line\nbreak\r\n", "tab\t", "both ' and \"", "back\\slash", "\x00\x7f\xa0", "\U0001F600\u2028"]):
        cell = repr(texts)
        assert ragas._PLAIN_LIST.fullmatch(cell)
        assert ragas._contexts(cell, "") == [text for text in ast.literal_eval(cell) if text.strip()]


def test_a_json_file_is_parsed_once(made, monkeypatch):
    """Telling a JSON file's format parsed the whole of it, and reading it parsed it again; now the value that
    told the format is the one read."""
    name, data = made["deepeval json"]
    parses = counted(monkeypatch, jsonfiles, "_loads")
    read_cases(data, name)
    assert parses[0] == 1
