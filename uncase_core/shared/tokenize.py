"""Word tokenization that keeps every language's letters.

rouge-score's default tokenizer lowercases and keeps only ``[a-z0-9]`` runs, so "niño"
becomes "ni", "o" and "él está aquí" shares nothing with "el esta aqui". This tokenizer
does the same thing with Unicode: a word is a run of letters (``L*``), numbers (``N*``) and
combining marks (``Mn``, ``Mc``, ``Me``), so the vowel signs of "हिन्दी" and the dot that
lowercasing "İ" leaves behind stay inside their word. On plain ASCII text it returns exactly
what rouge-score's default returns (without stemming), and elsewhere it keeps accents.

The text is lowercased first and then put in Unicode normalization form NFC, in that order:
lowercasing can itself produce decomposed sequences (``"İ".lower()`` is ``"i"`` plus a
combining dot), and NFC afterwards makes "é" typed as "e" plus a combining accent one letter
whatever the input's form.

Python's ``re`` has no class for Unicode marks (its ``\\w`` leaves them out, which is why
they used to split words); the ``regex`` package's ``\\p{M}`` is used instead.
"""

from __future__ import annotations

import unicodedata

import regex

# Anything that is not a letter, number or mark in any script separates words (the underscore
# is a connector punctuation, so it separates words, as it does for rouge-score).
_SEPARATORS = regex.compile(r"[^\p{L}\p{N}\p{M}]+")


class UnicodeTokenizer:
    """A rouge-score compatible tokenizer object: ``tokenize(text) -> list[str]``."""

    def tokenize(self, text: str) -> list[str]:
        return split_words(unicodedata.normalize("NFC", text.lower()))


def split_words(normalized: str) -> list[str]:
    """The runs of letters, numbers and marks of text already lowercased and NFC-normalized."""
    return [token for token in _SEPARATORS.split(normalized) if token]


def tokenize(text: str) -> list[str]:
    return UnicodeTokenizer().tokenize(text)
