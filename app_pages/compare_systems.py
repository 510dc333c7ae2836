"""Compare two systems: A and B labelled on the same cases, compared case by case (paired), with a verdict per
dimension.

Both systems' labels are changed with the RAG page's label tables, one system and one case at a time; every change
is an edit record in the person's workspace (``ui/page_data/compare.py``) and the whole comparison follows it.
"""

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.lessons import hidden
from ui.frame.limits import check_count
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, run_saving, t
from ui.i18n import translate
from ui.page_data.compare import (
    CASE_KEY,
    SOURCE_KEY,
    SOURCES,
    SYSTEM_KEY,
    CompareView,
    builtin_entry,
    metadata_fields,
)
from ui.views.compare.focus import VIEW_KEY as FOCUS_VIEW_KEY
from ui.views.compare.focus import system_focus
from ui.views.compare.results import draw_case, draw_details, draw_explanations, draw_verdicts
from ui.views.compare.sidebar import (
    SEED,
    WIDGETS_HIDDEN,
    data_actions,
    draw_primary,
    draw_settings,
    draw_stratum,
    follow_builtin,
    reseed_widgets,
    upload_box,
)
from ui.views.rag.evaluations import system_evaluations
from ui.views.rag.tables import draw_label_tables, open_view
from ui.views.room.pair_box import draw_room
from ui.widgets.focus import is_phone, label_view
from ui.widgets.layout import MAIN_CHOICE_ROOM, RESULTS_WIDTH, label_column, whole_choice
from ui.widgets.rag_focus import rag_guidelines
from ui.widgets.text import literal
from ui.widgets.tool_scores import draw_score_comparison
from uncase_core.compare.edits import SYSTEMS
from uncase_core.compare.systems import KeptComparison, compare_systems
from uncase_core.errors import InputError

lang = language()
workspace = current_workspace()

# ---------------------------------------------------------------- sidebar: where the two systems come from
with st.sidebar:
    st.header(t("common.data"))
    source = kept(st.radio, SOURCE_KEY, SOURCES[0], t("compare.source"), options=list(SOURCES),
                  format_func=lambda s, lang=lang: translate(lang, f"compare.source.{s}"))
    if source == "builtin":
        follow_builtin(lang)
    else:
        for side in SYSTEMS:
            upload_box(workspace, lang, side)
    # Filled at the end of the run, so downloads and reset see this run's label edits.
    data_actions_box = st.container()

view = CompareView(workspace, source, lang)

st.title(t("compare.title"))
st.markdown(t("compare.intro"))
if source == "builtin" and not hidden(workspace, "compare", "scenario"):  # it says the answer a step may ask for
    entry = builtin_entry(view.pair_id)
    st.caption(f"{entry.title_in(lang)}: {entry.summary_in(lang)}")


def stop(message: str | None = None) -> None:
    """Show why there is nothing to compare; the widgets below are not drawn in this run (see ``reseed_widgets``)."""
    if message:
        st.error(message)
    st.session_state[WIDGETS_HIDDEN] = True
    finish_page()
    st.stop()


try:
    pair = view.pair
except InputError as error:  # two files whose case ids differ: the core names them both ways
    stop(t("compare.not_compared", message=error_text(error, lang)))
if pair is None:
    st.info(t("compare.upload_both"))
    stop()
try:
    check_count("compare", len(pair[0].cases), view.file_names()[0])
except InputError as error:
    stop(t("compare.not_compared", message=error_text(error, lang)))

reseed_widgets()
with st.sidebar:
    settings = draw_settings(lang)
    primary = draw_primary(lang)
    stratum = draw_stratum(metadata_fields(pair[0].cases), lang)
verdict_box = st.container()  # filled once this run's label change is stored and the comparison made

# ---------------------------------------------------------------- labelling, one system and one case at a time
st.header(t("compare.labels_title"))
st.caption(t("compare.labels_help"))
shown_side = kept(st.radio, SYSTEM_KEY, "a", t("compare.system"), options=list(SYSTEMS), horizontal=True,
                  format_func=lambda s, lang=lang: translate(lang, f"compare.system.{s}"))
shown = open_view(view.system(shown_side))  # where scripts and tests find the label tables' keys


def store_label_edits() -> None:
    """Store what the shown system's label tables report; the page runs again when storing shows that another tab
    changed this workspace meanwhile (the tables then show every stored label)."""
    revision = workspace.revision
    run_saving(lambda: shown.apply_editor_states(st.session_state, lang))
    if workspace.revision != revision:
        st.rerun(scope="app")


store_label_edits()  # before anything is computed: the comparison below includes this run's label change
pair = view.pair
# Each system's cases evaluated once and kept: a label change evaluates the case it changed.
result = compare_systems(pair[0], pair[1], settings, stratum=stratum, seed=SEED, primary=primary,
                         evaluate=system_evaluations("_compare"),
                         kept=st.session_state.setdefault("_compare_kept", KeptComparison()))

verdicts_hidden = hidden(workspace, "compare", "verdicts")  # a lesson's step asks what they say
with verdict_box:
    if verdicts_hidden:
        st.caption(t("lesson.hidden_part"))
    else:
        draw_verdicts(result)

cases = pair[0].cases
if len(cases) > 1:
    shown_case = kept(st.selectbox, CASE_KEY, 0, t("common.case"), options=list(range(len(cases))),
                      format_func=lambda i: f"{cases[i].id} · {cases[i].question[:80]}")
    whole_choice(f"{cases[shown_case].id} · {cases[shown_case].question}", MAIN_CHOICE_ROOM)
st.markdown(f"**{t(f'compare.system.{shown_side}')}** · {literal(view.file_names()[SYSTEMS.index(shown_side)])}")
if label_view(FOCUS_VIEW_KEY, phone=is_phone()) == "focus":  # one label at a time by keys, this case's figures under
    system_focus(shown, rag_guidelines(shown.dataset, lang), lang)
    draw_case(result.cases[view.case_index()])
else:
    # Labels and this case's figures side by side while both fit; on a narrow screen the figures wrap below.
    page_row = st.container(horizontal=True, gap="large")
    with label_column(page_row, "compare_label_column"):
        draw_label_tables(shown, lang, frozen=False, revealed=False, rerun_results=lambda: None,
                          store_label_edits=store_label_edits, settings=lambda: settings,
                          guidelines=rag_guidelines(shown.dataset, lang))
    with page_row.container(width=RESULTS_WIDTH):
        draw_case(result.cases[view.case_index()])

draw_details(result, stratum, verdicts_hidden)
draw_score_comparison(pair[0].cases, pair[1].cases, settings.confidence)  # two imports' own scores, if any
draw_explanations()
draw_room(view)
with data_actions_box:
    data_actions(view, result)

finish_page()
