"""What the personal-data detector costs: imports, the libraries' checks, and a turn of text.

    .venv/bin/python bench/bench_privacy.py [--repeats 5]

Prints (medians over ``--repeats`` runs, each import timed in a fresh interpreter):

* the import time of ``uncase_core.conversations.privacy`` and of the two libraries it imports;
* the first check of a number in a fresh process (phonenumbers loads each region's metadata then);
* phonenumbers' ``parse`` plus ``is_valid_number`` for one region, and python-stdnum's IBAN check;
* ``find_personal_data`` per turn on the labelled corpus, on the conversation benchmark's turns with
  and without digits, against phonenumbers' own text matcher (``PhoneNumberMatcher``) run over the
  eight regions the playground serves on the same turns.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import phonenumbers
from stdnum import iban

from bench.bench_conversations import synthetic_conversation
from tests.pii_corpus.corpus import load_corpus
from uncase_core.conversations.privacy import PHONE_REGIONS, find_personal_data

ROOT = Path(__file__).resolve().parents[1]


def fresh_seconds(code: str, repeats: int) -> float:
    """Median wall time of ``code`` in a fresh interpreter, minus an empty interpreter's start."""
    def run(source: str) -> float:
        output = subprocess.run(
            [sys.executable, "-c", f"import time; t = time.perf_counter(); {source}; print(time.perf_counter() - t)"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout
        return float(output)
    return statistics.median(run(code) for _ in range(repeats))


def per_call(function: Callable[[], object], calls: int, repeats: int) -> float:
    """Median seconds per call of ``function`` over ``repeats`` batches of ``calls``."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        timings.append((time.perf_counter() - start) / calls)
    return statistics.median(timings)


def per_turn(turns: list[str], detect: Callable[[str], object], repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        for turn in turns:
            detect(turn)
        timings.append((time.perf_counter() - start) / len(turns))
    return statistics.median(timings)


def matcher(text: str) -> list:
    return [match for region in PHONE_REGIONS for match in phonenumbers.PhoneNumberMatcher(text, region)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    repeats = args.repeats

    print("import, fresh interpreter (median):")
    for label, code in (
        ("uncase_core.conversations.privacy", "import uncase_core.conversations.privacy"),
        ("python-stdnum modules it uses", "from stdnum import iban, luhn; from stdnum.br import cpf; "
                                          "from stdnum.es import dni, nie; from stdnum.mx import curp, rfc"),
        ("phonenumbers", "import phonenumbers"),
        ("uncase_core.conversations.privacy, then a first phone in each region",
         "from uncase_core.conversations.privacy import find_personal_data as f; "
         "[f(t) for t in ('55 1234 5678', '612 345 678', '011 4123-4567', '(601) 2345678', '9 8765 4321', "
         "'(01) 411 2233', '(11) 91234-5678', '(213) 373-4253', '+44 20 7946 0958')]"),
    ):
        print(f"  {label:<58}{fresh_seconds(code, repeats) * 1000:8.1f} ms")

    print("one check (median per call):")
    number = phonenumbers.parse("612345678", "ES")
    checks = (
        ("phonenumbers.parse, one region", lambda: phonenumbers.parse("612345678", "ES")),
        ("phonenumbers.is_valid_number", lambda: phonenumbers.is_valid_number(number)),
        ("parse + is_valid_number, a number valid in no region tried (8 regions)",
         lambda: [phonenumbers.is_valid_number(phonenumbers.parse("5100000000", r)) for r in PHONE_REGIONS]),
        ("stdnum.iban.is_valid", lambda: iban.is_valid("ES9121000418450200051332", check_country=False)),
    )
    for label, function in checks:
        print(f"  {label:<72}{per_call(function, 2000, repeats) * 1e6:8.1f} us")

    rng = random.Random(11)
    plain = [t["text"] for i in range(300) for t in synthetic_conversation(i, rng)["turns"]]
    rng = random.Random(11)
    numbers = [t["text"] for i in range(300) for t in synthetic_conversation(i, rng, True)["turns"]]
    corpus = [sentence.text for sentence in load_corpus()]
    print("per turn (median):                                         find_personal_data   PhoneNumberMatcher x 8")
    for label, turns in (("labelled corpus sentences", corpus), ("benchmark turns, words only", plain),
                         ("benchmark turns, each with a clause holding digits", numbers)):
        ours = per_turn(turns, find_personal_data, repeats) * 1e6
        theirs = per_turn(turns[:300], matcher, max(1, repeats // 2)) * 1e6
        print(f"  {label:<55}{ours:10.1f} us {theirs:16.1f} us   ({len(turns)} turns)")


if __name__ == "__main__":
    main()
