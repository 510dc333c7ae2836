"""Compare two systems in AppTest, in both languages: the built-in pair's verdicts and counts as the core gives them,
labels changed in system B moving the table and the verdict, a pair of uploads whose case ids differ refused with
the ids named, and every label kept across a reload and a language switch."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.pages.apptest_helpers import captions, edit_labels, open_app, reopen, shown, workspace
from tests.pages.focus_keypad import pads, press
from ui.frame.data_kinds import COMPARE_PAIR, COMPARE_UPLOADED_PAIR
from ui.i18n import translate
from ui.page_data.compare import uploaded
from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.edits import apply_system_edit, system_label
from uncase_core.compare.systems import compare_systems
from uncase_core.rag.cases import RagDataset, dataset_to_text
from uncase_core.rag.evaluation import METRICS, Settings
from uncase_core.rag.interchange import export_cases

PAGE = "app_pages/compare_systems.py"


def builtin(lang: str = "en") -> tuple[RagDataset, RagDataset]:
    return load_system_pair(load_pair_index()[0], lang)


def open_page(lang: str = "en"):
    at = open_app()
    if lang != "en":
        at.sidebar.radio(key="language_widget").set_value(lang).run()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def number(value: float, lang: str, sign: bool = True) -> str:
    text = f"{value:+.2f}" if sign and round(value, 2) != 0 else f"{value:.2f}"
    return text.replace(".", ",") if lang == "es" else text


def dimension_name(name: str, lang: str) -> str:
    title = translate(lang, f"metric.{name}")
    return title[0].lower() + title[1:]


def verdicts(at) -> list[str]:
    """The verdict boxes, in the order of the cards (one per dimension)."""
    return [shown(box.value) for kind in ("success", "error", "info", "warning") for box in at.get(kind)
            if shown(box.value).startswith(("B ", "A ", "No ", "Ninguna", "No aplica", "Too few", "Muy pocos",
                                             "The corrected exact test", "La prueba exacta corregida"))]


def expected_verdicts(pair, lang: str) -> set[str]:
    result = compare_systems(*pair)
    return {shown(translate(lang, f"compare.verdict.{d.verdict.code}", dimension=dimension_name(name, lang),
                            discordant=d.verdict.discordant, needed=d.verdict.needed))
            for name, d in result.dimensions.items()}


def cells_line(paired, lang: str) -> str:
    return translate(lang, "compare.cells", pairs=paired.pairs, both=paired.both, only_a=paired.only_a,
                     only_b=paired.only_b, neither=paired.neither)


def shows_counts(at, pair, lang: str) -> None:
    """Each dimension's card shows the core's 2x2 counts and its difference with its paired interval."""
    result = compare_systems(*pair)
    texts = [shown(c) for c in captions(at)] + [shown(m.value) for m in at.markdown]
    level = "95%" if lang == "en" else "95\u00a0%"
    for d in result.dimensions.values():
        assert any(cells_line(d.paired, lang) in text for text in texts), (d.name, cells_line(d.paired, lang))
        difference = translate(lang, "compare.difference", difference=number(d.paired.difference, lang),
                               level=level, low=number(d.paired.low, lang), high=number(d.paired.high, lang))
        assert difference in texts, difference
    assert not any("NaN" in text for text in texts)


# ---------------------------------------------------------------- the built-in pair


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_builtin_pair_gives_the_cores_verdicts_and_counts(lang):
    at = open_page(lang)
    assert at.title[0].value == translate(lang, "compare.title")
    pair = builtin(lang)
    assert set(verdicts(at)) == expected_verdicts(pair, lang)
    # The pair is made so that B retrieves better and answers less faithfully (assets/compare/pairs.json).
    expected = load_pair_index()[0].expected_verdicts
    assert translate(lang, f"compare.verdict.{expected['faithfulness']}",
                     dimension=dimension_name("faithfulness", lang)) in verdicts(at)
    shows_counts(at, pair, lang)
    # One tab per dimension, each with its 2x2 table and its flipped cases.
    assert [tab.label for tab in at.tabs] == [translate(lang, f"metric.{n}") for n in METRICS]
    result = compare_systems(*pair, stratum="domain")
    tables = [frame.value for frame in at.dataframe]
    for name in METRICS:
        d = result.dimensions[name]
        # The 2x2 table's rows named in its first column (headed "A \\ B": an index column's header is empty).
        assert any(table.columns[0] == translate(lang, "compare.col.corner")
                   and list(table.iloc[:, 1:].to_numpy().ravel()) == [d.paired.both, d.paired.only_a,
                                                                       d.paired.only_b, d.paired.neither]
                   for table in tables)
    flips = result.dimensions["context_relevance"].flips
    assert any(len(table) == len(flips) and [f.case_id for f in flips] == list(table.iloc[:, 0]) for table in tables)
    # The strata by domain (the default field), one row per value.
    strata = [s.value for s in result.dimensions["faithfulness"].strata]
    assert any(len(table) == len(strata) and translate(lang, "compare.col.both") in table.columns
               for table in tables)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_dimension_declared_first_decides_the_verdicts_and_is_kept(lang):
    """Issue 48: declaring correctness first (2 cases differ, 6 needed alone) withholds it and leaves the other three
    not tested; the choice is stored in the workspace and comes back in a new session."""
    at = open_page(lang)
    at.sidebar.selectbox(key="cmp_primary").set_value("correctness").run()
    assert not at.exception, [e.value for e in at.exception]
    pair = builtin(lang)
    result = compare_systems(*pair, primary="correctness")
    codes = {name: d.verdict.code for name, d in result.dimensions.items()}
    assert codes["correctness"] == "withheld" and {codes[n] for n in METRICS if n != "correctness"} == {"not_tested"}
    texts = [shown(box.value) for kind in ("success", "error", "info", "warning") for box in at.get(kind)]
    for name, d in result.dimensions.items():
        assert shown(translate(lang, f"compare.verdict.{d.verdict.code}", dimension=dimension_name(name, lang),
                               discordant=d.verdict.discordant, needed=d.verdict.needed)) in texts, name
    assert workspace(at).setting("cmp_primary", None) == "correctness"
    assert reopen(at, PAGE).sidebar.selectbox(key="cmp_primary").value == "correctness"


def test_the_spanish_page_writes_decimal_commas_and_no_english():
    from tests.pages.spanish_render import texts as all_texts
    from ui.i18n import EN, ES

    at = open_page("es")
    texts = [(where, shown(text)) for where, text in all_texts(at)]
    assert any("B − A = +0,50 · intervalo del 95\u00a0%: +0,21 a +0,70" in text for _, text in texts)
    english = {EN[k] for k in EN if k.startswith(("compare.", "nav.compare")) and EN[k] != ES[k] and "{" not in EN[k]}
    leaks = [(where, text) for where, text in texts for phrase in english if phrase in text]
    assert leaks == []
    assert [(w, t) for w, t in texts if any(word in t for word in ("passes", "pairs", "interval ", "only B"))] == []


def test_the_pages_thresholds_and_confidence_decide_the_pass_fail_table():
    at = open_page()
    at.sidebar.select_slider(key="cmp_threshold_faithfulness").set_value(0.6).run()  # every case passes faithfulness
    at.sidebar.select_slider(key="cmp_confidence").set_value(0.8).run()
    assert not at.exception, [e.value for e in at.exception]
    settings = Settings.build({"faithfulness": 0.6}, confidence=0.8)
    result = compare_systems(*builtin("en"), settings)
    assert result.dimensions["faithfulness"].paired.only_a != compare_systems(*builtin("en")).dimensions[
        "faithfulness"].paired.only_a
    texts = [shown(c) for c in captions(at)]
    for d in result.dimensions.values():
        assert any(cells_line(d.paired, "en") in text for text in texts)
    coverage = result.dimensions["coverage"].paired
    assert translate("en", "compare.difference", difference=number(coverage.difference, "en"), level="80%",
                     low=number(coverage.low, "en"), high=number(coverage.high, "en")) in [shown(m.value)
                                                                                     for m in at.markdown]
    # The RAG page's thresholds are not this page's.
    assert workspace(at).setting("rag_threshold_coverage") is None


# ---------------------------------------------------------------- labels changed in system B


def correctness_failures(pair, count: int):
    """``count`` labels of system B (case position, claim row) whose change to "incorrect" makes B fail
    correctness in a case where both systems passed: each one moves a case from "both" to "only A"."""
    result = compare_systems(*pair)
    found = []
    for i, case in enumerate(result.cases):
        if not (case.passes_a["correctness"] and case.passes_b["correctness"]):
            continue
        for row, claim in enumerate(pair[1].cases[i].claims):
            if claim.label("correct") is True:
                changed = apply_system_edit(pair, system_label(pair, "b", i, "claims", row, "correct", False))
                if compare_systems(*changed).cases[i].passes_b["correctness"] is False:
                    found.append((i, row))
                    break
        if len(found) == count:
            return found
    raise AssertionError("the built-in pair has no such labels")


def label_b(at, case: int, row: int) -> None:
    """Show system B's case ``case`` and mark claim ``row`` incorrect, as the browser's data editor reports it."""
    if at.radio(key="cmp_system").value != "b":
        at.radio(key="cmp_system").set_value("b").run()
    if at.selectbox(key="cmp_case").value != case:
        at.selectbox(key="cmp_case").set_value(case).run()
    assert not at.exception, [e.value for e in at.exception]
    edit_labels(at, "claims", {row: {"correct": False}})


@pytest.mark.parametrize("lang", ["en", "es"])
def test_labels_changed_in_b_move_the_table_and_the_verdict(lang):
    at = open_page(lang)
    pair = builtin(lang)
    before = compare_systems(*pair).dimensions["correctness"]
    assert before.verdict.code == "withheld"  # two cases differ: too few for any verdict (issue 36)
    for step, (case, row) in enumerate(correctness_failures(pair, 6), 1):
        label_b(at, case, row)
        pair = apply_system_edit(pair, system_label(pair, "b", case, "claims", row, "correct", False))
        now = compare_systems(*pair).dimensions["correctness"]
        assert (now.paired.both, now.paired.only_a) == (before.paired.both - step, before.paired.only_a + step)
        assert set(verdicts(at)) == expected_verdicts(pair, lang)
        shows_counts(at, pair, lang)
        assert workspace(at).data(COMPARE_PAIR) == pair  # every change is an edit record in the workspace
        if step == 2:  # four cases that only A passes: still too few (Newcombe's interval alone called it clear)
            assert now.verdict.code == "withheld"
    # Six more cases that only A passes, eight in all: the exact test, corrected for four dimensions, calls it.
    assert now.verdict.code == "a_better"
    assert translate(lang, "compare.verdict.a_better", dimension=dimension_name("correctness", lang)) in verdicts(at)
    assert [edit["system"] for edit in workspace(at).edits(COMPARE_PAIR)] == ["b"] * 6


def test_a_reload_and_a_language_switch_keep_every_label():
    at = open_page()
    pair = builtin("en")
    (case, row), = correctness_failures(pair, 1)
    label_b(at, case, row)
    labelled = workspace(at).data(COMPARE_PAIR)
    again = reopen(at, PAGE)
    assert workspace(again).data(COMPARE_PAIR) == labelled
    assert again.radio(key="cmp_system").value == "b" and again.selectbox(key="cmp_case").value == case
    shows_counts(again, labelled, "en")
    # The built-in pair follows the language with the label kept.
    again.sidebar.radio(key="language_widget").set_value("es").run()
    assert not again.exception, [e.value for e in again.exception]
    spanish = workspace(again).data(COMPARE_PAIR)
    assert spanish[1].cases[case].claims[row].label("correct") is False
    assert spanish[1].cases[case].question == builtin("es")[1].cases[case].question
    shows_counts(again, spanish, "es")


def test_reset_takes_both_systems_back_to_the_pair_as_loaded():
    at = open_page()
    (case, row), = correctness_failures(builtin("en"), 1)
    label_b(at, case, row)
    next(b for b in at.sidebar.button if b.label == translate("en", "common.reset")).click().run()
    next(b for b in at.sidebar.button if b.label == translate("en", "common.reset_yes")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert workspace(at).data(COMPARE_PAIR) == builtin("en") and not workspace(at).edits(COMPARE_PAIR)
    shows_counts(at, builtin("en"), "en")


# ---------------------------------------------------------------- two uploads


def upload(at, side: str, name: str, dataset: RagDataset) -> None:
    at.sidebar.file_uploader(key=f"cmp_upload_{side}").set_value(
        (name, dataset_to_text(dataset).encode("utf-8"), "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_uploads_whose_case_ids_differ_are_refused_with_the_ids_named(lang):
    at = open_page(lang)
    at.sidebar.radio(key="cmp_source").set_value("upload").run()
    assert [shown(i.value) for i in at.info] == [translate(lang, "compare.upload_both")]
    a, b = builtin(lang)
    renamed = replace(b, cases=(replace(b.cases[0], id="renamed-01"), *b.cases[1:]))
    upload(at, "a", "a.json", a)
    upload(at, "b", "b.json", renamed)
    message = next(shown(e.value) for e in at.error if "a.json · b.json" in shown(e.value))
    only_a, only_b = ("only in A", "only in B") if lang == "en" else ("solo en A", "solo en B")
    assert f'{only_a} (1): "{a.cases[0].id}"' in message and f'{only_b} (1): "renamed-01"' in message
    assert not verdicts(at) and not at.tabs  # nothing is compared
    # The right file for B: the pair is compared, and a label changed on it is kept across a reload.
    upload(at, "b", "b.json", b)
    assert not [e for e in at.error if "b.json" in shown(e.value)]
    assert set(verdicts(at)) == expected_verdicts((a, b), lang)
    (case, row), = correctness_failures((a, b), 1)
    label_b(at, case, row)
    stored = workspace(at).data(COMPARE_UPLOADED_PAIR)
    assert stored == apply_system_edit((a, b), system_label((a, b), "b", case, "claims", row, "correct", False))
    again = reopen(at, PAGE)
    assert again.sidebar.radio(key="cmp_source").value == "upload"
    assert workspace(again).data(COMPARE_UPLOADED_PAIR) == stored
    shows_counts(again, stored, lang)
    # The comparison and each system's labelled cases can be downloaded.
    labels = [d.label for d in again.sidebar.get("download_button")]
    own = [translate(lang, f"compare.download_{what}") for what in ("json", "a", "b")]
    assert [label for label in labels if label in own] == own
    # ... and each system's for the other tools (tests/pages/test_other_tool_downloads.py reads them back).
    deepeval_json = translate(lang, "rag.export.target", format=translate(lang, "rag.export.tool.deepeval"),
                              kind="JSON")
    assert labels.count(deepeval_json) == 2


def _focus_press(at, side: str, action: str):
    assert pads(at)[0][0].proto.id.endswith(f"cmp_{side}_focus_pad")  # the shown system's keypad
    return press(at, action)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_focus_mode_labels_either_system_and_the_verdicts_follow_each_key(lang):
    """Focus mode on the compare page: keys label the shown system through its own records, B's file in another
    order than A's is found by case id, the verdicts follow each key (a full run), and a reload keeps it all."""
    at = open_page("en")
    a, b = builtin("en")
    at.sidebar.radio(key="cmp_source").set_value("upload").run()
    reordered = replace(b, cases=tuple(reversed(b.cases)))
    upload(at, "a", "a.json", a)
    upload(at, "b", "b.json", reordered)
    if lang != "en":
        at.sidebar.radio(key="language_widget").set_value(lang).run()
    next(btn for btn in at.button if btn.key == "cmp_label_view_focus").click().run()
    assert not at.exception, [e.value for e in at.exception]
    at.radio(key="cmp_system").set_value("b").run()
    first = a.cases[0]
    expected = reordered.cases[len(b.cases) - 1].passages[0].label("relevant")
    assert first.id == reordered.cases[-1].id
    flipped = not expected if expected is not None else False
    _focus_press(at, "b", "no" if flipped is False else "yes")
    stored_a, stored_b = workspace(at).data(COMPARE_UPLOADED_PAIR)
    case_b = next(case for case in stored_b.cases if case.id == first.id)
    assert case_b.passages[0].label("relevant") is flipped  # the case on screen, found by its id in B's file
    assert stored_a == a  # A untouched
    pair_now = (stored_a, stored_b)
    assert set(verdicts(at)) == expected_verdicts(pair_now, lang)  # the verdicts of this very label
    _focus_press(at, "b", "undo")
    assert workspace(at).data(COMPARE_UPLOADED_PAIR)[1] == reordered
    _focus_press(at, "b", "no" if flipped is False else "yes")
    again = reopen(at, PAGE)
    assert workspace(again).data(COMPARE_UPLOADED_PAIR) == pair_now
    assert pads(again)[0][0].proto.id.endswith("cmp_b_focus_pad")  # the view and system chosen are kept


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_reads_every_format_the_rag_page_reads_even_its_own_deepeval_download(lang):
    """Issue 38: the compare page refused DeepEval JSON, even its own export (``cases[0]: missing "id"``). Each
    system's file goes through the RAG page's reader: here A as DeepEval JSON and B as RAGAS Parquet, both written
    by this page's downloads, and the pair is compared with the import notes under each box."""
    at = open_page(lang)
    at.sidebar.radio(key="cmp_source").set_value("upload").run()
    a, b = builtin(lang)
    for side, name, data in (("a", "a-deepeval.json", export_cases(a, "deepeval")),
                             ("b", "b-ragas.parquet", export_cases(b, "ragas", kind="parquet"))):
        at.sidebar.file_uploader(key=f"cmp_upload_{side}").set_value((name, data, "application/octet-stream"))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
    refused = [shown(e.value) for e in at.error if "deepeval.json" in shown(e.value) or ".parquet" in shown(e.value)]
    assert not refused, refused
    stored = tuple(uploaded(workspace(at), side)[0] for side in ("a", "b"))
    assert [case.id for case in stored[0].cases] == [case.id for case in a.cases]
    assert [case.id for case in stored[1].cases] == [case.id for case in b.cases]
    assert set(verdicts(at)) == expected_verdicts(stored, lang)
    captions = [shown(c.value) for c in at.sidebar.caption]
    loaded = translate(lang, "rag.import.loaded", count=len(a.cases))
    assert sum(loaded in caption for caption in captions) == 1  # the DeepEval file's note
    assert any(translate(lang, "rag.ragas_imported", count=len(b.cases)) in caption for caption in captions)
