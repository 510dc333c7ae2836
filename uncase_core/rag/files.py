"""Reading whatever a person uploads on the RAG page: our case format, or RAGAS rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from uncase_core.errors import InputError, input_error
from uncase_core.rag.cases import RagDataset, dataset_from_text
from uncase_core.rag.ragas import COLUMNS, RAGAS_NOTES, RagasImport, import_ragas
from uncase_core.shared.formats import RAGAS, WRONG_FORMAT
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.limits import UNLIMITED, ReadLimit
from uncase_core.shared.notes import Note, notes_to_dicts

UploadKind = Literal["cases", "ragas"]
_RAGAS_MARKERS = tuple(f'"{name}"' for name in COLUMNS["question"])
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "upload_too_large": "the file has {size:,} bytes, more than the {limit:,} this page takes; split it, or evaluate "
                        "it with `python -m uncase_core rag FILE`",
})


@dataclass(frozen=True)
class RagUpload:
    """What an upload was read as, and notes on how (a CSV file's delimiter and layout; :data:`RAGAS_NOTES`)."""

    dataset: RagDataset
    kind: UploadKind
    notes: tuple[Note, ...] = ()

    def notes_to_dicts(self) -> list[dict[str, Any]]:
        return notes_to_dicts(self.notes, RAGAS_NOTES)


def read_rag_upload(data: bytes, name: str, max_bytes: int | None = None,
                    limit: ReadLimit = UNLIMITED) -> tuple[RagDataset, UploadKind]:
    """Read an uploaded file as cases, or as RAGAS rows when it is CSV or uses RAGAS column names.

    ``max_bytes`` refuses files too large for interactive use, saying what to do instead; ``limit`` refuses a file of
    more cases than it takes before any is read as a case. :func:`read_rag_file` reads the same, with notes on how
    a CSV file was read.
    """
    upload = read_rag_file(data, name, max_bytes, limit)
    return upload.dataset, upload.kind


def read_rag_file(data: bytes, name: str, max_bytes: int | None = None, limit: ReadLimit = UNLIMITED) -> RagUpload:
    """:func:`read_rag_upload`, with notes: the delimiter a CSV file was read with, its passage layout."""
    if max_bytes is not None and len(data) > max_bytes:
        raise input_error(PROBLEMS, "upload_too_large", source=name, size=len(data), limit=max_bytes)
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(name) from None
    lowered = name.lower()
    if lowered.endswith((".csv", ".tsv")):
        return _ragas(import_ragas(text, name, "csv", limit))
    head = text[:4096]
    if '"id"' not in head and any(marker in head for marker in _RAGAS_MARKERS):
        return _ragas(import_ragas(text, name, limit=limit))
    try:
        return RagUpload(dataset_from_text(text, name, limit), "cases")
    except InputError as error:  # RAGAS rows that carry an "id" column: the case reader names their format
        if error.code == WRONG_FORMAT and error.params.get("found") == RAGAS:
            return _ragas(import_ragas(text, name, limit=limit))
        raise


def _ragas(imported: RagasImport) -> RagUpload:
    return RagUpload(imported.dataset, "ragas", imported.notes)
