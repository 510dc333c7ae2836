"""Summary autoevaluation (document 002): accuracy, adherence and completeness, and when each is N/A."""

import streamlit as st

from ui.frame.data_kinds import SUMMARIES
from ui.frame.input_errors import error_text
from ui.frame.navigation import EDITOR_PAGE
from ui.frame.page import finish_page
from ui.frame.state import QUERY_KEY, current_workspace, forget, kept, language, save_settings, t
from ui.i18n import translate
from ui.views.editor.summary_data import KIND_KEY, SUMMARY_CHOICE_KEY
from ui.views.room.rooms import room_of
from ui.views.summaries import (
    SummaryTables,
    draw_explanations,
    draw_judgements,
    draw_results,
    draw_sections,
    draw_transcript,
    load_file,
    read_note,
)
from ui.views.summary_focus import summary_focus, summary_guidelines
from ui.widgets.data_source import Loaded, Source, changed_items, data_source, follow_language, stored_or_default
from ui.widgets.focus import is_phone, label_view
from ui.widgets.guidelines import guidelines_popover
from uncase_core.errors import InputError
from uncase_core.shared.assets import SUMMARY_INDEX, load_index
from uncase_core.shared.guidelines import SUMMARY_DIMENSIONS
from uncase_core.summaries.edits import summary_edit
from uncase_core.summaries.evaluation import cases_from_bytes, cases_to_text, parse_judgement_block

BLOCK_KINDS = ("accuracy", "adherence", "completeness")
INDEX_KEY = "sum_index"

lang = language()
scenarios = load_index(SUMMARY_INDEX)
by_id = {s.id: s for s in scenarios}
workspace = current_workspace()


def load(choice: str) -> Loaded:
    return Loaded(load_file(by_id[choice], lang), choice, "scenario")


def default() -> Loaded:
    return load(scenarios[0].id)


SOURCE = Source(
    SUMMARIES, "sum", "summaries", load, choices=[s.id for s in scenarios],
    choice_label=lambda sid, lang=lang: by_id[sid].title[lang], choice_title="sum.scenario",
    read_upload=lambda data, name: Loaded(cases_from_bytes(data, name), name, "upload"),
    upload_label="sum.upload", upload_help="sum.upload_help", changes=changed_items,
)

# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.subheader(t("common.data"))
    follow_language(SOURCE)
    if data_source(SOURCE, default) is not None:
        forget(INDEX_KEY)
    downloads = st.container()
cases, _, source, source_kind = stored_or_default(SOURCE, default)

# ---------------------------------------------------------------- main
st.title(t("sum.title"))
st.markdown(t("sum.intro"))
if source in by_id:
    st.caption(f"{by_id[source].title[lang]}: {by_id[source].summary[lang]}")
if len(cases) > 1:
    kept(st.selectbox, INDEX_KEY, 0, t("sum.case"), options=list(range(len(cases))), format_func=lambda i: cases[i].id)
stored_index = workspace.setting(INDEX_KEY, 0)
index = stored_index if isinstance(stored_index, int) and 0 <= stored_index < len(cases) else 0
tables = SummaryTables(workspace, lang, cases, source, source_kind, index)
# The case on screen, in the editor ("Write a case", summary mode), where its texts, points and items change.
if room_of(workspace) is None and st.button(t("sum.edit_this_case"), icon=":material/edit_note:",
                                            key="sum_edit_case") and \
        save_settings({KIND_KEY: "summary", SUMMARY_CHOICE_KEY: index}):
    for key in (KIND_KEY, SUMMARY_CHOICE_KEY):
        st.session_state.pop(key, None)
        workspace.shown.pop(key, None)
    st.switch_page(EDITOR_PAGE, query_params={QUERY_KEY: workspace.token})

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
    case = draw_sections(tables, case)
if label_view("sum_label_view", phone=is_phone()) == "focus":  # one judgement at a time, by keys
    summary_focus(tables, lambda: workspace.data(SUMMARIES, lambda: tables.cases), INDEX_KEY, lang)
else:
    guidelines_popover(summary_guidelines(lang), SUMMARY_DIMENSIONS, lambda name: t(f"sum.col.{name}"), "sum_guide")
    draw_judgements(tables, case)

cases = workspace.data(SUMMARIES, lambda: cases)
case = cases[index]

# ---------------------------------------------------------------- results
draw_results(case, cases, lang)
with downloads:
    st.download_button(t("sum.download"), cases_to_text(cases),
                       file_name="summaries-labelled.jsonl" if len(cases) > 1 else "summary-labelled.json",
                       mime="application/json", width="stretch")
draw_explanations()

finish_page()
