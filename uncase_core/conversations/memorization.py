"""Memorization: how much of a conversation appears word for word in what the generator saw."""

from __future__ import annotations

from collections.abc import Sequence

from uncase_core.shared.tokenize import tokenize
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion

DEFAULT_NGRAM = 8


def ngrams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]


def memorization_rate(
    turn_texts: Sequence[str],
    source_texts: Sequence[str],
    n: int = DEFAULT_NGRAM,
    confidence: float = DEFAULT_CONFIDENCE,
) -> Proportion:
    """Share of the conversation's word ``n``-grams found verbatim in ``source_texts``.

    N-grams are taken within each turn (a turn boundary never joins two turns' words),
    with the ROUGE-L tokenizer. Without source texts, or with no turn long enough to hold
    an ``n``-gram, the rate is N/A (value None): the gate cannot be checked.
    """
    copied, total = copied_ngrams(turn_texts, source_texts, n)
    if not source_texts:
        return Proportion.from_counts(0, 0, total, confidence)
    return Proportion.from_counts(copied, total, 0, confidence)


def copied_ngrams(turn_texts: Sequence[str], source_texts: Sequence[str], n: int = DEFAULT_NGRAM) -> tuple[int, int]:
    """``(copied, total)``: the conversation's ``n``-grams found in the source texts, and all of them."""
    return copied_ngrams_in_tokens([tokenize(text) for text in turn_texts], source_texts, n)


def copied_ngrams_in_tokens(
    turn_tokens: Sequence[Sequence[str]], source_texts: Sequence[str], n: int = DEFAULT_NGRAM
) -> tuple[int, int]:
    """:func:`copied_ngrams` for turns already tokenized (with :func:`uncase_core.shared.tokenize.tokenize`)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    grams = [gram for tokens in turn_tokens for gram in ngrams(tokens, n)]
    if not source_texts or not grams:
        return 0, len(grams)
    seen = {gram for text in source_texts for gram in ngrams(tokenize(text), n)}
    return sum(1 for gram in grams if gram in seen), len(grams)
