"""The RAG page's uploads of other tools' files and its downloads for them (ui/widgets/tool_uploads.py and
tool_downloads.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.pages.apptest_helpers import ROOT, open_rag_page, shown, workspace
from tests.pages.test_room_page import open_room_page
from ui.frame import data_kinds
from ui.frame.limits import LIMITS
from ui.i18n import translate
from ui.widgets.tool_downloads import TARGETS, file_name
from ui.widgets.tool_uploads import VARS_SETTING, too_large_command
from uncase_core.rag.cases import UNIT_KINDS
from uncase_core.rag.interchange import export_as_it_came, read_cases
from uncase_core.rag.promptfoo import guess_promptfoo_vars, promptfoo_var_keys, shape_of
from uncase_core.rag.sources import JUDGE_SCORES_KEY, RECORD_KEYS

DATA = ROOT / "tests" / "data" / "interchange"
RUN = read_cases((DATA / "deepeval_test_run_en.json").read_bytes()).dataset
LOADED = {"en": f"Loaded {len(RUN.cases)} cases", "es": f"Se cargaron {len(RUN.cases)} casos"}
READ_AS = {"en": f"Read {len(RUN.cases)} cases from DeepEval test cases or goldens",
           "es": f"Se leyeron {len(RUN.cases)} casos de casos de prueba o goldens de DeepEval"}
KEPT = {"en": "never as hand labels", "es": "nunca como etiquetas manuales"}


def _page(lang: str):
    at = open_rag_page()
    if lang != "en":
        at.sidebar.radio(key="language_widget").set_value(lang).run()
    return at


def _upload(at, name: str):
    at.sidebar.file_uploader(key="rag_upload").set_value((name, (DATA / name).read_bytes(), "application/json"))
    return at.run()


def _infos(at) -> list[str]:
    return [shown(info.value) for info in at.info]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_deepeval_run_loads_with_its_note_and_judge_scores_beside_the_cases(lang):
    at = _upload(_page(lang), "deepeval_test_run_en.json")
    assert not at.exception, [e.value for e in at.exception]
    note = next(text for text in _infos(at) if LOADED[lang] in text)
    assert READ_AS[lang] in note and KEPT[lang] in note and "Faithfulness" in note
    stored = workspace(at).data(data_kinds.RAG)
    assert stored == RUN
    scores = stored.cases[0].extra[JUDGE_SCORES_KEY]
    assert scores[0]["metric"] == "Faithfulness"
    # Judge scores are never hand labels: every unit of an imported run is unlabelled.
    assert all(value is None for case in stored.cases for kind in UNIT_KINDS for unit in case.units(kind)
               for value in unit.labels.values())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_promptfoo_file_asks_for_its_vars_then_loads_and_remembers(lang):
    at = _page(lang)
    before = workspace(at).data(data_kinds.RAG) if workspace(at).has(data_kinds.RAG) else None
    at = _upload(at, "promptfoo_results_en.json")
    assert not at.exception, [e.value for e in at.exception]
    boxes = [box for box in at.sidebar.selectbox if box.key and box.key.startswith("rag_promptfoo_")]
    assert [box.value for box in boxes] == ["query", "context", "expected", ""]  # the core's guess; the output
    assert (workspace(at).data(data_kinds.RAG) if workspace(at).has(data_kinds.RAG) else None) == before
    reference = next(box for box in boxes if box.key.startswith("rag_promptfoo_reference"))
    reference.set_value("").run()  # "(none)"
    at.sidebar.button(key="rag_promptfoo_load").click().run()
    assert not at.exception, [e.value for e in at.exception]
    stored = workspace(at).data(data_kinds.RAG)
    data = (DATA / "promptfoo_results_en.json").read_bytes()
    assert stored == read_cases(data, "promptfoo_results_en.json", "promptfoo",
                                {"question": "query", "context": "context", "reference": None}).dataset
    assert all(not case.reference_facts for case in stored.cases)
    assert any("vars.query" in text for text in _infos(at))
    shape = shape_of(("query", "context", "expected"))
    assert workspace(at).setting(VARS_SETTING)[shape] == {"question": "query", "context": "context",
                                                          "reference": None, "answer": None}
    assert not [box for box in at.sidebar.selectbox if box.key and box.key.startswith("rag_promptfoo_")]


def test_the_remembered_promptfoo_mapping_prefills_the_boxes_for_a_file_of_the_same_shape():
    at = open_rag_page()
    workspace(at).set_settings({VARS_SETTING: {shape_of(("query", "context", "expected")): {
        "question": "expected", "context": None, "reference": "query"}}})
    at = _upload(at, "promptfoo_results_es.json")
    boxes = [box for box in at.sidebar.selectbox if box.key and box.key.startswith("rag_promptfoo_")]
    assert [box.value for box in boxes] == ["expected", "", "query", ""]


def test_a_parquet_upload_is_offered_and_read():
    at = open_rag_page()
    assert "parquet" in "".join(at.sidebar.file_uploader(key="rag_upload").allowed_type)
    at.sidebar.file_uploader(key="rag_upload").set_value(
        ("ragas_results_en.parquet", (DATA / "ragas_results_en.parquet").read_bytes(), "application/octet-stream"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(workspace(at).data(data_kinds.RAG).cases) == 3
    assert any("parquet" in text for text in _infos(at))


def test_a_file_above_the_limit_is_refused_naming_import_cases_in_the_readers_language():
    data = (DATA / "ragas_results_en.parquet").read_bytes()
    assert too_large_command(data, "big.parquet") == "python -m uncase_core import-cases FILE"
    assert too_large_command(b'{"cases": []}', "big.json") == LIMITS["rag"].command
    big = (DATA / "deepeval_goldens_en.json").read_text(encoding="utf-8")
    big = big.replace('"input"', '"input"' + " " * (LIMITS["rag"].upload_bytes + 10), 1)
    for lang, words in (("en", "For larger files use the command line"), ("es", "Para archivos mayores usa")):
        at = _page(lang)
        at.sidebar.file_uploader(key="rag_upload").set_value(("big.json", big.encode("utf-8"), "application/json"))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        errors = [shown(error.value) for error in at.error]
        assert any("import-cases FILE" in text and "big.json" in text and words in text for text in errors), errors


def _same_cases(back, cases):
    """The cases read back, but for the record of the tool a case did not come from (a new one is made)."""
    def strip(case):
        return replace(case, extra={k: v for k, v in case.extra.items() if k not in RECORD_KEYS.values()})
    return [(c.id, c.question, [c.units(kind) for kind in UNIT_KINDS]) for c in map(strip, back)] == [
        (c.id, c.question, [c.units(kind) for kind in UNIT_KINDS]) for c in map(strip, cases)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_download_reads_back_as_the_same_cases(lang):
    at = _upload(_page(lang), "deepeval_test_run_en.json")
    stored = workspace(at).data(data_kinds.RAG)
    buttons = {button.key: button for button in at.sidebar.get("download_button") if button.key}
    for key, target in TARGETS.items():
        assert f"rag_export_{key}" in buttons, sorted(buttons)
        data = target.build(stored, lang, False)
        name = file_name("deepeval_test_run_en", key)
        if key == "label_studio_config":
            assert data.startswith(b"<View>") and (b"Pregunta" in data) == (lang == "es")
            continue
        back = read_cases(data, name).dataset
        assert _same_cases(back.cases, stored.cases), key
        if key == "deepeval":  # the tool it came from: every field, score and kept key as it was
            assert back.cases == stored.cases


@pytest.mark.parametrize(("name", "fmt"), [("promptfoo_results_es.json", "promptfoo"),
                                           ("ragas_results_es.parquet", "ragas")])
def test_the_room_reads_another_tools_file_with_the_guessed_mapping(name, fmt):
    data = (DATA / name).read_bytes()
    variables = guess_promptfoo_vars(promptfoo_var_keys(data)) if fmt == "promptfoo" else None
    expected = read_cases(data, name, fmt, variables).dataset
    at = open_room_page()
    at.radio(key="room_new_source").set_value("upload").run()
    assert "parquet" in "".join(at.file_uploader(key="room_new_upload").allowed_type)
    at.file_uploader(key="room_new_upload").set_value((name, (DATA / name).read_bytes(), "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    loaded = at.session_state["room_new_dataset"]
    assert loaded.data == expected and loaded.meta["imported"] == fmt


@pytest.mark.parametrize(("name", "lang"), [("deepeval_test_run_en.json", "en"), ("ragas_results_es.parquet", "es")])
def test_the_judge_scores_a_file_came_with_reach_the_judge_page(name, lang):
    from tests.pages.test_judge_page import opened, upload
    from uncase_core.judge.imports import stored_case_scores

    data = (DATA / name).read_bytes()
    expected = stored_case_scores(read_cases(data, name).dataset)
    at = upload(opened(lang), "judge_upload", name, data)
    assert not at.exception, [e.value for e in at.exception]
    assert at.radio(key="judge_mode").value == "ragas"  # the case is the unit, scored by the file's own judge
    dimension = at.selectbox(key="judge_dimension")
    assert len(dimension.options) == len(expected.columns)
    infos = " ".join(shown(info.value) for info in at.info)
    assert any(metric in infos for metric in expected.columns.values()), infos  # the file's own metric, named


ENGLISH_IN_NOTES = ("its sentences", "hand labels", "judge verdicts", "the case", "more)", "(faithfulness)",
                    "(context_relevance)", "(correctness)", "(coverage)", "→ question", "→ passages")


@pytest.mark.parametrize("name", ["deepeval_test_run_en.json", "ragas_results_es.csv", "label_studio_export_es.json"])
def test_the_spanish_import_note_words_our_side_in_spanish_and_the_files_keys_as_they_are(name):
    """The mapped and judge-score notes carry their targets and dimensions as codes, worded by the page."""
    at = _upload(_page("es"), name)
    assert not at.exception, [e.value for e in at.exception]
    note = next(text for text in _infos(at) if "Correspondencia" in text)
    assert "→ pregunta" in note or "→ el caso" in note, note
    if "label_studio" not in name:
        assert "(Fidelidad)" in note, note
    assert not [word for word in ENGLISH_IN_NOTES if word in note], note


def test_a_long_list_of_kept_columns_says_how_many_more_in_the_readers_language():
    columns = [f"extra_{i:02d}" for i in range(15)]
    header = "user_input,response," + ",".join(columns)
    row = "q?,a.," + ",".join("x" for _ in columns)
    for lang, more in (("en", "(and 3 more)"), ("es", "(y 3 más)")):
        at = _page(lang)
        at.sidebar.file_uploader(key="rag_upload").set_value(("wide.csv", f"{header}\n{row}\n".encode(), "text/csv"))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        note = next(text for text in _infos(at) if "extra_00" in text)
        assert more in note and "extra_11" in note and "extra_12" not in note, note


@pytest.mark.parametrize(("lang", "name", "label"), [
    ("en", "ragas_results_en.parquet", "As it came: RAGAS rows (Parquet), labels added"),
    ("es", "deepeval_goldens_es.csv", "Como llegó: Casos de prueba de DeepEval (CSV), con las etiquetas"),
])
def test_the_first_download_gives_the_file_back_as_it_came(lang, name, label):
    """A Parquet goes back as Parquet, a DeepEval CSV as a DeepEval CSV (issue 38), with the labels set here."""
    at = _upload(_page(lang), name)
    assert not at.exception, [e.value for e in at.exception]
    buttons = {button.key: button for button in at.sidebar.get("download_button") if button.key}
    first = buttons["rag_export_as_it_came"]
    assert first.proto.label == label
    assert first.proto.id.endswith("rag_export_as_it_came")
    stored = workspace(at).data(data_kinds.RAG)
    exported = export_as_it_came(stored)
    assert exported.extension == "." + name.rsplit(".", 1)[1]
    assert read_cases(exported.data, name).dataset.cases == stored.cases


def test_cases_of_our_own_offer_no_as_it_came_download():
    at = open_rag_page()
    assert "rag_export_as_it_came" not in {b.key for b in at.sidebar.get("download_button")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_imported_judge_scores_show_beside_the_hand_labels_with_the_judge_page_a_click_away(lang):
    """Issue 38: a DeepEval run's metric scores were kept and exported but never shown on the RAG page."""
    at = _upload(_page(lang), "deepeval_test_run_en.json")
    assert not at.exception, [e.value for e in at.exception]
    title = next(m for m in at.markdown if translate(lang, "rag.judge.title") in m.value)
    assert title is not None
    table = next(frame.value for frame in at.dataframe if translate(lang, "rag.judge.metric") in frame.value.columns)
    case = workspace(at).data(data_kinds.RAG).cases[0]
    assert list(table[translate(lang, "rag.judge.metric")]) == [score["metric"]
                                                              for score in case.extra[JUDGE_SCORES_KEY]]
    faithfulness = table[table[translate(lang, "rag.judge.metric")] == "Faithfulness"].iloc[0]
    assert faithfulness[translate(lang, "rag.judge.dimension")] == translate(lang, "metric.faithfulness")
    assert faithfulness[translate(lang, "rag.judge.hand")] == "N/A"  # nothing labelled by hand yet
    assert translate(lang, "rag.judge.note") in [c.value for c in at.caption]
    assert any(link.label == translate(lang, "rag.judge.link") for link in at.get("page_link"))


def test_cases_without_judge_scores_show_no_judge_table():
    at = open_rag_page()
    assert not [m for m in at.markdown if translate("en", "rag.judge.title") in m.value]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_downloads_offer_a_csv_for_a_spreadsheet_off_by_default(lang):
    at = _upload(_page(lang), "deepeval_goldens_en.csv")
    assert not at.exception, [e.value for e in at.exception]
    box = at.sidebar.checkbox(key="rag_export_spreadsheet")
    assert box.value is False and box.label == translate(lang, "rag.export.spreadsheet")
    assert "'" in translate(lang, "rag.export.spreadsheet_help")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_after_an_upload_the_sidebar_names_the_file_not_a_scenario(lang):
    at = _upload(_page(lang), "deepeval_goldens_en.csv")
    assert not at.exception, [e.value for e in at.exception]
    captions = [shown(caption.value) for caption in at.sidebar.caption]
    assert translate(lang, "rag.upload_shown", name="deepeval_goldens_en.csv") in captions, captions
    box = at.sidebar.selectbox(key="rag_scenario_choice")
    assert box.label == translate(lang, "rag.scenario_instead") != translate(lang, "common.scenario")
