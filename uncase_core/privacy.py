"""Personal data in conversation turns, found by detectors that validate what they match.

A candidate is only reported when it passes the checks its kind has: the Luhn check for
payment cards, ISO 13616 mod-97 and the country's length for IBANs, the RENAPO check
digit for a CURP, the SAT check digit for an RFC, the mod-23 letter for a DNI or NIE,
both check digits for a CPF, a parse by :mod:`ipaddress` for IPv6. A number that fails
its check is not reported as that kind.

Rules, kind by kind (``[0-9]`` means ASCII digits only; "glued" means touching a letter,
a digit or ``_`` of any script, so ``ORD-12345`` or ``12345678Zeta`` yield nothing):

``email``
    ASCII ``local@domain.tld``: the local part is letters, digits and ``_%+-`` with single
    inner dots (at most 64 characters), the domain is dot-separated labels of letters,
    digits and inner hyphens ending in an alphabetic TLD of 2-63 letters; 254 characters
    at most. Internationalized (non-ASCII) addresses are not detected.
``iban``
    Two letters, two check digits (02-98) and the rest of the country's length (table
    :data:`IBAN_LENGTHS`; countries not in it are not detected, Mexico has no IBAN),
    compact or with single spaces anywhere (``ES91 2100 0418 4502 0005 1332``), either
    case; mod-97 of the rearranged number must be 1.
``card``
    13-19 digits whose first digit is 2-6 (the issuer ranges of Mastercard, Amex, Diners,
    JCB, Visa, Maestro, Discover, UnionPay, Elo), passing Luhn; written compact, in
    groups of four (the last group 1-4 digits) or as 4-6-5 / 4-6-4 (Amex, Diners),
    separated throughout by the same single space or dash.
``cpf``
    11 digits, compact or exactly ``000.000.000-00``; both check digits must verify and
    a number made of one repeated digit is rejected.
``curp``
    18 capitals: initial, vowel (or ``X``), two letters, a real date ``yymmdd`` (century
    1900 when the 17th character is a digit, 2000 when it is a letter), sex ``H``/``M``
    (or ``X``), a state code of RENAPO's list (``NE`` for born abroad), three
    consonants, the differentiator and the check digit (weights 18..2 over the
    alphabet ``0-9 A-N Ñ O-Z``, ``(10 - sum % 10) % 10``).
``rfc``
    Capitals: 4 letters (persons, 13 characters) or 3 (companies, 12 characters) from
    ``A-Z Ñ &``, a real date ``yymmdd``, and the 3-character homoclave whose last
    character is the check digit (mod 11 over SAT's table ``0-9 A-N & O-Z space Ñ``,
    weights 13..2 with companies padded by one leading space; ``10`` is written ``A``).
    The parts may be separated by one space or dash (``GODE 561231 GR8``). The 10-character
    form without homoclave has no check digit and is not detected.
``dni_nie``
    DNI: 8 digits (or ``12.345.678``), an optional dash and the letter
    ``TRWAGMYFPDXBNJZSQVHLCKE[number % 23]``; NIE: ``X``/``Y``/``Z`` (read as 0/1/2),
    7 digits and the same letter. Either case.
``ip``
    IPv4: exactly four dot-separated octets 0-255 without leading zeros (so ``4.2.1``
    and ``1.2.3.4.5`` are not addresses); IPv6: a colon-separated token that
    :class:`ipaddress.IPv6Address` accepts and that contains at least one decimal digit
    (so ``Cafe::Bad`` in code is left alone). The unspecified addresses ``0.0.0.0`` and
    ``::`` identify nobody and are not reported; loopback and private addresses are.
``phone``
    Either ``+`` and a country code with 8-15 digits in total (E.164), where ``+52``
    needs 10 national digits (11 with the mobile ``1``), ``+34`` 9, ``+55`` 10 or 11 and
    ``+1`` 10; or a national number separated by single spaces or dashes, with only the
    first group in parentheses:

    * Spain, 9 digits starting 6-9: ``612345678``, ``612 345 678``, ``612 34 56 78``,
      ``91 234 56 78``;
    * Mexico, 10 digits starting 2-9, always grouped: ``55 1234 5678``,
      ``(55) 1234-5678``, ``555-123-4567``, ``(555) 123-4567``;
    * Brazil, area code 11-99 without a zero, then a mobile ``9`` and 8 digits:
      ``11912345678``, ``11 91234-5678``, ``(11) 91234-5678``, ``(11) 9 1234-5678``,
      ``(11) 912345678``; or a landline starting 2-5: ``(11) 3456-7890``.

Digit tokens are read whole: a run of digits joined by single spaces, dots, dashes and
parenthesized groups is classified as one unit (card, CPF, IPv4 or phone) or not at all,
so a 16-digit number is never cut into a phone number, and a run glued to a letter, or
following a word and a dash or slash (``ORD-4111111111111111``), is skipped. Digits
alone in brackets, ``(52998224725)``, are read without the brackets.

When detectors match overlapping text the more specific kind wins, in the order of
:data:`KINDS`; within one kind the longer match wins.
"""

from __future__ import annotations

import datetime
import ipaddress
import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from uncase_core.errors import InputError

# Every kind of finding, most specific first: the order that settles overlapping matches.
KINDS = ("email", "iban", "card", "cpf", "curp", "rfc", "dni_nie", "ip", "phone")
_RANK = MappingProxyType({kind: rank for rank, kind in enumerate(KINDS)})

# ISO 13616 lengths of the IBANs that are detected.
IBAN_LENGTHS = MappingProxyType({
    "AD": 24, "AT": 20, "BE": 16, "BG": 22, "BR": 29, "CH": 21, "CY": 28, "CZ": 24,
    "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27,
    "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24,
    "SE": 24, "SI": 19, "SK": 24, "SM": 27,
})

_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_CURP_ALPHABET = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
_RFC_ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ"
_CURP_STATES = frozenset(
    "AS BC BS CC CH CL CM CS DF DG GR GT HG JC MC MN MS NE NL NT OC PL QR QT SL SP SR TC TL TS VZ YN ZS".split()
)

# Phone layouts: group lengths, "(n)" for a parenthesized first group.
_SPAIN_SHAPES = frozenset({"9", "3 3 3", "3 2 2 2", "2 3 2 2"})
_MEXICO_SHAPES = frozenset({"2 4 4", "3 3 4", "(2) 4 4", "(3) 3 4"})
_BRAZIL_MOBILE_SHAPES = frozenset({"11", "2 5 4", "(2) 5 4", "2 9", "(2) 9", "2 1 4 4", "(2) 1 4 4"})
_BRAZIL_LANDLINE_SHAPES = frozenset({"2 4 4", "(2) 4 4"})

_EMAIL = re.compile(
    r"(?<![\w.%+-])"
    r"([A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*)"
    r"@"
    r"((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63})"
    r"(?![\w-])"
)
_IBAN_START = re.compile(r"(?<!\w)[A-Za-z]{2}[0-9]{2}")
_CURP = re.compile(r"(?<!\w)[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9](?!\w)")
_CURP_STRICT = re.compile(r"[A-Z][AEIOUX][A-Z]{2}[0-9]{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z][0-9]")
_RFC = re.compile(r"(?<![\w&])([A-ZÑ&]{3,4})[ -]?([0-9]{6})[ -]?([A-Z0-9]{2}[0-9A])(?![\w&])")
_RFC_STRICT = re.compile(r"[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]")
_DNI = re.compile(r"(?<![\w+])(?<![0-9][.,])(?<!\w[-/])([0-9]{8}|[0-9]{2}\.[0-9]{3}\.[0-9]{3})-?([A-Za-z])(?!\w)")
_NIE = re.compile(r"(?<![\w+])(?<!\w[-/])([XYZxyz])-?([0-9]{7})-?([A-Za-z])(?!\w)")
_IPV6 = re.compile(r"(?<![\w:.])(?:[0-9A-Fa-f]{1,4})?:[0-9A-Fa-f:.]*")
# A run of digits: single spaces, dots or dashes between digits, parenthesized groups.
_RUN = re.compile(
    r"(?<![\w+])(?<![0-9][ .,])(?<!\w[-/])"
    r"\+?(?:\([0-9]+\)|[0-9])(?:[0-9]|[ .-]?\([0-9]+\)|[ .-][0-9])*"
)
_RUN_PART = re.compile(r"\(([0-9]+)\)|([0-9]+)|([ .-])")


@dataclass(frozen=True)
class PrivacyFinding:
    """One piece of personal data: ``kind`` (one of :data:`KINDS`) found in turn ``turn``.

    ``start`` and ``end`` are string indices into that turn's text, and
    ``text == turn_text[start:end]``.
    """

    kind: str
    turn: int
    start: int
    end: int
    text: str


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _glued_right(text: str, end: int) -> bool:
    """Whether a digit token ending at ``end`` continues into a word or number."""
    if end >= len(text):
        return False
    char = text[end]
    after = text[end + 1] if end + 1 < len(text) else ""
    if _is_word(char):
        return True
    return (char in "-/" and after != "" and _is_word(after)) or (char == "," and after.isdigit())


def _valid_date(yymmdd: str, century: int) -> bool:
    try:
        datetime.date(century + int(yymmdd[:2]), int(yymmdd[2:4]), int(yymmdd[4:6]))
    except ValueError:
        return False
    return True


def luhn_valid(digits: str) -> bool:
    """Whether the ASCII digit string ``digits`` passes the Luhn (mod 10) check."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def iban_valid(iban: str) -> bool:
    """Whether compact, upper-case ``iban`` has its country's length and passes mod-97."""
    if len(iban) < 5 or not iban.isascii() or not iban.isalnum() or not iban[2:4].isdigit():
        return False
    if IBAN_LENGTHS.get(iban[:2]) != len(iban) or not 2 <= int(iban[2:4]) <= 98:
        return False
    rearranged = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in rearranged)) % 97 == 1


def cpf_valid(digits: str) -> bool:
    """Whether the 11 ASCII digits ``digits`` are a CPF: both check digits right, not one repeated digit."""
    if len(digits) != 11 or not digits.isascii() or not digits.isdigit() or len(set(digits)) == 1:
        return False
    for size in (9, 10):
        total = sum(int(digits[i]) * (size + 1 - i) for i in range(size))
        if total * 10 % 11 % 10 != int(digits[size]):
            return False
    return True


def dni_letter(number: str) -> str:
    """The DNI check letter for the digits ``number`` (a NIE's prefix already replaced by 0/1/2)."""
    return _DNI_LETTERS[int(number) % 23]


def curp_check_digit(curp17: str) -> str:
    """RENAPO check digit over the first 17 characters of a CURP."""
    total = sum(_CURP_ALPHABET.index(char) * (18 - i) for i, char in enumerate(curp17[:17]))
    return str((10 - total % 10) % 10)


def curp_valid(curp: str) -> bool:
    """Whether ``curp`` (18 capitals) has a valid format, date, state and check digit."""
    if len(curp) != 18 or not _CURP_STRICT.fullmatch(curp) or curp[11:13] not in _CURP_STATES:
        return False
    century = 1900 if curp[16].isdigit() else 2000
    return _valid_date(curp[4:10], century) and curp[17] == curp_check_digit(curp)


def rfc_check_digit(rfc_without_check: str) -> str:
    """SAT check digit for the first 11 (company) or 12 (person) characters of an RFC."""
    padded = ("   " + rfc_without_check)[-12:]
    total = sum(_RFC_ALPHABET.index(char) * (13 - i) for i, char in enumerate(padded))
    return _RFC_ALPHABET[(11 - total) % 11]


def rfc_valid(rfc: str) -> bool:
    """Whether compact ``rfc`` (12 or 13 capitals) has a valid format, date and check digit."""
    if not _RFC_STRICT.fullmatch(rfc):
        return False
    letters = len(rfc) - 9
    # Only 29 February in year 00 tells the centuries apart, and 2000 is a leap year.
    return _valid_date(rfc[letters:letters + 6], 2000) and rfc[-1] == rfc_check_digit(rfc[:-1])


def _emails(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _EMAIL.finditer(text):
        if len(match.group(1)) <= 64 and len(match.group(0)) <= 254:
            found.append(("email", match.start(), match.end()))
    return found


def _ibans(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _IBAN_START.finditer(text):
        length = IBAN_LENGTHS.get(match.group(0)[:2].upper())
        if length is None:
            continue
        chars = [match.group(0).upper()]
        count, pos = 4, match.end()
        while count < length and pos < len(text):
            if text[pos] == " " and pos + 1 < len(text) and text[pos + 1] != " ":
                pos += 1
            char = text[pos]
            if not (char.isascii() and char.isalnum()):
                break
            chars.append(char.upper())
            count += 1
            pos += 1
        if count == length and not (pos < len(text) and _is_word(text[pos])) and iban_valid("".join(chars)):
            found.append(("iban", match.start(), pos))
    return found


def _curps(text: str) -> list[tuple[str, int, int]]:
    return [("curp", m.start(), m.end()) for m in _CURP.finditer(text) if curp_valid(m.group(0))]


def _rfcs(text: str) -> list[tuple[str, int, int]]:
    return [("rfc", m.start(), m.end()) for m in _RFC.finditer(text) if rfc_valid("".join(m.groups()))]


def _dni_nies(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _DNI.finditer(text):
        if dni_letter(match.group(1).replace(".", "")) == match.group(2).upper():
            found.append(("dni_nie", match.start(), match.end()))
    for match in _NIE.finditer(text):
        number = str("XYZ".index(match.group(1).upper())) + match.group(2)
        if dni_letter(number) == match.group(3).upper():
            found.append(("dni_nie", match.start(), match.end()))
    return found


def _ipv6s(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _IPV6.finditer(text):
        candidate = match.group(0).rstrip(".")
        end = match.start() + len(candidate)
        if candidate.count(":") < 2 or not any(char.isdigit() for char in candidate) or _glued_right(text, end):
            continue
        try:
            address = ipaddress.IPv6Address(candidate)
        except ValueError:
            continue
        if not address.is_unspecified:
            found.append(("ip", match.start(), end))
    return found


def _card(digits: str, lengths: list[int], seps: list[str]) -> bool:
    if not 13 <= len(digits) <= 19 or digits[0] not in "23456" or len(set(seps)) > 1:
        return False
    if seps and seps[0] not in (" ", "-"):
        return False
    grouped = all(size == 4 for size in lengths[:-1]) and 1 <= lengths[-1] <= 4
    if len(lengths) > 1 and not grouped and lengths not in ([4, 6, 5], [4, 6, 4]):
        return False
    return luhn_valid(digits)


def _ipv4(groups: list[str], seps: list[str]) -> bool:
    if len(groups) != 4 or any(sep != "." for sep in seps):
        return False
    if any(len(group) > 3 or (len(group) > 1 and group[0] == "0") or int(group) > 255 for group in groups):
        return False
    return any(group != "0" for group in groups)


def _phone(plus: bool, groups: list[str], parens: list[bool], seps: list[str]) -> bool:
    digits = "".join(groups)
    size = len(digits)
    if plus:
        if not 8 <= size <= 15 or digits[0] == "0":
            return False
        if digits.startswith("52"):
            return size == 12 or (size == 13 and digits[2] == "1")
        if digits.startswith("34"):
            return size == 11
        if digits.startswith("55"):
            return size in (12, 13)
        if digits.startswith("1"):
            return size == 11
        return True
    if any(parens[1:]) or any(sep not in ("", " ", "-") for sep in seps):
        return False
    shape = " ".join(f"({len(g)})" if paren else str(len(g)) for g, paren in zip(groups, parens, strict=True))
    if size == 9:
        return digits[0] in "6789" and shape in _SPAIN_SHAPES
    area_ok = "0" not in digits[:2]
    if size == 10:
        return (digits[0] in "23456789" and shape in _MEXICO_SHAPES) or (
            area_ok and digits[2] in "2345" and shape in _BRAZIL_LANDLINE_SHAPES
        )
    if size == 11:
        return area_ok and digits[2] == "9" and shape in _BRAZIL_MOBILE_SHAPES
    return False


def _classify_run(run: str) -> str | None:
    """The kind of a whole digit run, or ``None``: card, then CPF, IPv4, phone."""
    plus = run.startswith("+")
    groups: list[str] = []
    parens: list[bool] = []
    seps: list[str] = []
    pending = ""
    for part in _RUN_PART.finditer(run[1:] if plus else run):
        inside, digits, sep = part.groups()
        if sep is not None:
            pending = sep
            continue
        if groups:
            seps.append(pending)
        groups.append(inside if inside is not None else digits)
        parens.append(inside is not None)
        pending = ""
    digits = "".join(groups)
    if not plus and not any(parens):
        if _card(digits, [len(g) for g in groups], seps):
            return "card"
        cpf_layout = len(groups) == 1 or (seps == [".", ".", "-"] and [len(g) for g in groups] == [3, 3, 3, 2])
        if cpf_layout and cpf_valid(digits):
            return "cpf"
        if _ipv4(groups, seps):
            return "ip"
    return "phone" if _phone(plus, groups, parens, seps) else None


def _digit_runs(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _RUN.finditer(text):
        if _glued_right(text, match.end()):
            continue
        run, start, end = match.group(0), match.start(), match.end()
        if run.startswith("(") and run.index(")") == len(run) - 1:
            # Digits alone in brackets, "(52998224725)": the brackets are punctuation.
            run, start, end = run[1:-1], start + 1, end - 1
        kind = _classify_run(run)
        if kind is not None:
            found.append((kind, start, end))
    return found


def _without_overlaps(candidates: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Keep the most specific, then longest, then earliest of overlapping candidates."""
    kept_starts: list[int] = []
    kept: list[tuple[str, int, int]] = []
    for kind, start, end in sorted(candidates, key=lambda c: (_RANK[c[0]], c[1] - c[2], c[1])):
        index = bisect_left(kept_starts, start)
        if index > 0 and kept[index - 1][2] > start:
            continue
        if index < len(kept) and kept[index][1] < end:
            continue
        kept_starts.insert(index, start)
        kept.insert(index, (kind, start, end))
    return kept


# Every kind holds an ASCII digit or an "@": text with neither is skipped without running the detectors.
_MAY_HOLD_DATA = re.compile(r"[0-9@]")


def find_personal_data(text: str, turn: int = 0) -> list[PrivacyFinding]:
    """Personal data in ``text``, sorted by position, no two findings overlapping.

    Parameters
    ----------
    text : str
        One turn of a conversation, in any script.
    turn : int
        The turn's index, copied into every finding.

    Returns
    -------
    list of PrivacyFinding
        Validated findings of the kinds in :data:`KINDS` (rules in the module docstring),
        ordered by ``start``; where detectors matched overlapping text only the most
        specific kind is kept.

    Raises
    ------
    InputError
        When ``text`` is not a string or ``turn`` is not a non-negative whole number.
    """
    if not isinstance(text, str):
        raise InputError(f"expected text, got {type(text).__name__}", "text")
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
        raise InputError(f"expected a non-negative whole number, got {turn!r}", "turn")
    if not _MAY_HOLD_DATA.search(text):
        return []
    candidates = [
        *_emails(text), *_ibans(text), *_curps(text), *_rfcs(text),
        *_dni_nies(text), *_ipv6s(text), *_digit_runs(text),
    ]
    return [
        PrivacyFinding(kind, turn, start, end, text[start:end])
        for kind, start, end in _without_overlaps(candidates)
    ]


def scan_turns(texts: Sequence[str]) -> list[PrivacyFinding]:
    """:func:`find_personal_data` over every turn, the turn index being its position in ``texts``.

    Findings come in turn order, then by position within the turn.
    """
    if isinstance(texts, str):
        raise InputError("expected a list of turn texts, got a single string", "turns")
    findings: list[PrivacyFinding] = []
    for index, text in enumerate(texts):
        try:
            findings.extend(find_personal_data(text, index))
        except InputError as error:
            raise error.nested(f"turns[{index}]") from None
    return findings
