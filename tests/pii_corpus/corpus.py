"""The labelled personal-data corpus and its scoring: precision and recall per kind.

    from tests.pii_corpus.corpus import load_corpus, score

Two JSON Lines files, one sentence per line::

    {"id": "hw-es-017", "language": "es", "text": "DNI 12 345 678 Z, por favor.",
     "expected": [["dni_nie", "12 345 678 Z"]], "group": "dni_nie"}

* ``handwritten.jsonl``: sentences written by hand, positives in every accepted layout and hard
  negatives (versions, orders, dates, prices, ISBNs, postcodes, timestamps, wrong check digits);
* ``generated.jsonl``: made by ``python -m tests.pii_corpus.build`` (seeded): valid IBANs of every
  country in python-stdnum's registry, cards, DNI/NIE, CPF, CURP, RFC, IPs and phone numbers made
  valid by python-stdnum and phonenumbers and written in the layouts those libraries and people
  use, beside the same values broken (a wrong check digit) and other hard negatives.

``expected`` lists every piece of personal data in the sentence as ``[kind, exact text]``; a
sentence with none is a negative. ``group`` names what the sentence tests (``negative:date``...).

Scoring matches findings to expectations by ``(kind, text)`` within a sentence, as multisets: a
finding with no expectation is a false positive of its kind, an expectation with no finding a
false negative of its kind (a value found as the wrong kind counts once each way).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
FILES = ("handwritten.jsonl", "generated.jsonl")


@dataclass(frozen=True)
class Sentence:
    id: str
    language: str
    text: str
    expected: tuple[tuple[str, str], ...]
    group: str

    def to_dict(self) -> dict:
        return {"id": self.id, "language": self.language, "text": self.text,
                "expected": [list(pair) for pair in self.expected], "group": self.group}


def sentence_from_dict(data: dict) -> Sentence:
    return Sentence(data["id"], data["language"], data["text"],
                    tuple((kind, text) for kind, text in data["expected"]), data["group"])


def read_jsonl(path: Path) -> list[Sentence]:
    with path.open(encoding="utf-8") as stream:
        return [sentence_from_dict(json.loads(line)) for line in stream if line.strip()]


def load_corpus(files: Iterable[str] = FILES) -> list[Sentence]:
    return [sentence for name in files for sentence in read_jsonl(CORPUS_DIR / name)]


@dataclass(frozen=True)
class Mistake:
    sentence: Sentence
    kind: str
    text: str
    missed: bool  # True: expected and not found; False: found and not expected


@dataclass(frozen=True)
class Scores:
    true_positives: Counter
    false_positives: Counter
    false_negatives: Counter
    mistakes: tuple[Mistake, ...]


Detector = Callable[[str], Iterable[tuple[str, str]]]


def score(detect: Detector, sentences: Iterable[Sentence]) -> Scores:
    """Counts per kind of what ``detect(text) -> [(kind, text), ...]`` finds against the labels."""
    tp: Counter = Counter()
    fp: Counter = Counter()
    fn: Counter = Counter()
    mistakes: list[Mistake] = []
    for sentence in sentences:
        found = Counter(detect(sentence.text))
        expected = Counter(sentence.expected)
        for (kind, _), count in (found & expected).items():
            tp[kind] += count
        for (kind, text), count in (found - expected).items():
            fp[kind] += count
            mistakes.extend(Mistake(sentence, kind, text, missed=False) for _ in range(count))
        for (kind, text), count in (expected - found).items():
            fn[kind] += count
            mistakes.extend(Mistake(sentence, kind, text, missed=True) for _ in range(count))
    return Scores(tp, fp, fn, tuple(mistakes))
