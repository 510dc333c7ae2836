"""Judge and hand labels: an automatic judge on every unit, a few hand labels drawn at random, honest intervals."""

import streamlit as st

from ui.frame.data_kinds import JUDGE
from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, t
from ui.i18n import format_percent, translate
from ui.views.judge.data import builtin_set, data_language, next_in_case, next_unit, truth
from ui.views.judge.labelling import draw_answers, draw_next
from ui.views.judge.simulation import draw_simulation
from ui.views.judge.sources import (
    DIMENSION_KEY,
    MODE_KEY,
    attach_block,
    current_data,
    data_block,
    judge_source,
    with_attachments,
)
from ui.views.judge.view import (
    draw_agreement,
    draw_cards,
    draw_chart,
    draw_notes,
    draw_truth,
    draw_worth,
    report_notes,
    unit_name,
)
from ui.widgets.confirm import confirm_reset
from ui.widgets.data_source import Loaded
from ui.widgets.numbers import CONFIDENCE_LEVELS, number_box, number_slider
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.judge.edits import judge_answers
from uncase_core.judge.imports import DEFAULT_SCORE_THRESHOLD, compare_ragas
from uncase_core.judge.report import judge_report
from uncase_core.rag.cases import dataset_to_text, file_extension
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS
from uncase_core.stats.ppi import MIN_LABELS_FOR_TUNED

DEFAULT_SEED = 17
FIX_THRESHOLDS_KEY = "judge_fix_thresholds"

lang = language()
workspace = current_workspace()
defaults: list[Loaded] = []  # this run's built-in set, read once (a page's names live for one run only)


def load(choice: str) -> Loaded:
    return Loaded(builtin_set(lang), "builtin", "builtin")


def default() -> Loaded:
    if not defaults:
        defaults.append(load("builtin"))
    return defaults[0]


# ---------------------------------------------------------------- sidebar: data, attached files, settings
with st.sidebar:
    st.header(t("common.data"))
    data_block(judge_source(load), default, workspace)
    data_actions = st.container()
    attach_block(default, workspace)
    st.header(t("common.settings"))
    confidence = kept(st.select_slider, "judge_confidence", 0.95, t("common.confidence"), options=CONFIDENCE_LEVELS,
                      format_func=lambda c: format_percent(c, lang, 0))
    show_tuned = kept(st.checkbox, "judge_show_tuned", False, t("judge.show_tuned"),
                      help=t("judge.show_tuned_help", minimum=MIN_LABELS_FOR_TUNED))
    seed = number_box("judge_seed", DEFAULT_SEED, t("judge.seed"), whole=True, low=0, high=2**31 - 1,
                      help=t("judge.seed_help"))

# ---------------------------------------------------------------- the data, with the judge's output attached
data = current_data(default)
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
judged, scores = with_attachments(data, workspace, lang)

# ---------------------------------------------------------------- what is estimated
dimension_column, mode_column = st.columns(2)
mode = "units"
if scores is not None:  # with RAGAS scores attached, the person chooses whose verdicts to read
    with mode_column:
        mode = kept(st.radio, MODE_KEY, "ragas", t("judge.mode"), options=["ragas", "units"], horizontal=True,
                    format_func=lambda m, lang=lang: translate(lang, f"judge.mode.{m}"))
dimensions = list(METRICS) if mode == "units" else [d for d in METRICS if d in scores.columns]
with dimension_column:
    # No typing in a box of four options: 1 and 0 typed into its search after a choice. The box keeps
    # the keyboard after a choice; ui/frame/select_release.py hands the page's keys back to the page.
    dimension = kept(st.selectbox, DIMENSION_KEY, "correctness" if "correctness" in dimensions else dimensions[0],
                     t("judge.dimension"), options=dimensions, filter_mode=None,
                     format_func=lambda d, lang=lang: translate(lang, f"metric.{d}"))
case_mode = mode == "ragas"
units_word = unit_name(dimension, plural=True)
score_threshold = pass_threshold = None
if case_mode:
    st.info(t("judge.ragas_note", column=literal(scores.columns[dimension]), units=units_word))
    fixed = kept(st.checkbox, FIX_THRESHOLDS_KEY, False, t("judge.fix_thresholds"), help=t("judge.fix_thresholds_help"))
    left, right = st.columns(2)
    with left:
        score_threshold = number_slider("judge_score_threshold", DEFAULT_SCORE_THRESHOLD, t("judge.score_threshold"),
                                        0.0, 1.0, 0.05, disabled=fixed)
    with right:
        pass_threshold = number_slider(f"judge_pass_threshold_{dimension}", DEFAULT_THRESHOLDS[dimension],
                                       t("judge.pass_threshold", units=units_word), 0.0, 1.0, 0.05, percent=True,
                                       disabled=fixed)
    st.caption(t("judge.thresholds_fixed" if fixed else "judge.thresholds_move"))

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

notes = st.container()  # always drawn, so the labelling's key buttons below keep their place when a note shows
records = workspace.edits(JUDGE)
answers = judge_answers(records)
skipped = frozenset(given.key for given in answers if given.op == "skip")  # as uncase_core.shared.edits.judge_skips
if case_mode:
    scored = {case_id for case_id, score in zip(scores.case_ids, scores.scores[dimension], strict=True)
              if score is not None}
    progress = next_in_case(judged.cases, dimension, scored, skipped, seed)
    if not fixed and answers:  # labelling has begun with thresholds that can still move
        notes.warning(t("judge.thresholds_not_fixed"))
else:
    progress = next_unit(judged.cases, dimension, skipped, seed)

label_tab, simulation_tab = st.tabs([t("judge.tab.label"), t("judge.tab.simulate")])

# ---------------------------------------------------------------- label the next one, and the intervals
with label_tab, st.container(horizontal=True, gap="medium"):
    with st.container(width=420):
        draw_next(judged, dimension, progress, case_mode, answers, seed, default)
    with st.container(width=460):
        st.header(t("judge.results", dimension=translate(lang, f"metric.{dimension}")))
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
    st.header(t("judge.agreement_title"))
    draw_agreement(report.agreement, t("judge.unit_plural.case") if case_mode else units_word, report.judge.total)
    if answers:
        draw_answers(judged, answers, lang)
    with st.expander(t("judge.explain_title")):
        st.markdown(t("judge.explain"))

with simulation_tab:
    draw_simulation(confidence, seed, lang)

# ---------------------------------------------------------------- sidebar: download and reset
with data_actions:
    stem = source.rsplit(".", 1)[0] if source_kind == "upload" else "judge-set"
    st.download_button(t("common.download"), data=lambda dataset=judged: dataset_to_text(dataset).encode("utf-8"),
                       file_name=f"{stem}-labelled.{file_extension(judged)}", mime="application/json",
                       on_click="ignore", width="stretch")
    confirm_reset("judge_confirm_reset", t("judge.reset"), t("judge.reset_confirm"), lambda: workspace.reset(JUDGE),
                  disabled=not records)

finish_page()
