"""Parquet files whose content is far larger than the file (issue 35, finding 3): refused from what their pages
declare, before the content is held, with the limit and the sizes in the reader's language; ordinary files read as
before."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pages.apptest_helpers import ROOT
from ui.frame.input_errors import error_text
from uncase_core.errors import InputError
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.parquet import MAX_DECODED_MB, parquet_rows
from uncase_core.rag.parquet_pages import Chunk, PageHeaderError, page_sizes

BOMBS = Path(__file__).resolve().parents[2] / "tests" / "data" / "bombs"
REAL = Path(__file__).resolve().parents[2] / "tests" / "data" / "interchange" / "ragas_results_en.parquet"
GROWTH_MB = 300  # the bar for the process, whatever the file claims


def refusal(name: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read_cases((BOMBS / name).read_bytes(), name)
    return caught.value


@pytest.mark.parametrize(("name", "code", "size"), [
    ("plain_6x50mb.parquet", "parquet_too_large", 300.0),
    ("dictionary_1000x1mb.parquet", "parquet_too_large", None),
    ("delta_prefix.parquet", "parquet_encoding", None),
])
def test_a_small_file_with_a_huge_content_is_refused_saying_the_limit(name: str, code: str, size: float | None):
    error = refusal(name)
    assert error.code == code and name in str(error)
    if code == "parquet_too_large":
        assert error.params["limit"] == MAX_DECODED_MB and error.params["size"] > MAX_DECODED_MB
        assert size is None or error.params["size"] == size
        spanish = error_text(error, "es")
        assert f"como mucho {MAX_DECODED_MB} MB" in spanish and "descomprimirlo" in spanish
        assert f"at most {MAX_DECODED_MB} MB" in error_text(error, "en")
    else:
        assert r"DELTA\_BYTE\_ARRAY" in error_text(error, "es") and "codificación" in error_text(error, "es")


# The command line reads every row a file holds (a page reads at most its live limit): the many-rows file is a page's
# bomb, not the command line's.
DECOMPRESSION_BOMBS = sorted(p.name for p in BOMBS.glob("*.parquet") if not p.name.startswith("rows_"))


@pytest.mark.parametrize("name", DECOMPRESSION_BOMBS)
def test_the_command_line_refuses_each_bomb_without_growing(name: str, tmp_path: Path):
    """``import-cases`` in a process of its own: refused, and its peak memory grows by well under 300 MB."""
    script = (
        "import resource, sys\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "from uncase_core.cli.main import run\n"
        "import pyarrow.parquet\n"
        "start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "code = run(['import-cases', sys.argv[1]])\n"
        "grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start) / 1024\n"
        "print(f'{code} {grown:.0f}')\n")
    done = subprocess.run([sys.executable, "-c", script, str(BOMBS / name)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    code, grown = done.stdout.split()[-2:]
    assert code == "2", done.stderr
    assert float(grown) < GROWTH_MB / 3, f"{name}: the process grew by {grown} MB"
    assert "at most" in done.stderr or "encoding" in done.stderr


def test_an_ordinary_file_still_reads_and_its_pages_match_its_footer():
    data = REAL.read_bytes()
    rows = parquet_rows(data)
    assert rows.rows and rows.columns[0] == pq.read_table(REAL).column_names[0]
    assert [row for _, row in rows.rows] == pq.read_table(REAL).to_pylist()
    metadata = pq.ParquetFile(REAL).metadata
    chunks = []
    footer = 0
    for group in range(metadata.num_row_groups):
        for index in range(metadata.num_columns):
            column = metadata.row_group(group).column(index)
            first = column.dictionary_page_offset if column.has_dictionary_page else column.data_page_offset
            chunks.append(Chunk(column.path_in_schema, first, column.total_compressed_size))
            footer += column.total_uncompressed_size
    sizes = page_sizes(data, chunks)
    # An honest writer's footer counts each page's header beside its body: the bodies alone are a little less.
    assert 0 < sizes.decompressed_bytes <= footer < sizes.decompressed_bytes + 200 * len(chunks)


def test_dictionary_columns_and_categories_come_back_as_their_values():
    table = pa.table({"user_input": pa.array(["a", "b", "a", None]).dictionary_encode(),
                      "retrieved_contexts": [["x", "y"], ["x"], [], None], "score": [0.5, float("nan"), 1.0, None]})
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    found = parquet_rows(buffer.getvalue())
    assert [row["user_input"] for _, row in found.rows] == ["a", "b", "a", None]
    assert [row["retrieved_contexts"] for _, row in found.rows] == [["x", "y"], ["x"], [], None]
    assert [row["score"] for _, row in found.rows] == [0.5, None, 1.0, None] and found.nan_counts == {"score": 1}


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=0, max_size=200), st.integers(0, 220), st.integers(0, 220))
def test_the_page_walk_reads_any_bytes_without_looping_or_raising_anything_else(junk: bytes, start: int, length: int):
    data = b"PAR1" + junk + b"PAR1"
    try:
        sizes = page_sizes(data, [Chunk("c", start, length)])
    except PageHeaderError:
        return
    assert sizes.decompressed_bytes >= 0 and sizes.values >= 0


def test_a_damaged_page_header_is_an_unreadable_file_not_a_crash():
    data = bytearray((BOMBS / "plain_6x50mb.parquet").read_bytes())
    data[4:40] = b"\xff" * 36  # the first page's header
    with pytest.raises(InputError) as caught:
        parquet_rows(bytes(data))
    assert caught.value.code == "parquet_unreadable"
