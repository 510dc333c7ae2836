"""Precision and recall of the personal-data detector on the labelled corpus, per kind and overall.

    .venv/bin/python bench/pii_report.py [--errors] [--random-mexican 4000]

Runs :func:`uncase_core.conversations.privacy.find_personal_data` on every sentence of ``tests/pii_corpus``
(hand-written and generated, English and Spanish) and prints, per kind: the labelled values,
the findings, true positives, false positives, false negatives, precision and recall with Wilson
95% intervals; then the same pooled over all kinds, per language, and how many negative sentences
(no personal data) raised a finding, per group. ``--errors`` lists every mistake.
``--random-mexican N`` also writes N random ten-digit numbers (first digit 2-9, seeded) in the
four Mexican layouts and counts how many are flagged among those that phonenumbers says are not
valid Mexican numbers, and among those valid in none of the regions the playground serves.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import phonenumbers

from tests.pii_corpus.build import REGIONS, random_mexican_shaped, valid_anywhere
from tests.pii_corpus.corpus import Scores, Sentence, load_corpus, score
from uncase_core.conversations.privacy import KINDS, find_personal_data
from uncase_core.stats.proportions import wilson_interval


def detect(text: str) -> list[tuple[str, str]]:
    return [(finding.kind, finding.text) for finding in find_personal_data(text)]


def rate(successes: int, total: int) -> str:
    if total == 0:
        return "N/A (0)".rjust(22)
    low, high = wilson_interval(successes, total)
    return f"{successes / total:6.3f} [{low:.3f}, {high:.3f}]"


def print_table(title: str, scores: Scores, kinds: tuple[str, ...]) -> None:
    print(title)
    header = f"{'labelled':>9}{'found':>7}{'TP':>6}{'FP':>5}{'FN':>5}"
    print(f"  {'kind':<9}{header}   {'precision [95% CI]':<24}  recall [95% CI]")
    rows = [(kind, scores.true_positives[kind], scores.false_positives[kind], scores.false_negatives[kind])
            for kind in kinds]
    rows.append(("all", *(sum(row[i] for row in rows) for i in (1, 2, 3))))
    for kind, tp, fp, fn in rows:
        counts = f"{tp + fn:>9}{tp + fp:>7}{tp:>6}{fp:>5}{fn:>5}"
        print(f"  {kind:<9}{counts}   {rate(tp, tp + fp):<24}  {rate(tp, tp + fn)}")


def false_alarms_on_negatives(sentences: list[Sentence]) -> None:
    negatives = [s for s in sentences if not s.expected]
    flagged: Counter = Counter()
    total: Counter = Counter()
    for sentence in negatives:
        total[sentence.group] += 1
        flagged[sentence.group] += bool(find_personal_data(sentence.text))
    print(f"negative sentences with a finding: {sum(flagged.values())} of {len(negatives)}")
    for group in sorted(total):
        print(f"  {group:<28}{flagged[group]:>4} of {total[group]}")


def random_mexican(count: int) -> None:
    rng = random.Random(4000)
    invalid_mx = flagged_mx = invalid_all = flagged_all = 0
    for _ in range(count):
        written, digits = random_mexican_shaped(rng)
        flagged = any(f.kind == "phone" for f in find_personal_data(f"Marca el {written} hoy."))
        if not phonenumbers.is_valid_number(phonenumbers.parse(digits, "MX")):
            invalid_mx += 1
            flagged_mx += flagged
        if not valid_anywhere(digits):
            invalid_all += 1
            flagged_all += flagged
    print(f"random Mexican-shaped numbers: {count} (seeded); flagged as phones among those")
    print(f"  not valid Mexican numbers (phonenumbers, region MX): {flagged_mx} of {invalid_mx}")
    print(f"  valid in none of {', '.join(REGIONS)}: {flagged_all} of {invalid_all}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list every false positive and false negative")
    parser.add_argument("--random-mexican", type=int, default=0, metavar="N")
    args = parser.parse_args()
    sentences = load_corpus()
    by_language = Counter(s.language for s in sentences)
    print(f"corpus: {len(sentences)} sentences ({', '.join(f'{n} {k}' for k, n in sorted(by_language.items()))}), "
          f"{sum(len(s.expected) for s in sentences)} labelled values, "
          f"{sum(not s.expected for s in sentences)} sentences without personal data")
    scores = score(detect, sentences)
    print_table("all sentences", scores, KINDS)
    for language in sorted(by_language):
        language_scores = score(detect, [s for s in sentences if s.language == language])
        tp, fp, fn = (sum(c.values()) for c in (language_scores.true_positives, language_scores.false_positives,
                                                 language_scores.false_negatives))
        print(f"  {language}: precision {rate(tp, tp + fp)}, recall {rate(tp, tp + fn)}")
    false_alarms_on_negatives(sentences)
    if args.errors:
        print("mistakes:")
        for mistake in scores.mistakes:
            what = "missed" if mistake.missed else "false "
            print(f"  {what} {mistake.kind:<8} {mistake.text!r:<40} {mistake.sentence.id}: {mistake.sentence.text}")
    if args.random_mexican:
        random_mexican(args.random_mexican)


if __name__ == "__main__":
    main()
