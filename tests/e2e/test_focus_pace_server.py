"""Under the write pace, focus mode's message matches what was stored (issue 35, finding 8), against a real
``serve.py`` behind an access code: a press stores a label and then where the person now is; with one write left
in the pace, the label was stored and its position refused, and the page said "not saved ... It is not kept" about a
label it had kept (about one press in ten past the burst).

Since issue 49 presses reach the server as the keypad's list, several in one run when they come faster than the
runs: each batch here is fifteen presses sent at once, each on its own unit and changing its label, so that the pace
refuses some of a batch and lets others through. For every press, the store and the page must agree: "<unit>: not
saved" is said exactly for the presses whose label was not stored."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.frame.data_kinds import RAG
from ui.frame.throttle import EDIT_BURST
from ui.frame.workspace import Workspace
from ui.i18n import translate
from uncase_core.rag.cases import UNIT_KINDS
from uncase_store import open_store

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
BATCH = 15  # presses folded into one run: more writes at once than the pace gives back while a run lasts
PRESSES = 5 * EDIT_BURST  # well past the burst, however fast the server's runs are, so that the pace refuses some
VALUES = {"yes": True, "no": False}


def stored_label(store_url: str, token: str, unit_id: str, field: str) -> bool | None:
    store = open_store(store_url)
    try:
        case = Workspace.open(store, token).data(RAG).cases[0]
        return next(unit.label(field) for kind in UNIT_KINDS for unit in case.units(kind) if unit.id == unit_id)
    finally:
        store.engine.dispose()


def test_focus_mode_says_not_saved_exactly_when_nothing_was_stored(tmp_path: Path):
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url,
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):

        async def scenario() -> list[tuple[bool, bool]]:
            session = await ProtocolSession.open(base, "/rag_diagnosis")
            await session.submit_form({translate("en", "access.code"): CODE}, translate("en", "access.enter"))
            token = urllib.parse.parse_qs(session.query_string)["w"][0]
            await session.click(translate("en", "focus.view.focus"))
            presses = []
            try:
                while len(presses) < PRESSES:
                    items = session.keypad()["items"]
                    start = len(presses) % (len(items) - BATCH)
                    # Each press changes its unit's label, so that every press is a change the page would store.
                    batch = [("no" if item["value"] else "yes", item) for item in items[start:start + BATCH]]
                    await session.press_keys(batch)
                    notes = session.keypad()["notes"]
                    for action, item in batch:
                        stored = stored_label(store_url, token, item["unit"], item["field"]) is VALUES[action]
                        said = translate("en", "focus.not_saved", name=item["name"]) in notes
                        presses.append((stored, said))
            finally:
                await session.close()
            return presses

        presses = run(scenario())
    refused = [i for i, (stored, _said) in enumerate(presses) if not stored]
    assert refused, f"the pace refused none of {len(presses)} presses: the test did not reach the case it is about"
    wrong = [(i, stored, said) for i, (stored, said) in enumerate(presses) if said == stored]
    assert not wrong, f"press, stored, 'not saved' shown: {wrong[:10]} ({len(wrong)} of {len(presses)})"
