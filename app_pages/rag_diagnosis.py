"""RAG diagnosis, "find the failure": label units, watch four proportions and the diagnosis move."""

import streamlit as st

from ui.frame.data_kinds import RAG
from ui.frame.input_errors import error_text
from ui.frame.limits import LIMITS
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, forget, keep, kept, language, run_saving, t
from ui.i18n import format_percent, translate
from ui.views.lessons.panel import FRAGMENTS as LESSON_FRAGMENTS
from ui.views.rag.view import (
    cases_table,
    draw_composite,
    draw_diagnosis,
    draw_metrics,
    macro_micro_table,
    metric_name,
    proportion_text,
    weights_caption,
)
from ui.views.rag.workspace import CASE_KEY, RagView
from ui.views.room.rooms import REFRESH, ROOM_NAME, class_view, distribution_text, room_of, rooms
from ui.widgets.data_source import Loaded, Source, changed_items, data_source, follow_language
from ui.widgets.layout import (
    ID_COLUMN_WIDTH,
    LABEL_COLUMN_WIDTH,
    RESULTS_WIDTH,
    REVEAL_COLUMN_WIDTH,
    row_height,
    table_height,
    text_column_width,
)
from ui.widgets.text import literal
from uncase_core import rag
from uncase_core.errors import InputError
from uncase_core.rag_cases import LABEL_FIELDS, dataset_to_text, file_extension
from uncase_core.rag_files import read_rag_upload
from uncase_core.scenarios import load_all, load_index, load_scenario
from uncase_store import StoreError

LIMIT = LIMITS["rag"]  # interactive labelling is for tens to hundreds of cases
CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)
ALL_SCENARIOS = "__all__"
SETTING_KEYS = tuple(
    [f"rag_threshold_{n}" for n in rag.METRICS] + [f"rag_weight_{n}" for n in rag.METRICS]
    + [f"rag_gate_on_{n}" for n in rag.METRICS] + [f"rag_gate_{n}" for n in rag.METRICS]
    + ["rag_aggregation", "rag_confidence"]
)

RESULT_FRAGMENTS = ["rag_case_results", "rag_dataset_results", "rag_data_actions", "rag_saved_status",
                    "rag_near_passages", "rag_near_claims", "rag_near_reference_facts", *LESSON_FRAGMENTS]
ROOM_FOLLOW = "rag_room_host"  # in a room, the fragment holding the one that looks for the facilitator's changes


def rerun_results(kept_key: str | None = None) -> None:
    """Widget callback: rerun only the result fragments (and store the widget's value)."""
    if kept_key is not None:
        keep(kept_key)
    st.rerun(RESULT_FRAGMENTS + ([ROOM_FOLLOW] if room is not None else []))


def current_settings(show_errors: bool = True) -> rag.Settings:
    """The settings in the sidebar widgets' session state (drawn earlier in this run or in the last full run)."""
    state = st.session_state
    thresholds = {n: state[f"rag_threshold_{n}"] for n in rag.METRICS}
    weights = {n: state[f"rag_weight_{n}"] for n in rag.METRICS}
    gates = {n: state[f"rag_gate_{n}"] for n in rag.METRICS if state.get(f"rag_gate_on_{n}")}
    aggregation, confidence = state["rag_aggregation"], state["rag_confidence"]
    try:
        return rag.Settings.build(thresholds, weights, aggregation, gates, confidence)
    except InputError as error:
        if show_errors:
            st.error(t("rag.settings_error", message=error_text(error, language())))
        return rag.Settings.build(thresholds, None, aggregation, gates, confidence)


lang = language()
scenarios = load_index()
by_id = {s.id: s for s in scenarios}


def load(choice: str) -> Loaded:
    if choice == ALL_SCENARIOS:
        return Loaded(load_all(scenarios, lang), ALL_SCENARIOS, "all")
    return Loaded(load_scenario(by_id[choice], lang), choice, "scenario")


def read_upload(data: bytes, name: str) -> Loaded:
    dataset, kind = read_rag_upload(data, name, LIMIT.upload_bytes)
    return Loaded(dataset, name, "upload", {"imported": kind} if kind == "ragas" else {})


def default() -> Loaded:
    return load(scenarios[0].id)


SOURCE = Source(
    RAG, "rag", "rag", load, choices=[s.id for s in scenarios] + [ALL_SCENARIOS],
    # Option labels bind the language now: a format_func is also called outside the run.
    choice_label=lambda sid, lang=lang: (
        translate(lang, "rag.all_scenarios") if sid == ALL_SCENARIOS else by_id[sid].title[lang]),
    choice_title="rag.scenario", read_upload=read_upload, upload_label="rag.upload", upload_help="rag.upload_help",
    upload_types=("json", "jsonl", "csv"), count=lambda dataset: len(dataset.cases),
    changes=lambda original, current: changed_items(original.cases, current.cases),
)
# ---------------------------------------------------------------- a workshop room, when this person is in one
room = None
if (room_code := room_of(current_workspace())) is not None:
    try:
        room = rooms().get(room_code, body=False)
    except StoreError as error:  # the room is gone (pruned) or the store is down: label on, without the room
        st.warning(t("room.unavailable", code=literal(room_code), problem=literal(error)))
class_units = {}
if room is not None and room.revealed:
    class_units = {(u.case, u.kind, u.unit, u.field): u for u in class_view(room.code, resamples=0).labels.units}


def decorate(kind: str, frame):
    """After the reveal: each label's reference and the class's distribution beside the person's own."""
    case = workspace.case
    for field in LABEL_FIELDS[kind]:
        found = [class_units.get((case.id, kind, unit_id, field)) for unit_id in frame["id"]]
        frame[f"reference_{field}"] = [None if u is None or u.reference is None else ("✓" if u.reference else "✗")
                                       for u in found]
        frame[f"class_{field}"] = [None if u is None else distribution_text(u.yes, u.no, u.unlabelled)
                                   for u in found]
    return frame


workspace = RagView(current_workspace(), lambda: (lambda d: (d.data, d.source, d.source_kind))(default()),
                    key_suffix="" if room is None else f"_{int(room.revealed)}{int(room.frozen)}",
                    decorate=decorate if class_units else None)
st.session_state["rag_workspace"] = workspace  # for tests: the editor keys

# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.subheader(t("rag.data"))
    if room is not None:
        st.markdown(t("room.you_are", code=room.code, title=literal(room.title),
                      name=literal(current_workspace().setting(ROOM_NAME, ""))))
        st.caption(t("room.state.frozen") if room.frozen else t("room.state.open"))
        if room.revealed:
            st.caption(t("room.state.revealed"))
    else:
        follow_language(SOURCE)
        loaded = data_source(SOURCE, default)
        if loaded is not None:
            forget(CASE_KEY)
            if loaded.meta.get("imported") == "ragas":
                st.session_state["rag_upload_note"] = t("rag.ragas_imported", count=len(loaded.data.cases))

    # Filled at the end of the run, so downloads and reset see this run's label edits.
    data_actions_box = st.container()

# ---------------------------------------------------------------- sidebar: settings
# Drawn in full runs only. A threshold, gate value, aggregation or confidence change reruns just the result
# fragments (below): the sidebar and the label tables stay as they are in the browser, which halves the work
# of each move for the server and the browser alike. Weights and gate switches redraw the sidebar, so they
# rerun the page.
with st.sidebar:
    st.subheader(t("rag.settings"))
    with st.expander(t("rag.thresholds"), expanded=True):
        for n in rag.METRICS:
            kept(st.slider, f"rag_threshold_{n}", rag.DEFAULT_THRESHOLDS[n], metric_name(n),
                 min_value=0.0, max_value=1.0, step=0.05, format="percent", on_change=rerun_results,
                 args=(f"rag_threshold_{n}",))
    with st.expander(t("rag.weights")):
        weights = {
            n: kept(st.slider, f"rag_weight_{n}", 1.0, metric_name(n), min_value=0.0, max_value=5.0, step=0.5,
                    format="localized")
            for n in rag.METRICS
        }
        try:
            st.caption(t("rag.weights_normalized", shares=weights_caption(rag.normalize_weights(weights))))
        except InputError as error:
            st.warning(error_text(error, lang))
        kept(st.radio, "rag_aggregation", "mean", t("rag.aggregation"), options=list(rag.AGGREGATIONS),
             format_func=lambda a, lang=lang: translate(lang, f"aggregation.{a}"),
             on_change=rerun_results, args=("rag_aggregation",))
    with st.expander(t("rag.gates")):
        st.caption(t("rag.gates_help"))
        for n in rag.METRICS:
            if kept(st.checkbox, f"rag_gate_on_{n}", False, t("rag.gate_on", name=metric_name(n))):
                kept(st.slider, f"rag_gate_{n}", 0.9, t("rag.gate_value", name=metric_name(n)),
                     min_value=0.0, max_value=1.0, step=0.05, format="percent", on_change=rerun_results,
                     args=(f"rag_gate_{n}",))
    kept(st.select_slider, "rag_confidence", 0.95, t("rag.confidence"), options=CONFIDENCE_LEVELS,
         format_func=lambda c, lang=lang: format_percent(c, lang, 0), on_change=rerun_results,
         args=("rag_confidence",))
    if st.button(t("rag.settings_reset"), width="stretch"):
        forget(*SETTING_KEYS)
        st.rerun()

# ---------------------------------------------------------------- main: title and case
st.title(t("rag.title"))
st.markdown(t("rag.intro"))
if note := st.session_state.pop("rag_upload_note", None):
    st.info(note)
if st.session_state.pop("rag_frozen_note", False) or (room is not None and room.frozen):
    st.info(t("room.frozen_note"))
source, source_kind = workspace.source
if source_kind == "scenario" and source in by_id:
    st.caption(f"{by_id[source].title[lang]}: {by_id[source].summary[lang]}")


cases = workspace.dataset.cases
if len(cases) > 1:
    kept(st.selectbox, CASE_KEY, 0, t("rag.case"), options=list(range(len(cases))),
         format_func=lambda i: f"{cases[i].id} · {cases[i].question[:80]}")

# ---------------------------------------------------------------- main: label tables (full runs only)


def store_label_edits() -> None:
    """Store what the label tables report (each fragment does it first: the order they rerun in is not given).

    When storing shows that another tab changed this workspace meanwhile, the whole page runs again so the
    label tables show every stored label, not only this tab's.
    """
    revision = workspace.workspace.revision
    # Frozen since this page was drawn: nothing more is taken.
    if room is not None and rooms().get(room.code, body=False).frozen:
        if workspace.pending(st.session_state, lang)[0]:
            workspace.workspace.revision += 1  # the tables are drawn again, from what is stored, and locked
            st.session_state["rag_frozen_note"] = True
            st.rerun(scope="app")
        return
    run_saving(lambda: workspace.apply_editor_states(st.session_state, lang))
    if workspace.workspace.revision != revision:
        st.rerun(scope="app")



def near_results(kind: str) -> None:
    """Under each table, the figures it moves: on a phone, where the full results are far below."""

    @st.fragment(key=f"rag_near_{kind}")
    def figures() -> None:
        store_label_edits()
        evaluation = rag.evaluate_case(workspace.case, current_settings(show_errors=False))
        st.caption(" · ".join(f"**{metric_name(name)}** {proportion_text(evaluation.metrics[name])}"
                              for name in rag.METRICS if rag.METRIC_UNITS[name][0] == kind))

    figures()


# Labels and results side by side while both fit; on a narrow screen the results wrap below the labels (each
# table also shows its own figures right under it). st.columns would squeeze both instead, down to 640 px.
page_row = st.container(horizontal=True, gap="large")
labels_column = page_row.container(width="stretch")
results_column = page_row.container(width=RESULTS_WIDTH)
with labels_column:
    case = workspace.case
    st.markdown(f"**{t('rag.question')}** {literal(case.question)}")
    st.markdown(f"**{t('rag.answer')}** {literal(case.answer)}" if case.answer else f"**{t('rag.answer')}** —")
    for kind in LABEL_FIELDS:
        st.markdown(f"**{t(f'units.{kind}')}** · {t(f'units.{kind}_help')}")
        units = case.units(kind)
        if not units:
            st.caption(t("units.none"))
            near_results(kind)  # every result fragment exists in every run: label changes rerun them by key
            continue
        columns = {"id": st.column_config.TextColumn(t("units.id"), disabled=True, width=ID_COLUMN_WIDTH)}
        order = list(LABEL_FIELDS[kind])
        for label in LABEL_FIELDS[kind]:
            columns[label] = st.column_config.CheckboxColumn(t(f"label.{label}"), help=t(f"label.{label}_help"),
                                                             width=LABEL_COLUMN_WIDTH,
                                                             disabled=room is not None and room.frozen)
            if class_units:
                columns[f"reference_{label}"] = st.column_config.TextColumn(
                    t("room.col.reference_of", label=t(f"label.{label}")), disabled=True, width=REVEAL_COLUMN_WIDTH)
                columns[f"class_{label}"] = st.column_config.TextColumn(
                    t("room.col.class_of", label=t(f"label.{label}")), disabled=True, width=REVEAL_COLUMN_WIDTH)
                order += [f"reference_{label}", f"class_{label}"]
        text_width = text_column_width([column["width"] for column in columns.values()])
        columns["text"] = st.column_config.TextColumn(t("units.text"), disabled=True, width=text_width)
        key = workspace.editor_key(kind, lang)
        base = workspace.editor_base(kind, lang, has_widget_state=key in st.session_state)
        # Rows tall enough to read each text in full where its box is ticked.
        height_of_row = row_height(([u.text for u in units], text_width))
        st.data_editor(base, column_config=columns, hide_index=True, column_order=[*order, "id", "text"],
                       row_height=height_of_row, height=table_height(len(units), height_of_row),
                       num_rows="fixed", width="stretch", key=key, on_change=rerun_results)
        near_results(kind)


# ---------------------------------------------------------------- results (fragments)


@st.fragment(key="rag_case_results")
def case_results() -> None:
    settings = current_settings()
    store_label_edits()
    evaluation = rag.evaluate_case(workspace.case, settings)
    st.subheader(t("rag.results_case", case=workspace.case.id))
    draw_diagnosis(evaluation)
    draw_metrics(evaluation, settings)
    draw_composite(evaluation)


@st.fragment(key="rag_dataset_results")
def dataset_results() -> None:
    if len(workspace.dataset.cases) < 2:
        return
    store_label_edits()
    result = rag.evaluate_dataset(workspace.dataset.cases, current_settings(show_errors=False))
    st.subheader(t("rag.results_dataset", count=len(workspace.dataset.cases)))
    draw_diagnosis(result.pooled)
    st.dataframe(macro_micro_table(result), hide_index=True, width="stretch")
    st.caption(t("rag.micro_macro_help"))
    st.dataframe(cases_table(result), hide_index=True, width="stretch")


@st.fragment(key="rag_data_actions")
def data_actions() -> None:
    """Download and reset, in the sidebar: they follow the labels, so they rerun with the results."""
    store_label_edits()
    source, source_kind = workspace.source
    stem = source.rsplit(".", 1)[0] if source_kind == "upload" else source
    st.download_button(
        t("rag.download"),
        # Built only when clicked: serialising every case on each tick would cost every rerun.
        data=lambda dataset=workspace.dataset: dataset_to_text(dataset).encode("utf-8"),
        file_name=f"{stem}-labelled.{file_extension(workspace.dataset)}",
        mime="application/json",
        on_click="ignore",
        width="stretch",
    )
    if st.session_state.get("rag_confirm_reset"):
        st.warning(t("rag.reset_confirm"))
        yes, no = st.columns(2)
        if yes.button(t("rag.reset_yes"), type="primary"):
            run_saving(lambda: workspace.workspace.reset(RAG))
            st.session_state["rag_confirm_reset"] = False
            st.rerun()
        if no.button(t("rag.reset_no")):
            st.session_state["rag_confirm_reset"] = False
            st.rerun()
    elif st.button(t("rag.reset"), width="stretch", disabled=not workspace.changed):
        st.session_state["rag_confirm_reset"] = True
        st.rerun()


with results_column:
    case_results()
dataset_results()
with data_actions_box:
    data_actions()

if room is not None:
    # A label edit is a request for a full run that its callback turns into a run of the result fragments; the browser
    # drops every fragment's timer when the full run starts, and a fragment's timer is only sent again when the
    # fragment is called from its parent. So the timed fragment lives inside one that reruns with the results.
    @st.fragment(key=ROOM_FOLLOW)
    def room_host() -> None:
        @st.fragment(run_every=REFRESH, key="rag_room_follow")
        def follow_room() -> None:
            """Every few seconds: when the facilitator revealed, froze or started something, draw the page again."""
            seen = st.session_state.setdefault("room_seen", room.seq)
            now = rooms().head(room.code)
            if now is not None and now != seen:
                st.session_state["room_seen"] = now
                st.rerun(scope="app")

        follow_room()

    st.session_state["room_seen"] = room.seq
    room_host()

with st.expander(t("rag.explain_title")):
    for name in rag.METRICS:
        st.markdown(f"**{metric_name(name)}**: {t(f'explain.{name}')}")
    st.markdown(t("explain.uncertainty"))
    st.markdown(t("explain.thresholds"))
    st.markdown(t("explain.composite"))
    st.markdown(t("explain.not_a_judge"))

finish_page("rag_saved_status", before=store_label_edits)
