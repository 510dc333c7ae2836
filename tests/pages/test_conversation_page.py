"""The conversation quality page in AppTest: labels and thresholds move the scores; batches certify."""

from __future__ import annotations

from tests.pages.apptest_helpers import edit_table, open_app

PAGE = "app_pages/conversation_quality.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def load(at, scenario_id: str):
    at.sidebar.selectbox(key="conv_scenario_choice").set_value(scenario_id).run()
    next(b for b in at.sidebar.button if b.label in ("Load scenario", "Cargar escenario")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def edit(at, table: str, edits: dict) -> None:
    edit_table(at, table, edits)


def test_healthy_conversation_passes_with_q_the_minimum():
    at = open_page()
    values = metrics(at)
    # Passes as measured; 6 claims and 12 turns cannot make fidelity and coherence clear at 90% and 85%.
    assert at.info[0].value.startswith("Passes every metric and gate as measured, but 2 verdicts are still uncertain")
    assert values["Q = min(...)"] == min(values[n] for n in ("ROUGE-L", "Factual fidelity", "Type-token ratio",
                                                             "Dialogue coherence"))
    assert values["Privacy findings"] == "0"


def test_unticking_a_claim_lowers_fidelity_and_fails_the_conversation():
    at = open_page()
    edit(at, "claims", {0: {"verified": False}})
    values = metrics(at)
    assert values["Factual fidelity"] != "1.00"
    # 5 of 6 below 90%: below as measured, so document 000's gate rejects it, but not a clear failure in red.
    assert not at.error
    assert any(w.value.startswith("Uncertain: Factual fidelity is below its threshold") for w in at.warning)
    assert any(c.value.startswith("Document 000's gate reads every value as measured") for c in at.caption)


def test_marking_a_turn_incoherent_moves_coherence():
    at = open_page()
    edit(at, "turns", {1: {"coherent": False}, 3: {"coherent": False}})
    assert metrics(at)["Dialogue coherence"] == "0.83"  # 10 of 12 turns
    assert any(w.value.startswith("Uncertain: Dialogue coherence is below") for w in at.warning)


def test_privacy_leak_sets_q_to_zero_whatever_the_metrics():
    at = load(open_page(), "privacy_leak")
    values = metrics(at)
    assert values["Q = min(...)"] == "0.00"
    assert values["Privacy findings"] == "3"
    assert any("A gate failed, so Q is 0" in c.value for c in at.caption)


def test_threshold_slider_and_presets_change_the_verdict():
    at = load(open_page(), "repetitive")
    assert "Type-token ratio" in at.error[0].value  # measured on the text: a clear failure
    at.sidebar.select_slider(key="conv_threshold_ttr").set_value(0.40).run()
    assert not at.error and at.info[0].value.startswith("Passes every metric and gate as measured")
    at.sidebar.selectbox(key="conv_preset").set_value("strict").run()
    next(b for b in at.sidebar.button if b.label == "Apply preset").click().run()
    assert at.sidebar.select_slider(key="conv_threshold_ttr").value == 0.60
    assert at.error


def test_batch_mode_shows_pass_rate_certificate_and_breakdown():
    at = load(open_page(), "__all__")
    assert metrics(at)["Pass rate"] == "14.3%"
    assert any(m.value.startswith("Certificate (SHA-256): `") for m in at.markdown)
    table = at.dataframe[0].value
    assert list(table["Conversation"]) == ["good", "drift", "repetitive", "unfaithful", "incoherent",
                                           "privacy_leak", "memorized"]


def test_spanish_page_and_labels_survive_language_switch():
    at = open_page()
    edit(at, "claims", {0: {"verified": False}})
    before = metrics(at)["Factual fidelity"]
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Calidad de conversaciones"
    assert metrics(at)["Fidelidad factual"] == before.replace(".", ",")


def test_rule_evidence_is_shown_in_the_page_language():
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    load(at, "incoherent")
    warnings = [w.value for w in at.warning]
    assert any(w.startswith("confusión de roles: el agente habla como el cliente") for w in warnings), warnings


def test_the_no_compensation_line_uses_the_conversation_on_screen():
    """Issue 27: a fixed example (fidelity 0,95, TTR 0,40) read as if it described the conversation shown."""
    at = open_page()
    q = next(m for m in at.metric if m.label.startswith("Q ="))
    line = next(c.value for c in at.caption if c.value.startswith("No compensation"))
    assert f"Q is {q.value}" in line and "0.675" not in line


def _texts(node, found: list[str]) -> list[str]:
    value = getattr(node, "value", None)
    if isinstance(value, str):
        found.append(value)
    children = getattr(node, "children", None)
    for child in children.values() if isinstance(children, dict) else ():
        _texts(child, found)
    return found


def test_one_labelled_claim_draws_the_exact_interval_that_holds_there():
    """Fidelity over one labelled claim: Wilson's interval does not hold at 1 unit, Clopper and Pearson's does
    (docs/coverage.md, `conversations.fidelity`, drawn from 1), so the page draws that one, never withholds it."""
    at = open_page()
    edit(at, "claims", {i: {"verified": None} for i in range(1, 6)})
    texts = _texts(at._tree, [])
    assert "1 / 1 · 95% interval 2.5% to 100.0% · 5 not labelled" in texts, [t for t in texts if "/ 1" in t]
    assert not [t for t in texts if "withheld" in t]
