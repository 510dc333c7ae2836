"""The form for a new summary case: id, the transcript (one turn per line), the summary (its first section), the
accuracy points, the adherence rubrics, the completeness questions and their items, and metadata.

Every field is stored in the workspace as it changes (as the RAG form's are), so what is typed survives a reload or
a restart before "Create". On "Create" the case is one ``new_case`` record of :mod:`uncase_core.summaries.edits`
(points left empty are the summary's sentences, split by the core) and the fields start empty again; a refusal is
shown at the field it names, in the reader's language, and everything typed stays. More sections are added in the
editor once the case exists. While the summary page holds a built-in scenario, the first case written starts summary
cases of the person's own holding only that case, asking first when the scenario carries the person's changes
(:mod:`ui.views.editor.own_cases`).
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.state import forget, kept, save_settings, t
from ui.i18n import CATALOGUES, translate
from ui.views.editor.form import LANGUAGE_CHOICES, parse_extra
from ui.views.editor.own_cases import create_or_ask, say_created
from ui.views.editor.summary_data import SUMMARY_CHOOSE_KEY, SummaryEditorData
from uncase_core.errors import InputError
from uncase_core.shared.edits import SECTION_KINDS
from uncase_core.summaries.edits import ROLES, apply_summary_edit, new_case

FIELDS = ("id", "transcript", "section_name", "kind", "categorical", "allowed_values", "instruction", "summary",
          "points", "rubrics", "completeness", "language", "domain", "split", "source", "extra")
FORM_KEY = "sumnew"
ERROR_KEY = "sumnew_error"  # (field, InputError or a catalogue message) of the last refused "Create"
DONE_KEY = "sumnew_done"  # a case was created: the form starts empty in the next run
CREATED_KEY = "sumnew_created"  # (case id, whether it started the person's own cases), said once
_ITEM = re.compile(r"^\s*[-*•·]\s*")


def role_words() -> dict[str, str]:
    """What a turn may start with, lower-cased, in any language of the catalogues (``agent``, ``agente``...) ->
    the role the format stores."""
    words = {role: role for role in ROLES}
    for catalogue in CATALOGUES.values():
        for role in ROLES:
            words[catalogue[f"sumed.role.{role}"].casefold()] = role
    return words


def parse_transcript(text: str) -> tuple[list[dict[str, str]], int | None]:
    """Turns written one per line as ``Agent: ...`` or ``Customer: ...`` (or the Spanish words); a line without a
    role continues the turn above it. Returns the turns and the first line that cannot start a turn (None: all
    read)."""
    words = role_words()
    turns: list[dict[str, str]] = []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not line.strip():
            continue
        head, colon, rest = line.partition(":")
        role = words.get(head.strip().casefold()) if colon else None
        if role is not None:
            turns.append({"role": role, "text": rest.strip()})
        elif turns:
            turns[-1]["text"] = f"{turns[-1]['text']}\n{line.strip()}".strip()
        else:
            return turns, number
    return turns, None


def parse_lines(text: str) -> list[str]:
    """One entry per non-empty line, trimmed (a leading ``-`` or bullet dropped)."""
    return [_ITEM.sub("", line).strip() for line in text.splitlines() if line.strip()]


def parse_completeness(text: str) -> tuple[list[dict[str, Any]], int | None]:
    """Questions, one per line, each followed by its items on lines starting with ``-``; the first item line that
    comes before any question (None: all read)."""
    questions: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if _ITEM.match(line):
            if not questions:
                return questions, number
            questions[-1]["items"].append(_ITEM.sub("", line).strip())
        else:
            questions.append({"question": line.strip(), "items": []})
    return questions, None


def _key(field: str) -> str:
    return f"{FORM_KEY}_{field}"


_SECTION_FIELDS = MappingProxyType({"name": "section_name", "kind": "kind", "categorical": "categorical",
                                    "allowed_values": "allowed_values", "instruction": "instruction",
                                    "text": "summary"})


def _field_of(where: str) -> str:
    """The form field a refusal's place names (``sections[0].text`` is the summary box)."""
    parts = re.split(r"[.\[\]]+", where)
    head = parts[0]
    if head == "sections":
        return next((_SECTION_FIELDS[part] for part in parts[1:] if part in _SECTION_FIELDS), "summary")
    if head == "metadata":
        return parts[1] if len(parts) > 1 and parts[1] in FIELDS else "extra"
    return head if head in FIELDS else "summary"


def _say(field: str, slots: dict[str, Any], language: str) -> None:
    error = st.session_state.get(ERROR_KEY)
    if error is None or error[0] != field:
        return
    message = error[1]
    slots[field].error(error_text(message, language) if isinstance(message, InputError) else message)


def draw_new_summary_form(data: SummaryEditorData) -> None:
    """The form; a case it creates is stored and opened in the editor (the page runs again)."""
    if st.session_state.pop(DONE_KEY, False):
        forget(*(_key(field) for field in FIELDS))
    lang = data.language
    slots: dict[str, Any] = {}
    with st.container(border=True, key=FORM_KEY):
        kept(st.text_input, _key("id"), "", t("editor.id"), help=t("editor.id_help"))
        slots["id"] = st.empty()
        kept(st.text_area, _key("transcript"), "", t("sumed.transcript"), height=180,
             help=t("sumed.transcript_help"), placeholder=t("sumed.transcript_placeholder"))
        slots["transcript"] = st.empty()
        st.markdown(f"**{t('sumed.summary')}**")
        st.caption(t("sumed.summary_help"))
        columns = st.columns([2, 1, 1])
        with columns[0]:
            kept(st.text_input, _key("section_name"), t("sumed.section_default"), t("sumed.section_name"))
        with columns[1]:
            kept(st.selectbox, _key("kind"), SECTION_KINDS[0], t("sum.col.kind"), options=list(SECTION_KINDS),
                 format_func=lambda kind, lang=lang: translate(lang, f"sum.kind.{kind}"),
                 help=t("sumed.kind_help"))
        with columns[2]:
            kept(st.checkbox, _key("categorical"), False, t("sum.col.categorical"), help=t("sumed.categorical_help"))
        for field in ("section_name", "kind", "categorical"):
            slots[field] = st.empty()
        kept(st.text_area, _key("allowed_values"), "", t("sumed.allowed_values"), height=68,
             help=t("sumed.allowed_values_help"))
        slots["allowed_values"] = st.empty()
        kept(st.text_area, _key("instruction"), "", t("sumed.instruction"), height=68)
        slots["instruction"] = st.empty()
        kept(st.text_area, _key("summary"), "", t("sumed.summary_text"), height=120)
        slots["summary"] = st.empty()
        kept(st.text_area, _key("points"), "", t("sumed.points"), height=100, help=t("sumed.points_help"))
        slots["points"] = st.empty()
        kept(st.text_area, _key("rubrics"), "", t("sumed.rubrics"), height=100, help=t("sumed.rubrics_help"),
             placeholder=t("sumed.rubrics_placeholder"))
        slots["rubrics"] = st.empty()
        kept(st.text_area, _key("completeness"), "", t("sumed.completeness"), height=140,
             help=t("sumed.completeness_help"), placeholder=t("sumed.completeness_placeholder"))
        slots["completeness"] = st.empty()
        st.markdown(f"**{t('editor.metadata')}**")
        columns = st.columns(4)
        with columns[0]:
            kept(st.selectbox, _key("language"), lang if lang in LANGUAGE_CHOICES else "", t("editor.meta_language"),
                 options=list(LANGUAGE_CHOICES),
                 format_func=lambda code, lang=lang: translate(lang, f"editor.language_{code or 'none'}"))
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
    create_or_ask(data, created, FORM_KEY, "sumed.replace_scenario", lambda: _create(data))
    for field in slots:
        _say(field, slots, lang)


def _refuse(field: str, message: Any) -> None:
    st.session_state[ERROR_KEY] = (field, message)


def _create(data: SummaryEditorData) -> None:
    state = st.session_state
    value = lambda field: state.get(_key(field)) or ""  # noqa: E731
    turns, bad_turn = parse_transcript(value("transcript"))
    if bad_turn is not None:
        return _refuse("transcript", t("sumed.transcript_bad_line", line=bad_turn))
    questions, bad_item = parse_completeness(value("completeness"))
    if bad_item is not None:
        return _refuse("completeness", t("sumed.completeness_bad_line", line=bad_item))
    extra, bad_line = parse_extra(value("extra"))
    if bad_line is not None:
        return _refuse("extra", t("editor.meta_extra_bad_line", line=bad_line))
    metadata = {**extra, **{name: value(name).strip() for name in ("domain", "split", "source")}}
    metadata["source"] = metadata["source"] or t("editor.source_default")
    allowed = parse_lines(value("allowed_values"))
    section = {"name": value("section_name").strip(), "kind": state.get(_key("kind")) or SECTION_KINDS[0],
               "categorical": bool(state.get(_key("categorical"))), "instruction": value("instruction"),
               "allowed_values": allowed or None, "text": value("summary")}
    own = data.holds_built_in
    cases = () if own else data.cases
    try:
        record = new_case(cases, value("id").strip(), turns, [section], parse_lines(value("points")) or None,
                          parse_lines(value("rubrics")), questions, value("language"), metadata)
    except InputError as error:
        return _refuse(_field_of(error.where), error)
    state.pop(ERROR_KEY, None)
    if data.start_own(apply_summary_edit(cases, record)) if own else data.store_all([record]):
        # The stored fields start empty again (the next session's form too); this session's, when next drawn.
        save_settings(dict.fromkeys(_key(field) for field in FIELDS))
        state[DONE_KEY] = True
        state[SUMMARY_CHOOSE_KEY] = len(cases)
        state[CREATED_KEY] = (record["id"], own)
        st.rerun()
    return None


def created_note() -> None:
    say_created(CREATED_KEY, "sumed.created", "sumed.own_cases")
