"""One reader of a file of RAG cases for every page and command: our case format, RAGAS rows (JSONL, JSON, CSV,
Parquet), DeepEval, promptfoo and Label Studio files.

:func:`tool_of_file` names the other tool whose file it is (None: our own format, or a file no reader knows, which
the case reader then explains); :func:`read_case_file` reads it. A page that asks the person which promptfoo
``vars`` key is the question passes that choice; without one the core's guess is used and said in a note.
"""

from __future__ import annotations

from collections.abc import Mapping

from uncase_core.errors import InputError
from uncase_core.rag.files import RagUpload, read_rag_file
from uncase_core.rag.interchange import detect_format, read_cases
from uncase_core.rag.promptfoo import guess_promptfoo_vars, promptfoo_var_keys
from uncase_core.rag.sources import CaseImport, Progress
from uncase_core.shared.limits import UNLIMITED, ReadLimit

# Files the detection recognises as something no page reads, refused with what they are (not as a bad case file).
NAMED_BY_DETECTION = ("interchange_promptfoo_config",)


def tool_of_file(data: bytes, name: str) -> str | None:
    """The tool whose file this is (``ragas``, ``deepeval``, ``promptfoo``, ``label-studio``), or None: the RAG
    case format, or a file no reader knows (the case reader then says what is wrong with it). A file detection
    recognises as one no page reads (:data:`NAMED_BY_DETECTION`, a promptfoo config) is refused saying what it is."""
    try:
        return detect_format(data, name)
    except InputError as error:
        if error.code in NAMED_BY_DETECTION:
            raise
        return None


def read_case_file(data: bytes, name: str, *, variables: Mapping[str, str | None] | None = None,
                   progress: Progress | None = None, limit: ReadLimit = UNLIMITED,
                   max_bytes: int | None = None) -> RagUpload | CaseImport:
    """Any file of RAG cases, read as the RAG, compare and threshold pages read an upload.

    Our own format (and RAGAS text rows without an ``id``, as before) comes back as a
    :class:`~uncase_core.rag.files.RagUpload`; another tool's file as a :class:`~uncase_core.rag.sources.CaseImport`
    with its notes. Both carry ``dataset`` and ``notes``. ``variables`` maps promptfoo's roles to ``vars`` keys
    (None: the guess from common names). ``max_bytes`` refuses a file of our own format above it.
    """
    tool = tool_of_file(data, name)
    if tool is None:
        return read_rag_file(data, name, max_bytes, limit)
    if tool == "promptfoo" and variables is None:
        variables = guess_promptfoo_vars(promptfoo_var_keys(data, name))
    return read_cases(data, name, tool, variables, progress, limit)
