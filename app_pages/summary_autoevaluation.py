"""Summary autoevaluation (document 002): accuracy, adherence and completeness, and when each is N/A.

In a workshop room of summary cases this is where its members label their copy: the room's cases only (no other
data, no text or section changes), locked once the facilitator freezes the room, with the room's guidelines, and
after reveal the class's labels and the reference beside each unit."""

import streamlit as st

from ui.frame.data_kinds import SUMMARIES
from ui.frame.input_errors import error_text
from ui.frame.navigation import EDITOR_PAGE
from ui.frame.page import finish_page
from ui.frame.rooms import ROOM_GUIDELINES, is_summary_room, room_of, rooms
from ui.frame.state import (
    current_workspace,
    forget,
    kept,
    language,
    save_settings,
    store_problem_text,
    t,
    workspace_params,
)
from ui.i18n import translate
from ui.page_data.summaries import load_file
from ui.views.editor.summary_data import KIND_KEY, SUMMARY_CHOICE_KEY
from ui.views.room.adjudication import your_gold_agreement
from ui.views.room.participant import class_beside, room_sidebar
from ui.views.room.rooms import follow_room, frozen_now
from ui.views.summaries.focus import summary_focus, summary_guidelines
from ui.views.summaries.view import (
    FROZEN_NOTE,
    SummaryTables,
    draw_explanations,
    draw_judgements,
    draw_results,
    draw_sections,
    draw_transcript,
    read_note,
)
from ui.widgets.data_source import Loaded, Source, changed_items, data_source, follow_language, stored_or_default
from ui.widgets.focus import is_phone, label_view, page_intro
from ui.widgets.guidelines import guidelines_popover
from ui.widgets.text import literal
from uncase_core.assets.reader import SUMMARY_INDEX, load_index
from uncase_core.errors import InputError
from uncase_core.summaries.blocks import parse_judgement_block
from uncase_core.summaries.cases import cases_from_bytes, cases_to_text
from uncase_core.summaries.edits import SUMMARY_LABELS, summary_edit
from uncase_store import StoreError

BLOCK_KINDS = ("accuracy", "adherence", "completeness")
INDEX_KEY = "sum_index"

lang = language()
scenarios = load_index(SUMMARY_INDEX)
by_id = {s.id: s for s in scenarios}
workspace = current_workspace()

# ---------------------------------------------------------------- a workshop room of summary cases, when in one
room = None
if (room_code := room_of(workspace)) is not None:
    try:
        found = rooms().get(room_code, body=False)
    except StoreError as error:  # the room is gone (pruned) or the store is down: label on, without the room
        st.warning(t("room.unavailable", code=literal(room_code), problem=store_problem_text(error, lang)))
    else:
        room = found if is_summary_room(found) else None


def locked() -> bool:
    """Whether the room is frozen now (read when a label is about to be stored)."""
    return room is not None and frozen_now(room)


def load(choice: str) -> Loaded:
    return Loaded(load_file(by_id[choice], lang), choice, "scenario")


def default() -> Loaded:
    return load(scenarios[0].id)


SOURCE = Source(
    SUMMARIES, "sum", "summaries", load, choices=[s.id for s in scenarios],
    choice_label=lambda sid, lang=lang: by_id[sid].title_in(lang), choice_title="sum.scenario",
    read_upload=lambda data, name, limit: Loaded(cases_from_bytes(data, name, limit), name, "upload"),
    upload_label="sum.upload", upload_help="sum.upload_help", changes=changed_items,
)

# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.header(t("common.data"))
    if room is None:
        follow_language(SOURCE)
        if data_source(SOURCE, default) is not None:
            forget(INDEX_KEY)
    else:
        room_sidebar(room, workspace)
    downloads = st.container()
cases, _, source, source_kind = stored_or_default(SOURCE, default)

# ---------------------------------------------------------------- main
st.title(t("sum.title"))
page_intro(t("sum.intro"))
if source in by_id:
    st.caption(f"{by_id[source].title_in(lang)}: {by_id[source].summary_in(lang)}")
if len(cases) > 1:
    kept(st.selectbox, INDEX_KEY, 0, t("sum.case"), options=list(range(len(cases))), format_func=lambda i: cases[i].id)
stored_index = workspace.setting(INDEX_KEY, 0)
index = stored_index if isinstance(stored_index, int) and 0 <= stored_index < len(cases) else 0
tables = SummaryTables(workspace, lang, cases, source, source_kind, index,
                       locked=locked if room is not None else None)
if st.session_state.pop(FROZEN_NOTE, False) or (room is not None and room.frozen):
    st.info(t("room.frozen_note"))
if room is not None:
    your_gold_agreement(room, workspace.token)
# The case on screen, in the editor ("Write a case", summary mode), where its texts, points and items change.
if room_code is None and st.button(t("sum.edit_this_case"), icon=":material/edit_note:", key="sum_edit_case") and \
        save_settings({KIND_KEY: "summary", SUMMARY_CHOICE_KEY: index}):
    for key in (KIND_KEY, SUMMARY_CHOICE_KEY):
        st.session_state.pop(key, None)
        workspace.shown.pop(key, None)
    st.switch_page(EDITOR_PAGE, query_params=workspace_params(workspace))

# A pasted block replaces a case's judgements: not in a room, whose cases are the same for everyone.
if room is None:
    with st.sidebar, st.expander(t("sum.paste_title")):
        st.caption(t("sum.paste_help"))
        block_kind = kept(st.selectbox, "sum_paste_kind", BLOCK_KINDS[0], t("sum.paste_kind"),
                          options=list(BLOCK_KINDS),
                          format_func=lambda k, lang=lang: translate(lang, f"sum.metric.{k}"))
        pasted = st.text_area(t("sum.paste_text"), key="sum_paste_text", height=160)
        apply = st.button(t("sum.paste_apply"), width="stretch")
        if apply and not pasted.strip():
            st.error(t("sum.paste_empty"))
        elif apply:
            try:
                block, notes = parse_judgement_block(pasted, block_kind)
                record = summary_edit(cases, "block", index, block=block_kind, data=block)
            except InputError as error:
                st.error(t("sum.paste_failed", message=error_text(error, lang)))
            else:
                if tables.store([record]):
                    st.session_state["sum_paste_notes"] = [read_note(note) for note in notes] or [t("sum.paste_ok")]
                    workspace.revision += 1  # the tables are drawn again from the new block
                    cases = tables.cases = workspace.data(SUMMARIES)

for note in st.session_state.pop("sum_paste_notes", []):
    st.info(note)
case = cases[index]
for note in case.notes:
    st.caption(t("sum.read_note", note=read_note(note)))

transcript_column, summary_column = st.columns(2, gap="large")
with transcript_column:
    draw_transcript(case)
with summary_column:
    case = draw_sections(tables, case, editable=room is None)
guidelines = summary_guidelines(lang, room.state.get(ROOM_GUIDELINES) if room is not None else None)
frozen = room is not None and room.frozen
if label_view("sum_label_view", phone=is_phone()) == "focus":  # one judgement at a time, by keys
    summary_focus(tables, lambda: workspace.data(SUMMARIES, lambda: tables.cases), INDEX_KEY, lang,
                  guidelines=guidelines, frozen=frozen, locked=locked)
else:
    guidelines_popover(guidelines, SUMMARY_LABELS, lambda name: t(f"sum.col.{name}"), "sum_guide")
    draw_judgements(tables, case, frozen=frozen)
if room is not None and room.revealed:  # the class's labels and the reference, unit by unit
    class_beside(room, case.id)

cases = workspace.data(SUMMARIES, lambda: cases)
case = cases[index]

# ---------------------------------------------------------------- results
draw_results(case, cases, lang)
with downloads:
    st.download_button(t("sum.download"), cases_to_text(cases),
                       file_name="summaries-labelled.jsonl" if len(cases) > 1 else "summary-labelled.json",
                       mime="application/json", width="stretch")
draw_explanations()
if room is not None:
    follow_room(room)

finish_page()
