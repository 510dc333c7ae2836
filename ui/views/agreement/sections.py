"""What the annotator agreement page draws: each annotator's upload box, and the fragments a label change reruns
(the figures, the label table of one case, the confusion table and disagreements, downloads and reset)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B, DataKind
from ui.frame.fragments import mark_drawn
from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, kept, run_saving, t
from ui.frame.workspace import Workspace
from ui.i18n import format_count, format_number, format_percent
from ui.page_data.agreement import CASE_KEY, DIFFER, AgreementView, changed_labels, uploaded_text
from ui.views.agreement.matches import bool_label, disagreement_table
from ui.views.agreement.matches import matched as kept_match
from ui.widgets.confirm import confirm_reset
from ui.widgets.data_source import Loaded, confirm_replace, read_new_upload
from ui.widgets.figures import figure_text
from ui.widgets.layout import (
    ID_COLUMN_WIDTH,
    LABEL_COLUMN_WIDTH,
    MAIN_CHOICE_ROOM,
    card_row,
    row_height,
    table_height,
    text_column_width,
    whole_choice,
)
from ui.widgets.proportions import proportion_text
from ui.widgets.text import id_list, literal, text_table
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL, NOTE_FEW_UNITS, match_labels
from uncase_core.errors import InputError
from uncase_core.rag.cases import dataset_from_text, dataset_to_text, file_extension
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.limits import ReadLimit
from uncase_core.stats.shortfall import Shortfall

VIEW_KEY = "agr_view"  # session state: this run's AgreementView, where scripts and tests find the editor's key
REFUSED_NOTE = "agr_refused_note"
# The boxes and what they label first, where a phone shows them without scrolling the table; which unit it is last.
COLUMN_ORDER = ("a", "b", "differ", "label", "text", "kind", "id")
Store = Callable[[], None]


def open_view(view: AgreementView) -> AgreementView:
    """Keep this run's view where scripts driving the page find the label table (``VIEW_KEY``)."""
    st.session_state[VIEW_KEY] = view
    return view


def _as_text(data: bytes, name: str) -> str:
    try:
        return decode_text(data)
    except InputError as error:
        raise error.located(name) from None


def upload_box(workspace: Workspace, lang: str, side: str, kind: DataKind) -> None:
    """One annotator's file, kept as its text as soon as it is read (read as a pair with the other one below).

    Replacing a file over labels changed in the uploaded pair asks first.
    """
    def read(data: bytes, name: str, limit: ReadLimit) -> Loaded:
        # Read as a labelled dataset now, and matched with the other file when there is one: a file refused here
        # is never stored, so the pair shown before stays (as the message says).
        text = _as_text(data, name)
        dataset = dataset_from_text(text, name, limit)
        other = uploaded_text(workspace, AGREEMENT_B if kind is AGREEMENT_A else AGREEMENT_A)
        if other is not None:
            others = dataset_from_text(*other)
            match_labels(*((dataset, others) if kind is AGREEMENT_A else (others, dataset)))
        return Loaded(text, name, "upload")

    loaded = read_new_upload(f"agr_upload_{side}", "agreement", t(f"agr.upload_{side}"), t("agr.upload_help"),
                             ("json", "jsonl"), read, count=lambda text: 0)
    changes = AgreementView(workspace, "upload", lang).changed_cases() if loaded is not None else 0
    chosen = confirm_replace(f"agr_replace_{side}", changes, loaded)
    if chosen is not None:
        run_saving(lambda: workspace.replace(kind, chosen.data, chosen.source, chosen.source_kind))
    stored = workspace.source(kind)
    if stored is not None:
        st.caption(t("data.stored_upload", name=literal(stored[0])))
        if st.button(t("data.remove_upload"), key=f"agr_upload_{side}_remove", width="stretch"):
            run_saving(lambda: workspace.remove(kind))
            st.rerun()


@st.fragment(key="agr_figures")
def figures(view: AgreementView, label_field: str | None, lang: str, store_label_edits: Store) -> None:
    mark_drawn("agr_figures")
    store_label_edits()
    draw_figures(view, label_field, lang)


def draw_figures(view: AgreementView, label_field: str | None, lang: str) -> None:
    """The agreement's cards, lines and notes (in the grid, their own fragment; in focus mode, focus mode's)."""
    matched = kept_match(view.pair, label_field)
    result = matched.agreement()
    left, middle, right = card_row(3, border=False)
    left.metric(t("agr.raw"), "N/A" if result.agreement is None else format_percent(result.agreement, lang),
                help=t("agr.raw_help"))
    middle.metric(t("agr.kappa"), "N/A" if result.kappa is None else format_number(result.kappa, lang),
                  help=t("agr.kappa_help"))
    right.metric(t("agr.chance"), "N/A" if result.expected_agreement is None else
                 format_percent(result.expected_agreement, lang), help=t("agr.chance_help"))
    st.caption(t("agr.raw_line", line=proportion_text(result.agreement_interval, "agreement.raw")))
    if result.kappa is not None and result.low is not None:
        st.caption(figure_text("agreement.kappa", "agr.kappa_line",
                               kappa=format_number(result.kappa, lang), low=format_number(result.low, lang),
                     high=format_number(result.high, lang)))
    if result.units == 0:
        st.warning(t("agr.no_units"))
    elif result.kappa is None:
        st.warning(t("agr.kappa_na"))
    elif result.note:
        minimum = format_count(MIN_UNITS_FOR_KAPPA_INTERVAL, lang)
        # The units both files hold at most: labelled by both, by one only, or by neither. Fewer than the interval
        # needs, and labelling cannot bring it: said so, with what these files show, not a count never reached.
        shared = result.units + matched.only_a + matched.only_b + matched.neither
        if result.needed and not Shortfall(have=result.units, minimum=MIN_UNITS_FOR_KAPPA_INTERVAL,
                                           most=shared).can_come:
            st.caption(t("agr.note.few_units_never", minimum=minimum, units=format_count(shared, lang)))
        else:
            st.caption(t(f"agr.note.{result.note}", minimum=minimum, count=result.needed or 0))
            if result.needed and result.note != NOTE_FEW_UNITS:  # the few-units note says how many itself
                st.caption(t("agr.needed", minimum=minimum, count=result.needed))
    st.caption(t("agr.matched", count=format_count(result.units, lang), only_a=matched.only_a, only_b=matched.only_b,
                 neither=matched.neither))
    for side, ids in (("a", matched.cases_only_a), ("b", matched.cases_only_b)):
        if ids:
            st.caption(t(f"agr.cases_only_{side}", count=len(ids), ids=id_list(ids)))
    if view.changed:
        st.caption(t("agr.changed", count=changed_labels(view.original, view.pair)))

    # Open unless a lesson's step asks for what it says (lesson 8 asks why kappa is lower).
    with st.expander(t("agr.why_title"), expanded=not hidden(current_workspace(), "agreement", "why_kappa")):
        if result.kappa is not None:
            st.markdown(t("agr.why", raw=format_percent(result.agreement, lang),
                          chance=format_percent(result.expected_agreement, lang),
                          kappa=format_number(result.kappa, lang)))
        else:
            st.markdown(t("agr.why_general"))


@st.fragment(key="agr_labels")
def labels(view: AgreementView, field: str, store_label_edits: Store, rerun_results: Callable[[], None]) -> None:
    """Both annotators' labels, one case at a time."""
    mark_drawn("agr_labels")
    store_label_edits()
    st.header(t("agr.labels_title"))
    st.caption(t("agr.labels_help", differ=DIFFER))
    for refused in st.session_state.pop(REFUSED_NOTE, []):
        st.warning(t("agr.refused", annotator=refused.annotator.upper(), case=literal(refused.case),
                     unit=literal(refused.row.unit_id)))
    cases = view.cases()
    if len(cases) > 1:
        shown = kept(st.selectbox, CASE_KEY, 0, t("common.case"), options=list(range(len(cases))),
                     format_func=lambda i, cases=cases: f"{cases[i].id} · {cases[i].question[:80]}")
        whole_choice(f"{cases[shown].id} · {cases[shown].question}", MAIN_CHOICE_ROOM)
    ref = view.case()
    st.markdown(f"**{t('common.question')}** {literal(ref.question)}")
    for side, position in (("a", ref.a), ("b", ref.b)):
        if position is None:
            st.caption(t(f"agr.case_missing_{side}", case=literal(ref.id)))
    rows = view.rows(field)
    if not rows:
        st.caption(t("agr.no_rows"))
        return
    columns = {
        side: st.column_config.CheckboxColumn(t(f"agr.col.{side}"), help=t(f"agr.col.{side}_help"),
                                              width=LABEL_COLUMN_WIDTH, disabled=position is None)
        for side, position in (("a", ref.a), ("b", ref.b))
    }
    columns["differ"] = st.column_config.TextColumn(DIFFER, help=t("agr.col.differ_help"), disabled=True,
                                                    width=ID_COLUMN_WIDTH)
    columns["id"] = st.column_config.TextColumn(t("units.id"), disabled=True, width=ID_COLUMN_WIDTH)
    columns["kind"] = st.column_config.TextColumn(t("agr.col.kind"), disabled=True, width=LABEL_COLUMN_WIDTH)
    columns["label"] = st.column_config.TextColumn(t("agr.label"), disabled=True, width=LABEL_COLUMN_WIDTH)
    text_width = text_column_width([column["width"] for column in columns.values()])
    columns["text"] = st.column_config.TextColumn(t("units.text"), disabled=True, width=text_width)
    key = view.editor_key(field)
    table = view.editor_table(field, has_widget_state=key in st.session_state)
    # Rows tall enough to read each text in full (and the kind and label names in their narrow columns).
    height_of_row = row_height((list(table["text"]), text_width), (list(table["kind"]), LABEL_COLUMN_WIDTH),
                               (list(table["label"]), LABEL_COLUMN_WIDTH))
    st.data_editor(table, column_config=columns, hide_index=True, column_order=list(COLUMN_ORDER),
                   row_height=height_of_row, height=table_height(len(rows), height_of_row), num_rows="fixed",
                   width="stretch", key=key, on_change=rerun_results)


@st.fragment(key="agr_tables")
def tables(view: AgreementView, label_field: str | None, lang: str, store_label_edits: Store) -> None:
    """The confusion table and every disagreement."""
    mark_drawn("agr_tables")
    store_label_edits()
    draw_tables(view, label_field, lang)


def draw_tables(view: AgreementView, label_field: str | None, lang: str) -> None:
    matched = kept_match(view.pair, label_field)
    result = matched.agreement()
    st.header(t("agr.table_title"))
    if result.categories:
        names = [bool_label(c) for c in result.categories]
        table = pd.DataFrame([list(row) for row in result.table], columns=[f"B: {n}" for n in names],
                             index=[f"A: {n}" for n in names])
        # The rows' names in a column with a header (an index column's header is empty: axe-core's
        # empty-table-header).
        text_table(table.rename_axis(t("agr.table_corner")).reset_index(), hide_index=True, width="content")
    st.header(t("agr.disagreements_title", count=len(matched.disagreements)))
    if matched.disagreements:
        disagreements = disagreement_table(matched, lang)
        text_table(disagreements, marked_columns=list(disagreements.columns), hide_index=True, width="stretch")
    else:
        st.caption(t("agr.no_disagreements"))


@st.fragment(key="agr_data_actions")
def data_actions(view: AgreementView, store_label_edits: Store) -> None:
    """Each annotator's labels as a file, and reset: they follow the labels, so they rerun with the results."""
    mark_drawn("agr_data_actions")
    store_label_edits()
    for side, dataset, name in zip(("a", "b"), view.pair, view.file_names(), strict=True):
        st.download_button(
            t(f"agr.download_{side}"),
            # Built only when clicked: serialising every case on each tick would cost every rerun.
            data=lambda dataset=dataset: dataset_to_text(dataset).encode("utf-8"),
            file_name=f"{name.rsplit('.', 1)[0]}-labelled.{file_extension(dataset)}", mime="application/json",
            on_click="ignore", width="stretch", key=f"agr_download_{side}")
    confirm_reset("agr_confirm_reset", t("common.reset"), t("common.reset_confirm"), view.reset,
                  disabled=not view.changed, widget_key="agr_reset")
