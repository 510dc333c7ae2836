"""Builds ``generated.jsonl``, the seeded half of the labelled personal-data corpus.

    .venv/bin/python -m tests.pii_corpus.build [--check]

Every valid value is made valid by the reference libraries (python-stdnum's check-digit
functions and IBAN registry, phonenumbers' validity check), and every "broken" one is a valid
value with one check digit changed, confirmed invalid by the same libraries. Values are placed
in short English and Spanish sentences. ``--check`` rebuilds in memory and exits 1 if the
committed file differs (the test suite does the same).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import random
import string
import sys
from collections.abc import Callable, Iterator

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from stdnum import ean, iban, isbn, luhn, numdb
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.mx import curp, rfc

from tests.pii_corpus.corpus import CORPUS_DIR, Sentence

SEED = 16
OUTPUT = CORPUS_DIR / "generated.jsonl"
REGIONS = ("MX", "ES", "AR", "CO", "CL", "PE", "BR", "US")
INTERNATIONAL = ("GB", "FR", "DE", "IT", "PT", "CA")

TEMPLATES = {
    "iban": (("es", "Transfiere el importe a la cuenta {v}, por favor."), ("en", "Please wire the amount to {v}."),
             ("es", "Mi IBAN es {v}"), ("en", "IBAN: {v} (personal account)")),
    "card": (("es", "Pagaré con la tarjeta {v}."), ("en", "My card number is {v}, expiry next year."),
             ("es", "Tarjeta: {v}"), ("en", "Charge it to {v} please.")),
    "dni_nie": (("es", "Mi documento es el {v}."), ("en", "My Spanish ID is {v}."),
                ("es", "DNI/NIE: {v}, para la reserva."), ("en", "ID document {v} attached.")),
    "cpf": (("es", "El CPF del titular es {v}."), ("en", "The holder's CPF is {v}."),
            ("es", "CPF: {v}"), ("en", "Tax number (CPF) {v} on file.")),
    "curp": (("es", "Mi CURP es {v}."), ("en", "Her CURP is {v}."),
             ("es", "CURP: {v}, sin errores."), ("en", "CURP {v} for the form.")),
    "rfc": (("es", "Facturar al RFC {v}."), ("en", "Invoice to tax id (RFC) {v}."),
            ("es", "RFC: {v}"), ("en", "The company's RFC is {v}.")),
    "ip": (("es", "El equipo del cliente tiene la IP {v}."), ("en", "The customer's machine is at {v}."),
           ("es", "Conéctate a {v} para ver el panel."), ("en", "Login came from {v} yesterday.")),
    "phone": (("es", "Mi teléfono es {v}."), ("en", "My phone number is {v}."),
              ("es", "Llámame al {v} por la tarde."), ("en", "Call me on {v} after six."),
              ("es", "Escríbeme al WhatsApp {v}"), ("en", "You can reach me at {v}.")),
}
NEGATIVE_TEMPLATES = {
    "date": (("es", "La cita es el {v}."), ("en", "The appointment is on {v}.")),
    "timestamp": (("es", "Registro creado {v} por el sistema."), ("en", "Log entry at {v}.")),
    "price": (("es", "El total es {v} con impuestos."), ("en", "The total is {v} including tax.")),
    "order": (("es", "Tu pedido {v} sale mañana."), ("en", "Your order {v} ships tomorrow.")),
    "isbn": (("es", "El libro tiene ISBN {v}."), ("en", "The book's ISBN is {v}.")),
    "ean": (("es", "Código de barras {v} en la etiqueta."), ("en", "Barcode {v} on the label.")),
    "postcode": (("es", "Envíalo al código postal {v}."), ("en", "Ship it to postcode {v}.")),
    "mexican-shaped": (("es", "Marca el {v} y pregunta por ventas."), ("en", "Dial {v} and ask for sales.")),
    "quantity": (("es", "Hay {v} unidades en el almacén."), ("en", "There are {v} units in stock.")),
}


def sentences_for(kind: str, values: list[tuple[str, bool]], rng: random.Random, group: str = "",
                  templates: tuple[tuple[str, str], ...] | None = None) -> Iterator[tuple[str, str, list, str]]:
    """(language, text, expected, group) for each ``(value, is_personal_data)``."""
    for value, positive in values:
        language, template = rng.choice(templates or TEMPLATES[kind])
        expected = [[kind, value]] if positive else []
        yield language, template.format(v=value), expected, group or (kind if positive else f"negative:{kind}-check")


# ------------------------------------------------------------------ IBAN


def iban_countries() -> list[tuple[str, str]]:
    """(country, BBAN structure) for every country of stdnum's copy of the IBAN registry."""
    return [(prefix[1], prefix[3]["bban"]) for prefix in numdb.get("iban").prefixes]


def random_bban(structure: str, rng: random.Random) -> str:
    alphabets = {"n": string.digits, "a": string.ascii_uppercase, "c": string.ascii_uppercase + string.digits}
    parts = structure.replace("!", "").replace("n", "n ").replace("a", "a ").replace("c", "c ").split()
    return "".join(rng.choice(alphabets[part[-1]]) for part in parts for _ in range(int(part[:-1])))


def valid_iban(country: str, structure: str, rng: random.Random) -> str:
    """A random IBAN that stdnum accepts, national checks included (Spain's CCC, Belgium's bank codes...)."""
    for _ in range(100_000):
        bban = random_bban(structure, rng)
        number = f"{country}{iban.calc_check_digits(country + '00' + bban)}{bban}"
        if iban.is_valid(number):
            return number
    raise AssertionError(f"no valid IBAN for {country}")


def iban_layout(number: str, index: int) -> str:
    spaced = iban.format(number)
    return (spaced, spaced.replace(" ", "-"), spaced.replace(" ", "  "), spaced.lower())[index % 4]


def broken_iban(number: str) -> str:
    # One digit of the BBAN changed: mod 97 catches any single substitution.
    position = max(i for i, char in enumerate(number) if char.isdigit() and i >= 4)
    broken = number[:position] + str((int(number[position]) + 1) % 10) + number[position + 1:]
    assert not iban.is_valid(broken)
    return broken


def ibans(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for index, (country, structure) in enumerate(iban_countries()):
        number = valid_iban(country, structure, rng)
        values += [(number, True), (iban_layout(number, index), True), (iban.format(broken_iban(number)), False)]
    return values


# ------------------------------------------------------------------ cards

CARD_PREFIXES = (("4", 16), ("4", 13), ("51", 16), ("55", 16), ("2221", 16), ("34", 15), ("37", 15),
                 ("36", 14), ("6011", 16), ("62", 19), ("3528", 16), ("4", 19))


def card_layout(number: str, index: int) -> str:
    if len(number) == 15 and index % 2:
        return f"{number[:4]} {number[4:10]} {number[10:]}"
    separator = ("", " ", "-", ".")[index % 4]
    return separator.join(number[i:i + 4] for i in range(0, len(number), 4))


def cards(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for index in range(36):
        prefix, size = CARD_PREFIXES[index % len(CARD_PREFIXES)]
        payload = prefix + "".join(rng.choice(string.digits) for _ in range(size - len(prefix) - 1))
        number = payload + luhn.calc_check_digit(payload)
        values.append((card_layout(number, index), True))
        if index % 2 == 0:
            broken = payload + str((int(luhn.calc_check_digit(payload)) + 1 + index % 9) % 10)
            assert not luhn.is_valid(broken)
            values.append((card_layout(broken, index), False))
    return values


# ------------------------------------------------------------------ DNI / NIE, CPF


def dni_layout(number: str, index: int) -> str:
    digits, letter = number[:8], number[8]
    return (number, f"{digits}-{letter}", f"{digits[:2]}.{digits[2:5]}.{digits[5:]}-{letter}",
            f"{digits[:2]} {digits[2:5]} {digits[5:]} {letter}", number.lower(), f"{digits} {letter}")[index % 6]


def dni_nies(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for index in range(24):
        digits = "".join(rng.choice(string.digits) for _ in range(8))
        number = digits + dni.calc_check_digit(digits)
        values.append((dni_layout(number, index), True))
        if index % 3 == 0:
            wrong = rng.choice("TRWAGMYFPDXBNJZSQVHLCKE".replace(number[-1], ""))
            values.append((dni_layout(digits + wrong, index), False))
    for index in range(12):
        body = rng.choice("XYZ") + "".join(rng.choice(string.digits) for _ in range(7))
        number = body + nie.calc_check_digit(body)
        values.append(((number, f"{body[0]}-{body[1:]}-{number[-1]}", number.lower())[index % 3], True))
        if index % 3 == 0:
            wrong = rng.choice("TRWAGMYFPDXBNJZSQVHLCKE".replace(number[-1], ""))
            assert not nie.is_valid(body + wrong)
            values.append((body + wrong, False))
    return values


def cpf_check_digits(nine: str) -> str:
    return next(f"{d:02d}" for d in range(100) if cpf.is_valid(f"{nine}{d:02d}"))


def cpfs(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for index in range(20):
        nine = "".join(rng.choice(string.digits) for _ in range(9))
        number = nine + cpf_check_digits(nine)
        layouts = (cpf.format(number), number, f"{nine}-{number[9:]}")
        values.append((layouts[index % 3], True))
        if index % 2 == 0:
            broken = number[:10] + str((int(number[10]) + 1) % 10)
            assert not cpf.is_valid(broken)
            values.append(((cpf.format(broken), broken, f"{nine}-{broken[9:]}")[index % 3], False))
    # One repeated digit passes both check digits but is no one's CPF (the Receita refuses them).
    values += [("111.111.111-11", False), ("99999999999", False)]
    return values


# ------------------------------------------------------------------ CURP, RFC

CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"
VOWELS = "AEIOU"


def random_birth_date(rng: random.Random) -> datetime.date:
    return datetime.date(1940, 1, 1) + datetime.timedelta(days=rng.randrange(365 * 80))


def curps(rng: random.Random) -> list[tuple[str, bool]]:
    states = sorted("AS BC BS CC CH CL CM CS DF DG GR GT HG JC MC MN MS NE NL NT OC PL QR QT SL SP SR TC TL TS VZ "
                    "YN ZS".split())
    values = []
    for index in range(16):
        born = random_birth_date(rng)
        name = rng.choice(CONSONANTS) + rng.choice(VOWELS) + rng.choice(CONSONANTS) + rng.choice(string.ascii_uppercase)
        differentiator = rng.choice(string.digits) if born.year < 2000 else rng.choice(string.ascii_uppercase)
        body = (name + born.strftime("%y%m%d") + rng.choice("HM") + rng.choice(states)
                + "".join(rng.choice(CONSONANTS) for _ in range(3)) + differentiator)
        number = body + curp.calc_check_digit(body)
        if not curp.is_valid(number):  # a name on RENAPO's list of words never used
            continue
        values.append((number, True))
        if index % 2 == 0:
            broken = body + str((int(number[-1]) + 1) % 10)
            assert not curp.is_valid(broken)
            values.append((broken, False))
    # Right check digit, but the name part is a word RENAPO never issues (its second letter becomes X).
    body = "PUTO" + "800101HDFRRN0"
    values.append((body + curp.calc_check_digit(body), False))
    return values


def rfc_layout(number: str, index: int) -> str:
    letters = len(number) - 9
    parts = (number[:letters], number[letters:letters + 6], number[letters + 6:])
    return (number, " ".join(parts), "-".join(parts))[index % 3]


def rfcs(rng: random.Random) -> list[tuple[str, bool]]:
    homoclave_first = "123456789ABCDEFGHIJKLMNPQRSTUV"
    homoclave_second = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ"
    values = []
    for index in range(16):
        born = random_birth_date(rng)
        letters = 4 if index % 3 else 3
        name = "".join(rng.choice(string.ascii_uppercase) for _ in range(letters))
        body = name + born.strftime("%y%m%d") + rng.choice(homoclave_first) + rng.choice(homoclave_second)
        number = body + rfc.calc_check_digit(body)
        if not rfc.is_valid(number, validate_check_digits=True):  # a name on SAT's list of words never used
            continue
        values.append((rfc_layout(number, index), True))
        if index % 2 == 0:
            wrong = rng.choice("0123456789A".replace(number[-1], ""))
            assert not rfc.is_valid(body + wrong, validate_check_digits=True)
            values.append((rfc_layout(body + wrong, index), False))
    return values


# ------------------------------------------------------------------ IP


def ips(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for _ in range(10):
        values.append((".".join(str(rng.randrange(1, 224)) for _ in range(4)), True))
    for prefix in ("10", "192.168", "172.16"):
        parts = prefix.split(".")
        values.append((".".join(parts + [str(rng.randrange(0, 256)) for _ in range(4 - len(parts) - 1)]
                                + [str(rng.randrange(1, 255))]), True))
    for _ in range(6):
        groups = [f"{rng.randrange(0x10000):x}" for _ in range(6)]
        values.append((f"2001:db8:{':'.join(groups)}", True))
        values.append((f"fe80::{groups[0]}:{groups[1]}", True))
    return values


def dotted_quads_after_version_words(rng: random.Random) -> list[tuple[str, str]]:
    """(language, sentence): a dotted quad that is a version number, after the word that says so."""
    words = {"es": ("versión", "Versión", "v", "v.", "ver.", "build"), "en": ("version", "Version", "v", "release")}
    templates = {"es": "Instala la {v} antes de seguir.", "en": "Install {v} first."}
    found = []
    for index in range(12):
        language = ("es", "en")[index % 2]
        version = ".".join(str(rng.randrange(0, 30)) for _ in range(4))
        found.append((language, templates[language].format(v=f"{rng.choice(words[language])} {version}")))
    return found


# ------------------------------------------------------------------ phones


def random_valid_number(region: str, kind: int, rng: random.Random) -> phonenumbers.PhoneNumber:
    example = phonenumbers.example_number_for_type(region, kind)
    national = str(example.national_number)
    for _ in range(100_000):
        candidate = national[0] + "".join(rng.choice(string.digits) for _ in range(len(national) - 1))
        number = phonenumbers.parse("+" + str(example.country_code) + candidate)
        if phonenumbers.is_valid_number_for_region(number, region) and phonenumbers.number_type(number) in (
            kind, PhoneNumberType.FIXED_LINE_OR_MOBILE
        ):
            return number
    raise AssertionError(f"no valid {kind} number for {region}")


def phone_layouts(number: phonenumbers.PhoneNumber) -> list[str]:
    """The library's national, international and E.164 layouts, and the 00 prefix for the international one."""
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    return [
        phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
        international,
        phonenumbers.format_number(number, PhoneNumberFormat.E164),
        "00" + international[1:],
    ]


def phones(rng: random.Random) -> list[tuple[str, bool]]:
    values = []
    for region in REGIONS:
        for kind in (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE):
            for _ in range(2):
                number = random_valid_number(region, kind, rng)
                values += [(layout, True) for layout in phone_layouts(number)]
    for region in INTERNATIONAL:
        number = random_valid_number(region, PhoneNumberType.MOBILE, rng)
        values += [(layout, True) for layout in phone_layouts(number)[1:]]
    # Layouts people write that the library does not print: dots, and Mexico's ten digits in 2-4-4.
    for region, groups in (("ES", (3, 3, 3)), ("MX", (2, 4, 4)), ("MX", (3, 3, 4)), ("ES", (3, 2, 2, 2))):
        for separator in (".", " ", "-"):
            number = random_valid_number(region, PhoneNumberType.MOBILE, rng)
            digits = str(number.national_number)
            cut = [sum(groups[:i]) for i in range(len(groups) + 1)]
            values.append((separator.join(digits[a:b] for a, b in itertools.pairwise(cut)), True))
    return values


def valid_anywhere(national: str) -> bool:
    for region in REGIONS:
        try:
            number = phonenumbers.parse(national, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False


MEXICAN_SHAPES = ("{0}{1} {2}{3}{4}{5} {6}{7}{8}{9}", "({0}{1}) {2}{3}{4}{5}-{6}{7}{8}{9}",
                  "{0}{1}{2}-{3}{4}{5}-{6}{7}{8}{9}", "({0}{1}{2}) {3}{4}{5}-{6}{7}{8}{9}")


def random_mexican_shaped(rng: random.Random) -> tuple[str, str]:
    """(written, digits): ten random digits, the first 2-9, in one of the four Mexican layouts."""
    digits = rng.choice("23456789") + "".join(rng.choice(string.digits) for _ in range(9))
    return rng.choice(MEXICAN_SHAPES).format(*digits), digits


def invalid_mexican_shaped(rng: random.Random, count: int) -> list[str]:
    """Mexican-shaped numbers that are not valid in any region the playground serves."""
    found: list[str] = []
    while len(found) < count:
        written, digits = random_mexican_shaped(rng)
        if not valid_anywhere(digits):
            found.append(written)
    return found


# ------------------------------------------------------------------ other hard negatives


def dates(rng: random.Random) -> list[str]:
    values = []
    for index in range(18):
        day = random_birth_date(rng) + datetime.timedelta(days=365 * 20)
        values.append(day.strftime(("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%Y.%m.%d", "%Y%m%d",
                                    "%d %m %Y", "%m/%d/%Y", "%d-%m-%y")[index % 9]))
    return values


def timestamps(rng: random.Random) -> list[str]:
    values = []
    for index in range(10):
        moment = datetime.datetime(2020, 1, 1) + datetime.timedelta(seconds=rng.randrange(10 ** 8))
        values.append((moment.strftime("%Y-%m-%d %H:%M:%S"), moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
                       str(int(moment.replace(tzinfo=datetime.UTC).timestamp())),
                       moment.strftime("%H:%M:%S.") + f"{rng.randrange(1000):03d}",
                       str(int(moment.replace(tzinfo=datetime.UTC).timestamp() * 1000)))[index % 5])
    return values


def prices(rng: random.Random) -> list[str]:
    values = []
    for index in range(18):
        amount = rng.randrange(1_000_000, 99_999_999) if index % 2 else rng.randrange(1000, 999_999)
        cents = rng.randrange(100)
        dotted = f"{amount:,}".replace(",", ".")
        spaced = f"{amount:,}".replace(",", " ")
        values.append((f"${amount:,}.{cents:02d}", f"{dotted} €", f"{dotted},{cents:02d} €", f"$ {spaced}",
                       f"R$ {dotted},{cents:02d}", f"{amount:,} USD", f"{dotted} pesos", f"MXN {amount:,}",
                       f"S/ {spaced}")[index % 9])
    return values


def quantities(rng: random.Random) -> list[str]:
    return [f"{rng.randrange(1_000_000, 99_999_999):,}".replace(",", sep) for sep in (".", " ", ",") for _ in range(3)]


def orders(rng: random.Random) -> list[str]:
    values = []
    for index in range(15):
        digits = "".join(rng.choice(string.digits) for _ in range(12))
        values.append((f"#{digits[:7]}", f"ORD-{digits[:10]}", f"A-{digits[:4]}-{digits[4:9]}",
                       f"n.º {digits[:6]}", f"{digits[:4]}/{digits[4:10]}")[index % 5])
    return values


def isbns(rng: random.Random) -> list[str]:
    values = []
    for index in range(10):
        payload = "97884" + "".join(rng.choice(string.digits) for _ in range(7))
        number = payload + ean.calc_check_digit(payload)
        assert isbn.is_valid(number)
        values.append(isbn.format(number) if index % 2 else isbn.format(isbn.to_isbn10(number)))
    return values


def eans(rng: random.Random) -> list[str]:
    values = []
    for _ in range(8):
        prefix = rng.choice(("84", "50", "40", "750", "779"))
        payload = prefix + "".join(rng.choice(string.digits) for _ in range(12 - len(prefix)))
        values.append(payload + ean.calc_check_digit(payload))
    return values


def postcodes(rng: random.Random) -> list[str]:
    values = []
    for index in range(12):
        values.append((f"{rng.randrange(1000, 52999):05d}", f"C.P. {rng.randrange(1000, 99999):05d}",
                       f"{rng.randrange(10000, 99999)}-{rng.randrange(10000):04d}",
                       f"{rng.randrange(10000, 99999)}-{rng.randrange(1000):03d}")[index % 4])
    return values


# ------------------------------------------------------------------ the corpus


def build(seed: int = SEED) -> list[Sentence]:
    rng = random.Random(seed)
    rows: list[tuple[str, str, list, str]] = []
    positive_makers: tuple[tuple[str, Callable[[random.Random], list[tuple[str, bool]]]], ...] = (
        ("iban", ibans), ("card", cards), ("dni_nie", dni_nies), ("cpf", cpfs), ("curp", curps), ("rfc", rfcs),
        ("ip", ips), ("phone", phones),
    )
    for kind, make in positive_makers:
        rows += sentences_for(kind, make(rng), rng)
    negatives: tuple[tuple[str, list[str]], ...] = (
        ("date", dates(rng)), ("timestamp", timestamps(rng)), ("price", prices(rng)), ("order", orders(rng)),
        ("isbn", isbns(rng)), ("ean", eans(rng)), ("postcode", postcodes(rng)),
        ("mexican-shaped", invalid_mexican_shaped(rng, 40)),
        ("quantity", quantities(rng)),
    )
    for group, values in negatives:
        rows += sentences_for(group, [(value, False) for value in values], rng, group=f"negative:{group}",
                              templates=NEGATIVE_TEMPLATES[group])
    rows += [(language, text, [], "negative:version") for language, text in dotted_quads_after_version_words(rng)]
    return [Sentence(f"gen-{index:04d}", language, text, tuple((k, v) for k, v in expected), group)
            for index, (language, text, expected, group) in enumerate(rows)]


def to_jsonl(sentences: list[Sentence]) -> str:
    return "".join(json.dumps(s.to_dict(), ensure_ascii=False) + "\n" for s in sentences)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    args = parser.parse_args()
    text = to_jsonl(build())
    if args.check:
        same = OUTPUT.read_text(encoding="utf-8") == text
        print("generated.jsonl is up to date" if same else "generated.jsonl differs from the builder's output")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({text.count(chr(10))} sentences)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
