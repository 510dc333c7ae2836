"""Leakage check time at 10,000 cases of about 100 words, and each index against brute force.

Run: ``python bench/bench_leakage.py``. Questions are seeded Zipf-distributed pseudo-words;
some near duplicates (a few words changed) and exact duplicates are planted across splits.
Target: under 30 s at 10,000 cases (the default method there is MinHash LSH). On 500 cases,
the MinHash and exact prefix indexes must find the very pairs brute force finds; on 2,000
cases MinHash is compared with the exact prefix index.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uncase_core.datasets.leakage import find_similar
from uncase_core.datasets.workbench import SPLITS
from uncase_core.rag.cases import RagCase, Unit

SEED = 2024


def synthetic_cases(size: int, seed: int = SEED, planted: int = 50) -> list[RagCase]:
    rng = np.random.default_rng(seed)
    # Words of 2 to 10 letters, Zipf-distributed: like real text, a few very common words and
    # many rare ones, so most character 5-grams are rare too.
    letters = list("abcdefghijklmnopqrstuvwxyz")
    vocabulary = sorted({"".join(rng.choice(letters, size=rng.integers(2, 11))) for _ in range(8000)})
    weights = 1.0 / np.arange(1, len(vocabulary) + 1)
    weights /= weights.sum()
    questions = [" ".join(rng.choice(vocabulary, size=int(rng.integers(90, 111)), p=weights)) + "?"
                 for _ in range(size)]
    for k in range(planted):  # near duplicates: copy, then change two or three words
        source, target = rng.choice(size, 2, replace=False)
        words = questions[int(source)].split()
        for _ in range(int(rng.integers(2, 4))):
            words[int(rng.integers(len(words)))] = str(rng.choice(vocabulary))
        questions[int(target)] = " ".join(words) if k % 5 else questions[int(source)].upper()
    cases = []
    for i, question in enumerate(questions):
        passage = Unit("p1", "passage", {"relevant": bool(rng.random() < 0.7)})
        cases.append(RagCase(f"case-{i:05d}", question, (passage,), metadata={"split": SPLITS[i % 4]}))
    return cases


def timed(cases: list[RagCase], method: str):
    start = time.perf_counter()
    report = find_similar(cases, method=method)
    return report, time.perf_counter() - start


def pairs(report) -> tuple:
    return report.leakage, report.duplicates


def main() -> None:
    cases = synthetic_cases(10_000)
    words = np.mean([len(c.question.split()) for c in cases])
    report, elapsed = timed(cases, "auto")
    found = report.leakage + report.duplicates
    exact = sum(p.kind == "exact" for p in found)
    print(f"{report.method}, 10,000 cases, {words:.0f} words on average: {elapsed:.2f} s "
          f"({len(report.leakage)} leakage, {len(report.duplicates)} duplicate pairs, {exact} exact; "
          f"miss bound per pair {report.miss_probability:.1e}; target < 30 s)")
    same = True
    for size, methods in ((500, ("brute", "prefix", "minhash")), (2000, ("prefix", "minhash"))):
        small = synthetic_cases(size, seed=SEED + size, planted=size // 20)
        results = {method: timed(small, method) for method in methods}
        reference = pairs(results[methods[0]][0])
        agree = all(pairs(r) == reference for r, _ in results.values())
        same &= agree
        times = ", ".join(f"{method} {seconds:.2f} s" for method, (_, seconds) in results.items())
        print(f"{size:,} cases: {times}; {sum(map(len, reference))} pairs; same pairs as {methods[0]}: {agree}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
