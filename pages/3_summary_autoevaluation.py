"""Summary autoevaluation (document 002): accuracy, adherence and completeness, and when each is N/A."""

from dataclasses import dataclass, field, replace

import pandas as pd
import streamlit as st

from ui.confirm import changed_items, confirm_replace
from ui.editing import stable_base
from ui.i18n import format_percent, translate
from ui.limits import LIMITS, check_count, check_size
from ui.session import kept, language, setup_page, t
from ui.text import literal
from uncase_core.errors import InputError
from uncase_core.scenarios import SUMMARY_INDEX, load_index, scenario_path
from uncase_core.summary import (
    SUMMARY_METRICS,
    case_from_dict,
    case_to_dict,
    cases_from_bytes,
    cases_to_text,
    categorical_check,
    evaluate_summaries,
    evaluate_summary,
    parse_judgement_block,
)

LIMIT = LIMITS["summaries"]
BLOCK_KINDS = ("accuracy", "adherence", "completeness")


@dataclass
class SummaryWorkspace:
    cases: tuple
    original: tuple
    source: str
    generation: int = 0
    index: int = 0
    editor_bases: dict = field(default_factory=dict)

    def replace_all(self, cases: tuple, source: str) -> None:
        self.cases = self.original = cases
        self.source, self.index = source, 0
        self.generation += 1
        self.editor_bases.clear()

    def key(self, table: str, lang: str) -> str:
        return f"sum_editor_{table}_{self.generation}_{self.index}_{lang}"

    def put(self, case) -> None:
        cases = list(self.cases)
        cases[self.index] = case
        self.cases = tuple(cases)


def _load(scenario, lang: str) -> tuple:
    path = scenario_path(scenario, lang, SUMMARY_INDEX)
    return cases_from_bytes(path.read_bytes(), path.name)


def _label(value) -> bool | None:
    return None if pd.isna(value) else bool(value)


def _proportion_text(p) -> str:
    lang = language()
    if p.value is None:
        return t("value.na", unlabelled=p.unlabelled)
    return t("value.line", successes=p.successes, total=p.total, percent=format_percent(p.value, lang),
             level=format_percent(p.confidence, lang, 0), low=format_percent(p.low, lang),
             high=format_percent(p.high, lang))


def _editor(frame: pd.DataFrame, key: str, label_column: str, columns: dict) -> pd.DataFrame:
    config = {label_column: st.column_config.CheckboxColumn(t(f"sum.col.{label_column}"), width=90)}
    for name, width in columns.items():
        config[name] = st.column_config.TextColumn(t(f"sum.col.{name}"), disabled=True, width=width)
    return st.data_editor(frame, key=key, hide_index=True, num_rows="fixed", width="stretch",
                          column_config=config, column_order=[label_column, *columns])


lang = setup_page("sum.title")
scenarios = load_index(SUMMARY_INDEX)
by_id = {s.id: s for s in scenarios}
workspace = st.session_state.get("sum_workspace")
if workspace is None:
    first = _load(scenarios[0], lang)
    workspace = SummaryWorkspace(first, first, scenarios[0].id)
    st.session_state["sum_workspace"] = workspace

# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.subheader(t("rag.data"))
    choice = kept(st.selectbox, "sum_scenario_choice", scenarios[0].id, t("sum.scenario"),
                  options=[s.id for s in scenarios],
                  format_func=lambda sid, lang=lang: by_id[sid].title[lang])
    requested = None  # (cases, source)
    if st.button(t("rag.load_scenario"), key="sum_load", width="stretch"):
        requested = (_load(by_id[choice], lang), choice)
        st.session_state.pop("sum_upload_error", None)
    upload = st.file_uploader(t("sum.upload"), type=["json", "jsonl"], key="sum_upload",
                              help=t("sum.upload_help"), max_upload_size=LIMIT.upload_mb)
    from_upload = False
    if upload is not None and st.session_state.get("sum_upload_seen") != upload.file_id:
        st.session_state["sum_upload_seen"] = upload.file_id
        try:
            loaded = cases_from_bytes(check_size("summaries", upload.getvalue(), upload.name), upload.name)
            check_count("summaries", len(loaded), upload.name)
            requested, from_upload = (loaded, upload.name), True
            st.session_state.pop("sum_upload_error", None)
        except InputError as error:
            st.session_state["sum_upload_error"] = error.message
    if "sum_upload_error" in st.session_state:
        st.error(t("rag.upload_failed", message=literal(st.session_state["sum_upload_error"])))
    chosen = confirm_replace("sum_replace", changed_items(workspace.original, workspace.cases), requested,
                             upload_name=upload.name if from_upload else None)
    if chosen is not None:
        workspace.replace_all(*chosen)
    downloads = st.container()

    with st.expander(t("sum.paste_title")):
        st.caption(t("sum.paste_help"))
        block_kind = st.selectbox(t("sum.paste_kind"), BLOCK_KINDS, key="sum_paste_kind",
                                  format_func=lambda k, lang=lang: translate(lang, f"sum.metric.{k}"))
        pasted = st.text_area(t("sum.paste_text"), key="sum_paste_text", height=160)
        apply = st.button(t("sum.paste_apply"), width="stretch")
        if apply and not pasted.strip():
            st.error(t("sum.paste_empty"))
        elif apply:
            try:
                block, notes = parse_judgement_block(pasted, block_kind)
            except InputError as error:
                st.error(t("sum.paste_failed", message=literal(error.message)))
            else:
                data = case_to_dict(workspace.cases[workspace.index])
                data[block_kind] = block
                workspace.put(case_from_dict(data))
                workspace.editor_bases.clear()
                workspace.generation += 1
                st.session_state["sum_paste_notes"] = [*notes] or [t("sum.paste_ok")]

# ---------------------------------------------------------------- main
st.title(t("sum.title"))
st.markdown(t("sum.intro"))
if workspace.source in by_id:
    st.caption(f"{by_id[workspace.source].title[lang]}: {by_id[workspace.source].summary[lang]}")
for note in st.session_state.pop("sum_paste_notes", []):
    st.info(note)

cases = workspace.cases
if len(cases) > 1:
    workspace.index = st.selectbox(t("sum.case"), range(len(cases)), index=min(workspace.index, len(cases) - 1),
                                   format_func=lambda i: cases[i].id, key=f"sum_case_{workspace.generation}")
case = cases[min(workspace.index, len(cases) - 1)]
for note in case.notes:
    st.caption(t("sum.read_note", note=note))

transcript_column, summary_column = st.columns(2, gap="large")
with transcript_column:
    st.subheader(t("sum.transcript"))
    with st.container(height=420):
        for turn in case.transcript:
            with st.chat_message("assistant" if turn.role == "agent" else "user"):
                st.text(turn.text)
with summary_column:
    st.subheader(t("sum.summary"))
    section_key = workspace.key("sections", lang)
    sections = stable_base(workspace.editor_bases, section_key, case.sections, section_key in st.session_state)
    if sections:
        frame = pd.DataFrame({
            "name": pd.Series([s.name for s in sections], dtype="string"),
            "kind": pd.Series([s.kind for s in sections], dtype="string"),
            "categorical": pd.Series([s.categorical for s in sections], dtype="bool"),
            "text": pd.Series([s.text for s in sections], dtype="string"),
        })
        edited = st.data_editor(frame, key=section_key, hide_index=True, num_rows="fixed", width="stretch",
                                column_config={
                                    "name": st.column_config.TextColumn(t("sum.col.name"), disabled=True),
                                    "kind": st.column_config.SelectboxColumn(t("sum.col.kind"),
                                                                             options=["custom", "predefined"],
                                                                             required=True, width=110),
                                    "categorical": st.column_config.CheckboxColumn(t("sum.col.categorical"),
                                                                                   width=100),
                                    "text": st.column_config.TextColumn(t("sum.col.text"), disabled=True),
                                })
        updated = tuple(replace(s, kind=str(k), categorical=bool(c))
                        for s, k, c in zip(sections, edited["kind"], edited["categorical"], strict=True))
        if updated != case.sections:
            case = replace(case, sections=updated)
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
accuracy_column, adherence_column = st.columns(2, gap="large")
with accuracy_column:
    st.markdown(f"**{t('sum.metric.accuracy')}** · {t('sum.accuracy_help')}")
    key = workspace.key("accuracy", lang)
    points = stable_base(workspace.editor_bases, key, case.accuracy, key in st.session_state)
    if points:
        frame = pd.DataFrame({"is_accurate": pd.Series([p.is_accurate for p in points], dtype="boolean"),
                              "point": pd.Series([p.point for p in points], dtype="string"),
                              "accuracy": pd.Series([p.accuracy for p in points], dtype="string")})
        edited = _editor(frame, key, "is_accurate", {"point": "medium", "accuracy": "large"})
        updated = tuple(replace(p, is_accurate=_label(v)) for p, v in zip(points, edited["is_accurate"], strict=True))
        if updated != case.accuracy:
            case = replace(case, accuracy=updated)
    else:
        st.caption(t("units.none"))
with adherence_column:
    st.markdown(f"**{t('sum.metric.adherence')}** · {t('sum.adherence_help')}")
    key = workspace.key("rubrics", lang)
    rubrics = stable_base(workspace.editor_bases, key, case.rubrics, key in st.session_state)
    if rubrics:
        frame = pd.DataFrame({"is_addressed": pd.Series([r.is_addressed for r in rubrics], dtype="boolean"),
                              "question": pd.Series([r.question for r in rubrics], dtype="string"),
                              "reasoning": pd.Series([r.reasoning for r in rubrics], dtype="string")})
        edited = _editor(frame, key, "is_addressed", {"question": "medium", "reasoning": "large"})
        updated = tuple(replace(r, is_addressed=_label(v))
                        for r, v in zip(rubrics, edited["is_addressed"], strict=True))
        if updated != case.rubrics:
            case = replace(case, rubrics=updated)
    else:
        st.caption(t("units.none"))

st.markdown(f"**{t('sum.metric.completeness')}** · {t('sum.completeness_help')}")
key = workspace.key("completeness", lang)
questions = stable_base(workspace.editor_bases, key, case.completeness, key in st.session_state)
rows = [(qi, ii, q, item) for qi, q in enumerate(questions) for ii, item in enumerate(q.content_list)]
if rows:
    frame = pd.DataFrame({
        "is_covered": pd.Series([item.is_covered for *_, item in rows], dtype="boolean"),
        "question": pd.Series([q.question for _, _, q, _ in rows], dtype="string"),
        "transcript_content": pd.Series([item.transcript_content for *_, item in rows], dtype="string"),
        "related_content_from_summary": pd.Series([item.related_content_from_summary for *_, item in rows],
                                                  dtype="string"),
    })
    edited = _editor(frame, key, "is_covered", {"question": "medium", "transcript_content": "medium",
                                                "related_content_from_summary": "medium"})
    labels = [_label(v) for v in edited["is_covered"]]
    new_questions = []
    position = 0
    for question in questions:
        items = []
        for item in question.content_list:
            items.append(replace(item, is_covered=labels[position]))
            position += 1
        new_questions.append(replace(question, content_list=tuple(items)))
    if tuple(new_questions) != case.completeness:
        case = replace(case, completeness=tuple(new_questions))
empty = [q.question for q in questions if not q.content_list]
if empty:
    st.caption(t("sum.empty_questions", count=len(empty)))

if case != cases[workspace.index]:
    workspace.put(case)

# ---------------------------------------------------------------- results
evaluation = evaluate_summary(case)
st.subheader(t("sum.results", id=literal(case.id)))
for column, name in zip(st.columns(3), SUMMARY_METRICS, strict=True):
    with column.container(border=True):
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
    report = evaluate_summaries(workspace.cases)
    st.subheader(t("sum.aggregate", count=len(cases)))
    st.dataframe(pd.DataFrame([
        {t("table.dimension"): t(f"sum.metric.{name}"),
         t("table.micro"): _proportion_text(report.aggregate.metrics[name]),
         t("sum.macro_cases"): "N/A" if report.aggregate.macro.get(name) is None
         else format_percent(report.aggregate.macro[name], lang)}
        for name in SUMMARY_METRICS
    ]), hide_index=True, width="stretch")

with downloads:
    st.download_button(t("sum.download"), cases_to_text(workspace.cases),
                       file_name="summaries-labelled.jsonl" if len(cases) > 1 else "summary-labelled.json",
                       mime="application/json", width="stretch")

with st.expander(t("sum.explain_title")):
    for name in SUMMARY_METRICS:
        st.markdown(f"**{t(f'sum.metric.{name}')}**: {t(f'sum.explain.{name}')}")
    st.markdown(t("sum.explain.na_rules"))
