"""How much of a file a reader builds: the pages read at most what they handle live, the command line all of it.

A page shows a few thousand cases at most (``ui/frame/limits.py``) and keeps what it reads in a workspace of a
bounded size, yet a file of a few KB may hold a million tiny rows (a 12 KB Parquet file of 975,000 rows took a
server to 4 GB while its rows became cases) or a hundred MB of text. A :class:`ReadLimit` says what the caller will
take, and every reader counts against it before it builds: a Parquet file's rows by its footer and again batch by
batch, JSON Lines by its non-blank lines, CSV by its records as the csv module reads them (nothing kept), a JSON
document's records by its list's length once parsed (the parse itself is bounded by the upload's size). So a file
is refused, with the limit, before a single row of it becomes a case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from uncase_core.errors import input_error

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "too_many_rows": "the file holds {count:,} records; at most {limit:,} are read here",
})


@dataclass(frozen=True)
class ReadLimit:
    """What a reader may build: at most ``rows`` records (cases, conversations, verdicts...) and, for a compressed
    format, at most ``decoded_bytes`` of content once decompressed (None: no limit of the caller's own)."""

    rows: int | None = None
    decoded_bytes: int | None = None


UNLIMITED = ReadLimit()


def check_rows(count: int, limit: ReadLimit, where: str = "") -> None:
    """Refuse ``count`` records where ``limit`` reads fewer. ``count`` may be a lower bound where counting stopped."""
    if limit.rows is not None and count > limit.rows:
        raise input_error(PROBLEMS, "too_many_rows", where, count=count, limit=limit.rows)
