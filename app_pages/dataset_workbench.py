"""Dataset workbench (document 004): contract, strata, splits, version, revision log and leakage."""

from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import WORKBENCH, WORKBENCH_COMPARE
from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, run_saving, t
from ui.i18n import format_percent, translate
from ui.views.datasets import draw_diff, draw_leakage, draw_revision_log, draw_strata
from ui.widgets.data_source import (
    Loaded,
    Source,
    changed_items,
    data_source,
    follow_language,
    stored_or_default,
    stored_upload,
    stored_upload_data,
)
from ui.widgets.layout import CARD_WIDTH, VERSION_CARD_WIDTH, card_row
from ui.widgets.names import field_label, field_value, label_value
from ui.widgets.numbers import number_box, number_slider
from ui.widgets.text import id_list, literal, text_table
from uncase_core.assets.reader import load_workbench
from uncase_core.datasets.edits import reveals, workbench_revision
from uncase_core.datasets.workbench import (
    METADATA_FIELDS,
    SPLITS,
    assign_splits,
    dataset_from_file,
    dataset_version,
    missing_metadata,
    revisions,
    short_version,
    strata,
    strata_warnings,
    with_splits,
)
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, dataset_to_text
from uncase_core.rag.evaluation import METRICS


def _metric(name: str) -> str:
    return t(f"metric.{name}")


lang = language()
workspace = current_workspace()


def load(_choice: str) -> Loaded:
    return Loaded(load_workbench(lang), "builtin", "builtin")


SOURCE = Source(
    WORKBENCH, "wb", "dataset", load, choices=["builtin"], load_button="wb.load_builtin",
    read_upload=lambda data, name, limit: Loaded(dataset_from_file(data, name, limit), name, "upload"),
    upload_label="common.upload_dataset", upload_help="common.upload_help", count=lambda dataset: len(dataset.cases),
    changes=lambda original, current: changed_items(original.cases, current.cases),
)


# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.header(t("common.data"))
    follow_language(SOURCE)
    data_source(SOURCE, lambda: load("builtin"))
    stored_upload(WORKBENCH_COMPARE, "wb_other", "dataset", "wb.upload_other", "wb.upload_other_help",
                  ("json", "jsonl"),
                  lambda data, name, limit: Loaded(dataset_from_file(data, name, limit), name, "upload"),
                  count=lambda dataset: len(dataset.cases))
    downloads = st.container()

    st.header(t("common.settings"))
    field = kept(st.selectbox, "wb_field", "domain", t("wb.strata_field"), options=list(METADATA_FIELDS),
                 format_func=lambda f, lang=lang: field_label(f, lang))
    metric = kept(st.selectbox, "wb_metric", "faithfulness", t("common.metric"), options=list(METRICS),
                  format_func=lambda m, lang=lang: translate(lang, f"metric.{m}"))
    min_units = kept(st.slider, "wb_min_units", 5, t("wb.min_units"), 1, 50)
    ngram = kept(st.slider, "wb_ngram", 5, t("wb.ngram"), 2, 10)
    cutoff = number_slider("wb_cutoff", 0.8, t("wb.cutoff"), 0.3, 1.0, 0.05)

dataset, _, source, source_kind = stored_or_default(SOURCE, lambda: load("builtin"))
cases = dataset.cases


def store(record: dict) -> bool:
    return run_saving(lambda: workspace.edit(WORKBENCH, [record], lambda: (dataset, source, source_kind)))


# ---------------------------------------------------------------- main: identity and contract
st.title(t("wb.title"))
st.markdown(t("wb.intro"))
digest = dataset_version(dataset)
left, middle, right = card_row(3, width=(VERSION_CARD_WIDTH, CARD_WIDTH, CARD_WIDTH), border=False)
left.metric(t("wb.version"), short_version(digest), help=t("wb.version_help"))
middle.metric(t("wb.cases"), str(len(cases)))
right.metric(t("wb.revisions"), str(len(revisions(dataset))))
missing = missing_metadata(cases, [field, "split"])
if missing:
    st.warning(t("wb.missing", count=len(missing), fields=literal(f"{field_label(field)}, {field_label('split')}"),
                 ids=id_list(missing, 8)))
for warning in strata_warnings(cases, [field]):
    st.warning(t("wb.field_absent", field=literal(field_label(warning.params["field"])),
                 present=literal(", ".join(field_label(f) for f in warning.params["present"].split(", ")))))

with st.expander(t("wb.table"), expanded=False):
    text_table(pd.DataFrame([{"id": c.id, t("sum.col.question"): c.question,
                                **{field_label(f): (None if c.metadata.get(f) is None
                                                    else field_value(f, c.metadata.get(f)))
                                   for f in METADATA_FIELDS}} for c in cases]),
                 hide_index=True, width="stretch")

# ---------------------------------------------------------------- strata
draw_strata(cases, field, metric, min_units, lang)

# ---------------------------------------------------------------- leakage
draw_leakage(cases, ngram, cutoff, lang)
by_id = {c.id: c for c in cases}

# ---------------------------------------------------------------- splits
with st.expander(t("wb.splits_title")):
    st.caption(t("wb.splits_help"))
    by = kept(st.selectbox, "wb_split_by", "(none)", t("wb.stratify_by"), options=["(none)", *METADATA_FIELDS],
              format_func=lambda f, lang=lang: translate(lang, "wb.by_none") if f == "(none)" else field_label(f, lang))
    seed = number_box("wb_split_seed", 7, t("common.seed"), whole=True, low=0, high=10_000)
    shares = {split: number_slider(f"wb_share_{split}", default, field_value("split", split), 0.0, 1.0, 0.05,
                                   percent=True)
              for split, default in zip(SPLITS, (0.1, 0.5, 0.2, 0.2), strict=True)}
    if st.button(t("wb.assign")):
        try:
            assignment = assign_splits(cases, None if by == "(none)" else by, int(seed), shares)
            with_splits(dataset, assignment)  # refused here, with the place, rather than by the store
        except InputError as error:
            st.error(error_text(error, lang))
        else:
            if store({"op": "splits", "assignment": assignment}):
                st.rerun()

# ---------------------------------------------------------------- held-out discipline
st.header(t("wb.heldout_title"))
# Each time the held-out results are opened counts as one look; a reload that finds them open does not.
was_showing = workspace.shown.get("wb_heldout_toggle", workspace.setting("wb_heldout_toggle", False))
if kept(st.toggle, "wb_heldout_toggle", False, t("wb.heldout_show")):
    if not was_showing:
        store({"op": "reveal"})
    held = [c for c in cases if c.metadata.get("split") == "held-out"]
    held_strata = strata(held, "split", min_units=1) if held else None
    if held_strata:
        p = held_strata.overall[metric]
        st.markdown(t("wb.heldout_result", metric=_metric(metric), count=len(held),
                      value="N/A" if p.value is None else format_percent(p.value, lang)))
st.caption(t("wb.heldout_reveals", count=reveals(workspace.edits(WORKBENCH))))
st.caption(t("wb.heldout_doc"))

# ---------------------------------------------------------------- revision log
st.header(t("wb.history"))
with st.form("wb_change"):
    case_id = st.selectbox(t("common.case"), [c.id for c in cases], placeholder=t("common.choose"))
    kind = st.selectbox(t("wb.unit_kind"), list(UNIT_KINDS), format_func=lambda k, lang=lang: translate(
        lang, f"units.{k}"), placeholder=t("common.choose"))
    case = by_id[case_id]
    unit_id = st.text_input(t("wb.unit_id"), value=case.units(kind)[0].id if case.units(kind) else "")
    label_field = st.selectbox(t("wb.field"), [f for k in UNIT_KINDS for f in LABEL_FIELDS[k]],
                               format_func=lambda f, lang=lang: translate(lang, f"label.{f}"),
                               placeholder=t("common.choose"))
    new_value = st.selectbox(t("wb.new_value"), ["true", "false", "null"],
                             format_func=lambda v, lang=lang: label_value({"true": True, "false": False}.get(v), lang),
                             placeholder=t("common.choose"))
    reason = st.text_input(t("wb.reason"))
    author = st.text_input(t("wb.author"))
    if st.form_submit_button(t("wb.apply_change")):
        try:
            record = workbench_revision(
                dataset, case_id, kind, unit_id, label_field, {"true": True, "false": False, "null": None}[new_value],
                reason, author, datetime.now(UTC).isoformat(timespec="seconds"))
        except InputError as error:
            st.error(error_text(error, lang))
        else:
            if store(record):
                st.rerun()
draw_revision_log(dataset)

# ---------------------------------------------------------------- diff
other = stored_upload_data(WORKBENCH_COMPARE)
if other is not None:
    draw_diff(dataset, other[0], lang)

with downloads:
    st.download_button(t("wb.download"), dataset_to_text(dataset), file_name=f"dataset-{short_version(digest)}.json",
                       mime="application/json", width="stretch")

finish_page()
