"""Reading rows from a Parquet file held in memory, with pyarrow (which Streamlit already installs).

RAGAS results saved with pandas (``result.to_pandas().to_parquet(...)``) and Hugging Face datasets saved with
``Dataset.to_parquet`` are Parquet files of one row per sample. :func:`parquet_rows` gives their rows as plain
Python values (text, numbers, lists, objects), the way a JSON Lines file gives them, so the same readers take
both. Columns whose type a case file cannot hold (dates and times, binary data, decimals...) are refused by name
before any row is read; NaN in a number column (how pandas and RAGAS write "no value") becomes empty (None) and
is counted per column; an infinite number is refused with its row and column (``[12].faithfulness``).

A file is refused, with the limit and its size, before its content is held when that content would pass
``MAX_DECODED_MB`` once decompressed, whatever its footer claims (``parquet_pages.py`` reads what the pages
themselves declare; :func:`parquet_rows` says how).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pyarrow.types as pat

from uncase_core.errors import input_error
from uncase_core.rag.parquet_pages import PARQUET_MAGIC as PARQUET_MAGIC  # kept here for its older importers
from uncase_core.rag.parquet_pages import Chunk, PageHeaderError, page_sizes
from uncase_core.rag.parquet_pages import is_parquet as is_parquet  # kept here for its older importers
from uncase_core.shared.jsonfiles import reject_non_finite
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "parquet_unreadable": "not a readable Parquet file ({detail})",
    "parquet_column_type": 'the column "{column}" holds {type}, which a case file cannot keep; convert it to text '
                           "or leave it out",
    "parquet_infinite": "an infinite number ({value}) cannot be kept; write a finite number or leave the cell empty",
    "parquet_too_large": "the file's content would take at least {size} MB once decompressed (the file itself is "
                         "{file:,} KB); the playground reads at most {limit} MB: split the file, or keep fewer columns",
    "parquet_too_many_values": "the file holds {count:,} values; the playground reads at most {limit:,}: "
                               "split the file",
    "parquet_encoding": "the file uses the {encoding} encoding, whose values may outgrow the file without bound; "
                        "write it with pyarrow's or pandas' default encodings",
})
MB = 1024 * 1024
# Decoded content a Parquet file may hold: its text and numbers as read, before they become Python values. The
# 50,000-row RAGAS file of bench/bench_interchange.py holds 52 MB (a 16 MB file); the upload limit is 5 MB of file.
MAX_DECODED_MB = 96
MAX_DECODED_BYTES = MAX_DECODED_MB * MB
MAX_VALUES = 4_000_000  # values the data pages declare (that 50,000-row file: about 700,000)
# Rows per batch. Text comes as dictionaries, whose size is the pages' (bounded above) whatever the batch; with
# smaller batches Arrow builds each batch's dictionary anew (2,048 rows: 1.7 s for that 50,000-row file, 0.1 s here).
BATCH_ROWS = 65_536
# Encodings whose decoded values take at most their page's bytes, or a fixed width per declared value.
SAFE_ENCODINGS = frozenset({"PLAIN", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED", "DELTA_BINARY_PACKED",
                            "DELTA_LENGTH_BYTE_ARRAY", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"})


def _keepable(kind: pa.DataType) -> bool:
    """Whether values of this Arrow type come out as JSON values (text, numbers, booleans, lists, objects)."""
    if pat.is_string(kind) or pat.is_large_string(kind) or pat.is_integer(kind) or pat.is_floating(kind) \
            or pat.is_boolean(kind) or pat.is_null(kind):
        return True
    if pat.is_list(kind) or pat.is_large_list(kind) or pat.is_fixed_size_list(kind):
        return _keepable(kind.value_type)
    if pat.is_struct(kind):
        return all(_keepable(kind.field(i).type) for i in range(kind.num_fields))
    if pat.is_dictionary(kind):  # pandas' categories
        return _keepable(kind.value_type)
    return False


def _nested_floats(kind: pa.DataType) -> bool:
    if pat.is_list(kind) or pat.is_large_list(kind) or pat.is_fixed_size_list(kind) or pat.is_dictionary(kind):
        return pat.is_floating(kind.value_type) or _nested_floats(kind.value_type)
    if pat.is_struct(kind):
        return any(pat.is_floating(kind.field(i).type) or _nested_floats(kind.field(i).type)
                   for i in range(kind.num_fields))
    return False


@dataclass(frozen=True)
class ParquetRows:
    """The rows of a Parquet file (``(place, row)``, places ``[0]``, ``[1]``...) and the NaN cells per column."""

    rows: tuple[tuple[str, dict[str, Any]], ...]
    columns: tuple[str, ...]
    nan_counts: Mapping[str, int]


def _decoded_bytes(array: pa.Array) -> int:
    """What ``array``'s values take once decoded as plain values: text by its bytes, a dictionary's entries once per
    use (counted from the indices, before anything is expanded), eight bytes more per value for its place."""
    kind = array.type
    places = 8 * len(array)
    if pat.is_dictionary(kind):
        entries = array.dictionary
        if _is_text(entries.type):
            lengths = pc.fill_null(pc.binary_length(entries), 0)
            return places + int(pc.sum(pc.take(lengths, array.indices)).as_py() or 0)
        return places + (entries.nbytes // max(1, len(entries))) * len(array)
    if _is_text(kind):
        return places + int(pc.sum(pc.binary_length(array)).as_py() or 0)
    if pat.is_list(kind) or pat.is_large_list(kind) or pat.is_fixed_size_list(kind):
        return places + _decoded_bytes(array.flatten())
    if pat.is_struct(kind):
        return places + sum(_decoded_bytes(child) for child in array.flatten())
    return places + array.nbytes


def _plain_type(kind: pa.DataType) -> pa.DataType:
    """``kind`` with every dictionary replaced by its values' type (what the file's writer meant)."""
    if pat.is_dictionary(kind):
        return _plain_type(kind.value_type)
    if pat.is_list(kind):
        return pa.list_(_plain_type(kind.value_type))
    if pat.is_large_list(kind):
        return pa.large_list(_plain_type(kind.value_type))
    if pat.is_fixed_size_list(kind):
        return pa.list_(_plain_type(kind.value_type), kind.list_size)
    if pat.is_struct(kind):
        return pa.struct([pa.field(field.name, _plain_type(field.type), field.nullable) for field in kind])
    return kind


def _is_text(kind: pa.DataType) -> bool:
    return pat.is_string(kind) or pat.is_large_string(kind) or pat.is_binary(kind) or pat.is_large_binary(kind)


def _open(data: bytes) -> pq.ParquetFile:
    """The file with only its footer read, its text columns to be read as dictionaries (never expanded unasked)."""
    try:
        footer = pq.ParquetFile(pa.BufferReader(data), pre_buffer=False)
        texts = [column.path for column in footer.schema if column.physical_type == "BYTE_ARRAY"]
        return pq.ParquetFile(pa.BufferReader(data), pre_buffer=False, read_dictionary=texts)
    except (pa.ArrowException, OSError, ValueError) as error:
        raise _unreadable(error) from None


def _unreadable(error: Exception) -> Exception:
    return input_error(PROBLEMS, "parquet_unreadable", detail=str(error).splitlines()[0][:200])


def _too_large(size: int, limit: int, data: bytes) -> Exception:
    whole = limit // MB if limit % MB == 0 else _megabytes(limit)
    return input_error(PROBLEMS, "parquet_too_large", limit=whole, size=_megabytes(size), file=_kilobytes(data))


def _check_pages(data: bytes, parquet: pq.ParquetFile, max_decoded_bytes: int) -> None:
    """Refuse a file whose pages would decompress past the limits, from their headers, before decoding any."""
    metadata = parquet.metadata
    chunks = []
    for group in range(metadata.num_row_groups):
        row_group = metadata.row_group(group)
        for index in range(row_group.num_columns):
            column = row_group.column(index)
            first = column.dictionary_page_offset if column.has_dictionary_page else column.data_page_offset
            chunks.append(Chunk(column.path_in_schema, first, column.total_compressed_size))
    try:
        sizes = page_sizes(data, chunks)
    except PageHeaderError as error:
        raise _unreadable(error) from None
    if sizes.decompressed_bytes > max_decoded_bytes:
        raise _too_large(sizes.decompressed_bytes, max_decoded_bytes, data)
    if sizes.values > MAX_VALUES:
        raise input_error(PROBLEMS, "parquet_too_many_values", limit=MAX_VALUES, count=sizes.values)
    unsafe = sorted(sizes.encodings - SAFE_ENCODINGS)
    if unsafe:
        raise input_error(PROBLEMS, "parquet_encoding", encoding=unsafe[0])


def _megabytes(count: int) -> float:
    return round(count / MB, 1)


def _kilobytes(data: bytes) -> int:
    return max(1, round(len(data) / 1024))


def _finite(batch: pa.RecordBatch, first_row: int, nan_counts: dict[str, int]) -> pa.RecordBatch:
    """The batch with NaN in number columns made empty (counted per column); an infinite number refused."""
    columns, changed = [], False
    for field, column in zip(batch.schema, batch.columns, strict=True):
        if pat.is_floating(field.type) and len(column):
            infinite = pc.is_inf(column)
            if pc.any(infinite).as_py():
                row = pc.index(infinite, True).as_py()
                raise input_error(PROBLEMS, "parquet_infinite", f"[{first_row + row}].{field.name}",
                                  value=repr(column[row].as_py()))
            nan = pc.is_nan(column)
            count = pc.sum(nan).as_py() or 0
            if count:
                nan_counts[field.name] = nan_counts.get(field.name, 0) + count
                column, changed = pc.if_else(nan, pa.scalar(None, field.type), column), True
        columns.append(column)
    return pa.RecordBatch.from_arrays(columns, schema=batch.schema) if changed else batch


def _expanded(batch: pa.RecordBatch) -> pa.RecordBatch:
    """The batch with its dictionaries expanded (their size was counted first): plain values convert faster."""
    columns = [column.cast(_plain_type(column.type)) for column in batch.columns]
    return pa.RecordBatch.from_arrays(columns, names=batch.schema.names)


def parquet_rows(data: bytes, limit: ReadLimit = UNLIMITED) -> ParquetRows:
    """Read every row of the Parquet file ``data`` (see the module's docstring for what is refused).

    ``limit.rows`` refuses a file of more rows before any is decoded: by the row count its footer gives, then by the
    rows its batches hold as they are read (the footer is the file maker's word). ``limit.decoded_bytes`` lowers
    the decoded-content budget below ``MAX_DECODED_BYTES`` for a caller that keeps less (a page keeps what its
    workspace can store).

    Bounded before anything is held (a 6 KB file of six zstd-compressed 50 MB strings took the server to
    3.8 GB): the pages' own headers must declare at most ``MAX_DECODED_MB`` decompressed and ``MAX_VALUES`` values,
    in encodings whose values cannot outgrow their pages; then the rows are read a batch at a time, text columns as
    dictionaries, and each batch's decoded size (a dictionary entry counted once per use) is added up before the
    batch is turned into Python values, stopping at ``MAX_DECODED_MB``.
    """
    parquet = _open(data)
    schema = parquet.schema_arrow
    for field in schema:
        if not _keepable(field.type):
            raise input_error(PROBLEMS, "parquet_column_type", column=field.name, type=str(field.type))
    check_rows(parquet.metadata.num_rows, limit)
    max_decoded_bytes = min(MAX_DECODED_BYTES, limit.decoded_bytes or MAX_DECODED_BYTES)
    _check_pages(data, parquet, max_decoded_bytes)
    nan_counts: dict[str, int] = {}
    rows: list[dict[str, Any]] = []
    decoded = 0
    nested = [field.name for field in schema if _nested_floats(field.type)]
    try:
        # No reader threads: with them, 6 of 300 short processes that read a file here aborted at exit ("terminate
        # called without an active exception", apache/arrow#34314); without them 0 of 300. One 50,000-row file
        # reads in a fraction of a second either way (bench/bench_interchange.py).
        batches = parquet.iter_batches(batch_size=BATCH_ROWS, use_threads=False)
        for batch in batches:
            check_rows(len(rows) + batch.num_rows, limit)
            decoded += sum(_decoded_bytes(column) for column in batch.columns)
            if decoded > max_decoded_bytes:
                raise _too_large(decoded, max_decoded_bytes, data)
            first = len(rows)
            for index, row in enumerate(_finite(_expanded(batch), first, nan_counts).to_pylist(), start=first):
                for name in nested:
                    reject_non_finite(row[name], f"[{index}].{name}")
                rows.append(row)
    except (pa.ArrowException, OSError) as error:
        raise _unreadable(error) from None
    return ParquetRows(tuple((f"[{index}]", row) for index, row in enumerate(rows)), tuple(schema.names),
                       MappingProxyType(nan_counts))
