"""Literal text in markdown: every markdown-active character is escaped, nothing else changes."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.text import id_list, literal
from uncase_core.shared.bidi import BIDI_CONTROLS, mark_bidi_controls


def test_html_links_images_and_latex_are_escaped():
    assert literal("<img src=x onerror=alert(1)>") == r"\<img src=x onerror=alert\(1\)\>"
    assert literal("[x](javascript:alert(1))") == r"\[x\]\(javascript\:alert\(1\)\)"
    assert literal("![t](http://evil/p.png)") == r"\!\[t\]\(http\:\/\/evil\/p\.png\)".replace(r"\/", "/")
    assert literal("$x^2$ **b**") == r"\$x^2\$ \*\*b\*\*"


@given(st.text())
def test_unescaping_gives_back_the_text(text):
    """Back to the text itself, bidirectional controls written as marked escapes (nothing else changes)."""
    assert re.sub(r"\\(.)", r"\1", literal(text), flags=re.DOTALL) == mark_bidi_controls(text)


@given(st.text(alphabet=st.sampled_from(["a", "b", ".", "*", "\u202e", "\u2066", "\u200f", "ع", "ש"])))
def test_no_bidirectional_control_reaches_the_page(text):
    shown = literal(text)
    assert not BIDI_CONTROLS & set(shown)
    assert re.sub(r"\\(.)", r"\1", shown, flags=re.DOTALL) == mark_bidi_controls(text)


def test_a_disguised_name_is_shown_as_it_is():
    """A right-to-left override makes "invoice" + RLO + "fdp.exe" display as "invoiceexe.pdf"."""
    assert literal("invoice\u202efdp.exe") == r"invoice⟦U\+202E⟧fdp\.exe"
    assert literal("مرحبا שלום") == "مرحبا שלום"  # right-to-left letters are left alone


def test_id_list_is_literal_and_shortened():
    assert id_list(["a_1", "b*2"], 5) == r"a\_1, b\*2"
    assert id_list([str(i) for i in range(12)], 10).endswith(", 9 ...")
