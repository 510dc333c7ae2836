"""Annotator agreement in AppTest: the built-in pair, per-label views, uploads and bad files; both annotators'
labels edited on the page (lesson 8), stored, reset, kept across a reload and a language switch."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from tests.pages.apptest_helpers import captions, metric_values, open_app, reopen, shown, workspace
from ui.frame.data_kinds import AGREEMENT_B, AGREEMENT_PAIR, AGREEMENT_UPLOADED_PAIR
from ui.page_data.agreement import DIFFER, builtin_pair, case_rows, current_pair, original_pair, pair_cases
from uncase_core.agreement.edits import agreement_label, apply_agreement_edit
from uncase_core.agreement.pairs import agreement_from_bytes, match_labels
from uncase_core.assets.reader import ASSETS
from uncase_core.lessons.checks import Snapshot, check_params, run_check
from uncase_core.lessons.data import lesson_data
from uncase_core.rag.cases import dataset_from_bytes, dataset_to_text

PAGE = "app_pages/annotator_agreement.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def builtin(language: str = "en"):
    folder = ASSETS / "agreement"
    a, b = folder / f"annotator_a_{language}.json", folder / f"annotator_b_{language}.json"
    return a.read_bytes(), a.name, b.read_bytes(), b.name


def test_builtin_pair_shows_agreement_kappa_and_disagreements():
    at = open_page()
    matched = agreement_from_bytes(*builtin())
    result = matched.agreement()
    values = metric_values(at)
    assert values["Cohen's kappa"] == f"{result.kappa:.2f}"
    assert values["Raw agreement"] == f"{100 * result.agreement:.1f}%"
    assert float(values["Cohen's kappa"]) < result.agreement  # the lesson of the page
    assert f"**Disagreements ({len(matched.disagreements)})**" in [m.value for m in at.markdown] or any(
        s.value == f"Disagreements ({len(matched.disagreements)})" for s in at.header)
    table = next(d.value for d in at.dataframe if "A" in d.value.columns and "B" in d.value.columns)
    assert len(table) == len(matched.disagreements)
    assert any(f"{matched.only_a} labelled only by A" in c.value for c in at.caption)


def test_one_label_at_a_time():
    at = open_page()
    at.sidebar.selectbox(key="agr_field").set_value("relevant").run()
    assert not at.exception
    result = agreement_from_bytes(*builtin(), field="relevant").agreement()
    assert metric_values(at)["Cohen's kappa"] == ("N/A" if result.kappa is None else f"{result.kappa:.2f}")


def test_uploaded_files_are_compared_and_a_bad_one_is_named():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    assert not at.exception
    assert at.info
    data_a, name_a, data_b, name_b = builtin()
    at.sidebar.file_uploader(key="agr_upload_a").set_value((name_a, data_a, "application/json"))
    at.sidebar.file_uploader(key="agr_upload_b").set_value((name_b, data_b, "application/json"))
    at.run()
    assert not at.exception
    assert metric_values(at)["Cohen's kappa"] != "N/A"
    before = metric_values(at)
    at.sidebar.file_uploader(key="agr_upload_b").set_value(("b.json", b'[{"id": 1}]', "application/json"))
    at.run()
    assert not at.exception
    message = next(shown(e.value) for e in at.error if "b.json" in shown(e.value))
    # The message says the labels are unchanged, and they are: the result of the two good files stays.
    assert "unchanged" in message
    assert metric_values(at) == before


def test_identical_files_agree_fully():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    data_a, name_a, _, _ = builtin()
    at.sidebar.file_uploader(key="agr_upload_a").set_value((name_a, data_a, "application/json"))
    at.sidebar.file_uploader(key="agr_upload_b").set_value(("copy.json", data_a, "application/json"))
    at.run()
    assert not at.exception
    assert metric_values(at)["Raw agreement"] == "100.0%"
    assert metric_values(at)["Cohen's kappa"] == "1.00"
    assert "No disagreements." in [c.value for c in at.caption]


def test_spanish_page_uses_the_spanish_pair():
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Acuerdo entre anotadores"
    kappa = agreement_from_bytes(*builtin("es")).agreement().kappa
    assert metric_values(at)["Kappa de Cohen"] == f"{kappa:.2f}".replace(".", ",")


# ---------------------------------------------------------------- both annotators' labels, edited on the page

# Lesson 8's scripted solution, as (case position, {row: {annotator: label}}) in the built-in pair's tables with
# "All labels together": in retail-002, A's "no" on passage p2 (B said yes) becomes yes, and fact f3, which both
# marked "no", becomes "yes" for both; in retail-001, passage p3, which both marked "no", becomes "yes" for both.
RESOLVE = (1, {1: {"a": True}})
PUZZLE = ((1, {1: {"a": True}, 9: {"a": True, "b": True}}), (0, {2: {"a": True, "b": True}}))


def view(at):
    return at.session_state["agr_view"]


def choose_case(at, position: int):
    if at.selectbox(key="agr_case").value != position:
        at.selectbox(key="agr_case").set_value(position).run()
        assert not at.exception, [e.value for e in at.exception]
    return at


def edit_pair(at, case: int, edits: dict[int, dict[str, object]]):
    """Edit the label table of case ``case`` as the browser's data editor reports it (every edit made in the table
    since it was drawn)."""
    choose_case(at, case)
    at.session_state[view(at).editor_key(at.session_state["agr_field"])] = {
        "edited_rows": edits, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def label_table(at):
    return next(d.value for d in at.dataframe if "differ" in d.value.columns)


def expected_figures(pair, field=None, language="en"):
    """The metric cards as the page must show them for ``pair``: what uncase_core.agreement.pairs computes."""
    result = match_labels(*pair, field=field).agreement()
    raw, kappa, chance = (f"{100 * result.agreement:.1f}%", f"{result.kappa:.2f}",
                          f"{100 * result.expected_agreement:.1f}%")
    if language == "es":
        return {"Acuerdo bruto": raw.replace(".", ",").replace("%", "\u00a0%"),
                "Kappa de Cohen": kappa.replace(".", ","),
                "Acuerdo esperado por azar": chance.replace(".", ",").replace("%", "\u00a0%")}
    return {"Raw agreement": raw, "Cohen's kappa": kappa, "Agreement expected by chance": chance}


def edited(pair, script):
    """``pair`` with the scripted table edits applied through the core's records (not through the page)."""
    for case, rows in script:
        ref = pair_cases(pair)[case]
        table_rows = case_rows(pair, ref, "all")
        for row, sides in rows.items():
            for side, value in sides.items():
                unit = table_rows[row]
                record = agreement_label(pair, side, ref.a if side == "a" else ref.b, unit.kind,
                                               unit.position(side), unit.field, value)
                pair = apply_agreement_edit(pair, record)
    return pair


def snapshot(at):
    ws = workspace(at)
    return Snapshot(page="agreement", data=current_pair(ws), original=original_pair(ws), settings=ws.settings)


def test_an_edit_moves_agreement_and_kappa_by_what_the_core_computes():
    at = open_page()
    pair = builtin_pair("en")
    assert metric_values(at) == expected_figures(pair)
    assert list(label_table(at)["differ"]) == ["", "", "", "", "", "", "", "", ""]  # retail-001 agrees
    edit_pair(at, 0, {0: {"a": False}})  # A: passage p1 not relevant; B says it is
    after = edited(pair, [(0, {0: {"a": False}})])
    assert metric_values(at) == expected_figures(after) != expected_figures(pair)
    assert current_pair(workspace(at)) == after
    assert original_pair(workspace(at)) == pair
    assert label_table(at)["differ"].iloc[0] == DIFFER  # the mark follows the edit
    assert [dict(e) for e in workspace(at).edits(AGREEMENT_PAIR)] == [
        {"op": "label", "annotator": "a", "case": 0, "case_id": "retail-001", "kind": "passages", "unit": 0,
         "unit_id": "p1", "field": "relevant", "value": False}]
    disagreements = match_labels(*after).disagreements
    assert any(s.value == f"Disagreements ({len(disagreements)})" for s in at.header)
    assert "1 label changed from the files as loaded (Reset labels, in the sidebar, undoes it)." in captions(at)


def test_b_s_column_moves_one_label_at_a_time_too():
    at = open_page()
    at.sidebar.selectbox(key="agr_field").set_value("covered").run()
    table = label_table(at)
    assert set(table["label"]) == {"Covered"} and set(table["kind"]) == {"Fact"}
    edit_pair(at, 1, {1: {"b": True}})  # retail-002, fact f2: A said covered, B now agrees
    pair = builtin_pair("en")
    ref = pair_cases(pair)[1]
    row = case_rows(pair, ref, "covered")[1]
    after = apply_agreement_edit(pair, agreement_label(pair, "b", ref.b, row.kind, row.b, row.field,
                                                                   True))
    assert metric_values(at) == expected_figures(after, "covered") != expected_figures(pair, "covered")
    assert current_pair(workspace(at)) == after


def test_agreement_rises_while_kappa_falls_and_lesson_8_checks_it():
    at = open_page()
    pair = builtin_pair("en")
    before = match_labels(*pair).agreement()
    params = check_params("agreement_up_kappa_down", {})
    assert not run_check("agreement_up_kappa_down", params, snapshot(at)).passed  # nothing changed yet
    edit_pair(at, *RESOLVE)  # resolving a disagreement raises both
    resolved = match_labels(*edited(pair, [RESOLVE])).agreement()
    assert resolved.agreement > before.agreement and resolved.kappa > before.kappa
    result = run_check("agreement_up_kappa_down", params, snapshot(at))
    assert not result.passed and result.note.code == "kappa_not_lower"
    for case, rows in PUZZLE:
        edit_pair(at, case, rows)
    after = edited(pair, PUZZLE)
    figures = match_labels(*after).agreement()
    assert figures.agreement > before.agreement and figures.kappa < before.kappa
    assert figures.expected_agreement > before.expected_agreement  # "yes" is more common: chance rises faster
    shown = metric_values(at)
    assert shown == expected_figures(after)
    assert shown["Raw agreement"] == "87.2%" and shown["Cohen's kappa"] == "0.55"  # from 86.7% and 0.56
    assert current_pair(workspace(at)) == after
    result = run_check("agreement_up_kappa_down", params, snapshot(at))
    assert result.passed, result.note
    changed = run_check("labels_changed_only", check_params("labels_changed_only", {"at_least": 1}), snapshot(at))
    assert changed.passed and changed.note.params["changed"] == 5


def test_edits_survive_a_reload_and_a_language_switch():
    at = open_page()
    script = [(0, {2: {"b": True}}), (3, {0: {"b": True}, 5: {"a": False}})]
    for case, rows in script:
        edit_pair(at, case, rows)
    after_en = edited(builtin_pair("en"), script)
    shown = metric_values(at)
    assert shown == expected_figures(after_en)
    assert shown != expected_figures(builtin_pair("en")) and shown != expected_figures(builtin_pair("es"))
    again = reopen(at, PAGE)
    assert metric_values(again) == shown
    assert current_pair(workspace(again)) == after_en
    assert again.selectbox(key="agr_case").value == 3  # the case the person was on
    again.sidebar.radio(key="language_widget").set_value("es").run()
    assert not again.exception, [e.value for e in again.exception]
    after_es = edited(builtin_pair("es"), script)
    assert current_pair(workspace(again)) == after_es  # Spanish texts, the same labels changed
    assert metric_values(again) == expected_figures(after_es, language="es")
    assert label_table(again)["text"].iloc[0] == after_es[0].cases[3].passages[0].text
    assert original_pair(workspace(again)) == builtin_pair("es")
    spanish = reopen(again, PAGE)
    assert metric_values(spanish) == expected_figures(after_es, language="es")
    spanish.sidebar.radio(key="language_widget").set_value("en").run()
    assert metric_values(spanish) == shown and current_pair(workspace(spanish)) == after_en


def test_reset_puts_every_label_back():
    at = open_page()
    default = metric_values(at)
    assert next(b for b in at.sidebar.button if b.label == "Reset labels").disabled
    for case, rows in PUZZLE:
        edit_pair(at, case, rows)
    assert metric_values(at) != default
    next(b for b in at.sidebar.button if b.label == "Reset labels").click().run()
    assert any(w.value == "Discard every label you changed and go back to the loaded data?" for w in at.sidebar.warning)
    next(b for b in at.sidebar.button if b.label == "Discard").click().run()
    assert not at.exception
    assert metric_values(at) == default
    assert workspace(at).edits(AGREEMENT_PAIR) == ()
    assert current_pair(workspace(at)) == builtin_pair("en")
    assert metric_values(reopen(at, PAGE)) == default
    edit_pair(at, 0, {2: {"a": True}})  # the table works again after the reset
    assert metric_values(at) == expected_figures(edited(builtin_pair("en"), [(0, {2: {"a": True}})]))


def upload(at, side: str, name: str, data: bytes):
    at.sidebar.file_uploader(key=f"agr_upload_{side}").set_value((name, data, "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_uploaded_files_become_the_pair_to_edit():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    data_a, name_a, data_b, name_b = builtin("es")
    upload(upload(at, "a", name_a, data_a), "b", name_b, data_b)
    uploaded = (dataset_from_bytes(data_a, name_a), dataset_from_bytes(data_b, name_b))
    assert current_pair(workspace(at)) == uploaded
    script = [(0, {2: {"a": True, "b": True}}), (1, {1: {"a": True}})]
    for case, rows in script:
        edit_pair(at, case, rows)
    after = edited(uploaded, script)
    assert metric_values(at) == expected_figures(after)
    assert current_pair(workspace(at)) == after and original_pair(workspace(at)) == uploaded
    assert workspace(at).data(AGREEMENT_UPLOADED_PAIR) == after
    assert not workspace(at).has(AGREEMENT_PAIR)  # the built-in pair is untouched
    at.sidebar.radio(key="agr_source").set_value("builtin").run()
    assert metric_values(at) == expected_figures(builtin_pair("en"))
    assert current_pair(workspace(at)) == builtin_pair("en")
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    assert metric_values(at) == expected_figures(after)
    again = reopen(at, PAGE)
    assert metric_values(again) == expected_figures(after)
    assert current_pair(workspace(again)) == after  # read back from the store
    assert len(workspace(again).edits(AGREEMENT_UPLOADED_PAIR)) == 3


def test_a_new_upload_over_changed_labels_asks_first():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    data_a, name_a, data_b, name_b = builtin()
    upload(upload(at, "a", name_a, data_a), "b", name_b, data_b)
    edit_pair(at, 0, {2: {"a": True}})
    changed = metric_values(at)
    upload(at, "b", "copy_of_a.json", data_a)
    question = "Replace the data you are labelling with copy_of_a.json? The labels you changed in 1 of its cases"
    assert any(question in shown(w.value) for w in at.sidebar.warning)
    next(b for b in at.sidebar.button if b.label == "No, keep my labels").click().run()
    assert metric_values(at) == changed
    assert workspace(at).source(AGREEMENT_B) == (name_b, "upload")
    upload(at, "b", "copy_again.json", data_a)
    next(b for b in at.sidebar.button if b.label == "Yes, replace").click().run()
    assert not at.exception
    assert metric_values(at)["Raw agreement"] == "100.0%"  # A against itself, from its file as uploaded


def test_a_box_of_a_unit_one_file_lacks_is_not_kept():
    data_a, name_a, _, _ = builtin()
    pair = dataset_from_bytes(data_a, name_a)
    first = pair.cases[0]
    trimmed = replace(pair, cases=(first.with_units("passages", first.passages[:2]), *pair.cases[1:]))
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    upload(upload(at, "a", name_a, data_a), "b", "trimmed.json", dataset_to_text(trimmed).encode("utf-8"))
    shown_before = metric_values(at)
    assert label_table(at)["id"].iloc[2] == "p3" and pd.isna(label_table(at)["b"].iloc[2])
    edit_pair(at, 0, {2: {"b": True}})
    assert any("Annotator B's file has no unit p3 in case retail-001" in shown(w.value) for w in at.warning)
    assert metric_values(at) == shown_before
    assert not workspace(at).edits(AGREEMENT_UPLOADED_PAIR)
    edit_pair(at, 0, {2: {"a": True}})  # A's box of the same row is A's to change
    assert len(workspace(at).edits(AGREEMENT_UPLOADED_PAIR)) == 1


def test_a_case_only_one_file_has_locks_the_other_column():
    at = open_page()
    cases = pair_cases(builtin_pair("en"))
    position = next(i for i, ref in enumerate(cases) if ref.b is None)
    choose_case(at, position)
    assert f"Annotator B's file has no case {cases[position].id}: B's column cannot be changed here." in [
        shown(c.value) for c in at.caption]
    assert set(label_table(at)["b"].isna()) == {True}


def test_the_pair_kinds_read_back_what_they_write():
    pair = edited(builtin_pair("es"), PUZZLE)
    jsonl = (replace(pair[0], format="jsonl", extra={}), replace(pair[1], format="case", cases=pair[1].cases[:1],
                                                                   extra={}))
    for kind in (AGREEMENT_PAIR, AGREEMENT_UPLOADED_PAIR):
        for sample in (pair, jsonl):
            body, meta = kind.write(sample)
            assert kind.read(body, meta) == sample


def test_builtin_pair_is_the_lesson_s_data():
    for language in ("en", "es"):
        assert builtin_pair(language) == lesson_data("agreement", "builtin", language)
