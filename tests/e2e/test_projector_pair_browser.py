"""A room on a pair of systems on the projector (issue 25), in real Chromium at 1280x720, in both languages: the
paired-verdict screen fits the window, each dimension's verdict is at least 32 px as the browser computes it, and it
says what the class's labels say (here the reference's: B better on context relevance, A on faithfulness).

Screenshots: tests/e2e/artifacts/projector-pair-<lang>.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, wait_until_idle
from tests.e2e.test_projector_browser import check_figures, paused_projector
from tests.e2e.test_rag_browser import TEXT_TIMEOUT
from ui.frame.data_kinds import RAG
from ui.frame.rooms import PAIR_FORMAT, ROOM, ROOM_NAME
from ui.frame.workspace import Workspace
from ui.i18n import translate
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.blind import blind_pair, without_key
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, dataset_to_text
from uncase_core.rag.edits import rag_label
from uncase_store import open_store, store_url
from uncase_store.rooms import Rooms

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

PAIR_FIGURES = (".st-key-proj_strip_code p", '[class*="st-key-proj_pair_verdict"] p')


def seeded_pair_room(lang: str) -> tuple[str, str]:
    """A room on the built-in pair, blinded, with three participants who label every unit as the reference does."""
    store = open_store(store_url())
    try:
        (entry,) = load_pair_index()
        dataset = blind_pair(*load_system_pair(entry, lang), seed=7)
        keys = Rooms(store).create("Pair projector test", dataset_to_text(dataset), entry.id, "pair",
                                   format=PAIR_FORMAT)
        blank = blank_copy(without_key(dataset))
        records = [rag_label(blank, c, kind, u, field, unit.label(field))
                   for c, case in enumerate(dataset.cases) for kind in UNIT_KINDS
                   for u, unit in enumerate(case.units(kind)) for field in LABEL_FIELDS[kind]
                   if unit.label(field) is not None]
        for name in ("Ana", "Bruno", "Carla"):
            workspace = Workspace.create(store, {"language": lang})
            joined = Rooms(store).join(keys.code, workspace.token, name)
            workspace.replace(RAG, blank, "Pair projector test", "room", {"room": keys.code})
            workspace.set_settings({ROOM: keys.code, ROOM_NAME: joined})
            workspace.edit(RAG, records)
        return keys.code, keys.view_key
    finally:
        store.engine.dispose()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_paired_verdicts_are_readable_from_the_back_row(chromium: Any, app_url: str, lang: str) -> None:
    code, view_key = seeded_pair_room(lang)
    measured: dict[str, float] = {}
    with paused_projector(chromium, app_url, code, view_key, lang) as (page, _playing):
        for _ in range(2):  # join, agreement, then the paired verdicts
            status = page.locator(".st-key-proj_status p").first.inner_text()
            wait_until_idle(page)
            page.keyboard.press("ArrowRight")
            expect(page.locator(".st-key-proj_status p").first).not_to_have_text(status, timeout=TEXT_TIMEOUT)
        verdicts = page.locator('[class*="st-key-proj_pair_verdict"]')
        expect(verdicts.first).to_be_visible(timeout=TEXT_TIMEOUT)
        expect(page.locator(".st-key-proj_pair_verdict_context_relevance")).to_have_text(
            translate(lang, "room.proj.pair_verdict.b"), timeout=TEXT_TIMEOUT)
        expect(page.locator(".st-key-proj_pair_verdict_faithfulness")).to_have_text(
            translate(lang, "room.proj.pair_verdict.a"), timeout=TEXT_TIMEOUT)
        assert page.get_by_role("switch").count() == 0 and page.get_by_test_id("stDownloadButton").count() == 0
        assert "key=" not in page.content() and "blind_pair" not in page.content()  # no secret, no blind order
        page.wait_for_timeout(800)
        page.screenshot(path=str(ARTIFACTS / f"projector-pair-{lang}.png"))
        check_figures(page, PAIR_FIGURES, measured)
        print(f"pair projector {lang} at 1280x720, smallest computed font size per key figure (px): {measured}")
