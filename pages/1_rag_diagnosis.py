"""RAG diagnosis, "find the failure": label units, watch four proportions and the diagnosis move."""

import streamlit as st

from ui.data_kinds import RAG
from ui.data_source import Loaded, Source, changed_items, data_source
from ui.i18n import translate
from ui.limits import LIMITS
from ui.rag_view import (
    cases_table,
    draw_composite,
    draw_diagnosis,
    draw_metrics,
    macro_micro_table,
    metric_name,
    weights_caption,
)
from ui.rag_workspace import CASE_KEY, RagView
from ui.session import current_workspace, finish_page, forget, keep, kept, run_saving, setup_page, t
from ui.text import literal
from uncase_core import rag
from uncase_core.errors import InputError
from uncase_core.rag_cases import LABEL_FIELDS, dataset_to_text, file_extension
from uncase_core.rag_files import read_rag_upload
from uncase_core.scenarios import load_all, load_index, load_scenario

LIMIT = LIMITS["rag"]  # interactive labelling is for tens to hundreds of cases
CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)
ALL_SCENARIOS = "__all__"
SETTING_KEYS = tuple(
    [f"rag_threshold_{n}" for n in rag.METRICS] + [f"rag_weight_{n}" for n in rag.METRICS]
    + [f"rag_gate_on_{n}" for n in rag.METRICS] + [f"rag_gate_{n}" for n in rag.METRICS]
    + ["rag_aggregation", "rag_confidence"]
)

RESULT_FRAGMENTS = ["rag_case_results", "rag_dataset_results", "rag_data_actions", "rag_saved_status"]


def rerun_results(kept_key: str | None = None) -> None:
    """Widget callback: rerun only the result fragments (and store the widget's value)."""
    if kept_key is not None:
        keep(kept_key)
    st.rerun(RESULT_FRAGMENTS)


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
            st.error(t("rag.settings_error", message=literal(error.message)))
        return rag.Settings.build(thresholds, None, aggregation, gates, confidence)


lang = setup_page("rag.title")
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
workspace = RagView(current_workspace(), lambda: (lambda d: (d.data, d.source, d.source_kind))(default()))
st.session_state["rag_workspace"] = workspace  # for tests: the editor keys

# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.subheader(t("rag.data"))
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
                 min_value=0.0, max_value=1.0, step=0.05, on_change=rerun_results, args=(f"rag_threshold_{n}",))
    with st.expander(t("rag.weights")):
        weights = {
            n: kept(st.slider, f"rag_weight_{n}", 1.0, metric_name(n), min_value=0.0, max_value=5.0, step=0.5)
            for n in rag.METRICS
        }
        try:
            st.caption(t("rag.weights_normalized", shares=weights_caption(rag.normalize_weights(weights))))
        except InputError as error:
            st.warning(literal(error.message))
        kept(st.radio, "rag_aggregation", "mean", t("rag.aggregation"), options=list(rag.AGGREGATIONS),
             format_func=lambda a, lang=lang: translate(lang, f"aggregation.{a}"),
             on_change=rerun_results, args=("rag_aggregation",))
    with st.expander(t("rag.gates")):
        st.caption(t("rag.gates_help"))
        for n in rag.METRICS:
            if kept(st.checkbox, f"rag_gate_on_{n}", False, t("rag.gate_on", name=metric_name(n))):
                kept(st.slider, f"rag_gate_{n}", 0.9, t("rag.gate_value", name=metric_name(n)),
                     min_value=0.0, max_value=1.0, step=0.05, on_change=rerun_results, args=(f"rag_gate_{n}",))
    kept(st.select_slider, "rag_confidence", 0.95, t("rag.confidence"), options=CONFIDENCE_LEVELS,
         format_func=lambda c: f"{c:.0%}", on_change=rerun_results, args=("rag_confidence",))
    if st.button(t("rag.settings_reset"), width="stretch"):
        forget(*SETTING_KEYS)
        st.rerun()

# ---------------------------------------------------------------- main: title and case
st.title(t("rag.title"))
st.markdown(t("rag.intro"))
if note := st.session_state.pop("rag_upload_note", None):
    st.info(note)
source, source_kind = workspace.source
if source_kind == "scenario" and source in by_id:
    st.caption(f"{by_id[source].title[lang]}: {by_id[source].summary[lang]}")


cases = workspace.dataset.cases
if len(cases) > 1:
    kept(st.selectbox, CASE_KEY, 0, t("rag.case"), options=list(range(len(cases))),
         format_func=lambda i: f"{cases[i].id} · {cases[i].question[:80]}")

# ---------------------------------------------------------------- main: label tables (full runs only)
labels_column, results_column = st.columns([3, 2], gap="large")
with labels_column:
    case = workspace.case
    st.markdown(f"**{t('rag.question')}** {literal(case.question)}")
    st.markdown(f"**{t('rag.answer')}** {literal(case.answer)}" if case.answer else f"**{t('rag.answer')}** —")
    for kind in LABEL_FIELDS:
        st.markdown(f"**{t(f'units.{kind}')}** · {t(f'units.{kind}_help')}")
        units = case.units(kind)
        if not units:
            st.caption(t("units.none"))
            continue
        columns = {"id": st.column_config.TextColumn(t("units.id"), disabled=True, width="small"),
                   "text": st.column_config.TextColumn(t("units.text"), disabled=True)}
        for label in LABEL_FIELDS[kind]:
            columns[label] = st.column_config.CheckboxColumn(t(f"label.{label}"), help=t(f"label.{label}_help"),
                                                             width=100)
        key = workspace.editor_key(kind, lang)
        base = workspace.editor_base(kind, lang, has_widget_state=key in st.session_state)
        st.data_editor(base, column_config=columns, hide_index=True,
                       column_order=[*LABEL_FIELDS[kind], "id", "text"],
                       num_rows="fixed", width="stretch", key=key, on_change=rerun_results)
        with st.expander(t("units.full_text")):
            st.markdown("\n".join(f"- **{literal(u.id)}** {literal(u.text)}" for u in units))


# ---------------------------------------------------------------- results (fragments)


def store_label_edits() -> None:
    """Store what the label tables report (each fragment does it first: the order they rerun in is not given).

    When storing shows that another tab changed this workspace meanwhile, the whole page runs again so the
    label tables show every stored label, not only this tab's.
    """
    revision = workspace.workspace.revision
    run_saving(lambda: workspace.apply_editor_states(st.session_state, lang))
    if workspace.workspace.revision != revision:
        st.rerun(scope="app")

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

with st.expander(t("rag.explain_title")):
    for name in rag.METRICS:
        st.markdown(f"**{metric_name(name)}**: {t(f'explain.{name}')}")
    st.markdown(t("explain.uncertainty"))
    st.markdown(t("explain.thresholds"))
    st.markdown(t("explain.composite"))
    st.markdown(t("explain.not_a_judge"))

finish_page("rag_saved_status", before=store_label_edits)
