"""Batch time of the conversation evaluator on synthetic conversations of about 250 words.

    .venv/bin/python bench/bench_conversations.py [--conversations 10000] [--baseline 200] [--sequential] [--numbers]

Prints, for the same generated batch: the whole evaluator (``batch_evaluate`` with the
certificate), ROUGE-L alone with our bit-parallel LCS, and rouge-score's own scorer in a
plain loop (timed on ``--baseline`` conversations and scaled, since it is ~100x slower),
with the ratios (rouge-score loop / whole evaluator is the one issue 16 asks to stay above
5x). The scores of both ROUGE-L paths are compared on the baseline sample.

``--numbers`` ends every turn with a clause holding digits (prices, dates, order numbers,
versions, phone numbers, a card, an IBAN...), so that the privacy detector, which skips text
with no digit and no "@", does its full work on every turn.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rouge_score import rouge_scorer

from uncase_core.conversations.evaluator import Evaluator
from uncase_core.shared.rouge import rouge_l_tokens
from uncase_core.shared.tokenize import UnicodeTokenizer, tokenize

VOCABULARY = (
    "car price warranty months service dealer model engine financing rate payment monthly test drive "
    "color hybrid electric insurance delivery week trade value offer discount option package interior "
    "seats safety mileage fuel consumption battery charge range maintenance plan year customer agent "
    "thanks question help available today tomorrow branch appointment document license card account"
).split()
FUNCTION_WORDS = "the a of to and is for with on in it that this you we can your our".split()
# Clauses with digits, personal data or not, that a sales conversation could hold.
NUMBER_CLAUSES = (
    "the price is {d5},{d3} dollars", "order {d7} ships on 2024-05-{day}", "call me on 55 {d4} {e4}",
    "my mobile is 612 {d3} {e3}", "update to version 10.0.{d1}.{d1}", "pay with 4111 1111 1111 1111",
    "the rate is {d1}.{d2}% for {d2} months", "ticket {d3}-{d4}-{d2} is open", "the ZIP code is {d5}",
    "wire it to ES91 2100 0418 4502 0005 1332", "we open at 9:30 on {day}/06/2025", "model year 20{d2}",
)


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(VOCABULARY if rng.random() < 0.6 else FUNCTION_WORDS) for _ in range(words)) + "."


def _number_clause(rng: random.Random) -> str:
    digits = {f"{key}{n}": "".join(rng.choice("0123456789") for _ in range(n))
              for key in "de" for n in (1, 2, 3, 4, 5, 7)}
    return rng.choice(NUMBER_CLAUSES).format(day=f"{rng.randint(1, 28):02d}", **digits)


def synthetic_conversation(i: int, rng: random.Random, numbers: bool = False) -> dict:
    turns = [{"role": "customer" if k % 2 == 0 else "agent", "text": _sentence(rng, 25)} for k in range(10)]
    if numbers:
        for turn in turns:
            turn["text"] = f"{turn['text'][:-1]}, {_number_clause(rng)}."
    seed = "\n".join(_sentence(rng, 20) for _ in range(10))
    return {
        "id": f"conv-{i:05d}", "language": "en", "domain": "automotive.sales", "seed_template": seed,
        "turns": turns,
        "knowledge_base": [f"The {rng.choice(VOCABULARY)} costs {rng.randint(100, 999)} dollars."],
        "source_texts": [_sentence(rng, 60)],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conversations", type=int, default=10_000)
    parser.add_argument("--baseline", type=int, default=200)
    parser.add_argument("--sequential", action="store_true", help="also time the batch in one process")
    parser.add_argument("--numbers", action="store_true", help="end every turn with a clause holding digits")
    args = parser.parse_args()
    rng = random.Random(11)
    batch = [synthetic_conversation(i, rng, args.numbers) for i in range(args.conversations)]
    words = sum(len(t["text"].split()) for t in batch[0]["turns"])
    print(f"conversations: {len(batch)}, words per conversation: {words}")

    start = time.perf_counter()
    report = Evaluator().batch_evaluate(batch, certify=True)
    whole = time.perf_counter() - start
    print(f"whole evaluator (batch_evaluate, certify=True, one process per core): {whole:.2f} s; target < 20 s; "
          f"pass rate {report.pass_rate:.1f}%")
    sequential = sequential_cpu = None
    if args.sequential:
        start, start_cpu = time.perf_counter(), time.process_time()
        Evaluator().batch_evaluate(batch, certify=True, workers=1)
        sequential, sequential_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        print(f"whole evaluator in one process: {sequential:.2f} s ({sequential_cpu:.2f} s of CPU)")

    pairs = [(c["seed_template"], "\n".join(t["text"] for t in c["turns"])) for c in batch]
    start = time.perf_counter()
    ours = [rouge_l_tokens(tokenize(seed), tokenize(text)) for seed, text in pairs]
    fast = time.perf_counter() - start

    scorer = rouge_scorer.RougeScorer(["rougeL"], tokenizer=UnicodeTokenizer())
    sample = pairs[: args.baseline]
    start, start_cpu = time.perf_counter(), time.process_time()
    theirs = [scorer.score(seed, text)["rougeL"] for seed, text in sample]
    slow = (time.perf_counter() - start) * len(pairs) / len(sample)
    slow_cpu = (time.process_time() - start_cpu) * len(pairs) / len(sample)
    same = all(
        (a.precision, a.recall, a.fmeasure) == (b.precision, b.recall, b.fmeasure)
        for a, b in zip(ours, theirs, strict=False)
    )
    print(f"ROUGE-L alone, bit-parallel LCS: {fast:.2f} s")
    print(f"ROUGE-L alone, rouge-score loop: {slow:.1f} s ({slow_cpu:.1f} s of CPU; timed on {len(sample)}, "
          f"scaled); ratio {slow / fast:.0f}x; identical scores on the sample: {same}")
    # On a shared machine wall times move with the neighbours' load; CPU times of one process move less.
    print(f"rouge-score loop / whole evaluator: {slow / whole:.1f}x (one process per core)"
          + (f", {slow / sequential:.1f}x (one process), {slow_cpu / sequential_cpu:.1f}x (CPU time, one process)"
             if sequential else ""))


if __name__ == "__main__":
    main()
