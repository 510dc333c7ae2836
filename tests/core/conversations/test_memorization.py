"""Memorization rate: word n-grams within turns found verbatim in the source texts."""

from __future__ import annotations

import pytest

from uncase_core.conversations.memorization import DEFAULT_NGRAM, memorization_rate, ngrams
from uncase_core.shared.tokenize import tokenize
from uncase_core.stats.proportions import wilson_interval


def words(prefix: str, count: int) -> str:
    return " ".join(f"{prefix}{i}" for i in range(count))


def test_default_n_is_eight():
    assert DEFAULT_NGRAM == 8


def test_ngrams():
    assert ngrams(["a", "b", "c", "d"], 2) == [("a", "b"), ("b", "c"), ("c", "d")]
    assert ngrams(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert ngrams(["a", "b"], 3) == []


def test_ngram_across_a_turn_boundary_is_not_counted():
    first, second = words("a", 10), words("b", 10)
    bridge = "a6 a7 a8 a9 b0 b1 b2 b3"  # the last four words of turn 0 and the first four of turn 1
    # The 8-gram does exist in the two turns read as one text ...
    joined = ngrams(tokenize(first + " " + second), 8)
    assert tuple(bridge.split()) in joined
    # ... but n-grams are taken within each turn: 3 + 3, none copied.
    rate = memorization_rate([first, second], [bridge])
    assert (rate.successes, rate.total, rate.unlabelled, rate.value) == (0, 6, 0, 0.0)


def test_rate_counts_copied_ngrams_exactly():
    turns = [words("a", 10), words("b", 10)]  # 3 + 3 eight-grams
    source = "Earlier: " + words("a", 9) + " and more"  # holds a0..a7 and a1..a8
    rate = memorization_rate(turns, [source])
    assert (rate.successes, rate.total, rate.unlabelled) == (2, 6, 0)
    assert rate.value == 2 / 6
    assert (rate.low, rate.high) == wilson_interval(2, 6)


def test_each_copied_ngram_counts_however_many_sources_hold_it():
    turns = [words("a", 9)]  # 2 eight-grams
    rate = memorization_rate(turns, [words("a", 8), words("a", 8), "unrelated text"])
    assert (rate.successes, rate.total, rate.value) == (1, 2, 0.5)


def test_matching_uses_the_rouge_tokenizer():
    turn = "Hello, WORLD! Our price is $25,000 for the niño's car."
    source = "hello world our price is 25 000 for the niño s car"
    assert tokenize(turn) == source.split()
    rate = memorization_rate([turn], [source])
    assert rate.total == len(source.split()) - 8 + 1
    assert rate.value == 1.0


def test_whole_conversation_copied():
    turns = [words("a", 12), words("b", 8)]  # 5 + 1
    rate = memorization_rate(turns, [" ".join(turns)])
    assert (rate.successes, rate.total, rate.value) == (6, 6, 1.0)


def test_other_n():
    rate = memorization_rate(["a b c d"], ["x c d y"], n=2)
    assert (rate.successes, rate.total) == (1, 3)
    with pytest.raises(ValueError, match="n must be"):
        memorization_rate(["a b c"], ["a b c"], n=0)


def test_no_source_texts_is_not_applicable():
    rate = memorization_rate([words("a", 10)], [])
    assert rate.value is None and rate.is_na
    assert (rate.successes, rate.total) == (0, 0)
    assert rate.unlabelled == 3  # the n-grams exist, there is just nothing to compare them with
    assert (rate.low, rate.high) == (None, None)


def test_turns_shorter_than_n_are_not_applicable():
    rate = memorization_rate(["one two three", "four five six seven"], ["one two three four five six seven"])
    assert rate.value is None
    assert (rate.successes, rate.total, rate.unlabelled) == (0, 0, 0)


def test_no_turns_is_not_applicable():
    assert memorization_rate([], [words("a", 20)]).value is None
