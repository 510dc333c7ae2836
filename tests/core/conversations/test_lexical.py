"""Type-token ratio exactly as document 000 defines it, and MATTR beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from uncase_core.conversations.lexical import DEFAULT_MATTR_WINDOW, moving_average_ttr, ttr_tokens, type_token_ratio

SEED = Path("/work/shared/seeds/000_a683ac2fe97e64e2.txt")
DOC_000_SNIPPET = "El umbral de 0.55 garantiza que las conversaciones utilicen un vocabulario rico y variado"


def doc_000_ttr(text: str) -> float:
    """Document 000's own ``compute_ttr``, word for word (apart from N/A for no tokens)."""
    tokens = text.lower().split()
    return len(set(tokens)) / len(tokens) if tokens else 0.0


@pytest.mark.skipif(not SEED.exists(), reason="the seed document is not available here")
def test_ttr_equals_document_000_on_document_000_itself():
    text = SEED.read_text(encoding="utf-8")
    assert type_token_ratio(text) == doc_000_ttr(text)
    assert 0 < type_token_ratio(text) < 1


@pytest.mark.parametrize("text", [
    DOC_000_SNIPPET,
    "The cat and the dog. The END",
    "Hola, hola HOLA hola. ¿Qué tal?",
    "a\tb\nc  a\u00a0b",
])
def test_ttr_equals_document_000_definition(text):
    assert type_token_ratio(text) == doc_000_ttr(text)


def test_ttr_hand_computed():
    # the, cat, and, the, dog., the, end: 5 distinct of 7 (case folded, punctuation kept).
    assert ttr_tokens("The cat and the dog. The END") == ["the", "cat", "and", "the", "dog.", "the", "end"]
    assert type_token_ratio("The cat and the dog. The END") == 5 / 7
    assert type_token_ratio("dog dog.") == 1.0  # "dog." is not "dog": document 000 splits on spaces only
    assert type_token_ratio("Dog DOG dog") == 1 / 3
    assert type_token_ratio("a b c d a b c d a b") == 0.4


@pytest.mark.parametrize("text", ["", " ", "   \n\t  "])
def test_ttr_of_no_tokens_is_not_applicable(text):
    assert type_token_ratio(text) is None
    assert moving_average_ttr(text) is None
    assert moving_average_ttr(text, window=3) is None


@pytest.mark.parametrize("text", ["a b a c a", "The cat and the dog. The END", DOC_000_SNIPPET])
def test_mattr_equals_ttr_when_the_text_fits_in_one_window(text):
    assert len(ttr_tokens(text)) <= DEFAULT_MATTR_WINDOW
    assert moving_average_ttr(text) == type_token_ratio(text)


def test_mattr_window_equal_to_length_is_the_plain_ttr():
    assert moving_average_ttr("a b a c a", window=5) == type_token_ratio("a b a c a") == 3 / 5


def test_mattr_hand_computed_with_window_three():
    # Windows: [a b a] 2/3, [b a c] 3/3, [a c a] 2/3 -> mean 7/9.
    assert moving_average_ttr("a b a c a", window=3) == pytest.approx(7 / 9, abs=1e-15)
    # Windows: [a a b] 2/3, [a b b] 2/3, [b b c] 2/3, [b c d] 3/3 -> 9/12.
    assert moving_average_ttr("a a b b c d", window=3) == pytest.approx(9 / 12, abs=1e-15)
    # Window 1: every window has one type.
    assert moving_average_ttr("a a b b c d", window=1) == 1.0


def test_mattr_of_a_repetitive_text_is_low_and_of_a_varied_text_is_one():
    repetitive = "the car is good " * 50  # 200 tokens, 4 types
    varied = " ".join(f"word{i}" for i in range(200))
    assert moving_average_ttr(repetitive) == pytest.approx(4 / 50, abs=1e-15)
    assert moving_average_ttr(varied) == 1.0
    assert type_token_ratio(repetitive) == 4 / 200


def test_ttr_falls_with_length_where_mattr_stays_put():
    block = " ".join(f"w{i}" for i in range(DEFAULT_MATTR_WINDOW))  # 50 distinct words
    for copies in (1, 2, 4, 8):
        text = " ".join([block] * copies)
        assert type_token_ratio(text) == 1 / copies
        assert moving_average_ttr(text) == 1.0


@pytest.mark.parametrize("window", [0, -1, -50])
def test_invalid_window_is_rejected(window):
    with pytest.raises(ValueError, match="window"):
        moving_average_ttr("a b c", window=window)
