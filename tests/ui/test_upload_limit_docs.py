"""docs/formats.md says the RAG page's upload limit once, and says the figure the code enforces (issue 51, item 9: it
gave both 2 MB and 5 MB as the limit)."""

from __future__ import annotations

import re
from pathlib import Path

from ui.frame.limits import LIMITS

FORMATS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
STATEMENT = re.compile(r"may be at most \*\*(\d+) MB\*\*")


def _paragraphs() -> list[str]:
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", FORMATS.read_text(encoding="utf-8"))]


def test_the_docs_upload_limit_is_the_rag_pages_limit_in_the_code():
    figures = [int(found) for paragraph in _paragraphs() for found in STATEMENT.findall(paragraph)]
    assert figures == [LIMITS["rag"].upload_mb]


# How a size reads as a page's upload limit ("the page's 2 MB", "5 MB on a page", "the upload limit (2 MB on the RAG
# ..."): said anywhere but in the one statement, it is a second figure that can drift from the code.
OTHER_LIMITS = re.compile(r"page's \d+ MB|\d+ MB on (?:a|the) \w+|upload limit \(\d+ MB", re.IGNORECASE)


def test_no_other_sentence_gives_an_upload_limit():
    said = [found.group(0) for paragraph in _paragraphs() for found in OTHER_LIMITS.finditer(paragraph)]
    assert not said, said
