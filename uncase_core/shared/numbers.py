"""A number a person types, read with their decimal mark: ``23,1`` for a Spanish reader, ``23.1`` for an English one.

:func:`read_typed_number` takes the reader's decimal mark (``","`` or ``"."``) and reads:

- the reader's own mark as the decimal mark: ``23,1`` (Spanish), ``23.1`` (English);
- digit groups the way the app writes them: a space (also a no-break or a narrow no-break space) between groups of
  three (``12 345,5``, what :func:`ui.i18n.format_count` writes in Spanish), or the other mark between groups of three
  before the decimal part (``1.234,5`` in Spanish, ``1,234.5`` in English);
- the other mark, once and not followed by exactly three digits, as a decimal mark too (``23.1`` typed by a Spanish
  reader is 23.1: nobody groups digits that way); followed by exactly three digits it could be either (``2.500``: 2500
  or 2,5), so it is refused with both readings named, never guessed;
- an optional sign, and a trailing ``%`` where the box asks for a percentage.

Anything else is refused with an :class:`~uncase_core.errors.InputError` naming what was typed, and so is a number
outside the box's bounds (they are quoted as numbers: the pages show them with the reader's mark).

Written here rather than taken from Babel's ``parse_decimal`` (checked with Babel 2.19): for ``locale="es"`` it reads
``23.1`` as 231 (the very slip this module exists for; ``strict=True`` refuses it instead of reading 23.1) and
refuses ``1 234,5``, the grouping this app itself writes in Spanish; and it would be a 30 MB dependency for one box.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from types import MappingProxyType

from uncase_core.errors import input_error

DECIMAL_MARKS = (",", ".")
_SPACES = re.compile(r"(?<=\d)[ \u00a0\u202f\u2009](?=\d{3}(?!\d))")
_PLAIN = re.compile(r"\d+")

# Error codes of this module (InputError.code) and their English.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "number_not_read": "{got} is not a number; write it with digits and {mark} as the decimal mark, such as {example}",
    "number_ambiguous": "{got} could be read as {first_written} or as {second_written}: type the one you mean",
    "number_not_whole": "{got} is not a whole number",
    "number_below": "{got} is below the smallest value allowed, {low}",
    "number_above": "{got} is above the largest value allowed, {high}",
})


def _other(mark: str) -> str:
    return "." if mark == "," else ","


def _integer_part(text: str, grouping: str) -> str | None:
    """``text`` (digits and ``grouping`` marks) without its marks when it is plain or grouped by three; else None."""
    if _PLAIN.fullmatch(text):
        return text
    if re.fullmatch(r"[1-9]\d{0,2}(?:" + re.escape(grouping) + r"\d{3})+", text):
        return text.replace(grouping, "")
    return None


def _refused(code: str, where: str, text: str, mark: str, **params: object) -> Exception:
    return input_error(PROBLEMS, code, where, got=repr(text), mark=repr(mark), example=f"23{mark}1", **params)


def read_typed_number(text: str, decimal_mark: str, where: str = "", *, whole: bool = False, percent: bool = False,
                      low: float | None = None, high: float | None = None) -> float | None:
    """``text`` as typed, read with the reader's ``decimal_mark``; None when it is blank.

    ``whole`` refuses a fraction; ``percent`` allows a trailing ``%`` (the value is returned as typed: ``70 %``
    is 70.0); ``low`` and ``high`` bound it (inclusive). A refusal is an InputError at ``where``."""
    if decimal_mark not in DECIMAL_MARKS:
        raise ValueError(f"decimal_mark must be one of {DECIMAL_MARKS}, got {decimal_mark!r}")
    typed = text.strip()
    body = typed[:-1].rstrip() if percent and typed.endswith("%") else typed
    if not body:
        return None
    sign = -1.0 if body[0] in "-\u2212" else 1.0
    body = body[1:].lstrip() if body[0] in "+-\u2212" else body
    body = _SPACES.sub("", body)
    other = _other(decimal_mark)
    value: float | None = None
    if decimal_mark in body:
        whole_part, _, fraction = body.rpartition(decimal_mark) if body.count(decimal_mark) == 1 else ("", "", "x")
        digits = _integer_part(whole_part, other) if whole_part else "0"
        if digits is not None and _PLAIN.fullmatch(fraction):
            value = float(f"{digits}.{fraction}")
    elif other in body:
        if body.count(other) == 1:
            whole_part, _, fraction = body.partition(other)
            if _PLAIN.fullmatch(fraction) and (not whole_part or _PLAIN.fullmatch(whole_part)):
                as_decimal = float(f"{whole_part or '0'}.{fraction}")
                if len(fraction) == 3 and whole_part and whole_part[0] != "0" and len(whole_part) <= 3:
                    raise _refused("number_ambiguous", where, typed, decimal_mark, first=int(whole_part + fraction),
                                   second=as_decimal, first_written=whole_part + fraction,
                                   second_written=_shortest(whole_part, fraction, decimal_mark))
                value = as_decimal
        else:
            digits = _integer_part(body, other)
            value = None if digits is None else float(digits)
    elif _PLAIN.fullmatch(body):
        value = float(body)
    if value is None or not math.isfinite(value):
        raise _refused("number_not_read", where, typed, decimal_mark)
    value = sign * value
    if whole and not value.is_integer():
        raise _refused("number_not_whole", where, typed, decimal_mark)
    if low is not None and value < low:
        raise _refused("number_below", where, typed, decimal_mark, low=low)
    if high is not None and value > high:
        raise _refused("number_above", where, typed, decimal_mark, high=high)
    return value


def _shortest(whole_part: str, fraction: str, decimal_mark: str) -> str:
    """The decimal reading written the shortest way with the reader's mark: ``2.500`` → ``2,5``, ``1,000`` → ``1``."""
    fraction = fraction.rstrip("0")
    return f"{whole_part}{decimal_mark}{fraction}" if fraction else whole_part
