"""The RAG page's uploads of other tools' files: RAGAS (JSONL, JSON, CSV, Parquet), DeepEval, promptfoo, Label Studio.

:func:`read_case_upload` reads the file with the core's one reader of case files, the one the command line uses
too (:func:`uncase_core.rag.case_files.read_case_file`). The judge scores that came with the cases stay in each
case's own keys (``judge_scores``), beside the hand labels and never counted as ones, so they are stored,
downloaded and written back with the cases.

A promptfoo file waits in the session until the person says which ``vars`` key is the question, the context and
the reference (:func:`promptfoo_mapping`, pre-filled with the choice last made for a file of the same keys, kept in
the workspace's settings, else with the core's guess), then loads.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.limits import LIMITS, as_page_refusal, check_count, check_size
from ui.frame.state import current_workspace, language, run_saving, t
from ui.frame.uploads import file_in_box
from ui.widgets.data_source import Loaded
from ui.widgets.names import metric_name
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.rag.case_files import read_case_file, tool_of_file
from uncase_core.rag.files import RagUpload
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.promptfoo import ROLES, guess_promptfoo_vars, promptfoo_var_keys, shape_of
from uncase_core.rag.sources import CaseImport, name_list, names_and_more
from uncase_core.rag.tools import FORMAT_NAMES, TOOLS
from uncase_core.shared.limits import ReadLimit

# A CSV's delimiter, as the note on how it was read names it.
DELIMITER_NAMES = MappingProxyType({",": "comma", ";": "semicolon", "tab": "tab"})

LIMIT = LIMITS["rag"]
# What an upload box of RAG cases takes: our own case files, and every kind of file another tool's format is written
# as (the format records, uncase_core/rag/tools.py); promptfoo's results are JSON.
UPLOAD_TYPES = tuple(dict.fromkeys(("json", "jsonl", "csv", "tsv", *(kind for tool in TOOLS.values()
                                                                     for kind in tool.kinds))))
IMPORT_COMMAND = "python -m uncase_core import-cases FILE"
PENDING = "rag_promptfoo_pending"  # (upload box, file id, name, bytes, keys, read limit): awaiting its vars mapping
VARS_SETTING = "rag_promptfoo_vars"  # workspace setting: file shape (its sorted var keys) -> {role: key}
NO_VAR = ""  # the option "(none)" of the context and reference boxes (no var key is empty)
_FORMAT_BY_NAME = MappingProxyType({name: fmt for fmt, name in FORMAT_NAMES.items()})
# Note params that hold names or texts from the person's file, drawn as text.
_LITERAL_PARAMS = ("columns", "mapping", "fields", "metrics", "keys", "names", "model_version", "question",
                   "context", "reference", "retrieval")


other_format = tool_of_file  # the name the pages' uploads know it by


def too_large_command(data: bytes, name: str) -> str:
    """What a refusal of a file above the page's limit tells the person to run."""
    if name.lower().endswith(".parquet") or other_format(data, name) is not None:
        return IMPORT_COMMAND
    return LIMIT.command


def _check_size(data: bytes, name: str) -> None:
    if len(data) > LIMIT.upload_bytes:
        check_size("rag", data, name, too_large_command(data, name))


def _with_progress(read: Callable[[Callable[[int, int], None]], CaseImport], name: str) -> CaseImport:
    """Run ``read(progress)`` under a progress bar fed by the reader (gone when it is done)."""
    bar = st.progress(0.0, text=t("rag.import.reading", name=literal(name)))

    def progress(done: int, total: int) -> None:
        bar.progress(min(done / total, 1.0) if total else 1.0,
                     text=t("rag.import.reading_rows", name=literal(name), done=done, total=total))

    try:
        return read(progress)
    finally:
        bar.empty()


def imported(upload: CaseImport, name: str) -> Loaded:
    notes = [{"code": note.code, "params": dict(note.params)} for note in upload.notes]  # stored with the data: JSON
    return Loaded(upload.dataset, name, "upload", {"imported": upload.format, "layout": upload.layout, "notes": notes})


def remembered_vars(keys: Sequence[str]) -> dict[str, str | None]:
    """The mapping last chosen for a file with these var keys, else the core's guess."""
    stored = current_workspace().setting(VARS_SETTING, {}) or {}
    chosen = stored.get(shape_of(keys))
    if isinstance(chosen, Mapping) and all(chosen.get(role) in (None, *keys) for role in ROLES):
        return {role: chosen.get(role) for role in ROLES}
    return guess_promptfoo_vars(keys)


def read_case_upload(data: bytes, name: str, limit: ReadLimit, box: str | None = None) -> Loaded | None:
    """An upload on the RAG page read as cases, no more than ``limit`` takes; None for a promptfoo file, which waits
    for its mapping.

    ``box`` is the upload box's key (a promptfoo file waits only while that box shows it); without one, a
    promptfoo file is read with the remembered or guessed mapping.
    """
    _check_size(data, name)
    fmt = other_format(data, name)
    variables = None
    if fmt == "promptfoo":
        keys = promptfoo_var_keys(data, name)
        if box is not None:
            st.session_state[PENDING] = (box, file_in_box(box), name, data, keys, limit)
            return None
        variables = remembered_vars(keys)
    if fmt is None:  # our own format: read at once, no progress bar
        upload = read_case_file(data, name, limit=limit, max_bytes=LIMIT.upload_bytes)
    else:
        upload = _with_progress(lambda p: read_case_file(data, name, variables=variables, progress=p, limit=limit),
                                name)
    if isinstance(upload, RagUpload):
        notes = [{"code": note.code, "params": dict(note.params)} for note in upload.notes]
        return Loaded(upload.dataset, name, "upload", {"imported": upload.kind, "notes": notes})
    return imported(upload, name)


def read_cases_now(data: bytes, name: str, limit: ReadLimit) -> Loaded:
    """:func:`read_case_upload` for a page with no promptfoo mapping box (compare, thresholds): a promptfoo file is
    read at once with the vars last chosen on the RAG page, else the guessed ones (its note says which)."""
    loaded = read_case_upload(data, name, limit)
    if loaded is None:  # only an upload box's promptfoo file waits
        raise RuntimeError("read_case_upload waited without a box")
    return loaded


def promptfoo_mapping() -> Loaded | None:
    """While a promptfoo file waits: three boxes (question, context, reference) and a button that loads it."""
    pending = st.session_state.get(PENDING)
    if pending is None:
        return None
    box, file_id, name, data, keys, limit = pending
    if file_in_box(box) != file_id:  # the file left the box: forget it
        st.session_state.pop(PENDING, None)
        return None
    initial = remembered_vars(keys)
    shape = shape_of(keys)
    form = st.empty()  # cleared once the file loads
    with form.container():
        st.markdown(t("rag.import.promptfoo_title", name=literal(name)))
        chosen: dict[str, str | None] = {}
        none = t("rag.import.promptfoo_none")  # bound now: a format_func is also called outside the run
        output = t("rag.import.promptfoo_output")
        for role in ROLES:
            options = list(keys) if role == "question" else [NO_VAR, *keys]
            value = initial.get(role) or NO_VAR
            index = options.index(value) if value in options else 0
            # Keyed by the file's shape, so a file of other keys gets its own pre-filled boxes. No var as the answer
            # is the provider's output.
            empty = output if role == "answer" else none
            picked = st.selectbox(
                t(f"rag.import.promptfoo_{role}"), options, index=index,
                key=f"rag_promptfoo_{role}_{zlib.crc32(shape.encode('utf-8')):08x}",
                format_func=lambda key, empty=empty: empty if key == NO_VAR else f"vars.{key}",
                                  placeholder=t("common.choose"))
            chosen[role] = picked or None
        load = st.button(t("rag.import.promptfoo_load"), key="rag_promptfoo_load", type="primary", width="stretch")
    if not load:
        return None
    try:
        upload = _with_progress(lambda p: read_cases(data, name, "promptfoo", chosen, p, limit), name)
        check_count("rag", len(upload.dataset.cases), name)
    except InputError as error:
        refusal = as_page_refusal("rag", error, name, IMPORT_COMMAND)
        st.error(t("common.upload_failed", message=error_text(refusal, language())))
        return None
    workspace = current_workspace()
    stored = dict(workspace.setting(VARS_SETTING, {}) or {})
    stored[shape] = chosen
    run_saving(lambda: workspace.set_settings({VARS_SETTING: stored}))
    st.session_state.pop(PENDING, None)
    form.empty()
    return imported(upload, name)


def listed_text(text: str) -> str:
    """A core's list of names (:func:`uncase_core.rag.sources.name_list`) drawn as text, its "and 3 more" worded in
    the reader's language."""
    names, more = names_and_more(str(text))
    return literal(names) + (" " + t("rag.note.more", count=more) if more else "")


def names_text(names: Sequence[str], limit: int = 12) -> str:
    return listed_text(name_list(names, limit))


def import_notes(notes: Sequence[Mapping[str, Any]]) -> list[str]:
    """The notes of an import (what was read, mapped, kept and ignored) in the reader's language."""
    texts = []
    for note in notes:
        values = dict(note["params"])
        if "delimiter" in values:
            values["delimiter"] = t(f"rag.delimiter.{DELIMITER_NAMES.get(values['delimiter'], 'tab')}")
        if "format_name" in values:
            values["format_name"] = t(f"rag.import.format.{_FORMAT_BY_NAME.get(values['format_name'], 'ragas')}")
        built = set()
        if "pairs" in values:  # the mapped note: the file's keys as text, our targets in the reader's language
            values["mapping"] = ", ".join(f"{literal(source)} → {t(f'rag.mapping.{target}')}"
                                          for source, target in values.pop("pairs"))
            built.add("mapping")
        if "scored" in values:  # the judge scores note: each metric with the dimension it scores, named here
            values["metrics"] = names_text([f"{name} ({metric_name(dimension)})" if dimension else name
                                            for name, dimension in values.pop("scored")])
            built.add("metrics")
        for key in _LITERAL_PARAMS:
            if key in values and key not in built:
                values[key] = listed_text(values[key])
        code = note["code"]
        texts.append(t(f"rag.note.{code}", **values))
    return texts


def import_note(loaded: Loaded) -> str | None:
    """The note shown once a file of another tool (or RAGAS rows) is loaded, or None for the page's own format."""
    kind = loaded.meta.get("imported")
    notes = import_notes(loaded.meta.get("notes", ()))
    if kind == "ragas":
        return " ".join([t("rag.ragas_imported", count=len(loaded.data.cases)), *notes])
    if kind in FORMAT_NAMES:
        return " ".join([t("rag.import.loaded", count=len(loaded.data.cases)), *notes])
    return None
