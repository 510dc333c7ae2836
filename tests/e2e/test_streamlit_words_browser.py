"""Streamlit's own English, said in the reader's language, in real Chromium (issue 49, item 8).

A screen reader in a Spanish class heard "Help for Cobertura" on every help icon and "Sí Shortcut 1" on the judge
page's buttons; the upload box said "Upload" and "2MB per file"; a phone showed key hints ("Sí 1", "Modo enfoque F")
with no keyboard to press them. ui/frame/streamlit_words.py rewords Streamlit's strings from the catalogue, and a
style decided by the screen (ui/widgets/focus.py, ui/widgets/focus_pad.py) hides the key hints where no keyboard is.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import wait_until_drawn, wait_until_idle
from ui.i18n import translate

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TEXT_TIMEOUT = 30_000
ARIA_LABELS = "() => Array.from(document.querySelectorAll('[aria-label]'), (node) => node.getAttribute('aria-label'))"


def prefix(lang: str, key: str) -> str:
    """A catalogue template's words before its placeholder ("Ayuda: " for "Ayuda: {label}")."""
    return translate(lang, key).split("{", 1)[0]


def template_pattern(lang: str, key: str) -> re.Pattern[str]:
    """A catalogue template with its placeholder as any word ("{size} por archivo" -> r"^\\S+ por archivo$")."""
    return re.compile("^" + re.sub(r"\\\{\w+\\\}", r"\\S+", re.escape(translate(lang, key))) + "$")


def labels_said(page: Any, lang: str) -> tuple[list[str], list[str]]:
    """The page's help and key-hint accessible names in ``lang``'s words, and those in any other language's."""
    labels = page.evaluate(ARIA_LABELS)
    keys = ("streamlit.help_for", "streamlit.shortcut")
    ours = [label for label in labels if label.startswith(tuple(prefix(lang, key) for key in keys))]
    other = "en" if lang == "es" else "es"
    foreign = [label for label in labels if label.startswith(tuple(prefix(other, key) for key in keys))]
    return ours, foreign


def settle(page: Any) -> None:
    wait_until_idle(page)
    wait_until_drawn(page)


def test_help_icons_key_hints_and_the_upload_box_speak_spanish_and_back(chromium: Any, app_url: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="es-MX")
    context.set_default_timeout(TEXT_TIMEOUT)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/judge_and_hand_labels?lang=es")
        expect(page.get_by_role("button", name=translate("es", "streamlit.upload"), exact=True).first).to_be_visible(
            timeout=60_000)
        settle(page)
        spanish, english = labels_said(page, "es")
        assert english == [], english  # "Help for ...", "Shortcut 1" heard on a Spanish page
        assert any(label.startswith(prefix("es", "streamlit.help_for")) for label in spanish), spanish
        assert any(label.startswith(prefix("es", "streamlit.shortcut")) for label in spanish), spanish
        assert page.get_by_role("button", name=translate("en", "streamlit.upload"), exact=True).count() == 0
        assert page.get_by_role("link", name=translate("en", "streamlit.heading_link"), exact=True).count() == 0
        instructions = page.get_by_test_id("stFileUploaderDropzoneInstructions").first.inner_text()
        size = instructions.split("•")[0].strip()
        assert template_pattern("es", "streamlit.per_file").match(size), instructions

        # Switched to English, the same nodes say Streamlit's English again (not the Spanish they were given).
        page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
        expect(page.get_by_role("button", name=translate("en", "streamlit.upload"), exact=True).first).to_be_visible()
        settle(page)
        english, spanish = labels_said(page, "en")
        assert spanish == [], spanish
        assert any(label.startswith(prefix("en", "streamlit.help_for")) for label in english), english
        assert any(label.startswith(prefix("en", "streamlit.shortcut")) for label in english), english
        size = page.get_by_test_id("stFileUploaderDropzoneInstructions").first.inner_text().split("•")[0].strip()
        assert template_pattern("en", "streamlit.per_file").match(size), size
    finally:
        context.close()


@pytest.mark.parametrize(("width", "touch"), [(390, True), (1280, False)])
def test_key_hints_show_only_where_a_keyboard_is(chromium: Any, app_url: str, width: int, touch: bool) -> None:
    # A phone asking for the desktop site sends a desktop browser's headers (no "Mobi", no Sec-CH-UA-Mobile ?1):
    # only the screen says there is no keyboard.
    context = chromium.new_context(viewport={"width": width, "height": 850}, locale="es-MX", is_mobile=touch,
                                   has_touch=touch)
    context.set_default_timeout(TEXT_TIMEOUT)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/rag_diagnosis?lang=es")
        main = page.get_by_test_id("stMain")
        focus_button = main.get_by_role("button", name=re.compile("^" + re.escape(translate("es", "focus.view.focus"))))
        expect(focus_button).to_be_visible(timeout=60_000)
        settle(page)
        focus_button.click()
        expect(page.locator(".uncase-pad button").first).to_be_visible()
        settle(page)
        # Whether each key hint's own style hides it (a button hidden for another reason, as the keypad's undo with
        # nothing to undo, says nothing about its hint).
        styles = page.evaluate("""() => Array.from(document.querySelectorAll(
            '[data-has-shortcut="true"] kbd, .uncase-pad kbd'), (kbd) => getComputedStyle(kbd).display)""")
        assert len(styles) >= 2 + 6, styles  # the grid / focus switch and the keypad's six buttons
        assert [display != "none" for display in styles] == [not touch] * len(styles), styles
    finally:
        context.close()
