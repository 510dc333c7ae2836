"""Literal text in markdown: every markdown-active character is escaped, nothing else changes."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from ui.text import id_list, literal


def test_html_links_images_and_latex_are_escaped():
    assert literal("<img src=x onerror=alert(1)>") == r"\<img src=x onerror=alert\(1\)\>"
    assert literal("[x](javascript:alert(1))") == r"\[x\]\(javascript\:alert\(1\)\)"
    assert literal("![t](http://evil/p.png)") == r"\!\[t\]\(http\:\/\/evil\/p\.png\)".replace(r"\/", "/")
    assert literal("$x^2$ **b**") == r"\$x^2\$ \*\*b\*\*"


@given(st.text())
def test_unescaping_gives_back_the_text(text):
    assert re.sub(r"\\(.)", r"\1", literal(text), flags=re.DOTALL) == text


def test_id_list_is_literal_and_shortened():
    assert id_list(["a_1", "b*2"], 5) == r"a\_1, b\*2"
    assert id_list([str(i) for i in range(12)], 10).endswith(", 9 ...")
