"""The HTML the frame and widgets draw for issue 39 holds no user text: constants, our own keys, a class name and a
number (tests/test_code_safety.py names each of these as the proof for its st.html call)."""

from __future__ import annotations

import html
import json
import re

import pytest

from ui.frame import contrast, sealed, select_release, streamlit_words
from ui.widgets import focus, layout


class Recorder:
    """Stands in for streamlit: records what st.html is given; a container is a context manager."""

    def __init__(self) -> None:
        self.html: list[str] = []

    def html_(self, body: str, **_: object) -> None:
        self.html.append(body)

    def container(self, **_: object):
        import contextlib

        return contextlib.nullcontext(self)


@pytest.fixture
def recorded(monkeypatch):
    recorder = Recorder()
    for module in (select_release, streamlit_words, focus, layout, contrast):
        monkeypatch.setattr(module.st, "html", recorder.html_)
        monkeypatch.setattr(module.st, "container", recorder.container)
    return recorder


def test_the_select_release_script_holds_only_our_keys(recorded):
    assert select_release.SCRIPT.count("<script>") == 1 and select_release.SCRIPT.rstrip().endswith("</script>")
    select_release.release_select_boxes("01FGUfgu")
    assert recorded.html == [select_release.STYLE, '<span data-release-keys="01FGUfgu"></span>', select_release.SCRIPT]
    for hostile in ('1"><script>alert(1)</script>', "1 0", "", "ü"):
        with pytest.raises(ValueError):
            select_release.release_select_boxes(hostile)


def test_the_key_hints_style_is_a_constant(recorded):
    focus.hide_key_hints_without_keyboard()
    assert recorded.html == [focus.KEY_HINTS_STYLE]
    assert re.fullmatch(r"<style>[^<>]*</style>", focus.KEY_HINTS_STYLE)


def test_the_caption_contrast_style_is_a_constant(recorded):
    contrast.readable_text()
    assert recorded.html == [contrast.STYLE]
    assert re.fullmatch(r"<style>[^<>]*</style>", contrast.STYLE)


def test_streamlit_words_holds_only_the_catalogues_words_escaped(recorded, monkeypatch):
    hostile = '"><script>alert(1)</script><img src=x onerror=alert(1)> {label}'
    monkeypatch.setattr(streamlit_words, "translate", lambda lang, key: hostile)
    streamlit_words.streamlit_words("es")
    style, marker, script = recorded.html
    assert (style, script) == (streamlit_words.STYLE, streamlit_words.SCRIPT)
    assert script.count("<script>") == 1 and script.rstrip().endswith("</script>")
    assert re.fullmatch(r'<span data-streamlit-words="[^"<>]*"></span>', marker)
    assert "&lt;script" in marker and "&lt;img" in marker and "<script" not in marker
    words = json.loads(html.unescape(marker.split('"', 1)[1].rsplit('"', 1)[0]))
    assert set(words["words"].values()) == {hostile}
    assert words["lang"] == "es"  # the document's language, set by the script


def test_the_label_columns_style_holds_only_a_class_name_and_a_number(recorded):
    class Row:
        def container(self, **_: object):
            return "column"

    assert layout.label_column(Row(), "rag_label_column", 358) == "column"
    assert recorded.html == ["<style>div:has(> .st-key-rag_label_column) { min-width: min(358px, 100%); }</style>"]
    for key, least in (("x} body {display:none", 358), ("rag", "358px; }"), ("Rag-1", 358)):
        with pytest.raises(ValueError):
            layout.label_column(Row(), key, least)


def test_the_sealing_box_style_is_a_constant_holding_only_its_key(recorded, monkeypatch):
    """The facilitator's tab draws one style rule hiding its sealing box: our key, no token, secret or handle."""
    monkeypatch.setattr(sealed.st, "html", recorded.html_)
    monkeypatch.setattr(sealed.st, "container", recorded.container)
    monkeypatch.setattr(sealed, "is_sealed", lambda: True)
    sealed.seal_address("<script>alert(1)</script>", {"c": "<img src=x onerror=alert(1)>"})
    assert recorded.html == [sealed._STYLE]
    assert re.fullmatch(r"<style>\.st-key-[a-z_]+ \{ display: none; \}</style>", sealed._STYLE)
