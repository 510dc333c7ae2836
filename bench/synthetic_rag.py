"""A seeded synthetic RAG dataset of any size, for benchmarks."""

from __future__ import annotations

import random

from uncase_core.rag.cases import RagCase, RagDataset, Unit


def _label(rng: random.Random, p_true: float, p_missing: float = 0.05) -> bool | None:
    roll = rng.random()
    if roll < p_missing:
        return None
    return rng.random() < p_true


def synthetic_dataset(cases: int, seed: int = 7) -> RagDataset:
    """``cases`` cases of 5 passages, 5 claims and 4 facts, labels drawn with a fixed seed."""
    rng = random.Random(seed)
    built = []
    for i in range(cases):
        passages = tuple(Unit(f"p{j}", f"passage {j} of case {i}", {"relevant": _label(rng, 0.7)}) for j in range(5))
        claims = tuple(
            Unit(f"c{j}", f"claim {j}", {"supported": _label(rng, 0.8), "correct": _label(rng, 0.8)}) for j in range(5)
        )
        facts = tuple(Unit(f"f{j}", f"fact {j}", {"covered": _label(rng, 0.75)}) for j in range(4))
        built.append(RagCase(f"case-{i:04d}", f"question {i}", passages, "answer", claims, facts,
                             {"split": rng.choice(["dev", "held-out"])}))
    return RagDataset(tuple(built), "jsonl")
