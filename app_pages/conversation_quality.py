"""Synthetic conversation quality (document 000): four metrics, two gates, Q = min(...)."""


import pandas as pd
import streamlit as st

from ui.frame.data_kinds import CONVERSATIONS
from ui.frame.page import finish_page
from ui.frame.state import current_workspace, forget, kept, language, run_saving, set_kept, t
from ui.i18n import format_percent, translate
from ui.views.conversations import (
    batch_table,
    draw_chat,
    draw_gates,
    draw_metric_cards,
    draw_verdict,
    failure_chart,
    metric_name,
)
from ui.widgets.data_source import Loaded, Source, changed_items, data_source, follow_language, stored_or_default
from ui.widgets.labels import editor_base, mark_stored, new_cells, table_key
from ui.widgets.layout import (
    LABEL_COLUMN_WIDTH,
    RESULTS_WIDTH,
    row_height,
    show_chart,
    table_height,
    text_column_width,
    whole_choice,
)
from ui.widgets.numbers import number_slider
from ui.widgets.text import literal
from uncase_core.assets.reader import CONVERSATION_INDEX, load_conversation, load_index
from uncase_core.conversations.claims import label_claim
from uncase_core.conversations.edits import conversation_claim, conversation_turn
from uncase_core.conversations.evaluator import DEFAULT_MEMORIZATION_LIMIT, DEFAULT_THRESHOLDS, METRICS, Evaluator
from uncase_core.conversations.model import conversations_from_bytes, conversations_to_text
from uncase_core.shared.jsonfiles import dumps_json

ALL = "__all__"
TURN_COLUMN_WIDTH = 48  # px: "Turno" and a two-digit number
ROLE_COLUMN_WIDTH = 70  # px: "cliente", "agente"
INDEX_KEY = "conv_index"
PRESETS = {
    "document": dict(DEFAULT_THRESHOLDS),
    "lenient": {"rouge_l": 0.50, "fidelity": 0.80, "ttr": 0.45, "coherence": 0.75},
    "strict": {"rouge_l": 0.70, "fidelity": 0.95, "ttr": 0.60, "coherence": 0.90},
}

lang = language()
scenarios = load_index(CONVERSATION_INDEX)
by_id = {s.id: s for s in scenarios}
workspace = current_workspace()


def load(choice: str) -> Loaded:
    if choice == ALL:
        return Loaded(tuple(load_conversation(s, lang) for s in scenarios), ALL, "all")
    return Loaded((load_conversation(by_id[choice], lang),), choice, "scenario")


def default() -> Loaded:
    return load(scenarios[0].id)


SOURCE = Source(
    CONVERSATIONS, "conv", "conversations", load, choices=[s.id for s in scenarios] + [ALL],
    choice_label=lambda sid, lang=lang: (translate(lang, "conv.all_scenarios") if sid == ALL
                                         else by_id[sid].title_in(lang)),
    choice_title="conv.scenario",
    read_upload=lambda data, name, limit: Loaded(conversations_from_bytes(data, name, limit), name, "upload"),
    upload_label="conv.upload", upload_help="conv.upload_help", changes=changed_items,
)


def conversation_name(conversation_id: str, markdown: bool = True) -> str:
    """A built-in conversation's title in the person's language; an uploaded one's id, shown literally."""
    if conversation_id in by_id:
        return by_id[conversation_id].title_in(lang)
    return literal(conversation_id) if markdown else conversation_id


# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.header(t("common.data"))
    follow_language(SOURCE)
    if data_source(SOURCE, default) is not None:
        forget(INDEX_KEY)
    downloads = st.container()

    st.header(t("common.settings"))
    preset = kept(st.selectbox, "conv_preset", "document", t("conv.preset"), options=list(PRESETS),
                  format_func=lambda p, lang=lang: translate(lang, f"conv.preset.{p}"))
    whole_choice(translate(lang, f"conv.preset.{preset}"))
    if st.button(t("conv.apply_preset"), width="stretch"):
        for name, value in PRESETS[preset].items():
            set_kept(f"conv_threshold_{name}", value)
    thresholds = {
        name: number_slider(f"conv_threshold_{name}", DEFAULT_THRESHOLDS[name], metric_name(name), 0.0, 1.0, 0.05)
        for name in METRICS
    }
    memorization_limit = number_slider("conv_memorization_limit", DEFAULT_MEMORIZATION_LIMIT,
                                       t("conv.memorization_limit"), 0.0, 0.1, 0.005)

evaluator = Evaluator(thresholds, memorization_limit)
conversations, _, source, source_kind = stored_or_default(SOURCE, default)

# ---------------------------------------------------------------- main
st.title(t("conv.title"))
st.markdown(t("conv.intro"))
if source in by_id:
    st.caption(f"{by_id[source].title_in(lang)}: {by_id[source].summary_in(lang)}")

if len(conversations) > 1:
    st.header(t("conv.batch_title", count=len(conversations)))
    bar = st.progress(0.0, text=t("conv.batch_progress"))
    # In this process (workers=1): a server must not fork worker processes, and a page's batch is small.
    report = evaluator.batch_evaluate(conversations, certify=True, workers=1,
                                      progress=lambda done, total: bar.progress(done / total))
    bar.empty()
    rate = report.pass_rate  # in percent, None with no conversation
    st.metric(t("conv.pass_rate"), "N/A" if rate is None else format_percent(rate / 100, lang, 1))
    chart_column, table_column = st.columns([2, 3])
    show_chart(failure_chart(report), chart_column)
    table_column.dataframe(batch_table(report), hide_index=True, width="stretch")
    st.markdown(t("conv.certificate", digest=report.certificate_hash))
    st.caption(t("conv.certificate_help"))
    with downloads:
        st.download_button(t("conv.download_report"), dumps_json(report.to_dict()),
                           file_name="conversation-report.json", mime="application/json", width="stretch")
    kept(st.selectbox, INDEX_KEY, 0, t("conv.inspect"), options=list(range(len(conversations))),
         format_func=lambda i: conversation_name(conversations[i].id, markdown=False))
stored_index = workspace.setting(INDEX_KEY, 0)
index = stored_index if isinstance(stored_index, int) and 0 <= stored_index < len(conversations) else 0


def store_edits(table: str, make_edit) -> None:
    """Store the cells the table reports and has not stored yet, as edit records."""
    key = table_key("conv", table, workspace, CONVERSATIONS, index, lang)
    state = st.session_state.get(key)
    records = [make_edit(row, value) for row, column, value in new_cells(workspace.editors, key, state)
               if column in ("verified", "coherent")]
    if run_saving(lambda: workspace.edit(CONVERSATIONS, records, lambda: (conversations, source, source_kind))):
        mark_stored(workspace.editors, key, state)


def as_label(value) -> bool | None:
    return None if value is None or pd.isna(value) else bool(value)


conversation = conversations[index]
result = evaluator.evaluate(conversation)

# The chat and the results side by side while both fit; on a narrow screen the results wrap below the chat.
page_row = st.container(horizontal=True, gap="large")
chat_column = page_row.container(width="stretch")
result_column = page_row.container(width=RESULTS_WIDTH)
with chat_column:
    st.header(t("conv.chat", id=conversation_name(conversation.id)))
    draw_chat(conversation, result)

    st.markdown(f"**{t('conv.claims')}** · {t('conv.claims_help')}")
    claim_key = table_key("conv", "claims", workspace, CONVERSATIONS, index, lang)
    claims = [check.claim for check in result.claims]
    if claims:
        frame = editor_base(workspace.editors, claim_key, claim_key in st.session_state, lambda: pd.DataFrame({
            "verified": pd.Series([c.verified for c in claims], dtype="boolean"),
            "turn": [c.turn for c in claims],
            "text": pd.Series([c.text for c in claims], dtype="string"),
            "rule": pd.Series([t(f"conv.reason.{label_claim(c, conversation.knowledge_base).reason}")
                               for c in claims], dtype="string"),
        }))
        width = text_column_width([LABEL_COLUMN_WIDTH, TURN_COLUMN_WIDTH], text_columns=2)
        height = row_height((frame["text"].tolist(), width), (frame["rule"].tolist(), width))
        st.data_editor(frame, key=claim_key, hide_index=True, num_rows="fixed", width="stretch", row_height=height,
                       height=table_height(len(frame), height), column_config={
                           "verified": st.column_config.CheckboxColumn(t("conv.col.verified"),
                                                                       width=LABEL_COLUMN_WIDTH),
                           "turn": st.column_config.NumberColumn(t("conv.col.turn"), disabled=True,
                                                                 width=TURN_COLUMN_WIDTH),
                           "text": st.column_config.TextColumn(t("units.text"), disabled=True, width=width),
                           "rule": st.column_config.TextColumn(t("conv.col.rule"), disabled=True, width=width),
                       })
        store_edits("claims", lambda row, value: conversation_claim(conversations, index, row, as_label(value)))
    else:
        st.caption(t("conv.no_claims"))

    st.markdown(f"**{t('conv.turns')}** · {t('conv.turns_help')}")
    turn_key = table_key("conv", "turns", workspace, CONVERSATIONS, index, lang)
    checks = tuple(result.turns)
    if checks:
        frame = editor_base(workspace.editors, turn_key, turn_key in st.session_state, lambda: pd.DataFrame({
            "coherent": pd.Series([c.coherent for c in checks], dtype="boolean"),
            "turn": [c.turn for c in checks],
            "role": pd.Series([t(f"conv.role.{conversation.turns[c.turn].role}") for c in checks], dtype="string"),
            "rules": pd.Series(["; ".join(t(f"conv.rule.{f.rule}") for f in c.flags) for c in checks],
                               dtype="string"),
        }))
        width = text_column_width([LABEL_COLUMN_WIDTH, TURN_COLUMN_WIDTH, ROLE_COLUMN_WIDTH])
        height = row_height((frame["rules"].tolist(), width))
        st.data_editor(frame, key=turn_key, hide_index=True, num_rows="fixed", width="stretch", row_height=height,
                       height=table_height(len(frame), height), column_config={
                           "coherent": st.column_config.CheckboxColumn(t("conv.col.coherent"),
                                                                       width=LABEL_COLUMN_WIDTH),
                           "turn": st.column_config.NumberColumn(t("conv.col.turn"), disabled=True,
                                                                 width=TURN_COLUMN_WIDTH),
                           "role": st.column_config.TextColumn(t("conv.col.role"), disabled=True,
                                                               width=ROLE_COLUMN_WIDTH),
                           "rules": st.column_config.TextColumn(t("conv.col.rules"), disabled=True, width=width),
                       })
        store_edits("turns", lambda row, value: conversation_turn(conversations, index, row, as_label(value)))

conversations = workspace.data(CONVERSATIONS, lambda: conversations)
if conversations[index] is not conversation:
    conversation = conversations[index]
    result = evaluator.evaluate(conversation)

with result_column:
    st.header(t("conv.results"))
    draw_verdict(result)
    draw_metric_cards(result, thresholds)
    draw_gates(result, memorization_limit)

with downloads:
    st.download_button(t("conv.download_data"), conversations_to_text(conversations),
                       file_name="conversations-labelled.jsonl" if len(conversations) > 1 else
                       "conversation-labelled.json", mime="application/json", width="stretch")

with st.expander(t("conv.explain_title")):
    for name in (*METRICS, "privacy", "memorization", "q"):
        st.markdown(f"**{metric_name(name) if name in METRICS else t(f'conv.gate.{name}') if name != 'q' else 'Q'}**"
                    f": {t(f'conv.explain.{name}')}")

finish_page()
