"""Where the RAG page's cases come from: a built-in scenario (or all of them), or a file of cases or of another tool
(:mod:`ui.widgets.tool_uploads`). The RAG page draws it in its sidebar; the home page's "Bring your own files" draws
its upload part, which stores the file as the RAG page's data."""

from __future__ import annotations

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.state import forget
from ui.i18n import translate
from ui.page_data.rag_cases import CASE_KEY
from ui.widgets.data_source import Loaded, Source, changed_items
from ui.widgets.tool_uploads import UPLOAD_TYPES, import_note, promptfoo_mapping, read_case_upload, too_large_command
from uncase_core.assets.reader import load_all, load_index, load_scenario

ALL_SCENARIOS = "__all__"
UPLOAD_NOTE = "rag_upload_note"  # session state: the import note the RAG page shows once, after a load


def just_loaded(loaded: Loaded) -> None:
    """After new cases were stored (here, or from the home page): the RAG page starts at the first case and shows
    once what the file was read as."""
    forget(CASE_KEY)
    if (note := import_note(loaded)) is not None:
        st.session_state[UPLOAD_NOTE] = note


def load_choice(choice: str, lang: str) -> Loaded:
    """A built-in scenario by id, or every scenario (``ALL_SCENARIOS``), in ``lang``."""
    scenarios = load_index()
    if choice == ALL_SCENARIOS:
        return Loaded(load_all(scenarios, lang), ALL_SCENARIOS, "all")
    return Loaded(load_scenario(next(s for s in scenarios if s.id == choice), lang), choice, "scenario")


def default_cases(lang: str) -> Loaded:
    """What the RAG page shows while nothing is stored: the first scenario."""
    return load_choice(load_index()[0].id, lang)


def rag_source(lang: str, prefix: str = "rag", choices: bool = True) -> Source:
    """The RAG page's data block; ``prefix`` keys its widgets (``rag``: the page's sidebar, ``home``: the home page's
    upload) and ``choices`` offers the built-in scenarios beside the upload."""
    scenarios = load_index()
    by_id = {s.id: s for s in scenarios}
    box = f"{prefix}_upload"
    return Source(
        RAG, prefix, "rag", lambda choice: load_choice(choice, lang),
        choices=[s.id for s in scenarios] + [ALL_SCENARIOS] if choices else (),
        # Option labels bind the language now: a format_func is also called outside the run.
        choice_label=lambda sid: (
            translate(lang, "common.all_scenarios") if sid == ALL_SCENARIOS else by_id[sid].title_in(lang)),
        choice_title="common.scenario",
        upload_shown="rag.upload_shown", choice_title_upload="rag.scenario_instead",
        # Our cases, or another tool's file; None: a promptfoo file awaits its mapping (under this box).
        read_upload=lambda data, name, limit: read_case_upload(data, name, limit, box=box),
        upload_label="common.upload", upload_help="rag.import.upload_help",
        upload_types=UPLOAD_TYPES, count=lambda dataset: len(dataset.cases), too_large_command=too_large_command,
        pending=promptfoo_mapping,
        changes=lambda original, current: changed_items(original.cases, current.cases),
    )
