"""The labelled personal-data corpus: well formed, labels confirmed by the reference libraries, up to date."""

from __future__ import annotations

import ipaddress
import re
from collections import Counter

import phonenumbers
import pytest
from stdnum import iban, luhn
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.mx import curp, rfc

from tests.pii_corpus.build import REGIONS, build, to_jsonl
from tests.pii_corpus.corpus import CORPUS_DIR, load_corpus, score
from uncase_core.conversations.privacy import KINDS, find_personal_data

CORPUS = load_corpus()
_EMAIL = re.compile(r"[A-Za-z0-9_.%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}")


def valid_phone(written: str) -> bool:
    """Valid for phonenumbers: in international form (+ or 00), or national in one of the served regions."""
    digits = re.sub(r"[^0-9+]", "", written)
    if digits.startswith(("+", "00")):
        international = "+" + digits.lstrip("+").removeprefix("00")
        if international.startswith("+521") and len(international) == 14:
            international = "+52" + international[4:]  # Mexico's former mobile 1, still written by some
        return phonenumbers.is_valid_number(phonenumbers.parse(international))
    for region in REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(digits, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


def compact(value: str) -> str:
    return re.sub(r"[ .-]", "", value).upper()


VALIDATORS = {
    "email": lambda v: _EMAIL.fullmatch(v) is not None,
    "iban": lambda v: iban.is_valid(v, check_country=False),
    "card": lambda v: 13 <= len(compact(v)) <= 19 and luhn.is_valid(compact(v)),
    "cpf": lambda v: cpf.is_valid(v) and len(set(compact(v))) > 1,
    "curp": curp.is_valid,
    "rfc": lambda v: len(compact(v)) in (12, 13) and rfc.is_valid(v, validate_check_digits=True),
    "dni_nie": lambda v: dni.is_valid(compact(v)) or nie.is_valid(compact(v)),
    "ip": lambda v: bool(ipaddress.ip_address(v)),
    "phone": valid_phone,
}


def test_corpus_is_well_formed_and_balanced():
    assert len({s.id for s in CORPUS}) == len(CORPUS)
    languages = Counter(s.language for s in CORPUS)
    assert set(languages) == {"en", "es"} and min(languages.values()) > 300
    for sentence in CORPUS:
        for kind, text in sentence.expected:
            assert kind in KINDS, sentence.id
            assert text in sentence.text, sentence.id
        assert sentence.group.startswith("negative:") == (not sentence.expected), sentence.id
    kinds = Counter(kind for s in CORPUS for kind, _ in s.expected)
    assert set(kinds) == set(KINDS)
    assert sum(not s.expected for s in CORPUS) > 300


@pytest.mark.parametrize("kind", KINDS)
def test_every_labelled_value_is_valid_for_the_reference_libraries(kind):
    values = [text for s in CORPUS for k, text in s.expected if k == kind]
    invalid = [value for value in values if not VALIDATORS[kind](value)]
    assert values and not invalid


def test_broken_values_are_invalid_for_the_reference_libraries():
    """A "-check" negative holds a value of its kind with a wrong check digit: nothing the libraries accept."""
    checked = 0
    for sentence in CORPUS:
        kind = sentence.group.removeprefix("negative:").removesuffix("-check")
        if not sentence.group.endswith("-check") or kind == "ip":
            continue
        words = sentence.text.split()
        spans = {" ".join(words[i:j]).strip(".,:;()'") for i in range(len(words)) for j in range(i + 1, i + 10)}
        assert not any(VALIDATORS[kind](span) for span in spans), sentence.id
        checked += 1
    assert checked > 150


def test_every_registry_country_has_a_valid_iban_in_the_corpus():
    from stdnum import numdb

    countries = {prefix[1] for prefix in numdb.get("iban").prefixes}
    found = {compact(text)[:2] for s in CORPUS for kind, text in s.expected if kind == "iban"}
    assert len(countries) == 89 and countries <= found


def test_generated_file_is_what_the_builder_makes():
    committed = (CORPUS_DIR / "generated.jsonl").read_text(encoding="utf-8")
    assert committed == to_jsonl(build()), "run: .venv/bin/python -m tests.pii_corpus.build"


# Mistakes the detector makes on the corpus, each with the reason it is accepted. Anything else fails.
KNOWN_MISTAKES = {
    ("card", "5019490073819", False): "an EAN-13 barcode that starts with 5 and passes Luhn has every property a "
                                      "13-digit Maestro card number has",
}


def test_the_detector_finds_every_labelled_value_and_nothing_else():
    scores = score(lambda text: [(f.kind, f.text) for f in find_personal_data(text)], CORPUS)
    mistakes = {(m.kind, m.text, m.missed) for m in scores.mistakes}
    assert mistakes == set(KNOWN_MISTAKES)
