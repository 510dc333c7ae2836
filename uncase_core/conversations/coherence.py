"""Deterministic coherence checks, one rule for each failure kind of document 000.

- ``agent_contradiction``: the agent gives a value (an amount, a number of months, a
  percentage...) for something it already gave a different value for.
- ``customer_knowledge``: the customer states a figure from the knowledge base that no
  earlier turn told them.
- ``role_confusion``: the agent speaks with the customer's phrases ("I'd like to buy"),
  or the customer with the agent's ("how can I help you").
- ``topic_drift``: a turn of some length shares no content word with the topic (the seed
  template, the knowledge base and the opening turn).

Each flag names its rule and the evidence. They are pre-labels: ``turn_labels`` in the
file and the person labelling override them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from uncase_core.conversations.claims import (
    STOPWORDS,
    content_words,
    content_words_of_tokens,
    figures,
    normalize_number,
)
from uncase_core.conversations.model import Conversation, TurnLabel
from uncase_core.shared.tokenize import tokenize

# The number before a unit starts where no digit (or digit and separator) comes before it, and is
# taken whole (possessive): the matches are the same as without, but a long run of digits costs
# linear time instead of a retry from every digit.
_QUANTITY = re.compile(
    r"(?P<pre>[$€£])\s?(?P<num>\d+(?:[.,]\d+)*)"
    r"|(?<!\d)(?<!\d[.,])(?P<num2>\d++(?:[.,]\d+)*+)\s?"
    r"(?P<unit>%|€|euros?|dollars?|dólares|pesos?|reais|months?|meses|mes|years?|"
    r"años?|days?|días?|weeks?|semanas?|km|kilómetros|kilometers|miles|millas|gb|mb|hours?|horas?)(?!\w)",
    re.IGNORECASE,
)
_UNIT_GROUPS = {
    "$": "money", "€": "money", "£": "money", "euro": "money", "euros": "money", "dollar": "money",
    "dollars": "money", "dólares": "money", "peso": "money", "pesos": "money", "reais": "money",
    "%": "percent", "month": "months", "months": "months", "meses": "months", "mes": "months",
    "year": "years", "years": "years", "año": "years", "años": "years", "day": "days", "days": "days",
    "día": "days", "días": "days", "week": "weeks", "weeks": "weeks", "semana": "weeks", "semanas": "weeks",
    "km": "distance", "kilómetros": "distance", "kilometers": "distance", "miles": "distance",
    "millas": "distance", "gb": "data", "mb": "data", "hour": "hours", "hours": "hours", "hora": "hours",
    "horas": "hours",
}
CUSTOMER_PHRASES = (
    "i'd like to buy", "i would like to buy", "i want to buy", "i'm looking to buy", "i am looking for a",
    "for my family", "my budget is", "can you give me a discount", "quiero comprar", "me gustaría comprar",
    "estoy buscando un", "para mi familia", "mi presupuesto es", "¿me puede hacer un descuento",
)
AGENT_PHRASES = (
    "how can i help you", "how may i help you", "our policy", "we offer", "i can offer you", "our dealership",
    "thank you for contacting", "¿en qué puedo ayudarle", "¿en qué le puedo ayudar", "en qué puedo ayudarte",
    "nuestra política", "le ofrecemos", "te ofrecemos", "nuestro concesionario", "gracias por contactar",
)
DRIFT_MIN_WORDS = 6
_CONTEXT_WORDS = 5


@dataclass(frozen=True)
class TurnFlag:
    """A rule that fired on a turn: ``evidence`` in English, ``details`` for translated messages."""

    turn: int
    rule: str  # one of conversations.COHERENCE_ISSUES
    evidence: str
    details: Mapping[str, str] = field(default_factory=dict, compare=False)  # the same facts as evidence


@dataclass(frozen=True)
class TurnCheck:
    """A turn's coherence label, where it came from, and the rules that fired."""

    turn: int
    coherent: bool | None
    source: str  # "rules" or "given"
    flags: tuple[TurnFlag, ...] = ()


# Cutting the text just after one of these characters splits its tokens exactly (the tokens before
# the cut, then those after): each is a separator for the tokenizer, has no NFC composition with
# what follows, and is not case-ignorable (str.lower() looks across those to pick a final sigma).
# tests/core/shared/test_bad_inputs.py checks every one against the Unicode database.
_CUT_AFTER = " \t\n\r\f\v!\"#$%&()*+,-/;?@[\\]_{|}~€£¥¢¡¿«»–—“”…،؛؟、。，！？；「」『』（）"
# Symbols and emoji, as (first, last) code points; white space (``\s``) is safe too.
_CUT_AFTER_RANGES = ((0x2600, 0x2775), (0x2794, 0x27BF), (0x1F300, 0x1F3FA), (0x1F400, 0x1F64F), (0x1F680, 0x1F6FF),
                    (0x1F900, 0x1F9FF))
_CUT_AFTER_UNLESS_SIGMA = ".:'^`"  # case-ignorable: safe when the text has no "Σ"
_CUT_AFTER_UNLESS_OVERLAY = "=<>"  # compose with U+0338 ("≠", "≮", "≯"): safe without it


def _cut_pattern(sigma: bool, overlay: bool) -> re.Pattern[str]:
    chars = _CUT_AFTER + ("" if sigma else _CUT_AFTER_UNLESS_SIGMA) + ("" if overlay else _CUT_AFTER_UNLESS_OVERLAY)
    ranges = "".join(f"{chr(first)}-{chr(last)}" for first, last in _CUT_AFTER_RANGES)
    return re.compile("[" + "".join(re.escape(char) for char in chars) + ranges + r"\s]")


# By whether the text holds a "Σ" and whether it holds a U+0338.
_CUT_PATTERNS = MappingProxyType({(sigma, overlay): _cut_pattern(sigma, overlay)
                                  for sigma in (False, True) for overlay in (False, True)})


def _content_words_before(text: str, starts: Sequence[int]) -> list[str]:
    """For each position of ``starts`` (increasing), the last content word of the text before it ("" if none).

    The same as tokenizing ``text[:start]`` for each start, but each stretch of text is tokenized
    once (between safe cuts), so a long turn full of amounts takes linear time, not quadratic.
    """
    pattern = _CUT_PATTERNS["Σ" in text, "\u0338" in text]
    cuts = [match.end() for match in pattern.finditer(text)]
    pos, last, result = 0, "", []
    for start in starts:
        index = bisect_right(cuts, start) - 1
        cut = cuts[index] if index >= 0 else 0
        if cut > pos:
            words = [w for w in tokenize(text[pos:cut]) if w not in STOPWORDS and not w.isdigit()]
            last = words[-1] if words else last
            pos = cut
        tail = [w for w in tokenize(text[pos:start]) if w not in STOPWORDS and not w.isdigit()]
        result.append(tail[-1] if tail else last)
    return result


def _quantities(text: str) -> list[tuple[str, str, str]]:
    """``(unit group, subject word, value)`` for each amount; the subject is the content word before it."""
    matches = list(_QUANTITY.finditer(text))
    subjects = _content_words_before(text, [match.start() for match in matches])
    found = []
    for match, subject in zip(matches, subjects, strict=True):
        value = match.group("num") or match.group("num2")
        unit = (match.group("pre") or match.group("unit") or "").lower()
        group = _UNIT_GROUPS.get(unit, unit)
        # Normalized as claims are, so "37.000", "37,000" and "37000" agree and "1,5" stays 1.5.
        found.append((group, subject if len(subject) > 2 else "", normalize_number(value)))
    return found


def _agent_contradictions(conversation: Conversation) -> list[TurnFlag]:
    flags, said = [], {}
    for index, turn in enumerate(conversation.turns):
        if turn.role != "agent":
            continue
        for group, subject, value in _quantities(turn.text):
            key = (group, subject)
            if subject and key in said and said[key][1] != value:
                earlier_turn, earlier_value = said[key]
                flags.append(TurnFlag(index, "agent_contradiction",
                                      f"{subject}: {value} here, {earlier_value} in turn {earlier_turn}",
                                      {"subject": subject, "value": value, "earlier_value": earlier_value,
                                       "earlier_turn": str(earlier_turn)}))
            else:
                said.setdefault(key, (index, value))
    return flags


def _customer_knowledge(conversation: Conversation) -> list[TurnFlag]:
    known_facts = set().union(*(figures(fact) for fact in conversation.knowledge_base)) \
        if conversation.knowledge_base else set()
    flags, told = [], set()
    for index, turn in enumerate(conversation.turns):
        stated = figures(turn.text)
        if turn.role == "customer":
            unexplained = sorted((stated & known_facts) - told)
            if unexplained:
                flags.append(TurnFlag(index, "customer_knowledge",
                                      f"mentions {', '.join(unexplained)} before anyone said it",
                                      {"figures": ", ".join(unexplained)}))
        told |= stated
    return flags


def _role_confusion(conversation: Conversation) -> list[TurnFlag]:
    flags = []
    for index, turn in enumerate(conversation.turns):
        lowered = turn.text.lower().replace("’", "'")
        phrases = CUSTOMER_PHRASES if turn.role == "agent" else AGENT_PHRASES
        hit = next((p for p in phrases if p in lowered), None)
        if hit:
            other = "customer" if turn.role == "agent" else "agent"
            flags.append(TurnFlag(index, "role_confusion", f'the {turn.role} speaks as the {other}: "{hit}"',
                                  {"role": turn.role, "other": other, "phrase": hit}))
    return flags


def _topic_drift(conversation: Conversation, turn_tokens: Sequence[Sequence[str]] | None = None) -> list[TurnFlag]:
    if not conversation.turns:
        return []
    if turn_tokens is None:
        turn_tokens = [tokenize(turn.text) for turn in conversation.turns]
    turn_words = [content_words_of_tokens(tokens) for tokens in turn_tokens]
    topic = content_words(conversation.seed_text) | content_words(" ".join(conversation.knowledge_base))
    topic |= turn_words[0]
    flags = []
    for index, words in enumerate(turn_words):
        if len(words) >= DRIFT_MIN_WORDS and not words & topic:
            flags.append(TurnFlag(index, "topic_drift", "shares no content word with the topic"))
    return flags


def check_turns(conversation: Conversation, turn_tokens: Sequence[Sequence[str]] | None = None) -> list[TurnCheck]:
    """Every turn's label: the file's ``turn_labels`` where given, else the rules' verdict.

    ``turn_tokens`` are the turns already tokenized, when the caller has them.
    """
    flags: dict[int, list[TurnFlag]] = {}
    found = [*_agent_contradictions(conversation), *_customer_knowledge(conversation),
             *_role_confusion(conversation), *_topic_drift(conversation, turn_tokens)]
    for flag in found:
        flags.setdefault(flag.turn, []).append(flag)
    given: dict[int, TurnLabel] = {label.turn: label for label in conversation.turn_labels}
    checks = []
    for index in range(len(conversation.turns)):
        turn_flags = tuple(flags.get(index, ()))
        if index in given:
            checks.append(TurnCheck(index, given[index].coherent, "given", turn_flags))
        else:
            checks.append(TurnCheck(index, not turn_flags, "rules", turn_flags))
    return checks
