"""The agreement page's data without Streamlit (ui.page_data.agreement): the stored pair per source, what the lesson
runner reads (current_pair, original_pair), the label table's rows, and table edits turned into records."""

from __future__ import annotations

import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B, AGREEMENT_PAIR, AGREEMENT_UPLOADED_PAIR
from ui.frame.workspace import Workspace
from ui.page_data.agreement import (
    AgreementView,
    builtin_pair,
    case_rows,
    changed_labels,
    current_pair,
    original_pair,
    pair_cases,
    row_labels,
    rows_frame,
)
from ui.page_data.stored_pair import changed_cases
from uncase_core.agreement.edits import agreement_label, apply_agreement_edit
from uncase_core.agreement.pairs import FIELDS, match_labels
from uncase_core.assets.reader import ASSETS
from uncase_core.errors import InputError
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store

PAIR = builtin_pair("en")


@pytest.fixture(scope="module")
def store():
    store = open_store(f"sqlite:///{tempfile.mkdtemp(prefix='uncase-agr-')}/store.db")
    yield store
    store.engine.dispose()


def table_edit(view: AgreementView, state: dict, rows: dict[int, dict[str, object]], field: str = "all") -> list:
    """What the page does when the table at ``view``'s case reports new edits ``rows``: like the browser's editor,
    the report in ``state`` (the session state) holds every edit made in that table since it was drawn."""
    key = view.editor_key(field)
    view.editor_table(field, has_widget_state=key in state)
    report = {row: dict(cells) for row, cells in (state.get(key) or {}).get("edited_rows", {}).items()}
    for row, cells in rows.items():
        report[row] = {**report.get(row, {}), **cells}
    state[key] = {"edited_rows": report, "added_rows": [], "deleted_rows": []}
    return view.apply_editor_states(state, field)


def upload(workspace: Workspace, kind, path) -> None:
    workspace.replace(kind, path.read_text(encoding="utf-8"), path.name, "upload")


# ---------------------------------------------------------------- rows


def test_the_rows_of_every_case_are_the_labels_the_core_matches():
    """Across all cases, the rows where both annotators gave a label are exactly match_labels' pairs, with the
    same labels; every label of either file has a row."""
    for field in (None, *FIELDS):
        rows = [(ref, row) for ref in pair_cases(PAIR) for row in case_rows(PAIR, ref, field or "all")]
        both = [(ref.id, row.kind, row.unit_id, row.field, *row_labels(PAIR, ref, row)) for ref, row in rows
                if None not in row_labels(PAIR, ref, row)]
        assert both == [(p.case, p.kind, p.unit, p.field, p.a, p.b) for p in match_labels(*PAIR, field).pairs]
        given = sum(label is not None for ref, row in rows for label in row_labels(PAIR, ref, row))
        matched = match_labels(*PAIR, field)
        assert given == 2 * len(matched.pairs) + matched.only_a + matched.only_b


def test_a_case_only_one_file_has_is_listed_with_none_on_the_other_side():
    refs = pair_cases(PAIR)
    assert [ref.id for ref in refs] == [case.id for case in PAIR[0].cases]
    missing = [ref for ref in refs if ref.b is None]
    assert [ref.id for ref in missing] == ["banking-011"]
    rows = case_rows(PAIR, missing[0], "all")
    assert rows and all(row_labels(PAIR, missing[0], row)[1] is None for row in rows)
    swapped = pair_cases((PAIR[1], PAIR[0]))
    assert swapped[-1].id == "banking-011" and swapped[-1].a is None  # B-only cases come last


def test_the_table_marks_disagreements_and_translates_kind_and_label():
    ref = pair_cases(PAIR)[1]  # retail-002: passage p2 (no, yes), claim c2 supported (yes, not labelled)
    rows = case_rows(PAIR, ref, "all")
    frame = rows_frame(PAIR, ref, rows, "es")
    assert list(frame.columns) == ["a", "b", "differ", "id", "kind", "label", "text"]
    marks = [row_labels(PAIR, ref, row) for row in rows]
    assert list(frame["differ"]) == ["≠" if None not in m and m[0] != m[1] else "" for m in marks]
    assert frame["differ"].iloc[1] == "≠" and frame["differ"].iloc[5] == ""  # a label only A gave is no disagreement
    assert frame["kind"].iloc[0] == "Pasaje" and list(frame["label"].iloc[3:5]) == ["Respaldada", "Correcta"]
    assert str(frame["a"].dtype) == "boolean" and frame["b"].isna().iloc[5]


# ---------------------------------------------------------------- what the lesson runner reads


def test_the_builtin_pair_is_stored_with_the_first_edit_and_read_back(store):
    workspace = Workspace.create(store, {"language": "en"})
    assert current_pair(workspace) == original_pair(workspace) == PAIR
    view = AgreementView(workspace, "builtin", "en")
    assert table_edit(view, {}, {2: {"a": True, "b": True}}) == []
    expected = apply_agreement_edit(PAIR, agreement_label(PAIR, "a", 0, "passages", 2, "relevant", True))
    expected = apply_agreement_edit(expected, agreement_label(expected, "b", 0, "passages", 2, "relevant",
                                                                          True))
    assert current_pair(workspace) == expected and original_pair(workspace) == PAIR
    again = Workspace.open(store, workspace.token)
    assert current_pair(again) == expected and original_pair(again) == PAIR
    assert again.loaded_at(AGREEMENT_PAIR) == 0  # the page's default, stored with the first edit
    assert changed_labels(PAIR, expected) == 2 and changed_cases(PAIR, expected) == 1


def test_the_pair_follows_the_source_setting_and_a_spanish_workspace(store):
    workspace = Workspace.create(store, {"language": "es"})
    assert current_pair(workspace) == builtin_pair("es")
    workspace.set_settings({"agr_source": "upload"})
    assert current_pair(workspace) is None and original_pair(workspace) is None  # nothing uploaded yet
    upload(workspace, AGREEMENT_A, ASSETS / "agreement" / "annotator_a_en.json")
    assert current_pair(workspace) is None
    upload(workspace, AGREEMENT_B, ASSETS / "agreement" / "annotator_b_es.json")
    assert current_pair(workspace) == (PAIR[0], builtin_pair("es")[1])
    workspace.set_settings({"agr_source": "something else"})
    assert current_pair(workspace) == builtin_pair("es")


def test_uploads_are_stored_as_a_pair_with_the_first_edit_and_a_new_file_starts_again(store):
    workspace = Workspace.create(store, {"language": "en", "agr_source": "upload"})
    upload(workspace, AGREEMENT_A, ASSETS / "agreement" / "annotator_a_en.json")
    upload(workspace, AGREEMENT_B, ASSETS / "agreement" / "annotator_b_en.json")
    view = AgreementView(workspace, "upload", "en")
    assert not workspace.has(AGREEMENT_UPLOADED_PAIR) and not view.changed
    table_edit(view, {}, {0: {"b": False}})
    assert workspace.source(AGREEMENT_UPLOADED_PAIR) == ("annotator_a_en.json + annotator_b_en.json", "upload")
    edited = current_pair(workspace)
    assert edited[1].cases[0].passages[0].label("relevant") is False and original_pair(workspace) == PAIR
    assert AgreementView(workspace, "upload", "en").changed_cases() == 1
    # Another file B: the pair it makes is shown, from its own labels; the stored one is not.
    other = builtin_pair("es")[1]
    workspace.replace(AGREEMENT_B, dataset_to_text(other), "b.json", "upload")
    assert current_pair(workspace) == (PAIR[0], other) == original_pair(workspace)
    assert AgreementView(workspace, "upload", "en").changed_cases() == 0
    # The same file B again: its changed labels are back.
    workspace.replace(AGREEMENT_B, (ASSETS / "agreement" / "annotator_b_en.json").read_text(encoding="utf-8"),
                      "annotator_b_en.json", "upload")
    assert current_pair(workspace) == edited
    # A file that is not a RAG dataset: nothing to show, and the view names the file.
    workspace.replace(AGREEMENT_A, '{"id": 1}', "broken.json", "upload")
    assert current_pair(workspace) is None
    with pytest.raises(InputError, match=r"broken\.json"):
        _ = AgreementView(workspace, "upload", "en").pair


def test_reset_and_language_follow_the_stored_pair(store):
    workspace = Workspace.create(store, {"language": "en"})
    view = AgreementView(workspace, "builtin", "en")
    table_edit(view, {}, {0: {"a": False}})
    assert view.changed
    spanish = builtin_pair("es")
    assert workspace.translate(AGREEMENT_PAIR, spanish, "es")
    workspace.set_settings({"language": "es"})
    assert current_pair(workspace)[0].cases[0].passages[0].label("relevant") is False
    assert current_pair(workspace)[0].cases[0].passages[0].text == spanish[0].cases[0].passages[0].text
    AgreementView(workspace, "builtin", "es").reset()
    assert current_pair(workspace) == spanish == original_pair(workspace)
    assert not AgreementView(workspace, "builtin", "es").changed


# ---------------------------------------------------------------- table reports into records


CELLS = st.lists(st.tuples(st.integers(0, 23), st.integers(0, 11), st.sampled_from("ab"),
                           st.sampled_from([True, False, None])), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(CELLS)
def test_any_table_edits_give_the_pair_the_core_records_give(store, cells):
    """Each cell set through the page's table gives the pair that applying the core's record gives (a cell of a
    case B lacks is refused and changes nothing); the figures are the core's on that pair."""
    workspace = Workspace.create(store, {"language": "en"})
    expected = PAIR
    state: dict = {}
    for case, row, side, value in cells:
        workspace.set_settings({"agr_case": case})
        view = AgreementView(workspace, "builtin", "en")
        ref = pair_cases(PAIR)[case]
        rows = case_rows(PAIR, ref, "all")
        row %= len(rows)
        key = view.editor_key("all")
        earlier = ((state.get(key) or {}).get("edited_rows", {}).get(row, {}))
        repeated = side in earlier and earlier[side] == value  # the browser reports no new edit: nothing to do
        refused = table_edit(view, state, {row: {side: value}})
        position = ref.a if side == "a" else ref.b
        if position is None:
            assert [r.annotator for r in refused] == ([] if repeated else [side])
            continue
        assert refused == []
        record = agreement_label(expected, side, position, rows[row].kind, rows[row].position(side),
                                       rows[row].field, value)
        expected = apply_agreement_edit(expected, record)
        assert current_pair(workspace) == expected
    assert current_pair(Workspace.open(store, workspace.token)) == expected
    assert match_labels(*current_pair(workspace)).agreement() == match_labels(*expected).agreement()
