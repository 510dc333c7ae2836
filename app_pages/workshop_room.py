"""Workshop room: a facilitator gives the class one set of cases and sees what the class labelled, live.

One page, four views, chosen by the address: ``?room=CODE&key=SECRET`` the facilitator's (with the
controls; ``?room=CODE`` opens it too from the workspace that made the room, which keeps no secret, and in the tab
that was given the secret; the facilitator's tab is sealed: its address keeps neither, ``ui/frame/sealed.py``),
``?room=CODE&view=KEY`` the projector's (read-only, no secret), ``?join=CODE`` the participant's join
form (``&back=RESUME``: a member's link back to their own labels, as the facilitator hands it back); without
those, joining by code and creating a room.
"""


from functools import partial

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.page import finish_page
from ui.frame.rooms import (
    SUMMARY_FORMAT,
    make_room,
    remember_keys,
    remember_secret,
    room_cookie,
    room_of,
    room_secret,
    rooms,
)
from ui.frame.sealed import is_sealed, seal_address
from ui.frame.state import QUERY_KEY, current_workspace, language, store_problem_text, t, workspace_params
from ui.i18n import LANGUAGES, translate
from ui.page_data.summaries import load_file
from ui.views.room.adjudication import adjudicate_section
from ui.views.room.entry import draw_links, draw_owned, join_from_form
from ui.views.room.facilitator import class_sections, exports
from ui.views.room.guidelines import room_guidelines_editor
from ui.views.room.lessons import facilitator_controls, projector_lesson
from ui.views.room.members import members_box
from ui.views.room.pair import create_pair_room
from ui.views.room.projector import projector_view
from ui.views.room.rag_source import ALL_SCENARIOS, UPLOADED_CASES_KEY, chosen_rag_cases
from ui.views.room.rooms import may_facilitate, member_page
from ui.widgets.answer_key import answer_key_review
from ui.widgets.data_source import Loaded, read_new_upload
from ui.widgets.room_start import room_allowance
from ui.widgets.text import literal
from ui.widgets.tool_uploads import UPLOAD_TYPES, read_case_upload, too_large_command
from uncase_core.assets.reader import (
    SUMMARY_INDEX,
    load_index,
    load_pair_index,
    load_system_pair,
)
from uncase_core.rag.cases import dataset_to_text
from uncase_core.summaries.cases import cases_from_bytes, cases_to_text
from uncase_store import StoreError
from uncase_store.rooms import clean_name, normalize_code

UPLOADED = "__upload__"  # a room of summary cases from the facilitator's own file

params = st.query_params
projector = "view" in params and "room" in params
lang = language()
workspace = current_workspace()
code = normalize_code(params.get("room"))


def stop() -> None:
    finish_page(show_work=not projector)
    st.stop()


# ---------------------------------------------------------------- facilitator
if code and "view" not in params:  # the secret, or the workspace that made the room (may_facilitate)
    api = rooms()
    secret = room_secret(code, params.get("key"))
    if not may_facilitate(code, secret, workspace):
        st.title(t("room.title"))
        st.error(t("room.bad_key"))
        stop()
    room = api.get(code)
    kept = {}
    if secret is not None and room.owner != workspace.token and api.is_facilitator(code, secret):
        remember_secret(code, secret)
        kept[room_cookie(code)] = secret  # a tab given the secret comes back by it, its owner by the workspace
    # This view is the one projected: its address keeps neither the secret nor the workspace's token.
    seal_address(workspace.token, kept, drop=(QUERY_KEY, "key"))
    if is_sealed():
        params.pop("key", None)
    st.title(t("room.facilitator_title", title=literal(room.title)))
    st.markdown(t("room.code_line", code=code))
    draw_links(api, room, workspace, secret)
    members_box(code)
    with st.sidebar:
        st.header(t("room.controls"))

        def change(name: str) -> None:
            try:
                api.set_state(code, **{name: st.session_state[f"room_{name}"]})
            except StoreError as error:
                st.session_state["room_control_error"] = store_problem_text(error, lang)

        st.session_state["room_revealed"] = room.revealed
        st.session_state["room_frozen"] = room.frozen
        st.toggle(t("room.reveal"), key="room_revealed", on_change=change, args=("revealed",),
                  help=t("room.reveal_help"))
        st.toggle(t("room.freeze"), key="room_frozen", on_change=change, args=("frozen",), help=t("room.freeze_help"))
        if problem := st.session_state.pop("room_control_error", None):
            st.error(problem)
        st.caption(t("room.exports"))
        exports(code, room)
    with st.container(border=True):
        facilitator_controls(code, room)
    room_guidelines_editor(code, room, lang)
    adjudicate_section(code)  # above the live view, whose refreshes would move it while the facilitator types
    class_sections(code)
    stop()

# ---------------------------------------------------------------- projector
if code and "view" in params:
    api = rooms()
    if not api.is_projector(code, params.get("view")):
        st.title(t("room.title"))
        st.error(t("room.bad_view"))
        stop()
    projector_view(code)
    projector_lesson(code)
    stop()

# ---------------------------------------------------------------- joining
st.title(t("room.title"))
st.markdown(t("room.intro"))
join_code = normalize_code(params.get("join"))
if join_code and room_of(workspace) == join_code:  # already in: straight to the cases
    st.switch_page(member_page(join_code), query_params=workspace_params(workspace))

st.header(t("room.join_title"))
with st.form("room_join"):
    typed = st.text_input(t("room.code"), value=join_code, max_chars=12, help=t("room.code_help"))
    name = st.text_input(t("room.name"), max_chars=40, help=t("room.name_help"))
    resume = st.text_input(t("room.resume"), value=normalize_code(params.get("back")), max_chars=12,
                           help=t("room.resume_help"))
    joining = st.form_submit_button(t("room.join"), type="primary")
if joining or (join_code and "back" in params and "room_back_tried" not in st.session_state):
    st.session_state["room_back_tried"] = True  # a link back is followed once; then the form is there
    # The link's join key vouches for the code it came with, not for another one typed over it.
    key = params.get("k") if normalize_code(typed) == join_code else None
    joined = join_from_form(typed, name, resume, key)
    if joined is not None:
        st.switch_page(member_page(normalize_code(typed)), query_params={"w": joined.token})

# ---------------------------------------------------------------- creating
st.header(t("room.create_title"))
st.caption(t("room.create_help"))
room_allowance()
scenarios = load_index()
by_id = {s.id: s for s in scenarios}
summary_scenarios = load_index(SUMMARY_INDEX)
summary_by_id = {s.id: s for s in summary_scenarios}
with st.container(border=True):
    title = st.text_input(t("room.room_title"), value=t("room.default_title"), max_chars=80, key="room_new_title")
    source = st.radio(t("room.source"), ["scenario", "workspace", "upload", "pair", "summaries"], horizontal=True,
                      key="room_new_source", format_func=lambda s, lang=lang: translate(lang, f"room.source.{s}"))
    loaded = None
    if source == "scenario":
        choice = st.selectbox(t("common.scenario"), [s.id for s in scenarios] + [ALL_SCENARIOS],
                              key="room_new_scenario",
                              format_func=lambda sid, lang=lang: translate(lang, "common.all_scenarios")
                              if sid == ALL_SCENARIOS else by_id[sid].title_in(lang), placeholder=t("common.choose"))
    elif source == "workspace":  # the cases this workspace holds: written in the editor, loaded or labelled
        own = workspace.data(RAG) if workspace.has(RAG) else None
        st.caption(t("room.source.workspace_help", count=len(own.cases)) if own is not None
                   else t("room.source.workspace_none"))
    elif source == "pair":  # two systems' answers, labelled blind; the facilitator sees the paired result
        pair_entries = {entry.id: entry for entry in load_pair_index()}
        pair_choice = st.selectbox(t("room.pair.choose"), list(pair_entries), key="room_new_pair",
                                   format_func=lambda pid, lang=lang: pair_entries[pid].title_in(lang),
                                   placeholder=t("common.choose"))
        st.caption(t("room.pair.create_help"))
    elif source == "summaries":  # summary cases (document 002): the class labels them on the summary page
        summary_choices = [s.id for s in summary_scenarios] + [ALL_SCENARIOS, UPLOADED]
        summary_choice = st.selectbox(
            t("room.summary.choose"), summary_choices, key="room_new_summary",
            format_func=lambda sid, lang=lang: translate(lang, "common.all_scenarios") if sid == ALL_SCENARIOS
            else translate(lang, "room.summary.own_file") if sid == UPLOADED else summary_by_id[sid].title_in(lang),
                                      placeholder=t("common.choose"))
        if summary_choice == UPLOADED:
            uploaded = read_new_upload(
                "room_new_summary_upload", "summaries", t("sum.upload"), t("sum.upload_help"), ("json", "jsonl"),
                lambda data, name, limit: Loaded(cases_from_bytes(data, name, limit), name, "upload"))
            if uploaded is not None:
                st.session_state["room_new_summaries"] = uploaded
        st.caption(t("room.summary.create_help"))
    else:
        uploaded = read_new_upload(
            "room_new_upload", "rag", t("common.upload"), t("rag.import.upload_help"), UPLOAD_TYPES,
            read_case_upload,  # another tool's file too (a promptfoo file with the remembered or guessed vars)
            count=lambda dataset: len(dataset.cases), too_large_command=too_large_command)
        if uploaded is not None:
            st.session_state[UPLOADED_CASES_KEY] = uploaded
    rag_cases = None
    if source in {"scenario", "workspace", "upload"}:  # the key the room takes: its gaps, and unit by unit
        rag_cases = chosen_rag_cases(source, choice if source == "scenario" else None, scenarios, workspace, lang)
        if rag_cases is not None:
            answer_key_review(rag_cases.data, "room_new")
    if st.button(t("room.create"), type="primary", key="room_create"):
        room_title = clean_name(title) or t("room.default_title")
        # The default title (in either language: the box keeps what it showed before a switch) names RAG labelling.
        if source == "summaries" and room_title in {translate(other, "room.default_title") for other in LANGUAGES}:
            room_title = t("room.summary.default_title")
        make = None
        if source == "pair":
            system_a, system_b = load_system_pair(pair_entries[pair_choice], lang)
            make = partial(create_pair_room, room_title, system_a, system_b, pair_entries[pair_choice].title_in(lang),
                           "pair")
        elif source == "summaries":
            if summary_choice == UPLOADED:
                loaded = st.session_state.get("room_new_summaries")
            elif summary_choice == ALL_SCENARIOS:
                loaded = Loaded(tuple(case for s in summary_scenarios for case in load_file(s, lang)), ALL_SCENARIOS,
                                "all")
            else:
                loaded = Loaded(load_file(summary_by_id[summary_choice], lang), summary_choice, "scenario")
            if loaded is None:
                st.error(t("room.upload_first"))
            else:
                make = partial(make_room, room_title, cases_to_text(loaded.data), loaded.source,
                               loaded.source_kind, format=SUMMARY_FORMAT)
        else:
            loaded = rag_cases
            if loaded is None:
                st.error(t("room.source.workspace_none" if source == "workspace" else "room.upload_first"))
            else:
                make = partial(make_room, room_title, dataset_to_text(loaded.data), loaded.source,
                               loaded.source_kind)
        if make is not None:
            try:
                keys = make()
            except StoreError as error:
                st.error(t("store.not_saved", problem=store_problem_text(error, lang)))
            else:
                remember_keys(keys)  # the session opens the facilitator's view by them: the address never holds them
                st.query_params["room"] = keys.code
                st.rerun()

draw_owned(workspace)

finish_page()
