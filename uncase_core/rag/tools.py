"""The other tools' file formats, one record each: what the readers, the writers, the command line and the pages
know about a format comes from here.

A format is a module with two functions of one shape (the record names the module; each function is imported when
first called, so the command line's ``--help`` and a page that reads no file load none of them):

- ``read_file(data, name, *, variables, progress) -> CaseImport``: the file's bytes as RAG cases (``variables``:
  promptfoo's vars keys of the question, context and reference, ignored by the others);
- ``write_file(dataset, *, kind, layout, delimiter) -> bytes``: the cases written back as a file of ``kind`` (one of
  the record's ``kinds``), ``layout`` the format's own option (DeepEval's snake or camel keys), a CSV's cells
  separated by ``delimiter``. A format that is only read (promptfoo) has no ``kinds`` and no ``write_file``.

Which format a file is (:func:`uncase_core.rag.interchange.detect_format`) is read from its content, key by key,
and stays in :mod:`~uncase_core.rag.interchange`: the formats share keys, so the rules are written together.

A new format is its module and one line in :data:`TOOLS`; the command line's ``--from`` and ``--to``, the readers'
and writers' dispatch (:func:`~uncase_core.rag.interchange.read_cases`,
:func:`~uncase_core.rag.interchange.export_cases`) and the kinds of file a format is written as
(:data:`FILE_KINDS`) follow.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, kw_only=True)
class ToolFormat:
    """One tool's file format: its name on the command line and in a case's ``source_file``, its title in messages,
    the module with its ``read_file`` and ``write_file``, and the kinds of file it is written as (the first is the
    default; none: read only)."""

    name: str
    title: str
    module: str
    kinds: tuple[str, ...] = ()

    @property
    def writes(self) -> bool:
        return bool(self.kinds)

    def function(self, name: str) -> Callable[..., Any]:
        return getattr(importlib.import_module(self.module), name)

    def read(self, data: bytes, name: str = "", variables: Mapping[str, str | None] | None = None,
             progress: Callable[[int, int], None] | None = None) -> Any:
        return self.function("read_file")(data, name, variables=variables, progress=progress)

    def write(self, dataset: Any, kind: str, layout: str | None = None, delimiter: str = ",") -> bytes:
        return self.function("write_file")(dataset, kind=kind, layout=layout, delimiter=delimiter)


TOOLS: Mapping[str, ToolFormat] = MappingProxyType({tool.name: tool for tool in (
    ToolFormat(name="ragas", title="RAGAS rows", module="uncase_core.rag.ragas_files",
               kinds=("jsonl", "json", "csv", "parquet")),
    ToolFormat(name="deepeval", title="DeepEval test cases or goldens", module="uncase_core.rag.deepeval",
               kinds=("json", "jsonl", "csv")),
    ToolFormat(name="promptfoo", title="promptfoo results", module="uncase_core.rag.promptfoo"),
    ToolFormat(name="label-studio", title="Label Studio tasks", module="uncase_core.rag.label_studio",
               kinds=("json",)),
)})

INTERCHANGE_FORMATS: tuple[str, ...] = tuple(TOOLS)  # what --from accepts and read_cases reads
EXPORT_TARGETS: tuple[str, ...] = tuple(name for name, tool in TOOLS.items() if tool.writes)  # what --to writes
FILE_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType({name: tool.kinds for name, tool in TOOLS.items()
                                                              if tool.writes})
FORMAT_NAMES: Mapping[str, str] = MappingProxyType({name: tool.title for name, tool in TOOLS.items()})
