"""A deterministic sentence splitter for English and Spanish text.

Good enough to turn an answer into claims to label and a reference into facts: it
splits after ``.``, ``!``, ``?`` and ``…`` when the next sentence starts (a capital
letter, a digit, an opening ``¿``, ``¡`` or quote), and on line breaks, while keeping
decimals (``3.5``), common abbreviations (``Dr.``, ``e.g.``, ``p. ej.``, ``No. 5``) and initials
together; a unit after a number (``24 h.``, ``30 min.``) and a short answer (``Yes.``, ``No.``, ``Sí.``) end their
sentence. The user edits the result anyway; being predictable matters more than
being clever.
"""

from __future__ import annotations

import re

# Lower-cased, without the final period.
ABBREVIATIONS = frozenset({
    # English
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "inc",
    "ltd", "co", "corp", "no", "fig", "approx", "dept", "est", "min", "max", "jan", "feb",
    "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s",
    # Spanish
    "sra", "srta", "dra", "d", "dña", "ud", "uds", "vd", "vds", "pág", "págs", "núm",
    "art", "aprox", "tel", "ej", "p. ej", "p.ej", "cap", "av", "avda", "ee.uu",
})

# Units written after a number ("24 h", "30 min", "5 km"): there they end a sentence, not an initial or an
# abbreviation, when the next sentence starts ("...en 24 h. La reposición...").
UNITS_AFTER_NUMBERS = frozenset({"h", "hr", "hrs", "min", "s", "seg", "ms", "m", "km", "cm", "mm", "kg", "g", "mg",
                                 "l", "ml", "d", "días", "days"})
# Abbreviations that are one only before a number: "No. 5", "núm. 3"; before a word "No." is a short answer.
BEFORE_NUMBERS = frozenset({"no", "núm"})
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?$")

_BOUNDARY = re.compile(r"([.!?…]+[\"'”’»)]*)(\s+)(?=[\"'“‘«(¿¡]?[0-9A-ZÀ-ÖØ-ÞÑ])")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•·]|\d{1,3}[.)])\s+")


def _ends_with_abbreviation(text: str, following: str = "") -> bool:
    """Whether the period ending ``text`` belongs to an abbreviation, so the sentence goes on into ``following``."""
    if not text.endswith("."):
        return False
    words = text[:-1].rsplit(None, 2)  # the last two words are all that is read (a sentence's head may be long)
    if not words:
        return False
    last = words[-1].lower()
    if len(words) >= 2 and last in UNITS_AFTER_NUMBERS and _NUMBER.match(words[-2]):
        return False  # "24 h." ends the sentence
    if last in BEFORE_NUMBERS and not following[:1].isdigit():
        return False  # "No. Returns are..." is a short answer, as "Yes." is
    two = " ".join(words[-2:]).lower() if len(words) >= 2 else last
    # A single letter is an initial ("J. Smith"), unless it is a whole sentence.
    return last in ABBREVIATIONS or two in ABBREVIATIONS or (len(last) == 1 and last.isalpha() and len(words) > 1)


def split_sentences(text: str) -> list[str]:
    """Split ``text`` into trimmed sentences, in order, dropping empty ones and list markers."""
    sentences: list[str] = []
    for line in text.splitlines():
        line = _LIST_MARKER.sub("", line).strip()
        if not line:
            continue
        start = 0
        for match in _BOUNDARY.finditer(line):
            candidate = line[start:match.end(1)]
            if _ends_with_abbreviation(candidate, line[match.end():]):
                continue
            sentences.append(candidate.strip())
            start = match.end()
        rest = line[start:].strip()
        if rest:
            sentences.append(rest)
    return [s for s in sentences if s]
