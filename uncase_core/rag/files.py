"""Reading whatever a person uploads on the RAG page: our case format, or RAGAS rows."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from uncase_core.errors import InputError, input_error
from uncase_core.rag.cases import RagDataset, dataset_from_text
from uncase_core.rag.ragas import COLUMNS, import_ragas_text
from uncase_core.text.formats import RAGAS, WRONG_FORMAT
from uncase_core.text.jsonfiles import decode_text

UploadKind = Literal["cases", "ragas"]
_RAGAS_MARKERS = tuple(f'"{name}"' for name in COLUMNS["question"])
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "upload_too_large": "the file has {size:,} bytes, more than the {limit:,} this page takes; split it, or evaluate "
                        "it with `python -m uncase_core rag FILE`",
})


def read_rag_upload(data: bytes, name: str, max_bytes: int | None = None) -> tuple[RagDataset, UploadKind]:
    """Read an uploaded file as cases, or as RAGAS rows when it is CSV or uses RAGAS column names.

    ``max_bytes`` refuses files too large for interactive use, saying what to do instead.
    """
    if max_bytes is not None and len(data) > max_bytes:
        raise input_error(PROBLEMS, "upload_too_large", source=name, size=len(data), limit=max_bytes)
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
