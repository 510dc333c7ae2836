"""Every reader a page calls counts a file's records against its ReadLimit before it builds them
(uncase_core/shared/limits.py): a file of one record more than the limit is refused with the exact count, a file at
the limit is read, and a small file of very many tiny rows costs what its bytes cost, not what its rows would.

A 12 KB Parquet file of 975,000 rows took a server to 4.2 GB while its rows became cases, before the page's limit of
2,000 was checked; a 2 KB one of 150,000 rows added 624 MB."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.datasets.workbench import dataset_from_file
from uncase_core.errors import InputError
from uncase_core.judge.imports import read_ragas_scores_bytes
from uncase_core.rag.cases import dataset_from_bytes
from uncase_core.rag.files import read_rag_file
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.parquet import parquet_rows
from uncase_core.rubrics.generator import generate_verdicts
from uncase_core.rubrics.holistic import read_holistic
from uncase_core.rubrics.lab import read_verdicts, verdicts_to_csv
from uncase_core.shared.jsonfiles import count_lines, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.summaries.cases import cases_from_bytes

ROOT = Path(__file__).resolve().parents[3]
INTERCHANGE = ROOT / "tests" / "data" / "interchange"
ASSETS = ROOT / "assets"
MB = 1024 * 1024


def _jsonl(paths: list[Path]) -> bytes:
    return b"".join(json.dumps(json.loads(path.read_bytes())).encode() + b"\n" for path in paths)


def _verdicts_csv() -> bytes:
    frame, _ = generate_verdicts()
    return verdicts_to_csv(frame.head(7)).encode()


def _holistic_csv() -> bytes:
    return b"candidate,judge,score\nA,J1,3\nB,J1,4\nC,J1,2\nA,J2,5\n"


Reader = Callable[[bytes, str, ReadLimit], Any]
# (what is read, the file's name, its bytes, the reader as a page calls it, how many records a result holds)
PROMPTFOO_VARS = {"question": "query", "context": "context", "reference": "expected"}  # the fixtures' vars
_CASES = [(f"read_cases {path.name}", path.name, path.read_bytes(),
           lambda data, name, limit: read_cases(data, name, variables=PROMPTFOO_VARS if "promptfoo" in name else None,
                                                limit=limit),
           lambda found: len(found.dataset.cases))
          for path in sorted(INTERCHANGE.glob("*.*")) if path.suffix in (".json", ".jsonl", ".csv", ".parquet")]
_OWN = [
    ("read_rag_file cases", "multiple_failures.json", _jsonl(sorted((ASSETS / "rag" / "en").glob("*.json"))),
     lambda data, name, limit: read_rag_file(data, name, limit=limit), lambda found: len(found.dataset.cases)),
    ("read_rag_file RAGAS CSV", "ragas.csv", (INTERCHANGE / "ragas_results_en.csv").read_bytes(),
     lambda data, name, limit: read_rag_file(data, name, limit=limit), lambda found: len(found.dataset.cases)),
    ("dataset_from_bytes", "system_a.json", (ASSETS / "compare" / "en" / "system_a.json").read_bytes(),
     dataset_from_bytes, lambda found: len(found.cases)),
    ("dataset_from_file", "workbench.json", (ASSETS / "datasets" / "workbench_en.json").read_bytes(),
     dataset_from_file, lambda found: len(found.cases)),
    ("conversations_from_bytes", "all.jsonl", _jsonl(sorted((ASSETS / "conversations" / "en").glob("*.json"))),
     conversations_from_bytes, len),
    ("cases_from_bytes", "all.jsonl", _jsonl(sorted((ASSETS / "summaries" / "en").glob("*.json"))),
     cases_from_bytes, len),
    ("read_verdicts", "verdicts.csv", _verdicts_csv(), read_verdicts, len),
    ("read_holistic", "holistic.csv", _holistic_csv(), read_holistic, len),
    ("read_ragas_scores_bytes", "scores.jsonl", (INTERCHANGE / "ragas_results_en.jsonl").read_bytes(),
     lambda data, name, limit: read_ragas_scores_bytes(data, name, limit=limit), lambda found: len(found.case_ids)),
    ("read_ragas_scores_bytes CSV", "scores.csv", (INTERCHANGE / "ragas_results_en.csv").read_bytes(),
     lambda data, name, limit: read_ragas_scores_bytes(data, name, limit=limit), lambda found: len(found.case_ids)),
]
READERS = _CASES + _OWN


def test_every_kind_of_file_a_page_takes_is_here():
    """The fixtures written by the real tools cover every format and kind of file they come in."""
    kinds = {(path.suffix, path.name.split("_")[0]) for path in INTERCHANGE.glob("*.*")}
    assert {(".json", "promptfoo"), (".json", "label"), (".parquet", "ragas"), (".parquet", "hf"), (".csv", "ragas"),
            (".jsonl", "ragas"), (".csv", "deepeval"), (".jsonl", "deepeval"), (".json", "deepeval")} <= kinds


@pytest.mark.parametrize(("what", "name", "data", "read", "count"), READERS, ids=[case[0] for case in READERS])
def test_a_reader_reads_up_to_its_limit_and_refuses_one_record_more(what: str, name: str, data: bytes, read: Reader,
                                                                   count: Callable[[Any], int]):
    records = count(read(data, name, UNLIMITED))
    assert records >= 1, what
    assert count(read(data, name, ReadLimit(rows=records))) == records  # at the limit: read
    with pytest.raises(InputError) as refused:
        read(data, name, ReadLimit(rows=records - 1))
    assert refused.value.code == "too_many_rows", (what, refused.value)
    assert refused.value.params == {"count": records, "limit": records - 1}
    assert f"holds {records:,} records; at most {records - 1:,}" in str(refused.value)


# ---------------------------------------------------------------- many tiny rows cost their bytes, not their rows


def _tiny_parquet(rows: int) -> bytes:
    out = io.BytesIO()
    pq.write_table(pa.table({"user_input": ["q"] * rows, "response": ["a"] * rows}), out, compression="zstd")
    return out.getvalue()


def _peak_bytes(read: Callable[[], Any]) -> tuple[int, InputError]:
    """The highest memory Python allocated while ``read`` ran (it must refuse), and its refusal."""
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as refused:
            read()
        return tracemalloc.get_traced_memory()[1], refused.value
    finally:
        tracemalloc.stop()


def test_a_tiny_parquet_file_of_very_many_rows_is_refused_from_its_footer():
    data = _tiny_parquet(975_000)
    assert len(data) < 16 * 1024
    peak, refused = _peak_bytes(lambda: read_cases(data, "many.parquet", limit=ReadLimit(rows=2_000)))
    assert refused.code == "too_many_rows" and refused.params["count"] == 975_000
    # Before, every row became a case (4.2 GB in the server); refused from the footer, nothing is decoded.
    assert peak < 1 * MB, f"{peak / MB:.1f} MB"


def test_a_parquet_footer_that_understates_its_rows_is_caught_by_the_batches_read():
    """The footer is the file maker's word: the rows are counted again, batch by batch, as they are read."""
    data = _tiny_parquet(3_000)
    real = pq.ParquetFile(io.BytesIO(data)).metadata.num_rows
    assert real == 3_000
    # parquet_rows reads the footer's count first; with a limit above it, the batches still count the rows.
    with pytest.raises(InputError) as refused:
        parquet_rows(data, ReadLimit(rows=2_999))
    assert refused.value.params["count"] == 3_000
    assert len(parquet_rows(data, ReadLimit(rows=3_000)).rows) == 3_000


@pytest.mark.parametrize("kind", ["jsonl", "csv", "json"])
def test_two_megabytes_of_tiny_rows_cost_about_their_bytes(kind: str):
    """The RAG page's largest file (2 MB) of the smallest RAGAS rows: refused before any becomes a case."""
    row = {"jsonl": b'{"user_input":"q"}\n', "csv": b"q\n", "json": b'{"user_input":"q"},'}[kind]
    body = row * (2 * MB // len(row))
    data = {"jsonl": body, "csv": b"user_input\n" + body, "json": b"[" + body[:-1] + b"]"}[kind]
    rows = len(body) // len(row)
    peak, refused = _peak_bytes(lambda: read_cases(data, f"rows.{kind}", limit=ReadLimit(rows=2_000)))
    assert refused.code == "too_many_rows" and refused.params["count"] == rows
    # The text (and the csv module's reading buffer, four bytes a character) and, for one JSON document, its parse
    # (bounded by the file's size) are all there is: before, each of the 100,000 rows became a case (hundreds of MB).
    bound = {"jsonl": 3, "csv": 6, "json": 16}[kind]
    assert peak < bound * len(data), f"{kind}: {peak / MB:.1f} MB for a {len(data) / MB:.1f} MB file"


def test_json_lines_are_counted_before_any_but_the_first_is_parsed():
    text = '{"a": 1}\n' + "not json at all\n" * 5
    with pytest.raises(InputError) as refused:
        parse_document(text, limit=ReadLimit(rows=3))
    assert refused.value.code == "too_many_rows"  # counted before line 2 was parsed
    with pytest.raises(InputError) as invalid:
        parse_document("not json\n" * 5, limit=ReadLimit(rows=3))
    assert invalid.value.code == "invalid_json"  # a file that is not JSON Lines at all is said to be invalid


@given(st.lists(st.sampled_from(["", " ", "\t", "\r", "{}", " []", "1", "\u2028", "\x0b"]), max_size=30))
def test_counting_lines_agrees_with_splitting_them(lines: list[str]):
    text = "\n".join(lines)
    assert count_lines(text) == sum(1 for line in text.split("\n") if line.strip())
