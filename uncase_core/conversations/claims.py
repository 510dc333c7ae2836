"""Checkable claims in agent turns, pre-labelled against a knowledge base.

A claim is a sentence of an agent turn that states something one can check: a number, a
price, a percentage, a date or a name. Each is matched with the knowledge-base fact that
shares the most content words with it; then it is *verified* when its figures all appear
in that fact, *not verified* when it gives a figure the fact contradicts, and left
unlabelled when no fact speaks about it. Every label says why, and people override them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from uncase_core.conversations.model import Claim, Conversation
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.tokenize import split_words

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CURRENCY = re.compile(r"[$€£¥₩₹]|\b(?:usd|eur|mxn|brl|pesos?|euros?|dollars?|dólares|reais)\b", re.IGNORECASE)
_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre".split()
)
STOPWORDS = frozenset(
    # English
    "a an the and or but if of to in on at by for with from as is are was were be been it its this that these "
    "those you your we our i my me he she they them their there here what which who whom how when where why "
    "do does did can could will would should may might must have has had not no yes so than then also just "
    "about into over under up down out more most very all any some each other such only own same too "
    # Spanish
    "el la los las un una unos unas y o pero si de del al a en con por para como es son era fue ser está "
    "están esta este estos estas ese esa eso lo le les se su sus tu tus mi mis nos nuestro nuestra usted "
    "ustedes que qué cual cuál quien cómo cuando cuándo donde dónde porque también ya muy más menos todo "
    "toda todos todas otro otra hay tiene tienen puede pueden no sí sin sobre entre hasta desde".split()
)
MIN_SHARED_WORDS = 2


@dataclass(frozen=True)
class ClaimCheck:
    """A claim with its label and the reason for it (``matched_fact`` may be empty)."""

    claim: Claim
    source: str  # "given" (in the file) or "extracted"
    reason: str  # "agrees", "contradicts", "no_fact", "no_figures", "given"
    matched_fact: str = ""


_THOUSANDS = re.compile(r"\d{1,3}(?:[.,]\d{3})+")


def normalize_number(text: str) -> str:
    digits = text.replace(",", "").replace(".", "") if _THOUSANDS.fullmatch(text) else text
    return digits.replace(",", ".")


def figures(text: str) -> set[str]:
    """The numbers a sentence states, normalized so "25,000", "25.000" and "25000" agree."""
    return {normalize_number(match) for match in _NUMBER.findall(text)}


_ACCENTS = "áàâäãåéèêëíìîïóòôöõúùûüçñÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ"
_PLAIN = "aaaaaaeeeeiiiiooooouuuucnAAAAAAEEEEIIIIOOOOOUUUUCN"
_FOLD = MappingProxyType(str.maketrans(_ACCENTS, _PLAIN))


_FOLDED_STOPWORDS = frozenset(word.translate(_FOLD) for word in STOPWORDS)
_MONTH = re.compile(r"\b(?:" + "|".join(sorted(_MONTHS)) + r")\b", re.IGNORECASE)
# A capitalized word of two letters or more after a space: a name, not the sentence's first
# word and not the pronoun "I".
_NAME = re.compile(r"\s[\"'(¿¡“‘«]*[A-ZÀ-ÖØ-Þ][^\W\d_]+(?![\w'’])")


def content_words(text: str) -> set[str]:
    """Lowercased words that carry meaning, accents folded so "garantía" meets "garantia"."""
    folded = unicodedata.normalize("NFC", text.lower()).translate(_FOLD)  # as uncase_core.shared.tokenize does
    return _meaningful(set(split_words(folded)))


def content_words_of_tokens(tokens: Iterable[str]) -> set[str]:
    """:func:`content_words` of text already split by :func:`uncase_core.shared.tokenize.tokenize`."""
    return _meaningful({token.translate(_FOLD) for token in set(tokens)})


def _meaningful(words: set[str]) -> set[str]:
    return {w for w in words - _FOLDED_STOPWORDS if len(w) > 2 and not w.isdigit()}


def is_checkable(sentence: str) -> bool:
    """States a number, an amount, a date or a name (a capitalized word not opening the sentence)."""
    return bool(_NUMBER.search(sentence) or _CURRENCY.search(sentence) or _MONTH.search(sentence)
                or _NAME.search(sentence))


def extract_claims(conversation: Conversation) -> list[Claim]:
    """Checkable sentences of the agent's turns, in order, unlabelled."""
    return [
        Claim(index, sentence, None)
        for index, turn in enumerate(conversation.turns)
        if turn.role == "agent"
        for sentence in split_sentences(turn.text)
        if is_checkable(sentence)
    ]


def label_claim(
    claim: Claim, knowledge_base: Sequence[str], fact_words: Sequence[set[str]] | None = None
) -> ClaimCheck:
    """Pre-label one claim against the knowledge base (see the module docstring).

    ``fact_words`` are the facts' content words, when already worked out for many claims.
    """
    words = content_words(claim.text)
    if fact_words is None:
        fact_words = [content_words(fact) for fact in knowledge_base]
    best, best_shared = "", 0
    for fact, known in zip(knowledge_base, fact_words, strict=True):
        shared = len(words & known)
        if shared > best_shared:
            best, best_shared = fact, shared
    if best_shared < MIN_SHARED_WORDS:
        return ClaimCheck(claim, "extracted", "no_fact")
    stated = figures(claim.text)
    if not stated:
        return ClaimCheck(Claim(claim.turn, claim.text, None, claim.extra), "extracted", "no_figures", best)
    agrees = stated <= figures(best)
    return ClaimCheck(Claim(claim.turn, claim.text, agrees, claim.extra), "extracted",
                      "agrees" if agrees else "contradicts", best)


def check_claims(conversation: Conversation) -> list[ClaimCheck]:
    """The claims to score: the file's own (labels as given) or extracted and pre-labelled."""
    if conversation.claims is not None:
        return [ClaimCheck(claim, "given", "given") for claim in conversation.claims]
    fact_words = [content_words(fact) for fact in conversation.knowledge_base]
    return [label_claim(claim, conversation.knowledge_base, fact_words) for claim in extract_claims(conversation)]
