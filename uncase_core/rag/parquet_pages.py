"""The sizes a Parquet file's pages say they decompress to, read from the page headers before any page is.

A Parquet file's footer (what ``pyarrow.parquet.ParquetFile.metadata`` shows) is written by whoever made the file,
and its sizes count encoded pages, not decoded values (NOTES.md). What the reader actually allocates when it
decompresses a page is the size that page's own header declares (Arrow refuses a page that decompresses to any
other size), so :func:`page_sizes` reads every page header of every column chunk, in Thrift's compact protocol,
and adds them up without decompressing anything: a zstd page that would become 50 MB is seen as 50 MB while the
file is 6 KB. pyarrow offers no reader of page headers; this one reads only the fields it needs and skips
the rest by their types, each step bounded by the bytes that remain, so a hostile header cannot make it loop or
allocate.

:func:`is_parquet` lives here, not in ``parquet.py``, because it needs no pyarrow: deciding whether a file is
Parquet must not import pyarrow (about 0.14 s) for every file of cases that is not.

It also reports the encodings the data pages use, for the caller to refuse those whose decoded values may outgrow
their pages without bound (``DELTA_BYTE_ARRAY`` shares each value's prefix with the one before).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Thrift compact protocol types (the low nibble of a field header).
_TRUE, _FALSE, _BYTE, _I16, _I32, _I64, _DOUBLE, _BINARY, _LIST, _SET, _MAP, _STRUCT = range(1, 13)
_MAX_DEPTH = 32  # nesting of structs and lists a header may have: Parquet's own have 3
# PageHeader's fields and the page kinds (parquet.thrift).
_TYPE, _UNCOMPRESSED, _COMPRESSED, _DATA_V1, _DICTIONARY, _DATA_V2 = 1, 2, 3, 5, 7, 8
DATA_PAGE, INDEX_PAGE, DICTIONARY_PAGE, DATA_PAGE_V2 = 0, 1, 2, 3
PARQUET_MAGIC = b"PAR1"
ENCODINGS = ("PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED", "DELTA_BINARY_PACKED",
             "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT")


def is_parquet(data: bytes) -> bool:
    """Whether ``data`` starts and ends as a Parquet file does (``PAR1``)."""
    return len(data) >= 8 and data[:4] == PARQUET_MAGIC and data[-4:] == PARQUET_MAGIC


class PageHeaderError(ValueError):
    """A page header that cannot be read, or that points outside its column chunk."""


@dataclass(frozen=True)
class Chunk:
    """Where one column chunk's pages are: its first byte and its length, as the footer gives them."""

    path: str
    start: int
    length: int


@dataclass(frozen=True)
class PageSizes:
    """What the page headers of a file declare, over every column chunk."""

    decompressed_bytes: int  # the sum of every page's uncompressed size: what decoding them allocates
    largest_page: tuple[str, int]  # (column path, bytes) of the largest page
    values: int  # the number of values the data pages declare (levels and offsets are allocated per value)
    encodings: frozenset[str]  # the data pages' value encodings


class _Reader:
    """Thrift's compact protocol over ``data[position:end]``; every read checks the bytes are there."""

    def __init__(self, data: bytes, position: int, end: int) -> None:
        self.data, self.position, self.end = data, position, end

    def byte(self) -> int:
        if self.position >= self.end:
            raise PageHeaderError("a page header runs past its column chunk")
        value = self.data[self.position]
        self.position += 1
        return value

    def skip(self, count: int) -> None:
        if count < 0 or self.position + count > self.end:
            raise PageHeaderError("a page header runs past its column chunk")
        self.position += count

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise PageHeaderError("a number in a page header is too long")

    def zigzag(self) -> int:
        value = self.varint()
        return (value >> 1) ^ -(value & 1)

    def skip_value(self, kind: int, depth: int) -> None:
        if depth > _MAX_DEPTH:
            raise PageHeaderError("a page header is nested too deeply")
        if kind in (_TRUE, _FALSE):
            return
        if kind == _BYTE:
            self.skip(1)
        elif kind in (_I16, _I32, _I64):
            self.varint()
        elif kind == _DOUBLE:
            self.skip(8)
        elif kind == _BINARY:
            self.skip(self.varint())
        elif kind in (_LIST, _SET):
            header = self.byte()
            size, element = header >> 4, header & 0x0F
            if size == 15:
                size = self.varint()
            for _ in range(size):  # each element takes at least a byte, so this ends with the chunk
                self.skip(1) if element in (_TRUE, _FALSE) else self.skip_value(element, depth + 1)
        elif kind == _MAP:
            size = self.varint()
            if size:
                types = self.byte()
                for _ in range(size):
                    self.skip_value(types >> 4, depth + 1)
                    self.skip_value(types & 0x0F, depth + 1)
        elif kind == _STRUCT:
            self.struct(lambda _field, kind, reader: reader.skip_value(kind, depth + 1))
        else:
            raise PageHeaderError(f"a page header holds an unknown field type ({kind})")

    def struct(self, on_field) -> None:  # type: ignore[no-untyped-def]
        """Read a struct's fields in order, calling ``on_field(field_id, kind, self)``, which must consume it."""
        field_id = 0
        while True:
            header = self.byte()
            if header == 0:
                return
            delta, kind = header >> 4, header & 0x0F
            field_id = field_id + delta if delta else self.zigzag()
            on_field(field_id, kind, self)


@dataclass
class _Header:
    kind: int = -1
    uncompressed: int = -1
    compressed: int = -1
    values: int = 0
    encoding: int | None = None


def _int_fields(wanted: dict[int, str], target: _Header):  # type: ignore[no-untyped-def]
    """A field reader that keeps the integer fields ``wanted`` (field id -> attribute) and skips the rest."""
    def on_field(field_id: int, kind: int, reader: _Reader) -> None:
        if field_id in wanted and kind in (_I16, _I32, _I64):
            setattr(target, wanted[field_id], reader.zigzag())
        else:
            reader.skip_value(kind, 1)
    return on_field


def _page_header(reader: _Reader) -> _Header:
    header = _Header()

    def on_field(field_id: int, kind: int, inner: _Reader) -> None:
        if field_id in (_TYPE, _UNCOMPRESSED, _COMPRESSED) and kind == _I32:
            setattr(header, {_TYPE: "kind", _UNCOMPRESSED: "uncompressed", _COMPRESSED: "compressed"}[field_id],
                    inner.zigzag())
        elif field_id == _DATA_V1 and kind == _STRUCT:  # num_values 1, encoding 2
            inner.struct(_int_fields({1: "values", 2: "encoding"}, header))
        elif field_id == _DATA_V2 and kind == _STRUCT:  # num_values 1, encoding 4
            inner.struct(_int_fields({1: "values", 4: "encoding"}, header))
        elif field_id == _DICTIONARY and kind == _STRUCT:  # num_values 1: the dictionary's own entries
            inner.struct(_int_fields({1: "values"}, header))
        else:
            inner.skip_value(kind, 1)

    reader.struct(on_field)
    if header.kind < 0 or header.uncompressed < 0 or header.compressed < 0 or header.values < 0:
        raise PageHeaderError("a page header lacks its type or sizes")
    return header


def page_sizes(data: bytes, chunks: Iterable[Chunk]) -> PageSizes:
    """Walk the pages of every chunk of the Parquet file ``data``, reading only their headers."""
    total, values, largest, encodings = 0, 0, ("", 0), set()
    for chunk in chunks:
        end = chunk.start + chunk.length
        if chunk.start < 4 or chunk.length < 0 or end > len(data):
            raise PageHeaderError(f"the column {chunk.path} lies outside the file")
        position = chunk.start
        while position < end:
            reader = _Reader(data, position, end)
            header = _page_header(reader)
            position = reader.position + header.compressed
            if position > end:
                raise PageHeaderError(f"a page of the column {chunk.path} runs past its column chunk")
            total += header.uncompressed
            if header.uncompressed > largest[1]:
                largest = (chunk.path, header.uncompressed)
            if header.kind in (DATA_PAGE, DATA_PAGE_V2):
                values += header.values
                if header.encoding is not None:
                    encodings.add(ENCODINGS[header.encoding] if 0 <= header.encoding < len(ENCODINGS)
                                  else f"encoding {header.encoding}")
    return PageSizes(total, largest, values, frozenset(encodings))
