"""RAG diagnosis, "find the failure": label units, watch four proportions and the diagnosis move."""

import streamlit as st

from ui.confirm import changed_items, confirm_replace
from ui.i18n import translate
from ui.limits import LIMITS, check_count, check_size
from ui.rag_view import (
    cases_table,
    draw_composite,
    draw_diagnosis,
    draw_metrics,
    macro_micro_table,
    metric_name,
    weights_caption,
)
from ui.rag_workspace import Workspace, get_workspace, set_workspace, units_frame
from ui.session import forget, keep, kept, setup_page, t
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

RESULT_FRAGMENTS = ["rag_case_results", "rag_dataset_results", "rag_data_actions"]


def rerun_results(kept_key: str | None = None) -> None:
    """Widget callback: rerun only the result fragments (and keep the widget's value for other pages)."""
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

workspace = get_workspace()
if workspace is None:
    first = scenarios[0]
    workspace = Workspace(load_scenario(first, lang), load_scenario(first, lang), first.id, "scenario")
    set_workspace(workspace)

# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.subheader(t("rag.data"))
    options = [s.id for s in scenarios] + [ALL_SCENARIOS]
    choice = kept(
        st.selectbox, "rag_scenario_choice", workspace.source if workspace.source in options else options[0],
        t("rag.scenario"), options=options,
        # Option labels bind the language now: a format_func is also called outside the run.
        format_func=lambda sid, lang=lang: (
            translate(lang, "rag.all_scenarios") if sid == ALL_SCENARIOS else by_id[sid].title[lang]),
    )
    requested = None  # (dataset, source, source kind, upload kind)
    if st.button(t("rag.load_scenario"), width="stretch"):
        if choice == ALL_SCENARIOS:
            requested = (load_all(scenarios, lang), ALL_SCENARIOS, "all", None)
        else:
            requested = (load_scenario(by_id[choice], lang), choice, "scenario", None)
        st.session_state.pop("rag_upload_error", None)

    upload = st.file_uploader(t("rag.upload"), type=["json", "jsonl", "csv"], help=t("rag.upload_help"),
                              key="rag_upload", max_upload_size=LIMIT.upload_mb)
    if upload is not None and st.session_state.get("rag_upload_seen") != upload.file_id:
        st.session_state["rag_upload_seen"] = upload.file_id
        try:
            dataset, kind = read_rag_upload(check_size("rag", upload.getvalue(), upload.name), upload.name,
                                            LIMIT.upload_bytes)
            check_count("rag", len(dataset.cases), upload.name)
        except InputError as error:
            st.session_state["rag_upload_error"] = error.message
        else:
            requested = (dataset, upload.name, "upload", kind)
            st.session_state.pop("rag_upload_error", None)
    if "rag_upload_error" in st.session_state:
        st.error(t("rag.upload_failed", message=literal(st.session_state["rag_upload_error"])))
    chosen = confirm_replace(
        "rag_replace", changed_items(workspace.original.cases, workspace.dataset.cases), requested,
        upload_name=requested[1] if requested and requested[2] == "upload" else None)
    if chosen is not None:
        dataset, source, source_kind, kind = chosen
        workspace.replace_dataset(dataset, source, source_kind)
        if kind == "ragas":
            st.session_state["rag_upload_note"] = t("rag.ragas_imported", count=len(dataset.cases))

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
if workspace.source_kind == "scenario" and workspace.source in by_id:
    st.caption(f"{by_id[workspace.source].title[lang]}: {by_id[workspace.source].summary[lang]}")


cases = workspace.dataset.cases
if len(cases) > 1:
    workspace.case_index = st.selectbox(
        t("rag.case"), options=range(len(cases)), index=min(workspace.case_index, len(cases) - 1),
        format_func=lambda i: f"{cases[i].id} · {cases[i].question[:80]}",
        key=f"rag_case_select_{workspace.generation}",
    )

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
        st.data_editor(units_frame(base, kind), column_config=columns, hide_index=True,
                       column_order=[*LABEL_FIELDS[kind], "id", "text"],
                       num_rows="fixed", width="stretch", key=key, on_change=rerun_results)
        with st.expander(t("units.full_text")):
            st.markdown("\n".join(f"- **{literal(u.id)}** {literal(u.text)}" for u in units))


# ---------------------------------------------------------------- results (fragments)
@st.fragment(key="rag_case_results")
def case_results() -> None:
    settings = current_settings()
    workspace.apply_editor_states(st.session_state, lang)
    evaluation = rag.evaluate_case(workspace.case, settings)
    st.subheader(t("rag.results_case", case=workspace.case.id))
    draw_diagnosis(evaluation)
    draw_metrics(evaluation, settings)
    draw_composite(evaluation)


@st.fragment(key="rag_dataset_results")
def dataset_results() -> None:
    if len(workspace.dataset.cases) < 2:
        return
    workspace.apply_editor_states(st.session_state, lang)
    result = rag.evaluate_dataset(workspace.dataset.cases, current_settings(show_errors=False))
    st.subheader(t("rag.results_dataset", count=len(workspace.dataset.cases)))
    draw_diagnosis(result.pooled)
    st.dataframe(macro_micro_table(result), hide_index=True, width="stretch")
    st.caption(t("rag.micro_macro_help"))
    st.dataframe(cases_table(result), hide_index=True, width="stretch")


@st.fragment(key="rag_data_actions")
def data_actions() -> None:
    """Download and reset, in the sidebar: they follow the labels, so they rerun with the results."""
    workspace.apply_editor_states(st.session_state, lang)
    stem = workspace.source.rsplit(".", 1)[0] if workspace.source_kind == "upload" else workspace.source
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
            workspace.reset()
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
