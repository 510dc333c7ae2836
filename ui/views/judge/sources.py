"""The judge page's data: the built-in set or an upload (cases with verdicts, or RAGAS rows), the files attached
to it (verdicts, RAGAS scores), and the callback that stores one hand label."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from ui.frame.data_kinds import JUDGE, JUDGE_RAGAS, JUDGE_VERDICTS
from ui.frame.input_errors import error_text
from ui.frame.limits import LIMITS
from ui.frame.state import current_workspace, forget, language, run_saving, t
from ui.frame.workspace import Workspace
from ui.i18n import translate
from ui.views.judge.data import has_verdicts
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
from ui.widgets.tool_uploads import UPLOAD_TYPES, other_format, read_case_upload
from uncase_core.errors import InputError
from uncase_core.judge.edits import apply_judge_edit
from uncase_core.judge.imports import (
    NO_RAGAS_SCORES,
    attach_verdicts,
    compare_ragas,
    read_ragas_scores,
    stored_case_scores,
)
from uncase_core.judge.lexical_judge import judge_dataset
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.files import read_rag_upload
from uncase_core.rag.parquet import is_parquet
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.limits import ReadLimit
from uncase_store import StoreError

LIMIT = LIMITS["judge"]
MODE_KEY = "judge_mode"
DIMENSION_KEY = "judge_dimension"  # the dimension box: which dimension's units are labelled
PENDING_RAGAS = "judge_ragas_pending"  # a RAGAS upload's text, until the cases read from it are stored
RAGAS_MEMO = "judge_ragas_scores"  # the attached RAGAS file, read once per stored version
NOTICE = "judge_notice"

Default = Callable[[], Loaded]


def as_text(data: bytes, name: str) -> str:
    try:
        return decode_text(data)
    except InputError as error:
        raise error.located(name) from None


def read_upload(data: bytes, name: str, limit: ReadLimit) -> Loaded:
    """Cases with judge verdicts, RAGAS rows (with their scores as the judge when they have any), or another tool's
    file (DeepEval, promptfoo, Label Studio: the judge scores it came with stay in the cases, see
    :func:`with_attachments`)."""
    fmt = other_format(data, name)
    if fmt is not None and (fmt != "ragas" or is_parquet(data)):  # RAGAS text: read as before, scores attached
        loaded = read_case_upload(data, name, limit)  # promptfoo: the vars last chosen on the RAG page, else the guess
        assert loaded is not None  # without an upload box nothing waits
        dataset, meta = loaded.data, {"imported": fmt}
        if stored_case_scores(dataset).columns:
            meta["case_scores"] = True
        elif not has_verdicts(dataset):
            dataset = judge_dataset(dataset)
            meta["judged_by"] = "builtin"
        return Loaded(dataset, name, "upload", meta)
    dataset, kind = read_rag_upload(data, name, LIMIT.upload_bytes, limit)
    meta: dict[str, object] = {}
    if kind == "ragas":
        meta["imported"] = "ragas"
        text = as_text(data, name)
        try:
            read_ragas_scores(text, name, limit=limit)
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


def judge_source(load: Callable[[str], Loaded]) -> Source:
    return Source(
        JUDGE, "judge", "judge", load, choices=["builtin"], load_button="judge.load_builtin", read_upload=read_upload,
        upload_label="judge.upload", upload_help="judge.upload_help", upload_types=UPLOAD_TYPES,
        count=lambda dataset: len(dataset.cases),
        changes=lambda original, current: changed_items(original.cases, current.cases),
    )


def current_data(default: Default) -> RagDataset:
    stored = current_workspace()
    return stored.data(JUDGE) if stored.has(JUDGE) else default().data


def answer(record: dict, default: Default, drawn_for: str | None = None) -> None:
    """Button callback: store one answer about the unit the person saw (the record was made when it was drawn).

    The workspace is brought up to date first; a record that no longer fits the cases (replaced meanwhile in
    another tab) is refused with the reason, never applied to another unit.

    ``drawn_for`` is the dimension the button was drawn for. A key pressed right after a choice in the dimension box,
    before the page has drawn the new dimension's unit, reaches the button of the run before, whose record names the
    unit of the dimension just left: stored, it landed where the person was no longer looking, and the count on
    screen (the new dimension's) did not move. It is refused instead, with a note saying to answer again.
    """
    chosen = st.session_state.get(DIMENSION_KEY)
    if drawn_for is not None and chosen is not None and chosen != drawn_for:
        lang = language()
        st.session_state[NOTICE] = t("judge.dimension_changed", shown=translate(lang, f"metric.{drawn_for}"),
                                     chosen=translate(lang, f"metric.{chosen}"))
        return
    stored = current_workspace()
    try:
        stored.sync()
    except StoreError as error:
        stored.problem = error
        return
    data = current_data(default)
    try:
        apply_judge_edit(data, record)
    except InputError as error:
        st.session_state[NOTICE] = t("judge.stale", message=error_text(error, language()))
        return
    source = stored.source(JUDGE) or ("builtin", "builtin")
    run_saving(lambda: stored.edit(JUDGE, [record], lambda: (data, *source)))


def data_block(source: Source, default: Default, workspace: Workspace) -> None:
    """The sidebar's data block: a new set drops the files attached to the old one (keeping a RAGAS upload's
    scores as its attached file); otherwise the built-in set follows the language, every answer kept."""
    loaded = data_source(source, default)
    if loaded is not None:
        pending = st.session_state.pop(PENDING_RAGAS, None)
        for attached in (JUDGE_VERDICTS, JUDGE_RAGAS):  # they belong to the cases they were attached to
            run_saving(lambda attached=attached: workspace.remove(attached))
        if loaded.meta.get("ragas_scores") and pending is not None and pending[0] == loaded.source:
            run_saving(lambda: workspace.replace(JUDGE_RAGAS, pending[1], loaded.source, "upload"))
        forget(MODE_KEY)
    else:
        follow_language(source)


def attach_block(default: Default, workspace: Workspace) -> None:
    """The sidebar's boxes for a judge's verdicts or RAGAS scores, attached to the cases shown."""
    def read_verdict_file(data: bytes, name: str, _limit: ReadLimit) -> Loaded:
        text = as_text(data, name)
        # Refused here, with the place, unless every row fits; a file of more rows than the cases have units to judge
        # is refused before any row is kept (attach_verdicts' own limit).
        attach_verdicts(current_data(default), text, name)
        return Loaded(text, name, "upload")

    def read_ragas_file(data: bytes, name: str, limit: ReadLimit) -> Loaded:
        text = as_text(data, name)
        scores = read_ragas_scores(text, name, limit=limit)
        try:  # every scored case must be here
            compare_ragas(current_data(default).cases, scores, next(iter(scores.columns)))
        except InputError as error:
            raise error.located(name) from None
        return Loaded(text, name, "upload")

    with st.expander(t("judge.attach_title"), expanded=workspace.has(JUDGE_VERDICTS) or workspace.has(JUDGE_RAGAS)):
        st.caption(t("judge.attach_help"))
        stored_upload(JUDGE_VERDICTS, "judge_verdicts_upload", "judge", "judge.verdicts_upload",
                      "judge.verdicts_upload_help", ("csv", "jsonl", "json"), read_verdict_file, count=lambda text: 0)
        stored_upload(JUDGE_RAGAS, "judge_ragas_upload", "judge", "judge.ragas_upload", "judge.ragas_upload_help",
                      ("csv", "jsonl", "json"), read_ragas_file, count=lambda text: 0)


def with_attachments(data: RagDataset, workspace: Workspace, lang: str) -> tuple[RagDataset, Any]:
    """The cases with an attached verdict file's verdicts, and the attached RAGAS scores (None without); a file
    that no longer fits is reported and left out."""
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
    if scores is None and (stored := stored_case_scores(data)).columns:  # the judge scores the cases came with
        scores = stored
    return judged, scores
