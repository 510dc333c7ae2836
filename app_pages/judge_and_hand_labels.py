"""Judge and hand labels: an automatic judge on every unit, a few hand labels drawn at random, honest intervals."""

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import JUDGE, JUDGE_RAGAS, JUDGE_VERDICTS
from ui.frame.input_errors import error_text
from ui.frame.limits import LIMITS
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, forget, kept, language, run_saving, set_kept, t
from ui.i18n import translate
from ui.views.judge.data import builtin_set, data_language, has_verdicts, next_in_case, next_unit, truth
from ui.views.judge.view import (
    answer_word,
    count,
    draw_agreement,
    draw_cards,
    draw_chart,
    draw_notes,
    draw_truth,
    draw_unit,
    draw_worth,
    percent,
    points,
    report_notes,
    simulation_table,
    unit_name,
)
from ui.widgets.data_source import (
    Loaded,
    Source,
    changed_items,
    data_source,
    follow_language,
    stored_upload,
    stored_upload_data,
)
from ui.widgets.text import literal
from uncase_core.edits import apply_judge_edit, judge_answers
from uncase_core.errors import InputError
from uncase_core.jsonfiles import decode_text
from uncase_core.judge import judge_report
from uncase_core.judge_import import (
    DEFAULT_SCORE_THRESHOLD,
    NO_RAGAS_SCORES,
    attach_verdicts,
    compare_ragas,
    read_ragas_scores,
)
from uncase_core.lexical_judge import judge_dataset
from uncase_core.ppi_simulation import judge_implied, simulate
from uncase_core.rag import DEFAULT_THRESHOLDS, METRIC_UNITS, METRICS
from uncase_core.rag_cases import dataset_to_text, file_extension
from uncase_core.rag_files import read_rag_upload
from uncase_store import StoreError

LIMIT = LIMITS["judge"]
CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)
DEFAULT_SEED = 17
MODE_KEY = "judge_mode"
DIMENSION_KEY = "judge_dimension"
PENDING_RAGAS = "judge_ragas_pending"  # a RAGAS upload's text, until the cases read from it are stored
RAGAS_MEMO = "judge_ragas_scores"  # the attached RAGAS file, read once per stored version
NOTICE = "judge_notice"
DIMENSION_OF_FIELD = {field: dimension for dimension, (_, field) in METRIC_UNITS.items()}
SIMULATION_REPEATS = (200, 500, 1_000, 2_000, 5_000, 10_000)
# (true rate, sensitivity, false-positive rate, hand labels, judged units): docs/judge.md's cases, on the sliders' grid.
PRESETS = {
    "unbiased": (0.7, 0.93, 0.17, 40, 2_000),
    "one_sided": (0.7, 1.0, 0.33, 40, 2_000),
    "one_sided_more": (0.7, 1.0, 0.33, 100, 2_000),
    "weak": (0.5, 0.65, 0.35, 100, 2_000),
}
SIMULATION_KEYS = ("judge_sim_true_rate", "judge_sim_sensitivity", "judge_sim_false_positive_rate",
                   "judge_sim_labelled", "judge_sim_judged")

lang = language()
workspace = current_workspace()


def as_text(data: bytes, name: str) -> str:
    try:
        return decode_text(data)
    except InputError as error:
        raise error.located(name) from None


def load(choice: str) -> Loaded:
    return Loaded(builtin_set(lang), "builtin", "builtin")


defaults: list[Loaded] = []  # this run's built-in set, read once (a page's names live for one run only)


def default() -> Loaded:
    if not defaults:
        defaults.append(load("builtin"))
    return defaults[0]


def read_upload(data: bytes, name: str) -> Loaded:
    """Cases with judge verdicts, or RAGAS rows (with their scores as the judge when they have any)."""
    dataset, kind = read_rag_upload(data, name, LIMIT.upload_bytes)
    meta: dict[str, object] = {}
    if kind == "ragas":
        meta["imported"] = "ragas"
        text = as_text(data, name)
        try:
            read_ragas_scores(text, name)
        except InputError as error:
            if error.code != NO_RAGAS_SCORES:
                raise
        else:
            meta["ragas_scores"] = True
            st.session_state[PENDING_RAGAS] = (name, text)
    if not meta.get("ragas_scores") and not has_verdicts(dataset):
        dataset = judge_dataset(dataset)  # no judge came with the file: the built-in one gives the verdicts
        meta["judged_by"] = "builtin"
    return Loaded(dataset, name, "upload", meta)


SOURCE = Source(
    JUDGE, "judge", "judge", load, choices=["builtin"], load_button="judge.load_builtin", read_upload=read_upload,
    upload_label="judge.upload", upload_help="judge.upload_help", upload_types=("json", "jsonl", "csv"),
    count=lambda dataset: len(dataset.cases),
    changes=lambda original, current: changed_items(original.cases, current.cases),
)


def current_data():
    stored = current_workspace()
    return stored.data(JUDGE) if stored.has(JUDGE) else default().data


def answer(record: dict) -> None:
    """Button callback: store one answer about the unit the person saw (the record was made when it was drawn).

    The workspace is brought up to date first; a record that no longer fits the cases (replaced meanwhile in
    another tab) is refused with the reason, never applied to another unit.
    """
    stored = current_workspace()
    try:
        stored.sync()
    except StoreError as error:
        stored.problem = error
        return
    data = current_data()
    try:
        apply_judge_edit(data, record)
    except InputError as error:
        st.session_state[NOTICE] = t("judge.stale", message=error_text(error, language()))
        return
    source = stored.source(JUDGE) or ("builtin", "builtin")
    run_saving(lambda: stored.edit(JUDGE, [record], lambda: (data, *source)))


def use_preset(name: str) -> None:
    for key, value in zip(SIMULATION_KEYS, PRESETS[name], strict=True):
        set_kept(key, value)


# ---------------------------------------------------------------- sidebar: data and the judge's output
with st.sidebar:
    st.subheader(t("rag.data"))
    loaded = data_source(SOURCE, default)
    if loaded is not None:
        pending = st.session_state.pop(PENDING_RAGAS, None)
        for attached in (JUDGE_VERDICTS, JUDGE_RAGAS):  # they belong to the cases they were attached to
            run_saving(lambda attached=attached: workspace.remove(attached))
        if loaded.meta.get("ragas_scores") and pending is not None and pending[0] == loaded.source:
            run_saving(lambda: workspace.replace(JUDGE_RAGAS, pending[1], loaded.source, "upload"))
        forget(MODE_KEY)
    else:
        follow_language(SOURCE)  # the built-in set in the reader's language, every answer kept
    data_actions = st.container()


def read_verdict_file(data: bytes, name: str) -> Loaded:
    text = as_text(data, name)
    attach_verdicts(current_data(), text, name)  # refused here, with the place, unless every row fits
    return Loaded(text, name, "upload")


def read_ragas_file(data: bytes, name: str) -> Loaded:
    text = as_text(data, name)
    scores = read_ragas_scores(text, name)
    try:
        compare_ragas(current_data().cases, scores, next(iter(scores.columns)))  # every scored case must be here
    except InputError as error:
        raise error.located(name) from None
    return Loaded(text, name, "upload")


with st.sidebar:
    with st.expander(t("judge.attach_title"), expanded=workspace.has(JUDGE_VERDICTS) or workspace.has(JUDGE_RAGAS)):
        st.caption(t("judge.attach_help"))
        stored_upload(JUDGE_VERDICTS, "judge_verdicts_upload", "judge", "judge.verdicts_upload",
                      "judge.verdicts_upload_help", ("csv", "jsonl", "json"), read_verdict_file, count=lambda text: 0)
        stored_upload(JUDGE_RAGAS, "judge_ragas_upload", "judge", "judge.ragas_upload", "judge.ragas_upload_help",
                      ("csv", "jsonl", "json"), read_ragas_file, count=lambda text: 0)
    st.subheader(t("rag.settings"))
    confidence = kept(st.select_slider, "judge_confidence", 0.95, t("rag.confidence"), options=CONFIDENCE_LEVELS,
                      format_func=lambda c: f"{c:.0%}")
    show_tuned = kept(st.checkbox, "judge_show_tuned", False, t("judge.show_tuned"), help=t("judge.show_tuned_help"))
    seed = int(kept(st.number_input, "judge_seed", DEFAULT_SEED, t("judge.seed"), min_value=0, max_value=2**31 - 1,
                    step=1, help=t("judge.seed_help")))

# ---------------------------------------------------------------- the data, with the judge's output attached
data = current_data()
source, source_kind = workspace.source(JUDGE) or ("builtin", "builtin")
meta = workspace.meta(JUDGE)

st.title(t("judge.title"))
st.markdown(t("judge.intro"))
if source_kind == "builtin":
    st.info(t("judge.builtin_note", cases=len(data.cases)))
else:
    st.caption(t("judge.upload_note", name=literal(source), cases=len(data.cases)))
    if meta.get("judged_by") == "builtin":
        st.caption(t("judge.judged_by_builtin"))

judged = data
if (verdict_file := stored_upload_data(JUDGE_VERDICTS)) is not None:
    try:
        judged = attach_verdicts(data, verdict_file[0], verdict_file[1]).dataset
    except InputError as error:
        st.error(t("judge.attached_failed", name=literal(verdict_file[1]), message=error_text(error, lang)))
scores = None
if (ragas_file := stored_upload_data(JUDGE_RAGAS)) is not None:
    mark = (workspace.token, workspace.loaded_at(JUDGE_RAGAS))
    memo = st.session_state.get(RAGAS_MEMO)
    if memo is not None and memo[0] == mark:
        scores = memo[1]
    else:
        try:
            scores = read_ragas_scores(ragas_file[0], ragas_file[1])
            st.session_state[RAGAS_MEMO] = (mark, scores)
        except InputError as error:
            st.error(t("judge.attached_failed", name=literal(ragas_file[1]), message=error_text(error, lang)))

# ---------------------------------------------------------------- what is estimated
dimension_column, mode_column = st.columns(2)
mode = "units"
if scores is not None:  # with RAGAS scores attached, the person chooses whose verdicts to read
    with mode_column:
        mode = kept(st.radio, MODE_KEY, "ragas", t("judge.mode"), options=["ragas", "units"], horizontal=True,
                    format_func=lambda m, lang=lang: translate(lang, f"judge.mode.{m}"))
dimensions = list(METRICS) if mode == "units" else [d for d in METRICS if d in scores.columns]
with dimension_column:
    dimension = kept(st.selectbox, DIMENSION_KEY, "correctness" if "correctness" in dimensions else dimensions[0],
                     t("judge.dimension"), options=dimensions,
                     format_func=lambda d, lang=lang: translate(lang, f"metric.{d}"))
case_mode = mode == "ragas"
units_word = unit_name(dimension, plural=True)
score_threshold = pass_threshold = None
if case_mode:
    st.info(t("judge.ragas_note", column=literal(scores.columns[dimension]), units=units_word))
    left, right = st.columns(2)
    with left:
        score_threshold = kept(st.slider, "judge_score_threshold", DEFAULT_SCORE_THRESHOLD, t("judge.score_threshold"),
                               min_value=0.0, max_value=1.0, step=0.05)
    with right:
        pass_threshold = kept(st.slider, f"judge_pass_threshold_{dimension}", DEFAULT_THRESHOLDS[dimension],
                              t("judge.pass_threshold", units=units_word), min_value=0.0, max_value=1.0, step=0.05)

try:
    if case_mode:
        comparison = compare_ragas(judged.cases, scores, dimension, score_threshold, pass_threshold, confidence,
                                   show_tuned)
        report, import_notes = comparison.report, comparison.notes
    else:
        report, import_notes = judge_report(judged.cases, dimension, confidence, show_tuned), ()
except InputError as error:
    st.error(t("judge.cannot_compute", message=error_text(error, lang)))
    finish_page()
    st.stop()

records = workspace.edits(JUDGE)
answers = judge_answers(records)
skipped = frozenset(given.key for given in answers if given.op == "skip")  # as uncase_core.edits.judge_skips
if case_mode:
    scored = {case_id for case_id, score in zip(scores.case_ids, scores.scores[dimension], strict=True)
              if score is not None}
    progress = next_in_case(judged.cases, dimension, scored, skipped, seed)
else:
    progress = next_unit(judged.cases, dimension, skipped, seed)

label_tab, simulation_tab = st.tabs([t("judge.tab.label"), t("judge.tab.simulate")])

# ---------------------------------------------------------------- label the next one
with label_tab, st.container(horizontal=True, gap="medium"):
    with st.container(width=420):
        st.subheader(t("judge.next_title"))
        if notice := st.session_state.pop(NOTICE, None):
            st.error(notice)
        if case_mode:
            st.caption(t("judge.progress_cases", labelled=progress.labelled, pool=progress.pool,
                         skipped=progress.skipped, units=units_word))
        else:
            st.caption(t("judge.progress", labelled=progress.labelled, pool=progress.pool, skipped=progress.skipped,
                         units=units_word))
        target = progress.next
        if target is None and progress.pool:
            st.success(t("judge.all_done"))
        elif target is None:
            st.info(t("judge.nothing_to_label"))
        else:
            with st.container(border=True):
                if case_mode:
                    st.markdown(t("judge.case_where", case_id=literal(target.case_id), unit=unit_name(dimension),
                                  position=progress.case_position + 1, count=len(progress.case_units)))
                else:
                    st.markdown(t("judge.where", unit=unit_name(dimension), unit_id=literal(target.unit_id),
                                  case_id=literal(target.case_id)))
                draw_unit(judged.cases[target.case], target, dimension)
                with st.container(horizontal=True):
                    st.button(t("judge.yes"), key="judge_yes", type="primary", on_click=answer,
                              args=(target.record("label", True),))
                    st.button(t("judge.no"), key="judge_no", on_click=answer, args=(target.record("label", False),))
                    st.button(t("judge.skip"), key="judge_skip", on_click=answer,
                              args=(target.record("skip", True),))
                st.caption(t("judge.case_verdict_hidden" if case_mode else "judge.verdict_hidden"))
        if answers:
            last = answers[-1]
            last_dimension = DIMENSION_OF_FIELD[last.field]
            where = t("judge.where", unit=unit_name(last_dimension), unit_id=literal(last.unit_id),
                      case_id=literal(last.case_id))
            if last.op == "skip":
                st.caption(t("judge.last_skip", where=where))
            elif case_mode:  # the judge scored the case, not this unit
                st.caption(t("judge.last_label_case", where=where, yours=answer_word(last.value)))
            else:
                verdict = judged.cases[last.case].units(last.kind)[last.unit].verdict(last.field)
                st.caption(t("judge.last_label", where=where, yours=answer_word(last.value),
                             judge=answer_word(verdict)))
            st.button(t("judge.undo"), key="judge_undo", on_click=answer, args=(last.undo_record(),))
        with st.expander(t("judge.why_random_title")):
            st.markdown(t("judge.why_random", seed=seed))

    # ------------------------------------------------------------ the intervals
    with st.container(width=460):
        st.subheader(t("judge.results", dimension=translate(lang, f"metric.{dimension}")))
        shown_truth = None
        if source_kind == "builtin" and kept(st.checkbox, "judge_show_truth", False, t("judge.show_truth"),
                                             help=t("judge.show_truth_help")):
            shown_truth = truth(judged, dimension, data_language(data, lang), confidence)
        draw_chart(report, show_tuned, shown_truth)
        draw_worth(report, show_tuned)
        draw_cards(report, show_tuned)
        if shown_truth is not None:
            draw_truth(report, shown_truth)

with label_tab:
    draw_notes([*report_notes(report, show_tuned), *import_notes])
    st.subheader(t("judge.agreement_title"))
    draw_agreement(report.agreement, t("judge.unit_plural.case") if case_mode else units_word)
    if answers:
        with st.expander(t("judge.answers_title", count=len(answers))):
            rows = []
            for given in reversed(answers):
                unit = judged.cases[given.case].units(given.kind)[given.unit]
                rows.append({
                    t("rag.case"): given.case_id,
                    t("judge.col.unit"): f"{unit_name(DIMENSION_OF_FIELD[given.field])} {given.unit_id}",
                    t("judge.dimension"): translate(lang, f"metric.{DIMENSION_OF_FIELD[given.field]}"),
                    t("judge.col.yours"): t("judge.value.skipped") if given.op == "skip" else answer_word(given.value),
                    t("judge.col.judge"): answer_word(unit.verdict(given.field)),
                    t("units.text"): unit.text,
                })
            st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    with st.expander(t("judge.explain_title")):
        st.markdown(t("judge.explain"))

# ---------------------------------------------------------------- simulation
with simulation_tab:
    st.markdown(t("judge.sim.intro"))
    with st.container(horizontal=True):
        for name in PRESETS:
            st.button(t(f"judge.sim.preset.{name}"), key=f"judge_sim_preset_{name}", on_click=use_preset, args=(name,))
    left, right = st.columns(2)
    with left:
        true_rate = kept(st.slider, "judge_sim_true_rate", 0.7, t("judge.sim.true_rate"), min_value=0.0,
                         max_value=1.0, step=0.01)
        sensitivity = kept(st.slider, "judge_sim_sensitivity", 0.93, t("judge.sim.sensitivity"), min_value=0.0,
                           max_value=1.0, step=0.01)
        false_positive_rate = kept(st.slider, "judge_sim_false_positive_rate", 0.17, t("judge.sim.false_positive_rate"),
                                   min_value=0.0, max_value=1.0, step=0.01)
    with right:
        labelled = int(kept(st.number_input, "judge_sim_labelled", 40, t("judge.sim.labelled"), min_value=1,
                            max_value=100_000, step=10))
        judged_units = int(kept(st.number_input, "judge_sim_judged", 2_000, t("judge.sim.judged"), min_value=1,
                                max_value=1_000_000, step=100))
        repeats = kept(st.select_slider, "judge_sim_repeats", 2_000, t("judge.sim.repeats"),
                       options=SIMULATION_REPEATS)
    judge_rate, accuracy, bias = judge_implied(true_rate, sensitivity, false_positive_rate)
    st.markdown(t("judge.sim.implied", rate=percent(judge_rate), accuracy=percent(accuracy), bias=points(bias)))
    try:
        result = simulate(true_rate, sensitivity, false_positive_rate, labelled, judged_units, repeats, confidence,
                          seed)
    except InputError as error:
        st.error(t("judge.sim.error", message=error_text(error, lang)))
    else:
        methods = result.methods
        st.markdown(t("judge.sim.summary", repeats=count(result.repeats), level=percent(confidence, 0),
                      judge=percent(methods["judge_only"].coverage.value),
                      hand=percent(methods["hand_labels"].coverage.value),
                      ppi=percent(methods["ppi"].coverage.value)))
        st.dataframe(simulation_table(result), hide_index=True, width="stretch")
        st.caption(t("judge.sim.table_help", seed=seed))
        disagreements = labelled * (true_rate * (1 - sensitivity) + (1 - true_rate) * false_positive_rate)
        if labelled < 30:
            st.warning(t("judge.sim.warn_few_labels", n=labelled))
        if 0 < disagreements < 10:
            one_sided = sensitivity == 1.0 or false_positive_rate == 0.0
            st.warning(t("judge.sim.warn_few_disagreements_one_sided" if one_sided
                         else "judge.sim.warn_few_disagreements", expected=f"{disagreements:.1f}", n=labelled))
    with st.expander(t("judge.sim.distrust_title"), expanded=True):
        st.markdown(t("judge.sim.distrust"))

# ---------------------------------------------------------------- sidebar: download and reset
with data_actions:
    stem = source.rsplit(".", 1)[0] if source_kind == "upload" else "judge-set"
    st.download_button(t("rag.download"), data=lambda dataset=judged: dataset_to_text(dataset).encode("utf-8"),
                       file_name=f"{stem}-labelled.{file_extension(judged)}", mime="application/json",
                       on_click="ignore", width="stretch")
    if st.session_state.get("judge_confirm_reset"):
        st.warning(t("judge.reset_confirm"))
        yes, no = st.columns(2)
        if yes.button(t("rag.reset_yes"), type="primary"):
            run_saving(lambda: workspace.reset(JUDGE))
            st.session_state["judge_confirm_reset"] = False
            st.rerun()
        if no.button(t("rag.reset_no")):
            st.session_state["judge_confirm_reset"] = False
            st.rerun()
    elif st.button(t("judge.reset"), width="stretch", disabled=not records):
        st.session_state["judge_confirm_reset"] = True
        st.rerun()

finish_page()
