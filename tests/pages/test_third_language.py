"""A language is data: a made-up third language, with a catalogue that translates a few keys, opens every page.

What a language's catalogue lacks is read in English, and so is built-in data not written in it (a scenario's
title, a pair's summary): a language can be added a file at a time without a page raising.
"""

from __future__ import annotations

import sys
from types import MappingProxyType

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT
from tests.pages.spanish_render import texts
from ui.frame.navigation import PAGES
from ui.i18n import CATALOGUES, EN, LANGUAGES, NUMBER_STYLES, NumberStyle, translate

MADE_UP = "xx"
MARK = "⟦xx⟧ "


@pytest.fixture
def third_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page titles, the navigation and the shared texts translated; everything else falls back to English.
    partial = {key: MARK + text for key, text in EN.items() if key.startswith(("nav.", "common."))}
    style = NumberStyle(decimal_mark=",", group_mark=".", group_from=1_000, percent_gap=" ")
    widened = {"LANGUAGES": (LANGUAGES, "Made-up"), "CATALOGUES": (CATALOGUES, partial),
               "NUMBER_STYLES": (NUMBER_STYLES, style)}
    # The tables are read-only; every module that imported one by name sees the widened copy instead.
    for module in list(sys.modules.values()):
        for name, (table, entry) in widened.items():
            if getattr(module, name, None) is table:
                monkeypatch.setattr(module, name, MappingProxyType({**table, MADE_UP: entry}))


def test_a_made_up_language_reads_its_own_texts_and_english_for_the_rest(third_language: None) -> None:
    assert translate(MADE_UP, "nav.rag") == MARK + EN["nav.rag"]
    assert translate(MADE_UP, "rag.title") == EN["rag.title"]


@pytest.mark.parametrize("page", [entry.script for entry in PAGES])
def test_every_page_opens_in_a_made_up_language(third_language: None, page: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = MADE_UP
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["language_widget"] == MADE_UP
    shown = [text for _, text in texts(at)] + [link.proto.label for link in at.get("page_link")]
    assert any(text.startswith(MARK) for text in shown), f"{page}: no text of the made-up catalogue shown"
