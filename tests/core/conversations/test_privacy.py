"""The personal-data detectors: validated kinds, exact spans, no overlaps, no false alarms."""

from __future__ import annotations

import itertools
import random
import re
import string

import phonenumbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stdnum import iban, luhn, numdb
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.mx import curp, rfc

from uncase_core.conversations.privacy import KINDS, PrivacyFinding, find_personal_data, scan_turns
from uncase_core.errors import InputError

# --- Check digits, computed here independently of the module under test. ---


def luhn_complete(payload: str) -> str:
    """``payload`` with the one final digit that makes it pass Luhn (found by trying all ten)."""
    for last in "0123456789":
        number = payload + last
        total = 0
        for position, char in enumerate(reversed(number)):
            doubled = int(char) * (2 if position % 2 else 1)
            total += doubled // 10 + doubled % 10
        if total % 10 == 0:
            return number
    raise AssertionError("unreachable")


def luhn_ok(number: str) -> bool:
    return luhn_complete(number[:-1]) == number


def make_iban(country: str, bban: str) -> str:
    """Compact IBAN with ISO 13616 check digits: 98 - (BBAN + country + 00 as a number) mod 97."""
    numeric = "".join(str(ord(c) - 55) if c.isalpha() else c for c in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


def spaced(text: str, size: int = 4) -> str:
    return " ".join(text[i:i + size] for i in range(0, len(text), size))


def dni_with_letter(number: str) -> str:
    return number + "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23]


def nie_with_letter(prefix: str, seven: str) -> str:
    return prefix + dni_with_letter({"X": "0", "Y": "1", "Z": "2"}[prefix] + seven)[1:]


def cpf_complete(nine: str) -> str:
    digits = [int(c) for c in nine]
    for weight_top in (10, 11):
        rest = 11 - sum(d * w for d, w in zip(digits, range(weight_top, 1, -1), strict=False)) % 11
        digits.append(0 if rest >= 10 else rest)
    return "".join(map(str, digits))


def cpf_formatted(eleven: str) -> str:
    return f"{eleven[:3]}.{eleven[3:6]}.{eleven[6:9]}-{eleven[9:]}"


_CURP_VALUES = {c: i for i, c in enumerate("0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ")}


def curp_complete(seventeen: str) -> str:
    total = sum(_CURP_VALUES[c] * w for c, w in zip(seventeen, range(18, 1, -1), strict=True))
    return seventeen + str((10 - total % 10) % 10)


_RFC_VALUES = {c: i for i, c in enumerate("0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ")}


def rfc_complete(without_check: str) -> str:
    """SAT dígito verificador: weights 13..2 over the 12-character (space-padded) key, mod 11."""
    key = without_check.rjust(12)
    rest = sum(_RFC_VALUES[c] * w for c, w in zip(key, range(13, 1, -1), strict=True)) % 11
    check = 0 if rest == 0 else 11 - rest
    return without_check + ("A" if check == 10 else str(check))


def kinds(text: str) -> list[str]:
    return [finding.kind for finding in find_personal_data(text)]


# --- The helpers agree with published values. ---


def test_helpers_reproduce_published_check_digits():
    assert luhn_ok("4111111111111111") and luhn_ok("5555555555554444") and luhn_ok("378282246310005")
    assert make_iban("ES", "21000418450200051332") == "ES9121000418450200051332"
    assert make_iban("GB", "WEST12345698765432") == "GB82WEST12345698765432"
    assert make_iban("DE", "370400440532013000") == "DE89370400440532013000"
    assert dni_with_letter("12345678") == "12345678Z"
    assert nie_with_letter("X", "1234567") == "X1234567L"
    assert cpf_complete("529982247") == "52998224725"
    assert curp_complete("BOXW310820HNERXN0") == "BOXW310820HNERXN09"  # python-stdnum's example
    # The often-quoted "GODE561231HDFRRN09" does NOT verify: its check digit is 0.
    assert curp_complete("GODE561231HDFRRN0") == "GODE561231HDFRRN00"
    assert rfc_complete("GODE561231GR") == "GODE561231GR8"
    assert rfc_complete("MAB9307148T") == "MAB9307148T4"


# --- Valid examples: exactly one finding, with the right kind and span. ---

VALID = [
    # email
    ("email", "ana@example.com"),
    ("email", "ana.perez+promo@correo.example.com.mx"),
    ("email", "J_Doe-99%x@sub-domain.example.org"),
    # iban
    ("iban", "ES91 2100 0418 4502 0005 1332"),
    ("iban", "GB82 WEST 1234 5698 7654 32"),
    ("iban", "DE89370400440532013000"),
    ("iban", spaced(make_iban("FR", "20041010050500013M02606"))),
    ("iban", spaced(make_iban("PT", "000201231234567890154"))),
    ("iban", make_iban("IT", "X0542811101000000123456")),
    ("iban", spaced(make_iban("BR", "00360305000010009795493P1"))),
    ("iban", spaced(make_iban("ES", "00491500051234567892")).lower()),
    # card
    ("card", "4111 1111 1111 1111"),
    ("card", "5555555555554444"),
    ("card", "4111-1111-1111-1111"),
    ("card", "3782 822463 10005"),
    ("card", spaced(luhn_complete("453914880343646"))),
    ("card", luhn_complete("422222222222")),  # 13 digits
    ("card", spaced(luhn_complete("620000000000000000"))),  # 19 digits
    # cpf
    ("cpf", "529.982.247-25"),
    ("cpf", "52998224725"),
    ("cpf", cpf_formatted(cpf_complete("123456789"))),
    ("cpf", cpf_formatted(cpf_complete("987654321"))),
    # curp
    ("curp", "BOXW310820HNERXN09"),
    ("curp", "GODE561231HDFRRN00"),
    ("curp", curp_complete("PEGJ050315MDFRRNA")),  # born 2005: letter differentiator
    ("curp", curp_complete("LOMA000229MJCPRRB")),  # 29 Feb 2000
    # rfc
    ("rfc", "GODE561231GR8"),
    ("rfc", "MAB9307148T4"),
    ("rfc", "GODE 561231 GR8"),
    ("rfc", rfc_complete("PEGJ050315K2")),
    # Company with '&', 29 Feb 2000. (Was "XY": a homoclave never starts with X, its first character is the
    # quotient of a sum mod 1000 by 34, at most 29, "V" in SAT's table; python-stdnum checks it.)
    ("rfc", rfc_complete("A&B000229VY")),
    # dni_nie
    ("dni_nie", "12345678Z"),
    ("dni_nie", "12345678z"),
    ("dni_nie", "12.345.678-Z"),
    ("dni_nie", dni_with_letter("87654321")),
    ("dni_nie", "X1234567L"),
    ("dni_nie", nie_with_letter("Y", "7654321")),
    ("dni_nie", nie_with_letter("Z", "0000001")),
    # ip
    ("ip", "192.168.1.10"),
    ("ip", "8.8.8.8"),
    ("ip", "255.255.255.255"),
    ("ip", "2001:db8::8a2e:370:7334"),
    ("ip", "::1"),
    ("ip", "::ffff:192.0.2.1"),
    # phone: international
    ("phone", "+34 612 345 678"),
    ("phone", "+34612345678"),
    ("phone", "+52 55 1234 5678"),
    ("phone", "+52 1 55 1234 5678"),
    ("phone", "+55 11 91234-5678"),
    ("phone", "+1 (213) 373-4253"),  # was +1 (555) ...: 555 is no US area code, and phonenumbers knows it
    ("phone", "+44 20 7946 0958"),
    # phone: Spain
    ("phone", "612345678"),
    ("phone", "612 345 678"),
    ("phone", "612.345.678"),  # issue 16: dots are a way Spanish mobiles are written (was in NOTHING)
    ("phone", "612 34 56 78"),
    ("phone", "91 234 56 78"),
    # phone: Mexico
    ("phone", "55 1234 5678"),
    ("phone", "(55) 1234-5678"),
    ("phone", "555-123-4567"),
    ("phone", "(555) 123-4567"),
    # phone: Brazil
    ("phone", "(11) 91234-5678"),
    ("phone", "11 91234-5678"),
    ("phone", "11912345678"),
    ("phone", "(11) 3456-7890"),
]


@pytest.mark.parametrize(("kind", "value"), VALID, ids=[f"{k}:{v}" for k, v in VALID])
def test_valid_values_are_found_with_kind_and_span(kind, value):
    text = f"Dato: {value} gracias."
    start = len("Dato: ")
    assert find_personal_data(text, turn=3) == [PrivacyFinding(kind, 3, start, start + len(value), value)]


@pytest.mark.parametrize(("kind", "value"), VALID[::4], ids=[f"{k}:{v}" for k, v in VALID[::4]])
def test_values_alone_and_before_punctuation(kind, value):
    assert find_personal_data(value) == [PrivacyFinding(kind, 0, 0, len(value), value)]
    text = f"({value})."
    assert find_personal_data(text) == [PrivacyFinding(kind, 0, 1, 1 + len(value), value)]


# --- Invalid variants are not reported as that kind (and mostly not at all). ---

NOTHING = [
    # cards failing Luhn: neither card nor phone
    "4111 1111 1111 1112",
    "4111111111111112",
    "5555-5555-5555-4445",
    # IBAN with wrong check digits or length, unknown country
    "ES92 2100 0418 4502 0005 1332",
    "GB83 WEST 1234 5698 7654 32",
    "ES91 2100 0418 4502 0005 133",
    "ES9121000418450200051332X",
    "MX91 2100 0418 4502 0005 1332",
    spaced(make_iban("ES", "0049150005123456789")),  # right mod-97, one character short
    make_iban("ES", "004915000512345678901"),  # right mod-97, one character long
    spaced(make_iban("DE", "3704004405320130001")),
    # DNI / NIE with the wrong letter
    "12345678A",
    "X1234567A",
    # CPF with wrong digits or one repeated digit
    "529.982.247-26",
    "111.111.111-11",
    "11111111111",
    "000.000.000-00",
    # CURP: wrong check digit, impossible dates, unknown state
    "GODE561231HDFRRN09",
    curp_complete("GODE561331HDFRRN0"),
    curp_complete("GODE560230HDFRRN0"),
    curp_complete("LOMA010229MJCPRRB"),  # 29 Feb 2001
    curp_complete("GODE561231HXXRRN0"),
    # RFC: impossible dates, wrong check digit
    rfc_complete("GODE561331GR"),
    rfc_complete("GODE560230GR"),
    rfc_complete("MAB9313148T"),
    "GODE561231GR9",
    # IP
    "256.1.1.1",
    "192.168.1.256",
    "version 4.2.1",
    "1.2.3.4.5",
    "192.168.01.1",
    "0.0.0.0",
    "::",
    "a las 10:30:00",
    "std::vector y Cafe::Bad",
    # things that are not personal data
    "$1,250.00",
    "1250",
    "30 días",
    "el año 2024",
    "ORD-12345",
    "ORD-4111111111111111",
    "2024-05-12",
    "12/05/2024",
    "Tallas 36 38 40 42 44 46 48",
    "612.345.678 €",  # next to a currency: an amount
    "12.345.678",  # thousands below nine digits are no phone layout
    "1234567890",  # ten plain digits: no Mexican grouping
    "123 456 789",  # nine digits not starting 6-9
    "+34 612 345 678 9012 3456",  # 19 digits is too long for E.164
    # glued to letters, digits or ids
    "x4111111111111111",
    "4111111111111111abc",
    "12345678Zeta",
    "ID612345678",
    "612345678_",
    "josé@example.com",
    "",
]


@pytest.mark.parametrize("text", NOTHING)
def test_invalid_or_harmless_text_gives_nothing(text):
    assert find_personal_data(text) == []


def test_a_sixteen_digit_number_failing_luhn_is_neither_card_nor_phone():
    number = luhn_complete("400000000000000")
    wrong = number[:-1] + str((int(number[-1]) + 1) % 10)
    assert not luhn_ok(wrong)
    for text in (wrong, spaced(wrong), "Llámame al " + spaced(wrong, 4), f"tel. {wrong}."):
        assert find_personal_data(text) == [], text


def test_a_cpf_failing_its_check_may_still_be_a_brazilian_mobile():
    # Was "52998224726": 52 is no Brazilian area code, so phonenumbers rightly says it is no mobile either.
    assert kinds("11987654321") == ["phone"] and not cpf.is_valid("11987654321")
    assert kinds("52998224726") == []
    assert kinds("52998224725") == ["cpf"]


def test_a_card_failing_luhn_is_never_reported_with_more_than_15_digits():
    for size in range(16, 20):
        bad = luhn_complete("4" * (size - 1))[:-1] + "0"
        if luhn_ok(bad):
            bad = bad[:-1] + "1"
        assert find_personal_data("+" + bad) == []
        assert find_personal_data(bad) == []


# --- Priorities between overlapping detectors. ---


def test_more_specific_kind_wins_over_overlapping_ones():
    assert kinds("52998224725") == ["cpf"]  # also shaped like a Brazilian mobile
    assert kinds("4111111111111111") == ["card"]
    assert kinds("612345678@example.com") == ["email"]
    assert kinds("ES91 2100 0418 4502 0005 1332") == ["iban"]
    assert find_personal_data("::ffff:192.0.2.1") == [PrivacyFinding("ip", 0, 0, 16, "::ffff:192.0.2.1")]
    # email > dni_nie: a valid DNI inside the local part is part of the address
    assert kinds("ana.12345678Z@x.es") == ["email"]
    # ip > phone: "1::612" is an IPv6 address and "612 345 678" a Spanish mobile; they share "612"
    assert find_personal_data("1::612 345 678") == [PrivacyFinding("ip", 0, 0, 6, "1::612")]


# --- Several findings, offsets with emoji and right-to-left text. ---


def test_several_findings_sorted_without_overlap_and_with_exact_spans():
    text = (
        "😀 Hola, soy Ana (ana@example.com), DNI 12345678Z; llámame al +34 612 345 678 "
        "o paga con 4111 1111 1111 1111 🙏 שלום مرحبا 192.168.1.10 y CURP BOXW310820HNERXN09."
    )
    expected = [
        ("email", "ana@example.com"),
        ("dni_nie", "12345678Z"),
        ("phone", "+34 612 345 678"),
        ("card", "4111 1111 1111 1111"),
        ("ip", "192.168.1.10"),
        ("curp", "BOXW310820HNERXN09"),
    ]
    findings = find_personal_data(text, turn=2)
    assert [(f.kind, f.text) for f in findings] == expected
    for finding, (_, value) in zip(findings, expected, strict=True):
        assert finding.start == text.index(value)
        assert finding.end == finding.start + len(value)
        assert text[finding.start:finding.end] == value
        assert finding.turn == 2


def test_offsets_are_string_indices_after_emoji_and_joiners():
    assert find_personal_data("😀 12345678Z") == [PrivacyFinding("dni_nie", 0, 2, 11, "12345678Z")]
    family = "👩\u200d👩\u200d👧"  # five code points
    assert find_personal_data(f"{family} ana@x.es") == [PrivacyFinding("email", 0, 6, 14, "ana@x.es")]
    assert find_personal_data("مرحبا 612345678") == [PrivacyFinding("phone", 0, 6, 15, "612345678")]


def test_scan_turns_uses_positions_as_turn_indexes():
    turns = ["hola", "mi DNI es 12345678Z", "", "escribe a ana@x.es o al 612345678"]
    assert scan_turns(turns) == [
        PrivacyFinding("dni_nie", 1, 10, 19, "12345678Z"),
        PrivacyFinding("email", 3, 10, 18, "ana@x.es"),
        PrivacyFinding("phone", 3, 24, 33, "612345678"),
    ]
    assert scan_turns([]) == []


def test_bad_input_raises_input_error_with_its_place():
    with pytest.raises(InputError, match="text"):
        find_personal_data(None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="turn"):
        find_personal_data("x", turn=-1)
    with pytest.raises(InputError, match=r"turns\[1\]"):
        scan_turns(["ok", 5])  # type: ignore[list-item]
    with pytest.raises(InputError):
        scan_turns("not a list")


# --- Properties. ---

_FRAGMENTS = [
    "4111 1111 1111 1111", "ES91 2100 0418 4502 0005 1332", "12345678Z", "529.982.247-25", "+34 612 345 678",
    "ana@example.com", "192.168.1.1", "::1", "GODE561231GR8", "BOXW310820HNERXN09", "(55) 1234-5678",
    " ", "-", ".", ",", "(", ")", "+", "@", ":", "/", "😀", "ñ", "ש", "0", "9", "X", "ES", "\u200d",
]
_MIXED = st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=4)), max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), _MIXED), st.integers(min_value=0, max_value=50))
def test_findings_are_exact_sorted_and_disjoint(text, turn):
    findings = find_personal_data(text, turn)
    for finding in findings:
        assert finding.kind in KINDS
        assert finding.turn == turn
        assert 0 <= finding.start < finding.end <= len(text)
        assert text[finding.start:finding.end] == finding.text
    for before, after in itertools.pairwise(findings):
        assert before.end <= after.start


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="0123456789", min_size=15, max_size=15), st.sampled_from(["", " ", "-"]))
def test_any_luhn_valid_visa_is_a_card_and_a_broken_one_is_nothing(body, sep):
    number = luhn_complete("4" + body[:14])
    written = sep.join(number[i:i + 4] for i in range(0, 16, 4))
    assert find_personal_data(f"tarjeta {written}.") == [PrivacyFinding("card", 0, 8, 8 + len(written), written)]
    broken = number[:-1] + str((int(number[-1]) + 5) % 10)
    assert find_personal_data(sep.join(broken[i:i + 4] for i in range(0, 16, 4))) == []


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="0123456789", min_size=9, max_size=9))
def test_any_cpf_with_right_digits_is_found_and_a_changed_digit_is_not_a_cpf(nine):
    cpf = cpf_complete(nine)
    if len(set(cpf)) == 1:
        assert find_personal_data(cpf_formatted(cpf)) == []
        return
    assert kinds(cpf_formatted(cpf)) == ["cpf"]
    broken = cpf[:-1] + str((int(cpf[-1]) + 1) % 10)
    assert kinds(cpf_formatted(broken)) == []
    assert "cpf" not in kinds(broken)


# --- Issue 16: formats that were missed and false alarms (most failed before; the rest guard the new rules). ---

ISSUE_16_FOUND = [
    ("iban", "CR05 0152 0200 1026 2840 66"),  # Costa Rica: not in the old 36-country table
    ("iban", "ES91-2100-0418-4502-0005-1332"),
    ("iban", "ES91  2100  0418  4502  0005  1332"),
    ("phone", "0034 612 345 678"),
    ("phone", "612.345.678"),
    ("phone", "55.1234.5678"),
    ("phone", "510 12 34 56"),  # Spanish 51x
    ("phone", "011 15-4123-4567"),  # Argentina
    ("phone", "300 123 4567"),  # Colombia
    ("phone", "9 8765 4321"),  # Chile
    ("phone", "(01) 411 2233"),  # Peru
    ("phone", "+52 1 55 1234 5678"),  # Mexico's former mobile 1
    ("card", "4111.1111.1111.1111"),
    ("dni_nie", "12 345 678 Z"),
    ("dni_nie", "12345678 Z"),
    ("cpf", "390533447-05"),
]


@pytest.mark.parametrize(("kind", "value"), ISSUE_16_FOUND, ids=[f"{k}:{v}" for k, v in ISSUE_16_FOUND])
def test_issue_16_formats_are_found(kind, value):
    text = f"Dato: {value}, gracias."
    assert find_personal_data(text) == [PrivacyFinding(kind, 0, 6, 6 + len(value), value)]


@pytest.mark.parametrize("text", [
    "Versión 10.0.0.1", "versión 10.0.0.1", "version 10.0.0.1", "Version: 10.0.0.1", "v 10.0.0.1", "v. 10.0.0.1",
    "ver. 10.0.0.1", "release 4.2.0.1", "build 1.0.0.12",
    "Marca el 55 5555 5555",  # one repeated digit
    "12 345 678 y algo más",  # a lower-case letter after a space is a word, not a DNI letter
    "Cuesta 612.345.678 €", "US$ 612 345 678", "612 345 678 pesos",
    "ZIP 90210-1234", "el 12-05-2024", "ISBN 978-84-376-0494-7",
    "55 1234 56789",  # no layout
    "004.002.190-91",  # a CPF-shaped number starting 00 is no international phone (+40 would be Romania)
])
def test_issue_16_false_alarms_are_gone(text):
    assert find_personal_data(text) == []


def test_a_dotted_quad_after_other_words_is_still_an_address():
    assert kinds("la IP 10.0.0.1") == ["ip"]
    assert kinds("servidor 10.0.0.1, versión 2") == ["ip"]
    assert kinds("vía 10.0.0.1") == ["ip"]  # "vía" is no version word, although it starts with v


def valid_registry_iban(country: str, structure: str, rng: random.Random) -> str:
    alphabets = {"n": string.digits, "a": string.ascii_uppercase, "c": string.ascii_uppercase + string.digits}
    bban = "".join(rng.choice(alphabets[kind]) for size, kind in re.findall(r"(\d+)!([nac])", structure)
                   for _ in range(int(size)))
    return f"{country}{iban.calc_check_digits(country + '00' + bban)}{bban}"


def test_every_country_of_stdnums_iban_registry_is_found_and_broken_ones_are_not():
    rng = random.Random(16)
    countries = [(prefix[1], prefix[3]["bban"]) for prefix in numdb.get("iban").prefixes]
    assert len(countries) == 89
    for country, structure in countries:
        number = valid_registry_iban(country, structure, rng)
        assert iban.is_valid(number, check_country=False)
        for written in (number, iban.format(number), iban.format(number, "-"), iban.format(number).lower()):
            assert find_personal_data(f"IBAN {written}.") == [PrivacyFinding("iban", 0, 5, 5 + len(written), written)]
        broken = number[:-1] + ("0" if number[-1] != "0" else "1")  # mod 97 catches any one substitution
        assert not iban.is_valid(broken, check_country=False) and kinds(f"IBAN {iban.format(broken)}.") == []


# --- The detector agrees with the reference libraries on random candidates (seeded). ---


def test_cards_agree_with_stdnum_luhn():
    rng = random.Random(1)
    for _ in range(2000):
        number = rng.choice("23456") + "".join(rng.choice(string.digits) for _ in range(rng.choice((12, 14, 15, 18))))
        assert (kinds(spaced(number)) == ["card"]) == luhn.is_valid(number), number


def test_cpfs_agree_with_stdnum():
    rng = random.Random(2)
    for _ in range(2000):
        number = "".join(rng.choice(string.digits) for _ in range(11))
        assert ("cpf" in kinds(cpf_formatted(number))) == (cpf.is_valid(number) and len(set(number)) > 1), number


def test_dnis_and_nies_agree_with_stdnum():
    rng = random.Random(3)
    for _ in range(2000):
        digits = "".join(rng.choice(string.digits) for _ in range(8))
        letter = rng.choice("TRWAGMYFPDXBNJZSQVHLCKE")
        assert (kinds(f"DNI {digits}{letter}") == ["dni_nie"]) == dni.is_valid(digits + letter)
        number = rng.choice("XYZ") + digits[:7] + letter
        assert (kinds(f"NIE {number}") == ["dni_nie"]) == nie.is_valid(number)


def test_curps_and_rfcs_agree_with_stdnum():
    rng = random.Random(4)
    states = "AS BC BS CC CH CL CM CS DF DG GR GT HG JC MC MN MS NE NL NT OC PL QR QT SL SP SR TC TL TS VZ YN ZS"
    agreed = 0
    for _ in range(3000):
        body = ("".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + f"{rng.randrange(100):02d}"
                + f"{rng.randrange(1, 14):02d}{rng.randrange(1, 32):02d}" + rng.choice("HMX")
                + rng.choice(states.split()) + "".join(rng.choice(string.ascii_uppercase) for _ in range(3))
                + rng.choice(string.digits + string.ascii_uppercase))
        number = body + (curp.calc_check_digit(body) if rng.random() < 0.7 else rng.choice(string.digits))
        assert (kinds(f"CURP {number}") == ["curp"]) == curp.is_valid(number), number
        key = body[:4] + body[4:10] + rng.choice("123456789ABCDEFGHIJKLMNPQRSTUVWXYZ") + rng.choice(string.digits)
        key += rfc.calc_check_digit(key) if rng.random() < 0.7 else rng.choice(string.digits)
        assert (kinds(f"RFC {key}") == ["rfc"]) == rfc.is_valid(key, validate_check_digits=True), key
        agreed += curp.is_valid(number)
    assert agreed > 500  # enough valid ones to mean something


# The four Mexican layouts, each with the regions that write numbers so (the detector's layout table).
MEXICAN_LAYOUTS = (
    ("{0}{1} {2}{3}{4}{5} {6}{7}{8}{9}", ("MX", "AR", "BR")),
    ("({0}{1}) {2}{3}{4}{5}-{6}{7}{8}{9}", ("MX", "AR", "BR")),
    ("{0}{1}{2}-{3}{4}{5}-{6}{7}{8}{9}", ("MX", "US", "CO", "AR")),
    ("({0}{1}{2}) {3}{4}{5}-{6}{7}{8}{9}", ("MX", "US", "CO", "AR")),
)


def valid_in(digits: str, regions: tuple[str, ...]) -> bool:
    for region in regions:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(digits, region)):
                return True
        except phonenumbers.NumberParseException:  # "00..." is read as an international prefix
            continue
    return False


def test_mexican_shaped_numbers_are_phones_exactly_when_phonenumbers_says_so():
    """A random ten-digit number in a Mexican layout is a phone iff it is valid where that layout is written."""
    rng = random.Random(5)
    flagged = 0
    for _ in range(1500):
        digits = rng.choice("23456789") + "".join(rng.choice(string.digits) for _ in range(9))
        layout, regions = rng.choice(MEXICAN_LAYOUTS)
        expected = valid_in(digits, regions) and len(set(digits)) > 1
        assert (kinds(f"Marca el {layout.format(*digits)} hoy.") == ["phone"]) == expected, digits
        flagged += expected
    assert 300 < flagged < 1400


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789", min_size=9, max_size=9), st.sampled_from([" ", ".", "-", ""]))
def test_spanish_nine_digit_layouts_follow_phonenumbers(digits, sep):
    written = sep.join((digits[:3], digits[3:6], digits[6:])) if sep else digits
    expected = valid_in(digits, ("ES", "PE", "CL")) and len(set(digits)) > 1
    assert (kinds(f"Tel {written}") == ["phone"]) == expected
