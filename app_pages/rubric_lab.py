"""Rubric lab (document 003): DRFR, filtering bad rubric items, and whether judges then agree."""

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import RUBRIC_HOLISTIC, RUBRIC_VERDICTS
from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, run_saving, t
from ui.i18n import format_number, translate
from ui.views.rubrics import bump_chart, leaderboard_chart, verdict_heatmap
from ui.widgets.data_source import Loaded, read_new_upload
from ui.widgets.figures import drawn
from ui.widgets.layout import figure_table, show_chart
from ui.widgets.numbers import number_box, number_slider
from ui.widgets.text import literal, text_table
from uncase_core.errors import InputError
from uncase_core.rubrics.generator import GeneratorSettings, filter_recovery, generate_verdicts
from uncase_core.rubrics.holistic import generate_holistic, holistic_agreement, read_holistic
from uncase_core.rubrics.lab import FILTERS, FilterSettings, analyse, read_verdicts, verdicts_to_csv

FILE_TYPES = ["csv", "jsonl", "json"]  # the readers take a JSON array of records too
# Noisy enough that the judges disagree until the planted items are filtered (seed 8: Spearman 0.51 -> 0.84).
DEFAULTS = {"seed": 8, "candidates": 8, "trivial": 3, "impossible": 3, "misaligned": 8, "unstable": 20}
DEFAULT_SIZES = {"seed": 8, "candidates": 8, "prompts": 20, "items_per_prompt": 6, "judges": 3, "runs": 3}

lang = language()
workspace = current_workspace()

# ---------------------------------------------------------------- sidebar: data
# Generated verdicts are not stored: the settings they were made with are, and the generator is seeded.
with st.sidebar:
    st.header(t("common.data"))
    with st.expander(t("rub.generator"), expanded=True):
        sizes = {
            "seed": number_box("rub_seed", DEFAULTS["seed"], t("common.seed"), whole=True, low=0, high=10_000),
            "candidates": kept(st.slider, "rub_candidates", DEFAULTS["candidates"], t("rub.gen.candidates"), 2, 16),
            "prompts": kept(st.slider, "rub_prompts", 20, t("rub.gen.prompts"), 2, 100),
            "items_per_prompt": kept(st.slider, "rub_items", 6, t("rub.gen.items"), 2, 12),
            "judges": kept(st.slider, "rub_judges", 3, t("rub.gen.judges"), 2, 5),
            "runs": kept(st.slider, "rub_runs", 3, t("rub.gen.runs"), 1, 5),
        }
        planted = {kind: kept(st.slider, f"rub_planted_{kind}", DEFAULTS[kind], t(f"rub.gen.planted_{kind}"), 0, 30)
                   for kind in FILTERS}
        generate = st.button(t("rub.generate"), width="stretch")
    verdict_upload = read_new_upload(
        "rub_upload", "rubrics", t("rub.upload"), t("rub.upload_help"), FILE_TYPES,
        lambda data, name, limit: Loaded(read_verdicts(data, name, limit), name, "upload"))
    holistic_upload = read_new_upload(
        "rub_holistic_upload", "rubrics", t("rub.upload_holistic"), t("rub.upload_holistic_help"), FILE_TYPES,
        lambda data, name, limit: Loaded(read_holistic(data, name, limit), name, "upload"))

error = None
if generate:
    wanted = {**{k: int(v) for k, v in sizes.items()}, **planted}

    def regenerate() -> None:
        workspace.remove(RUBRIC_VERDICTS)
        workspace.remove(RUBRIC_HOLISTIC)
        workspace.set_settings({"rub_generated_with": wanted})

    try:
        GeneratorSettings(**wanted)
    except InputError as problem:
        error = error_text(problem, lang)
    else:
        run_saving(regenerate)
if verdict_upload is not None:
    def take_verdicts() -> None:
        workspace.replace(RUBRIC_VERDICTS, verdict_upload.data, verdict_upload.source, "upload")
        workspace.remove(RUBRIC_HOLISTIC)  # the generated scores belonged to the generated verdicts

    run_saving(take_verdicts)
if holistic_upload is not None:
    run_saving(lambda: workspace.replace(RUBRIC_HOLISTIC, holistic_upload.data, holistic_upload.source, "upload"))

truth = None
if workspace.has(RUBRIC_VERDICTS):
    verdicts = workspace.data(RUBRIC_VERDICTS)
    verdict_source = workspace.source(RUBRIC_VERDICTS)[0]
else:
    made_with = workspace.setting("rub_generated_with") or {
        **DEFAULT_SIZES, **{kind: DEFAULTS[kind] for kind in FILTERS}}
    try:
        settings = GeneratorSettings(**made_with)
    except (InputError, TypeError) as problem:  # a stored value from an older version: back to the defaults
        error = error_text(problem, lang) if isinstance(problem, InputError) else literal(problem)
        settings = GeneratorSettings(**DEFAULT_SIZES, **{kind: DEFAULTS[kind] for kind in FILTERS})
    verdicts, truth = generate_verdicts(settings)
    verdict_source = t("rub.generator_source")
holistic = workspace.data(RUBRIC_HOLISTIC) if workspace.has(RUBRIC_HOLISTIC) else (
    None if truth is None else generate_holistic(truth, sorted(verdicts["judge"].unique()), settings.seed))

# ---------------------------------------------------------------- sidebar: filters
with st.sidebar:
    if error is not None:
        st.error(t("rub.upload_failed", message=error))  # already markdown-safe
    # A callable: the CSV is built when the button is pressed, not on every run of the page.
    st.download_button(t("rub.download"), lambda: verdicts_to_csv(verdicts), file_name="verdicts.csv", mime="text/csv",
                       width="stretch")
    st.header(t("rub.filters"))
    enabled = tuple(kind for kind in FILTERS if kept(st.checkbox, f"rub_filter_{kind}", True,
                                                     t(f"rub.filter.{kind}"), help=t(f"rub.filter_help.{kind}")))
    rule = kept(st.radio, "rub_rule", "all", t("rub.rule"), options=["all", "any"], horizontal=True,
                format_func=lambda r, lang=lang: translate(lang, f"rub.rule.{r}"))
    misaligned_below = number_slider("rub_misaligned_below", 0.0, t("rub.misaligned_below"), -1.0, 1.0, 0.05)
    unstable_above = number_slider("rub_unstable_above", 0.20, t("rub.unstable_above"), 0.0, 1.0, 0.05, percent=True)

analysis = analyse(verdicts, FilterSettings(enabled, rule, misaligned_below, unstable_above))

# ---------------------------------------------------------------- main
st.title(t("rub.title"))
st.markdown(t("rub.intro"))
counts = {k: verdicts[k].nunique() for k in ("candidate", "judge", "run")}
st.caption(t("rub.data_summary", verdicts=len(verdicts), items=len(verdicts[["prompt", "item"]].drop_duplicates()),
             source=verdict_source, **counts))

before, after = analysis.stability_before, analysis.stability_after


def _mean(values) -> str:
    present = [v for v in values.values() if v is not None]
    return "—" if not present else format_number(sum(present) / len(present), lang)


def _reason(removed) -> str:
    details = dict(removed.details)
    if "rule" in details:
        details["rule"] = t(f"rub.rule.{details['rule']}")
    return t(f"rub.reason.{removed.filter}", **details)


def _points(share: float | None) -> str:
    return "—" if share is None else format_number(100 * share, lang, 1)


st.header(t("rub.stability"))
drawn("rubrics.separated")
figure_table(pd.DataFrame({
    t("rub.figure"): [t("rub.fig.spearman"), t("rub.fig.kendall"), t("rub.fig.identical"), t("rub.fig.gap"),
                      t("rub.fig.spread"), t("rub.fig.separated"), t("rub.fig.removed")],
    t("rub.before"): [_mean(before.spearman), _mean(before.kendall), str(before.identical_ranks),
                      _points(before.mean_neighbour_gap), _points(before.spread),
                      str(before.separated_pairs), "0"],
    t("rub.after"): [_mean(after.spearman), _mean(after.kendall), str(after.identical_ranks),
                     _points(after.mean_neighbour_gap), _points(after.spread),
                     str(after.separated_pairs), str(len({(r.prompt, r.item) for r in analysis.removed}))],
}))
st.caption(t("rub.stability_help"))
if holistic is not None:
    agreement = holistic_agreement(holistic)
    st.markdown(t("rub.holistic", spearman=_mean(agreement.spearman), kendall=_mean(agreement.kendall),
                  identical=agreement.identical_ranks,
                  candidates=len(next(iter(agreement.ranking.values()), ()))))
if analysis.ties:
    st.caption(t("rub.ties", count=analysis.ties))

if truth is not None:
    recovery = filter_recovery(analysis, truth)
    st.header(t("rub.recovery"))
    text_table(pd.DataFrame([{t("rub.filter"): t(f"rub.filter.{kind}"), **{t(f"rub.rec.{k}"): v
                                                                              for k, v in row.items()}}
                               for kind, row in recovery.items()]), hide_index=True, width="stretch")

judges = list(analysis.drfr_before)
judge = kept(st.selectbox, "rub_judge", judges[0], t("rub.judge"), options=judges)
labels = {"before": t("rub.before"), "after": t("rub.after"), "rank": t("rub.rank"), "share": t("rub.share"),
          "removed_row": t("rub.removed_row")}
left, right = st.columns(2, gap="large")
with left:
    st.header(t("rub.leaderboard", judge=literal(judge)))
    drawn("rubrics.drfr")
    show_chart(leaderboard_chart(analysis.drfr_before[judge], analysis.drfr_after[judge], labels))
with right:
    st.header(t("rub.bump"))
    show_chart(bump_chart(analysis.drfr_before, analysis.drfr_after, labels))

st.header(t("rub.heatmap", judge=literal(judge)))
removed_items = {(r.prompt, r.item) for r in analysis.removed}
show_chart(verdict_heatmap(verdicts, judge, removed_items, labels))

st.header(t("rub.removed", count=len(removed_items)))
if len(analysis.removed) > len(removed_items):
    st.caption(t("rub.removed_rows", rows=len(analysis.removed), items=len(removed_items)))
if analysis.removed:
    text_table(pd.DataFrame([{t("rub.col.prompt"): r.prompt, t("rub.col.item"): r.item,
                                t("rub.filter"): t(f"rub.filter.{r.filter}"), t("rub.col.reason"): _reason(r)}
                               for r in analysis.removed]), hide_index=True, width="stretch")
with st.expander(t("rub.explain_title")):
    st.markdown(t("rub.explain"))

finish_page()
