"""Reading whatever a person uploads on the RAG page: our case format, or RAGAS rows."""

from __future__ import annotations

from typing import Literal

from uncase_core.errors import InputError
from uncase_core.formats import RAGAS, WRONG_FORMAT
from uncase_core.jsonfiles import decode_text
from uncase_core.rag_cases import RagDataset, dataset_from_text
from uncase_core.ragas_import import COLUMNS, import_ragas_text

UploadKind = Literal["cases", "ragas"]
_RAGAS_MARKERS = tuple(f'"{name}"' for name in COLUMNS["question"])


def read_rag_upload(data: bytes, name: str, max_bytes: int | None = None) -> tuple[RagDataset, UploadKind]:
    """Read an uploaded file as cases, or as RAGAS rows when it is CSV or uses RAGAS column names.

    ``max_bytes`` refuses files too large for interactive use, saying what to do instead.
    """
    if max_bytes is not None and len(data) > max_bytes:
        raise InputError(
            f"the file has {len(data):,} bytes, more than the {max_bytes:,} this page takes; "
            "split it, or evaluate it with `python -m uncase_core rag FILE`",
            source=name,
        )
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(name) from None
    lowered = name.lower()
    if lowered.endswith((".csv", ".tsv")):
        return import_ragas_text(text, name, "csv"), "ragas"
    head = text[:4096]
    if '"id"' not in head and any(marker in head for marker in _RAGAS_MARKERS):
        return import_ragas_text(text, name), "ragas"
    try:
        return dataset_from_text(text, name), "cases"
    except InputError as error:  # RAGAS rows that carry an "id" column: the case reader names their format
        if error.code == WRONG_FORMAT and error.params.get("found") == RAGAS:
            return import_ragas_text(text, name), "ragas"
        raise
