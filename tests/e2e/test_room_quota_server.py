"""Rooms are paced and counted (issue 47, item 4), against a real ``serve.py`` behind an access code: a participant
with only a room's ``?join=`` link, speaking Streamlit's websocket protocol, made 148 rooms in 40 s and stored 39 MB
of them in 63 s, none counted in any workspace.

Every way a page makes a room is tried from that participant's session (the room page's form, the RAG page's, the
case editor's, the drills page's and the compare page's "Start the room"): each makes its room in the workspace's
allowance, counted in the workspace, and is refused past it with the allowance in the reader's language, nothing
stored.
"""

from __future__ import annotations

import contextlib
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select
from streamlit.proto.WidgetStates_pb2 import WidgetState

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from tests.support.store_backends import BACKENDS, store_url
from ui.i18n import translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import dataset_to_text
from uncase_store import open_store, schema
from uncase_store.rooms import Rooms

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
PER_HOUR = 5  # one room for each way a page makes one


@contextlib.contextmanager
def workshop(folder: Path, backend: str, **env: str) -> Iterator[tuple[str, str, str]]:
    """A workshop server on ``backend``; (its address, its store's URL, a live room's code)."""
    with store_url(backend, folder) as url:
        environment = {"UNCASE_ACCESS_CODE": CODE, **env}
        with serve(log_path=folder / "server.log", script="serve.py", store=url, env=environment) as (base, _process):
            opened = open_store(url)
            room = Rooms(opened).create("Class", dataset_to_text(load_scenario(load_index()[0], "en")), "all_good",
                                        "scenario").code
            opened.engine.dispose()
            yield base, url, room


def owned(url: str, token: str) -> tuple[int, int, int]:
    """The rooms ``token`` made, the bytes they count in it, and the bytes of its own rows (data, edits, settings)."""
    opened = open_store(url)
    try:
        with opened.engine.connect() as connection:
            rooms, charged = connection.execute(
                select(func.count(), func.coalesce(func.sum(schema.rooms.c.charged_bytes), 0))
                .where(schema.rooms.c.owner == token)).one()
            own = sum(int(connection.execute(select(func.coalesce(func.sum(table.c.size_bytes), 0))
                                             .where(table.c.token == token)).scalar())
                      for table in (schema.documents, schema.edits, schema.settings))
        return int(rooms), int(charged), opened.load(token).size_bytes - own
    finally:
        opened.engine.dispose()


async def start_room(session: ProtocolSession, page: str, lang: str = "en") -> str:
    """Press the button that makes a room on ``page`` (after what the page needs first); the page's alerts."""
    if page == "workshop_room":
        await room_form(session)
        await session.click(translate(lang, "room.create"))
        return " ".join(session.texts())
    await session.switch_page(page)
    if page == "case_editor":  # the built-in case, not a new one
        box = next(n for n in session.elements("selectbox") if n.payload.label == translate(lang, "editor.choose"))
        await session.set_widget("selectbox", box.payload.label, WidgetState(string_value=box.payload.options[1]))
    if page == "drills" and translate(lang, "drill.room_start") not in buttons(session):
        await session.click(translate(lang, "drill.make"))
    start = "compare.room_start" if page == "compare_systems" else "drill.room_start"
    await session.click(translate(lang, start))
    return " ".join(session.texts())


async def room_form(session: ProtocolSession) -> None:
    """The room page's form to make a room, as its link from another page opens it (from the room page itself the
    link keeps the facilitator view's address)."""
    await session.switch_page("rag_diagnosis")
    await session.switch_page("workshop_room")
    session.query_string = session.link_query("rag_diagnosis")  # the address the link opened (w=... alone)


def buttons(session: ProtocolSession) -> list[str]:
    return [node.payload.label for node in session.elements("button")]


def token_of(session: ProtocolSession) -> str:
    return urllib.parse.parse_qs(session.query_string)["w"][0]


PAGES = ("workshop_room", "rag_diagnosis", "case_editor", "drills", "compare_systems")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_participant_link_making_rooms_in_a_loop_is_paced_and_counted(backend: str, tmp_path: Path):
    with workshop(tmp_path, backend, UNCASE_ROOMS_PER_HOUR=str(PER_HOUR)) as (base, url, room):

        async def scenario() -> tuple[str, list[tuple[int, int, int]], list[str]]:
            session = await ProtocolSession.open(base, f"/workshop_room?join={room}")  # no access code typed
            try:
                token = token_of(session)
                # The room page says what anyone may make, a participant too.
                allowance = translate("en", "room.allowance_workshop", per_hour=PER_HOUR, cap="10 MB")
                assert allowance in session.texts(), session.texts()
                made = []
                for page in PAGES:
                    shown = await start_room(session, page)
                    assert translate("en", "room.facilitator_title", title="")[:6] in shown, (page, shown)
                    made.append(owned(url, token))
                refusals = [await start_room(session, page) for page in PAGES]
            finally:
                await session.close()
            return token, made, refusals

        token, made, refusals = run(scenario())
        assert [rooms for rooms, _, _ in made] == list(range(1, PER_HOUR + 1))
        # Each room's bytes are in its owner's workspace, beside its own rows.
        assert all(charged > 0 and counted == charged for _, charged, counted in made)
        assert made[-1][1] > made[0][1]
        refused = translate("en", "room.too_many", limit=PER_HOUR, minutes=60)[:60]
        for page, shown in zip(PAGES, refusals, strict=True):
            assert refused in shown, (page, shown)
        assert owned(url, token)[:2] == made[-1][:2]  # nothing more stored


def test_rooms_past_the_workspace_cap_are_refused_with_the_cap_in_the_readers_language(tmp_path: Path):
    """A room of every scenario is 16 KB: with a cap of 30 KB the second is refused, the cap said in Spanish."""
    with workshop(tmp_path, "sqlite", UNCASE_WORKSPACE_MAX_MB="0.03") as (base, url, room):

        async def scenario() -> tuple[str, list[str]]:
            session = await ProtocolSession.open(base, f"/workshop_room?join={room}", locale="es-ES")
            try:
                shown = []
                for _ in range(2):
                    await room_form(session)
                    await session.set_widget("selectbox", translate("es", "common.scenario"),
                                             WidgetState(string_value=translate("es", "common.all_scenarios")))
                    await session.click(translate("es", "room.create"))
                    shown.append(" ".join(session.texts()))
                return token_of(session), shown
            finally:
                await session.close()

        token, shown = run(scenario())
        rooms, charged, counted = owned(url, token)
        assert rooms == 1 and counted == charged > 16_000
        # 0.03 MB is 31,457 bytes, said in KB with the Spanish decimal mark; the room that did not fit is not stored.
        assert "guarda como máximo 30,7 KB" in shown[1], shown[1]
        assert translate("es", "store.workspace_full", size="X", adding="Y", cap="Z").split("X")[0] in shown[1]
