"""Batch time of the conversation evaluator on synthetic conversations of about 250 words.

    .venv/bin/python bench/bench_conversations.py [--conversations 10000] [--baseline 200] [--sequential]

Prints, for the same generated batch: the whole evaluator (``batch_evaluate`` with the
certificate), ROUGE-L alone with our bit-parallel LCS, and rouge-score's own scorer in a
plain loop (timed on ``--baseline`` conversations and scaled, since it is ~100x slower),
with the ratio. The scores of both ROUGE-L paths are compared on the baseline sample.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rouge_score import rouge_scorer

from uncase_core.evaluator import Evaluator
from uncase_core.rouge import rouge_l_tokens
from uncase_core.tokenize import UnicodeTokenizer, tokenize

VOCABULARY = (
    "car price warranty months service dealer model engine financing rate payment monthly test drive "
    "color hybrid electric insurance delivery week trade value offer discount option package interior "
    "seats safety mileage fuel consumption battery charge range maintenance plan year customer agent "
    "thanks question help available today tomorrow branch appointment document license card account"
).split()
FUNCTION_WORDS = "the a of to and is for with on in it that this you we can your our".split()


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(VOCABULARY if rng.random() < 0.6 else FUNCTION_WORDS) for _ in range(words)) + "."


def synthetic_conversation(i: int, rng: random.Random) -> dict:
    turns = [{"role": "customer" if k % 2 == 0 else "agent", "text": _sentence(rng, 25)} for k in range(10)]
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
    args = parser.parse_args()
    rng = random.Random(11)
    batch = [synthetic_conversation(i, rng) for i in range(args.conversations)]
    words = sum(len(t["text"].split()) for t in batch[0]["turns"])
    print(f"conversations: {len(batch)}, words per conversation: {words}")

    start = time.perf_counter()
    report = Evaluator().batch_evaluate(batch, certify=True)
    whole = time.perf_counter() - start
    print(f"whole evaluator (batch_evaluate, certify=True, one process per core): {whole:.2f} s; target < 20 s; "
          f"pass rate {report.pass_rate:.1f}%")
    if args.sequential:
        start = time.perf_counter()
        Evaluator().batch_evaluate(batch, certify=True, workers=1)
        print(f"whole evaluator in one process: {time.perf_counter() - start:.2f} s")

    pairs = [(c["seed_template"], "\n".join(t["text"] for t in c["turns"])) for c in batch]
    start = time.perf_counter()
    ours = [rouge_l_tokens(tokenize(seed), tokenize(text)) for seed, text in pairs]
    fast = time.perf_counter() - start

    scorer = rouge_scorer.RougeScorer(["rougeL"], tokenizer=UnicodeTokenizer())
    sample = pairs[: args.baseline]
    start = time.perf_counter()
    theirs = [scorer.score(seed, text)["rougeL"] for seed, text in sample]
    slow = (time.perf_counter() - start) * len(pairs) / len(sample)
    same = all(
        (a.precision, a.recall, a.fmeasure) == (b.precision, b.recall, b.fmeasure)
        for a, b in zip(ours, theirs, strict=False)
    )
    print(f"ROUGE-L alone, bit-parallel LCS: {fast:.2f} s")
    print(f"ROUGE-L alone, rouge-score loop: {slow:.1f} s (timed on {len(sample)}, scaled); "
          f"ratio {slow / fast:.0f}x; identical scores on the sample: {same}")


if __name__ == "__main__":
    main()
