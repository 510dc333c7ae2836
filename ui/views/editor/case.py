"""Editing one case: its id, question, passages, answer and claims, reference and facts, and metadata.

Every text is a field stored the moment it changes (:mod:`ui.views.editor.fields`); passages, claims and facts
each have move, delete and add, and claims and facts split and merge. A label cleared by a text change is said
beside the unit, naming it, until the unit is labelled again.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import t
from ui.i18n import translate
from ui.views.editor.data import EditorData
from ui.views.editor.fields import NOTICE_KEY, FieldProblem, Record, act, field_key, label_names, stored_field
from ui.views.editor.form import LANGUAGE_CHOICES, parse_extra, split_passages
from ui.widgets.numbers import number_box
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagCase
from uncase_core.rag.edits import (
    METADATA_KEYS,
    add_unit,
    apply_rag_edit,
    case_text,
    merge_units,
    move_unit,
    reference_text,
    remove_unit,
    set_case_id,
    set_metadata,
    split_point,
    split_unit,
    unit_text,
)

KIND_WORD = MappingProxyType({"passages": "editor.passage", "claims": "editor.claim", "reference_facts": "editor.fact"})


def draw_notices(data: EditorData, case: RagCase) -> dict[tuple[str, str], list[str]]:
    """The labels cleared by text changes and not set again, said at the top; returned by unit for the units."""
    cleared = {(kind, unit_id): names for kind, unit_id, names in data.cleared_now(case)}
    just = st.session_state.pop(NOTICE_KEY, None)
    if just:
        st.warning(t("editor.cleared_now", units=", ".join(
            f"{t(KIND_WORD[item['kind']])} {literal(item['unit_id'])}" for item in just)))
    if cleared:
        st.info(t("editor.cleared_list", units=", ".join(
            f"{t(KIND_WORD[kind])} {literal(unit_id)} ({label_names(kind, names)})"
            for (kind, unit_id), names in cleared.items())))
    return cleared


def draw_case(data: EditorData, index: int) -> None:
    dataset = data.dataset
    case = dataset.cases[index]
    cleared = draw_notices(data, case)
    stored_field(data, f"{index}_id", case.id, lambda value: set_case_id(dataset, index, value.strip()),
                 widget=st.text_input, label=t("editor.id"), help=t("editor.id_help"))
    stored_field(data, f"{index}_question", case.question,
                 lambda value: case_text(dataset, index, "question", value), label=t("editor.question"), height=80)
    _units(data, index, "passages", cleared)
    stored_field(data, f"{index}_answer", case.answer, lambda value: case_text(dataset, index, "answer", value),
                 label=t("editor.answer"), height=100, help=t("editor.answer_edit_help"))
    if st.button(t("editor.resplit_answer"), key=f"editor_{index}_resplit_answer", help=t("editor.resplit_help")):
        act(data, lambda: case_text(dataset, index, "answer", case.answer, split=True))
    _units(data, index, "claims", cleared)
    reference = reference_text(case)
    stored_field(data, f"{index}_reference", reference,
                 lambda value: case_text(dataset, index, "reference", value), label=t("editor.reference"),
                 height=100, help=t("editor.reference_edit_help"))
    if st.button(t("editor.resplit_reference"), key=f"editor_{index}_resplit_reference",
                 help=t("editor.resplit_help")):
        act(data, lambda: case_text(dataset, index, "reference", reference, split=True))
    _units(data, index, "reference_facts", cleared)
    _metadata(data, index)


def _units(data: EditorData, index: int, kind: str, cleared: dict[tuple[str, str], list[str]]) -> None:
    dataset = data.dataset
    units = dataset.cases[index].units(kind)
    st.markdown(f"**{t(f'units.{kind}')}** · {t(f'editor.{kind}_count', count=len(units))}")
    word = t(KIND_WORD[kind])
    for position, unit in enumerate(units):
        with st.container(border=True):
            stored_field(data, f"{index}_{kind}_{unit.id}", unit.text,
                         lambda value, p=position: unit_text(dataset, index, kind, p, value),
                         label=f"{word} {literal(unit.id)}", height=68 if kind != "passages" else 110)
            if (kind, unit.id) in cleared:
                st.warning(t("editor.cleared_unit", unit=f"{word} {literal(unit.id)}",
                             labels=label_names(kind, cleared[(kind, unit.id)])))
            _unit_buttons(data, index, kind, position, len(units))
    _add_units(data, index, kind)


def _unit_buttons(data: EditorData, index: int, kind: str, position: int, count: int) -> None:
    dataset = data.dataset
    unit = dataset.cases[index].units(kind)[position]
    base = f"editor_{index}_{kind}_{unit.id}"
    row = st.container(horizontal=True, gap="small")
    if row.button(t("editor.up"), key=f"{base}_up", disabled=position == 0, help=t("editor.up_help")):
        act(data, lambda: move_unit(dataset, index, kind, position, position - 1))
    if row.button(t("editor.down"), key=f"{base}_down", disabled=position == count - 1, help=t("editor.down_help")):
        act(data, lambda: move_unit(dataset, index, kind, position, position + 1))
    if kind != "passages":
        if row.button(t("editor.merge"), key=f"{base}_merge", disabled=position == count - 1,
                      help=t("editor.merge_help")):
            act(data, lambda: merge_units(dataset, index, kind, position))
        with row.popover(t("editor.split"), help=t("editor.split_help")):
            offered = split_point(unit.text) or 1
            last = max(len(unit.text) - 1, 1)
            # The reader's digits and a refusal in the reader's language (Streamlit's number box words its range
            # message in English); the box is keyed by the text, so a new text starts at its own split point.
            at = number_box(field_key(f"{index}_{kind}_{unit.id}_at", unit.text), min(offered, last),
                            t("editor.split_at"), whole=True, low=1, high=last)
            st.text(unit.text[:int(at)].strip())
            st.text(unit.text[int(at):].strip())
            if st.button(t("editor.split_here"), key=f"{base}_split"):
                act(data, lambda: split_unit(dataset, index, kind, position, int(at)))
    if row.button(t("editor.delete"), key=f"{base}_delete", help=t("editor.delete_help")):
        act(data, lambda: remove_unit(dataset, index, kind, position))


def _add_units(data: EditorData, index: int, kind: str) -> None:
    """A box to add units at the end (several passages at once, separated by blank lines); emptied once stored."""
    key = f"editor_{index}_{kind}_new"
    if st.session_state.get("editor_added") == key:
        del st.session_state["editor_added"]
        st.session_state.pop(key, None)
    text = st.text_area(t(f"editor.add_{kind}"), key=key, height=68,
                        help=t("editor.passages_help") if kind == "passages" else None)
    if not st.button(t(f"editor.add_{kind}_button"), key=f"{key}_button"):
        return
    dataset, records = data.dataset, []
    try:
        for value in (split_passages(text) if kind == "passages" else [text]) or [""]:
            records.append(add_unit(dataset, index, kind, value))
            dataset = apply_rag_edit(dataset, records[-1])
    except InputError as error:
        st.error(error_text(error, data.language))
        return
    if data.store_all(records):
        st.session_state["editor_added"] = key
        st.rerun()


def _metadata(data: EditorData, index: int) -> None:
    dataset = data.dataset
    case = dataset.cases[index]
    st.markdown(f"**{t('editor.metadata')}**")
    columns = st.columns(4)
    language = case.metadata.get("language", "")
    with columns[0]:
        choices = list(dict.fromkeys([*LANGUAGE_CHOICES, language if isinstance(language, str) else ""]))
        stored_field(data, f"{index}_meta_language", language if isinstance(language, str) else "",
                     lambda value: set_metadata(dataset, index, "language", value or None), widget=st.selectbox,
                     label=t("editor.meta_language"), options=choices,
                     format_func=lambda code, lang=data.language: translate(lang, f"editor.language_{code}")
                     if code in LANGUAGE_CHOICES[:2] else (code or translate(lang, "editor.language_none")))
    for column, name in zip(columns[1:], METADATA_KEYS[1:], strict=True):
        value = case.metadata.get(name, "")
        with column:
            stored_field(data, f"{index}_meta_{name}", value if isinstance(value, str) else json.dumps(value),
                         lambda typed, name=name: set_metadata(dataset, index, name, typed.strip() or None),
                         widget=st.text_input, label=t(f"editor.meta_{name}"))
    free = {key: value for key, value in case.metadata.items() if key not in METADATA_KEYS}
    written = "\n".join(f"{key} = {value}" for key, value in free.items() if isinstance(value, str))
    others = {key: value for key, value in free.items() if not isinstance(value, str)}
    stored_field(data, f"{index}_meta_extra", written, lambda typed: _extra_records(data, index, typed, free),
                 label=t("editor.meta_extra"), height=80, help=t("editor.meta_extra_help"))
    if others:
        st.caption(t("editor.meta_other"))
        st.code(json.dumps(others, ensure_ascii=False, indent=1), language="json")


def _extra_records(data: EditorData, index: int, typed: str, free: dict[str, Any]) -> list[Record]:
    """The records that make the free keys what the box says (a key left out is removed)."""
    found, bad_line = parse_extra(typed)
    if bad_line is not None:
        raise FieldProblem(t("editor.meta_extra_bad_line", line=bad_line))
    dataset, records = data.dataset, []
    changes = [(key, value) for key, value in found.items() if free.get(key) != value]
    changes += [(key, None) for key, value in free.items() if isinstance(value, str) and key not in found]
    for key, value in changes:
        records.append(set_metadata(dataset, index, key, value))
        dataset = apply_rag_edit(dataset, records[-1])
    return records
