"""Annotator agreement: two people's labels for the same units, raw agreement beside Cohen's kappa.

Both annotators' labels can be changed, one case at a time: every change is stored in the
person's workspace as an edit record (``ui/page_data/agreement.py``) and the figures follow it.
"""

import streamlit as st

from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B, AGREEMENT_PAIR
from ui.frame.fragments import rerun_drawn
from ui.frame.input_errors import error_text
from ui.frame.limits import check_count
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, kept, language, run_saving, t
from ui.i18n import translate
from ui.page_data.agreement import FIELD_KEY, FIELDS, SOURCE_KEY, SOURCES, AgreementView, builtin_pair
from ui.views.agreement.focus import VIEW_KEY as FOCUS_VIEW_KEY
from ui.views.agreement.focus import agreement_focus, pair_guidelines
from ui.views.agreement.matches import matched
from ui.views.agreement.sections import (
    REFUSED_NOTE,
    data_actions,
    figures,
    labels,
    open_view,
    tables,
    upload_box,
)
from ui.views.lessons.panel import FRAGMENTS as LESSON_FRAGMENTS
from ui.widgets.data_source import Loaded, Source, follow_language
from ui.widgets.focus import is_phone, label_view, page_intro
from ui.widgets.guidelines import guidelines_popover
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_NAMES

lang = language()
workspace = current_workspace()

# A label change reruns these fragments only: the sidebar stays as it is in the browser.
RESULT_FRAGMENTS = ["agr_figures", "agr_labels", "agr_tables", "agr_data_actions", "agr_saved_status",
                    *LESSON_FRAGMENTS]


def rerun_results() -> None:
    rerun_drawn(RESULT_FRAGMENTS)


# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.header(t("common.data"))
    source = kept(st.radio, SOURCE_KEY, SOURCES[0], t("agr.source"), options=list(SOURCES),
                  format_func=lambda s, lang=lang: translate(lang, f"agr.source.{s}"))
    if source == "builtin":
        # The built-in pair in the reader's language, every label changed kept.
        follow_language(Source(AGREEMENT_PAIR, "agr", "agreement",
                               lambda choice: Loaded(builtin_pair(lang), "builtin", "builtin")))
    else:
        upload_box(workspace, lang, "a", AGREEMENT_A)
        upload_box(workspace, lang, "b", AGREEMENT_B)
    field = kept(st.selectbox, FIELD_KEY, FIELDS[0], t("agr.field"), options=list(FIELDS),
                 format_func=lambda f, lang=lang: translate(lang, f"agr.field.{f}"))
    # Filled at the end of the run, so downloads and reset see this run's label edits.
    data_actions_box = st.container()

view = open_view(AgreementView(workspace, source, lang))
label_field = None if field == "all" else field

st.title(t("agr.title"))
page_intro(t("agr.intro"))
if source == "builtin":
    st.caption(t("agr.builtin_note"))


def stop(message: str | None = None) -> None:
    if message:
        st.error(message)
    finish_page()
    st.stop()


try:
    pair = view.pair
except InputError as error:
    stop(t("common.upload_failed", message=error_text(error, lang)))
if pair is None:
    st.info(t("agr.upload_both"))
    stop()
try:
    check_count("agreement", len(matched(pair, None).pairs), view.file_names()[0])
except InputError as error:
    stop(t("common.upload_failed", message=error_text(error, lang)))


def store_label_edits() -> None:
    """Store what the label table reports (each fragment does it first: the order they rerun in is not given).

    When storing shows that another tab changed this workspace meanwhile, or a box could not be kept, the whole
    page runs again so the table shows every stored label.
    """
    revision = workspace.revision
    refused = []
    run_saving(lambda: refused.extend(view.apply_editor_states(st.session_state, field)))
    if refused:
        st.session_state[REFUSED_NOTE] = refused
        workspace.revision += 1  # the table is drawn again from what is stored
    if workspace.revision != revision:
        st.rerun(scope="app")


if label_view(FOCUS_VIEW_KEY, phone=is_phone()) == "focus":  # one label at a time, by keys, the figures with it
    agreement_focus(view, field, label_field, lang, store_label_edits, ["agr_data_actions", "agr_saved_status"],
                    LESSON_FRAGMENTS)
else:
    figures(view, label_field, lang, store_label_edits)
    guidelines_popover(pair_guidelines(view, lang), LABEL_NAMES, lambda name: t(f"label.{name}"), "agr_guide")
    labels(view, field, store_label_edits, rerun_results)
    tables(view, label_field, lang, store_label_edits)
with data_actions_box:
    data_actions(view, store_label_edits)

finish_page("agr_saved_status", before=store_label_edits)
