"""Workshop rooms in AppTest: a facilitator creates a room, participants join and label, the class view follows;
reveal and freeze reach the participants; the wrong link never opens the facilitator's view."""

from __future__ import annotations

import ast
import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import (
    RAG_PAGE,
    ROOT,
    edit_labels,
    metric_values,
    shown,
    token,
    tree_place,
    workspace,
)
from ui.frame.addresses import PUBLIC_URL_ENV
from ui.frame.data_kinds import RAG
from ui.i18n import format_percent, translate
from ui.views.room.projector import STYLE, url_lines
from ui.views.room.rooms import NOTE_WIDTH
from ui.widgets.layout import PX_PER_CHAR, REVEAL_COLUMN_WIDTH, fitted_width, lines_needed, row_height
from uncase_core.agreement.class_labels import class_labels
from uncase_core.agreement.many import MIN_UNITS_FOR_AGREEMENT_INTERVAL
from uncase_core.rag.cases import dataset_from_bytes
from uncase_store import open_store, schema, store_url
from uncase_store.rooms import Rooms, projector_key_of

ROOM_PAGE = "app_pages/workshop_room.py"


def open_room_page(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(ROOM_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def create_room(scenario: str = "poor_retrieval") -> tuple[AppTest, str, str]:
    at = open_room_page()
    at.selectbox(key="room_new_scenario").set_value(scenario)
    next(b for b in at.button if b.key == "room_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    code = at.query_params["room"]
    secret = at.session_state["room_keys"][code][0]  # kept by the session, never in the address
    return at, code, secret


def rooms_api() -> Rooms:
    return Rooms(open_store(store_url()))


def join(code: str, name: str) -> AppTest:
    """Join with the participant link, as a browser would: the page then switches to the RAG page."""
    at = open_room_page(join=code)
    inputs = {i.label: i for i in at.text_input}
    assert inputs["Room code"].value == code  # filled in from the link
    inputs["Your name or an alias"].input(name)
    next(b for b in at.button if b.label == "Join").click().run()
    assert not at.exception, [e.value for e in at.exception]
    # AppTest does not follow st.switch_page's new address; the browser's next runs are the RAG page's, with w= only.
    at.query_params.pop("join", None)
    at.switch_page(RAG_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_room_is_created_joined_labelled_and_seen_by_the_facilitator():
    facilitator, code, _secret = create_room()
    assert len(code) == 6
    assert any("Room code" in m.value and code in m.value for m in facilitator.markdown)
    ana = join(code, "Ana")
    assert any("you label as **Ana**" in shown(m.value) for m in ana.markdown)
    assert ana.get("dataframe")  # the label tables, on the RAG page
    # Everyone starts from no labels: the room's reference labels are not given away.
    assert workspace(ana).data(RAG).cases[0].passages[0].label("relevant") is None
    other = join(code, "Ana")  # a taken name gets a number
    assert any("you label as **Ana 2**" in shown(m.value) for m in other.markdown)
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(other, "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    facilitator.run()
    joined = next(m.value for m in facilitator.metric if m.label == "Joined")
    assert joined == "2"
    tables = [t.value for t in facilitator.dataframe]
    distributions = {str(v) for table in tables for column in table.columns if column == "Class labels"
                     for v in table[column]}
    assert "1 yes / 1 no / 0 not labelled" in distributions  # p1: split
    assert "0 yes / 2 no / 0 not labelled" in distributions  # p2: both said no


def workspace_count() -> int:
    from sqlalchemy import func, select

    store = open_store(store_url())
    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(schema.workspaces)).scalar())


def test_a_join_is_one_new_workspace_and_keeps_work_done_before_apart():
    """Issue 37: the link opened a workspace and the join another, so a class behind one address reached its hourly
    allowance of new workspaces at half its size. The workspace the link opened is the member's when it holds
    nothing; a person who had already done something joins with a new one, their work left under its own link."""
    _facilitator, code, _ = create_room()
    before = workspace_count()
    ana = join(code, "Ana")
    assert workspace_count() == before + 1
    assert workspace(ana).data(RAG) is not None and workspace(ana).setting("room") == code
    # Someone who loaded data first keeps it: the join takes a new workspace.
    at = open_room_page()
    mine = workspace(at)
    mine.set_settings({"rag_threshold_faithfulness": 0.4})
    token_before = mine.token
    before = workspace_count()
    at.query_params["join"] = code
    at.run()
    inputs = {i.label: i for i in at.text_input}
    inputs["Room code"].input(code)
    inputs["Your name or an alias"].input("Bea")
    next(b for b in at.button if b.label == "Join").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert workspace_count() == before + 1
    assert workspace(at).token != token_before
    assert open_store(store_url()).load(token_before).settings.get("rag_threshold_faithfulness") == 0.4


def test_the_class_view_is_computed_again_only_when_something_changed(monkeypatch):
    import ui.views.room.rooms as room_views

    computed = []
    real = room_views._computed_class_view
    monkeypatch.setattr(room_views, "_computed_class_view", lambda *args: computed.append(1) or real(*args))
    facilitator, code, _ = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": True}})
    facilitator.run()
    computed.clear()
    facilitator.run()
    facilitator.run()
    assert computed == []  # nothing changed: the kept view serves the adjudication box and the live view
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    computed.clear()
    facilitator.run()
    assert len(computed) == 2  # a label changed: computed again (the box's without intervals, then the live view's)
    distributions = {str(v) for table in (d.value for d in facilitator.dataframe) for column in table.columns
                     if column == "Class labels" for v in table[column]}
    assert "0 yes / 1 no / 0 not labelled" in distributions


def test_reveal_and_freeze_reach_the_participants():
    facilitator, code, _ = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": False}})
    facilitator.toggle(key="room_revealed").set_value(True).run()
    facilitator.toggle(key="room_frozen").set_value(True).run()
    assert not facilitator.exception
    ana.run()  # the periodic check; here one run
    assert any("frozen the labels" in i.value for i in ana.info)
    before = workspace(ana).data(RAG)
    edit_labels(ana, "passages", {1: {"relevant": False}})  # a stale page's edit after the freeze: not taken
    assert workspace(ana).data(RAG) == before


def test_the_wrong_link_never_opens_the_facilitator_view():
    _, code, secret = create_room()
    participant = open_room_page(room=code, key="not-the-secret")
    assert any("does not open the facilitator" in e.value for e in participant.error)
    assert not participant.get("toggle")
    assert not any(secret in c.value for c in participant.get("code"))
    joined = join(code, "Bea")
    assert not any(secret in c.value for c in joined.get("code"))
    assert all(secret not in str(v) for v in dict(workspace(joined).settings).values())


def test_the_projector_shows_the_class_without_controls_or_secret():
    facilitator, code, secret = create_room()
    view_key = facilitator.session_state["room_keys"][code][1]
    projector = open_room_page(room=code, view=view_key)
    assert not projector.get("toggle") and not projector.get("download_button")
    # Its only buttons turn its own screens.
    assert {b.key for b in projector.button} == {"proj_previous", "proj_pause", "proj_next"}
    assert any(m.value == code for m in projector.markdown)  # the join screen: the code, huge
    assert projector.get("image")  # the participant link's QR code
    # The participant link (no server address under AppTest; a browser's page has one: test_url_lines).
    assert any(shown(m.value) == f"/workshop_room?join={code}" for m in projector.markdown)
    assert not any(secret in str(m.value) for m in projector.markdown)
    wrong = open_room_page(room=code, view="guess")
    assert any("does not open the projector" in e.value for e in wrong.error)


def test_a_participants_resume_link_brings_them_back_into_the_room():
    _, code, _ = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": True}})
    again = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    again.query_params["w"] = token(ana)
    again.run()
    again.switch_page(RAG_PAGE)
    again.run()
    assert any("you label as **Ana**" in shown(m.value) for m in again.markdown)
    assert metric_values(again)["Context relevance"] == "100.0%"


def test_a_room_older_than_its_hours_takes_no_one_by_code():
    """Issue 27, item 7: once past the gate, a room's code stopped opening the room after ROOM_CODE_HOURS too."""
    from datetime import UTC, datetime, timedelta

    from ui.frame.access import ROOM_CODE_HOURS
    from ui.frame.state import get_store
    from uncase_core.assets.reader import load_index, load_scenario
    from uncase_core.rag.cases import dataset_to_text
    from uncase_store.rooms import Rooms

    body = dataset_to_text(load_scenario(load_index()[0], "en"))
    made = datetime.now(UTC) - timedelta(hours=ROOM_CODE_HOURS, minutes=5)
    keys = Rooms(get_store()).create("Yesterday's room", body, "scenario", "scenario", now=made)
    at = open_room_page(join=keys.code)
    {i.label: i for i in at.text_input}["Your name or an alias"].input("Late")
    next(b for b in at.button if b.label == "Join").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(f"more than {ROOM_CODE_HOURS} hours ago" in e.value for e in at.error), [e.value for e in at.error]
    assert Rooms(get_store()).members(keys.code) == ()


def test_the_facilitators_secrets_are_kept_nowhere_in_the_workspace():
    """Issue 27, item 6: the room's secrets were in the facilitator's workspace settings, so in "Download
    everything" and `uncase_store export`; now only their hashes are stored, and the owner reopens the room."""
    import json

    from ui.frame.state import get_store
    from uncase_store.rooms import Rooms

    facilitator, code, secret = create_room()
    view_key = facilitator.session_state["room_keys"][code][1]
    mine = workspace(facilitator)
    for exported in (json.dumps(mine.to_document()), json.dumps(get_store().load(mine.token).to_dict())):
        assert secret not in exported and view_key not in exported
    # The workspace that made the room opens its facilitator's view without the secret, and can make new links.
    owner = open_room_page(room=code, w=token(facilitator))
    assert any("Room controls" in s.value for s in owner.sidebar.header)
    assert not any(secret in c.value for c in owner.get("code"))
    next(b for b in owner.button if b.key == "room_new_links").click().run()
    new_secret, new_view = owner.session_state["room_keys"][code]
    assert Rooms(get_store()).is_facilitator(code, new_secret) and not Rooms(get_store()).is_facilitator(code, secret)
    assert Rooms(get_store()).is_projector(code, new_view)
    # Another workspace without the secret does not.
    stranger = open_room_page(room=code)
    assert any("does not open" in e.value for e in stranger.error), [e.value for e in stranger.error]


# ---------------------------------------------------------------- issue 26: the projector, links, agreement, texts


def markdown_texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


@given(st.sampled_from(["http", "https"]), st.from_regex(r"[a-z0-9.-]{1,30}(:[0-9]{2,5})?", fullmatch=True),
       st.from_regex(r"(/[a-z_]{1,20}){0,3}(\?join=[A-Z0-9]{6})?", fullmatch=True))
def test_url_lines(scheme, host, page):
    """The projector writes a link as the server's address, then the page (a browser broke "workshop_ro" / "om"):
    nothing lost, nothing added, the address whole on its line."""
    url = f"{scheme}://{host}{page}"
    lines = url_lines(url)
    assert "".join(lines) == url
    assert lines[0] == f"{scheme}://{host}" and lines[1:] == ([page] if page else [])


def test_the_projectors_style_rule_is_a_constant_without_user_text():
    # st.html(STYLE) is the projector's only HTML: a module constant holding one <style> block, no user text.
    tree = ast.parse((ROOT / "ui" / "views" / "room" / "projector.py").read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and ast.unparse(node.func) == "st.html"]
    assert [ast.unparse(call.args[0]) for call in calls] == ["STYLE"]
    assert STYLE.startswith("<style>") and STYLE.rstrip().endswith("</style>") and STYLE.count("<") == 2
    assert ".st-key-proj_code" in STYLE and "font-size: calc(11.7 * var(--proj-u))" in STYLE


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_projector_turns_its_screens_in_both_languages(lang):
    _, code, secret = create_room()
    ana, bruno = join(code, "Ana"), join(code, "Bruno")
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(bruno, "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    projector = open_room_page(room=code, view=projector_key_of(code, secret), lang=lang)
    texts = markdown_texts(projector)
    assert translate(lang, "room.proj.scan") in texts and translate(lang, "room.proj.hidden") in texts
    assert translate(lang, "room.proj.open") in texts
    assert texts[texts.index(translate(lang, "room.joined")) + 1] == "2"
    projector.button(key="proj_next").click().run()  # the agreement: alpha per dimension with its interval
    texts = markdown_texts(projector)
    assert translate(lang, "room.proj.agreement_title", level=format_percent(0.95, lang, 0)) in [
        s.value for s in projector.subheader]
    assert translate(lang, "room.all_labels") in texts
    projector.button(key="proj_next").click().run()  # the most disputed unit first: p1, one yes and one no
    texts = markdown_texts(projector)
    assert translate(lang, "room.proj.counts", yes=1, no=1, unlabelled=0) in texts
    assert projector.get("plotly_chart")
    projector.button(key="proj_previous").click().run()
    assert translate(lang, "room.all_labels") in markdown_texts(projector)
    projector.button(key="proj_pause").click().run()
    assert any(b.label == translate(lang, "room.proj.play") for b in projector.button)
    assert not projector.exception


def test_the_pager_keeps_its_place_on_every_screen():
    # The frontend writes a rerun's elements over the old ones place by place; a pager that moved with the screen's
    # length was overwritten before its new copy arrived, and a key pressed in that gap was lost.
    _, code, secret = create_room()
    edit_labels(join(code, "Ana"), "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(join(code, "Bruno"), "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    projector = open_room_page(room=code, view=projector_key_of(code, secret))
    places, kinds = set(), set()
    for _ in range(4):  # join, agreement, the disputed unit(s), back round
        places.add(tuple(tree_place(projector._tree, k) for k in ("proj_previous", "proj_pause", "proj_next")))
        kinds.add(len(projector.markdown))
        projector.button(key="proj_next").click().run()
    assert None not in next(iter(places)) and len(places) == 1 and len(kinds) > 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_facilitators_link_on_another_device_is_folded_away_and_the_projectors_is_in_the_open(lang):
    _, code, secret = create_room()
    elsewhere = open_room_page(room=code, key=secret, lang=lang)  # a new workspace: nothing of the creator's
    assert code not in (workspace(elsewhere).setting("facilitated_rooms") or {})
    links = next(e for e in elsewhere.expander if e.label == translate(lang, "room.links_title"))
    assert links.proto.expanded is False  # projecting this view does not show the secret
    codes = [c.value for c in elsewhere.get("code")]
    projector_link = next(c for c in codes if "view=" in c)
    view_key = projector_link.split("view=")[1]
    assert rooms_api().is_projector(code, view_key)
    # The participant's, in the open, with the room's join key.
    assert any(c.endswith(f"?join={code}&k={rooms_api().join_key(code)}") for c in codes)
    assert any(translate(lang, "room.address.local_only", url="/workshop_room", env=PUBLIC_URL_ENV) == c.value
               for c in elsewhere.caption)


def test_a_room_made_before_derived_keys_gets_a_new_projector_link():
    _, code, secret = create_room()
    store = open_store(store_url())
    try:  # as a room of the last version: a random projector key, kept only by the workspace that made it
        with store.engine.begin() as connection:
            connection.execute(update(schema.rooms).where(schema.rooms.c.code == code)
                               .values(view_hash=hashlib.sha256(b"old-random-key").hexdigest()))
    finally:
        store.engine.dispose()
    elsewhere = open_room_page(room=code, key=secret)
    assert not any("view=" in c.value for c in elsewhere.get("code"))
    assert any(c.value.startswith("This room was made before") for c in elsewhere.caption)
    elsewhere.button(key="room_new_projector").click().run()
    assert any("view=" in c.value for c in elsewhere.get("code"))
    assert rooms_api().is_projector(code, projector_key_of(code, secret))
    assert not rooms_api().is_projector(code, "old-random-key")


def test_participant_links_use_the_public_url_and_say_so(monkeypatch):
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://class.example.org/play/")
    _, code, secret = create_room()
    facilitator = open_room_page(room=code, key=secret)
    codes = [c.value for c in facilitator.get("code")]
    # The participant link carries the room's join key, which lets it in without a look at any code (issue 47).
    assert f"https://class.example.org/play/workshop_room?join={code}&k={rooms_api().join_key(code)}" in codes
    assert any("https://class.example.org/play/workshop_room" in c.value and "--public-url" in c.value
               for c in facilitator.caption)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_agreement_table_gives_each_statistic_its_own_note_and_units(lang):
    _, code, secret = create_room()
    people = [join(code, name) for name in ("Ana", "Bruno", "Cy")]
    # Every passage labelled by two people, none by all three: alpha is defined, Fleiss' kappa has no unit.
    edit_labels(people[0], "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(people[1], "passages", {1: {"relevant": True}, 2: {"relevant": False}})
    edit_labels(people[2], "passages", {0: {"relevant": True}, 2: {"relevant": True}})
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    table = next(d.value for d in facilitator.dataframe if translate(lang, "room.col.alpha") in d.value.columns)
    row = table.iloc[0]  # context relevance
    assert row[translate(lang, "room.col.alpha")] != translate(lang, "room.undefined")
    assert row[translate(lang, "room.col.fleiss")] == translate(lang, "room.undefined")
    note = row[translate(lang, "room.col.note")]
    fleiss_note = translate(lang, "room.note_of.fleiss", note=translate(lang, "room.note.no_complete_units"))
    assert fleiss_note in note
    # alpha's own note: its interval is withheld with three units, and this room has fewer passages than the
    # interval needs, so the note says what the room shows and what would give it, never "N more needed"
    minimum = MIN_UNITS_FOR_AGREEMENT_INTERVAL
    passages = len(workspace(people[0]).data(RAG).cases[0].passages)
    assert passages < minimum
    alpha_note = translate(lang, "room.note_of.alpha",
                           note=translate(lang, "room.note.few_units_never", minimum=minimum, units=passages))
    assert note == f"{alpha_note} · {fleiss_note}"
    assert translate(lang, "room.note.few_units", minimum=minimum, count=minimum - 3) not in note
    assert row[translate(lang, "room.col.alpha_interval", level=format_percent(0.95, lang, 0))] == "—"
    # The note wraps in its column, every line of the longest in view (it was cut at 1400 px in Spanish).
    grid = next(d for d in facilitator.dataframe if translate(lang, "room.col.alpha") in d.value.columns)
    longest = max(table[translate(lang, "room.col.note")], key=lambda text: lines_needed(text, NOTE_WIDTH))
    assert lines_needed(longest, NOTE_WIDTH) > 1 and grid.proto.row_height == row_height(([longest], NOTE_WIDTH))
    assert row[translate(lang, "room.col.alpha_units")] == translate(lang, "room.units_used", used=3,
                                                                     left_out=passages - 3)
    assert row[translate(lang, "room.col.fleiss_units")] == translate(lang, "room.units_used", used=0,
                                                                      left_out=passages)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_after_the_freeze_nobody_is_still_labelling(lang):
    facilitator, code, secret = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": False}})
    facilitator.toggle(key="room_frozen").set_value(True).run()
    again = open_room_page(room=code, key=secret, lang=lang)
    labels = [m.label for m in again.metric]
    assert translate(lang, "room.unfinished") in labels and translate(lang, "room.labelling") not in labels
    spread = next(c.value for c in again.caption if c.value.startswith(translate(lang, "room.spread_na", details="")))
    assert translate(lang, "room.spread_na_count.one", dimension=translate(lang, "metric.faithfulness"),
                     count=1) in spread


def test_reveal_columns_fit_their_header_and_the_class_distribution():
    header = translate("es", "room.col.class_of", label=translate("es", "label.supported"))
    value = translate("es", "room.distribution", yes=14, no=6, unlabelled=3)
    width = fitted_width(header, [value, None])
    assert width >= len(value) * PX_PER_CHAR + 16 and width >= len(header) * PX_PER_CHAR + 40
    assert fitted_width("", []) == REVEAL_COLUMN_WIDTH


# ---------------------------------------------------------------- coming back, merging and removing (issue 26, 2)


def join_in(code: str, name: str, lang: str, resume: str = "") -> AppTest:
    """Join on the form in ``lang`` (with a code to come back, if given), then follow to the RAG page as ``join``."""
    at = open_room_page(join=code, lang=lang)
    inputs = {i.label: i for i in at.text_input}
    inputs[translate(lang, "room.name")].input(name)
    if resume:
        inputs[translate(lang, "room.resume")].input(resume)
    next(b for b in at.button if b.label == translate(lang, "room.join")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    if at.error:
        return at
    notices = [i.value for i in at.info]  # the run that joined shows the notice
    at.query_params.pop("join", None)
    at.switch_page(RAG_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.session_state["test_notices"] = notices
    return at


def joined_count(facilitator: AppTest, lang: str) -> str:
    return next(m.value for m in facilitator.metric if m.label == translate(lang, "room.joined"))


def passage_labels(at: AppTest) -> list[object]:
    return [p.label("relevant") for p in workspace(at).data(RAG).cases[0].passages]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_participant_comes_back_with_their_code_to_the_same_workspace(lang):
    facilitator, code, secret = create_room()
    ana = join_in(code, "Ana", lang)
    resume = rooms_api().resume_code(code, token(ana))
    assert resume is not None
    sidebar = [shown(m.value) for m in ana.sidebar.markdown]
    assert shown(translate(lang, "room.your_code", resume=resume)) in sidebar  # always in the sidebar
    assert translate(lang, "room.joined_with_code", resume=resume) in ana.session_state["test_notices"]  # at join
    ana.run()
    assert translate(lang, "room.joined_with_code", resume=resume) not in [i.value for i in ana.info]  # once
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    # A wrong code is refused and makes no one new.
    wrong = join_in(code, "Ana", lang, resume="ZZZZZZ" if resume != "ZZZZZZ" else "YYYYYY")
    assert [e.value for e in wrong.error] == [translate(lang, "room.resume_unknown", code=code)]
    # The right one, on another device (a fresh session), reopens Ana's own workspace.
    back = join_in(code, "Ana", lang, resume=resume.lower())
    assert not back.error
    assert token(back) == token(ana)
    assert translate(lang, "room.back_notice", name="Ana") in back.session_state["test_notices"]
    assert passage_labels(back)[:2] == [True, False]
    assert any(shown(translate(lang, "room.you_are", code=code, title="x", name="Ana")).split("(")[0]
               in shown(m.value) for m in back.sidebar.markdown)
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    assert joined_count(facilitator, lang) == "1"
    assert [m.name for m in rooms_api().members(code)] == ["Ana"]


def fleiss_relevance(facilitator: AppTest, lang: str) -> str:
    table = next(d.value for d in facilitator.dataframe if translate(lang, "room.col.alpha") in d.value.columns)
    return table.iloc[0][translate(lang, "room.col.fleiss")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_facilitator_merges_a_ghost_hands_back_a_link_and_removes_a_participant(lang):
    _, code, secret = create_room()
    ana, bruno = join_in(code, "Ana", lang), join_in(code, "Bruno", lang)
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(bruno, "passages", {0: {"relevant": True}, 2: {"relevant": False}})
    ghost = join_in(code, "Ana", lang)  # lost her link: a new, empty "Ana 2"
    edit_labels(ghost, "passages", {1: {"relevant": True}, 2: {"relevant": True}})
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    assert joined_count(facilitator, lang) == "3"
    assert fleiss_relevance(facilitator, lang) == translate(lang, "room.undefined")  # no unit labelled by all three

    # Her link back, from the facilitator's list.
    facilitator.selectbox(key="room_member").set_value("Ana").run()
    facilitator.button(key="room_show_link").click().run()
    link = next(c.value for c in facilitator.get("code") if "back=" in c.value)
    resume = rooms_api().resume_code(code, token(ana))
    assert link.endswith(f"?join={code}&back={resume}")
    followed = open_room_page(join=code, back=resume, lang=lang)
    assert token(followed) == token(ana) and not followed.error

    # Merge the ghost into Ana: confirmed first.
    facilitator.selectbox(key="room_member").set_value("Ana 2").run()
    assert facilitator.radio(key="room_member_action").value == "merge"
    facilitator.selectbox(key="room_merge_target").set_value("Ana").run()
    assert facilitator.button(key="room_do_merge").disabled
    sure = next(c for c in facilitator.checkbox if c.label == translate(lang, "room.confirm_merge", source="Ana 2",
                                                                         target="Ana"))
    sure.check().run()
    facilitator.button(key="room_do_merge").click().run()
    assert not facilitator.exception
    assert translate(lang, "room.merged", source="Ana 2", target="Ana", count=1) in [s.value for s in
                                                                                     facilitator.success]
    assert joined_count(facilitator, lang) == "2"
    assert fleiss_relevance(facilitator, lang) != translate(lang, "room.undefined")
    ana.run()
    assert passage_labels(ana)[:3] == [True, False, True]  # hers kept on the second passage, the ghost's on the third

    # Remove Bruno: his labels leave the class view, and his page says so.
    facilitator.selectbox(key="room_member").set_value("Bruno").run()
    facilitator.radio(key="room_member_action").set_value("remove").run()
    next(c for c in facilitator.checkbox
         if c.label == translate(lang, "room.confirm_remove", source="Bruno")).check().run()
    facilitator.button(key="room_do_remove").click().run()
    assert joined_count(facilitator, lang) == "1"
    assert [m.name for m in rooms_api().members(code)] == ["Ana"]
    bruno.run()
    assert [w.value for w in bruno.sidebar.warning] == [translate(lang, "room.not_member")]


def test_after_the_reveal_each_label_table_keeps_its_text_before_the_reference_and_class_columns():
    """Issue 39: after the reveal the text column, drawn last, scrolled out of view behind four reveal columns."""
    facilitator, code, _ = create_room()
    ana = join(code, "Ana")
    facilitator.toggle(key="room_revealed").set_value(True).run()
    ana.run()
    orders = [list(e.proto.column_order) for e in ana.main.get("dataframe") if "text" in e.proto.column_order]
    assert len(orders) == 3, orders
    for order in orders:
        revealed = [i for i, name in enumerate(order) if name.startswith(("reference_", "class_"))]
        assert revealed and order.index("text") < min(revealed), order


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_projector_says_what_a_small_room_shows_not_a_count_of_units_it_can_never_reach(lang):
    # A room of fewer units than alpha's interval needs said "up to 48 more needed"; no number of participants
    # can add a unit, so the screen names the rows that cannot have one and what would give it instead.
    _, code, secret = create_room()
    ana, bruno = join(code, "Ana"), join(code, "Bruno")
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(bruno, "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    room = rooms_api().get(code)
    units = class_labels(dataset_from_bytes(room.body.encode("utf-8"), room.source), {}, resamples=0).units
    relevance = sum(1 for unit in units if unit.dimension == "context_relevance")
    assert relevance < len(units) < MIN_UNITS_FOR_AGREEMENT_INTERVAL
    projector = open_room_page(room=code, view=projector_key_of(code, secret), lang=lang)
    projector.button(key="proj_next").click().run()  # the agreement screen
    texts = markdown_texts(projector)
    minimum = MIN_UNITS_FOR_AGREEMENT_INTERVAL
    rows = ", ".join((translate(lang, "room.proj.row_units", row=translate(lang, "metric.context_relevance"),
                                count=relevance),
                      translate(lang, "room.proj.row_units", row=translate(lang, "room.all_labels"),
                                count=len(units))))
    assert translate(lang, "room.proj.few_units_never", rows=rows, minimum=minimum) in texts, texts
    unreachable = translate(lang, "room.proj.few_units", minimum=minimum, count=minimum - 2)
    assert not any(unreachable.split(":")[0] in text for text in texts), texts


def test_a_join_made_again_from_an_address_that_never_heard_of_the_first_is_the_same_participant():
    """Issue 49, item 7: a join that took a new workspace (the address's own held other work) was stored, then the
    server died before the page heard the new address; the reconnected page, its address on the old workspace,
    shows the form and the person joins again. That is the first participant again, not "Bea 2"."""
    _facilitator, code, _ = create_room()
    first = open_room_page()
    workspace(first).set_settings({"rag_threshold_faithfulness": 0.4})  # work of their own: the join takes a new one
    address_token = workspace(first).token
    first.query_params["join"] = code
    first.run()
    inputs = {i.label: i for i in first.text_input}
    inputs["Your name or an alias"].input("Bea")
    next(b for b in first.button if b.label == "Join").click().run()
    assert not first.exception, [e.value for e in first.exception]
    joined_token = workspace(first).token
    assert joined_token != address_token
    # A new session (a restarted server) from the address the browser still has: the old workspace's token.
    again = open_room_page(join=code, w=address_token)
    inputs = {i.label: i for i in again.text_input}
    inputs["Your name or an alias"].input("Bea")
    next(b for b in again.button if b.label == "Join").click().run()
    assert not again.exception, [e.value for e in again.exception]
    members = rooms_api().members(code)
    assert [(member.name, member.token) for member in members] == [("Bea", joined_token)]
    assert workspace(again).token == joined_token
    assert open_store(store_url()).load(address_token).settings.get("rag_threshold_faithfulness") == 0.4


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_member_with_no_label_is_not_counted_as_still_labelling_and_both_views_say_so(lang):
    """Issue 49, item 7: the ghost of a join made twice ("Mateo 2") has no label; the facilitator's view counted it
    among those still labelling and every unit counted it as not labelled, unsaid."""
    facilitator, code, secret = create_room()
    ana = join(code, "Ana")
    edit_labels(ana, "passages", {0: {"relevant": False}})
    join(code, "Ana")  # "Ana 2": joined, never labelled
    again = open_room_page(room=code, key=secret, lang=lang)
    metrics = {m.label: m.value for m in again.metric}
    assert metrics[translate(lang, "room.joined")] == "2"
    assert metrics[translate(lang, "room.labelling")] == "1"  # Ana
    assert translate(lang, "room.not_started_note", count=1) in [c.value for c in again.caption]
    statuses = {str(v) for table in again.dataframe for column in table.value.columns
                if column == translate(lang, "room.col.status") for v in table.value[column]}
    assert translate(lang, "room.status.not_started") in statuses
    view_key = facilitator.session_state["room_keys"][code][1]
    projector = open_room_page(room=code, view=view_key, lang=lang)
    assert translate(lang, "room.proj.not_started", count=1) in [m.value for m in projector.markdown]
