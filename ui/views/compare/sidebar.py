"""The compare page's sidebar: where the pair comes from (the built-in pair or two uploads), the page's own
thresholds and confidence, the strata's field, and the downloads and reset (which follow the labels)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ui.frame.data_kinds import COMPARE_PAIR
from ui.frame.limits import LIMITS
from ui.frame.state import kept, run_saving, t
from ui.frame.workspace import Workspace
from ui.i18n import format_percent, translate
from ui.page_data.compare import (
    CASE_KEY,
    NO_PRIMARY,
    NO_STRATUM,
    PRIMARY_KEY,
    STRATUM_KEY,
    SYSTEM_KEY,
    UPLOADS,
    CompareView,
    builtin_pair,
)
from ui.widgets.confirm import confirm_reset
from ui.widgets.data_source import Loaded, Source, confirm_replace, follow_language, read_new_upload
from ui.widgets.names import field_label, metric_name
from ui.widgets.numbers import CONFIDENCE_LEVELS, number_slider
from ui.widgets.text import literal
from ui.widgets.tool_downloads import format_downloads
from ui.widgets.tool_uploads import UPLOAD_TYPES, import_note, read_cases_now
from uncase_core.compare.systems import SystemComparison
from uncase_core.rag import evaluation as rag
from uncase_core.rag.cases import dataset_to_text, file_extension
from uncase_core.shared.jsonfiles import dumps_json

LIMIT = LIMITS["compare"]
SEED = 0  # the bootstrap's seed: the same labels always give the same intervals
WIDGETS_HIDDEN = "cmp_widgets_hidden"  # session state: a run drew none of the widgets below (nothing to compare)
# The kept widgets drawn only while there is a pair to compare.
SHOWN_WITH_A_PAIR = (*(f"cmp_threshold_{n}" for n in rag.METRICS), "cmp_confidence", PRIMARY_KEY, STRATUM_KEY,
                     SYSTEM_KEY, CASE_KEY)


def reseed_widgets() -> None:
    """Before the widgets of a pair are drawn again after runs that drew none (an upload missing or refused):
    their values are set anew from the workspace.

    A widget that comes back keeps its value in session state, but the browser draws it from scratch at its own
    default (a slider at its minimum, a choice at its first option) and sends that back on the next click, which
    would store it over the person's choice. Setting the value through session state makes Streamlit send it.
    """
    if st.session_state.pop(WIDGETS_HIDDEN, False):
        for key in SHOWN_WITH_A_PAIR:
            st.session_state.pop(key, None)


def follow_builtin(lang: str) -> None:
    """The built-in pair follows the person's language, every label changed kept."""
    follow_language(Source(COMPARE_PAIR, "cmp", "compare",
                           lambda choice: Loaded(builtin_pair(lang, choice), choice, "builtin")))


def upload_box(workspace: Workspace, lang: str, side: str) -> None:
    """One system's file, kept as read as soon as it is uploaded (compared with the other one on the page).

    Replacing a file over labels changed in the uploaded pair asks first.
    """
    kind = UPLOADS[side]
    loaded = read_new_upload(f"cmp_upload_{side}", "compare", t(f"compare.upload_{side}"), t("compare.upload_help"),
                             UPLOAD_TYPES, read_cases_now, count=lambda dataset: len(dataset.cases))
    changes = CompareView(workspace, "upload", lang).changed_cases() if loaded is not None else 0
    chosen = confirm_replace(f"cmp_replace_{side}", changes, loaded)
    if chosen is not None:
        run_saving(lambda: workspace.replace(kind, chosen.data, chosen.source, chosen.source_kind, chosen.meta))
    stored = workspace.source(kind)
    if stored is not None:
        st.caption(t("data.stored_upload", name=literal(stored[0])))
        note = import_note(Loaded(workspace.data(kind), stored[0], "upload", workspace.meta(kind)))
        if note is not None:
            st.caption(note)
        if st.button(t("data.remove_upload"), key=f"cmp_upload_{side}_remove", width="stretch"):
            run_saving(lambda: workspace.remove(kind))
            st.rerun()


def draw_settings(lang: str) -> rag.Settings:
    """This page's thresholds and confidence (its own: weights and gates do not enter a comparison)."""
    st.header(t("common.settings"))
    with st.expander(t("compare.thresholds"), expanded=True):
        st.caption(t("compare.thresholds_help"))
        thresholds = {n: number_slider(f"cmp_threshold_{n}", rag.DEFAULT_THRESHOLDS[n], metric_name(n), 0.0, 1.0,
                                       0.05, percent=True) for n in rag.METRICS}
    confidence = kept(st.select_slider, "cmp_confidence", 0.95, t("common.confidence"), options=CONFIDENCE_LEVELS,
                      format_func=lambda c, lang=lang: format_percent(c, lang, 0))
    return rag.Settings.build(thresholds, None, "mean", None, confidence)


def draw_primary(lang: str) -> str | None:
    """The dimension the person declares first (tested alone at the full level, the others after it), or None for
    Holm over the four. Stored in the workspace like every setting, so the declaration stays as it was made."""
    options = [NO_PRIMARY, *rag.METRICS]
    chosen = kept(st.selectbox, PRIMARY_KEY, NO_PRIMARY, t("compare.primary"), options=options,
                  help=t("compare.primary_help"),
                  format_func=lambda n, lang=lang: translate(lang, "compare.primary_none") if n == NO_PRIMARY
                  else translate(lang, f"metric.{n}"))
    return None if chosen == NO_PRIMARY else chosen


def draw_stratum(fields: Sequence[str], lang: str) -> str | None:
    """The metadata field of the strata (``domain`` while the cases have it), or None for none."""
    options = [NO_STRATUM, *fields]
    chosen = kept(st.selectbox, STRATUM_KEY, "domain" if "domain" in fields else NO_STRATUM, t("compare.stratum"),
                  options=options, help=t("compare.stratum_help"),
                  format_func=lambda f, lang=lang: translate(lang, "compare.stratum_none") if f == NO_STRATUM
                  else field_label(f, lang))
    return None if chosen == NO_STRATUM else chosen


def data_actions(view: CompareView, result: SystemComparison) -> None:
    """The comparison as JSON, each system's labelled cases, and reset (both systems' labels)."""
    pair = view.pair
    names = view.file_names()
    st.download_button(t("compare.download_json"), key="cmp_download_json", width="stretch",
                       # Built only when clicked: serialising every figure on each tick would cost every rerun.
                       data=lambda: dumps_json(result.to_dict()).encode("utf-8"),
                       file_name="comparison.json", mime="application/json", on_click="ignore")
    for side, dataset, name in zip(("a", "b"), pair, names, strict=True):
        st.download_button(
            t(f"compare.download_{side}"), key=f"cmp_download_{side}", width="stretch",
            data=lambda dataset=dataset: dataset_to_text(dataset).encode("utf-8"),
            file_name=f"{name.rsplit('.', 1)[0]}-labelled.{file_extension(dataset)}", mime="application/json",
            on_click="ignore")
    for side, dataset, name in zip(("a", "b"), pair, names, strict=True):
        # One popover per system, named by its file: the targets of the RAG page for either side's labelled cases.
        format_downloads(dataset, f"{name.rsplit('.', 1)[0]}-labelled", key=f"cmp_{side}",
                         title=t(f"compare.export_{side}"))
    if view.changed:
        st.caption(t("compare.changed", count=view.changed_cases()))
    confirm_reset("cmp_confirm_reset", t("common.reset"), t("common.reset_confirm"), view.reset,
                  disabled=not view.changed, widget_key="cmp_reset")
