"""The drills page in AppTest: make a drill from a fully labelled case, label it blind, Check against the key (in
both languages); the drill and its labels survive a reload; the key is nowhere before Check; a partly labelled case
gives no drill; a facilitator's room on a drill has the key as its reference labels."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import RAG_PAGE, ROOT, edit_labels, reopen, shown, workspace
from ui.frame.data_kinds import DRILL, RAG
from ui.frame.rooms import ROOM_KEYS
from ui.i18n import translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, dataset_from_bytes, dataset_to_text
from uncase_store.rooms import Rooms

DRILLS_PAGE = "app_pages/drills.py"


def open_drills_page(lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(DRILLS_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def press(at: AppTest, key: str) -> AppTest:
    next(b for b in at.button if b.key == key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def make(lang: str = "en", count: int = 3, seed: int = 1) -> AppTest:
    at = open_drills_page(lang)
    at.text_input(key="drill_count").input(str(count))
    at.text_input(key="drill_seed").input(str(seed))
    return press(at, "drill_make")


def key_case(at: AppTest, index: int = 0):
    return workspace(at).data(DRILL).answer_key[index]


def label_as_key(at: AppTest, index: int = 0, flip: tuple[str, int, str] | None = None) -> AppTest:
    """Label drill case ``index`` (the one on screen) as the key does; ``flip`` = (kind, row, field) given wrong."""
    case = key_case(at, index)
    for kind in UNIT_KINDS:
        edits = {}
        for row, unit in enumerate(case.units(kind)):
            edits[row] = {name: unit.label(name) for name in LABEL_FIELDS[kind]}
            if flip is not None and flip[:2] == (kind, row):
                edits[row][flip[2]] = not unit.label(flip[2])
        edit_labels(at, kind, edits)
    return at


def texts(at: AppTest) -> list[str]:
    return [shown(e.value) for e in [*at.markdown, *at.success, *at.error, *at.caption, *at.warning, *at.info]]


def drill_downloads(at: AppTest) -> list[str]:
    """The drill's own downloads (not the whole workspace's, nor the other tools' formats of its cases)."""
    return [b.label for b in at.sidebar.get("download_button")
            if b.label != "Download everything (JSON)" and not (b.key or "").startswith("drill_export_")]


def frames(at: AppTest) -> list:
    return [d.value for d in at.dataframe]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_drill_is_made_labelled_and_checked(lang):
    at = make(lang)
    drill = workspace(at).data(DRILL)
    assert len(drill.cases) == 3 and drill.seed == 1
    # The cases to label start with no label; the page shows them as the data to label.
    assert all(u.label(n) is None for c in drill.cases for k in UNIT_KINDS for u in c.units(k) for n in u.labels)
    first = key_case(at)
    flipped = ("passages", 0, "relevant")
    label_as_key(at, 0, flipped)
    press(at, "drill_check")
    said = texts(at)
    failing = [name for name in ("context_relevance", "faithfulness", "correctness", "coverage")
               if name in drill.failures[0]]
    key_names = ", ".join(translate(lang, f"metric.{n}") for n in failing)
    assert any(translate(lang, "drill.check_title") == s.value for s in at.header)
    # Case 1: every label but one as the key; the table says which, unit by unit, and why.
    table = frames(at)[-3]
    result, why = translate(lang, "drill.col.result"), translate(lang, "drill.col.why")
    mismatches = [r for r in table.to_dict("records") if r[result].startswith("✗")]
    assert len(mismatches) == 1
    assert mismatches[0][translate(lang, "drill.col.unit")] == f"{translate(lang, 'units.passages')} p1"
    labels = sum(len(u.labels) for k in UNIT_KINDS for u in first.units(k))
    assert sum(1 for r in table.to_dict("records") if r[result].startswith("✓")) == labels - 1
    notes = {translate(lang, "drill.note.unchanged")}
    assert any(r[why] not in notes for r in table.to_dict("records"))  # the change the drill made is said
    expected = translate(lang, "value.line", successes=labels - 1, total=labels, percent="", level="", low="",
                         high="").split(" ")[0]
    assert any(s.startswith(translate(lang, "drill.agreement_case", value=expected)) for s in said)
    assert any(f"{translate(lang, 'drill.failing_line', yours='', answer=key_names).split(':')[-1]}" in s
               for s in said)
    # Cases 2 and 3 are not labelled: N/A, never NaN, and they count apart.
    na = translate(lang, "value.na", unlabelled=sum(len(u.labels) for k in UNIT_KINDS
                                                     for u in key_case(at, 1).units(k)))
    assert any(na in s for s in said)
    assert not any("nan" in s.lower().split() for s in said)
    unlabelled = [r for r in frames(at)[-2].to_dict("records") if r[result].startswith("–")]
    assert len(unlabelled) == len(frames(at)[-2])


def test_labelling_as_the_key_finds_the_failing_dimensions():
    at = label_as_key(make())
    press(at, "drill_check")
    assert at.success[0].value.startswith("You found the failing dimensions.")
    table = frames(at)[-3]
    assert all(r["Result"] == "✓ match" for r in table.to_dict("records"))
    assert any(s.startswith("Failing dimensions found in **1 of 3** cases.") for s in texts(at))


def test_a_reload_keeps_the_drill_its_labels_and_the_check():
    at = label_as_key(make(seed=4))
    before = workspace(at).data(DRILL)
    again = reopen(at, DRILLS_PAGE)
    assert workspace(again).data(DRILL) == before
    assert any(shown(s.value).startswith("Drill from refund-01 · seed 4") for s in again.header)
    assert not any(s.value == "Your labels against the answer key" for s in again.header)
    press(again, "drill_check")
    later = reopen(again, DRILLS_PAGE)
    assert any(s.value == "Your labels against the answer key" for s in later.header)  # Check is kept too
    assert later.success[0].value.startswith("You found the failing dimensions.")


def test_the_key_is_not_shown_or_downloadable_before_check():
    at = make()
    drill = workspace(at).data(DRILL)
    said = " ".join(texts(at))
    for code in ("passage was added", "misquoted", "no longer says", "instead of", "became", "source case"):
        assert code not in said
    assert not any("Answer key" in list(frame.columns) for frame in frames(at))
    assert drill_downloads(at) == ["Download the drill with your labels"]
    # Neither the drill's own download nor the whole workspace's says what changed or gives a key label.
    document = json.dumps(workspace(at).to_document(), ensure_ascii=False)
    download = dataset_to_text(drill.dataset())
    for text in (document, download):
        assert "variant" not in text and '"failures"' not in text
    assert '"relevant": true' not in download and '"relevant": false' not in download
    press(at, "drill_check")
    assert drill_downloads(at) == ["Download the drill with your labels", "Download the answer key",
                                   "Download the check (JSON)"]


def test_a_partly_labelled_case_gives_no_drill_and_says_why():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page(RAG_PAGE)
    at.run()
    edit_labels(at, "passages", {0: {"relevant": None}})
    at.switch_page(DRILLS_PAGE)
    at.run()
    assert next(b for b in at.button if b.key == "drill_make").disabled
    assert any("1 label is not set" in w.value for w in at.warning)
    assert workspace(at).data(DRILL) is None


def test_a_case_that_fails_is_refused_in_the_readers_language():
    at = open_drills_page("es")
    # Another scenario, whose case fails a dimension: the core's refusal, worded in Spanish, and no button.
    poor = next(s for s in load_index() if s.id == "poor_retrieval")
    workspace(at).replace(RAG, load_scenario(poor, "es"), "poor_retrieval", "scenario")
    at.run()
    assert next(b for b in at.button if b.key == "drill_make").disabled
    assert [shown(w.value) for w in at.warning] == [
        "No se puede generar un ejercicio con este caso: falla en Relevancia del contexto con los umbrales "
        "predeterminados; un ejercicio parte de un caso que aprueba las cuatro dimensiones."]


def test_a_room_on_a_drill_has_the_key_as_its_reference_labels():
    at = make(count=2)
    drill = workspace(at).data(DRILL)
    at.text_input(key="drill_room_title").input("Drill room")
    next(b for b in at.button if b.key == "drill_room_start").click().run()
    rooms = at.session_state[ROOM_KEYS]  # the secrets only in the session, never in the workspace
    assert rooms and len(rooms) == 1
    code = next(iter(rooms))
    assert [r.code for r in Rooms(workspace(at).store).owned(workspace(at).token)] == [code]
    room = Rooms(workspace(at).store).get(code)
    assert room.title == "Drill room"
    cases = dataset_from_bytes(room.body.encode("utf-8")).cases
    assert [c.id for c in cases] == [c.id for c in drill.answer_key]
    for mine, key in zip(cases, drill.answer_key, strict=True):
        for kind in UNIT_KINDS:
            assert [u.labels for u in mine.units(kind)] == [u.labels for u in key.units(kind)]
    assert "variant" not in room.body  # nothing but the labels says what changed


def test_the_case_on_the_rag_page_is_the_one_a_drill_starts_from():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page(RAG_PAGE)
    at.run()
    at.sidebar.selectbox(key="rag_scenario_choice").set_value("__all__").run()
    next(b for b in at.sidebar.button if b.label == "Load scenario").click().run()
    few = next(i for i, c in enumerate(workspace(at).data(RAG).cases) if c.id == "transit-pass-01")
    at.selectbox(key="rag_case").set_value(few).run()
    at.switch_page(DRILLS_PAGE)
    at.run()
    assert at.selectbox(key="drill_source_case").value == few
    press(at, "drill_make")
    assert workspace(at).data(DRILL).source == "transit-pass-01"
    at.selectbox(key="drill_source_case").set_value(0).run()  # and a choice here is the RAG page's case too
    at.switch_page(RAG_PAGE)
    at.run()
    assert at.selectbox(key="rag_case").value == 0 and workspace(at).setting("rag_case") == 0


def test_the_spanish_page_shows_no_english_after_check():
    from tests.pages.spanish_render import texts as all_texts
    from ui.i18n import EN, ES

    at = label_as_key(make("es"), 0, ("claims", 0, "correct"))
    press(at, "drill_check")
    # "Label Studio" is a product's name, in both languages; the English word "Label" is looked for elsewhere.
    shown_texts = [(where, shown(text).replace("Label Studio", "")) for where, text in all_texts(at)]
    english = {EN[k] for k in EN if k.startswith(("drill.", "nav.drills")) and EN[k] != ES[k] and "{" not in EN[k]}
    leaks = [(where, text) for where, text in shown_texts for phrase in english if phrase in text]
    assert leaks == []
    words = ("match", "mismatch", "answer key", "not labelled", "unchanged", "was added", "Yours")
    assert [(w, t) for w, t in shown_texts if any(word in t for word in words)] == []


def test_reset_clears_the_labels_and_keeps_the_drill():
    at = label_as_key(make())
    drill = workspace(at).data(DRILL)
    press(at, "drill_reset")
    press(at, "drill_reset_yes")
    after = workspace(at).data(DRILL)
    assert after.answer_key == drill.answer_key
    assert after.cases == workspace(at).original(DRILL).cases
    assert all(u.label(n) is None for c in after.cases for k in UNIT_KINDS for u in c.units(k) for n in u.labels)
