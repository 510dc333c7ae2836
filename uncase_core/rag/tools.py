"""The other tools' file formats, one record each: what the readers, the writers, the command line and the pages
know about a format comes from here.

A format is a module with two functions of one shape (the record names the module; each function is imported when
first called, so the command line's ``--help`` and a page that reads no file load none of them):

- ``read_file(data, name, *, variables, progress, limit) -> CaseImport``: the file's bytes as RAG cases
  (``variables``: promptfoo's vars keys of the question, context and reference, ignored by the others; ``limit``: a
  :class:`~uncase_core.shared.limits.ReadLimit`, refusing a file of more records before any becomes a case);
- ``write_file(dataset, *, kind, layout, delimiter, spreadsheet) -> bytes``: the cases written back as a file of
  ``kind`` (one of the record's ``kinds``), ``layout`` the format's own option (DeepEval's snake or camel keys), a
  CSV's cells separated by ``delimiter``, as they are unless ``spreadsheet`` asks for the spreadsheet guard. A
  format that is only read (promptfoo) has no ``kinds`` and no ``write_file``;
- ``claims_record(record) -> bool``: whether a JSON record (or, for a format written as CSV, a CSV header's
  columns) is this format's; and, where the format has them, ``claims_file(object) -> bool`` for a whole JSON
  file's top-level object and ``claims_bytes(data) -> bool`` for a binary file.

Which format a file is (:func:`uncase_core.rag.interchange.detect_format`) asks the formats' claims in the order of
their ``rank``: the formats share keys (a promptfoo result has a ``response``, as a RAGAS row does), so the more
particular claim is asked first. Before the claims of rank :data:`GUARDED_FROM` and above, a record that is another
page's file or our own RAG cases is refused as such, unless it has a key only one format has (``own_keys``).

A new format is its module and one line in :data:`TOOLS`, and its names in the catalogues; the detection, the
command line's ``--from`` and ``--to``, the readers' and writers' dispatch
(:func:`~uncase_core.rag.interchange.read_cases`, :func:`~uncase_core.rag.interchange.export_cases`), the kinds of
file a format is written as (:data:`FILE_KINDS`) and the pages' download menu follow.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from uncase_core.shared.limits import UNLIMITED, ReadLimit

GUARDED_FROM = 10  # claims of this rank and above come after the refusal of another page's file


@dataclass(frozen=True, kw_only=True)
class ToolFormat:
    """One tool's file format: its name on the command line and in a case's ``source_file``, its title in messages,
    the module with its ``read_file`` and ``write_file``, the kinds of file it is written as (the first is the
    default; none: read only) and those of them the pages offer as downloads (each a button, in this order). Its
    names in the reader's language are the catalogues' (``rag.import.format.<name>``, ``rag.export.tool.<name>``)."""

    name: str
    title: str
    module: str
    kinds: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()
    rank: int = GUARDED_FROM  # the order its claims are asked in (lower first; see the module's docstring)
    own_keys: frozenset[str] = frozenset()  # record keys no other page's file has

    def _claim(self, name: str, value: Any) -> bool:
        claim = getattr(importlib.import_module(self.module), name, None)
        return claim is not None and bool(claim(value))

    def claims_record(self, record: Mapping[str, Any]) -> bool:
        return self._claim("claims_record", record)

    def claims_file(self, value: Mapping[str, Any]) -> bool:
        return self._claim("claims_file", value)

    def claims_bytes(self, data: bytes) -> bool:
        return self._claim("claims_bytes", data)

    @property
    def writes(self) -> bool:
        return bool(self.kinds)

    def function(self, name: str) -> Callable[..., Any]:
        return getattr(importlib.import_module(self.module), name)

    def read(self, data: bytes, name: str = "", variables: Mapping[str, str | None] | None = None,
             progress: Callable[[int, int], None] | None = None, limit: ReadLimit = UNLIMITED) -> Any:
        return self.function("read_file")(data, name, variables=variables, progress=progress, limit=limit)

    def write(self, dataset: Any, kind: str, layout: str | None = None, delimiter: str = ",",
              spreadsheet: bool = False) -> bytes:
        return self.function("write_file")(dataset, kind=kind, layout=layout, delimiter=delimiter,
                                           spreadsheet=spreadsheet)


TOOLS: Mapping[str, ToolFormat] = MappingProxyType({tool.name: tool for tool in (
    ToolFormat(name="ragas", title="RAGAS rows", module="uncase_core.rag.ragas_files",
               kinds=("jsonl", "json", "csv", "parquet"), offered=("jsonl", "csv", "parquet"), rank=30),
    ToolFormat(name="deepeval", title="DeepEval test cases or goldens", module="uncase_core.rag.deepeval",
               kinds=("json", "jsonl", "csv"), offered=("json", "csv"), rank=10,
               own_keys=frozenset({"input", "scenario"})),
    ToolFormat(name="promptfoo", title="promptfoo results", module="uncase_core.rag.promptfoo", rank=20),
    ToolFormat(name="label-studio", title="Label Studio tasks", module="uncase_core.rag.label_studio",
               kinds=("json",), offered=("json",), rank=0),
)})

INTERCHANGE_FORMATS: tuple[str, ...] = tuple(TOOLS)  # what --from accepts and read_cases reads
EXPORT_TARGETS: tuple[str, ...] = tuple(name for name, tool in TOOLS.items() if tool.writes)  # what --to writes
FILE_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType({name: tool.kinds for name, tool in TOOLS.items()
                                                              if tool.writes})
FORMAT_NAMES: Mapping[str, str] = MappingProxyType({name: tool.title for name, tool in TOOLS.items()})


def by_rank() -> list[ToolFormat]:
    """The formats in the order their claims are asked (read at call time: a format's record is all it takes)."""
    return sorted(TOOLS.values(), key=lambda tool: tool.rank)
