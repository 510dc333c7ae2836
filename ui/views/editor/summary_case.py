"""Editing one summary case: its id and language, transcript turns, sections, accuracy points, adherence rubrics,
completeness questions and their items, and metadata.

Every text is a field stored the moment it changes (:mod:`ui.views.editor.fields`); every unit has move up, move
down and delete, and each kind an add box. A label cleared by a text change is said beside the unit, naming it,
until the unit is labelled again on the summary page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import t
from ui.i18n import translate
from ui.views.editor.fields import FieldProblem, Record, act, stored_field
from ui.views.editor.form import LANGUAGE_CHOICES, parse_extra
from ui.views.editor.summary_data import SummaryEditorData
from ui.views.editor.summary_form import parse_completeness, parse_lines, parse_transcript
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.shared.edits import SECTION_KINDS
from uncase_core.summaries.cases import cases_to_text
from uncase_core.summaries.edits import (
    LABEL_OF,
    METADATA_KEYS,
    ROLES,
    ClearedLabel,
    add_unit,
    apply_summary_edit,
    move_unit,
    remove_unit,
    set_summary_id,
    set_summary_metadata,
    set_unit_field,
    split_points,
    summary_edit,
    summary_metadata,
)
from uncase_core.summaries.evaluation import categorical_check
from uncase_core.summaries.format import SummaryCase

KIND_WORD = MappingProxyType({"transcript": "sumed.turn", "sections": "sumed.section", "accuracy": "sumed.point",
                              "rubrics": "sumed.rubric", "completeness": "sumed.question", "items": "sumed.item"})


def unit_name(kind: str, unit: int, question: int | None = None) -> str:
    """``Point 2``, ``Item 1.3`` (item 3 of question 1): how the editor names a unit, counted from 1."""
    number = f"{(question or 0) + 1}.{unit + 1}" if kind == "items" else str(unit + 1)
    return f"{t(KIND_WORD[kind])} {number}"


def _label_name(kind: str) -> str:
    return t(f"sum.col.{LABEL_OF[kind]}")


def draw_summary_notices(data: SummaryEditorData, index: int) -> dict[tuple[str, int | None, int], ClearedLabel]:
    """The labels cleared by text changes and not set again, said at the top; returned by unit for the units."""
    cleared = {(item.kind, item.question, item.unit): item for item in data.cleared_now(index)}
    just = st.session_state.pop(data.notice_key, None)
    if just:
        st.warning(t("sumed.cleared_now", units=", ".join(
            unit_name(item["kind"], item["unit"], item.get("question")) for item in just)))
    if cleared:
        st.info(t("sumed.cleared_list", units=", ".join(
            f"{unit_name(item.kind, item.unit, item.question)} ({_label_name(item.kind)})"
            for item in cleared.values())))
    return cleared


def draw_summary_case(data: SummaryEditorData, index: int) -> None:
    cases = data.cases
    case = cases[index]
    cleared = draw_summary_notices(data, index)
    columns = st.columns([3, 1])
    with columns[0]:
        stored_field(data, f"sum_{index}_id", case.id, lambda value: set_summary_id(cases, index, value.strip()),
                     widget=st.text_input, label=t("editor.id"), help=t("editor.id_help"))
    with columns[1]:
        choices = list(dict.fromkeys([*LANGUAGE_CHOICES, case.language]))
        stored_field(data, f"sum_{index}_language", case.language,
                     lambda value: set_summary_metadata(cases, index, "language", value or None),
                     widget=st.selectbox, label=t("editor.meta_language"), options=choices,
                     format_func=lambda code, lang=data.language: translate(lang, f"editor.language_{code}")
                     if code in LANGUAGE_CHOICES[:2] else (code or translate(lang, "editor.language_none")))
    with st.expander(f"{t('sum.transcript')} · {t('sumed.turns_count', count=len(case.transcript))}"):
        _turns(data, index)
    _sections(data, index)
    st.markdown(f"**{t('sum.metric.accuracy')}** · {t('sumed.points_count', count=len(case.accuracy))}")
    if st.button(t("sumed.resplit"), key=f"sumed_{index}_resplit", help=t("sumed.resplit_help")):
        act(data, lambda: split_points(cases, index))
    for position, point in enumerate(case.accuracy):
        with st.container(border=True):
            _unit_fields(data, index, "accuracy", position, point, cleared)
    _add_box(data, index, "accuracy", lambda text: [{"point": line} for line in parse_lines(text)])
    st.markdown(f"**{t('sum.metric.adherence')}** · {t('sumed.rubrics_count', count=len(case.rubrics))}")
    for position, rubric in enumerate(case.rubrics):
        with st.container(border=True):
            _unit_fields(data, index, "rubrics", position, rubric, cleared)
    _add_box(data, index, "rubrics", lambda text: [{"question": line} for line in parse_lines(text)])
    _completeness(data, index, cleared)
    _metadata(data, index)


# ---------------------------------------------------------------- one unit: its texts and buttons

_HEIGHTS = MappingProxyType({"text": 80, "point": 68, "accuracy": 68, "question": 68, "reasoning": 68,
                             "transcript_content": 68, "related_content_from_summary": 68})


def _unit_fields(data: SummaryEditorData, index: int, kind: str, position: int, unit: Any,
                 cleared: dict[tuple[str, int | None, int], ClearedLabel], question: int | None = None) -> None:
    cases = data.cases
    name = unit_name(kind, position, question)
    fields = {"accuracy": ("point", "accuracy"), "rubrics": ("question", "reasoning"),
              "items": ("transcript_content", "related_content_from_summary")}[kind]
    for number, field in enumerate(fields):
        stored_field(data, f"sum_{index}_{kind}_{question}_{position}_{field}", getattr(unit, field),
                     lambda value, field=field: set_unit_field(cases, index, kind, position, field, value, question),
                     label=name if number == 0 else t(f"sum.col.{field}"), height=_HEIGHTS[field])
    if (kind, question, position) in cleared:
        st.warning(t("sumed.cleared_unit", unit=name, labels=_label_name(kind)))
    _buttons(data, index, kind, position, question)


def _buttons(data: SummaryEditorData, index: int, kind: str, position: int, question: int | None = None) -> None:
    cases = data.cases
    case = cases[index]
    count = (len(case.completeness[question or 0].content_list) if kind == "items"
             else len(getattr(case, kind)))
    base = f"sumed_{index}_{kind}_{question}_{position}"
    row = st.container(horizontal=True, gap="small")
    if row.button(t("editor.up"), key=f"{base}_up", disabled=position == 0, help=t("editor.up_help")):
        act(data, lambda: move_unit(cases, index, kind, position, position - 1, question))
    if row.button(t("editor.down"), key=f"{base}_down", disabled=position == count - 1, help=t("editor.down_help")):
        act(data, lambda: move_unit(cases, index, kind, position, position + 1, question))
    if row.button(t("editor.delete"), key=f"{base}_delete", help=t(f"sumed.delete_help_{kind}")):
        act(data, lambda: remove_unit(cases, index, kind, position, question))


def _add_box(data: SummaryEditorData, index: int, kind: str, parse: Callable[[str], list[dict[str, Any]]],
             question: int | None = None) -> None:
    """A box to add units at the end (one per line; turns as ``Agent: ...``); emptied once stored."""
    key = f"sumed_{index}_{kind}_{question}_new"
    if st.session_state.get("sumed_added") == key:
        del st.session_state["sumed_added"]
        st.session_state.pop(key, None)
    text = st.text_area(t(f"sumed.add_{kind}"), key=key, height=68, help=t(f"sumed.add_{kind}_help"))
    if not st.button(t(f"sumed.add_{kind}_button"), key=f"{key}_button"):
        return
    cases, records = data.cases, []
    try:
        for value in parse(text) or [{}]:
            items = value.pop("_items", [])  # a completeness question's items, written under it
            records.append(add_unit(cases, index, kind, value, question=question))
            cases = apply_summary_edit(cases, records[-1])
            added = records[-1]["position"]  # the question just added (questions are added at the end)
            for item in items:
                records.append(add_unit(cases, index, "items", {"transcript_content": item}, question=added))
                cases = apply_summary_edit(cases, records[-1])
    except FieldProblem as problem:
        st.error(problem.message)
        return
    except InputError as error:
        st.error(error_text(error, data.language))
        return
    if data.store_all(records):
        st.session_state["sumed_added"] = key
        st.rerun()


# ---------------------------------------------------------------- the transcript and the sections


def _turn_lines(text: str) -> list[dict[str, Any]]:
    turns, bad_line = parse_transcript(text)
    if bad_line is not None:
        raise FieldProblem(t("sumed.transcript_bad_line", line=bad_line))
    return turns


def _turns(data: SummaryEditorData, index: int) -> None:
    cases = data.cases
    for position, turn in enumerate(cases[index].transcript):
        with st.container(border=True):
            name = unit_name("transcript", position)
            roles = list(dict.fromkeys([*ROLES, turn.role]))
            stored_field(data, f"sum_{index}_transcript_{position}_role", turn.role,
                         lambda value, p=position: set_unit_field(cases, index, "transcript", p, "role", value),
                         widget=st.selectbox, label=f"{name} · {t('sumed.role')}", options=roles,
                         format_func=lambda role, lang=data.language: translate(lang, f"sumed.role.{role}")
                         if role in ROLES else role)
            stored_field(data, f"sum_{index}_transcript_{position}_text", turn.text,
                         lambda value, p=position: set_unit_field(cases, index, "transcript", p, "text", value),
                         label=name, height=_HEIGHTS["text"])
            _buttons(data, index, "transcript", position)
    _add_box(data, index, "transcript", _turn_lines)


def _allowed(value: str) -> list[str] | None:
    return parse_lines(value) or None


def _sections(data: SummaryEditorData, index: int) -> None:
    cases = data.cases
    case = cases[index]
    st.markdown(f"**{t('sum.summary')}** · {t('sumed.sections_count', count=len(case.sections))}")
    for position, section in enumerate(case.sections):
        with st.container(border=True):
            name = unit_name("sections", position)
            columns = st.columns([2, 1, 1])
            place = f"sum_{index}_sections_{position}"
            with columns[0]:
                stored_field(data, f"{place}_name", section.name,
                             lambda value, p=position: set_unit_field(cases, index, "sections", p, "name", value),
                             widget=st.text_input, label=f"{name} · {t('sumed.section_name')}")
            with columns[1]:
                stored_field(data, f"{place}_kind", section.kind,
                             lambda value, p=position, s=section: summary_edit(
                                 cases, "section", index, index=p, kind=value, categorical=s.categorical),
                             widget=st.selectbox, label=t("sum.col.kind"), options=list(SECTION_KINDS),
                             format_func=lambda kind, lang=data.language: translate(lang, f"sum.kind.{kind}"))
            with columns[2]:
                stored_field(data, f"{place}_categorical", section.categorical,
                             lambda value, p=position, s=section: summary_edit(
                                 cases, "section", index, index=p, kind=s.kind, categorical=bool(value)),
                             widget=st.checkbox, label=t("sum.col.categorical"))
            if section.categorical or section.allowed_values:
                stored_field(data, f"{place}_allowed", "\n".join(section.allowed_values or ()),
                             lambda value, p=position: set_unit_field(cases, index, "sections", p, "allowed_values",
                                                                      _allowed(value)),
                             label=t("sumed.allowed_values"), height=68, help=t("sumed.allowed_values_help"))
            stored_field(data, f"{place}_instruction", section.instruction,
                         lambda value, p=position: set_unit_field(cases, index, "sections", p, "instruction", value),
                         label=t("sumed.instruction"), height=68)
            stored_field(data, f"{place}_text", section.text,
                         lambda value, p=position: set_unit_field(cases, index, "sections", p, "text", value),
                         label=t("sumed.summary_text"), height=100, help=t("sumed.summary_edit_help"))
            check = categorical_check(section)
            if check is not None:
                st.caption(t("sum.categorical_ok" if check else "sum.categorical_bad", name=literal(section.name),
                             allowed=literal(", ".join(section.allowed_values or ()))))
            _buttons(data, index, "sections", position)
    _add_box(data, index, "sections", lambda text: [{"name": t("sumed.section_numbered",
                                                              number=len(case.sections) + 1), "text": text}]
             if text.strip() else [{"name": t("sumed.section_numbered", number=len(case.sections) + 1)}])


# ---------------------------------------------------------------- completeness questions and their items


def _completeness(data: SummaryEditorData, index: int, cleared: dict[tuple[str, int | None, int], ClearedLabel]
                  ) -> None:
    cases = data.cases
    case = cases[index]
    st.markdown(f"**{t('sum.metric.completeness')}** · "
                f"{t('sumed.questions_count', count=len(case.completeness))}")
    for q, question in enumerate(case.completeness):
        with st.container(border=True):
            name = unit_name("completeness", q)
            stored_field(data, f"sum_{index}_completeness_{q}_question", question.question,
                         lambda value, q=q: set_unit_field(cases, index, "completeness", q, "question", value),
                         label=name, height=68)
            _buttons(data, index, "completeness", q)
            if not question.content_list:
                st.caption(t("sumed.nothing_to_cover"))
            for position, item in enumerate(question.content_list):
                with st.container(border=True):
                    _unit_fields(data, index, "items", position, item, cleared, question=q)
            _add_box(data, index, "items", lambda text: [{"transcript_content": line} for line in parse_lines(text)],
                     question=q)
    _add_box(data, index, "completeness", _questions)


def _questions(text: str) -> list[dict[str, Any]]:
    """New questions from the add box: one per line, each with its items on the lines below it starting with ``-``
    (added right after the question)."""
    questions, bad_line = parse_completeness(text)
    if bad_line is not None:
        raise FieldProblem(t("sumed.completeness_bad_line", line=bad_line))
    return [{"question": item["question"], "_items": item["items"]} for item in questions]


# ---------------------------------------------------------------- metadata


def _metadata(data: SummaryEditorData, index: int) -> None:
    cases = data.cases
    metadata = summary_metadata(cases[index])
    st.markdown(f"**{t('editor.metadata')}**")
    columns = st.columns(3)
    for column, name in zip(columns, METADATA_KEYS[1:], strict=True):
        value = metadata.get(name, "")
        with column:
            stored_field(data, f"sum_{index}_meta_{name}", value if isinstance(value, str) else json.dumps(value),
                         lambda typed, name=name: set_summary_metadata(cases, index, name, typed.strip() or None),
                         widget=st.text_input, label=t(f"editor.meta_{name}"))
    free = {key: value for key, value in metadata.items() if key not in METADATA_KEYS}
    written = "\n".join(f"{key} = {value}" for key, value in free.items() if isinstance(value, str))
    others = {key: value for key, value in free.items() if not isinstance(value, str)}
    stored_field(data, f"sum_{index}_meta_extra", written, lambda typed: _extra_records(data, index, typed, free),
                 label=t("editor.meta_extra"), height=80, help=t("editor.meta_extra_help"))
    if others:
        st.caption(t("editor.meta_other"))
        st.code(json.dumps(others, ensure_ascii=False, indent=1), language="json")


def _extra_records(data: SummaryEditorData, index: int, typed: str, free: dict[str, Any]) -> list[Record]:
    """The records that make the free keys what the box says (a key left out is removed)."""
    found, bad_line = parse_extra(typed)
    if bad_line is not None:
        raise FieldProblem(t("editor.meta_extra_bad_line", line=bad_line))
    cases, records = data.cases, []
    changes = [(key, value) for key, value in found.items() if free.get(key) != value]
    changes += [(key, None) for key, value in free.items() if isinstance(value, str) and key not in found]
    for key, value in changes:
        records.append(set_summary_metadata(cases, index, key, value))
        cases = apply_summary_edit(cases, records[-1])
    return records


def case_file(case: SummaryCase) -> str:
    """The case as the download gives it: the summary format (one case, pretty JSON), which loads back the same."""
    return cases_to_text((case,))
