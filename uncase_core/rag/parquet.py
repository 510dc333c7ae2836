"""Reading rows from a Parquet file held in memory, with pyarrow (which Streamlit already installs).

RAGAS results saved with pandas (``result.to_pandas().to_parquet(...)``) and Hugging Face datasets saved with
``Dataset.to_parquet`` are Parquet files of one row per sample. :func:`parquet_rows` gives their rows as plain
Python values (text, numbers, lists, objects), the way a JSON Lines file gives them, so the same readers take
both. Columns whose type a case file cannot hold (dates and times, binary data, decimals...) are refused by name
before any row is read; NaN in a number column (how pandas and RAGAS write "no value") becomes empty (None) and
is counted per column; an infinite number is refused with its row and column (``[12].faithfulness``).
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
from uncase_core.shared.jsonfiles import reject_non_finite

PARQUET_MAGIC = b"PAR1"
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "parquet_unreadable": "not a readable Parquet file ({detail})",
    "parquet_column_type": 'the column "{column}" holds {type}, which a case file cannot keep; convert it to text '
                           "or leave it out",
    "parquet_infinite": "an infinite number ({value}) cannot be kept; write a finite number or leave the cell empty",
})


def is_parquet(data: bytes) -> bool:
    """Whether ``data`` starts and ends as a Parquet file does (``PAR1``)."""
    return len(data) >= 8 and data[:4] == PARQUET_MAGIC and data[-4:] == PARQUET_MAGIC


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


def parquet_rows(data: bytes) -> ParquetRows:
    """Read every row of the Parquet file ``data`` (see the module's docstring for what is refused)."""
    try:
        # No reader threads: with them, 6 of 300 short processes that read a file here aborted at exit ("terminate
        # called without an active exception", apache/arrow#34314); without them 0 of 300. One 50,000-row file
        # reads in a fraction of a second either way (bench/bench_interchange.py).
        table = pq.read_table(pa.BufferReader(data), use_threads=False, pre_buffer=False)
    except (pa.ArrowException, OSError, ValueError) as error:
        raise input_error(PROBLEMS, "parquet_unreadable", detail=str(error).splitlines()[0][:200]) from None
    for field in table.schema:
        if not _keepable(field.type):
            raise input_error(PROBLEMS, "parquet_column_type", column=field.name, type=str(field.type))
    nan_counts: dict[str, int] = {}
    columns = {}
    for field in table.schema:
        column = table.column(field.name)
        if pat.is_floating(field.type) and len(column):
            infinite = pc.is_inf(column)
            if pc.any(infinite).as_py():
                row = pc.index(infinite, True).as_py()
                value = column[row].as_py()
                raise input_error(PROBLEMS, "parquet_infinite", f"[{row}].{field.name}", value=repr(value))
            nan = pc.is_nan(column)
            count = pc.sum(nan).as_py() or 0
            if count:
                nan_counts[field.name] = count
                column = pc.if_else(nan, pa.scalar(None, field.type), column)
        columns[field.name] = column
    table = pa.table(columns) if nan_counts else table
    rows = table.to_pylist()
    nested = [field.name for field in table.schema if _nested_floats(field.type)]
    for index, row in enumerate(rows):
        for name in nested:
            reject_non_finite(row[name], f"[{index}].{name}")
    return ParquetRows(tuple((f"[{index}]", row) for index, row in enumerate(rows)), tuple(table.column_names),
                       MappingProxyType(nan_counts))
