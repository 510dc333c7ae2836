"""CSV as spreadsheet programs save it: which delimiter a file uses, and numbers written with a decimal comma.

Excel and LibreOffice save "CSV" with the list separator of the computer's locale: commas in an
English locale, semicolons where the comma is the decimal separator (Spanish, French, German...),
tabs for "text (tab delimited)"; Excel's "CSV UTF-8" also puts a byte-order mark in front (the
decoders drop it, :func:`uncase_core.shared.jsonfiles.decode_text`).

:func:`sniff_delimiter` finds the delimiter among ``,``, ``;`` and tab. The header line decides
first: it holds column names, so the one delimiter found in it outside quotes is the file's.
When the header holds none (one column) or several, :class:`csv.Sniffer`, restricted to those
three, looks at the start of the file; when it cannot tell either, the delimiter counted most
often in the header wins (commas on a tie, and for a one-column file). A reader says which one
it used with the note ``csv_delimiter`` (:data:`CSV_NOTES`; params ``delimiter``: ``","``,
``";"`` or ``"tab"``).

:func:`decimal_text` reads a number cell written with a decimal comma (``0,65``), and refuses
digit grouping (``1.234,5``, ``1,234.5``, ``1,234,567``) with a message instead of guessing.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from uncase_core.errors import input_error

DELIMITERS = (",", ";", "\t")
# The start of the file csv.Sniffer looks at, in characters.
_SNIFF_CHARS = 16_384

# Note codes (uncase_core.shared.notes.Note) a CSV reader gives, and their English.
CSV_NOTES: Mapping[str, str] = MappingProxyType({
    "csv_delimiter": "read as CSV with cells separated by {delimiter}",
})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "number_grouping": "{got} groups its digits with a thousands separator; write the number without one "
                       "(such as 0,65 or 0.65)",
})


def delimiter_name(delimiter: str) -> str:
    """How a note or an error names a delimiter: ``","``, ``";"`` or ``"tab"``."""
    return "tab" if delimiter == "\t" else delimiter


def _header_line(text: str) -> str:
    """The first line of ``text`` (after blank lines), up to the first line break outside double quotes."""
    text = text.lstrip("\ufeff").lstrip("\r\n")
    quoted = False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char in "\r\n" and not quoted:
            return text[:index]
    return text


def _counts_outside_quotes(line: str) -> dict[str, int]:
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    return counts


def sniff_delimiter(text: str) -> str:
    """The delimiter of CSV ``text``: ``","``, ``";"`` or ``"\\t"`` (see the module's docstring for how)."""
    counts = _counts_outside_quotes(_header_line(text))
    present = [delimiter for delimiter in DELIMITERS if counts[delimiter]]
    if len(present) == 1:
        return present[0]
    try:
        sniffed = csv.Sniffer().sniff(text.lstrip("\ufeff")[:_SNIFF_CHARS], delimiters="".join(DELIMITERS))
        if sniffed.delimiter in (present or DELIMITERS):
            return sniffed.delimiter
    except csv.Error:  # "Could not determine delimiter"
        pass
    return max(present, key=lambda delimiter: counts[delimiter]) if present else ","


_DECIMAL_COMMA = re.compile(r"[-+]?\d*,\d+")


def decimal_text(word: str, where: str = "") -> str:
    """``word`` with a decimal comma turned into a point (``"0,65"`` -> ``"0.65"``); other words unchanged.

    A word holding both a comma and a point, or two commas, between digits is digit grouping
    (``1.234,5``): refused at ``where`` (error ``number_grouping``), since ``1.234`` may be either.
    """
    stripped = word.strip()
    if re.search(r"\d", stripped) and (("," in stripped and "." in stripped) or stripped.count(",") > 1):
        raise input_error(PROBLEMS, "number_grouping", where, got=repr(stripped))
    if _DECIMAL_COMMA.fullmatch(stripped):
        return stripped.replace(",", ".")
    return word


# A cell a spreadsheet program would run as a formula when the CSV file is opened (OWASP's "CSV injection"):
# one starting with these. Every table of results the playground writes for a spreadsheet passes its text cells
# through :func:`formula_safe`; a file for another tool does only when asked (:func:`csv_row`).
# A spreadsheet may first trim what it sees as blank (spaces, tabs, line ends, no-break spaces, zero-width characters,
# a byte-order mark) and read the full-width forms of the signs as the signs themselves (" =1+1",
# "\u200b=1+1" and "＝1+1" passed the guard), so those are looked past and those signs count too.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_BLANK_START = " \t\r\n\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028" \
               "\u2029\u202f\u205f\u3000\u180e\u200b\u200c\u200d\u2060\ufeff"
FORMULA_ESCAPE = "'"


def _is_plain_number(text: str) -> bool:
    """``-3`` or ``-0.25``, written as such (no spaces around): a spreadsheet reads it as a number, not a formula."""
    if text != text.strip():
        return False
    try:
        float(text)
    except ValueError:
        return False
    return True


def _needs_escape(text: str) -> bool:
    unquoted = text.lstrip(FORMULA_ESCAPE)
    first = unquoted[:1] if unquoted[:1] in FORMULA_STARTS else unquoted.lstrip(_BLANK_START)[:1]
    return first != "" and first in FORMULA_STARTS and not _is_plain_number(text)


def formula_safe(value: object) -> object:
    """A CSV cell that a spreadsheet shows as text instead of running it: a text beginning with ``=``, ``+``,
    ``-``, ``@`` (or their full-width forms), a tab or a line end, also after blanks and zero-width characters, gets a
    single quote in front (``'=HYPERLINK(...)``, ``' =1+1``); a plain number (``-0.5``) and anything that is not a
    text are returned as they are.

    A text that already begins with quotes before such a character gets one more, so :func:`formula_unsafe`
    gives back exactly what was written (``'=x`` -> ``''=x`` -> ``'=x``).
    """
    if isinstance(value, str) and _needs_escape(value):
        return FORMULA_ESCAPE + value
    return value


def formula_unsafe(cell: str | None) -> str | None:
    """The text :func:`formula_safe` was given, from the cell it wrote (other cells are returned as they are)."""
    if cell is not None and cell.startswith(FORMULA_ESCAPE) and _needs_escape(cell[1:]):
        return cell[1:]
    return cell


def formula_safe_row(values: Iterable[object]) -> list[object]:
    """:func:`formula_safe` over one row's cells."""
    return [formula_safe(value) for value in values]


def csv_row(values: Iterable[object], spreadsheet: bool) -> list[object]:
    """One row of a file another tool reads back: its cells as they are, or, for a file meant for a spreadsheet
    (``spreadsheet``), with :func:`formula_safe`'s quote; RAGAS, DeepEval and pandas would read that quote as text,
    so a file going back to the tool that wrote it must come back with the same cells."""
    return formula_safe_row(values) if spreadsheet else list(values)
