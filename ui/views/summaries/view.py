"""What the summary autoevaluation page draws: the transcript and the summary's sections, the three label tables
(accuracy points, adherence rubrics, completeness items) whose changed cells are stored as edit records at once,
and the results with their N/A rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import SUMMARIES
from ui.frame.state import run_saving, t
from ui.frame.workspace import Workspace
from ui.i18n import format_percent, translate
from ui.widgets.labels import editor_base, mark_stored, new_cells, table_key
from ui.widgets.layout import LABEL_COLUMN_WIDTH, card_row, row_height, table_height, text_column_width
from ui.widgets.proportions import clustered_text, proportion_text
from ui.widgets.text import literal, text_table
from uncase_core.stats.clustered import clustered_interval
from uncase_core.summaries.blocks import ReadNote
from uncase_core.summaries.edits import summary_edit
from uncase_core.summaries.evaluation import categorical_check, evaluate_summaries, evaluate_summary
from uncase_core.summaries.format import SUMMARY_METRICS

FROZEN_NOTE = "sum_frozen_note"  # session: say once that the room froze before a label was stored


def read_note(note: Any) -> str:
    """A note the reader made, in the person's language (the place and quoted keys shown as they are)."""
    if isinstance(note, ReadNote):
        return t(f"sum.note.{note.code}", where=literal(note.where), **{k: literal(v) for k, v in note.params.items()})
    return literal(note)


def label_value(value: Any) -> bool | None:
    return None if value is None or pd.isna(value) else bool(value)


def label_editor(frame: pd.DataFrame, key: str, label_column: str, text_columns: list[str],
                 frozen: bool = False) -> None:
    """A label table whose rows show every text column in full (see ui.widgets.layout); ``frozen``: locked."""
    width = text_column_width([LABEL_COLUMN_WIDTH], len(text_columns))
    config = {label_column: st.column_config.CheckboxColumn(t(f"sum.col.{label_column}"), width=LABEL_COLUMN_WIDTH,
                                                            disabled=frozen)}
    for name in text_columns:
        config[name] = st.column_config.TextColumn(t(f"sum.col.{name}"), disabled=True, width=width)
    height = row_height(*((frame[name].fillna("").astype(str).tolist(), width) for name in text_columns))
    st.data_editor(frame, key=key, hide_index=True, num_rows="fixed", width="stretch", row_height=height,
                   height=table_height(len(frame), height), column_config=config,
                   column_order=[label_column, *text_columns])


class SummaryTables:
    """The label tables of one summary (case ``index``) and how their edits are stored; ``cases`` is what the
    page shows (set again by the page when a pasted block changed it)."""

    def __init__(self, workspace: Workspace, lang: str, cases: tuple, source: str, source_kind: str,
                 index: int, locked: Callable[[], bool] | None = None) -> None:
        self.workspace, self.lang, self.cases = workspace, lang, cases
        self.source, self.source_kind, self.index = source, source_kind, index
        self.locked = locked  # in a workshop room: whether it is frozen now (nothing more is taken)

    def store(self, records: list, key: str | None = None, state: Any = None) -> bool:
        """Store edit records (and mark the table's reported edits as stored); False with the reason shown if not.

        In a room frozen since the page was drawn nothing is stored: the page is drawn again, locked, from what is
        stored, and says why."""
        if records and self.locked is not None and self.locked():
            self.workspace.revision += 1  # the tables are drawn again from what is stored
            st.session_state[FROZEN_NOTE] = True
            st.rerun()
        stored = run_saving(lambda: self.workspace.edit(SUMMARIES, records,
                                                        lambda: (self.cases, self.source, self.source_kind)))
        if stored and key is not None:
            mark_stored(self.workspace.editors, key, state)
        return stored

    def table(self, name: str, columns: dict, make_edit: Callable[[int, str, Any], dict]
              ) -> tuple[str, pd.DataFrame, Callable[[], bool]]:
        """A label table's key, its base and the call that stores its changed cells as edit records."""
        key = table_key("sum", name, self.workspace, SUMMARIES, self.index, self.lang)
        editors = self.workspace.editors
        frame = editor_base(editors, key, key in st.session_state, lambda: pd.DataFrame(columns))
        return key, frame, lambda: self.store([make_edit(row, column, value) for row, column, value
                                               in new_cells(editors, key, st.session_state.get(key))],
                                              key, st.session_state.get(key))

    def edit(self, what: str, **fields: Any) -> dict:
        return summary_edit(self.cases, what, self.index, **fields)


def draw_transcript(case: Any) -> None:
    st.header(t("sum.transcript"))
    # A fixed-height box of chat messages scrolls to its end by default (a live chat's newest line); a
    # transcript is read from its first turn.
    with st.container(height=420, autoscroll=False, key="sum_transcript"):
        for turn in case.transcript:
            with st.chat_message("assistant" if turn.role == "agent" else "user"):
                st.text(turn.text)


def draw_sections(tables: SummaryTables, case: Any, editable: bool = True) -> Any:
    """The summary's sections, their kind and categorical flag editable (not in a workshop room, whose cases are the
    same for everyone: ``editable`` False); returns the case as stored after."""
    st.header(t("sum.summary"))
    sections = case.sections
    if not sections:
        st.caption(t("sum.no_sections"))
        return case

    def section_edit(row: int, column: str, value: Any) -> dict:
        current = case.sections[row]
        return tables.edit("section", index=row, kind=str(value) if column == "kind" else current.kind,
                           categorical=bool(value) if column == "categorical" else current.categorical)

    key, frame, absorb = tables.table("sections", {
        "name": pd.Series([s.name for s in sections], dtype="string"),
        "kind": pd.Series([s.kind for s in sections], dtype="string"),
        "categorical": pd.Series([s.categorical for s in sections], dtype="bool"),
        "text": pd.Series([s.text for s in sections], dtype="string"),
    }, section_edit)
    st.data_editor(frame, key=key, hide_index=True, num_rows="fixed", width="stretch",
                   column_config={
                       "name": st.column_config.TextColumn(t("sum.col.name"), disabled=True),
                       "kind": st.column_config.SelectboxColumn(
                           t("sum.col.kind"), options=["custom", "predefined"], required=True, width=110,
                           disabled=not editable,
                           format_func=lambda kind, lang=tables.lang: translate(lang, f"sum.kind.{kind}")),
                       "categorical": st.column_config.CheckboxColumn(t("sum.col.categorical"), width=100,
                                                                      disabled=not editable),
                       "text": st.column_config.TextColumn(t("sum.col.text"), disabled=True),
                   })
    absorb()
    case = tables.workspace.data(SUMMARIES, lambda: tables.cases)[tables.index]
    for section in case.sections:
        kind = t(f"sum.kind.{section.kind}") + (f" · {t('sum.col.categorical').lower()}" if section.categorical
                                                 else "")
        st.markdown(f"**{literal(section.name)}** ({kind})")
        st.text(section.text)
        check = categorical_check(section)
        if check is not None:
            allowed = ", ".join(section.allowed_values or ())
            st.caption(t("sum.categorical_ok" if check else "sum.categorical_bad", name=literal(section.name),
                         allowed=allowed))
    st.caption(t("sum.toggle_help"))
    return case


def draw_judgements(tables: SummaryTables, case: Any, frozen: bool = False) -> None:
    """The accuracy points and adherence rubrics (one above the other: side by side, four text columns would
    squeeze below a laptop's width), then the completeness items; ``frozen``: labels locked (a frozen room)."""
    st.header(t("sum.judgements"))
    with st.container():
        st.markdown(f"**{t('sum.metric.accuracy')}** · {t('sum.accuracy_help')}")
        points = case.accuracy
        if points:
            key, frame, absorb = tables.table("accuracy", {
                "is_accurate": pd.Series([p.is_accurate for p in points], dtype="boolean"),
                "point": pd.Series([p.point for p in points], dtype="string"),
                "accuracy": pd.Series([p.accuracy for p in points], dtype="string")},
                lambda row, column, value: tables.edit("accuracy", index=row, value=label_value(value)))
            label_editor(frame, key, "is_accurate", ["point", "accuracy"], frozen)
            absorb()
        else:
            st.caption(t("units.none"))
    with st.container():
        st.markdown(f"**{t('sum.metric.adherence')}** · {t('sum.adherence_help')}")
        rubrics = case.rubrics
        if rubrics:
            key, frame, absorb = tables.table("rubrics", {
                "is_addressed": pd.Series([r.is_addressed for r in rubrics], dtype="boolean"),
                "question": pd.Series([r.question for r in rubrics], dtype="string"),
                "reasoning": pd.Series([r.reasoning for r in rubrics], dtype="string")},
                lambda row, column, value: tables.edit("rubric", index=row, value=label_value(value)))
            label_editor(frame, key, "is_addressed", ["question", "reasoning"], frozen)
            absorb()
        else:
            st.caption(t("units.none"))

    st.markdown(f"**{t('sum.metric.completeness')}** · {t('sum.completeness_help')}")
    questions = case.completeness
    rows = [(qi, ii, q, item) for qi, q in enumerate(questions) for ii, item in enumerate(q.content_list)]
    if rows:
        key, frame, absorb = tables.table("completeness", {
            "is_covered": pd.Series([item.is_covered for *_, item in rows], dtype="boolean"),
            "question": pd.Series([q.question for _, _, q, _ in rows], dtype="string"),
            "transcript_content": pd.Series([item.transcript_content for *_, item in rows], dtype="string"),
            "related_content_from_summary": pd.Series([item.related_content_from_summary for *_, item in rows],
                                                      dtype="string"),
        }, lambda row, column, value: tables.edit("completeness", question=rows[row][0], item=rows[row][1],
                                                  value=label_value(value)))
        label_editor(frame, key, "is_covered", ["question", "transcript_content", "related_content_from_summary"],
                     frozen)
        absorb()
    empty = [q.question for q in questions if not q.content_list]
    if empty:
        st.caption(t("sum.empty_questions", count=len(empty)))


def draw_results(case: Any, cases: tuple, lang: str) -> None:
    """One summary's three proportions (with why one is N/A), and the pooled and per-case figures of all."""
    evaluation = evaluate_summary(case)
    st.header(t("sum.results", id=literal(case.id)))
    for card, name in zip(card_row(len(SUMMARY_METRICS)), SUMMARY_METRICS, strict=True):
        with card:
            p = evaluation.metrics[name]
            st.metric(t(f"sum.metric.{name}"), "N/A" if p.value is None else format_percent(p.value, lang),
                      help=t(f"sum.explain.{name}"))
            if name in evaluation.not_applicable:
                st.badge(t(f"sum.na.{evaluation.not_applicable[name]}"), icon=":material/block:", color="gray")
            st.caption(proportion_text(p, "summaries.case.interval"))
            macro = evaluation.macro.get(name)
            st.caption(t("sum.macro_value", value="N/A" if macro is None else format_percent(macro, lang)))
    st.caption(t("sum.micro_macro_help"))

    if len(cases) > 1:
        report = evaluate_summaries(cases)
        st.header(t("sum.aggregate", count=len(cases)))
        text_table(pd.DataFrame([
            {t("table.dimension"): t(f"sum.metric.{name}"),
             t("table.micro"): proportion_text(report.aggregate.metrics[name], "pooled.units"),
             t("table.clustered"): clustered_text(clustered_interval(
                 [(e.metrics[name].successes, e.metrics[name].total) for _, e in report.cases]), "pooled.clustered"),
             t("sum.macro_cases"): "N/A" if report.aggregate.macro.get(name) is None
             else format_percent(report.aggregate.macro[name], lang)}
            for name in SUMMARY_METRICS
        ]), hide_index=True, width="stretch")


def summary_cases_table(report: Any) -> pd.DataFrame:
    """One row per case of a :class:`~uncase_core.summaries.evaluation.SummaryReport`: its three values with their
    counts, N/A where a rule or the absence of labels makes them so (text cells, in the reader's number style)."""
    from ui.widgets.proportions import short_proportion_text

    return pd.DataFrame([{t("table.case"): case_id, **{t(f"sum.metric.{name}"): short_proportion_text(
        evaluation.metrics[name], "summaries.case.interval") for name in SUMMARY_METRICS}}
        for case_id, evaluation in report.cases])


def draw_explanations() -> None:
    with st.expander(t("sum.explain_title")):
        for name in SUMMARY_METRICS:
            st.markdown(f"**{t(f'sum.metric.{name}')}**: {t(f'sum.explain.{name}')}")
        st.markdown(t("sum.explain.na_rules"))
