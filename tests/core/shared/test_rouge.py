"""ROUGE-L: Lin (2004) oracles, equality with rouge-score, the bit-parallel LCS, Unicode, bands."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer

from uncase_core.shared.rouge import RougeScore, compute_rouge_l, lcs_length, rouge_band, rouge_l_tokens
from uncase_core.shared.tokenize import UnicodeTokenizer, tokenize

REFERENCE = "police killed the gunman"


def f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall)


def plain_lcs(a: list[str], b: list[str]) -> int:
    """Textbook O(len(a) * len(b)) dynamic programme, the oracle for the bit-parallel version."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i, x in enumerate(a, start=1):
        for j, y in enumerate(b, start=1):
            table[i][j] = table[i - 1][j - 1] + 1 if x == y else max(table[i - 1][j], table[i][j - 1])
    return table[-1][-1]


# ------------------------------------------------------------------ Lin 2004, section 3


def test_lin_2004_first_candidate_shares_three_of_four_words():
    # "police kill the gunman": LCS = police, the, gunman (3) over 4 words on both sides.
    score = compute_rouge_l(reference=REFERENCE, hypothesis="police kill the gunman")
    assert score == RougeScore(0.75, 0.75, 0.75)
    assert lcs_length(tokenize(REFERENCE), tokenize("police kill the gunman")) == 3


def test_lin_2004_second_candidate_shares_two_words_in_order():
    # "the gunman kill police": only "the gunman" is in the reference's order (LCS 2).
    score = compute_rouge_l(reference=REFERENCE, hypothesis="the gunman kill police")
    assert score == RougeScore(0.5, 0.5, 0.5)
    assert lcs_length(tokenize(REFERENCE), tokenize("the gunman kill police")) == 2


def test_lin_2004_ranks_the_first_candidate_above_the_second():
    first = compute_rouge_l(REFERENCE, "police kill the gunman").fmeasure
    second = compute_rouge_l(REFERENCE, "the gunman kill police").fmeasure
    assert first > second


def test_precision_is_over_the_hypothesis_and_recall_over_the_reference():
    # LCS 3; the hypothesis has 5 tokens, the reference 4.
    score = compute_rouge_l(reference=REFERENCE, hypothesis="police kill the gunman yesterday")
    assert score.precision == 3 / 5
    assert score.recall == 3 / 4
    assert score.fmeasure == pytest.approx(f1(3 / 5, 3 / 4), abs=1e-15)
    assert score.fmeasure == pytest.approx(2 / 3, abs=1e-15)
    assert rouge_l_tokens(tokenize(REFERENCE), tokenize("police kill the gunman yesterday")) == score
    swapped = compute_rouge_l(reference="police kill the gunman yesterday", hypothesis=REFERENCE)
    assert (swapped.precision, swapped.recall) == (3 / 4, 3 / 5)


def test_identical_texts_score_one_and_disjoint_texts_zero():
    assert compute_rouge_l("the car is red", "The car, is RED!") == RougeScore(1.0, 1.0, 1.0)
    assert compute_rouge_l("the car is red", "a bike was blue") == RougeScore(0.0, 0.0, 0.0)


def test_score_to_dict():
    assert compute_rouge_l(REFERENCE, "police kill the gunman").to_dict() == {
        "precision": 0.75, "recall": 0.75, "fmeasure": 0.75}


# ------------------------------------------------------------------ equality with rouge-score

ASCII_WORDS = [
    "police", "Police", "POLICE", "killed", "kill", "the", "The", "gunman", "gun-man", "car", "price",
    "$25,000", "25", "000", "3.5", "42", "2024", "don't", "U.S.", "e-mail", "hello!", "(yes)", "no?",
    "snake_case", "x", "A", "...", "--", "#1", "100%", "a/b", "ok;", "'quoted'", "\"q\"", "tab\tsep",
    "new\nline", "CamelCase", "MiXeD", "9:00", "@home", "+34", "~", "",
]
ascii_sentences = st.lists(st.sampled_from(ASCII_WORDS), max_size=30).map(" ".join)
# Also plain printable ASCII noise, including characters a word list would not think of.
ascii_noise = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=60)
ascii_text = st.one_of(ascii_sentences, ascii_noise)
_ROUGE_SCORE = rouge_scorer.RougeScorer(["rougeL"])


@settings(max_examples=300, deadline=None)
@given(reference=ascii_text, hypothesis=ascii_text)
def test_equals_rouge_scores_own_default_scorer_on_ascii(reference, hypothesis):
    ours = compute_rouge_l(reference=reference, hypothesis=hypothesis)
    theirs = _ROUGE_SCORE.score(reference, hypothesis)["rougeL"]
    assert (ours.precision, ours.recall, ours.fmeasure) == (theirs.precision, theirs.recall, theirs.fmeasure)


@settings(max_examples=200, deadline=None)
@given(text=ascii_text)
def test_tokenizer_equals_rouge_scores_default_on_ascii(text):
    assert UnicodeTokenizer().tokenize(text) == _ROUGE_SCORE._tokenizer.tokenize(text)


def test_rouge_scores_default_tokenizer_really_breaks_spanish():
    # Why the Unicode tokenizer exists: the default turns "niño" into "ni", "o".
    assert _ROUGE_SCORE._tokenizer.tokenize("niño") == ["ni", "o"]
    assert tokenize("niño") == ["niño"]


# ------------------------------------------------------------------ bit-parallel LCS

UNICODE_VOCAB = ["el", "él", "niño", "nino", "está", "esta", "aquí", "straße", "ñ", "日本", "ça", "x", "1", "25"]
free_token = st.text(alphabet=st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=3)
token_lists = st.lists(st.one_of(st.sampled_from(UNICODE_VOCAB), free_token), max_size=90)


class SpaceTokenizer:
    """Tokens exactly as joined by the test: lets rouge-score see any Unicode token list."""

    def tokenize(self, text: str) -> list[str]:
        return text.split()


@settings(max_examples=300, deadline=None)
@given(reference=token_lists, hypothesis=token_lists)
def test_bit_parallel_equals_rouge_score_on_random_token_lists(reference, hypothesis):
    expected = compute_rouge_l(" ".join(reference), " ".join(hypothesis), tokenizer=SpaceTokenizer())
    assert rouge_l_tokens(reference, hypothesis) == expected
    assert lcs_length(reference, hypothesis) == plain_lcs(reference, hypothesis)


@settings(max_examples=100, deadline=None)
@given(reference=st.lists(st.sampled_from(UNICODE_VOCAB), max_size=40),
       hypothesis=st.lists(st.sampled_from(UNICODE_VOCAB), max_size=40))
def test_bit_parallel_equals_compute_rouge_l_with_the_default_tokenizer(reference, hypothesis):
    # Every vocabulary word tokenizes to itself, so the token lists are what compute_rouge_l sees.
    assert all(tokenize(word) == [word] for word in UNICODE_VOCAB)
    assert rouge_l_tokens(reference, hypothesis) == compute_rouge_l(" ".join(reference), " ".join(hypothesis))


def test_bit_parallel_lcs_beyond_one_machine_word():
    a = [f"w{i}" for i in range(200)]
    b = a[::2] + ["x"] * 50 + a[1::2]
    assert lcs_length(a, b) == plain_lcs(a, b) == 100 + 1
    assert lcs_length(a, a) == 200
    assert lcs_length(a, list(reversed(a))) == 1


# ------------------------------------------------------------------ Unicode


def test_spanish_accents_are_kept():
    assert tokenize("él está aquí") == ["él", "está", "aquí"]
    assert tokenize("niño") == ["niño"]
    assert compute_rouge_l("él está aquí", "el esta aqui") == RougeScore(0.0, 0.0, 0.0)
    assert compute_rouge_l("el niño está aquí", "El niño está AQUÍ.") == RougeScore(1.0, 1.0, 1.0)
    # One accent differs: three of four words match.
    assert compute_rouge_l("el niño está aquí", "el nino está aquí").fmeasure == 0.75


def test_decomposed_accents_equal_composed_ones():
    composed = "caf\u00e9 ol\u00e9"
    decomposed = "cafe\u0301 ole\u0301"
    assert composed != decomposed
    assert unicodedata.normalize("NFC", decomposed) == composed
    assert tokenize(decomposed) == tokenize(composed) == ["café", "olé"]
    assert compute_rouge_l(composed, decomposed) == RougeScore(1.0, 1.0, 1.0)


def test_underscore_and_punctuation_separate_tokens():
    assert tokenize("snake_case, x-y; 3.5") == ["snake", "case", "x", "y", "3", "5"]


@pytest.mark.parametrize(("reference", "hypothesis"), [
    ("", ""), ("", "some words"), ("some words", ""), ("   \n", "words"), ("!!! ...", "words"), ("words", "¿¡—!"),
])
def test_empty_texts_score_zero(reference, hypothesis):
    assert compute_rouge_l(reference, hypothesis) == RougeScore(0.0, 0.0, 0.0)
    assert rouge_l_tokens(tokenize(reference), tokenize(hypothesis)) == RougeScore(0.0, 0.0, 0.0)


def test_empty_token_lists():
    assert lcs_length([], ["a"]) == lcs_length(["a"], []) == 0
    assert rouge_l_tokens([], []) == RougeScore(0.0, 0.0, 0.0)


# ------------------------------------------------------------------ bands


@pytest.mark.parametrize(("fmeasure", "band"), [
    (0.0, "drift"), (0.49, "drift"), (0.4999, "drift"),
    (0.50, "borderline"), (0.64, "borderline"), (0.6499, "borderline"),
    (0.65, "good"), (0.70, "good"), (0.80, "good"),
    (0.8001, "copy_risk"), (0.81, "copy_risk"), (1.0, "copy_risk"),
])
def test_rouge_band_boundaries(fmeasure, band):
    assert rouge_band(fmeasure) == band
