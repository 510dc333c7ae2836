"""The form for a new case: id, question, passages (pasted, separated by blank lines), answer, reference, metadata.

Every field is stored in the workspace as it changes (as the page's other widgets are), so what is typed survives a
reload or a restart before "Create"; not a ``st.form`` for that reason, since a form sends nothing until submitted.
On "Create" the case is one ``new_case`` record (claims and facts split by the core) and the fields start empty
again; a refusal is shown at the field it names, in the reader's language, and everything typed stays.

While the RAG page holds a built-in scenario, the first case written starts a dataset of the person's own holding
only that case, asking first when the scenario carries the person's changes (:mod:`ui.views.editor.own_cases`).
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import forget, kept, save_settings, t
from ui.i18n import translate
from ui.views.editor.data import CHOOSE_KEY, EditorData
from ui.views.editor.own_cases import create_or_ask, say_created
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.edits import apply_rag_edit, new_case

FIELDS = ("id", "question", "passages", "answer", "reference", "language", "domain", "split", "source", "extra")
LANGUAGE_CHOICES = ("en", "es", "")
FORM_KEY = "editor_new"
ERROR_KEY = "editor_new_error"  # (field, InputError or a catalogue message) of the last refused "Create"
DONE_KEY = "editor_new_done"  # a case was created: the form starts empty in the next run
CREATED_KEY = "editor_created"  # (case id, whether it started the person's own dataset), said once
_BLANK_LINES = re.compile(r"\n[ \t]*\n")


def split_passages(text: str) -> list[str]:
    """Passages pasted together, separated by blank lines (each trimmed; empty ones dropped)."""
    return [part.strip() for part in _BLANK_LINES.split(text.replace("\r\n", "\n")) if part.strip()]


def parse_extra(text: str) -> tuple[dict[str, str], int | None]:
    """``key = value`` (or ``key: value``) per line: the free metadata keys, and the first line that is neither."""
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = re.match(r"\s*([^=:]+?)\s*[=:]\s*(.*?)\s*$", line)
        if match is None:
            return found, number
        found[match.group(1)] = match.group(2)
    return found, None


def _key(field: str) -> str:
    return f"{FORM_KEY}_{field}"


def _field_of(where: str) -> str:
    head = re.split(r"[.\[]", where, maxsplit=1)[0]
    if head == "metadata":
        rest = where.split(".", 2)
        return rest[1] if len(rest) > 1 and rest[1] in FIELDS else "extra"
    return head if head in FIELDS else "question"


def _say(field: str, slots: dict[str, Any], language: str) -> None:
    error = st.session_state.get(ERROR_KEY)
    if error is None or error[0] != field:
        return
    message = error[1]
    slots[field].error(error_text(message, language) if isinstance(message, InputError) else message)


def draw_new_case_form(data: EditorData) -> None:
    """The form; a case it creates is stored and opened in the editor (the page runs again)."""
    if st.session_state.pop(DONE_KEY, False):
        forget(*(_key(field) for field in FIELDS))
    slots: dict[str, Any] = {}
    with st.container(border=True, key=FORM_KEY):
        kept(st.text_input, _key("id"), "", t("editor.id"), help=t("editor.id_help"))
        slots["id"] = st.empty()
        kept(st.text_area, _key("question"), "", t("editor.question"), height=80)
        slots["question"] = st.empty()
        kept(st.text_area, _key("passages"), "", t("editor.passages_paste"), height=200,
             help=t("editor.passages_help"))
        slots["passages"] = st.empty()
        kept(st.text_area, _key("answer"), "", t("editor.answer"), height=120, help=t("editor.answer_help"))
        slots["answer"] = st.empty()
        kept(st.text_area, _key("reference"), "", t("editor.reference"), height=120, help=t("editor.reference_help"))
        slots["reference"] = st.empty()
        st.markdown(f"**{t('editor.metadata')}**")
        columns = st.columns(4)
        with columns[0]:
            kept(st.selectbox, _key("language"), data.language if data.language in LANGUAGE_CHOICES else "",
                 t("editor.meta_language"), options=list(LANGUAGE_CHOICES),
                 format_func=lambda code, lang=data.language: translate(lang, f"editor.language_{code or 'none'}"))
        with columns[1]:
            kept(st.text_input, _key("domain"), "", t("editor.meta_domain"))
        with columns[2]:
            kept(st.text_input, _key("split"), "", t("editor.meta_split"), placeholder="dev")
        with columns[3]:
            kept(st.text_input, _key("source"), "", t("editor.meta_source"), placeholder=t("editor.source_default"))
        for field in ("language", "domain", "split", "source"):
            slots[field] = st.empty()
        kept(st.text_area, _key("extra"), "", t("editor.meta_extra"), height=80, help=t("editor.meta_extra_help"))
        slots["extra"] = st.empty()
        created = st.button(t("editor.create"), type="primary", key=f"{FORM_KEY}_create")
    create_or_ask(data, created, FORM_KEY, "editor.replace_scenario", lambda: _create(data))
    for field in slots:
        _say(field, slots, data.language)


def _create(data: EditorData) -> None:
    state = st.session_state
    extra, bad_line = parse_extra(state.get(_key("extra"), ""))
    if bad_line is not None:
        state[ERROR_KEY] = ("extra", t("editor.meta_extra_bad_line", line=bad_line))
        return
    metadata = {**extra, **{name: (state.get(_key(name)) or "").strip()
                            for name in ("language", "domain", "split", "source")}}
    metadata["source"] = metadata["source"] or t("editor.source_default")
    own = data.holds_built_in
    dataset = RagDataset((), "jsonl") if own else data.dataset
    try:
        record = new_case(dataset, (state.get(_key("id")) or "").strip(), state.get(_key("question")) or "",
                          split_passages(state.get(_key("passages")) or ""), state.get(_key("answer")) or "",
                          state.get(_key("reference")) or "", metadata)
    except InputError as error:
        state[ERROR_KEY] = (_field_of(error.where), error)
        return
    state.pop(ERROR_KEY, None)
    if data.start_own(apply_rag_edit(dataset, record)) if own else data.store(record):
        # The stored fields start empty again (the next session's form too); this session's, when next drawn.
        save_settings(dict.fromkeys(_key(field) for field in FIELDS))
        state[DONE_KEY] = True
        state[CHOOSE_KEY] = len(dataset.cases)
        state[CREATED_KEY] = (record["id"], own)
        st.rerun()


def created_note() -> None:
    say_created(CREATED_KEY, "editor.created", "editor.own_dataset")
