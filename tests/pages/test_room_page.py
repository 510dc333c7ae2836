"""Workshop rooms in AppTest: a facilitator creates a room, participants join and label, the class view follows;
reveal and freeze reach the participants; the wrong link never opens the facilitator's view."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import RAG_PAGE, ROOT, edit_labels, metric_values, shown, token, workspace
from ui.frame.data_kinds import RAG

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
    code, secret = at.query_params["room"], at.query_params["key"]
    return at, code, secret


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
    assert not projector.get("toggle") and not projector.get("download_button") and not projector.get("button")
    assert any("Who is labelling" in h.value for h in projector.subheader)
    assert not any(secret in c.value for c in projector.get("code"))
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
    from uncase_core.rag.cases import dataset_to_text
    from uncase_core.shared.assets import load_index, load_scenario
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
    assert any("Room controls" in s.value for s in owner.sidebar.subheader)
    assert not any(secret in c.value for c in owner.get("code"))
    next(b for b in owner.button if b.key == "room_new_links").click().run()
    new_secret, new_view = owner.session_state["room_keys"][code]
    assert Rooms(get_store()).is_facilitator(code, new_secret) and not Rooms(get_store()).is_facilitator(code, secret)
    assert Rooms(get_store()).is_projector(code, new_view)
    # Another workspace without the secret does not.
    stranger = open_room_page(room=code)
    assert any("does not open" in e.value for e in stranger.error), [e.value for e in stranger.error]
