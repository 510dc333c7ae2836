"""The RAG page in Streamlit's AppTest: labels move the numbers, and nothing a user does loses them."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import (
    RAG_PAGE,
    captions,
    click,
    edit_labels,
    load_scenario,
    metric_values,
    open_rag_page,
    open_settings_boxes,
    reopen,
)
from ui.i18n import translate
from ui.views.rag.results import DATA_ACTIONS, FRAGMENTS, NEAR_FRAGMENTS, fragments_moved_by


def _relevance_caption(at) -> str:
    return next(c for c in captions(at) if c.startswith(("4 / 5", "3 / 5", "5 / 5", "3 / 4")))


def test_page_loads_with_the_first_scenario_and_four_metrics():
    at = open_rag_page()
    values = metric_values(at)
    assert values == {
        "Context relevance": "80.0%",
        "Faithfulness": "100.0%",
        "Correctness": "100.0%",
        "Coverage": "100.0%",
    }
    assert "4 / 5 · 95% interval 37.6% to 96.4%" in captions(at)
    # Nothing fails, but with five units or fewer every interval straddles its threshold: no green light, and it
    # says why.
    assert not at.success
    assert at.info[0].value.startswith("No dimension fails at these thresholds, but 4 are still uncertain "
                                       "(Context relevance, Faithfulness, Correctness, Coverage)")


def test_unticking_a_passage_moves_context_relevance():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    assert metric_values(at)["Context relevance"] == "60.0%"
    assert "3 / 5 · 95% interval 23.1% to 88.2%" in captions(at)


def test_ticking_a_claim_wrong_moves_correctness_but_not_faithfulness():
    at = edit_labels(open_rag_page(), "claims", {0: {"correct": False}, 1: {"correct": False}})
    values = metric_values(at)
    assert values["Correctness"] == "60.0%"
    assert values["Faithfulness"] == "100.0%"
    # 3 of 5 below a 70% threshold: a true 70% gives 3 of 5 or fewer in 47% of cases, so it is not said in red.
    assert not at.error
    assert at.warning[0].value.startswith("Uncertain: Correctness is below the threshold")


def test_clearing_a_label_makes_the_unit_unlabelled_not_a_failure():
    at = edit_labels(open_rag_page(), "passages", {4: {"relevant": None}})
    assert metric_values(at)["Context relevance"] == "100.0%"
    assert any(c.startswith("4 / 4") and "1 not labelled" in c for c in captions(at))


def test_no_labelled_units_is_na_not_zero():
    at = edit_labels(open_rag_page(), "reference_facts", {i: {"covered": None} for i in range(4)})
    assert metric_values(at)["Coverage"] == "N/A"
    assert "N/A (0 labelled, 4 not labelled)" in captions(at)
    assert any("Not applicable (no labelled units): Coverage." in c for c in captions(at))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_per_case_table_says_na_for_no_labelled_unit_and_writes_counts_in_the_readers_style(lang):
    from tests.pages.test_focus_page import blank_seven, spanish

    at = open_rag_page()
    if lang == "es":
        spanish(at)
    at.sidebar.file_uploader(key="rag_upload").set_value(("seven.jsonl", blank_seven(), "application/json")).run()
    edit_labels(at, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    table = next(d.value for d in at.dataframe if translate(lang, "table.composite") in d.value.columns)
    first = table.iloc[0]
    relevance = translate(lang, "metric.context_relevance")
    assert first[relevance] == ("1 / 2 · 50.0%" if lang == "en" else "1 / 2 · 50,0\u00a0%")
    na = translate(lang, "value.na_short")
    others = [column for column in table.columns if column not in (translate(lang, "table.case"), relevance,
                                                                   translate(lang, "table.status"),
                                                                   translate(lang, "table.failing"),
                                                                   translate(lang, "table.composite"))]
    assert [first[column] for column in others] == [na] * 3  # faithfulness, correctness, coverage
    assert first[translate(lang, "table.composite")] == ("0.50" if lang == "en" else "0,50")  # of what is labelled
    assert (table.iloc[1:][relevance] == na).all() and not table.isna().any().any()
    # A case with nothing labelled is not "ok": it is not labelled yet (issue 38); the labelled one has its status.
    status = translate(lang, "table.status")
    assert (table.iloc[1:][status] == translate(lang, "status.unlabelled")).all()
    assert first[status] == translate(lang, "status.ok")  # context relevance 1 / 2 meets its 50% threshold


def test_labels_survive_a_page_switch_and_a_rerun():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    at.switch_page("app_pages/home.py").run()
    assert not at.exception
    at.switch_page(RAG_PAGE).run()
    assert not at.exception
    assert metric_values(at)["Context relevance"] == "60.0%"
    at.run()
    assert metric_values(at)["Context relevance"] == "60.0%"


def test_labels_survive_switching_language_and_the_page_is_spanish():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    values = metric_values(at)
    assert values["Relevancia del contexto"] == "60,0\u00a0%"
    assert at.title[0].value == "Diagnóstico RAG: localiza el fallo"
    assert any(c.startswith("3 / 5 · intervalo del 95\u00a0%") for c in captions(at))


def test_each_built_in_scenario_gives_its_intended_diagnosis():
    at = open_rag_page()
    load_scenario(at, "poor_retrieval")
    # One case's five passages cannot make a failure clear: named below the threshold, as uncertain, not in red.
    assert not at.error
    assert at.warning[0].value.startswith("Uncertain: Context relevance is below the threshold")
    load_scenario(at, "multiple_failures")
    assert not at.error
    assert at.warning[0].value.startswith(
        "Uncertain: 3 dimensions are below their thresholds (Context relevance, Faithfulness, Coverage)"
    )


def test_threshold_slider_changes_the_diagnosis():
    at = open_rag_page()
    at.sidebar.select_slider(key="rag_threshold_context_relevance").set_value(0.85).run()
    assert at.warning[0].value.startswith("Uncertain: Context relevance is below the threshold")


def test_all_weights_zero_is_explained_and_the_page_keeps_working():
    at = open_settings_boxes(open_rag_page())
    for name in ("context_relevance", "faithfulness", "correctness", "coverage"):
        at.sidebar.select_slider(key=f"rag_weight_{name}").set_value(0.0)
    at.run()
    assert not at.exception
    assert any("all weights are zero" in e.value for e in at.error)
    assert metric_values(at)["Context relevance"] == "80.0%"


def test_weights_are_shown_normalized_and_the_composite_follows():
    at = open_settings_boxes(open_rag_page())
    at.sidebar.select_slider(key="rag_weight_context_relevance").set_value(3.0).run()
    assert any("Context relevance 50% · Faithfulness 17%" in c for c in captions(at))
    composite = next(m.value for m in at.markdown if m.value.startswith("**Composite"))
    assert composite == "**Composite (weighted mean): 0.90**"  # 0.5 * 0.8 + 0.5 * 1.0


def test_minimum_aggregation_takes_the_weakest_dimension():
    at = open_settings_boxes(open_rag_page())
    at.sidebar.radio(key="rag_aggregation").set_value("min").run()
    composite = next(m.value for m in at.markdown if m.value.startswith("**Composite"))
    assert composite == "**Composite (minimum): 0.80**"


def test_a_hard_gate_fails_the_case_whatever_the_composite():
    at = open_settings_boxes(open_rag_page())
    at.sidebar.checkbox(key="rag_gate_on_context_relevance").check().run()
    at.sidebar.select_slider(key="rag_gate_context_relevance").set_value(0.9).run()
    assert any(w.value.startswith("Gated: below a hard gate as measured") for w in at.warning)


def _composite(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Composite"))


def _expander_labels(at) -> list[str]:
    return [e.label for e in at.sidebar.expander]


def test_weights_and_gates_are_drawn_only_while_their_box_is_open_and_hold_when_closed():
    at = open_rag_page()
    keys = {w.key for w in at.sidebar.select_slider} | {w.key for w in at.sidebar.checkbox}
    assert not any(key.startswith(("rag_weight_", "rag_gate")) for key in keys if key)
    assert "Composite weights" in _expander_labels(at) and "Hard gates" in _expander_labels(at)
    assert not [c for c in captions(at) if c.startswith("In force")]  # the defaults: nothing to say
    open_settings_boxes(at)
    at.sidebar.select_slider(key="rag_weight_context_relevance").set_value(3.0).run()
    at.sidebar.checkbox(key="rag_gate_on_context_relevance").check().run()
    at.sidebar.select_slider(key="rag_gate_context_relevance").set_value(0.9).run()
    assert _composite(at) == "**Composite (weighted mean): 0.90**"
    # Closed again: the widgets are gone, what they set still holds and the boxes say so.
    at.session_state["rag_weights_box"] = False
    at.session_state["rag_gates_box"] = False
    at.run()
    assert "rag_weight_context_relevance" not in {w.key for w in at.sidebar.select_slider}
    assert _composite(at) == "**Composite (weighted mean): 0.90**"
    assert any(w.value.startswith("Gated: below a hard gate as measured") for w in at.warning)
    assert "In force: Weighted mean; weights Context relevance 50% · Faithfulness 17% · Correctness 17% · Coverage " \
        "17%." in captions(at)
    assert "In force: Context relevance 90%." in captions(at)
    # A threshold step (a fragment rerun) reads the closed boxes' settings from the workspace too.
    at.sidebar.select_slider(key="rag_threshold_faithfulness").set_value(0.75).run()
    assert _composite(at) == "**Composite (weighted mean): 0.90**"
    # A new session on the same link: boxes closed, the settings in force.
    again = reopen(at, RAG_PAGE)
    assert _composite(again) == "**Composite (weighted mean): 0.90**"
    assert "In force: Context relevance 90%." in captions(again)
    assert open_settings_boxes(again).sidebar.select_slider(key="rag_weight_context_relevance").value == 3.0


def test_confidence_level_changes_the_interval():
    at = open_rag_page()
    at.sidebar.select_slider(key="rag_confidence").set_value(0.80).run()
    assert any(c.startswith("4 / 5 · 80% interval") for c in captions(at))
    # ... under the passages' table too (the near captions rerun with the confidence, not with a threshold).
    assert "**Context relevance** 4 / 5 · 80.0% · 80% interval 51.4% to 93.8%" in captions(at)


def test_a_setting_reruns_the_figures_it_moves_and_not_the_downloads():
    assert set(fragments_moved_by(None)) == set(FRAGMENTS)  # a label moves everything
    threshold = set(fragments_moved_by("rag_threshold_context_relevance"))
    assert "rag_case_results" in threshold and "rag_dataset_results" in threshold
    assert DATA_ACTIONS not in threshold and not threshold & set(NEAR_FRAGMENTS)
    assert set(NEAR_FRAGMENTS) <= set(fragments_moved_by("rag_confidence"))
    assert DATA_ACTIONS not in fragments_moved_by("rag_confidence")
    # On the page: a threshold step's run draws the case's figures and not the captions under the tables (AppTest
    # keeps only what a fragment run drew), the confidence's both.
    at = open_rag_page()
    at.sidebar.select_slider(key="rag_threshold_context_relevance").set_value(0.85).run()
    assert "below 85% · uncertain" in captions(at)
    assert not [c for c in captions(at) if c.startswith("**Context relevance**")]
    at.run()  # a full run: the whole page in AppTest's tree again
    at.sidebar.select_slider(key="rag_confidence").set_value(0.80).run()
    assert [c for c in captions(at) if c.startswith("**Context relevance**")]


def test_settings_survive_a_page_switch():
    at = open_rag_page()
    at.sidebar.select_slider(key="rag_threshold_context_relevance").set_value(0.85).run()
    at.switch_page("app_pages/home.py").run()
    at.switch_page(RAG_PAGE).run()
    assert at.sidebar.select_slider(key="rag_threshold_context_relevance").value == 0.85


def test_reset_asks_first_and_keep_leaves_the_labels():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    click(at, "Reset labels")
    assert at.warning[0].value.startswith("Discard every label")
    click(at, "Keep")
    assert metric_values(at)["Context relevance"] == "60.0%"
    click(at, "Reset labels")
    click(at, "Discard")
    assert metric_values(at)["Context relevance"] == "80.0%"
    # The editor starts clean: the old edit is not re-applied.
    at.run()
    assert metric_values(at)["Context relevance"] == "80.0%"


def test_the_whole_dataset_view_shows_micro_and_macro():
    at = open_rag_page()
    load_scenario(at, "__all__")
    headers = [s.value for s in at.header]
    assert "Whole dataset (7 cases)" in headers
    assert any("Micro pools every labelled unit" in c for c in captions(at))
    per_case = at.dataframe[-1].value
    assert list(per_case["Case"]) == [
        "refund-01", "card-fees-01", "health-claim-01", "baggage-01", "mobile-plan-01", "warranty-01", "transit-pass-01"
    ]
    # Every built-in case is below some threshold on five units or fewer: none of them a clear failure.
    below = "below a threshold, uncertain"
    assert list(per_case["Diagnosis"]) == ["ok", below, below, below, below, below, "ok"]
    micro_macro = at.dataframe[-2].value
    assert list(micro_macro["Dimension"]) == ["Context relevance", "Faithfulness", "Correctness", "Coverage"]


def test_switching_case_in_a_dataset_keeps_each_cases_labels():
    at = open_rag_page()
    load_scenario(at, "__all__")
    edit_labels(at, "passages", {0: {"relevant": False}})
    at.selectbox(key="rag_case").set_value(1).run()
    assert not at.exception
    at.selectbox(key="rag_case").set_value(0).run()
    assert metric_values(at)["Context relevance"] == "60.0%"


def test_reticking_a_box_just_unticked_counts_again():
    # The editor reports edits against the table it was first given: after untick then
    # re-tick it reports no edit at all, which must mean "back to the original label".
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    assert metric_values(at)["Context relevance"] == "60.0%"
    at = edit_labels(at, "passages", {})
    assert metric_values(at)["Context relevance"] == "80.0%"


def test_edits_after_a_language_switch_build_on_the_earlier_ones():
    at = edit_labels(open_rag_page(), "passages", {0: {"relevant": False}})
    at.sidebar.radio(key="language_widget").set_value("es").run()
    at = edit_labels(at, "passages", {1: {"relevant": False}})
    assert metric_values(at)["Relevancia del contexto"] == "40,0\u00a0%"


def _chart_bars(at) -> list[tuple[str, str]]:
    """The chart's value bars (y, fill) from the SVG image the page draws."""
    import base64
    import re

    (image,) = at.get("image")
    url = image.proto.imgs[0].url
    assert url.startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(url.split(",", 1)[1]).decode("utf-8")
    return re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill="(#\w+)"', svg)[:4]


def test_the_chart_follows_the_labels():
    at = open_rag_page()
    before = _chart_bars(at)
    at = edit_labels(at, "passages", {0: {"relevant": False}, 1: {"relevant": False}})  # relevance 80% -> 40%
    after = _chart_bars(at)
    assert after[1:] == before[1:]
    assert float(after[0][0]) > float(before[0][0])  # a lower rate draws a shorter bar (larger y)
    assert after[0][1] == "#c0392b" and before[0][1] != "#c0392b"  # 40% is below the 50% threshold


SPANISH_CSV = ("\ufeffid;user_input;context_1;context_2;response;reference;domain\n"
               "r-1;¿Cuánto tarda un reembolso?;Los reembolsos tardan 5 días.;El envío es gratis.;"
               "Tarda 5 días.;Tarda 5 días.;retail\n").encode("utf-8")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["Read as CSV with cells separated by semicolons.", "Read 1 case from RAGAS rows (csv).",
            "context\\_1, context\\_2 → passages"]),
    ("es", ["Se leyó como CSV con las celdas separadas por punto y coma.", "context\\_1, context\\_2"]),
])
def test_a_spreadsheet_csv_upload_says_how_it_was_read(language: str, expected: list[str]):
    """A Spanish Excel CSV (BOM, semicolons, one column per passage, a metadata column) loads, and the page says
    which delimiter and columns it read, in the reader's language; column names are drawn as text."""
    at = open_rag_page()
    if language == "es":
        at.sidebar.radio(key="language_widget").set_value("es").run()
    at.sidebar.file_uploader(key="rag_upload").set_value(("casos.csv", SPANISH_CSV, "text/csv")).run()
    assert not at.exception, [e.value for e in at.exception]
    notes = " ".join(info.value for info in at.info)
    for text in expected:
        assert text in notes, notes
    (case,) = at.session_state["rag_workspace"].dataset.cases
    assert case.id == "r-1" and [p.text for p in case.passages] == ["Los reembolsos tardan 5 días.",
                                                                     "El envío es gratis."]
    assert case.metadata["domain"] == "retail"


@pytest.mark.parametrize(("language", "edit", "drill"), [
    ("en", "Edit this case's texts", "Make a drill from this case"),
    ("es", "Editar los textos de este caso", "Hacer ejercicios con este caso")])
def test_the_case_on_screen_opens_in_the_editor_or_as_a_drill(language: str, edit: str, drill: str):
    """Two links under the case choice, to the editor and the drills page (both open on the RAG page's case), each
    carrying the workspace."""
    at = open_rag_page()
    if language == "es":
        at.sidebar.radio(key="language_widget").set_value("es").run()
    links = {link.label: link for link in at.main.get("page_link")}
    token = at.session_state["workspace"].token
    for label, page in ((edit, "case_editor"), (drill, "drills")):
        assert label in links, sorted(links)
        assert page in links[label].proto.page and f"w={token}" in links[label].proto.query_string


def test_the_explanations_are_drawn_when_their_box_is_opened():
    at = open_rag_page()
    assert not any("**Uncertainty.**" in m.value for m in at.markdown)
    at.session_state["rag_explanations"] = True
    at.run()
    assert any("**Uncertainty.**" in m.value for m in at.markdown)
    assert sum(m.value.startswith("**Context relevance**:") for m in at.markdown) == 1
