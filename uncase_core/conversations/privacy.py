"""Personal data in conversation turns: our scanner finds candidates, the reference libraries decide.

Two jobs, two owners. *Finding* candidates in free text is ours: the patterns and layout rules
below say which text may be a value of each kind, where it starts and ends (the span the page
highlights) and which neighbouring characters make it part of something else. *Deciding* whether
a candidate is valid belongs to the libraries that maintain the rules, python-stdnum and
phonenumbers (Google's libphonenumber metadata); a candidate they reject is not reported.

==========  ==========================================================================================
kind        validity decided by
==========  ==========================================================================================
``email``   our pattern alone (an address has no check digit)
``iban``    ``stdnum.iban``: the country's length and BBAN format from its copy of the SWIFT IBAN
            registry (89 countries) and ISO 7064 mod 97-10; its national checks (Spain's CCC,
            Belgium's bank codes, Norway, Montenegro) are not applied, so an account of a bank
            missing from stdnum's bank list is still found
``card``    ``stdnum.luhn``
``cpf``     ``stdnum.br.cpf`` (both check digits); we also reject one repeated digit
            (``111.111.111-11`` passes both checks; the Receita Federal issues no such number)
``curp``    ``stdnum.mx.curp``: format, RENAPO's list of words never issued, birth date, sex ``H``/``M``,
            state code, check digit (stdnum 2.2 knows no ``X`` sex marker: such a CURP is missed)
``rfc``     ``stdnum.mx.rfc`` with ``validate_check_digits=True``: format, SAT's list of words never
            issued (persons), date, homoclave and check digit
``dni_nie`` ``stdnum.es.dni`` and ``stdnum.es.nie`` (the mod-23 letter)
``ip``      :mod:`ipaddress` for IPv6; our octet rule for IPv4 (below)
``phone``   ``phonenumbers.parse`` then ``phonenumbers.is_valid_number``: a number written with ``+``
            or ``00`` is parsed as international (any country); any other is parsed in turn for
            those of the regions the playground serves (:data:`PHONE_REGIONS`) that write numbers
            in its layout, and is a phone when it is valid in one of them
==========  ==========================================================================================

What our own code still does, kind by kind (``[0-9]`` means ASCII digits only; "glued" means
touching a letter, a digit or ``_`` of any script, so ``ORD-12345`` or ``12345678Zeta`` yield nothing):

``email``
    ASCII ``local@domain.tld``: the local part is letters, digits and ``_%+-`` with single
    inner dots (at most 64 characters), the domain is dot-separated labels of letters,
    digits and inner hyphens ending in an alphabetic TLD of 2-63 letters; 254 characters
    at most. Internationalized (non-ASCII) addresses are not detected.
``iban``
    Two letters of a registry country and two digits start it; the rest of the country's
    length follows compact or in groups separated by one or two spaces or a dash
    (``ES91 2100 0418 4502 0005 1332``, ``ES91-2100-...``), either case.
``card``
    13-19 digits whose first digit is 2-6 (the issuer ranges of Mastercard, Amex, Diners,
    JCB, Visa, Maestro, Discover, UnionPay, Elo), written compact, in groups of four (the
    last group 1-4 digits) or as 4-6-5 / 4-6-4 (Amex, Diners), separated throughout by the
    same single space, dash or dot (``4111.1111.1111.1111``).
``cpf``
    11 digits, compact, ``000.000.000-00`` or ``000000000-00``.
``curp``
    18 capitals and digits in the CURP's layout, ``[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9]``.
``rfc``
    Capitals: 4 letters (persons, 13 characters) or 3 (companies, 12 characters) from
    ``A-Z Ñ &``, six digits and the 3-character homoclave; the parts may be separated by one
    space or dash (``GODE 561231 GR8``). The 10-character form without homoclave has no check
    digit and is not detected.
``dni_nie``
    DNI: 8 digits, ``12.345.678`` or ``12 345 678``, then the letter, joined, after a dash,
    or after a space when it is a capital (``12 345 678 Z``; a lower-case letter after a
    space is a word, such as Spanish "y"); NIE: ``X``/``Y``/``Z``, 7 digits and the letter,
    with optional dashes.
``ip``
    IPv4: exactly four dot-separated octets 0-255 without leading zeros (so ``4.2.1``
    and ``1.2.3.4.5`` are not addresses), not after a version word (``versión 10.0.0.1``,
    ``version``, ``v``, ``ver.``, ``release``, ``build``: :data:`_VERSION_WORD`); IPv6: a
    colon-separated token that :class:`ipaddress.IPv6Address` accepts and that contains at
    least one decimal digit (so ``Cafe::Bad`` in code is left alone). The unspecified
    addresses ``0.0.0.0`` and ``::`` identify nobody and are not reported; loopback and
    private addresses are.
``phone``
    International: ``+`` then 8-15 digits in any grouping (``+34 612 345 678``,
    ``+1 (213) 373-4253``), or ``00`` and the country code as the first group or all together
    (``0034 612 345 678``, ``00 34 612 345 678``, ``0034612345678``); Mexico's former mobile ``1`` after ``+52``
    (``+52 1 55 1234 5678``, still shown by messaging apps) is dropped before the check.
    National: groups of digits separated by spaces and dashes, or by dots alone, with only
    the first group in parentheses, in one of the layouts of :data:`_PHONE_LAYOUTS`, each tied
    to the regions that write numbers so: the layouts phonenumbers prints for the served regions
    and their common variants (``612 345 678``, ``612.345.678``, ``91 234 56 78``,
    ``55 1234 5678``, ``55.1234.5678``, ``(55) 1234-5678``, ``011 15-4123-4567``,
    ``(601) 2345678``, ``9 8765 4321``, ``(11) 91234-5678``, ``(213) 373-4253``...), or compact
    with 9 or 11 digits. So ``55 1234 5678`` is checked for Mexico, Argentina and Brazil, not for
    the US, where numbers are written 3-3-4. Not a phone: ten digits written together (order and
    account numbers are written so), one repeated digit (``55 5555 5555``), a number next to a
    currency sign or word (``612.345.678 €``, ``US$ 612 345 678``), and any layout outside the
    list, which keeps out dates (``12-05-2024``), thousands (``12.345.678``), ZIP+4 codes
    (``90210-1234``) and ISBNs.

Digit tokens are read whole: a run of digits joined by single spaces, dots, dashes and
parenthesized groups is classified as one unit (card, CPF, IPv4 or phone) or not at all,
so a 16-digit number is never cut into a phone number, and a run glued to a letter, or
following a word and a dash or slash (``ORD-4111111111111111``), is skipped. Digits
alone in brackets, ``(52998224725)``, are read without the brackets.

When detectors match overlapping text the more specific kind wins, in the order of
:data:`KINDS`; within one kind the longer match wins.

Cost (``bench/bench_privacy.py``, on the 2-core development machine): importing this module takes
about 65 ms, most of it python-stdnum (about 43 ms, much of that ``stdnum.util``'s own imports) and
phonenumbers (about 18 ms), which loads a region's metadata the first time a number is checked
for it (about 15 ms for all eight). A check costs about 18 microseconds per region tried. Only
candidates our scanner found reach the libraries, and a turn's digit runs decide which detectors
run at all (:func:`_detectors_for`): a turn holding a figure costs about 30 microseconds, one
without digits or ``@`` about 3. phonenumbers' own text matcher (``PhoneNumberMatcher``) would
cost about 0.4 ms per such turn over the eight regions.
"""

from __future__ import annotations

import ipaddress
import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import phonenumbers
from stdnum import iban, luhn, numdb
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.mx import curp, rfc

from uncase_core.errors import InputError, expected_value, term

# Every kind of finding, most specific first: the order that settles overlapping matches.
KINDS = ("email", "iban", "card", "cpf", "curp", "rfc", "dni_nie", "ip", "phone")
_RANK = MappingProxyType({kind: rank for rank, kind in enumerate(KINDS)})

# The regions the playground serves; a national phone number is checked for those that write its layout.
PHONE_REGIONS = ("MX", "ES", "AR", "CO", "CL", "PE", "BR", "US")

# National phone layouts (digits per group; the first group may be in parentheses) -> the regions
# whose numbers are written so, in the order they are tried. phonenumbers' own national formats
# for the served regions, the compact forms people use, and Mexico's and Spain's common variants.
_PHONE_LAYOUTS = MappingProxyType({
    (9,): ("ES", "PE", "CL"),
    (11,): ("BR",),
    (3, 3, 3): ("ES", "PE", "CL"),
    (3, 2, 2, 2): ("ES",),
    (2, 3, 2, 2): ("ES",),
    (2, 4, 4): ("MX", "AR", "BR"),
    (3, 3, 4): ("MX", "US", "CO", "AR"),
    (1, 3, 3, 4): ("US",),
    (1, 4, 4): ("CL",),
    (2, 3, 4): ("CL", "PE"),
    (2, 5, 4): ("BR",),
    (2, 1, 4, 4): ("BR",),
    (2, 9): ("BR",),
    (3, 7): ("CO",),
    (2, 7): ("PE",),
    (3, 6): ("PE",),
    (4, 5): ("PE",),
    (1, 7): ("PE",),
    **dict.fromkeys(((3, 4, 4), (4, 3, 4), (5, 2, 4), (3, 2, 4, 4), (4, 2, 3, 4), (5, 2, 2, 4), (2, 2, 4, 4),
                     (3, 2, 3, 4)), ("AR",)),
})

_EMAIL = re.compile(
    r"(?<![\w.%+-])"
    r"([A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*)"
    r"@"
    r"((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63})"
    r"(?![\w-])"
)
# Most patterns below start with a character class, so the regex engine skips ahead to where one
# can start; the left boundary is checked in Python (_glued_left) for the same reason.
_IBAN_START = re.compile(r"[A-Za-z]{2}[0-9]{2}")
_IBAN_SEPARATOR = re.compile(r" {1,2}(?=[A-Za-z0-9])|-(?=[A-Za-z0-9])")
_BBAN_FIELD = re.compile(r"([0-9]+)!")
_CURP = re.compile(r"[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9](?!\w)")
_RFC = re.compile(r"([A-ZÑ&]{3,4})[ -]?([0-9]{6})[ -]?([A-Z0-9]{2}[0-9A])(?![\w&])")
_DNI = re.compile(r"([0-9]{2}(?:[0-9]{6}|\.[0-9]{3}\.[0-9]{3}| [0-9]{3} [0-9]{3}))(-| ?)([A-Za-z])(?!\w)")
_NIE = re.compile(r"([XYZxyz])(?=-?[0-9])-?([0-9]{7})-?([A-Za-z])(?!\w)")
_IPV6 = re.compile(r"(?<![\w:.])(?:[0-9A-Fa-f]{1,4})?:[0-9A-Fa-f:.]*")
# A run of digits: single spaces, dots or dashes between digits, parenthesized groups.
_RUN = re.compile(r"\+?(?:\([0-9]+\)|[0-9])(?:[0-9]|[ .-]?\([0-9]+\)|[ .-][0-9])*")
_RUN_PART = re.compile(r"\(([0-9]+)\)|([0-9]+)|([ .-])")
# A word that makes the dotted quad after it a version number, not an address.
_VERSION_WORD = re.compile(
    r"(?<!\w)(?:v|ver|vers|version|versión|versão|versao|release|build)[.:]?\s*$", re.IGNORECASE
)
_CURRENCY = r"USD|US\$|EUR|MXN|COP|CLP|ARS|PEN|BRL|GBP"
_MONEY_BEFORE = re.compile(rf"(?:[$€£¥]|R\$|S/|(?<!\w)(?:{_CURRENCY}))\s?$")
_MONEY_AFTER = re.compile(
    rf"\s?(?:[$€£¥%]|(?:{_CURRENCY}|euros?|pesos?|d[oó]lares|dollars?|reais|reales|soles)(?!\w))", re.IGNORECASE
)


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


def _glued_left(text: str, start: int, continues: str) -> bool:
    """Whether a number starting at ``start`` continues what precedes it.

    It does after a letter, digit, ``_`` or ``+``; after a word and a dash or slash (``ORD-``);
    and after a digit followed by one of ``continues`` (``1,`` or ``3.`` before it).
    """
    if start == 0:
        return False
    char = text[start - 1]
    before = text[start - 2] if start > 1 else ""
    if _is_word(char) or char == "+":
        return True
    if char in "-/" and before != "" and _is_word(before):
        return True
    return char in continues and before.isdigit()


def _after_word(text: str, start: int) -> bool:
    return start > 0 and _is_word(text[start - 1])


def _glued_right(text: str, end: int) -> bool:
    """Whether a digit token ending at ``end`` continues into a word or number."""
    if end >= len(text):
        return False
    char = text[end]
    after = text[end + 1] if end + 1 < len(text) else ""
    if _is_word(char):
        return True
    return (char in "-/" and after != "" and _is_word(after)) or (char == "," and after.isdigit())


def _emails(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _EMAIL.finditer(text):
        if len(match.group(1)) <= 64 and len(match.group(0)) <= 254:
            found.append(("email", match.start(), match.end()))
    return found


def _iban_length(country: str) -> int | None:
    """The IBAN length of ``country`` in stdnum's registry, or ``None`` when it has no IBAN."""
    structure = numdb.get("iban").info(country)[0][1].get("bban")
    if structure is None:
        return None
    return 4 + sum(int(size) for size in _BBAN_FIELD.findall(structure))


def _ibans(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _IBAN_START.finditer(text):
        if _after_word(text, match.start()):
            continue
        length = _iban_length(match.group(0)[:2].upper())
        if length is None:
            continue
        chars = [match.group(0)]
        count, pos = 4, match.end()
        while count < length and pos < len(text):
            separator = _IBAN_SEPARATOR.match(text, pos)
            if separator:
                pos = separator.end()
            char = text[pos]
            if not (char.isascii() and char.isalnum()):
                break
            chars.append(char)
            count += 1
            pos += 1
        glued = pos < len(text) and _is_word(text[pos])
        if count == length and not glued and iban.is_valid("".join(chars), check_country=False):
            found.append(("iban", match.start(), pos))
    return found


def _curps(text: str) -> list[tuple[str, int, int]]:
    return [("curp", m.start(), m.end()) for m in _CURP.finditer(text)
            if not _after_word(text, m.start()) and curp.is_valid(m.group(0))]


def _rfcs(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _RFC.finditer(text):
        if _after_word(text, match.start()) or text[match.start() - 1:match.start()] == "&":
            continue
        if rfc.is_valid("".join(match.groups()), validate_check_digits=True):
            found.append(("rfc", match.start(), match.end()))
    return found


def _dni_nies(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _DNI.finditer(text):
        digits, separator, letter = match.groups()
        if _glued_left(text, match.start(), ".,") or (separator == " " and not letter.isupper()):
            continue
        if dni.is_valid(digits.replace(".", "").replace(" ", "") + letter.upper()):
            found.append(("dni_nie", match.start(), match.end()))
    for match in _NIE.finditer(text):
        if not _glued_left(text, match.start(), "") and nie.is_valid("".join(match.groups()).upper()):
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
    grouped = all(size == 4 for size in lengths[:-1]) and 1 <= lengths[-1] <= 4
    if len(lengths) > 1 and not grouped and lengths not in ([4, 6, 5], [4, 6, 4]):
        return False
    return luhn.is_valid(digits)


def _cpf(digits: str, lengths: list[int], seps: list[str]) -> bool:
    layout_ok = len(lengths) == 1 or (seps, lengths) in (([".", ".", "-"], [3, 3, 3, 2]), (["-"], [9, 2]))
    return layout_ok and len(set(digits)) > 1 and cpf.is_valid(digits)


def _ipv4(groups: list[str], seps: list[str], text: str, start: int) -> bool:
    if len(groups) != 4 or any(sep != "." for sep in seps):
        return False
    if any(len(group) > 3 or (len(group) > 1 and group[0] == "0") or int(group) > 255 for group in groups):
        return False
    return any(group != "0" for group in groups) and not _VERSION_WORD.search(text, max(0, start - 16), start)


def _valid_international(digits: str) -> bool:
    if not 8 <= len(digits) <= 15 or digits[0] == "0":
        return False
    if digits.startswith("521") and len(digits) == 13:
        digits = "52" + digits[3:]  # Mexico's former mobile prefix 1, dropped from the plan in 2019
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse("+" + digits))
    except phonenumbers.NumberParseException:
        return False


def _valid_national(digits: str, regions: tuple[str, ...]) -> bool:
    for region in regions:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(digits, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


def _phone(plus: bool, groups: list[str], parens: list[bool], seps: list[str], money: bool) -> bool:
    digits = "".join(groups)
    if plus:
        return _valid_international(digits)
    if digits.startswith("00") and not parens[0]:
        # 00 and the country code as the first group ("0034 612...", "00 34 612...") or all together.
        written_so = len(groups) == 1 or (len(groups[0]) <= 5 and "." not in seps)
        return written_so and _valid_international(digits[2:])
    if any(parens[1:]) or money or len(set(digits)) == 1:
        return False
    if "." in seps and (set(seps) != {"."} or parens[0]):
        return False
    regions = _PHONE_LAYOUTS.get(tuple(len(group) for group in groups))
    return regions is not None and _valid_national(digits, regions)


def _classify_run(run: str, text: str, start: int, end: int) -> str | None:
    """The kind of the whole digit run ``run`` = ``text[start:end]``, or ``None``: card, CPF, IPv4, phone."""
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
        lengths = [len(group) for group in groups]
        if _card(digits, lengths, seps):
            return "card"
        if _cpf(digits, lengths, seps):
            return "cpf"
        if _ipv4(groups, seps, text, start):
            return "ip"
    money = bool(_MONEY_BEFORE.search(text, max(0, start - 5), start) or _MONEY_AFTER.match(text, end))
    return "phone" if _phone(plus, groups, parens, seps, money) else None


def _digit_runs(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _RUN.finditer(text):
        run, start, end = match.group(0), match.start(), match.end()
        if _glued_left(text, start, " .,") or _glued_right(text, end):
            continue
        if run.startswith("(") and run.index(")") == len(run) - 1:
            # Digits alone in brackets, "(52998224725)": the brackets are punctuation.
            run, start, end = run[1:-1], start + 1, end - 1
        kind = _classify_run(run, text, start, end)
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


# Every kind but e-mail holds ASCII digits, and each needs some digits together: the digit runs of a
# turn say which detectors can match at all, so most turns with a figure skip most of the patterns.
_DIGITS = re.compile(r"[0-9]+")
_DNI_GROUPS = re.compile(r"[0-9]{2}[. ][0-9]{3}[. ][0-9]{3}")


Detector = Callable[[str], list[tuple[str, int, int]]]


def _detectors_for(text: str) -> list[Detector]:
    """The detectors of the kinds that digits of ``text`` allow (CURP, RFC, NIE, DNI need 6-8 in a row...)."""
    longest = 0
    iban_start = False
    for match in _DIGITS.finditer(text):
        longest = max(longest, match.end() - match.start())
        start = match.start()
        iban_start = iban_start or (start >= 2 and text[start - 2:start].isascii() and text[start - 2:start].isalpha())
    detectors: list[Detector] = [_digit_runs] if longest else []
    if iban_start:
        detectors.append(_ibans)
    if longest >= 6:
        detectors += [_curps, _rfcs]
    if longest >= 7 or (longest >= 3 and _DNI_GROUPS.search(text)):
        detectors.append(_dni_nies)
    if longest and text.count(":") >= 2:  # an IPv6 address has at least two colons
        detectors.append(_ipv6s)
    return detectors


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
        raise expected_value("text", type(text).__name__, "text")
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
        raise expected_value("non_negative_whole_number", repr(turn), "turn")
    candidates = _emails(text) if "@" in text else []
    for detector in _detectors_for(text):
        candidates += detector(text)
    return [
        PrivacyFinding(kind, turn, start, end, text[start:end])
        for kind, start, end in _without_overlaps(candidates)
    ]


def scan_turns(texts: Sequence[str]) -> list[PrivacyFinding]:
    """:func:`find_personal_data` over every turn, the turn index being its position in ``texts``.

    Findings come in turn order, then by position within the turn.
    """
    if isinstance(texts, str):
        raise expected_value("list_of_turn_texts", term("single_string"), "turns")
    findings: list[PrivacyFinding] = []
    for index, text in enumerate(texts):
        try:
            findings.extend(find_personal_data(text, index))
        except InputError as error:
            raise error.nested(f"turns[{index}]") from None
    return findings
