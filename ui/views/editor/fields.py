"""Text fields whose value is stored the moment it changes, and which keep what was typed when it is refused.

A field is drawn under a key made of its place and a checksum of the stored text: the person's typing lives in
the widget's state until it is stored (then the stored text is the new starting value, under a new key); a refused
value stays in the box, with the reason right under it in the reader's language. A change made elsewhere (a split,
another tab) gives the field a new key, so it shows the stored text, never an old copy of it.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import t
from uncase_core.errors import InputError

Record = Mapping[str, Any]


class EditorData(Protocol):
    """What a field needs of the data it edits (the RAG cases' :class:`ui.views.editor.data.EditorData`, the summary
    cases' :class:`ui.views.editor.summary_data.SummaryEditorData`): the reader's language, the one way records are
    stored, and where the labels a stored record cleared are said in the next run."""

    language: str
    notice_key: str

    def store_all(self, records: list[Record]) -> bool: ...


class FieldProblem(Exception):
    """A typed value the page itself refuses (not a record's problem): ``message`` is already in the reader's
    language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def field_key(place: str, stored: Any) -> str:
    text = stored if isinstance(stored, str) else repr(stored)
    return f"editor_{place}_{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def stored_field(data: EditorData, place: str, stored: Any, make: Callable[[Any], Record | list[Record]],
                 widget: Any = None, **kwargs: Any) -> Any:
    """Draw a text field (``st.text_area`` unless ``widget``: a text input, a choice, a checkbox) starting from
    ``stored``; a changed value becomes the record (or records) ``make(value)``, stored at once (then the page runs
    again), or its refusal is shown under the field (an InputError of the core, or a :class:`FieldProblem`)."""
    key = field_key(place, stored)
    if key not in st.session_state:
        st.session_state[key] = stored
    value = (widget or st.text_area)(key=key, **kwargs)
    if value != stored:
        try:
            made = make(value)
        except InputError as error:
            st.error(error_text(error, data.language))
            return value
        except FieldProblem as problem:
            st.error(problem.message)
            return value
        records = made if isinstance(made, list) else [made]
        if records and data.store_all(records):
            for record in records:
                remember_cleared(record, data.notice_key)
            st.rerun()
    return value


NOTICE_KEY = "editor_notice"  # what the last change did, said once in the next run


def remember_cleared(record: Record, key: str = NOTICE_KEY) -> None:
    """Keep what a stored record cleared, for the notice at the top of the next run (under ``key``: each kind of
    case says its own)."""
    if record.get("cleared"):
        st.session_state[key] = [*st.session_state.get(key, []), *record["cleared"]]


def act(data: EditorData, make: Callable[[], Record]) -> None:
    """A button's change: make the record, store it and run again, or say why it was refused."""
    try:
        record = make()
    except InputError as error:
        st.error(error_text(error, data.language))
        return
    if data.store_all([record]):
        remember_cleared(record, data.notice_key)
        st.rerun()


def label_names(kind: str, names: list[str]) -> str:
    return ", ".join(t(f"label.{name}") for name in names)
