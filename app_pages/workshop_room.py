"""Workshop room: a facilitator gives the class one set of cases and sees what the class labelled, live.

One page, four views, chosen by the address: ``?room=CODE&key=SECRET`` the facilitator's (with the
controls), ``?room=CODE&view=KEY`` the projector's (read-only, no secret), ``?join=CODE`` the
participant's join form; without those, joining by code and creating a room.
"""

import streamlit as st

from ui.frame.navigation import RAG_PAGE
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, language, run_saving, switch_workspace, t
from ui.i18n import translate
from ui.views.rag.imports import UPLOAD_TYPES, read_case_upload, too_large_command
from ui.views.room.facilitator import class_sections, exports, links_box
from ui.views.room.guidelines import room_guidelines_editor
from ui.views.room.lessons import facilitator_controls, projector_lesson
from ui.views.room.projector import projector_view
from ui.views.room.rooms import FACILITATED, join_room, room_links, room_of, rooms
from ui.widgets.data_source import Loaded, read_new_upload
from ui.widgets.text import literal
from uncase_core.rag.cases import dataset_to_text
from uncase_core.shared.assets import load_all, load_index, load_scenario
from uncase_store import StoreError
from uncase_store.rooms import UnknownRoom, clean_name, normalize_code

ALL_SCENARIOS = "__all__"

params = st.query_params
projector = "view" in params and "room" in params
lang = language()
workspace = current_workspace()
code = normalize_code(params.get("room"))


def stop() -> None:
    finish_page(show_work=not projector)
    st.stop()


# ---------------------------------------------------------------- facilitator
if code and "key" in params:
    api = rooms()
    if not api.is_facilitator(code, params.get("key")):
        st.title(t("room.title"))
        st.error(t("room.bad_key"))
        stop()
    room = api.get(code)
    st.title(t("room.facilitator_title", title=literal(room.title)))
    st.markdown(t("room.code_line", code=code))
    links_box(code, params.get("key"))
    with st.sidebar:
        st.subheader(t("room.controls"))

        def change(name: str) -> None:
            try:
                api.set_state(code, **{name: st.session_state[f"room_{name}"]})
            except StoreError as error:
                st.session_state["room_control_error"] = str(error)

        st.session_state["room_revealed"] = room.revealed
        st.session_state["room_frozen"] = room.frozen
        st.toggle(t("room.reveal"), key="room_revealed", on_change=change, args=("revealed",),
                  help=t("room.reveal_help"))
        st.toggle(t("room.freeze"), key="room_frozen", on_change=change, args=("frozen",), help=t("room.freeze_help"))
        if problem := st.session_state.pop("room_control_error", None):
            st.error(literal(problem))
        st.caption(t("room.exports"))
        exports(code)
    with st.container(border=True):
        facilitator_controls(code)
    room_guidelines_editor(code, room, lang)
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
    st.switch_page(RAG_PAGE, query_params={"w": workspace.token})

st.subheader(t("room.join_title"))
with st.form("room_join"):
    typed = st.text_input(t("room.code"), value=join_code, max_chars=12, help=t("room.code_help"))
    name = st.text_input(t("room.name"), max_chars=40, help=t("room.name_help"))
    joining = st.form_submit_button(t("room.join"), type="primary")
if joining:
    wanted = normalize_code(typed)
    if not wanted:
        st.error(t("room.code_needed"))
    elif not clean_name(name):
        st.error(t("room.name_needed"))
    else:
        try:
            joined = join_room(wanted, name)
        except UnknownRoom:
            st.error(t("room.unknown", code=literal(wanted)))
        except StoreError as error:
            st.error(t("store.not_saved", problem=literal(error)))
        else:
            switch_workspace(joined, "room.joined_notice")
            st.switch_page(RAG_PAGE, query_params={"w": joined.token})

# ---------------------------------------------------------------- creating
st.subheader(t("room.create_title"))
st.caption(t("room.create_help"))
scenarios = load_index()
by_id = {s.id: s for s in scenarios}
with st.container(border=True):
    title = st.text_input(t("room.room_title"), value=t("room.default_title"), max_chars=80, key="room_new_title")
    source = st.radio(t("room.source"), ["scenario", "upload"], horizontal=True, key="room_new_source",
                      format_func=lambda s, lang=lang: translate(lang, f"room.source.{s}"))
    loaded = None
    if source == "scenario":
        choice = st.selectbox(t("common.scenario"), [s.id for s in scenarios] + [ALL_SCENARIOS],
                              key="room_new_scenario",
                              format_func=lambda sid, lang=lang: translate(lang, "common.all_scenarios")
                              if sid == ALL_SCENARIOS else by_id[sid].title[lang])
    else:
        uploaded = read_new_upload(
            "room_new_upload", "rag", t("common.upload"), t("rag.import.upload_help"), UPLOAD_TYPES,
            read_case_upload,  # another tool's file too (a promptfoo file with the remembered or guessed vars)
            count=lambda dataset: len(dataset.cases), too_large_command=too_large_command)
        if uploaded is not None:
            st.session_state["room_new_dataset"] = uploaded
    if st.button(t("room.create"), type="primary", key="room_create"):
        if source == "scenario":
            dataset = load_all(scenarios, lang) if choice == ALL_SCENARIOS else load_scenario(by_id[choice], lang)
            loaded = Loaded(dataset, choice, "scenario")
        else:
            loaded = st.session_state.get("room_new_dataset")
        if loaded is None:
            st.error(t("room.upload_first"))
        else:
            try:
                keys = rooms().create(clean_name(title) or t("room.default_title"), dataset_to_text(loaded.data),
                                      loaded.source, loaded.source_kind, owner=workspace.token)
            except StoreError as error:
                st.error(t("store.not_saved", problem=literal(error)))
            else:
                facilitated = dict(workspace.setting(FACILITATED) or {})
                facilitated[keys.code] = [keys.secret, keys.view_key]
                run_saving(lambda: workspace.set_settings({FACILITATED: facilitated}))
                st.query_params["room"] = keys.code
                st.query_params["key"] = keys.secret
                st.rerun()

facilitated = workspace.setting(FACILITATED) or {}
if facilitated:
    st.subheader(t("room.yours"))
    for room_code, (secret, view_key) in facilitated.items():
        # Opened from here they stay in this workspace (the copied links do not carry it).
        links = room_links(room_code, secret, view_key)
        mine = f"&w={workspace.token}"
        st.markdown(f"**{room_code}** · [{t('room.open_facilitator')}]({links['facilitator']}{mine}) · "
                    f"[{t('room.open_projector')}]({links['projector']})")

finish_page()
