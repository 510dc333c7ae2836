"""Build the hostile Parquet files of this folder (issue 35, finding 3): small files whose content is huge.

    .venv/bin/python tests/data/bombs/make.py

Each is written with pyarrow (the version Streamlit installs), zstd at its highest level:

- ``plain_6x50mb.parquet``: six rows, each a different 50 MB string (a run of one letter), as the tester's file
  (6 KB; too large for a dictionary page, so pyarrow writes the values plainly);
- ``dictionary_1000x1mb.parquet``: 1,000 rows of the same 1 MB string, one dictionary entry used 1,000 times
  (the page headers declare 1 MB; the rows are 1,000 MB);
- ``delta_prefix.parquet``: 200 rows of a 1 MB string in DELTA_BYTE_ARRAY, which writes each value as a prefix of
  the one before plus a suffix;
- ``rows_975000.parquet``: 975,000 rows of one letter each (6 KB), the many-rows file of a hostile round: within
  the decoded and values limits, but each row would become a case.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

HERE = Path(__file__).resolve().parent
MB = 1024 * 1024


def main() -> None:
    rows = ["abcdef"[i] * (50 * MB) for i in range(6)]
    pq.write_table(pa.table({"user_input": rows, "response": ["ok"] * 6}), HERE / "plain_6x50mb.parquet",
                   compression="zstd", compression_level=22)
    del rows
    same = "q" * MB
    pq.write_table(pa.table({"user_input": [same] * 1000, "response": ["ok"] * 1000}),
                   HERE / "dictionary_1000x1mb.parquet", compression="zstd", compression_level=22,
                   dictionary_pagesize_limit=4 * MB)
    pq.write_table(pa.table({"user_input": [same] * 200, "response": ["ok"] * 200}),
                   HERE / "delta_prefix.parquet", compression="zstd", compression_level=22, use_dictionary=False,
                   column_encoding={"user_input": "DELTA_BYTE_ARRAY", "response": "PLAIN"})
    many = 975_000
    pq.write_table(pa.table({"user_input": ["q"] * many, "response": ["a"] * many}), HERE / "rows_975000.parquet",
                   compression="zstd", compression_level=22)


if __name__ == "__main__":
    main()
