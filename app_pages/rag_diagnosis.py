"""RAG diagnosis, "find the failure": label units, watch four proportions and the diagnosis move."""

import streamlit as st

from ui.frame.fragments import rerun_drawn
from ui.frame.lessons import hidden
from ui.frame.navigation import DRILLS_PAGE, EDITOR_PAGE, SUMMARY_PAGE
from ui.frame.page import finish_page, page_link
from ui.frame.rooms import is_pair_room, is_summary_room, room_of, rooms
from ui.frame.state import current_workspace, keep, kept, language, run_saving, store_problem_text, t
from ui.page_data.rag_cases import CASE_KEY, RagView
from ui.views.lessons.panel import FRAGMENTS as LESSON_FRAGMENTS
from ui.views.rag.results import (
    DATA_ACTIONS,
    case_results,
    data_actions,
    dataset_results,
    draw_explanations,
    fragments_moved_by,
)
from ui.views.rag.settings import draw_settings
from ui.views.rag.source import UPLOAD_NOTE, default_cases, just_loaded, rag_source
from ui.views.rag.tables import draw_label_tables, label_tables_width, open_view, reveal_columns
from ui.views.room.adjudication import your_gold_agreement
from ui.views.room.participant import room_sidebar
from ui.views.room.rooms import class_view, follow_room, frozen_now
from ui.widgets.data_source import Loaded, data_source, follow_language
from ui.widgets.focus import is_phone, label_view, page_intro
from ui.widgets.layout import RESULTS_WIDTH, label_column
from ui.widgets.rag_focus import VIEW_KEY, RagFocus, focus_mode, rag_guidelines
from ui.widgets.room_start import start_room_box
from ui.widgets.text import literal
from uncase_core.assets.reader import load_index
from uncase_store import StoreError

lang = language()

# ---------------------------------------------------------------- a workshop room, when this person is in one
room = None
if (room_code := room_of(current_workspace())) is not None:
    try:
        room = rooms().get(room_code, body=False)
    except StoreError as error:  # the room is gone (pruned) or the store is down: label on, without the room
        st.warning(t("room.unavailable", code=literal(room_code), problem=store_problem_text(error, language())))
    if room is not None and is_summary_room(room):  # its cases are labelled on the summary page, not here
        page_link(SUMMARY_PAGE, t("room.summary.go_label", code=room.code), ":material/summarize:")
        room = None
class_units = {}
if room is not None and room.revealed:
    class_units = {(u.case, u.kind, u.unit, u.field): u for u in class_view(room.code, resamples=0).labels.units}


def rerun_results(kept_key: str | None = None) -> None:
    """Widget callback: rerun only the result fragments this run drew that the change moves (and store the widget's
    value: a setting's ``kept_key``)."""
    if kept_key is not None:
        keep(kept_key)
    rerun_drawn([*fragments_moved_by(kept_key), *LESSON_FRAGMENTS])


def default() -> Loaded:
    return default_cases(lang)


SOURCE = rag_source(lang)
workspace = open_view(RagView(current_workspace(), lambda: (lambda d: (d.data, d.source, d.source_kind))(default()),
                              key_suffix="" if room is None else f"_{int(room.revealed)}{int(room.frozen)}",
                              decorate=reveal_columns(class_units) if class_units else None))


def store_label_edits() -> None:
    """Store what the label tables report (each fragment does it first: the order they rerun in is not given).

    When storing shows that another tab changed this workspace meanwhile, the whole page runs again so the
    label tables show every stored label, not only this tab's.
    """
    revision = workspace.workspace.revision
    # Frozen since this page was drawn: nothing more is taken (asked only when a table reports a change).
    if room is not None and workspace.pending(st.session_state, lang)[0] and frozen_now(room):
        workspace.workspace.revision += 1  # the tables are drawn again, from what is stored, and locked
        st.session_state["rag_frozen_note"] = True
        st.rerun(scope="app")
    run_saving(lambda: workspace.apply_editor_states(st.session_state, lang))
    if workspace.workspace.revision != revision:
        st.rerun(scope="app")


# ---------------------------------------------------------------- sidebar: data, then settings (full runs only)
with st.sidebar:
    st.header(t("common.data"))
    # After an import the downloads come first: under the upload box and its file they began below a 900 px screen.
    imported_actions_box = st.container()
    if room is not None:
        room_sidebar(room, current_workspace())
    else:
        follow_language(SOURCE)
        loaded = data_source(SOURCE, default)
        if loaded is not None:
            just_loaded(loaded)
            if loaded.source_kind == "upload":  # the block drawn above named the data the page held before
                st.rerun()
    # Filled at the end of the run, so downloads and reset see this run's label edits.
    data_actions_box = st.container()
    room_box = st.container()
    draw_settings(rerun_results, lang)

# ---------------------------------------------------------------- main: title and case
st.title(t("rag.title"))
page_intro(t("rag.intro"))
if note := st.session_state.pop(UPLOAD_NOTE, None):
    st.info(note)
if st.session_state.pop("rag_frozen_note", False) or (room is not None and room.frozen):
    st.info(t("room.frozen_note"))
if room is not None:
    if is_pair_room(room):  # two systems' answers to each question, in an order no one labelling knows
        st.caption(t("room.pair.blind_note"))
    your_gold_agreement(room, current_workspace().token)
source, source_kind = workspace.source
by_id = {s.id: s for s in load_index()}
# The scenario's note says what fails; while a lesson's step asks that, it waits (lessons gave it away).
if source_kind == "scenario" and source in by_id and not hidden(current_workspace(), "rag", "scenario"):
    st.caption(f"{by_id[source].title_in(lang)}: {by_id[source].summary_in(lang)}")

cases = workspace.dataset.cases
if len(cases) > 1:
    kept(st.selectbox, CASE_KEY, 0, t("common.case"), options=list(range(len(cases))),
         format_func=lambda i: f"{cases[i].id} · {cases[i].question[:80]}")
if room is None:  # the case on screen, in the editor or as a drill (both open on the case chosen here)
    with st.container(horizontal=True):
        page_link(EDITOR_PAGE, t("rag.edit_this_case"), ":material/edit_note:")
        page_link(DRILLS_PAGE, t("rag.drill_this_case"), ":material/quiz:")

guidelines = rag_guidelines(workspace.dataset, lang, room.state if room is not None else None)
frozen = room is not None and room.frozen
focus_view = label_view(VIEW_KEY, phone=is_phone()) == "focus"
# In a room on two systems the figures over every case would pool both systems' answers: only each case's are drawn.
results = (case_results,) if room is not None and is_pair_room(room) else (case_results, dataset_results)
if focus_view:  # one unit at a time, by keys, the results under it (in its fragment: a key is one script run)
    focus_mode(RagFocus(workspace, guidelines, frozen, class_units=class_units,
                        locked=lambda: room is not None and frozen_now(room)),
               lang, lambda: [draw(workspace, store_label_edits) for draw in results],
               [DATA_ACTIONS, "rag_saved_status"], LESSON_FRAGMENTS)
else:
    # Labels and results side by side while both fit; on a narrow screen the results wrap below the labels (each
    # table also shows its own figures right under it). st.columns would squeeze both instead, down to 640 px.
    page_row = st.container(horizontal=True, gap="large")
    with label_column(page_row, "rag_label_column", label_tables_width(workspace, bool(class_units)) + 2):
        draw_label_tables(workspace, lang, frozen=frozen, revealed=bool(class_units), rerun_results=rerun_results,
                          store_label_edits=store_label_edits, guidelines=guidelines)
    with page_row.container(width=RESULTS_WIDTH):
        case_results(workspace, store_label_edits)
    for draw in results[1:]:
        draw(workspace, store_label_edits)
with imported_actions_box if room is None and workspace.source[1] == "upload" else data_actions_box:
    data_actions(workspace, store_label_edits)
if room is None:  # a facilitator's room on these cases, one click away (their labels become its reference)
    with room_box:
        source_name, source_kind = workspace.source
        start_room_box("rag", lambda: workspace.dataset,
                       source_name if source_kind == "upload" else t("room.default_title"),
                       source_name, source_kind, t("room.start_here_title"),
                       t("room.start_here_help", count=len(workspace.dataset.cases)))
if room is not None:
    follow_room(room)
draw_explanations()

finish_page("rag_saved_status", before=store_label_edits)
