"""Bidirectional control characters, made visible so that they cannot disguise text.

A right-to-left override (U+202E) written between ``invoice`` and ``fdp.exe`` makes the name
display as ``invoiceexe.pdf``; isolates and embeddings can likewise reorder a case id, a file
name or an error message on screen. :func:`mark_bidi_controls` writes each such character as
a marked escape, ``⟦U+202E⟧``, wherever text from a file is shown to a person. Right-to-left
*letters* (Arabic, Hebrew) are left alone: only the invisible controls are marked.
"""

from __future__ import annotations

import re

# Exactly the characters with the Unicode property Bidi_Control (PropList.txt): the Arabic letter
# mark, the left-to-right and right-to-left marks, the embeddings and overrides with their pop
# (U+202A-U+202E), and the isolates with theirs (U+2066-U+2069).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BIDI_CONTROL = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def mark_bidi_controls(text: str) -> str:
    """``text`` with every bidirectional control character written as ``⟦U+XXXX⟧``."""
    return _BIDI_CONTROL.sub(lambda found: f"\u27e6U+{ord(found.group()):04X}\u27e7", text)
