"""Summary autoevaluation (document 002): accuracy, adherence and completeness, and when each is N/A."""

import pandas as pd
import streamlit as st

from ui.frame.data_kinds import SUMMARIES
from ui.frame.input_errors import error_text
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, forget, kept, language, run_saving, t
from ui.i18n import format_percent, translate
from ui.widgets.data_source import Loaded, Source, changed_items, data_source, follow_language, stored_or_default
from ui.widgets.labels import editor_base, mark_stored, new_cells
from ui.widgets.layout import LABEL_COLUMN_WIDTH, card_row, row_height, table_height, text_column_width
from ui.widgets.text import literal
from uncase_core.edits import summary_edit
from uncase_core.errors import InputError
from uncase_core.scenarios import SUMMARY_INDEX, load_index, scenario_path
from uncase_core.summary import (
    SUMMARY_METRICS,
    ReadNote,
    cases_from_bytes,
    cases_to_text,
    categorical_check,
    evaluate_summaries,
    evaluate_summary,
    parse_judgement_block,
)

BLOCK_KINDS = ("accuracy", "adherence", "completeness")
INDEX_KEY = "sum_index"


def _load_file(scenario, lang: str) -> tuple:
    path = scenario_path(scenario, lang, SUMMARY_INDEX)
    return cases_from_bytes(path.read_bytes(), path.name)


def read_note(note) -> str:
    """A note the reader made, in the person's language (the place and quoted keys shown as they are)."""
    if isinstance(note, ReadNote):
        return t(f"sum.note.{note.code}", where=literal(note.where), **{k: literal(v) for k, v in note.params.items()})
    return literal(note)


def _label(value) -> bool | None:
    return None if value is None or pd.isna(value) else bool(value)


def _proportion_text(p) -> str:
    lang = language()
    if p.value is None:
        return t("value.na", unlabelled=p.unlabelled)
    return t("value.line", successes=p.successes, total=p.total, percent=format_percent(p.value, lang),
             level=format_percent(p.confidence, lang, 0), low=format_percent(p.low, lang),
             high=format_percent(p.high, lang))


def _editor(frame: pd.DataFrame, key: str, label_column: str, text_columns: list[str]) -> None:
    """A label table whose rows show every text column in full (see ui.widgets.layout)."""
    width = text_column_width([LABEL_COLUMN_WIDTH], len(text_columns))
    config = {label_column: st.column_config.CheckboxColumn(t(f"sum.col.{label_column}"), width=LABEL_COLUMN_WIDTH)}
    for name in text_columns:
        config[name] = st.column_config.TextColumn(t(f"sum.col.{name}"), disabled=True, width=width)
    height = row_height(*((frame[name].fillna("").astype(str).tolist(), width) for name in text_columns))
    st.data_editor(frame, key=key, hide_index=True, num_rows="fixed", width="stretch", row_height=height,
                   height=table_height(len(frame), height), column_config=config,
                   column_order=[label_column, *text_columns])


lang = language()
scenarios = load_index(SUMMARY_INDEX)
by_id = {s.id: s for s in scenarios}
workspace = current_workspace()


def load(choice: str) -> Loaded:
    return Loaded(_load_file(by_id[choice], lang), choice, "scenario")


def default() -> Loaded:
    return load(scenarios[0].id)


SOURCE = Source(
    SUMMARIES, "sum", "summaries", load, choices=[s.id for s in scenarios],
    choice_label=lambda sid, lang=lang: by_id[sid].title[lang], choice_title="sum.scenario",
    read_upload=lambda data, name: Loaded(cases_from_bytes(data, name), name, "upload"),
    upload_label="sum.upload", upload_help="sum.upload_help", changes=changed_items,
)


def store(records: list, key: str | None = None, state=None) -> bool:
    """Store edit records (and mark the table's reported edits as stored); False with the reason shown if not."""
    stored = run_saving(lambda: workspace.edit(SUMMARIES, records, lambda: (cases, source, source_kind)))
    if stored and key is not None:
        mark_stored(workspace.editors, key, state)
    return stored


def editor_key(table: str) -> str:
    loaded = workspace.loaded_at(SUMMARIES)
    key = f"sum_editor_{table}_{loaded}_{workspace.revision}_{index}_{lang}"
    st.session_state.setdefault("label_tables", {})[table] = key  # where tests (and scripts) find each table
    return key


# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.subheader(t("rag.data"))
    follow_language(SOURCE)
    if data_source(SOURCE, default) is not None:
        forget(INDEX_KEY)
    downloads = st.container()
cases, _, source, source_kind = stored_or_default(SOURCE, default)

# ---------------------------------------------------------------- main
st.title(t("sum.title"))
st.markdown(t("sum.intro"))
if source in by_id:
    st.caption(f"{by_id[source].title[lang]}: {by_id[source].summary[lang]}")
if len(cases) > 1:
    kept(st.selectbox, INDEX_KEY, 0, t("sum.case"), options=list(range(len(cases))), format_func=lambda i: cases[i].id)
stored_index = workspace.setting(INDEX_KEY, 0)
index = stored_index if isinstance(stored_index, int) and 0 <= stored_index < len(cases) else 0

with st.sidebar, st.expander(t("sum.paste_title")):
    st.caption(t("sum.paste_help"))
    block_kind = kept(st.selectbox, "sum_paste_kind", BLOCK_KINDS[0], t("sum.paste_kind"),
                      options=list(BLOCK_KINDS),
                      format_func=lambda k, lang=lang: translate(lang, f"sum.metric.{k}"))
    pasted = st.text_area(t("sum.paste_text"), key="sum_paste_text", height=160)
    apply = st.button(t("sum.paste_apply"), width="stretch")
    if apply and not pasted.strip():
        st.error(t("sum.paste_empty"))
    elif apply:
        try:
            block, notes = parse_judgement_block(pasted, block_kind)
            record = summary_edit(cases, "block", index, block=block_kind, data=block)
        except InputError as error:
            st.error(t("sum.paste_failed", message=error_text(error, lang)))
        else:
            if store([record]):
                st.session_state["sum_paste_notes"] = [read_note(note) for note in notes] or [t("sum.paste_ok")]
                workspace.revision += 1  # the tables are drawn again from the new block
                cases = workspace.data(SUMMARIES)

for note in st.session_state.pop("sum_paste_notes", []):
    st.info(note)
case = cases[index]
for note in case.notes:
    st.caption(t("sum.read_note", note=read_note(note)))


def table(name: str, columns: dict, make_edit) -> None:
    """A label table whose changed cells are stored as edit records at once."""
    key = editor_key(name)
    frame = editor_base(workspace.editors, key, key in st.session_state, lambda: pd.DataFrame(columns))
    return key, frame, lambda: store([make_edit(row, column, value) for row, column, value
                                      in new_cells(workspace.editors, key, st.session_state.get(key))],
                                     key, st.session_state.get(key))


transcript_column, summary_column = st.columns(2, gap="large")
with transcript_column:
    st.subheader(t("sum.transcript"))
    with st.container(height=420):
        for turn in case.transcript:
            with st.chat_message("assistant" if turn.role == "agent" else "user"):
                st.text(turn.text)
with summary_column:
    st.subheader(t("sum.summary"))
    sections = case.sections
    if sections:
        def section_edit(row: int, column: str, value) -> dict:
            current = case.sections[row]
            return summary_edit(cases, "section", index, index=row,
                                kind=str(value) if column == "kind" else current.kind,
                                categorical=bool(value) if column == "categorical" else current.categorical)

        key, frame, absorb = table("sections", {
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
                               format_func=lambda kind, lang=lang: translate(lang, f"sum.kind.{kind}")),
                           "categorical": st.column_config.CheckboxColumn(t("sum.col.categorical"), width=100),
                           "text": st.column_config.TextColumn(t("sum.col.text"), disabled=True),
                       })
        absorb()
        case = workspace.data(SUMMARIES, lambda: cases)[index]
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
    else:
        st.caption(t("sum.no_sections"))

st.subheader(t("sum.judgements"))
# One above the other: side by side, four text columns would squeeze below a laptop's width.
accuracy_column, adherence_column = st.container(), st.container()
with accuracy_column:
    st.markdown(f"**{t('sum.metric.accuracy')}** · {t('sum.accuracy_help')}")
    points = case.accuracy
    if points:
        key, frame, absorb = table("accuracy", {
            "is_accurate": pd.Series([p.is_accurate for p in points], dtype="boolean"),
            "point": pd.Series([p.point for p in points], dtype="string"),
            "accuracy": pd.Series([p.accuracy for p in points], dtype="string")},
            lambda row, column, value: summary_edit(cases, "accuracy", index, index=row, value=_label(value)))
        _editor(frame, key, "is_accurate", ["point", "accuracy"])
        absorb()
    else:
        st.caption(t("units.none"))
with adherence_column:
    st.markdown(f"**{t('sum.metric.adherence')}** · {t('sum.adherence_help')}")
    rubrics = case.rubrics
    if rubrics:
        key, frame, absorb = table("rubrics", {
            "is_addressed": pd.Series([r.is_addressed for r in rubrics], dtype="boolean"),
            "question": pd.Series([r.question for r in rubrics], dtype="string"),
            "reasoning": pd.Series([r.reasoning for r in rubrics], dtype="string")},
            lambda row, column, value: summary_edit(cases, "rubric", index, index=row, value=_label(value)))
        _editor(frame, key, "is_addressed", ["question", "reasoning"])
        absorb()
    else:
        st.caption(t("units.none"))

st.markdown(f"**{t('sum.metric.completeness')}** · {t('sum.completeness_help')}")
questions = case.completeness
rows = [(qi, ii, q, item) for qi, q in enumerate(questions) for ii, item in enumerate(q.content_list)]
if rows:
    key, frame, absorb = table("completeness", {
        "is_covered": pd.Series([item.is_covered for *_, item in rows], dtype="boolean"),
        "question": pd.Series([q.question for _, _, q, _ in rows], dtype="string"),
        "transcript_content": pd.Series([item.transcript_content for *_, item in rows], dtype="string"),
        "related_content_from_summary": pd.Series([item.related_content_from_summary for *_, item in rows],
                                                  dtype="string"),
    }, lambda row, column, value: summary_edit(cases, "completeness", index, question=rows[row][0], item=rows[row][1],
                                               value=_label(value)))
    _editor(frame, key, "is_covered", ["question", "transcript_content", "related_content_from_summary"])
    absorb()
empty = [q.question for q in questions if not q.content_list]
if empty:
    st.caption(t("sum.empty_questions", count=len(empty)))

cases = workspace.data(SUMMARIES, lambda: cases)
case = cases[index]

# ---------------------------------------------------------------- results
evaluation = evaluate_summary(case)
st.subheader(t("sum.results", id=literal(case.id)))
for card, name in zip(card_row(len(SUMMARY_METRICS)), SUMMARY_METRICS, strict=True):
    with card:
        p = evaluation.metrics[name]
        st.metric(t(f"sum.metric.{name}"), "N/A" if p.value is None else format_percent(p.value, lang),
                  help=t(f"sum.explain.{name}"))
        if name in evaluation.not_applicable:
            st.badge(t(f"sum.na.{evaluation.not_applicable[name]}"), icon=":material/block:", color="gray")
        st.caption(_proportion_text(p))
        macro = evaluation.macro.get(name)
        st.caption(t("sum.macro_value", value="N/A" if macro is None else format_percent(macro, lang)))
st.caption(t("sum.micro_macro_help"))

if len(cases) > 1:
    report = evaluate_summaries(cases)
    st.subheader(t("sum.aggregate", count=len(cases)))
    st.dataframe(pd.DataFrame([
        {t("table.dimension"): t(f"sum.metric.{name}"),
         t("table.micro"): _proportion_text(report.aggregate.metrics[name]),
         t("sum.macro_cases"): "N/A" if report.aggregate.macro.get(name) is None
         else format_percent(report.aggregate.macro[name], lang)}
        for name in SUMMARY_METRICS
    ]), hide_index=True, width="stretch")

with downloads:
    st.download_button(t("sum.download"), cases_to_text(cases),
                       file_name="summaries-labelled.jsonl" if len(cases) > 1 else "summary-labelled.json",
                       mime="application/json", width="stretch")

with st.expander(t("sum.explain_title")):
    for name in SUMMARY_METRICS:
        st.markdown(f"**{t(f'sum.metric.{name}')}**: {t(f'sum.explain.{name}')}")
    st.markdown(t("sum.explain.na_rules"))

finish_page()
