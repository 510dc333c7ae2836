"""Word tokenization that keeps every language's letters.

rouge-score's default tokenizer lowercases and keeps only ``[a-z0-9]`` runs, so "niño"
becomes "ni", "o" and "él está aquí" shares nothing with "el esta aqui". This tokenizer
does the same thing with Unicode letters and digits: on plain ASCII text it returns exactly
what rouge-score's default returns (without stemming), and elsewhere it keeps accents.
"""

from __future__ import annotations

import re
import unicodedata

# Anything that is not a letter or digit in any script (the underscore counts as a separator,
# as it does for rouge-score).
_SEPARATORS = re.compile(r"[\W_]+")


class UnicodeTokenizer:
    """A rouge-score compatible tokenizer object: ``tokenize(text) -> list[str]``."""

    def tokenize(self, text: str) -> list[str]:
        # NFC first, so "é" written as "e" plus a combining accent stays one letter.
        return split_words(unicodedata.normalize("NFC", text).lower())


def split_words(normalized: str) -> list[str]:
    """The runs of letters and digits of text already NFC-normalized and lowercased."""
    return [token for token in _SEPARATORS.split(normalized) if token]


def tokenize(text: str) -> list[str]:
    return UnicodeTokenizer().tokenize(text)
