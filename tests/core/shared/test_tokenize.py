"""The Unicode word tokenizer: marks stay inside words, NFC after lowercasing, rouge-score's result on ASCII."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score.tokenize import tokenize as rouge_score_tokenize

from uncase_core.shared.tokenize import UnicodeTokenizer, tokenize


@pytest.mark.parametrize(("text", "expected"), [
    # Devanagari vowel signs and virama are marks (Mc, Mn): they belong to their word.
    ("हिन्दी भाषा", ["हिन्दी", "भाषा"]),
    # "İ".lower() is "i" plus U+0307 COMBINING DOT ABOVE: one word, not "i" and "stanbul".
    ("İstanbul", ["i\u0307stanbul"]),
    # Thai and Arabic marks, a Hebrew point, an enclosing mark (Me).
    ("ภาษาไทย", ["ภาษาไทย"]),
    ("مُحَمَّد", ["مُحَمَّد"]),
    ("שָׁלוֹם", ["שָׁלוֹם"]),
    ("a\u20ddb c", ["a\u20ddb", "c"]),
    # A combining accent with no precomposed form stays on its letter.
    ("q\u0301x y", ["q\u0301x", "y"]),
])
def test_marks_are_word_characters(text, expected):
    assert tokenize(text) == expected


def test_nfc_comes_after_lowercasing():
    # "Ǆ" (U+01C4) lowercases to "ǆ"; an NFD "É" lowercases to "e" plus U+0301, which NFC then joins.
    assert tokenize("E\u0301TE\u0301") == ["été"]
    assert tokenize("É\u0301") == [unicodedata.normalize("NFC", "é\u0301")]
    assert tokenize("Ǆemal") == ["ǆemal"]


SCRIPTS = st.characters(
    codec="utf-8", categories=("Lu", "Ll", "Lt", "Lo", "Mn", "Mc", "Me", "Nd", "Zs", "Po"),
    max_codepoint=0x1FFFF,
)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=SCRIPTS, max_size=40))
def test_composed_and_decomposed_input_give_the_same_tokens(text):
    assert tokenize(unicodedata.normalize("NFD", text)) == tokenize(unicodedata.normalize("NFC", text))


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=SCRIPTS, max_size=40))
def test_tokens_are_lowercased_nfc_and_have_no_separators(text):
    for token in tokenize(text):
        assert token == unicodedata.normalize("NFC", token)
        assert all(unicodedata.category(ch)[0] in "LNM" for ch in token)


ASCII_WORDS = ["Police", "KILLED", "the", "gun-man", "$25,000", "3.5", "don't", "U.S.", "snake_case", "#1",
               "100%", "a/b", "tab\tsep", "new\nline", "CamelCase", "9:00", "@home", "+34", "~", "", "x_1_y"]


@settings(max_examples=500, deadline=None)
@given(text=st.one_of(st.lists(st.sampled_from(ASCII_WORDS), max_size=30).map(" ".join),
                      st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=80)))
def test_ascii_text_gives_rouge_scores_own_tokens(text):
    assert UnicodeTokenizer().tokenize(text) == rouge_score_tokenize(text, None)
