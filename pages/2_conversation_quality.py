"""Synthetic conversation quality (document 000): four metrics, two gates, Q = min(...)."""

import json
from dataclasses import dataclass, field, replace

import pandas as pd
import streamlit as st

from ui.confirm import changed_items, confirm_replace
from ui.conversation_view import (
    batch_table,
    draw_chat,
    draw_gates,
    draw_metric_cards,
    draw_verdict,
    failure_chart,
    metric_name,
)
from ui.editing import stable_base
from ui.i18n import translate
from ui.limits import LIMITS, check_count, check_size
from ui.session import kept, set_kept, setup_page, t
from ui.text import literal
from uncase_core.claims import label_claim
from uncase_core.conversations import Claim, Conversation, TurnLabel, conversations_from_bytes, conversations_to_text
from uncase_core.errors import InputError
from uncase_core.evaluator import DEFAULT_MEMORIZATION_LIMIT, DEFAULT_THRESHOLDS, METRICS, Evaluator
from uncase_core.scenarios import CONVERSATION_INDEX, load_conversation, load_index

LIMIT = LIMITS["conversations"]
ALL = "__all__"
PRESETS = {
    "document": dict(DEFAULT_THRESHOLDS),
    "lenient": {"rouge_l": 0.50, "fidelity": 0.80, "ttr": 0.45, "coherence": 0.75},
    "strict": {"rouge_l": 0.70, "fidelity": 0.95, "ttr": 0.60, "coherence": 0.90},
}


@dataclass
class ConversationWorkspace:
    conversations: tuple[Conversation, ...]
    original: tuple[Conversation, ...]
    source: str
    generation: int = 0
    index: int = 0
    editor_bases: dict = field(default_factory=dict)

    def replace_all(self, conversations: tuple[Conversation, ...], source: str) -> None:
        self.conversations = self.original = conversations
        self.source, self.index = source, 0
        self.generation += 1
        self.editor_bases.clear()

    def key(self, table: str, lang: str) -> str:
        return f"conv_editor_{table}_{self.generation}_{self.index}_{lang}"


lang = setup_page("conv.title")
scenarios = load_index(CONVERSATION_INDEX)
by_id = {s.id: s for s in scenarios}

workspace = st.session_state.get("conv_workspace")
if workspace is None:
    first = (load_conversation(scenarios[0], lang),)
    workspace = ConversationWorkspace(first, first, scenarios[0].id)
    st.session_state["conv_workspace"] = workspace

# ---------------------------------------------------------------- sidebar: data
with st.sidebar:
    st.subheader(t("rag.data"))
    options = [s.id for s in scenarios] + [ALL]
    choice = kept(st.selectbox, "conv_scenario_choice", options[0], t("conv.scenario"), options=options,
                  format_func=lambda sid, lang=lang: (
                      translate(lang, "conv.all_scenarios") if sid == ALL else by_id[sid].title[lang]))
    requested = None  # (conversations, source)
    if st.button(t("rag.load_scenario"), key="conv_load", width="stretch"):
        if choice == ALL:
            requested = (tuple(load_conversation(s, lang) for s in scenarios), ALL)
        else:
            requested = ((load_conversation(by_id[choice], lang),), choice)
        st.session_state.pop("conv_upload_error", None)
    upload = st.file_uploader(t("conv.upload"), type=["json", "jsonl"], key="conv_upload",
                              help=t("conv.upload_help"), max_upload_size=LIMIT.upload_mb)
    from_upload = False
    if upload is not None and st.session_state.get("conv_upload_seen") != upload.file_id:
        st.session_state["conv_upload_seen"] = upload.file_id
        try:
            loaded = conversations_from_bytes(check_size("conversations", upload.getvalue(), upload.name), upload.name)
            check_count("conversations", len(loaded), upload.name)
            requested, from_upload = (loaded, upload.name), True
            st.session_state.pop("conv_upload_error", None)
        except InputError as error:
            st.session_state["conv_upload_error"] = error.message
    if "conv_upload_error" in st.session_state:
        st.error(t("rag.upload_failed", message=literal(st.session_state["conv_upload_error"])))
    chosen = confirm_replace("conv_replace", changed_items(workspace.original, workspace.conversations), requested,
                             upload_name=upload.name if from_upload else None)
    if chosen is not None:
        workspace.replace_all(*chosen)
    downloads = st.container()

    st.subheader(t("rag.settings"))
    preset = st.selectbox(t("conv.preset"), list(PRESETS), key="conv_preset",
                          format_func=lambda p, lang=lang: translate(lang, f"conv.preset.{p}"))
    if st.button(t("conv.apply_preset"), width="stretch"):
        for name, value in PRESETS[preset].items():
            set_kept(f"conv_threshold_{name}", value)
    thresholds = {
        name: kept(st.slider, f"conv_threshold_{name}", DEFAULT_THRESHOLDS[name], metric_name(name),
                   min_value=0.0, max_value=1.0, step=0.05)
        for name in METRICS
    }
    memorization_limit = kept(st.slider, "conv_memorization_limit", DEFAULT_MEMORIZATION_LIMIT,
                              t("conv.memorization_limit"), min_value=0.0, max_value=0.1, step=0.005,
                              format="%.3f")

evaluator = Evaluator(thresholds, memorization_limit)

# ---------------------------------------------------------------- main
st.title(t("conv.title"))
st.markdown(t("conv.intro"))
if workspace.source in by_id:
    st.caption(f"{by_id[workspace.source].title[lang]}: {by_id[workspace.source].summary[lang]}")

conversations = workspace.conversations
if len(conversations) > 1:
    st.subheader(t("conv.batch_title", count=len(conversations)))
    bar = st.progress(0.0, text=t("conv.batch_progress"))
    report = evaluator.batch_evaluate(conversations, certify=True,
                                      progress=lambda done, total: bar.progress(done / total))
    bar.empty()
    rate = "N/A" if report.pass_rate is None else f"{report.pass_rate:.1f}".replace(".", "," if lang == "es" else ".")
    st.metric(t("conv.pass_rate"), f"{rate}%" if lang == "en" else f"{rate}\u00a0%")
    chart_column, table_column = st.columns([2, 3])
    chart_column.plotly_chart(failure_chart(report), width="stretch", config={"displayModeBar": False})
    table_column.dataframe(batch_table(report), hide_index=True, width="stretch")
    st.markdown(t("conv.certificate", digest=report.certificate_hash))
    st.caption(t("conv.certificate_help"))
    with downloads:
        st.download_button(t("conv.download_report"), json.dumps(report.to_dict(), ensure_ascii=False, indent=2),
                           file_name="conversation-report.json", mime="application/json", width="stretch")
    workspace.index = st.selectbox(
        t("conv.inspect"), range(len(conversations)), index=min(workspace.index, len(conversations) - 1),
        format_func=lambda i: conversations[i].id, key=f"conv_inspect_{workspace.generation}")

conversation = conversations[min(workspace.index, len(conversations) - 1)]
result = evaluator.evaluate(conversation)

chat_column, result_column = st.columns([3, 2], gap="large")
with chat_column:
    st.subheader(t("conv.chat", id=literal(conversation.id)))
    draw_chat(conversation, result)

    st.markdown(f"**{t('conv.claims')}** · {t('conv.claims_help')}")
    claim_key = workspace.key("claims", lang)
    claims = [check.claim for check in result.claims]
    base = stable_base(workspace.editor_bases, claim_key, tuple(claims), claim_key in st.session_state)
    if base:
        frame = pd.DataFrame({
            "verified": pd.Series([c.verified for c in base], dtype="boolean"),
            "turn": [c.turn for c in base],
            "text": pd.Series([c.text for c in base], dtype="string"),
            "rule": pd.Series([t(f"conv.reason.{label_claim(c, conversation.knowledge_base).reason}")
                               for c in base], dtype="string"),
        })
        edited = st.data_editor(frame, key=claim_key, hide_index=True, num_rows="fixed", width="stretch",
                                column_config={
                                    "verified": st.column_config.CheckboxColumn(t("conv.col.verified"), width=90),
                                    "turn": st.column_config.NumberColumn(t("conv.col.turn"), disabled=True,
                                                                          width=60),
                                    "text": st.column_config.TextColumn(t("units.text"), disabled=True),
                                    "rule": st.column_config.TextColumn(t("conv.col.rule"), disabled=True),
                                })
        new_claims = tuple(
            Claim(c.turn, c.text, None if pd.isna(v) else bool(v), c.extra)
            for c, v in zip(base, edited["verified"], strict=True)
        )
        if new_claims != tuple(claims):
            conversation = replace(conversation, claims=new_claims)
    else:
        st.caption(t("conv.no_claims"))

    st.markdown(f"**{t('conv.turns')}** · {t('conv.turns_help')}")
    turn_key = workspace.key("turns", lang)
    checks = tuple(result.turns)
    turn_base = stable_base(workspace.editor_bases, turn_key, checks, turn_key in st.session_state)
    if turn_base:
        frame = pd.DataFrame({
            "coherent": pd.Series([c.coherent for c in turn_base], dtype="boolean"),
            "turn": [c.turn for c in turn_base],
            "role": pd.Series([t(f"conv.role.{conversation.turns[c.turn].role}") for c in turn_base], dtype="string"),
            "rules": pd.Series(["; ".join(t(f"conv.rule.{f.rule}") for f in c.flags) for c in turn_base],
                               dtype="string"),
        })
        edited = st.data_editor(frame, key=turn_key, hide_index=True, num_rows="fixed", width="stretch",
                                column_config={
                                    "coherent": st.column_config.CheckboxColumn(t("conv.col.coherent"), width=90),
                                    "turn": st.column_config.NumberColumn(t("conv.col.turn"), disabled=True,
                                                                          width=60),
                                    "role": st.column_config.TextColumn(t("conv.col.role"), disabled=True),
                                    "rules": st.column_config.TextColumn(t("conv.col.rules"), disabled=True),
                                })
        new_labels = tuple(
            TurnLabel(c.turn, None if pd.isna(v) else bool(v), c.flags[0].rule if c.flags else None)
            for c, v in zip(turn_base, edited["coherent"], strict=True)
        )
        if [label.coherent for label in new_labels] != [c.coherent for c in checks]:
            conversation = replace(conversation, turn_labels=new_labels)

if conversation is not conversations[workspace.index]:
    updated = list(workspace.conversations)
    updated[workspace.index] = conversation
    workspace.conversations = tuple(updated)
    result = evaluator.evaluate(conversation)

with result_column:
    st.subheader(t("conv.results"))
    draw_verdict(result)
    draw_metric_cards(result, thresholds)
    draw_gates(result, memorization_limit)

with downloads:
    st.download_button(t("conv.download_data"), conversations_to_text(workspace.conversations),
                       file_name="conversations-labelled.jsonl" if len(conversations) > 1 else
                       "conversation-labelled.json", mime="application/json", width="stretch")

with st.expander(t("conv.explain_title")):
    for name in (*METRICS, "privacy", "memorization", "q"):
        st.markdown(f"**{metric_name(name) if name in METRICS else t(f'conv.gate.{name}') if name != 'q' else 'Q'}**"
                    f": {t(f'conv.explain.{name}')}")
