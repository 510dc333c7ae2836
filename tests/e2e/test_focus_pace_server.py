"""Under the write pace, focus mode's message matches what was stored (issue 35, finding 8), against a real
``serve.py`` behind an access code: a key press stores a label and then where the person now is; with one write left
in the pace, the label was stored and its position refused, and the page said "not saved ... It is not kept" about a
label it had kept (about one press in ten past the burst)."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.frame.throttle import EDIT_BURST
from ui.i18n import translate
from uncase_store import open_store

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"
PRESSES = EDIT_BURST + 50  # past the burst, so that the pace refuses some
NOT_SAVED = "not saved"


def test_focus_mode_says_not_saved_exactly_when_nothing_was_stored(tmp_path: Path):
    store_url = f"sqlite:///{tmp_path / 'store.db'}"
    with serve(log_path=tmp_path / "server.log", script="serve.py", store=store_url,
               env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):

        async def scenario() -> list[tuple[bool, bool]]:
            session = await ProtocolSession.open(base, "/rag_diagnosis")
            await session.submit_form({translate("en", "access.code"): CODE}, translate("en", "access.enter"))
            token = urllib.parse.parse_qs(session.query_string)["w"][0]
            store = open_store(store_url)
            await session.click(translate("en", "focus.view.focus"))
            presses = []
            try:
                for press in range(PRESSES):
                    before = store.head(token)
                    # Alternate the label so that every press is a change the page would store.
                    await session.click(translate("en", "focus.yes" if press % 2 else "focus.no"))
                    said = any(NOT_SAVED in text for text in session.texts())
                    presses.append((store.head(token) != before, said))
            finally:
                await session.close()
            return presses

        presses = run(scenario())
    refused = [i for i, (stored, _said) in enumerate(presses) if not stored]
    assert refused, f"the pace refused none of {PRESSES} presses: the test did not reach the case it is about"
    wrong = [(i, stored, said) for i, (stored, said) in enumerate(presses) if said == stored]
    assert not wrong, f"press, stored, 'not saved' shown: {wrong[:10]} ({len(wrong)} of {len(presses)})"
