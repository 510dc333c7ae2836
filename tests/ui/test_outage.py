"""The words shown while the server is away (ui/frame/outage.py): a style rule with the catalogue's text, escaped."""

from __future__ import annotations

import re

import pytest

from ui.frame.outage import css_string, outage_style
from ui.i18n import translate


def unescape_css(literal: str) -> str:
    """A CSS string literal back to its text, as a browser reads it (hex escapes end with one optional space)."""
    assert literal.startswith('"') and literal.endswith('"')
    return re.sub(r"\\([0-9a-fA-F]{1,6}) ?", lambda m: chr(int(m.group(1), 16)), literal[1:-1])


@pytest.mark.parametrize("text", ["plain words", 'a "quote", a \\ and a\nnewline', "</style><script>alert(1)</script>",
                                  "<img src=x onerror=alert(1)>", "vuelve, y: ¿sí? ¡no! 0,65 · ñ"])
def test_css_string_holds_the_text_and_nothing_that_can_end_it(text):
    literal = css_string(text)
    assert unescape_css(literal) == text
    # Letters, digits, spaces and escapes only: no quote, backslash, newline or angle bracket of its own.
    assert re.fullmatch(r"(?:[^\W_]| |\\[0-9a-f]{1,6} )*", literal[1:-1]), literal


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_outage_style_is_one_style_block_with_the_catalogues_words(lang):
    style = outage_style(lang)
    assert style.startswith("<style>") and style.endswith("</style>") and style.count("<") == 2
    contents = [unescape_css(found) for found in re.findall(r'content: ("[^"]*")', style)]
    assert contents == [translate(lang, "outage.title"), translate(lang, "outage.message")]
    # Only while the app root is not connected, and only Streamlit's dialog.
    assert 'not([data-test-connection-state="CONNECTED"])' in style and 'section[role="dialog"]' in style
