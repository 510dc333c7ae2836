"""Making a drill from a fully labelled case, its downloads, and a workshop room on it."""

from __future__ import annotations

import streamlit as st

from ui.frame.data_kinds import DRILL
from ui.frame.input_errors import error_text
from ui.frame.state import current_workspace, forget, language, run_saving, t
from ui.views.drills.workspace import CHECKED, DRILL_CASE_KEY, DrillView, missing_labels, room_cases
from ui.widgets.confirm import confirm_reset
from ui.widgets.names import metric_name
from ui.widgets.numbers import number_box
from ui.widgets.room_start import start_room_box
from ui.widgets.tool_downloads import format_downloads
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagCase, dataset_to_text
from uncase_core.rag.drills import make_drill
from uncase_core.rag.evaluation import evaluate_case
from uncase_core.rag.variants import check_source
from uncase_core.shared.jsonfiles import dumps_json

MAX_COUNT = 10
ERROR = "drill_error"  # session state: the last refusal (the error, worded anew in each run's language)


def why_not(case: RagCase) -> str | None:
    """Why no drill can be made from ``case`` (markdown in the reader's language), or None when one can."""
    missing = missing_labels(case)
    if missing:
        return t("drill.not_fully_labelled", count=missing)
    try:
        check_source(case)
    except InputError as error:
        if error.code == "variant_source_fails":  # the failing dimensions by their names in the reader's language
            failing = evaluate_case(case).diagnosis.failing
            return t("drill.source_fails", names=", ".join(metric_name(name) for name in failing))
        return error_text(error, language())
    return None


def draw_make(case: RagCase) -> None:
    """N and the seed (shown, changeable) and the button; a case that cannot give a drill disables it and says why."""
    left, right = st.columns(2)
    with left:
        count = number_box("drill_count", 3, t("drill.count"), whole=True, low=1, high=MAX_COUNT,
                           help=t("drill.count_help", max=MAX_COUNT))
    with right:
        seed = number_box("drill_seed", 1, t("drill.seed"), whole=True, low=0, high=2**31 - 1,
                          help=t("drill.seed_help"))
    reason = why_not(case)
    if reason is not None:
        st.warning(t("drill.cannot", reason=reason))
    if st.button(t("drill.make"), type="primary", disabled=reason is not None, key="drill_make"):
        st.session_state.pop(ERROR, None)
        try:
            drill = make_drill(case, int(count), int(seed))
        except InputError as error:
            st.session_state[ERROR] = error
        else:
            workspace = current_workspace()
            if run_saving(lambda: workspace.replace(DRILL, drill, case.id, "drill", {"count": int(count)})):
                forget(DRILL_CASE_KEY)
                st.rerun()
    if (error := st.session_state.get(ERROR)) is not None:
        st.error(error_text(error, language()))


def draw_downloads(view: DrillView) -> None:
    """The drill with the person's labels; after Check, the answer key and the check too."""
    drill = view.drill
    stem = f"{drill.source}-drill{drill.seed}"
    st.download_button(t("drill.download_cases"), data=lambda: dataset_to_text(view.dataset).encode("utf-8"),
                       file_name=f"{stem}-labelled.jsonl", mime="application/json", on_click="ignore",
                       width="stretch", key="drill_download_cases")
    format_downloads(lambda: view.dataset, f"{stem}-labelled", key="drill")
    confirm_reset("drill_confirm_reset", t("common.reset"), t("drill.reset_confirm"),
                  lambda: run_saving(lambda: view.workspace.reset(DRILL)), disabled=not view.changed,
                  widget_key="drill_reset")
    if view.checked:
        st.download_button(t("drill.download_key"),
                           data=lambda: dataset_to_text(drill.key_dataset()).encode("utf-8"),
                           file_name=f"{stem}-answer-key.jsonl", mime="application/json", on_click="ignore",
                           width="stretch", key="drill_download_key")


def check_download(report: dict) -> None:
    st.download_button(t("drill.download_check"), data=lambda: dumps_json(report).encode("utf-8"),
                       file_name="drill-check.json", mime="application/json", on_click="ignore", width="stretch",
                       key="drill_download_check")


def press_check(view: DrillView) -> None:
    run_saving(lambda: view.workspace.set_settings({CHECKED: view.workspace.loaded_at(DRILL)}))


def draw_room(view: DrillView) -> None:
    """A facilitator starts a workshop room on the drill: its cases are the drill's, the key its reference labels."""
    drill = view.drill
    start_room_box("drill", lambda: room_cases(drill), t("drill.room_default_title", source=drill.source),
                   f"{drill.source}-drill{drill.seed}", "drill", t("drill.room_title"), t("drill.room_help"))
