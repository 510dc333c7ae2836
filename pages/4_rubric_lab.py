"""Rubric lab (document 003): DRFR, filtering bad rubric items, and whether judges then agree."""

import pandas as pd
import streamlit as st

from ui.i18n import format_number, translate
from ui.limits import LIMITS, check_count, check_size
from ui.rubric_view import bump_chart, leaderboard_chart, verdict_heatmap
from ui.session import kept, setup_page, t
from ui.text import literal
from uncase_core.errors import InputError
from uncase_core.holistic import generate_holistic, holistic_agreement, read_holistic
from uncase_core.rubric_generator import GeneratorSettings, filter_recovery, generate_verdicts
from uncase_core.rubrics import FILTERS, FilterSettings, analyse, read_verdicts, verdicts_to_csv

LIMIT = LIMITS["rubrics"]
FILE_TYPES = ["csv", "jsonl", "json"]  # the readers take a JSON array of records too
# Noisy enough that the judges disagree until the planted items are filtered (seed 8: Spearman 0.51 -> 0.84).
DEFAULTS = {"seed": 8, "candidates": 8, "trivial": 3, "impossible": 3, "misaligned": 8, "unstable": 20}

lang = setup_page("rub.title")

# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.subheader(t("rag.data"))
    with st.expander(t("rub.generator"), expanded=True):
        sizes = {
            "seed": kept(st.number_input, "rub_seed", DEFAULTS["seed"], t("rub.gen.seed"), min_value=0,
                         max_value=10_000, step=1),
            "candidates": kept(st.slider, "rub_candidates", DEFAULTS["candidates"], t("rub.gen.candidates"), 2, 16),
            "prompts": kept(st.slider, "rub_prompts", 20, t("rub.gen.prompts"), 2, 100),
            "items_per_prompt": kept(st.slider, "rub_items", 6, t("rub.gen.items"), 2, 12),
            "judges": kept(st.slider, "rub_judges", 3, t("rub.gen.judges"), 2, 5),
            "runs": kept(st.slider, "rub_runs", 3, t("rub.gen.runs"), 1, 5),
        }
        planted = {kind: kept(st.slider, f"rub_planted_{kind}", DEFAULTS[kind], t(f"rub.gen.planted_{kind}"), 0, 30)
                   for kind in FILTERS}
        generate = st.button(t("rub.generate"), width="stretch")
    upload = st.file_uploader(t("rub.upload"), type=FILE_TYPES, key="rub_upload", help=t("rub.upload_help"),
                              max_upload_size=LIMIT.upload_mb)
    holistic_upload = st.file_uploader(t("rub.upload_holistic"), type=FILE_TYPES, key="rub_holistic_upload",
                                       help=t("rub.upload_holistic_help"), max_upload_size=LIMIT.upload_mb)

if generate or "rub_verdicts" not in st.session_state:
    try:
        settings = GeneratorSettings(**{k: int(v) for k, v in sizes.items()}, **planted)
        verdicts, truth = generate_verdicts(settings)
        holistic = generate_holistic(truth, sorted(verdicts["judge"].unique()), settings.seed)
        st.session_state.update(rub_verdicts=verdicts, rub_truth=truth, rub_source="generator", rub_holistic=holistic)
        st.session_state.pop("rub_upload_error", None)
    except InputError as error:
        st.session_state["rub_upload_error"] = error.message
if upload is not None and st.session_state.get("rub_upload_seen") != upload.file_id:
    st.session_state["rub_upload_seen"] = upload.file_id
    try:
        verdicts = read_verdicts(check_size("rubrics", upload.getvalue(), upload.name), upload.name)
        check_count("rubrics", len(verdicts), upload.name)
        st.session_state.update(rub_verdicts=verdicts, rub_truth=None, rub_source=upload.name, rub_holistic=None)
        st.session_state.pop("rub_upload_error", None)
    except InputError as error:
        st.session_state["rub_upload_error"] = error.message
if holistic_upload is not None and st.session_state.get("rub_holistic_seen") != holistic_upload.file_id:
    st.session_state["rub_holistic_seen"] = holistic_upload.file_id
    try:
        data = check_size("rubrics", holistic_upload.getvalue(), holistic_upload.name)
        st.session_state["rub_holistic"] = read_holistic(data, holistic_upload.name)
        st.session_state.pop("rub_upload_error", None)
    except InputError as error:
        st.session_state["rub_upload_error"] = error.message

verdicts = st.session_state["rub_verdicts"]
truth = st.session_state.get("rub_truth")

# ---------------------------------------------------------------- sidebar: filters
with st.sidebar:
    if "rub_upload_error" in st.session_state:
        st.error(t("rub.upload_failed", message=literal(st.session_state["rub_upload_error"])))
    st.download_button(t("rub.download"), verdicts_to_csv(verdicts), file_name="verdicts.csv", mime="text/csv",
                       width="stretch")
    st.subheader(t("rub.filters"))
    enabled = tuple(kind for kind in FILTERS if kept(st.checkbox, f"rub_filter_{kind}", True,
                                                     t(f"rub.filter.{kind}"), help=t(f"rub.filter_help.{kind}")))
    rule = kept(st.radio, "rub_rule", "all", t("rub.rule"), options=["all", "any"], horizontal=True,
                format_func=lambda r, lang=lang: translate(lang, f"rub.rule.{r}"))
    misaligned_below = kept(st.slider, "rub_misaligned_below", 0.0, t("rub.misaligned_below"), -1.0, 1.0, step=0.05)
    unstable_above = kept(st.slider, "rub_unstable_above", 0.20, t("rub.unstable_above"), 0.0, 1.0, step=0.05)

analysis = analyse(verdicts, FilterSettings(enabled, rule, misaligned_below, unstable_above))

# ---------------------------------------------------------------- main
st.title(t("rub.title"))
st.markdown(t("rub.intro"))
counts = {k: verdicts[k].nunique() for k in ("candidate", "judge", "run")}
st.caption(t("rub.data_summary", verdicts=len(verdicts), items=len(verdicts[["prompt", "item"]].drop_duplicates()),
             source=st.session_state.get("rub_source", ""), **counts))

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


st.subheader(t("rub.stability"))
st.dataframe(pd.DataFrame({
    t("rub.figure"): [t("rub.fig.spearman"), t("rub.fig.kendall"), t("rub.fig.identical"), t("rub.fig.gap"),
                      t("rub.fig.spread"), t("rub.fig.separated"), t("rub.fig.removed")],
    t("rub.before"): [_mean(before.spearman), _mean(before.kendall), str(before.identical_ranks),
                      _points(before.mean_neighbour_gap), _points(before.spread),
                      str(before.separated_pairs), "0"],
    t("rub.after"): [_mean(after.spearman), _mean(after.kendall), str(after.identical_ranks),
                     _points(after.mean_neighbour_gap), _points(after.spread),
                     str(after.separated_pairs), str(len({(r.prompt, r.item) for r in analysis.removed}))],
}), hide_index=True, width="stretch")
st.caption(t("rub.stability_help"))
holistic = st.session_state.get("rub_holistic")
if holistic is not None:
    agreement = holistic_agreement(holistic)
    st.markdown(t("rub.holistic", spearman=_mean(agreement.spearman), kendall=_mean(agreement.kendall),
                  identical=agreement.identical_ranks,
                  candidates=len(next(iter(agreement.ranking.values()), ()))))
if analysis.ties:
    st.caption(t("rub.ties", count=analysis.ties))

if truth is not None:
    recovery = filter_recovery(analysis, truth)
    st.subheader(t("rub.recovery"))
    st.dataframe(pd.DataFrame([{t("rub.filter"): t(f"rub.filter.{kind}"), **{t(f"rub.rec.{k}"): v
                                                                              for k, v in row.items()}}
                               for kind, row in recovery.items()]), hide_index=True, width="stretch")

judges = list(analysis.drfr_before)
judge = st.selectbox(t("rub.judge"), judges, key="rub_judge")
labels = {"before": t("rub.before"), "after": t("rub.after"), "rank": t("rub.rank"), "share": t("rub.share")}
left, right = st.columns(2, gap="large")
with left:
    st.subheader(t("rub.leaderboard", judge=judge))
    st.plotly_chart(leaderboard_chart(analysis.drfr_before[judge], analysis.drfr_after[judge], labels),
                    width="stretch", config={"displayModeBar": False})
with right:
    st.subheader(t("rub.bump"))
    st.plotly_chart(bump_chart(analysis.drfr_before, analysis.drfr_after, labels), width="stretch",
                    config={"displayModeBar": False})

st.subheader(t("rub.heatmap", judge=judge))
removed_items = {(r.prompt, r.item) for r in analysis.removed}
st.plotly_chart(verdict_heatmap(verdicts, judge, removed_items, labels), width="stretch",
                config={"displayModeBar": False})

st.subheader(t("rub.removed", count=len(analysis.removed)))
if analysis.removed:
    st.dataframe(pd.DataFrame([{t("rub.col.prompt"): r.prompt, t("rub.col.item"): r.item,
                                t("rub.filter"): t(f"rub.filter.{r.filter}"), t("rub.col.reason"): _reason(r)}
                               for r in analysis.removed]), hide_index=True, width="stretch")
with st.expander(t("rub.explain_title")):
    st.markdown(t("rub.explain"))
